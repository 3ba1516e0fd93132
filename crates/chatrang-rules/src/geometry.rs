//! Board shapes: a rectangle of any size up to 16 × 16, optional holes (squares that do not
//! exist), and optionally files that wrap around (a cylinder, as in Chromopolis).

use super::{MAX_SIDE, Square, SquareError, SquareSet};

#[derive(Clone, Debug, Eq, PartialEq, Hash)]
/// The shape of a board: its size, its holes and whether its files wrap around (a cylinder).
pub struct Geometry {
    files: u8,
    ranks: u8,
    wrap_files: bool,
    exists: SquareSet,
}

/// A board shape that cannot be built.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum GeometryError {
    #[error("a board needs 1 to 16 files and 1 to 16 ranks, not {files}×{ranks}")]
    /// A size outside what a board may have.
    BadSize {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
}

/// A square name that is well formed but not on this board.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum BoardSquareError {
    #[error(transparent)]
    /// A square that cannot be read.
    Malformed(#[from] SquareError),
    #[error("{0} is not on this board")]
    /// A square outside the board.
    OffBoard(Square),
}

impl Geometry {
    /// A plain rectangle.
    pub fn rectangle(files: u8, ranks: u8) -> Result<Geometry, GeometryError> {
        if files == 0 || ranks == 0 || files > MAX_SIDE || ranks > MAX_SIDE {
            return Err(GeometryError::BadSize { files, ranks });
        }
        let exists = (0..ranks)
            .flat_map(|r| (0..files).filter_map(move |f| Square::new(f, r)))
            .collect();
        Ok(Geometry {
            files,
            ranks,
            wrap_files: false,
            exists,
        })
    }

    /// Removes squares from the board.
    pub fn with_holes(mut self, holes: impl IntoIterator<Item = Square>) -> Geometry {
        for hole in holes {
            self.exists.remove(hole);
        }
        self
    }

    /// Makes the first and last files neighbours, for movement and everything else.
    pub fn cylinder(mut self) -> Geometry {
        self.wrap_files = true;
        self
    }

    /// How many files the board has.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// How many ranks the board has.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Whether the files wrap around (the board is a cylinder).
    pub fn wraps_files(&self) -> bool {
        self.wrap_files
    }

    /// Whether the square is on the board (inside it and not a hole).
    pub fn contains(&self, square: Square) -> bool {
        self.exists.contains(square)
    }

    /// Every square that exists, rank 1 first, file a first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.exists.iter()
    }

    /// Every square of the board, as a set.
    pub fn square_set(&self) -> SquareSet {
        self.exists
    }

    /// How many squares the board has.
    pub fn square_count(&self) -> usize {
        self.exists.len()
    }

    /// The index every game uses for flat arrays of squares: `rank × files + file`, from 0 to
    /// `files × ranks − 1` (holes keep their index, unused). `None` off the board's rectangle.
    pub fn index_of(&self, square: Square) -> Option<usize> {
        (square.file() < self.files && square.rank() < self.ranks).then(|| {
            usize::from(square.rank()) * usize::from(self.files) + usize::from(square.file())
        })
    }

    /// The square of an [`Geometry::index_of`] index; `None` beyond the rectangle.
    pub fn square_at(&self, index: usize) -> Option<Square> {
        let files = usize::from(self.files);
        (index < files * usize::from(self.ranks))
            .then(|| Square::new((index % files) as u8, (index / files) as u8))
            .flatten()
    }

    /// How many indices [`Geometry::index_of`] uses: the rectangle's area.
    pub fn cell_count(&self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// The square `files` right and `ranks` up from `from`, if it exists (wrapping on a cylinder).
    pub fn offset(&self, from: Square, files: i8, ranks: i8) -> Option<Square> {
        let mut file = from.file() as i16 + files as i16;
        let rank = from.rank() as i16 + ranks as i16;
        if self.wrap_files {
            file = file.rem_euclid(self.files as i16);
        }
        if !(0..self.files as i16).contains(&file) || !(0..self.ranks as i16).contains(&rank) {
            return None;
        }
        Square::new(file as u8, rank as u8).filter(|&s| self.contains(s))
    }

    /// Zero-based rank counted from `color`'s own side: rank 1 for White and the top rank for
    /// Black are both 0.
    pub fn relative_rank(&self, square: Square, color: super::Color) -> u8 {
        match color {
            super::Color::White => square.rank(),
            super::Color::Black => self.ranks - 1 - square.rank(),
        }
    }

    /// Parses a square name and checks that the square is on this board.
    pub fn parse_square(&self, text: &str) -> Result<Square, BoardSquareError> {
        let square = Square::parse(text)?;
        if self.contains(square) {
            Ok(square)
        } else {
            Err(BoardSquareError::OffBoard(square))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_space_numbers_the_rectangle_rank_by_rank() {
        let g = Geometry::rectangle(10, 4).unwrap();
        assert_eq!(g.cell_count(), 40);
        let b3 = Square::new(1, 2).unwrap();
        assert_eq!(g.index_of(b3), Some(21));
        assert_eq!(g.square_at(21), Some(b3));
        assert_eq!(g.square_at(40), None);
        assert_eq!(g.index_of(Square::new(10, 0).unwrap()), None);
        for i in 0..g.cell_count() {
            assert_eq!(g.index_of(g.square_at(i).unwrap()), Some(i));
        }
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn sixteen_by_twelve_has_192_squares_from_a1_to_p12() {
        let g = Geometry::rectangle(16, 12).unwrap();
        assert_eq!(g.square_count(), 192);
        assert!(g.contains(sq("p12")));
        assert!(!g.contains(sq("p13")));
        assert_eq!(
            g.parse_square("a13"),
            Err(BoardSquareError::OffBoard(sq("a13")))
        );
    }

    #[test]
    fn sizes_outside_1_to_16_are_refused() {
        assert!(Geometry::rectangle(0, 8).is_err());
        assert!(Geometry::rectangle(17, 8).is_err());
        assert!(Geometry::rectangle(16, 16).is_ok());
    }

    #[test]
    fn holes_do_not_exist_and_cannot_be_reached() {
        let g = Geometry::rectangle(7, 6)
            .unwrap()
            .with_holes([sq("a1"), sq("a6")]);
        assert_eq!(g.square_count(), 40);
        assert!(!g.contains(sq("a1")));
        assert_eq!(g.offset(sq("b1"), -1, 0), None);
        assert_eq!(g.offset(sq("b2"), -1, 0), Some(sq("a2")));
    }

    #[test]
    fn a_cylinder_wraps_files_but_not_ranks() {
        let g = Geometry::rectangle(7, 6).unwrap().cylinder();
        assert_eq!(g.offset(sq("a3"), -1, 0), Some(sq("g3")));
        assert_eq!(g.offset(sq("g3"), 2, 1), Some(sq("b4")));
        assert_eq!(g.offset(sq("a6"), 0, 1), None);
        let flat = Geometry::rectangle(7, 6).unwrap();
        assert_eq!(flat.offset(sq("a3"), -1, 0), None);
    }
}
