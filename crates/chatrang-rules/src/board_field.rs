//! The board field of every game's position string: ranks from the top, separated by `/`; in a
//! rank a number counts empty squares and anything else is one square's contents, read by the
//! game's cell codec. One reader for the chess-like FEN, Katarenga, Chromopolis and Catalonia.

use std::fmt;

use super::{Geometry, Square};

/// How a game writes the contents of one square.
pub(crate) trait CellCodec {
    type Cell;
    /// The game's error, which the reader's own errors become.
    type Error: From<FieldError>;

    /// Reads the cell at the start of `text` (never empty, never starting with a digit) for
    /// `square`: the cell and how many bytes of `text` it used (at least one).
    fn read(&self, square: Square, text: &str) -> Result<(Self::Cell, usize), Self::Error>;
}

/// How a rank treats squares the board does not have.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Holes {
    /// Every file is written, a missing square as `*` (the chess-like games).
    Starred,
    /// A rank lists only its existing squares (Chromopolis; boards without holes).
    Skipped,
}

/// What is wrong with the shape of a board field.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum FieldError {
    /// The text has the wrong number of ranks.
    RankCount {
        /// Ranks in the text.
        found: usize,
        /// Ranks on the board.
        expected: u8,
    },
    /// A rank of the text covers the wrong number of files.
    RankWidth {
        /// The rank, counted from the top of the text.
        rank: u8,
        /// Files the rank covers.
        found: usize,
        /// Files on the board.
        expected: usize,
    },
    /// `*` on a square that exists.
    HoleMismatch {
        /// The rank, counted from the top of the text.
        rank: u8,
        /// The square concerned.
        square: Square,
    },
    /// A piece or an empty run on a square that does not exist.
    MissingHole {
        /// The rank, counted from the top of the text.
        rank: u8,
        /// The square concerned.
        square: Square,
    },
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::RankCount { found, expected } => {
                write!(
                    f,
                    "the position has {found} ranks; this board has {expected}"
                )
            }
            FieldError::RankWidth {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} describes {found} squares; this board has {expected} there"
            ),
            FieldError::HoleMismatch { rank, square } => write!(
                f,
                "rank {rank}: '*' marks {square}, but that square exists on this board"
            ),
            FieldError::MissingHole { rank, square } => write!(
                f,
                "rank {rank}: {square} does not exist on this board; write '*' there"
            ),
        }
    }
}

impl std::error::Error for FieldError {}

impl From<FieldError> for super::SetupError {
    fn from(error: FieldError) -> super::SetupError {
        super::SetupError(error.to_string())
    }
}

/// Reads a board field: every non-empty square with its cell, top rank first.
pub(crate) fn read<C: CellCodec>(
    text: &str,
    geometry: &Geometry,
    holes: Holes,
    codec: &C,
) -> Result<Vec<(Square, C::Cell)>, C::Error> {
    let rows: Vec<&str> = text.split('/').collect();
    let ranks = geometry.ranks();
    if rows.len() != usize::from(ranks) {
        return Err(FieldError::RankCount {
            found: rows.len(),
            expected: ranks,
        }
        .into());
    }
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let squares: Vec<Square> = (0..geometry.files())
            .filter_map(|file| Square::new(file, rank))
            .filter(|&s| holes == Holes::Starred || geometry.contains(s))
            .collect();
        let width = squares.len();
        let too_wide = |found| FieldError::RankWidth {
            rank: rank + 1,
            found,
            expected: width,
        };
        let missing = |square| FieldError::MissingHole {
            rank: rank + 1,
            square,
        };
        let mut next = 0;
        let mut rest = *row;
        while let Some(c) = rest.chars().next() {
            if c.is_ascii_digit() {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let run: usize = rest[..digits].parse().unwrap_or(usize::MAX);
                if digits > 2 {
                    return Err(too_wide(run).into());
                }
                if let Some(&hole) = squares[next.min(width)..(next + run).min(width)]
                    .iter()
                    .find(|&&s| !geometry.contains(s))
                {
                    return Err(missing(hole).into());
                }
                next += run;
                rest = &rest[digits..];
                continue;
            }
            let square = *squares.get(next).ok_or_else(|| too_wide(next + 1))?;
            if holes == Holes::Starred && c == '*' {
                if geometry.contains(square) {
                    return Err(FieldError::HoleMismatch {
                        rank: rank + 1,
                        square,
                    }
                    .into());
                }
                next += 1;
                rest = &rest[1..];
                continue;
            }
            if !geometry.contains(square) {
                return Err(missing(square).into());
            }
            let (cell, used) = codec.read(square, rest)?;
            cells.push((square, cell));
            next += 1;
            rest = rest.get(used.max(c.len_utf8())..).unwrap_or("");
        }
        if next != width {
            return Err(too_wide(next).into());
        }
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Letters are pieces; anything else is refused.
    struct Letters;

    /// The test codec's error: the reader's, or a cell that is no letter.
    #[derive(Debug, Eq, PartialEq, thiserror::Error)]
    enum LettersError {
        #[error(transparent)]
        Field(#[from] FieldError),
        #[error("'{0}' is no piece")]
        NoPiece(char),
    }

    impl CellCodec for Letters {
        type Cell = char;
        type Error = LettersError;

        fn read(&self, _: Square, text: &str) -> Result<(char, usize), LettersError> {
            let c = text.chars().next().unwrap_or(' ');
            if c.is_ascii_alphabetic() {
                Ok((c, 1))
            } else {
                Err(LettersError::NoPiece(c))
            }
        }
    }

    fn read_on(text: &str, g: &Geometry, holes: Holes) -> Result<Vec<String>, LettersError> {
        read(text, g, holes, &Letters)
            .map(|cells| cells.iter().map(|(s, c)| format!("{c}{s}")).collect())
    }

    #[test]
    fn ranks_runs_and_cells_are_read_top_first() {
        let g = Geometry::rectangle(12, 3).unwrap();
        assert_eq!(
            read_on("k11/12/2P8Q", &g, Holes::Skipped),
            Ok(vec!["ka3".into(), "Pc1".into(), "Ql1".into()])
        );
    }

    #[test]
    fn the_shape_is_checked() {
        let g = Geometry::rectangle(3, 2).unwrap();
        let err = |t| read_on(t, &g, Holes::Skipped).unwrap_err().to_string();
        assert!(err("3").contains("1 ranks; this board has 2"));
        assert!(err("4/3").contains("rank 2 describes 4 squares"));
        assert!(err("2/3").contains("rank 2 describes 2 squares"));
        assert!(err("k?1/3").contains("'?' is no piece"));
        assert!(err("100/3").contains("rank 2"));
    }

    #[test]
    fn holes_are_starred_or_skipped() {
        let a1 = Square::new(0, 0).unwrap();
        let g = Geometry::rectangle(3, 2).unwrap().with_holes([a1]);
        assert_eq!(read_on("3/*K1", &g, Holes::Starred), Ok(vec!["Kb1".into()]));
        assert_eq!(read_on("3/K1", &g, Holes::Skipped), Ok(vec!["Kb1".into()]));
        let err = |t| read_on(t, &g, Holes::Starred).unwrap_err().to_string();
        assert!(err("3/3").contains("a1 does not exist"));
        assert!(err("3/K2").contains("a1 does not exist"));
        assert!(err("*2/*K1").contains("'*' marks a2"));
    }
}
