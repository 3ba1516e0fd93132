//! Squares: a file and a rank on a board of at most 16 × 16.

use std::{fmt, str::FromStr};

/// The largest number of files or ranks any board may have.
pub const MAX_SIDE: u8 = 16;

/// A square, stored as `rank * 16 + file` so that every board size shares one index space.
/// Whether the square exists on a given board is the [`Geometry`](super::Geometry)'s business.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Square(u8);

impl Square {
    /// Builds a square from zero-based file and rank; `None` if either is 16 or more.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }

    /// The square with this dense index (`0..256`).
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based file: `a` is 0.
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }

    /// Zero-based rank: rank 1 is 0.
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// The file's letter, `a` to `p`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Parses `a1` … `p16` in either letter case.
    pub fn parse(text: &str) -> Result<Square, SquareError> {
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(|c| c.is_ascii_alphabetic())
            .ok_or_else(|| SquareError::new(text))?;
        let file = file.to_ascii_lowercase() as u8;
        if !(b'a'..b'a' + MAX_SIDE).contains(&file) {
            return Err(SquareError::new(text));
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SquareError::new(text));
        }
        let rank: u8 = digits.parse().map_err(|_| SquareError::new(text))?;
        if rank == 0 || rank > MAX_SIDE {
            return Err(SquareError::new(text));
        }
        Square::new(file - b'a', rank - 1).ok_or_else(|| SquareError::new(text))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        Square::parse(s)
    }
}

/// A square name that could not be read.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("\"{text}\" is not a square; write a file letter and a rank number, like e4 or p12")]
pub struct SquareError {
    pub text: String,
}

impl SquareError {
    fn new(text: &str) -> SquareError {
        SquareError {
            text: text.chars().take(20).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_across_a_16_by_16_index_space() {
        for index in 0..=255u8 {
            let square = Square::from_index(index);
            assert_eq!(Square::parse(&square.to_string()), Ok(square));
        }
    }

    #[test]
    fn parse_accepts_upper_case_and_two_digit_ranks() {
        assert_eq!(Square::parse("P12").unwrap(), Square::new(15, 11).unwrap());
        assert_eq!(Square::parse("a1").unwrap(), Square::new(0, 0).unwrap());
    }

    #[test]
    fn parse_rejects_nonsense() {
        for bad in ["", "a", "a0", "q1", "a17", "a001", "1a", "é4", "a+1"] {
            assert!(Square::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
