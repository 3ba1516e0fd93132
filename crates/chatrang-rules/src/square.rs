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

    /// The square's index, 16 per rank: for per-square arrays.
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

/// The square names in a piece of move text, in order, with the byte offset where each
/// starts: a letter followed by digits, such as `e2` and `e4` in `e2e4`, `d2` in `Nbd2` (the `b`
/// before it is followed by a letter, so it is no square) or `a11` in `a11=T`. The one scanner
/// every notation and the service's explanations use. Names come back as written, on a board
/// or not, so that callers can say which square is off the board.
pub fn square_names(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut names = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_alphabetic() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            names.push((start, &text[start..i]));
        } else {
            i += 1;
        }
    }
    names
}

/// A move written as two squares and nothing else, such as `c3c5`: both squares.
pub fn two_squares(text: &str) -> Option<(Square, Square)> {
    match square_names(text).as_slice() {
        [(0, from), (at, to)] if *at == from.len() && at + to.len() == text.len() => {
            Some((Square::parse(from).ok()?, Square::parse(to).ok()?))
        }
        _ => None,
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
    /// The text that could not be read.
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
    fn square_names_are_found_in_every_kind_of_move() {
        let names = |t| {
            square_names(t)
                .into_iter()
                .map(|(_, n)| n)
                .collect::<Vec<_>>()
        };
        assert_eq!(names("e2e9"), ["e2", "e9"]);
        assert_eq!(names("Nbd2"), ["d2"]);
        assert_eq!(names("a11=T"), ["a11"]);
        assert_eq!(names("d4d5&k4k5"), ["d4", "d5", "k4", "k5"]);
        assert!(names("O-O").is_empty());
        assert_eq!(square_names("Nf3"), [(1, "f3")]);
        let (c3, c5) = (Square::new(2, 2).unwrap(), Square::new(2, 4).unwrap());
        assert_eq!(two_squares("c3c5"), Some((c3, c5)));
        assert_eq!(two_squares("c3"), None);
        assert_eq!(two_squares("c3c5x"), None);
        assert_eq!(two_squares("Nc3c5"), None);
    }

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
