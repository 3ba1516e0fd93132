//! The icon of each legend item, drawn the way the board draws the thing it explains (the same
//! sprite, mark variant, tile, arrow, cords or badge), so that legend and board match.

use super::font::Fonts;
use super::key::LegendItem;
use super::overlay::{self, ArrowKind};
use super::palette;
use super::pieces::{self, draw_piece};
use super::rect::PixelRect;
use super::sprites::{Decor, SpriteSheet};
use super::surface::Surface;
use chatrang_rules::{Color, PieceView};

/// Draws the icon of `item` with its top left at (`x`, `y`), one sheet's size square.
pub fn draw(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sheet: &SpriteSheet,
    item: &LegendItem,
    x: i32,
    y: i32,
) {
    let size = sheet.size;
    let cell = PixelRect {
        x,
        y,
        w: size,
        h: size,
    };
    let decor = |canvas: &mut dyn Surface, d: Decor| {
        if let Some(sprite) = sheet.decor(d) {
            canvas.blit(sprite, x, y);
        }
    };
    let square = |canvas: &mut dyn Surface, color| canvas.fill_rect(x, y, size, size, color);
    match item {
        LegendItem::Piece(entry) => {
            decor(canvas, Decor::Plate);
            let piece = PieceView {
                kind: entry.kind.clone(),
                name: entry.name.clone(),
                symbol: entry.symbol.clone(),
                color: entry.color,
                bound: false,
            };
            draw_piece(canvas, fonts, sheet, &piece, x, y);
        }
        LegendItem::Mark(mark, occupied) => {
            square(canvas, palette::LIGHT_SQUARE);
            if *occupied {
                // As on the board: the mark around a piece standing there.
                draw_piece(canvas, fonts, sheet, &sample(Color::Black), x, y);
            }
            decor(canvas, Decor::Mark(*mark, *occupied));
        }
        LegendItem::Tile(tile, _) => {
            square(canvas, palette::tile(*tile));
            decor(canvas, Decor::Sign(*tile));
        }
        LegendItem::Pit => {
            square(canvas, palette::PIT_FLOOR);
            decor(canvas, Decor::Pit);
        }
        LegendItem::Chain | LegendItem::Hint => {
            square(canvas, palette::LIGHT_SQUARE);
            let kind = if *item == LegendItem::Chain {
                ArrowKind::Chain
            } else {
                ArrowKind::Hint
            };
            let s = size as f32;
            let (x, y) = (x as f32, y as f32);
            // Drawn for squares a little smaller than the icon, so that it fits inside it.
            let from = (x - s * 0.03, y + s * 0.5);
            let to = (x + s * 1.1, y + s * 0.5);
            overlay::arrow(canvas, from, to, s * 0.6, kind);
        }
        LegendItem::Bound => {
            square(canvas, palette::LIGHT_SQUARE);
            let piece = PieceView {
                bound: true,
                ..sample(Color::White)
            };
            draw_piece(canvas, fonts, sheet, &piece, x, y);
            pieces::cords(canvas, cell);
        }
        LegendItem::Stack => {
            square(canvas, palette::LIGHT_SQUARE);
            pieces::count_badge(canvas, fonts, cell, 2);
        }
        LegendItem::Repeated => {
            square(canvas, palette::LIGHT_SQUARE);
            canvas.fill_rect(x, y, size, size, palette::REPEAT_VEIL);
        }
    }
}

/// A plain pawn, to show a mark or cords on a piece.
fn sample(color: Color) -> PieceView {
    PieceView {
        kind: "pawn".into(),
        name: "Pawn".into(),
        symbol: "P".into(),
        color,
        bound: false,
    }
}
