//! The text around the board: the header line above, the legend of fairy pieces below, and the
//! Pick-a-team pool panel beside it.

use super::font::{self, Fonts};
use super::layout::{HEADER_SIZE, ICON, LABEL_SIZE, Layout, LegendItem, MAX_POOL};
use super::palette::{self, Rgba};
use super::pieces::draw_piece;
use super::rect::PixelRect;
use super::sprites::{Decor, SpriteCache, SpriteSheet};
use super::surface::Surface;
use chatrang_rules::BoardView;

pub fn draw_header(canvas: &mut dyn Surface, fonts: &Fonts, layout: &Layout, view: &BoardView) {
    let Some(rect) = layout.header else {
        return;
    };
    let _ = view;
    for (i, line) in layout.header_lines.iter().enumerate() {
        let baseline = rect.y as f32 + 8.0 + 28.0 * i as f32 + 14.0 + HEADER_SIZE * 0.36;
        font::draw(
            canvas,
            &fonts.bold,
            HEADER_SIZE,
            rect.x as f32,
            baseline,
            palette::TEXT,
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
    let mut last_y = None;
    for placed in &layout.legend {
        match &placed.item {
            LegendItem::Piece(e) => {
                let piece = chatrang_rules::PieceView {
                    kind: e.kind.clone(),
                    name: e.name.clone(),
                    symbol: e.symbol.clone(),
                    color: e.color,
                    bound: false,
                };
                icon_plate(canvas, &sheet, placed.x, placed.y + 2);
                draw_piece(canvas, fonts, &sheet, &piece, placed.x, placed.y + 2);
            }
            LegendItem::Mark(mark) => {
                let cell = PixelRect {
                    x: placed.x,
                    y: placed.y + 2,
                    w: ICON,
                    h: ICON,
                };
                canvas.fill_rect(cell.x, cell.y, cell.w, cell.h, palette::LIGHT_SQUARE);
                if let Some(sprite) = sheet.decor(Decor::Mark(*mark, false)) {
                    canvas.blit(sprite, cell.x, cell.y);
                }
            }
        }
        let label = font::fit(&fonts.regular, LABEL_SIZE, &placed.item.label(), 300.0);
        let baseline = placed.y as f32 + 2.0 + ICON as f32 / 2.0 + LABEL_SIZE * 0.36;
        font::draw(
            canvas,
            &fonts.regular,
            LABEL_SIZE,
            (placed.x + ICON as i32 + 6) as f32,
            baseline,
            palette::TEXT,
            &label,
        );
        last_y = Some(placed.y);
    }
    if layout.legend_more > 0 {
        let y = last_y.map_or(layout.board.y + layout.board.h as i32 + 4, |y| y + 42);
        let text = format!("… and {} more piece types", layout.legend_more);
        font::draw(
            canvas,
            &fonts.regular,
            LABEL_SIZE,
            12.0,
            y as f32 + 24.0,
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

pub fn draw_pool(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sprites: &SpriteCache,
    layout: &Layout,
    view: &BoardView,
) {
    let Some(rect) = layout.pool else {
        return;
    };
    canvas.fill_rect(rect.x, rect.y, rect.w, rect.h, Rgba::opaque(54, 57, 63));
    let title = format!("Pool: {} to pick", view.pool.len());
    font::draw(
        canvas,
        &fonts.bold,
        17.0,
        rect.x as f32 + 10.0,
        rect.y as f32 + 23.0,
        palette::TEXT,
        &title,
    );
    let sheet = sprites.sheet(ICON);
    let column_w = rect.w / layout.pool_columns.max(1);
    for (i, piece) in view.pool.iter().take(MAX_POOL).enumerate() {
        let column = i as u32 / layout.pool_rows.max(1);
        let row = i as u32 % layout.pool_rows.max(1);
        let x = rect.x + (column * column_w) as i32 + 8;
        let y = rect.y + 34 + (row * 42) as i32;
        icon_plate(canvas, &sheet, x, y + 2);
        draw_piece(canvas, fonts, &sheet, piece, x, y + 2);
        let label = if piece.symbol.is_empty() {
            piece.name.clone()
        } else {
            format!("{} ({})", piece.name, piece.symbol)
        };
        let label = font::fit(
            &fonts.regular,
            LABEL_SIZE,
            &label,
            (column_w - ICON - 22) as f32,
        );
        let baseline = y as f32 + 2.0 + ICON as f32 / 2.0 + LABEL_SIZE * 0.36;
        font::draw(
            canvas,
            &fonts.regular,
            LABEL_SIZE,
            (x + ICON as i32 + 6) as f32,
            baseline,
            palette::TEXT,
            &label,
        );
    }
}
