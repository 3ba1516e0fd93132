//! The board as Unicode text, for the console and for screen readers: the header, one line per
//! rank with the side at the bottom chosen by the caller, file letters, then what a picture
//! shows besides pieces (last move, check, camps, chain, pool, legend). Pieces are chess symbols
//! (orthodox kinds) or their whole symbol, one or two letters (capital for White): a board
//! with a two-letter piece gives every square two characters and a space, so that the Pao (C),
//! Chinese Nightrider (CN) and Chinese Pawn (CP) are told apart as the legend names them.
//! `·` an empty square, `#` a missing one, `◌` a pit, a digit after a piece the size of its
//! stack, `*` a bound piece; Katarenga squares carry their colour letter (r y g b) in front.

use std::fmt::Write as _;

use super::legend;
use chatrang_rules::{BoardView, Color, Geometry, Mark, PieceView, Square, Tile};

/// The files left to right and the ranks top to bottom as a reader with `orientation`'s side
/// at the bottom meets them: the text board and the board in words read in the same order.
pub(crate) fn reading_order(geometry: &Geometry, orientation: Color) -> (Vec<u8>, Vec<u8>) {
    let mut files: Vec<u8> = (0..geometry.files()).collect();
    let mut ranks: Vec<u8> = (0..geometry.ranks()).rev().collect();
    if orientation == Color::Black {
        files.reverse();
        ranks.reverse();
    }
    (files, ranks)
}

/// The view as text with `orientation`'s side at the bottom. Never fails: a view without a
/// board gives just its header and a note.
pub fn text_board(view: &BoardView, orientation: Color) -> String {
    let mut out = String::new();
    let header: String = view.header.trim().chars().take(200).collect();
    if !header.is_empty() {
        let _ = writeln!(out, "{header}");
    }
    let Some(geometry) = &view.geometry else {
        out.push_str("(no board)\n");
        return out;
    };
    let (files, ranks) = reading_order(geometry, orientation);
    // On coloured boards (Katarenga) the colour under a piece matters, so each square gets its
    // colour letter in front: "r♙" is a White pawn on red.
    let coloured = view.tiles.iter().any(|&(_, t)| t != Tile::Pit);
    let width = glyph_width(view);
    for &rank in &ranks {
        let _ = write!(out, "{:>2} ", rank + 1);
        for &file in &files {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            let exists = geometry.contains(square);
            if coloured {
                out.push(if exists {
                    tile_letter(view, square).unwrap_or(' ')
                } else {
                    ' '
                });
            }
            out.push_str(&cell(view, exists, square, coloured, width));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for &file in &files {
        if coloured {
            out.push(' ');
        }
        out.push((b'a' + file) as char);
        out.push_str(&" ".repeat(width));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    if geometry.wraps_files() {
        let last = (b'a' + geometry.files() - 1) as char;
        let _ = writeln!(out, "The files wrap around: a is next to {last}.");
    }
    notes(&mut out, view);
    out
}

/// The colour letter of a Katarenga square.
fn tile_letter(view: &BoardView, square: Square) -> Option<char> {
    match view.tiles.iter().rev().find(|(s, _)| *s == square)?.1 {
        Tile::Red => Some('r'),
        Tile::Yellow => Some('y'),
        Tile::Green => Some('g'),
        Tile::Blue => Some('b'),
        Tile::Pit => Some('◌'),
    }
}

/// How many characters the widest piece of the board needs: 1, or 2 when a piece is written
/// with a two-letter symbol.
fn glyph_width(view: &BoardView) -> usize {
    view.pieces
        .iter()
        .map(|(_, p)| glyph(p).chars().count())
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_SYMBOL)
}

/// The longest symbol written on a square; a longer one (none of the games has one) is cut.
const MAX_SYMBOL: usize = 2;

/// One square as `width` characters and one more: a piece (with a stack count) or what lies
/// there, padded. On coloured boards the colour is written separately, so an empty square is
/// just a dot.
fn cell(view: &BoardView, exists: bool, square: Square, coloured: bool, width: usize) -> String {
    let pad = |c: char| format!("{c}{}", " ".repeat(width));
    if !exists {
        return pad('#');
    }
    let here: Vec<&PieceView> = view
        .pieces
        .iter()
        .filter(|(s, _)| *s == square)
        .map(|(_, p)| p)
        .collect();
    if let Some(top) = here.iter().rev().find(|p| !p.bound).or(here.last()) {
        let mut s = format!("{:<width$}", glyph(top));
        if here.len() > 1 {
            s.push(char::from_digit(here.len().min(9) as u32, 10).unwrap_or('+'));
        } else if top.bound {
            s.push('*');
        } else {
            s.push(' ');
        }
        return s;
    }
    if let Some(&(_, mark)) = view.marks.iter().find(|(s, _)| *s == square) {
        let c = match mark {
            Mark::Move => '•',
            Mark::Capture => '×',
            Mark::MoveOrCapture => '⊕',
            Mark::Hop => '○',
            Mark::Partner => '◆',
            Mark::Defend => '◇',
            Mark::Force => '✶',
            Mark::Origin => '□',
        };
        return pad(c);
    }
    let c = if coloured {
        '·'
    } else {
        tile_letter(view, square).unwrap_or('·')
    };
    pad(c)
}

/// Chess symbols for the orthodox kinds, the piece's symbol (one or two letters) for the
/// others: capitals for White.
pub(crate) fn glyph(piece: &PieceView) -> String {
    let white = piece.color == Color::White;
    let chess = match piece.kind.as_str() {
        "king" => Some(('♔', '♚')),
        "queen" => Some(('♕', '♛')),
        "rook" => Some(('♖', '♜')),
        "bishop" => Some(('♗', '♝')),
        "knight" => Some(('♘', '♞')),
        "pawn" => Some(('♙', '♟')),
        _ => None,
    };
    if let Some((w, b)) = chess {
        return if white { w } else { b }.to_string();
    }
    let symbol: String = piece
        .symbol
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .take(MAX_SYMBOL)
        .collect();
    let symbol = if symbol.is_empty() {
        "?".to_string()
    } else {
        symbol
    };
    if white {
        symbol.to_uppercase()
    } else {
        symbol.to_lowercase()
    }
}

fn notes(out: &mut String, view: &BoardView) {
    let list = |squares: &[Square]| {
        squares
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !view.last_move.is_empty() {
        let _ = writeln!(out, "Last move: {}", list(&view.last_move));
    }
    if !view.check.is_empty() {
        let _ = writeln!(out, "Check: {}", list(&view.check));
    }
    let bound: Vec<String> = view
        .pieces
        .iter()
        .filter(|(_, p)| p.bound)
        .map(|(s, p)| format!("{} {} on {s}", p.color, p.name))
        .collect();
    if !bound.is_empty() {
        let _ = writeln!(out, "Bound (*): {}", bound.join(", "));
    }
    for slot in &view.outside {
        let content = slot
            .piece
            .as_ref()
            .map_or("empty".to_string(), |p| format!("{} {}", p.color, p.name));
        // "camp for White" already names its owner; say the owner only where it does not.
        let owner = if slot.label.contains(&slot.owner.to_string()) {
            String::new()
        } else {
            format!(" ({})", slot.owner)
        };
        let _ = writeln!(
            out,
            "{}{owner} beyond {}: {}",
            slot.label, slot.beside, content
        );
    }
    if !view.arrows.is_empty() {
        let chain: Vec<String> = view
            .arrows
            .iter()
            .map(|(a, b)| format!("{a}→{b}"))
            .collect();
        let _ = writeln!(out, "Chain: {}", chain.join(", "));
    }
    if !view.hints.is_empty() {
        let hints: Vec<String> = view.hints.iter().map(|(a, b)| format!("{a}→{b}")).collect();
        let _ = writeln!(out, "Hint: {}", hints.join(", "));
    }
    if !view.pool.is_empty() {
        let names: Vec<String> = view
            .pool
            .iter()
            .map(|p| format!("{} ({})", p.name, p.symbol))
            .collect();
        let _ = writeln!(out, "Pool ({}): {}", names.len(), names.join(", "));
    }
    let legend = legend::entries(view);
    if !legend.is_empty() {
        let names: Vec<String> = legend
            .iter()
            .map(|e| format!("{} = {}", e.symbol, e.name))
            .collect();
        let _ = writeln!(out, "Pieces: {}", names.join(", "));
    }
}
