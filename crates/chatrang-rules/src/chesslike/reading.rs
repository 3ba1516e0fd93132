//! The forgiving parts of reading a chess-like move, and what a refusal says. The bot writes a
//! move `Pawn e4–e6` in its announcements and `d4 d5 k4 k5` as a board's last move; a player
//! who types that back means that move. A refusal names this game's own pieces and moves legal
//! here, not chess's: Cataclysm has no Knight, and `e7e8=Q` means nothing on its board.

use super::{
    cell::cell_type,
    moves::{Move, MoveKind},
    position::Position,
};
use crate::square_names;

/// Whether `prefix`, what stands before a move's squares, is the name of the piece `name`
/// (`Pawn`, `GrandRook` with the spaces already gone), perhaps after the side (`White:Pawn`):
/// the announcement's way of writing a move.
pub(crate) fn names_piece(prefix: &str, name: &str) -> bool {
    let lower = prefix.to_ascii_lowercase();
    let bare = lower
        .strip_prefix("white")
        .or_else(|| lower.strip_prefix("black"))
        .unwrap_or(&lower);
    let name: String = name
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    !bare.is_empty() && bare == name
}

/// A two-pawn move written as its four squares (`d4d5k4k5`, the board's "Last move") or with
/// `and` between its steps (`d4-d5 and k4-k5`, the announcement), in the `&` form that the
/// reader knows: `d4d5&k4k5`. `None` for anything else. `cleaned` has no spaces left.
pub(crate) fn joined_two_pawn(cleaned: &str) -> Option<String> {
    let lower = cleaned.to_ascii_lowercase();
    let text = lower
        .strip_prefix("two-pawnmove")
        .or_else(|| lower.strip_prefix("twopawnmove"))
        .unwrap_or(&lower)
        .replace('-', "");
    let names = square_names(&text);
    let [(0, a), (at_b, b), (at_c, c), (at_d, d)] = names.as_slice() else {
        return None;
    };
    let end_b = at_b + b.len();
    let between = &text[end_b..*at_c];
    let whole = *at_b == a.len()
        && *at_d == at_c + c.len()
        && at_d + d.len() == text.len()
        && (between.is_empty() || between == "and");
    whole.then(|| format!("{a}{b}&{c}{d}"))
}

/// What to write instead, with this game's own moves legal now: "write a move as its two
/// squares, such as e2e4, or a piece letter and its square, such as Nf3".
pub(crate) fn expected(pos: &Position, legal: &[Move]) -> String {
    let v = pos.variant();
    let board = pos.board();
    let plain = |m: &&Move| matches!(m.kind, MoveKind::Normal) && m.promotion.is_none();
    let squares = legal.iter().find(plain);
    let lettered = legal
        .iter()
        .filter(plain)
        .find(|m| !v.piece_type(cell_type(board.at(m.from))).pawn);
    match (squares, lettered) {
        (Some(s), Some(l)) => format!(
            "write a move as its two squares, such as {}{}, or a piece letter and its square, such as {}{}",
            s.from,
            s.to,
            v.piece_type(cell_type(board.at(l.from))).symbol,
            l.to
        ),
        (Some(s), None) => format!(
            "write a move as its two squares, such as {}{}",
            s.from, s.to
        ),
        _ => "write a move as its two squares, from and to".to_string(),
    }
}

/// The refusal for a move that starts with a piece letter this game does not have (`Nf6` in
/// Cataclysm); `None` when `prefix` is a letter, name or file the game knows. A lower-case
/// letter that is a file of the board is a file (`exd5`), an upper-case one a piece.
pub(crate) fn unknown_letter(pos: &Position, prefix: &str) -> Option<String> {
    if prefix.is_empty() {
        return None;
    }
    let v = pos.variant();
    let files = v.geometry().files();
    let is_file = |c: u8| c.is_ascii_lowercase() && c >= b'a' && c < b'a' + files;
    let letter_of = |text: &str| {
        v.types()
            .iter()
            .any(|t| text.eq_ignore_ascii_case(&t.symbol))
    };
    let known = letter_of(prefix)
        || v.types().iter().any(|t| names_piece(prefix, &t.name))
        || (prefix.len() > 1
            && prefix.is_char_boundary(prefix.len() - 1)
            && letter_of(&prefix[..prefix.len() - 1])
            && is_file(prefix.as_bytes()[prefix.len() - 1].to_ascii_lowercase()))
        || (prefix.len() == 1 && is_file(prefix.as_bytes()[0]));
    if known {
        return None;
    }
    let board = pos.board();
    let side = board.side;
    // The side's letters in the game's own order of its pieces, each once.
    let present: Vec<usize> = v
        .squares
        .iter()
        .filter_map(|&sq| board.piece_at(sq))
        .filter(|&(color, _)| color == side)
        .map(|(_, t)| usize::from(t))
        .collect();
    let letters: Vec<&str> = v
        .types()
        .iter()
        .enumerate()
        .filter(|(i, _)| present.contains(i))
        .map(|(_, t)| t.symbol.as_str())
        .collect();
    let shown: String = prefix.chars().take(40).collect();
    Some(format!(
        "{} has no piece {shown}; {side}'s pieces here are written {}",
        v.display_name(),
        letters.join(", ")
    ))
}
