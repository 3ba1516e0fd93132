//! Standard algebraic notation (SAN), the notation of score sheets and PGN files: `e4`, `Nbd2`,
//! `R1a3`, `Qa1b2`, `exd6`, `e8=Q+`, `O-O-O`, `Qh4#`. Written, never read: moves are read by
//! [`super::notation::parse`], which already accepts SAN among its forms, and stored in the
//! canonical coordinates; SAN is made from them when a game is shown as a score sheet.
//!
//! The rules are the PGN standard's (section 8.2.3): the piece letter (none for a pawn), then
//! the fewest of the origin's file, rank or square that tell the move apart from another legal
//! move of a piece of the same kind to the same square (file first, then rank, then both); `x`
//! for a capture, a pawn capture always with its file; `=` and the letter of a promotion;
//! `+` for check and `#` for mate. Cataclysm's two-pawn move has no SAN and keeps its
//! canonical form.

use super::{
    cell::cell_type,
    moves::{Move, MoveKind},
    notation,
    position::Position,
};

/// The SAN of `m`, a legal move of `pos`.
pub fn san(pos: &Position, m: Move) -> String {
    let mut text = match m.kind {
        MoveKind::TwoPawn { .. } => return notation::canonical(pos, m),
        MoveKind::Castle { .. } if m.to.file() > m.from.file() => "O-O".to_string(),
        MoveKind::Castle { .. } => "O-O-O".to_string(),
        _ => piece_move(pos, m),
    };
    text.push_str(suffix(pos, m));
    text
}

/// A move that is not castling: piece, origin as far as needed, capture, square, promotion.
fn piece_move(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let board = pos.board();
    let type_id = cell_type(board.at(m.from));
    let piece = v.piece_type(type_id);
    let capture = board.piece_at(m.to).is_some() || matches!(m.kind, MoveKind::EnPassant { .. });
    let mut text = String::new();
    if piece.pawn {
        if capture {
            text.push(m.from.file_char());
        }
    } else {
        text.push_str(&piece.symbol);
        text.push_str(&origin(pos, m, type_id));
    }
    if capture {
        text.push('x');
    }
    text.push_str(&m.to.to_string());
    if let Some(p) = m.promotion {
        text.push('=');
        text.push_str(&v.piece_type(p).symbol);
    }
    text
}

/// What of the origin square tells `m` apart from the other legal moves of a piece of the same
/// kind to the same square: nothing, the file, the rank, or the whole square.
fn origin(pos: &Position, m: Move, type_id: u8) -> String {
    let board = pos.board();
    let rivals: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && !matches!(o.kind, MoveKind::Castle { .. } | MoveKind::TwoPawn { .. })
                && cell_type(board.at(o.from)) == type_id
        })
        .collect();
    let rank = || (m.from.rank() + 1).to_string();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|o| o.from.file() != m.from.file()) {
        m.from.file_char().to_string()
    } else if rivals.iter().all(|o| o.from.rank() != m.from.rank()) {
        rank()
    } else {
        m.from.to_string()
    }
}

/// `#` when the move mates, `+` when it checks, else nothing. A variant where the royal piece
/// is captured rather than mated has no mate: its checks are `+`.
fn suffix(pos: &Position, m: Move) -> &'static str {
    let rules = &pos.variant().rules;
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.in_check() {
        ""
    } else if !rules.royal_capture_wins
        && !rules.end.royal_capture
        && after.legal_moves().is_empty()
    {
        "#"
    } else {
        "+"
    }
}
