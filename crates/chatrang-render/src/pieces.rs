//! Pieces on squares and in camps: one sprite per square, or a stack (Chromopolis) drawn as the
//! top piece and the one below it in opposite corners, bound pieces crossed by cords, and a
//! count; a camp the last move entered is framed.

use super::font::{self, Fonts};
use super::layout::Layout;
use super::palette::{self, Rgba};
use super::rect::PixelRect;
use super::shapes;
use super::sprites::{SpriteCache, SpriteSheet};
use super::surface::Surface;
use chatrang_rules::{BoardView, Color, Geometry, PieceView, Square};

/// Draws one piece filling `cell`'s sprite box (sprites are square, the size of the sheet).
pub fn draw_piece(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sheet: &SpriteSheet,
    piece: &PieceView,
    x: i32,
    y: i32,
) {
    match sheet.get(&piece.kind, piece.color) {
        Some(sprite) => canvas.blit(sprite, x, y),
        None => {
            // A kind we have no art for: a token with the piece's letter.
            canvas.blit(sheet.generic(piece.color), x, y);
            let s = sheet.size as f32;
            let ink = match piece.color {
                Color::White => Rgba::opaque(20, 20, 21),
                Color::Black => Rgba::opaque(235, 230, 220),
            };
            let letter: String = piece.symbol.chars().take(2).collect();
            let size = if letter.chars().count() > 1 {
                s * 0.3
            } else {
                s * 0.42
            };
            font::draw_centered(
                canvas,
                &fonts.bold,
                size,
                x as f32 + s * 0.5,
                y as f32 + s * 0.48,
                ink,
                &letter,
            );
        }
    }
}

/// Every piece of the view on its square(s), grouped into stacks.
pub fn draw_board_pieces(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sprites: &SpriteCache,
    layout: &Layout,
    geometry: &Geometry,
    view: &BoardView,
) {
    let sheets = StackSheets::for_square(sprites, layout.square);
    let mut squares: Vec<Square> = Vec::new();
    for (square, _) in &view.pieces {
        if geometry.contains(*square) && !squares.contains(square) {
            squares.push(*square);
        }
    }
    for square in squares {
        let stack: Vec<&PieceView> = view
            .pieces
            .iter()
            .filter(|(s, _)| *s == square)
            .map(|(_, p)| p)
            .collect();
        for cell in layout.square_rects(square) {
            draw_stack(canvas, fonts, &sheets, cell, &stack);
        }
    }
}

/// A square's pieces. One piece fills the square (crossed by cords if bound). A stack shows its
/// top piece smaller in the upper right (the last unbound one, else the last bound one), the
/// next bound piece as large in the lower left, cords on every bound piece shown, and the
/// number of pieces in a badge in the lower right.
fn draw_stack(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sheets: &StackSheets,
    cell: PixelRect,
    stack: &[&PieceView],
) {
    let Some(top_index) = stack
        .iter()
        .rposition(|p| !p.bound)
        .or(stack.len().checked_sub(1))
    else {
        return;
    };
    let top = stack[top_index];
    if stack.len() == 1 {
        draw_piece(canvas, fonts, &sheets.full, top, cell.x, cell.y);
        if top.bound {
            cords(canvas, cell);
        }
        return;
    }
    // The piece below first, in the lower left on a light disc, then the top piece in the
    // upper right: the two overlap only at a corner, so both can be recognised.
    let under = stack
        .iter()
        .enumerate()
        .rev()
        .find(|&(i, p)| i != top_index && p.bound)
        .or_else(|| {
            stack
                .iter()
                .enumerate()
                .rev()
                .find(|&(i, _)| i != top_index)
        });
    let (top_box, under_box) = stack_boxes(cell);
    if let Some((_, under)) = under {
        let small = sheets.small.size;
        let (x, y) = (under_box.x, under_box.y);
        canvas.fill_circle(
            x as f32 + small as f32 / 2.0,
            y as f32 + small as f32 / 2.0,
            small as f32 * 0.5,
            Rgba(255, 255, 255, 90),
        );
        draw_piece(canvas, fonts, &sheets.small, under, x, y);
        if under.bound {
            cords(
                canvas,
                PixelRect {
                    x,
                    y,
                    w: small,
                    h: small,
                },
            );
        }
    }
    let big = sheets.top.size;
    let (tx, ty) = (top_box.x, top_box.y);
    draw_piece(canvas, fonts, &sheets.top, top, tx, ty);
    if top.bound {
        cords(
            canvas,
            PixelRect {
                x: tx,
                y: ty,
                w: big,
                h: big,
            },
        );
    }
    count_badge(canvas, fonts, cell, stack.len());
}

/// The sprite sizes a square may need: the whole square, and the two pieces of a stack (the
/// same size, in opposite corners).
pub struct StackSheets {
    pub full: std::sync::Arc<SpriteSheet>,
    pub top: std::sync::Arc<SpriteSheet>,
    pub small: std::sync::Arc<SpriteSheet>,
}

impl StackSheets {
    pub fn for_square(sprites: &SpriteCache, square: u32) -> StackSheets {
        StackSheets {
            full: sprites.sheet(square),
            top: sprites.sheet(stack_top_size(square)),
            small: sprites.sheet(stack_top_size(square)),
        }
    }
}

/// Where the two pieces shown of a stack go in `cell`: the top one in the upper right, the
/// one below in the lower left.
pub fn stack_boxes(cell: PixelRect) -> (PixelRect, PixelRect) {
    let size = stack_top_size(cell.w);
    let top = PixelRect {
        x: cell.x + (cell.w - size) as i32,
        y: cell.y,
        w: size,
        h: size,
    };
    let under = PixelRect {
        x: cell.x + 1,
        y: cell.y + (cell.h - size) as i32 - 1,
        w: size,
        h: size,
    };
    (top, under)
}

/// The size of the top piece of a stack: small enough that the piece below, half a square
/// in the opposite corner, is hardly covered.
pub fn stack_top_size(square: u32) -> u32 {
    square * 5 / 8 / 2 * 2
}

/// Two cords tied across a bound piece.
pub fn cords(canvas: &mut dyn Surface, cell: PixelRect) {
    let s = cell.w as f32;
    let (x, y) = (cell.x as f32, cell.y as f32);
    let w = (s * 0.05).max(2.0);
    for (a, b) in [((0.2, 0.3), (0.8, 0.75)), ((0.8, 0.3), (0.2, 0.75))] {
        let from = (x + a.0 * s, y + a.1 * s);
        let to = (x + b.0 * s, y + b.1 * s);
        canvas.line(from, to, palette::WHITE_SIDE, w + 2.0);
        canvas.line(from, to, palette::BOUND, w);
    }
}

/// A round badge in the lower-right corner with the number of pieces on the square.
pub fn count_badge(canvas: &mut dyn Surface, fonts: &Fonts, cell: PixelRect, count: usize) {
    let s = cell.w as f32;
    let r = s * 0.17;
    let (cx, cy) = (cell.x as f32 + s - r - 2.0, cell.y as f32 + s - r - 2.0);
    canvas.fill_circle(cx, cy, r + 1.5, palette::WHITE_SIDE);
    canvas.fill_circle(cx, cy, r, palette::BOUND);
    let text = if count > 99 {
        "99+".to_string()
    } else {
        count.to_string()
    };
    let size = if text.len() > 1 { r * 1.05 } else { r * 1.4 };
    font::draw_centered(
        canvas,
        &fonts.bold,
        size,
        cx,
        cy,
        palette::WHITE_SIDE,
        &text,
    );
}

/// Katarenga camps: a cell beyond each corner with its owner's border and label, the camped
/// pawn inside; and a bar along the board's edge between two camps of one owner (its baseline).
pub fn draw_outside(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    sprites: &SpriteCache,
    layout: &Layout,
    view: &BoardView,
) {
    let sheet = sprites.sheet(layout.square);
    for slot in &view.outside {
        let Some(cell) = layout.outside_rect(slot.beside) else {
            continue;
        };
        let owner = side_colour(slot.owner);
        canvas.fill_rect(cell.x, cell.y, cell.w, cell.h, owner);
        canvas.fill_rect(
            cell.x + 4,
            cell.y + 4,
            cell.w - 8,
            cell.h - 8,
            Rgba::opaque(86, 90, 98),
        );
        if slot.last_move {
            // The camp the last move entered, framed like the square the pawn left.
            let inner = PixelRect {
                x: cell.x + 4,
                y: cell.y + 4,
                w: cell.w - 8,
                h: cell.h - 8,
            };
            shapes::frame(
                canvas,
                inner,
                palette::LAST_MOVE_FRAME,
                (cell.w / 14).max(3),
            );
        }
        if let Some(piece) = &slot.piece {
            draw_piece(canvas, fonts, &sheet, piece, cell.x, cell.y);
        } else {
            // The label, one word a line (at most three lines).
            let size = layout.camp_text_size.unwrap_or(layout.label_size);
            let words: Vec<&str> = slot.label.split_whitespace().take(3).collect();
            let (cx, cy) = cell.center();
            let top = cy - (words.len() as f32 - 1.0) * size * 0.6;
            for (i, word) in words.iter().enumerate() {
                let word = font::fit(&fonts.regular, size, word, cell.w as f32 - 10.0);
                font::draw_centered(
                    canvas,
                    &fonts.regular,
                    size,
                    cx,
                    top + i as f32 * size * 1.2,
                    palette::TEXT,
                    &word,
                );
            }
        }
    }
    // Baselines: an edge of the board both of whose corners hold camps of one owner.
    let board = layout.board;
    let bar = (layout.square / 12).max(4);
    for (i, a) in view.outside.iter().enumerate() {
        for b in &view.outside[i + 1..] {
            if a.owner != b.owner || a.beside == b.beside {
                continue;
            }
            let (Some(ra), Some(rb)) = (layout.square_rect(a.beside), layout.square_rect(b.beside))
            else {
                continue;
            };
            let colour = side_colour(a.owner);
            if ra.y == rb.y {
                let y = if ra.y == board.y {
                    board.y - bar as i32 - 2
                } else {
                    board.y + board.h as i32 + 2
                };
                canvas.fill_rect(board.x, y, board.w, bar, colour);
            } else if ra.x == rb.x {
                let x = if ra.x == board.x {
                    board.x - bar as i32 - 2
                } else {
                    board.x + board.w as i32 + 2
                };
                canvas.fill_rect(x, board.y, bar, board.h, colour);
            }
        }
    }
}

pub fn side_colour(color: Color) -> Rgba {
    match color {
        Color::White => palette::WHITE_SIDE,
        Color::Black => palette::BLACK_SIDE,
    }
}
