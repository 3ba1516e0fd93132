//! The Katarenga board: eight quarterboard faces, the 98,304 ways to put four quarterboards in
//! the frame, and the four-character board code that names one arrangement so a board can be
//! shared and replayed.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Tile;

/// The colour of one Katarenga square; it decides how a pawn standing there moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Hue {
    /// Red: moves like a King.
    Red,
    /// Yellow: moves like a Bishop.
    Yellow,
    /// Green: moves like a Knight.
    Green,
    /// Blue: moves like a Rook.
    Blue,
}

impl Hue {
    /// The four colours.
    pub const ALL: [Hue; 4] = [Hue::Red, Hue::Yellow, Hue::Green, Hue::Blue];

    fn from_letter(c: u8) -> Option<Hue> {
        match c {
            b'R' => Some(Hue::Red),
            b'Y' => Some(Hue::Yellow),
            b'G' => Some(Hue::Green),
            b'B' => Some(Hue::Blue),
            _ => None,
        }
    }

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Hue::Red => "red",
            Hue::Yellow => "yellow",
            Hue::Green => "green",
            Hue::Blue => "blue",
        }
    }

    pub(crate) const fn tile(self) -> Tile {
        match self {
            Hue::Red => Tile::Red,
            Hue::Yellow => Tile::Yellow,
            Hue::Green => Tile::Green,
            Hue::Blue => Tile::Blue,
        }
    }
}

/// A 4×4 face, rows from the top (the edge away from the viewer) down, columns left to right.
pub(crate) type Face = [[Hue; 4]; 4];

/// The eight faces exactly as `docs/rules.md` §3.1 lists them: `FACE_TEXT[q][side]`, side 0 = a.
pub(crate) const FACE_TEXT: [[&str; 2]; 4] = [
    ["RYBG/GRGB/YYBR/BGRY", "RGYB/YRYG/BGBR/GBRY"],
    ["RYGB/GYRY/BBGR/YRBG", "RGBY/YYBR/GRGB/BYRG"],
    ["RGBY/YYGR/BBRG/GRYB", "RYBG/GYBR/BGRY/YRGB"],
    ["RGBY/YYBR/BGRG/GRYB", "RYBG/GYGR/BBRY/YRGB"],
];

/// The face of quarterboard `quarter` (0–3) with `side` up (0 = a, 1 = b), unrotated.
pub fn face(quarter: usize, side: usize) -> Face {
    let rows: Vec<&[u8]> = FACE_TEXT[quarter][side]
        .as_bytes()
        .split(|&b| b == b'/')
        .collect();
    std::array::from_fn(|r| {
        std::array::from_fn(|c| Hue::from_letter(rows[r][c]).expect("face tables are valid"))
    })
}

/// Turns a face a quarter-turn clockwise `turns` times.
pub(crate) fn rotate_face(face: Face, turns: u8) -> Face {
    let mut out = face;
    for _ in 0..turns % 4 {
        let before = out;
        out = std::array::from_fn(|r| std::array::from_fn(|c| before[3 - c][r]));
    }
    out
}

/// One quarterboard in one slot of the frame: which one, which side up, how far turned.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct Placement {
    /// 0–3 for Q1–Q4.
    pub(crate) quarter: u8,
    /// 0 for the a face, 1 for the b face.
    pub(crate) side: u8,
    /// Quarter-turns clockwise, 0–3.
    pub(crate) turns: u8,
}

/// The letters of the board code: one letter per slot names quarterboard, face and turn
/// (Q1 = A–H, Q2 = J–R, Q3 = S–Z, Q4 = 2–9; within each group the a face unturned, turned
/// once, twice, three times clockwise, then the b face likewise). No I, O, 0 or 1, so codes
/// survive being read aloud or retyped.
const CODE_LETTERS: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// The four quarterboards in the frame, in the order top-left, top-right, bottom-left,
/// bottom-right (top = rank 8).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Arrangement {
    pub(crate) slots: [Placement; 4],
}

/// A board code that names no board.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum BoardCodeError {
    #[error(
        "a board code has exactly 4 characters (one per quarterboard, such as AJS2), not \"{0}\""
    )]
    /// A board code of the wrong length.
    Length(String),
    #[error("\"{0}\" cannot be in a board code; the characters are A–H, J–N, P–Z and 2–9")]
    /// A character that is no colour.
    Character(char),
    #[error(
        "the board code \"{0}\" uses one quarterboard twice; each of Q1 (A–H), Q2 (J–R), Q3 (S–Z) and Q4 (2–9) must appear once"
    )]
    /// A quarter used twice.
    Repeated(String),
}

impl Arrangement {
    /// How many different boards there are: 4! orders × 2⁴ sides × 4⁴ turns.
    pub const COUNT: u32 = 98_304;

    /// The arrangement with this number (0 ≤ index < [`Self::COUNT`]), so that a random number
    /// picks every board with the same chance.
    pub fn from_index(index: u32) -> Arrangement {
        let index = index % Self::COUNT;
        let mut order = index / 4096;
        let mut rest = index % 4096;
        let mut left: Vec<u8> = vec![0, 1, 2, 3];
        let mut slots = [Placement {
            quarter: 0,
            side: 0,
            turns: 0,
        }; 4];
        for (i, slot) in slots.iter_mut().enumerate() {
            let radix = (4 - i) as u32;
            let weight: u32 = (1..radix).product();
            let pick = (order / weight) as usize;
            order %= weight;
            slot.quarter = left.remove(pick);
            slot.side = (rest & 1) as u8;
            slot.turns = ((rest >> 1) & 3) as u8;
            rest >>= 3;
        }
        Arrangement { slots }
    }

    /// A board drawn from `seed` with ChaCha8 (`rand_chacha`, portable and reproducible), as
    /// Catalonia's dice are: the same seed gives the same board. A game stores the board it
    /// got in its start position, so a later change here never alters a game already begun.
    pub(crate) fn random(seed: u64) -> Arrangement {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Arrangement::from_index(rng.random_range(0..Self::COUNT))
    }

    /// The short code naming this board, such as `AJS2`.
    pub fn code(&self) -> String {
        self.slots
            .iter()
            .map(|p| CODE_LETTERS[(p.quarter * 8 + p.side * 4 + p.turns) as usize] as char)
            .collect()
    }

    /// Reads a board code in either letter case.
    pub fn parse(code: &str) -> Result<Arrangement, BoardCodeError> {
        let code = code.trim();
        let chars: Vec<char> = code.chars().take(5).collect();
        if chars.len() != 4 {
            return Err(BoardCodeError::Length(code.chars().take(12).collect()));
        }
        let mut slots = [Placement {
            quarter: 0,
            side: 0,
            turns: 0,
        }; 4];
        for (slot, &c) in slots.iter_mut().zip(&chars) {
            let upper = c.to_ascii_uppercase();
            let n = CODE_LETTERS
                .iter()
                .position(|&l| l as char == upper)
                .ok_or(BoardCodeError::Character(c))? as u8;
            *slot = Placement {
                quarter: n / 8,
                side: (n / 4) % 2,
                turns: n % 4,
            };
        }
        let mut seen = [false; 4];
        for p in &slots {
            if std::mem::replace(&mut seen[p.quarter as usize], true) {
                return Err(BoardCodeError::Repeated(code.to_string()));
            }
        }
        Ok(Arrangement { slots })
    }

    /// The colour of every square, indexed `rank * 8 + file` (a1 = 0, h8 = 63).
    pub fn hues(&self) -> [Hue; 64] {
        let faces = self
            .slots
            .map(|p| rotate_face(face(p.quarter as usize, p.side as usize), p.turns));
        std::array::from_fn(|i| {
            let (rank, file) = (i / 8, i % 8);
            let row_from_top = 7 - rank;
            let slot = (row_from_top / 4) * 2 + file / 4;
            faces[slot][row_from_top % 4][file % 4]
        })
    }

    /// The same board turned a quarter-turn clockwise `turns` times, as a new arrangement (the
    /// quarterboards change slots and each turns with the board).
    pub(crate) fn turned(&self, turns: u8) -> Arrangement {
        let mut out = *self;
        for _ in 0..turns % 4 {
            let [tl, tr, bl, br] = out.slots;
            let turn = |p: Placement| Placement {
                turns: (p.turns + 1) % 4,
                ..p
            };
            // Clockwise: the top-left quarter moves to the top right, and so on round.
            out.slots = [turn(bl), turn(tl), turn(br), turn(tr)];
        }
        out
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_has_its_own_code_and_the_code_reads_back() {
        let mut codes = std::collections::HashSet::new();
        for index in 0..Arrangement::COUNT {
            let a = Arrangement::from_index(index);
            let code = a.code();
            assert_eq!(Arrangement::parse(&code), Ok(a));
            assert!(codes.insert(code));
        }
        assert_eq!(codes.len(), 98_304);
    }

    #[test]
    fn turning_the_arrangement_turns_the_squares() {
        let a = Arrangement::parse("AKU5").unwrap();
        let before = a.hues();
        let after = a.turned(1).hues();
        for rank in 0..8 {
            for file in 0..8 {
                // Clockwise: the square at (file, rank) goes to (rank, 7 - file).
                assert_eq!(after[(7 - file) * 8 + rank], before[rank * 8 + file]);
            }
        }
        assert_eq!(a.turned(4), a);
    }
}
