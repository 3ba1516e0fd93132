//! Katarenga notation: `c3c5` (a move or capture), `c8-camp` (into an enemy camp),
//! `baseline north|east|south|west` (Black's opening decision). Reading is forgiving (`c3-c5`,
//! `c3xc5`, `c8 camp`, just `east`); writing always gives the canonical form.

use super::{
    board::Hue,
    movegen::{self, Move},
    position::{Edge, Phase, Position, index_of, square_of},
};
use crate::{ActionError, Color, Square, two_squares};

const EXPECTED: &str = "write a move as two squares (c3c5), a camp entry as c8-camp, or Black's opening choice as baseline north, east, south or west";

pub(crate) fn canonical(m: Move) -> String {
    match m {
        Move::Baseline(edge) => format!("baseline {}", edge.name()),
        Move::Step { from, to } => {
            format!("{}{}", square_of(from as usize), square_of(to as usize))
        }
        Move::Camp { from } => format!("{}-camp", square_of(from as usize)),
    }
}

/// A sentence for people, said before the move is played.
pub(crate) fn describe(pos: &Position, m: Move) -> String {
    match (m, pos.phase) {
        (Move::Baseline(edge), _) => format!(
            "Black takes the {} edge as their baseline; the board turns so it is at the top, and White moves first",
            edge.name()
        ),
        (Move::Step { from, to }, Phase::Turn(color)) => {
            let verb = if pos.cells[to as usize].is_some() {
                "takes on"
            } else {
                "to"
            };
            format!(
                "{color}: {} {verb} {}",
                square_of(from as usize),
                square_of(to as usize)
            )
        }
        (Move::Camp { from }, Phase::Turn(color)) => {
            let camp = movegen::camp_for(pos, color, from as usize);
            let file = if camp == 0 { 'a' } else { 'h' };
            let rank = Position::target_rank(color) + 1;
            format!(
                "{color}: {} enters the camp beyond {file}{rank}",
                square_of(from as usize)
            )
        }
        _ => canonical(m),
    }
}

fn unreadable(input: &str) -> ActionError {
    ActionError::Unreadable {
        input: input.chars().take(40).collect(),
        expected: EXPECTED.to_string(),
    }
}

fn square(text: &str) -> Option<usize> {
    Square::parse(text).ok().and_then(index_of)
}

/// Reads an action and checks that it is legal now.
pub(crate) fn parse(pos: &Position, input: &str, legal: &[Move]) -> Result<Move, ActionError> {
    if input.len() > 100 {
        return Err(unreadable(input));
    }
    let lower = input.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-' || c == 'x' || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    let edge = match words.as_slice() {
        ["baseline", word] | [word] => Edge::parse(word),
        _ => None,
    };
    let m = match (edge, words.as_slice()) {
        (Some(edge), _) => Move::Baseline(edge),
        (None, ["baseline", ..]) => {
            return Err(ActionError::Illegal(
                "choose the baseline with one of: baseline north, baseline east, baseline south, baseline west".into(),
            ));
        }
        (_, ["pass"]) => {
            return Err(ActionError::Illegal(
                "you cannot pass: a side with no legal move is passed over automatically".into(),
            ));
        }
        (_, [from, "camp"]) => Move::Camp {
            from: square(from).ok_or_else(|| unreadable(input))? as u8,
        },
        (_, [one]) if one.len() >= 4 && one.ends_with("camp") => Move::Camp {
            from: square(&one[..one.len() - 4]).ok_or_else(|| unreadable(input))? as u8,
        },
        (_, [from, to]) => Move::Step {
            from: square(from).ok_or_else(|| unreadable(input))? as u8,
            to: square(to).ok_or_else(|| unreadable(input))? as u8,
        },
        (_, [one]) => split_squares(one).ok_or_else(|| unreadable(input))?,
        _ => return Err(unreadable(input)),
    };
    check(pos, m, legal)?;
    Ok(m)
}

/// `c3c5` as two squares.
fn split_squares(text: &str) -> Option<Move> {
    let (from, to) = two_squares(text)?;
    Some(Move::Step {
        from: index_of(from)? as u8,
        to: index_of(to)? as u8,
    })
}

/// Explains why a well-formed action is not legal, or accepts it.
fn check(pos: &Position, m: Move, legal: &[Move]) -> Result<(), ActionError> {
    let color = match (pos.phase, m) {
        (Phase::ChooseBaseline, Move::Baseline(_)) => return Ok(()),
        (Phase::ChooseBaseline, _) => {
            return Err(ActionError::Illegal(
                "Black must first choose a baseline: baseline north, east, south or west".into(),
            ));
        }
        (Phase::Turn(_), Move::Baseline(_)) => {
            return Err(ActionError::Illegal(
                "the baseline has already been chosen; move a pawn instead".into(),
            ));
        }
        (Phase::Turn(color), _) => color,
    };
    let (Move::Step { from, .. } | Move::Camp { from }) = m else {
        return Ok(());
    };
    let from = from as usize;
    if pos.cells[from] != Some(color) {
        return Err(ActionError::Illegal(format!(
            "there is no {color} pawn on {}; it is {color}'s turn",
            square_of(from)
        )));
    }
    if legal.contains(&m) {
        return Ok(());
    }
    let reason = match m {
        Move::Camp { .. } if from / 8 != Position::target_rank(color) => format!(
            "a pawn may enter a camp only from {} baseline (rank {})",
            if color == Color::White {
                "Black's"
            } else {
                "White's"
            },
            Position::target_rank(color) + 1
        ),
        Move::Camp { .. } => "both camps are already taken".to_string(),
        Move::Step { to, .. } if pos.cells[to as usize] == Some(color) => {
            format!("{} holds your own pawn", square_of(to as usize))
        }
        Move::Step { to, .. } if pos.cells[to as usize].is_some() && pos.first_move_due[color] => {
            "you may not capture on your first move".to_string()
        }
        _ => {
            let how = match pos.hues[from] {
                Hue::Red => {
                    "slides along its rank or file, up to the first red square and not past any pawn"
                }
                Hue::Yellow => {
                    "slides diagonally, up to the first yellow square and not past any pawn"
                }
                Hue::Green => "leaps like a knight",
                Hue::Blue => "steps one square in any direction",
            };
            format!(
                "the pawn on {} stands on a {} square and {how}",
                square_of(from),
                pos.hues[from].name()
            )
        }
    };
    Err(ActionError::Illegal(format!(
        "{} is not legal: {reason}",
        canonical(m)
    )))
}
