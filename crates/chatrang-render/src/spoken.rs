//! The board in words, for screen readers and for anyone without the picture: `/board text`
//! reads it rank by rank ("rank 8: a8 black rook, b8 black knight, empty squares c8 to f8"),
//! `/pieces` says where each piece of a side stands, and a picture's alt text counts the
//! material. Only names, colours and squares: no symbol has to be looked up in a legend.

use std::fmt::Write as _;

use crate::text_board::reading_order;
use chatrang_rules::{BoardView, Color, Mark, PieceView, Square, Tile};

/// The whole board in words, rank by rank from the top of a board seen from `orientation`'s
/// side, then what lies beside it (camps, the draft's pool) and the last move.
pub fn board_in_words(view: &BoardView, orientation: Color) -> String {
    let mut out = String::new();
    let header = view.header.trim();
    if !header.is_empty() {
        let _ = writeln!(out, "{}.", header.trim_end_matches('.'));
    }
    let Some(geometry) = &view.geometry else {
        out.push_str("There is no board.\n");
        return out;
    };
    let (files, ranks) = reading_order(geometry, orientation);
    let coloured = view.tiles.iter().any(|&(_, t)| t != Tile::Pit);
    for &rank in &ranks {
        let mut parts: Vec<String> = Vec::new();
        let mut empty: Vec<Square> = Vec::new();
        let flush = |empty: &mut Vec<Square>, parts: &mut Vec<String>| {
            match empty.as_slice() {
                [] => {}
                [one] => parts.push(format!("empty square {one}")),
                [first, .., last] => parts.push(format!("empty squares {first} to {last}")),
            }
            empty.clear();
        };
        for &file in &files {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            if !geometry.contains(square) {
                flush(&mut empty, &mut parts);
                continue;
            }
            match square_words(view, square, coloured) {
                Some(words) => {
                    flush(&mut empty, &mut parts);
                    parts.push(words);
                }
                None => empty.push(square),
            }
        }
        let all_empty = parts.is_empty() && !empty.is_empty();
        flush(&mut empty, &mut parts);
        let line = if all_empty {
            "empty".to_string()
        } else {
            parts.join(", ")
        };
        let _ = writeln!(out, "rank {}: {line}", rank + 1);
    }
    if geometry.wraps_files() {
        let last = (b'a' + geometry.files() - 1) as char;
        let _ = writeln!(out, "The files wrap around: a is next to {last}.");
    }
    for slot in &view.outside {
        let content = slot.piece.as_ref().map_or("empty".to_string(), piece_words);
        let _ = writeln!(
            out,
            "{} of {}, beyond {}: {content}.",
            slot.label, slot.owner, slot.beside
        );
    }
    if !view.pool.is_empty() {
        let names: Vec<&str> = view.pool.iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(out, "Pool to draft from: {}.", names.join(", "));
    }
    if let Some(last) = last_move_words(view) {
        let _ = writeln!(out, "Last move: {last}.");
    }
    for &square in &view.check {
        let _ = writeln!(out, "In check: {}.", on_square(view, square));
    }
    out
}

/// What stands on a square, or what marks it, in words; `None` for a plain empty square.
fn square_words(view: &BoardView, square: Square, coloured: bool) -> Option<String> {
    let here: Vec<&PieceView> = view
        .pieces
        .iter()
        .filter(|(s, _)| *s == square)
        .map(|(_, p)| p)
        .collect();
    let colour = coloured
        .then(|| tile_word(view, square))
        .flatten()
        .map(|c| format!(" on {c}"))
        .unwrap_or_default();
    if !here.is_empty() {
        let pieces: Vec<String> = here.iter().rev().map(|p| piece_words(p)).collect();
        return Some(format!("{square} {}{colour}", pieces.join(" over ")));
    }
    if let Some(&(_, mark)) = view.marks.iter().find(|(s, _)| *s == square) {
        return Some(format!("{square} {}{colour}", mark_words(mark)));
    }
    if view
        .tiles
        .iter()
        .any(|&(s, t)| s == square && t == Tile::Pit)
    {
        return Some(format!("{square} a pit"));
    }
    coloured.then(|| format!("{square} empty{colour}"))
}

/// "white pawn", "black knight (bound)".
fn piece_words(piece: &PieceView) -> String {
    let name = piece.name.to_lowercase();
    if piece.bound {
        format!("{} {name} (bound)", side_word(piece.color))
    } else {
        format!("{} {name}", side_word(piece.color))
    }
}

fn side_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn tile_word(view: &BoardView, square: Square) -> Option<&'static str> {
    match view.tiles.iter().rev().find(|(s, _)| *s == square)?.1 {
        Tile::Red => Some("red"),
        Tile::Yellow => Some("yellow"),
        Tile::Green => Some("green"),
        Tile::Blue => Some("blue"),
        Tile::Pit => None,
    }
}

fn mark_words(mark: Mark) -> &'static str {
    match mark {
        Mark::Move => "marked: a move",
        Mark::Capture => "marked: a capture",
        Mark::MoveOrCapture => "marked: a move or capture",
        Mark::Hop => "marked: reached by a hop",
        Mark::Partner => "marked: a piece that moves along",
        Mark::Defend => "marked: defended",
        Mark::Force => "marked: forced",
        Mark::Origin => "marked: where the piece stands",
    }
}

/// The piece on a square with the square ("White King on e1"), or the square alone.
fn on_square(view: &BoardView, square: Square) -> String {
    view.pieces
        .iter()
        .rev()
        .find(|(s, p)| *s == square && !p.bound)
        .map_or(square.to_string(), |(_, p)| {
            format!("{} {} on {square}", p.color, p.name)
        })
}

/// The last move as its highlighted squares show it: "e2 to e4", or the one square of a drop
/// or a decision.
pub fn last_move_words(view: &BoardView) -> Option<String> {
    match view.last_move.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [from, to, ..] => Some(format!("{from} to {to}")),
    }
}

/// The kings (or other royal pieces) in check, with their squares: "White King on e1".
pub fn check_words(view: &BoardView) -> Vec<String> {
    view.check.iter().map(|&s| on_square(view, s)).collect()
}

/// Where each piece of `side` stands, grouped by name in the order they first appear from the
/// side's own back rank: "White has 16 pieces: King e1; Queen d1; Rook a1, h1; …". Bound
/// pieces (captured, still on the board) are listed apart.
pub fn pieces_in_words(view: &BoardView, side: Color) -> String {
    let mut mine: Vec<(Square, &PieceView)> = view
        .pieces
        .iter()
        .filter(|(_, p)| p.color == side)
        .map(|(s, p)| (*s, p))
        .collect();
    mine.sort_by_key(|(s, _)| {
        let rank = if side == Color::White {
            s.rank()
        } else {
            u8::MAX - s.rank()
        };
        (rank, s.file())
    });
    let (free, bound): (Vec<_>, Vec<_>) = mine.into_iter().partition(|(_, p)| !p.bound);
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for (square, piece) in &free {
        match groups.iter_mut().find(|(name, _)| *name == piece.name) {
            Some((_, squares)) => squares.push(square.to_string()),
            None => groups.push((&piece.name, vec![square.to_string()])),
        }
    }
    for slot in view.outside.iter() {
        if let Some(piece) = slot.piece.as_ref().filter(|p| p.color == side) {
            let place = format!("{} beyond {}", slot.label, slot.beside);
            match groups.iter_mut().find(|(name, _)| *name == piece.name) {
                Some((_, squares)) => squares.push(place),
                None => groups.push((&piece.name, vec![place])),
            }
        }
    }
    let count: usize = groups.iter().map(|(_, s)| s.len()).sum();
    if count == 0 && bound.is_empty() {
        return format!("{side} has no pieces on the board.");
    }
    let list: Vec<String> = groups
        .iter()
        .map(|(name, squares)| format!("{name} {}", squares.join(", ")))
        .collect();
    let mut text = format!(
        "{side} has {count} piece{}: {}.",
        if count == 1 { "" } else { "s" },
        list.join("; ")
    );
    if !bound.is_empty() {
        let bound: Vec<String> = bound
            .iter()
            .map(|(s, p)| format!("{} on {s}", p.name))
            .collect();
        let _ = write!(
            text,
            " Bound (captured, still on the board): {}.",
            bound.join(", ")
        );
    }
    text
}

/// A side's material in words, most numerous first: "16: 8 Pawns, 2 Rooks, 2 Knights, …".
pub fn material_words(view: &BoardView, side: Color) -> String {
    let on_board = view.pieces.iter().map(|(_, p)| p);
    let in_camps = view.outside.iter().filter_map(|slot| slot.piece.as_ref());
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for piece in on_board.chain(in_camps) {
        if piece.color != side || piece.bound {
            continue;
        }
        match counts.iter_mut().find(|(name, _)| *name == piece.name) {
            Some((_, n)) => *n += 1,
            None => counts.push((&piece.name, 1)),
        }
    }
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return "no pieces".to_string();
    }
    counts.sort_by_key(|count| std::cmp::Reverse(count.1));
    let list: Vec<String> = counts
        .iter()
        .map(|&(name, n)| {
            if n == 1 {
                format!("1 {name}")
            } else {
                format!("{n} {}", plural(name))
            }
        })
        .collect();
    format!("{total} ({})", list.join(", "))
}

/// An English plural good enough for piece names: "Rooks", "Bishops", "Princes", "Boxes".
fn plural(name: &str) -> String {
    if name.ends_with('s') || name.ends_with('x') || name.ends_with("ch") || name.ends_with("sh") {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chatrang_rules::GameId;

    #[test]
    fn the_chess_start_reads_rank_by_rank_in_words() {
        let view = GameId::Chess.spec().example().expect("chess").view();
        let words = board_in_words(&view, Color::White);
        assert!(
            words.contains(
                "rank 8: a8 black rook, b8 black knight, c8 black bishop, d8 black queen, \
                 e8 black king, f8 black bishop, g8 black knight, h8 black rook\n"
            ),
            "{words}"
        );
        assert!(words.contains("rank 4: empty\n"), "{words}");
        let black = board_in_words(&view, Color::Black);
        assert!(
            black.contains("rank 1: h1 white rook, g1 white knight"),
            "{black}"
        );
        assert!(
            pieces_in_words(&view, Color::White).starts_with(
                "White has 16 pieces: Rook a1, h1; Knight b1, g1; Bishop c1, f1; Queen d1; \
                 King e1; Pawn a2,"
            ),
            "{}",
            pieces_in_words(&view, Color::White)
        );
        assert_eq!(
            material_words(&view, Color::Black),
            "16 (8 Pawns, 2 Rooks, 2 Knights, 2 Bishops, 1 Queen, 1 King)"
        );
    }

    #[test]
    fn runs_of_empty_squares_are_named_by_their_ends() {
        let mut game = GameId::Chess.spec().example().expect("chess");
        game.play("e2e4").expect("legal");
        let words = board_in_words(&game.view(), Color::White);
        assert!(
            words.contains("rank 4: empty squares a4 to d4, e4 white pawn, empty squares f4 to h4"),
            "{words}"
        );
        assert!(
            words.contains("rank 2: a2 white pawn, b2 white pawn, c2 white pawn, d2 white pawn, empty square e2, f2"),
            "{words}"
        );
        assert!(words.contains("Last move: e2 to e4."), "{words}");
    }
}
