//! How the service turns a [`BoardView`] into pictures. The service receives a painter when it
//! is built, so the real renderer plugs in without the service knowing it; [`TextPainter`]
//! draws text only and serves tests and the console until then.

use crate::rules::{BoardView, Color, Mark, Square};

/// Draws boards. Called on tokio's blocking pool, so it may take its time.
pub trait BoardPainter: Send + Sync {
    /// A PNG picture of the board seen from `orientation`'s side, or why it could not be drawn.
    /// A painter without pictures returns `Err`, and replies go without an image.
    fn png(&self, view: &BoardView, orientation: Color) -> Result<Vec<u8>, String>;

    /// The board as monospaced text.
    fn text(&self, view: &BoardView, orientation: Color) -> String;
}

/// Text boards only: upper-case letters for White, lower case for Black, `.` for an empty
/// square, `*` for a marked empty square, blank for a hole in the board.
#[derive(Copy, Clone, Debug, Default)]
pub struct TextPainter;

impl BoardPainter for TextPainter {
    fn png(&self, _view: &BoardView, _orientation: Color) -> Result<Vec<u8>, String> {
        Err("this painter draws text only".to_string())
    }

    fn text(&self, view: &BoardView, orientation: Color) -> String {
        text_board(view, orientation)
    }
}

/// Renders a board as text; shared by [`TextPainter`] and any painter that wants it.
pub fn text_board(view: &BoardView, orientation: Color) -> String {
    let mut out = String::new();
    if !view.header.is_empty() {
        out.push_str(&view.header);
        out.push('\n');
    }
    let Some(geometry) = &view.geometry else {
        return out;
    };
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let rank_order: Vec<u8> = match orientation {
        Color::White => (0..ranks).rev().collect(),
        Color::Black => (0..ranks).collect(),
    };
    let file_order: Vec<u8> = match orientation {
        Color::White => (0..files).collect(),
        Color::Black => (0..files).rev().collect(),
    };
    for &rank in &rank_order {
        out.push_str(&format!("{:>2} ", rank + 1));
        for &file in &file_order {
            let cell = Square::new(file, rank)
                .map(|sq| cell_text(view, geometry.contains(sq), sq))
                .unwrap_or(' ');
            out.push(' ');
            out.push(cell);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &file in &file_order {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    for slot in &view.outside {
        let piece = slot
            .piece
            .as_ref()
            .map_or("empty".to_string(), |p| p.name.clone());
        out.push_str(&format!("{}: {piece}\n", slot.label));
    }
    if !view.pool.is_empty() {
        let names: Vec<&str> = view.pool.iter().map(|p| p.name.as_str()).collect();
        out.push_str(&format!("To pick: {}\n", names.join(", ")));
    }
    out
}

fn cell_text(view: &BoardView, on_board: bool, sq: Square) -> char {
    if !on_board {
        return ' ';
    }
    if let Some((_, piece)) = view.pieces.iter().rev().find(|(s, _)| *s == sq) {
        let letter = piece.symbol.chars().next().unwrap_or('?');
        return match piece.color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter.to_ascii_lowercase(),
        };
    }
    if view
        .marks
        .iter()
        .any(|(s, m)| *s == sq && *m != Mark::Origin)
    {
        return '*';
    }
    '.'
}

/// The real painter: PNG pictures from [`crate::render`] and its Unicode text board.
#[derive(Copy, Clone, Debug, Default)]
pub struct RenderPainter;

impl BoardPainter for RenderPainter {
    fn png(&self, view: &BoardView, orientation: Color) -> Result<Vec<u8>, String> {
        crate::render::Renderer::global()
            .png(view, orientation)
            .map_err(|e| e.to_string())
    }

    fn text(&self, view: &BoardView, orientation: Color) -> String {
        crate::render::text_board(view, orientation)
    }
}
