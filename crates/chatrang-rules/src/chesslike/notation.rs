//! Move notation of the chess-like games. The canonical form is coordinates (`e2e4`, `e7e8=Q`,
//! `d4d5&k4k5` for Cataclysm's two-pawn move). Reading is lenient: `e2-e4`, `e2xe4`, `Nf3`,
//! `a11=T`, `e7e8q`, `O-O`, any letter case, and trailing `+ # ! ?` are all understood when
//! they name exactly one legal move, and so are the forms the bot prints (`Pawn e4-e6`,
//! `d4 d5 k4 k5`; see `reading`).

use super::{
    cell::cell_type,
    moves::{Move, MoveKind},
    position::Position,
    reading,
};
use crate::{ActionError, Promotion, Square, square_names};

/// The canonical notation of a legal move.
pub fn canonical(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let mut s = format!("{}{}", m.from, m.to);
    if let MoveKind::TwoPawn { from2, to2 } = m.kind {
        s = format!("{}{}&{}{}", m.from, m.to, from2, to2);
    }
    if let Some(p) = m.promotion {
        s.push('=');
        s.push_str(&v.piece_type(p).symbol);
    }
    s
}

/// A sentence describing a move about to be played from `pos`.
pub(crate) fn describe(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let board = pos.board();
    let side = board.side;
    let name = |sq: Square| {
        board
            .piece_at(sq)
            .map_or_else(String::new, |(_, t)| v.piece_type(t).name.clone())
    };
    let captured = board
        .piece_at(m.to)
        .map(|(_, t)| v.piece_type(t).name.clone());
    let mut text = match m.kind {
        MoveKind::TwoPawn { from2, to2 } => {
            format!("two-pawn move {}–{} and {}–{}", m.from, m.to, from2, to2)
        }
        MoveKind::Castle { .. } => {
            if m.to.file() > m.from.file() {
                "castles kingside".to_string()
            } else {
                "castles queenside".to_string()
            }
        }
        MoveKind::EnPassant { victim } => {
            format!("Pawn {} takes {} en passant (on {})", m.from, m.to, victim)
        }
        _ => {
            let leap = v.piece_type(cell_type(board.at(m.from))).royal
                && v.rules.rights == super::variant::RightsKind::KingLeap
                && m.to.file().abs_diff(m.from.file()) > 1;
            match (&captured, leap) {
                (_, true) => format!("King's leap {}–{}", m.from, m.to),
                (Some(c), _) => format!("{} {} takes {} on {}", name(m.from), m.from, c, m.to),
                (None, _) => format!("{} {}–{}", name(m.from), m.from, m.to),
            }
        }
    };
    if let Some(p) = m.promotion {
        text.push_str(&crate::phrases::promotes_to(&v.piece_type(p).name));
    }
    format!("{side}: {text}")
}

/// Finds the legal move that `input` names among `legal`, the legal moves of `pos`.
pub fn parse(pos: &Position, input: &str, legal: &[Move]) -> Result<Move, ActionError> {
    let cleaned: String = input
        .trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | ' '))
        .collect();
    let unreadable = |expected: &str| ActionError::Unreadable {
        input: input.chars().take(40).collect(),
        expected: expected.to_string(),
    };
    if cleaned.is_empty() || cleaned.len() > 40 || !cleaned.is_ascii() {
        return Err(unreadable(&reading::expected(pos, legal)));
    }
    let upper = cleaned.to_ascii_uppercase().replace('0', "O");
    if upper == "O-O" || upper == "O-O-O" || upper == "OO" || upper == "OOO" {
        let long = upper.matches('O').count() == 3;
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                matches!(m.kind, MoveKind::Castle { .. }) && (m.to.file() < m.from.file()) == long
            })
            .collect();
        return pick(pos, found, input, "castling is not possible now");
    }
    let joined = reading::joined_two_pawn(&cleaned);
    let cleaned = joined.unwrap_or(cleaned);
    if cleaned.contains('&') || cleaned.contains(',') {
        let parts: Vec<&str> = cleaned.split(['&', ',']).collect();
        if parts.len() != 2 {
            return Err(unreadable(
                "a two-pawn move is two pawn steps joined by &, such as d4d5&k4k5",
            ));
        }
        let a = squares_of(parts[0])
            .ok_or_else(|| unreadable("a two-pawn move looks like d4d5&k4k5"))?;
        let b = squares_of(parts[1])
            .ok_or_else(|| unreadable("a two-pawn move looks like d4d5&k4k5"))?;
        let fits = |(from, to): (Option<Square>, Square), f: Square, t: Square| {
            t == to && from.is_none_or(|x| x == f)
        };
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| match m.kind {
                MoveKind::TwoPawn { from2, to2 } => {
                    (fits(a, m.from, m.to) && fits(b, from2, to2))
                        || (fits(b, m.from, m.to) && fits(a, from2, to2))
                }
                _ => false,
            })
            .collect();
        return pick(pos, found, input, "that two-pawn move is not allowed here");
    }

    // Split off a promotion: "=Q", "(Q)", or letters after the destination square.
    let (body, promotion) = split_promotion(&cleaned);
    let body: String = body
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':'))
        .collect();
    let Some((prefix, to)) = trailing_square(&body) else {
        return Err(unreadable(&reading::expected(pos, legal)));
    };
    let (prefix, from) = match trailing_square(prefix) {
        Some((p, from)) => (p, Some(from)),
        None => (prefix, None),
    };
    // What is left names the piece, perhaps followed by a file to tell two apart (Nbd2).
    let v = pos.variant();
    let board = pos.board();
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            if matches!(m.kind, MoveKind::TwoPawn { .. })
                || m.to != to
                || from.is_some_and(|f| f != m.from)
            {
                return false;
            }
            let piece = v.piece_type(cell_type(board.at(m.from)));
            let symbol = &piece.symbol;
            let piece_ok = prefix.is_empty()
                || prefix.eq_ignore_ascii_case(symbol)
                || reading::names_piece(prefix, &piece.name)
                || (prefix.len() > 1
                    && prefix[..prefix.len() - 1].eq_ignore_ascii_case(symbol)
                    && prefix.as_bytes()[prefix.len() - 1].to_ascii_lowercase()
                        == m.from.file_char() as u8)
                || (prefix.len() == 1
                    && prefix.as_bytes()[0].to_ascii_lowercase() == m.from.file_char() as u8);
            let promo_ok = match (&promotion, m.promotion) {
                (None, _) => true,
                (Some(p), Some(t)) => p.eq_ignore_ascii_case(&v.piece_type(t).symbol),
                (Some(_), None) => false,
            };
            piece_ok && promo_ok
        })
        .collect();
    // A bare square (`a6`) is a pawn's move, as in standard algebraic notation, even when
    // another piece could go there too (Nb8–a6).
    let pawn_moves = |m: &Move| v.piece_type(cell_type(board.at(m.from))).pawn;
    let found = if prefix.is_empty() && from.is_none() && found.iter().any(pawn_moves) {
        found.into_iter().filter(|m| pawn_moves(m)).collect()
    } else {
        found
    };
    // Without a promotion letter, staying a pawn (where allowed) is what was meant.
    let found = if promotion.is_none() && found.iter().any(|m| m.promotion.is_none()) {
        found
            .into_iter()
            .filter(|m| m.promotion.is_none())
            .collect()
    } else {
        found
    };
    if found.is_empty()
        && let Some(refusal) = reading::unknown_letter(pos, prefix)
    {
        return Err(ActionError::Illegal(refusal));
    }
    pick(pos, found, input, "")
}

fn pick(pos: &Position, found: Vec<Move>, input: &str, none: &str) -> Result<Move, ActionError> {
    // The move as typed, without the spaces around it, which would open the refusal.
    let shown: String = input.trim().chars().take(40).collect();
    match found.len() {
        1 => Ok(found[0]),
        0 if !none.is_empty() => Err(ActionError::Illegal(format!("{shown}: {none}"))),
        0 => Err(ActionError::Illegal(format!(
            "{shown} is not a legal move here; /moves lists the legal ones"
        ))),
        _ => {
            let first = found[0];
            let promotions: Option<Vec<Promotion>> = found
                .iter()
                .map(|&m| {
                    let same_move = m.from == first.from && m.to == first.to;
                    let piece = m.promotion.filter(|_| same_move)?;
                    Some(Promotion {
                        notation: canonical(pos, m),
                        piece: pos.variant().piece_type(piece).name.clone(),
                    })
                })
                .collect();
            if let Some(choices) = promotions {
                return Err(ActionError::NeedsPromotion {
                    input: shown,
                    bare: format!("{}{}", first.from, first.to),
                    choices,
                });
            }
            let mut options: Vec<String> = found.iter().map(|&m| canonical(pos, m)).collect();
            options.truncate(8);
            Err(ActionError::Illegal(format!(
                "{shown} could mean {}; write the one you want",
                options.join(" or ")
            )))
        }
    }
}

fn split_promotion(text: &str) -> (&str, Option<String>) {
    if let Some(i) = text.find('=') {
        return (
            &text[..i],
            Some(text[i + 1..].trim_matches(['(', ')', '[', ']']).to_string()),
        );
    }
    if let Some(i) = text.find('(') {
        return (
            &text[..i],
            Some(text[i + 1..].trim_end_matches(')').to_string()),
        );
    }
    // Letters after the last digit: e7e8q.
    let last_digit = text.rfind(|c: char| c.is_ascii_digit());
    match last_digit {
        Some(i) if i + 1 < text.len() => {
            let tail = &text[i + 1..];
            if tail.chars().all(|c| c.is_ascii_alphabetic()) && tail.len() <= 2 {
                (&text[..i + 1], Some(tail.to_string()))
            } else {
                (text, None)
            }
        }
        _ => (text, None),
    }
}

/// Splits "Nbd2" into ("Nb", d2): the square at the end, and what stands before it.
fn trailing_square(text: &str) -> Option<(&str, Square)> {
    let (at, name) = *square_names(text).last()?;
    if at + name.len() != text.len() {
        return None;
    }
    Some((&text[..at], Square::parse(name).ok()?))
}

/// "d4d5" or "d5" (a move's squares, the first optional).
fn squares_of(text: &str) -> Option<(Option<Square>, Square)> {
    let text: String = text.chars().filter(|c| !matches!(c, '-' | 'x')).collect();
    let (rest, to) = trailing_square(&text)?;
    if rest.is_empty() {
        return Some((None, to));
    }
    let (rest2, from) = trailing_square(rest)?;
    rest2.is_empty().then_some((Some(from), to))
}
