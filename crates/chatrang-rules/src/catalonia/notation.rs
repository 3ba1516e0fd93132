//! The words players type: moves `e2e4`, `swap` / `accept` / `decline`, `bomb c4`,
//! `escape d5`, `remove e3` / `keep`. One parser, one canonical spelling per action.

use crate::{ActionError, Square, two_squares};

/// One action of Catalonia, read but not yet checked against the position.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Act {
    /// Moves a piece from one square to another.
    Move(Square, Square),
    /// White proposes that Black moves first this turn.
    Swap,
    /// Accepts the offer pending (a swap of the move order).
    Accept,
    /// Declines the offer pending.
    Decline,
    /// The bomb's target, chosen by any participant.
    Bomb(Square),
    /// Where the bombed piece escapes to.
    Escape(Square),
    /// Remove a trapped Peasant.
    Remove(Square),
    /// Keep the remaining trapped Peasants and end the turn.
    Keep,
}

impl Act {
    /// The canonical notation, as stored in the game's record.
    pub(crate) fn notation(self) -> String {
        match self {
            Act::Move(from, to) => format!("{from}{to}"),
            Act::Swap => "swap".into(),
            Act::Accept => "accept".into(),
            Act::Decline => "decline".into(),
            Act::Bomb(s) => format!("bomb {s}"),
            Act::Escape(s) => format!("escape {s}"),
            Act::Remove(s) => format!("remove {s}"),
            Act::Keep => "keep".into(),
        }
    }
}

const EXPECTED: &str =
    "write a move like e2e4, or swap, accept, decline, bomb c4, escape d5, remove e3 or keep";

/// Reads an action. Case and extra spaces do not matter; `e2-e4` and `e2 e4` are moves,
/// `done` means `keep`, `target` means `bomb`. A lone square is `bare` (the caller decides
/// what it means in the current phase).
pub(crate) fn parse(input: &str) -> Result<Parsed, ActionError> {
    let unreadable = || ActionError::Unreadable {
        input: input.chars().take(40).collect(),
        expected: EXPECTED.into(),
    };
    if input.len() > 64 {
        return Err(unreadable());
    }
    let lower = input.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let square = |w: &str| Square::parse(w).map_err(|_| unreadable());
    Ok(match words.as_slice() {
        ["swap"] => Parsed::Act(Act::Swap),
        ["accept"] => Parsed::Act(Act::Accept),
        ["decline"] => Parsed::Act(Act::Decline),
        ["keep"] | ["done"] => Parsed::Act(Act::Keep),
        ["bomb" | "target", s] => Parsed::Act(Act::Bomb(square(s)?)),
        ["escape", s] => Parsed::Act(Act::Escape(square(s)?)),
        ["remove", s] => Parsed::Act(Act::Remove(square(s)?)),
        [from, to] => Parsed::Act(Act::Move(square(from)?, square(to)?)),
        [one] => match Square::parse(one) {
            Ok(s) => Parsed::Bare(s),
            Err(_) => {
                let (from, to) = two_squares(one).ok_or_else(unreadable)?;
                Parsed::Act(Act::Move(from, to))
            }
        },
        _ => return Err(unreadable()),
    })
}

/// What [`parse`] read.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Parsed {
    Act(Act),
    /// A square alone: the target, escape square or Peasant to remove, by phase.
    Bare(Square),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn moves_read_in_several_spellings() {
        for text in ["e2e4", "E2-E4", " e2 e4 "] {
            assert_eq!(
                parse(text).unwrap(),
                Parsed::Act(Act::Move(sq("e2"), sq("e4")))
            );
        }
    }

    #[test]
    fn decisions_read_back_from_their_canonical_notation() {
        for act in [
            Act::Swap,
            Act::Accept,
            Act::Decline,
            Act::Bomb(sq("c4")),
            Act::Escape(sq("d5")),
            Act::Remove(sq("e3")),
            Act::Keep,
            Act::Move(sq("b1"), sq("c3")),
        ] {
            assert_eq!(parse(&act.notation()).unwrap(), Parsed::Act(act));
        }
    }

    #[test]
    fn nonsense_huge_and_empty_input_are_refused() {
        for bad in [
            "",
            "   ",
            "e2",
            "xyz",
            "bomb",
            "bomb z9",
            "e2e17",
            &"a".repeat(10_000),
        ] {
            if bad == "e2" {
                assert_eq!(parse(bad).unwrap(), Parsed::Bare(sq("e2")));
            } else {
                assert!(parse(bad).is_err(), "{bad:.20} should be refused");
            }
        }
    }
}
