//! The text around the board: the header above (wrapped onto as many lines as it needs), the
//! names of the edges, and under the board the Pick-a-team pool and the legend, at the sizes
//! the layout chose for the picture's width.

use super::font::{self, Fonts};
use super::grid::{ICON, pool_label};
use super::key_icons;
use super::layout::Layout;
use super::palette::{self, Rgba};
use super::pieces::draw_piece;
use super::sprites::{Decor, SpriteCache, SpriteSheet};
use super::surface::Surface;
use super::wrap;

pub fn draw_header(canvas: &mut dyn Surface, fonts: &Fonts, layout: &Layout) {
    let Some(rect) = layout.header else {
        return;
    };
    let line_h = layout.header_line_height();
    for (i, line) in layout.header_lines.iter().enumerate() {
        let baseline = rect.y as f32 + 10.0 + line_h * i as f32 + line_h * 0.75;
        font::draw(
            canvas,
            &fonts.bold,
            layout.header_size,
            rect.x as f32,
            baseline,
            palette::TEXT,
            line,
        );
    }
}

/// The names of the edges (Katarenga's compass), each beside its edge.
pub fn draw_edge_names(canvas: &mut dyn Surface, fonts: &Fonts, layout: &Layout) {
    for label in &layout.edge_labels {
        font::draw_centered(
            canvas,
            &fonts.bold,
            layout.edge_size(),
            label.x,
            label.y,
            palette::TEXT,
            &label.text,
        );
    }
}

/// A label beside an icon whose top left is (`x`, `y`), on two lines if it needs them.
fn label_beside_icon(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    layout: &Layout,
    (x, y): (i32, i32),
    text: &str,
    max_width: f32,
    color: Rgba,
) {
    let size = layout.label_size;
    // One line, or two when it does not fit (the second shortened if it still does not).
    let mut lines = wrap::lines(&fonts.regular, size, text, max_width);
    if lines.len() > 2 {
        let rest = lines[1..].join(" ");
        lines.truncate(1);
        lines.push(font::fit(&fonts.regular, size, &rest, max_width));
    }
    let line_h = size * 1.15;
    let first = y as f32 + ICON as f32 / 2.0 + size * 0.36
        - line_h * lines.len().saturating_sub(1) as f32 / 2.0;
    for (i, line) in lines.iter().enumerate() {
        font::draw(
            canvas,
            &fonts.regular,
            size,
            (x + ICON as i32 + 8) as f32,
            first + line_h * i as f32,
            color,
            line,
        );
    }
}

pub fn draw_legend(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sprites: &SpriteCache,
    layout: &Layout,
) {
    let sheet = sprites.sheet(ICON);
    for placed in &layout.legend {
        let (x, y) = (placed.x, placed.y + 2);
        key_icons::draw(canvas, fonts, &sheet, &placed.item, x, y);
        label_beside_icon(
            canvas,
            fonts,
            layout,
            (x, y),
            &placed.item.label(layout.drafting),
            layout.legend_label_width,
            palette::TEXT,
        );
    }
    if layout.legend_more > 0 {
        let text = format!("… and {} more piece types", layout.legend_more);
        font::draw(
            canvas,
            &fonts.regular,
            layout.label_size,
            12.0,
            layout.legend_more_y as f32 + 26.0,
            palette::TEXT,
            &text,
        );
    }
}

/// A light disc behind an icon, so Black icons show on the dark background.
fn icon_plate(canvas: &mut dyn Surface, sheet: &SpriteSheet, x: i32, y: i32) {
    if let Some(plate) = sheet.decor(Decor::Plate) {
        canvas.blit(plate, x, y);
    }
}

pub fn draw_pool(canvas: &mut dyn Surface, fonts: &Fonts, sprites: &SpriteCache, layout: &Layout) {
    let Some(rect) = layout.pool else {
        return;
    };
    canvas.fill_rect(rect.x, rect.y, rect.w, rect.h, palette::POOL_PANEL);
    let left: usize = layout.pool_entries.iter().map(|e| e.count).sum();
    let mut title = format!("Pool: {left} to pick");
    if layout.pool_entries.iter().any(|e| e.dimmed) {
        title.push_str(" · dimmed: not now");
    }
    font::draw(
        canvas,
        &fonts.bold,
        layout.label_size + 1.0,
        rect.x as f32 + 10.0,
        rect.y as f32 + layout.label_size * 1.6,
        palette::TEXT,
        &title,
    );
    let sheet = sprites.sheet(ICON);
    for entry in &layout.pool_entries {
        icon_plate(canvas, &sheet, entry.x, entry.y + 2);
        draw_piece(canvas, fonts, &sheet, &entry.piece, entry.x, entry.y + 2);
        if entry.dimmed {
            canvas.fill_rect(entry.x, entry.y + 2, ICON, ICON, palette::POOL_VEIL);
        }
        label_beside_icon(
            canvas,
            fonts,
            layout,
            (entry.x, entry.y + 2),
            &pool_label(&entry.piece, entry.count),
            layout.pool_label_width,
            if entry.dimmed {
                palette::DIM_TEXT
            } else {
                palette::TEXT
            },
        );
    }
}
