//! Chromopolis notation: `b2b3` (a move), `c5c6=N` (a pawn move with its promotion), and
//! `unbind c4 N` (the owner's choice when several bound pieces on one square may be freed).
//! Reading is forgiving (`b2-b3`, `c5c6n`, `unbind c4 knight`); writing is canonical.

use super::{
    board::{Kind, Piece, geometry, last_rank},
    movegen::{Effect, Move},
    position::Position,
};
use crate::{ActionError, Promotion, Square};

const EXPECTED: &str = "write a move as two squares (b2b3), a promotion as c5c6=N (N, A or L), or an unbinding choice as unbind c4 N";

pub(crate) fn canonical(m: Move) -> String {
    match m {
        Move::Move {
            from,
            to,
            promotion: None,
        } => format!("{from}{to}"),
        Move::Move {
            from,
            to,
            promotion: Some(kind),
        } => format!("{from}{to}={}", kind.symbol()),
        Move::Unbind { square, kind } => format!("unbind {square} {}", kind.symbol()),
    }
}

fn named(piece: Piece) -> String {
    format!("{} {}", piece.color, piece.kind.name())
}

fn list(items: &[(Square, Piece)]) -> String {
    items
        .iter()
        .map(|&(s, p)| format!("{} on {s}", named(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A sentence for people about an action just played: `before` is the position it was played
/// in, `after` the result.
pub(crate) fn describe(before: &Position, after: &Position, m: Move, effect: &Effect) -> String {
    let side = before.side;
    let mut text = match m {
        Move::Move {
            from,
            to,
            promotion,
        } => {
            let kind = before.at(from).map_or("piece", |p| p.kind.name());
            let mut t = format!("{side}: {kind} {from}–{to}");
            if let Some(p) = promotion {
                t.push_str(&crate::phrases::promotes_to(p.name()));
            }
            t
        }
        Move::Unbind { square, kind } => format!("{side} unbinds the {} on {square}", kind.name()),
    };
    if !effect.bound.is_empty() {
        text.push_str(&format!("; binds {}", list(&effect.bound)));
    }
    let unbound: Vec<(Square, Piece)> = match m {
        Move::Move { .. } => effect.unbound.clone(),
        Move::Unbind { .. } => Vec::new(),
    };
    if !unbound.is_empty() {
        text.push_str(&format!("; unbinds {}", list(&unbound)));
    }
    if let Some(&square) = after.pending.first() {
        text.push_str(&format!(
            "; {side} must choose which bound piece to unbind on {square}"
        ));
    }
    text
}

fn unreadable(input: &str) -> ActionError {
    ActionError::Unreadable {
        input: input.chars().take(40).collect(),
        expected: EXPECTED.to_string(),
    }
}

fn square(text: &str) -> Option<Square> {
    geometry().parse_square(text).ok()
}

/// Reads an action and checks that it is legal now.
pub(crate) fn parse(pos: &Position, input: &str, legal: &[Move]) -> Result<Move, ActionError> {
    if input.len() > 100 {
        return Err(unreadable(input));
    }
    let lower = input.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-' || c == '=' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let m = match words.as_slice() {
        ["unbind", at, kind] => Move::Unbind {
            square: square(at).ok_or_else(|| unreadable(input))?,
            kind: Kind::parse(kind).ok_or_else(|| unreadable(input))?,
        },
        ["unbind", ..] => {
            return Err(ActionError::Illegal(
                "write the square and the piece to unbind, such as unbind c4 N".into(),
            ));
        }
        [from, to, promo] => Move::Move {
            from: square(from).ok_or_else(|| unreadable(input))?,
            to: square(to).ok_or_else(|| unreadable(input))?,
            promotion: Some(Kind::parse(promo).ok_or_else(|| unreadable(input))?),
        },
        [from, to] => two_words(from, to).ok_or_else(|| unreadable(input))?,
        [one] => one_word(one).ok_or_else(|| unreadable(input))?,
        _ => return Err(unreadable(input)),
    };
    check(pos, m, legal)?;
    Ok(m)
}

/// `b2 b3` or `c5c6 N`.
fn two_words(a: &str, b: &str) -> Option<Move> {
    if let (Some(from), Some(to)) = (square(a), square(b)) {
        return Some(Move::Move {
            from,
            to,
            promotion: None,
        });
    }
    match one_word(a)? {
        Move::Move {
            from,
            to,
            promotion: None,
        } => Some(Move::Move {
            from,
            to,
            promotion: Some(Kind::parse(b)?),
        }),
        _ => None,
    }
}

/// `b2b3` or `c5c6n`.
fn one_word(text: &str) -> Option<Move> {
    let second = text
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_ascii_alphabetic())?
        .0;
    let from = square(&text[..second])?;
    let rest = &text[second..];
    let digits_end = rest
        .char_indices()
        .skip(1)
        .find(|&(_, c)| !c.is_ascii_digit())
        .map_or(rest.len(), |(i, _)| i);
    let to = square(&rest[..digits_end])?;
    let promotion = match &rest[digits_end..] {
        "" => None,
        p => Some(Kind::parse(p)?),
    };
    Some(Move::Move {
        from,
        to,
        promotion,
    })
}

/// Explains why a well-formed action is not legal, or accepts it.
fn check(pos: &Position, m: Move, legal: &[Move]) -> Result<(), ActionError> {
    let side = pos.side;
    if legal.contains(&m) {
        return Ok(());
    }
    if let Move::Move {
        from,
        to,
        promotion: None,
    } = m
    {
        let choices: Vec<Promotion> = legal
            .iter()
            .filter_map(|&legal_move| match legal_move {
                Move::Move {
                    from: f,
                    to: t,
                    promotion: Some(kind),
                } if f == from && t == to => Some(Promotion {
                    notation: canonical(legal_move),
                    piece: kind.name().to_string(),
                }),
                _ => None,
            })
            .collect();
        if !choices.is_empty() {
            return Err(ActionError::NeedsPromotion {
                input: canonical(m),
                bare: canonical(m),
                choices,
            });
        }
    }
    let reason = match (m, pos.pending.first()) {
        (Move::Unbind { .. }, None) => "there is no unbinding choice to make now".to_string(),
        (_, Some(&square)) => {
            let kinds: Vec<String> = pos
                .bound_kinds(square, side)
                .iter()
                .map(|k| format!("unbind {square} {}", k.symbol()))
                .collect();
            format!(
                "{side} must first choose which bound piece to unbind on {square}: {}",
                kinds.join(" or ")
            )
        }
        (
            Move::Move {
                from,
                to,
                promotion,
            },
            None,
        ) => match pos.at(from) {
            None if pos.bound_on(from).any(|p| p.color == side) => {
                format!("your piece on {from} is bound and cannot move")
            }
            None => format!("you have no piece on {from}"),
            Some(p) if p.color != side => format!("the piece on {from} is not yours"),
            Some(_) if pos.at(to).is_some() => format!(
                "{to} holds an unbound piece; you may only move to an empty square or onto bound pieces"
            ),
            Some(p) if p.kind == Kind::Pawn && to.rank() == last_rank(side) => match promotion {
                None => format!(
                    "a pawn reaching the last rank must promote: {from}{to}=N, {from}{to}=A or {from}{to}=L"
                ),
                Some(_) => {
                    "a pawn promotes only to a Knight (N), Advocate (A) or Prelate (L)".to_string()
                }
            },
            Some(_) if promotion.is_some() => "only a pawn reaching its last rank promotes".into(),
            Some(p) => format!(
                "the {0} on {from} cannot move to {to} (a {0} {1})",
                p.kind.name(),
                p.kind.description().split(';').next().unwrap_or("")
            ),
        },
    };
    Err(ActionError::Illegal(format!(
        "{} is not legal: {reason}",
        canonical(m)
    )))
}
