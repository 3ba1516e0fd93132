//! Colour preferences and the allocation of colours to a pair (C.04.3, articles 1.6 and 5):
//! who wants which colour and how much, and which of two paired players gets White.

use crate::{dutch::state::PlayerState, model::Colour};

/// How much a player wants a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Alternating after an even colour count.
    Mild,
    /// A colour difference of one.
    Strong,
    /// A colour difference over one, or the same colour twice running.
    Absolute,
}

/// A player's colour preference: the colour wanted and how much, or none before any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    /// The colour wanted.
    pub colour: Colour,
    /// How much.
    pub strength: Strength,
}

/// The preference of a player from the colours of their played games.
pub fn preference(state: &PlayerState) -> Option<Preference> {
    let last = *state.colours.last()?;
    let cd = state.colour_difference();
    let n = state.colours.len();
    let twice = n >= 2 && state.colours[n - 1] == state.colours[n - 2];
    let (colour, strength) = if cd < -1 {
        (Colour::White, Strength::Absolute)
    } else if cd > 1 {
        (Colour::Black, Strength::Absolute)
    } else if twice {
        (last.opposite(), Strength::Absolute)
    } else if cd == -1 {
        (Colour::White, Strength::Strong)
    } else if cd == 1 {
        (Colour::Black, Strength::Strong)
    } else {
        (last.opposite(), Strength::Mild)
    };
    Some(Preference { colour, strength })
}

/// The colour of `higher` (ranked above `lower`: higher score, or equal score and smaller
/// pairing number) when paired with `lower` (article 5): both preferences when compatible;
/// else the stronger (between two absolute, the larger colour difference); else alternate
/// from the latest round where their colours differed; else the higher's preference; else the
/// higher gets the initial colour when their pairing number (in the first round: their place
/// among the players present) is odd, the other when even.
pub fn allocate(higher: &PlayerState, lower: &PlayerState, initial: Colour) -> Colour {
    let ph = preference(higher);
    let pl = preference(lower);
    match (ph, pl) {
        (Some(a), Some(b)) if a.colour != b.colour => return a.colour,
        (Some(a), None) => return a.colour,
        (None, Some(b)) => return b.colour.opposite(),
        (Some(a), Some(b)) => {
            if a.strength != b.strength {
                return if a.strength > b.strength {
                    a.colour
                } else {
                    b.colour.opposite()
                };
            }
            if a.strength == Strength::Absolute {
                let (da, db) = (
                    higher.colour_difference().abs(),
                    lower.colour_difference().abs(),
                );
                if da != db {
                    return if da > db {
                        a.colour
                    } else {
                        b.colour.opposite()
                    };
                }
            }
            // Alternate from the latest round in which their colours differed.
            // Played games only, the latest first (rounds without a game are skipped).
            for (ch, cl) in higher.colours.iter().rev().zip(lower.colours.iter().rev()) {
                if ch != cl {
                    return ch.opposite();
                }
            }
            return a.colour;
        }
        (None, None) => {}
    }
    if higher.position % 2 == 1 {
        initial
    } else {
        initial.opposite()
    }
}
