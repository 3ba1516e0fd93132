//! The dice, and where an action's rolls come from.
//!
//! Every roll is written in the game's log as it happens, and a replay takes the rolls from
//! there ([`crate::Chance::Recorded`]): the generator only decides rolls not yet made,
//! so changing it can never rewrite a game already played.
//!
//! New games roll with ChaCha8 from `rand_chacha`, documented as portable and reproducible on
//! every platform. Its whole state is the game's seed and the number of rolls made, both kept
//! in the position string: roll `n` is drawn from stream `n` of the generator keyed by the
//! seed (`ChaCha8Rng::seed_from_u64`, `set_stream`), so moving past a roll the record supplies
//! is just counting it. Records made before the rolls were logged keep the hand-written
//! SplitMix64 generator they were played with (its 16-hex-digit state in the position), frozen
//! here: their logs hold no rolls, so replaying them must draw the same rolls again.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Chance, Rolls, RollsError};

/// SplitMix64's increment: one step of the legacy generator.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A game's dice: which generator, and where it stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Dice {
    /// ChaCha8 keyed by the game's seed, `rolls` rolls made so far. Written
    /// `chacha8:<seed, 16 hex digits>:<rolls>`.
    /// Dice drawn from a ChaCha8 stream: its seed and how many rolls were drawn.
    ChaCha8 {
        /// The seed.
        seed: u64,
        /// Rolls drawn so far.
        rolls: u64,
    },
    /// The SplitMix64 generator of games started before the rolls were logged. Written as its
    /// state, 16 hex digits.
    /// Dice drawn from a SplitMix64 generator (positions written before ChaCha8): its state.
    SplitMix64 {
        /// The generator's state.
        state: u64,
    },
}

impl Dice {
    /// The dice of a new game: ChaCha8 keyed by the game's seed.
    pub const fn chacha8(seed: u64) -> Dice {
        Dice::ChaCha8 { seed, rolls: 0 }
    }

    /// The old generator at `state`: the dice of a game started before the rolls were logged
    /// (and a fast seeded chooser where a fixed sequence is wanted, as in the benchmark). It
    /// keeps the name it always had, so code that builds such positions reads as before.
    pub const fn new(state: u64) -> Dice {
        Dice::SplitMix64 { state }
    }

    /// True for the generator of records that hold no rolls.
    pub(crate) const fn is_legacy(self) -> bool {
        matches!(self, Dice::SplitMix64 { .. })
    }

    /// One d6, 1 to 6, from the generator.
    pub fn d6(&mut self) -> u8 {
        match self {
            Dice::ChaCha8 { seed, rolls } => {
                let mut rng = ChaCha8Rng::seed_from_u64(*seed);
                rng.set_stream(*rolls);
                *rolls = rolls.wrapping_add(1);
                rng.random_range(1..=6)
            }
            Dice::SplitMix64 { state } => {
                *state = state.wrapping_add(GOLDEN_GAMMA);
                let mut z = *state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                let high = (z ^ (z >> 31)) >> 32;
                // Multiply-shift of the high 32 bits; the bias is below 2^-29.
                ((high * 6) >> 32) as u8 + 1
            }
        }
    }

    /// Moves past one roll that the record supplies, as if it had been drawn, so that the
    /// position after a replay is the position after the game.
    pub fn skip(&mut self) {
        match self {
            Dice::ChaCha8 { rolls, .. } => *rolls = rolls.wrapping_add(1),
            Dice::SplitMix64 { state } => *state = state.wrapping_add(GOLDEN_GAMMA),
        }
    }

    /// The dice as the position string writes them.
    pub fn to_text(self) -> String {
        match self {
            Dice::ChaCha8 { seed, rolls } => format!("chacha8:{seed:016x}:{rolls}"),
            Dice::SplitMix64 { state } => format!("{state:016x}"),
        }
    }

    /// Reads [`Dice::to_text`] back.
    pub fn parse(text: &str) -> Result<Dice, DiceTextError> {
        let bad = || DiceTextError;
        let hex = |digits: &str| {
            (digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
                .then(|| u64::from_str_radix(digits, 16).ok())
                .flatten()
        };
        match text.strip_prefix("chacha8:") {
            Some(rest) => {
                let (seed, rolls) = rest.split_once(':').ok_or_else(bad)?;
                let seed = hex(seed).ok_or_else(bad)?;
                let valid = !rolls.is_empty() && rolls.bytes().all(|b| b.is_ascii_digit());
                let rolls = valid
                    .then(|| rolls.parse().ok())
                    .flatten()
                    .ok_or_else(bad)?;
                Ok(Dice::ChaCha8 { seed, rolls })
            }
            None => hex(text).map(Dice::new).ok_or_else(bad),
        }
    }
}

/// A dice field of a position string that is neither of the two forms [`Dice::to_text`]
/// writes.
#[derive(Copy, Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error(
    "the dice should be chacha8:<seed, 16 hexadecimal digits>:<rolls made>, or 16 hexadecimal \
     digits in a game from before the rolls were recorded"
)]
pub struct DiceTextError;

/// The rolls of one action: drawn from the dice, or taken from the record. It keeps what it
/// handed out, and says what was wrong when a record's rolls do not fit the action.
#[derive(Debug)]
pub struct Roller<'a> {
    /// The record's rolls still to use; `None` when drawing.
    recorded: Option<std::slice::Iter<'a, u32>>,
    made: Vec<u32>,
    fault: Option<RollsError>,
}

impl<'a> Roller<'a> {
    /// A roller that takes its rolls from this source of chance.
    pub fn new(chance: Chance<'a>) -> Roller<'a> {
        Roller {
            recorded: match chance {
                Chance::Draw => None,
                Chance::Recorded(rolls) => Some(rolls.iter()),
            },
            made: Vec::new(),
            fault: None,
        }
    }

    /// One d6: the record's next roll (the dice move past it), or a roll of the dice. A record
    /// out of rolls may only draw with the legacy generator, whose records hold none. `None`
    /// when the record is at fault: the action must stop there and be discarded.
    pub(crate) fn d6(&mut self, dice: &mut Dice) -> Option<u8> {
        if self.fault.is_some() {
            return None;
        }
        let roll = match self.recorded.as_mut().map(Iterator::next) {
            None => dice.d6(),
            Some(Some(&face)) => match u8::try_from(face) {
                Ok(face @ 1..=6) => {
                    dice.skip();
                    face
                }
                _ => {
                    self.fault = Some(RollsError::NotAFace(face));
                    return None;
                }
            },
            Some(None) if dice.is_legacy() => dice.d6(),
            Some(None) => {
                self.fault = Some(RollsError::Missing);
                return None;
            }
        };
        self.made.push(u32::from(roll));
        Some(roll)
    }

    /// The rolls the action used, or why the record's rolls do not fit it (a fault, or rolls
    /// left over).
    pub(crate) fn finish(self) -> Result<Rolls, RollsError> {
        if let Some(fault) = self.fault {
            return Err(fault);
        }
        if let Some(left) = self.recorded
            && left.len() > 0
        {
            return Err(RollsError::LeftOver(left.len()));
        }
        Ok(Rolls(self.made))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_comes_up_about_a_sixth_of_the_time() {
        for mut dice in [Dice::chacha8(7), Dice::new(7)] {
            let mut counts = [0u32; 7];
            for _ in 0..60_000 {
                counts[usize::from(dice.d6())] += 1;
            }
            assert_eq!(counts[0], 0);
            for face in 1..=6 {
                assert!((9_000..11_000).contains(&counts[face]), "{counts:?}");
            }
        }
    }

    #[test]
    fn the_same_seed_rolls_the_same_dice() {
        for start in [Dice::chacha8(42), Dice::new(42)] {
            let (mut a, mut b) = (start, start);
            let rolls_a: Vec<u8> = (0..20).map(|_| a.d6()).collect();
            let rolls_b: Vec<u8> = (0..20).map(|_| b.d6()).collect();
            assert_eq!(rolls_a, rolls_b);
            assert_eq!(a, b);
        }
    }

    /// The rolls of a ChaCha8 game are pinned: a change of `rand` or `rand_chacha` that
    /// changed them would change the rolls of games in progress (never of rolls already
    /// logged), and must be a deliberate choice.
    #[test]
    fn chacha8_rolls_are_pinned() {
        let mut dice = Dice::chacha8(1);
        let rolls: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        assert_eq!(rolls, PINNED_CHACHA8_SEED_1);
        assert_eq!(dice, Dice::ChaCha8 { seed: 1, rolls: 12 });
    }

    const PINNED_CHACHA8_SEED_1: [u8; 12] = [4, 6, 4, 1, 3, 1, 2, 2, 1, 5, 6, 1];

    /// The legacy generator must roll as it always did: recorded games depend on it.
    #[test]
    fn legacy_rolls_are_those_of_the_old_generator() {
        let mut dice = Dice::new(5);
        let rolls: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        assert_eq!(rolls, PINNED_SPLITMIX64_STATE_5);
    }

    // Worked out with the generator of the records made before (SplitMix64, multiply-shift).
    const PINNED_SPLITMIX64_STATE_5: [u8; 12] = [3, 5, 2, 1, 2, 3, 6, 4, 3, 4, 3, 1];

    #[test]
    fn skipping_a_roll_is_drawing_it_without_looking() {
        for start in [Dice::chacha8(3), Dice::new(3)] {
            let (mut drawn, mut skipped) = (start, start);
            drawn.d6();
            skipped.skip();
            assert_eq!(drawn, skipped);
            assert_eq!(drawn.d6(), skipped.d6());
        }
    }

    #[test]
    fn dice_are_written_and_read_back() {
        for dice in [
            Dice::chacha8(0),
            Dice::ChaCha8 {
                seed: u64::MAX,
                rolls: 31,
            },
            Dice::new(0x2a),
        ] {
            assert_eq!(Dice::parse(&dice.to_text()), Ok(dice));
        }
        assert_eq!(Dice::chacha8(0x2a).to_text(), "chacha8:000000000000002a:0");
        assert_eq!(Dice::new(0x2a).to_text(), "000000000000002a");
        for bad in [
            "",
            "2a",
            "chacha8:2a:0",
            "chacha8:000000000000002a",
            "chacha8:000000000000002a:",
            "chacha8:000000000000002a:-1",
            "chacha8:000000000000002a:+1",
            "chacha8:00000000000000zz:1",
            "+00000000000002a",
            "000000000000002ag",
        ] {
            assert!(Dice::parse(bad).is_err(), "{bad}");
        }
    }

    /// The sentences a replay that stops shows: they say what the record got wrong.
    #[test]
    fn a_record_that_does_not_fit_says_how() {
        let mut dice = Dice::chacha8(9);
        let mut roller = Roller::new(Chance::Recorded(&[9]));
        roller.d6(&mut dice);
        let fault = roller.finish().unwrap_err();
        assert_eq!(fault.to_string(), "the record's roll 9 is not a die face");
        let mut roller = Roller::new(Chance::Recorded(&[]));
        roller.d6(&mut dice);
        assert_eq!(
            roller.finish().unwrap_err().to_string(),
            "the record holds no dice roll for this action"
        );
        for (rolls, more) in [
            (&[1][..], "1 dice roll more"),
            (&[1, 2][..], "2 dice rolls more"),
        ] {
            let left = Roller::new(Chance::Recorded(rolls)).finish().unwrap_err();
            assert_eq!(
                left.to_string(),
                format!("the record holds {more} than this action makes")
            );
        }
        assert_eq!(
            Rolls::parse("3, six-and-a-half-and-more")
                .unwrap_err()
                .to_string(),
            "\"six-and-a-ha\" is not a recorded roll"
        );
        assert_eq!(Rolls::parse(" 3,5 "), Ok(Rolls(vec![3, 5])));
        assert_eq!(
            Dice::parse("2a").unwrap_err().to_string(),
            "the dice should be chacha8:<seed, 16 hexadecimal digits>:<rolls made>, or 16 \
             hexadecimal digits in a game from before the rolls were recorded"
        );
    }

    #[test]
    fn a_roller_takes_the_records_rolls_and_checks_they_fit() {
        let mut dice = Dice::chacha8(9);
        let mut roller = Roller::new(Chance::Recorded(&[6, 1]));
        assert_eq!(roller.d6(&mut dice), Some(6));
        assert_eq!(roller.d6(&mut dice), Some(1));
        assert_eq!(roller.finish(), Ok(Rolls(vec![6, 1])));
        assert_eq!(dice, Dice::ChaCha8 { seed: 9, rolls: 2 });
        // Too few, too many, not a face.
        let mut roller = Roller::new(Chance::Recorded(&[]));
        assert_eq!(roller.d6(&mut dice), None);
        assert!(roller.finish().is_err());
        let roller = Roller::new(Chance::Recorded(&[3]));
        assert!(roller.finish().is_err());
        let mut roller = Roller::new(Chance::Recorded(&[7]));
        assert_eq!(roller.d6(&mut dice), None);
        assert!(roller.finish().is_err());
        // A legacy record holds no rolls: its generator draws them again.
        let mut legacy = Dice::new(9);
        let mut again = legacy;
        let mut roller = Roller::new(Chance::Recorded(&[]));
        let face = roller.d6(&mut legacy).unwrap();
        assert_eq!(face, again.d6());
        assert_eq!(roller.finish(), Ok(Rolls(vec![u32::from(face)])));
    }
}
