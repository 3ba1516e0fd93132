//! The board itself: squares (light, dark, Katarenga colours with their movement signs,
//! Catalonia pits, holes as void), the last-move and check highlights, and the coordinates.
//! The signs, pits and the check glow are sprites of the sheet (drawn by [`super::shapes`]).

use super::font::{self, Fonts};
use super::layout::Layout;
use super::palette::{self, Rgba};
use super::rect::PixelRect;
use super::shapes;
use super::sprites::{Decor, SpriteSheet};
use super::surface::Surface;
use chatrang_rules::{BoardView, Geometry, Mark, Square, Tile};

/// Squares, tiles and highlights: everything that lies under the pieces.
pub fn draw_squares(
    canvas: &mut dyn Surface,
    sheet: &SpriteSheet,
    layout: &Layout,
    geometry: &Geometry,
    view: &BoardView,
) {
    let decor = |canvas: &mut dyn Surface, d: Decor, cell: PixelRect| {
        if let Some(sprite) = sheet.decor(d) {
            canvas.blit(sprite, cell.x, cell.y);
        }
    };
    for (row, &rank) in layout.rows.iter().enumerate() {
        for (column, &file) in layout.columns.iter().enumerate() {
            let cell = layout.cell(column, row);
            let Some(square) = Square::new(file, rank).filter(|&s| geometry.contains(s)) else {
                canvas.fill_rect(cell.x, cell.y, cell.w, cell.h, palette::VOID);
                continue;
            };
            let tile = tile_at(view, square);
            let base = tile.map_or(palette::square(file, rank), palette::tile);
            canvas.fill_rect(cell.x, cell.y, cell.w, cell.h, base);
            match tile {
                Some(Tile::Pit) => decor(canvas, Decor::Pit, cell),
                Some(t) => decor(canvas, Decor::Sign(t), cell),
                None => {}
            }
        }
    }
    for &square in &view.last_move {
        if tile_at(view, square).is_some_and(|t| t != Tile::Pit) {
            // A tint would change a Katarenga colour, which matters for play: frame it instead.
            for cell in layout
                .square_rects(square)
                .filter(|_| geometry.contains(square))
            {
                shapes::frame(canvas, cell, palette::LAST_MOVE_FRAME, (cell.w / 14).max(3));
            }
        } else {
            tint(canvas, layout, geometry, square, palette::LAST_MOVE);
            // A thin dark frame too, so the last move is seen without telling colours apart.
            for cell in layout
                .square_rects(square)
                .filter(|_| geometry.contains(square))
            {
                shapes::frame(canvas, cell, palette::LAST_MOVE_EDGE, (cell.w / 30).max(2));
            }
        }
    }
    for &(square, mark) in &view.marks {
        if mark == Mark::Origin {
            tint(canvas, layout, geometry, square, palette::ORIGIN);
        }
    }
    for &square in &view.check {
        if !geometry.contains(square) {
            continue;
        }
        for cell in layout.square_rects(square) {
            decor(canvas, Decor::Check, cell);
        }
    }
}

/// The tile of a square, if the view gives one (the last one wins).
pub fn tile_at(view: &BoardView, square: Square) -> Option<Tile> {
    view.tiles
        .iter()
        .rev()
        .find(|(s, _)| *s == square)
        .map(|&(_, t)| t)
}

fn tint(
    canvas: &mut dyn Surface,
    layout: &Layout,
    geometry: &Geometry,
    square: Square,
    color: Rgba,
) {
    if !geometry.contains(square) {
        return;
    }
    for cell in layout.square_rects(square) {
        canvas.fill_rect(cell.x, cell.y, cell.w, cell.h, color);
    }
}

/// File letters under the board and rank numbers to its left.
pub fn draw_coordinates(canvas: &mut dyn Surface, layout: &Layout, fonts: &Fonts) {
    let size = layout.coordinate_size;
    let band = layout.band as f32;
    let board = layout.board;
    let below = board.y as f32 + board.h as f32 + band / 2.0;
    for (column, &file) in layout.columns.iter().enumerate() {
        let (cx, _) = layout.cell(column, 0).center();
        let letter = ((b'a' + file) as char).to_string();
        font::draw_centered(
            canvas,
            &fonts.bold,
            size,
            cx,
            below,
            palette::COORDINATES,
            &letter,
        );
    }
    let left = board.x as f32 - band / 2.0;
    for (row, &rank) in layout.rows.iter().enumerate() {
        let (_, cy) = layout.cell(0, row).center();
        let number = (rank + 1).to_string();
        font::draw_centered(
            canvas,
            &fonts.bold,
            size,
            left,
            cy,
            palette::COORDINATES,
            &number,
        );
    }
}

/// A light veil over the copy of a cylinder's first file (drawn at the right), so that it reads
/// as a copy; holes stay void.
pub fn veil_repeated_column(canvas: &mut dyn Surface, layout: &Layout, geometry: &Geometry) {
    if !layout.repeated_column {
        return;
    }
    let column = layout.columns.len() - 1;
    for (row, &rank) in layout.rows.iter().enumerate() {
        let exists =
            Square::new(layout.columns[column], rank).is_some_and(|s| geometry.contains(s));
        if exists {
            let cell = layout.cell(column, row);
            canvas.fill_rect(cell.x, cell.y, cell.w, cell.h, palette::REPEAT_VEIL);
        }
    }
}
