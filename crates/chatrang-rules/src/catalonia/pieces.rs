//! The five Catalonia pieces: names, letters, sprites, and their move and defence patterns as
//! XBetza compiled once into rays per square (see `docs/rules.md` §5.1).

use std::sync::OnceLock;

use crate::{
    Color, Geometry, Square,
    move_table::{self, Ray},
    xbetza::Betza,
};

/// The board is always 8×8.
pub const SIDE: u8 = 8;

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
/// The five kinds of Catalonia pieces.
pub enum Kind {
    /// Moves and defends like a chess Knight.
    Knight,
    /// Moves and defends diagonally.
    Bishop,
    /// The Lady (see the rules summary).
    Lady,
    /// The Gentleman (see the rules summary).
    Gentleman,
    /// The Peasant (see the rules summary).
    Peasant,
}

impl Kind {
    pub(crate) const ALL: [Kind; 5] = [
        Kind::Knight,
        Kind::Bishop,
        Kind::Lady,
        Kind::Gentleman,
        Kind::Peasant,
    ];

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Kind::Knight => "Knight",
            Kind::Bishop => "Bishop",
            Kind::Lady => "Lady",
            Kind::Gentleman => "Gentleman",
            Kind::Peasant => "Peasant",
        }
    }

    /// The upper-case letter of position strings.
    pub(crate) const fn symbol(self) -> char {
        match self {
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Lady => 'L',
            Kind::Gentleman => 'G',
            Kind::Peasant => 'P',
        }
    }

    /// Reads a letter in either case.
    pub(crate) fn from_symbol(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.symbol() == c.to_ascii_uppercase())
    }

    /// The renderer's sprite id.
    pub(crate) const fn sprite(self) -> &'static str {
        match self {
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Lady => "lady",
            Kind::Gentleman => "gentleman",
            Kind::Peasant => "peasant",
        }
    }

    /// How it moves. The Peasant's double steps depend on its rank both ways, so they are
    /// added by hand in [`super::board`].
    pub(crate) const fn move_betza(self) -> &'static str {
        match self {
            Kind::Knight => "N",
            Kind::Bishop => "B",
            Kind::Lady => "Q",
            Kind::Gentleman => "KAD",
            Kind::Peasant => "vW",
        }
    }

    /// Whom it defends.
    pub(crate) const fn defence_betza(self) -> &'static str {
        match self {
            Kind::Peasant => "fF",
            other => other.move_betza(),
        }
    }

    pub(crate) const fn description(self) -> &'static str {
        match self {
            Kind::Knight => "knight leap; defends its knight squares",
            Kind::Bishop => {
                "bishop slide; defends the first piece on each diagonal (not across a pit)"
            }
            Kind::Lady => "queen slide; defends the first piece on each line (not across a pit)",
            Kind::Gentleman => {
                "king step, or a leap of two squares straight or diagonally; defends all those squares; not royal"
            }
            Kind::Peasant => {
                "one step forward or backward, a double step from its 2nd to its 4th rank or back \
(not a leap), never onto its last rank; defends both forward diagonals"
            }
        }
    }
}

/// A piece of this game: a colour and a [`Kind`].
pub type Piece = crate::Piece<Kind>;

crate::piece::piece_kind!(Kind);

impl Piece {
    /// "White Knight".
    pub(crate) fn describe(self) -> String {
        format!("{} {}", self.color, self.kind.name())
    }
}

/// The 8×8 board shape.
pub(crate) fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| Geometry::rectangle(SIDE, SIDE).expect("8×8 is a board"))
}

/// The index of a square of the 8×8 board in the board's index space (0..64).
pub(crate) fn slot(square: Square) -> usize {
    geometry()
        .index_of(square)
        .expect("a square of the 8×8 board")
}

/// The square of an index below 64.
pub(crate) fn square_of(slot: usize) -> Square {
    geometry().square_at(slot).expect("slot below 64")
}

struct Tables {
    /// Indexed by `table_index`.
    moves: Vec<Vec<Ray>>,
    defence: Vec<Vec<Ray>>,
}

fn table_index(piece: Piece, square: Square) -> usize {
    ((piece.kind as usize) * 2 + piece.color.index()) * 64 + slot(square)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let compile_all = |betza: fn(Kind) -> &'static str| {
            let mut out = Vec::new();
            for kind in Kind::ALL {
                let parsed = Betza::parse(betza(kind)).expect("Catalonia pieces parse");
                for color in Color::ALL {
                    for s in 0..64 {
                        out.push(move_table::compile(
                            &parsed,
                            geometry(),
                            color,
                            square_of(s),
                            false,
                        ));
                    }
                }
            }
            out
        };
        Tables {
            moves: compile_all(Kind::move_betza),
            defence: compile_all(Kind::defence_betza),
        }
    })
}

/// The rays a piece moves along from `square` (without the Peasant's double steps).
pub(crate) fn move_rays(piece: Piece, square: Square) -> &'static [Ray] {
    &tables().moves[table_index(piece, square)]
}

/// The rays along which a piece on `square` defends.
pub(crate) fn defence_rays(piece: Piece, square: Square) -> &'static [Ray] {
    &tables().defence[table_index(piece, square)]
}

/// Whether a piece may ever stand on `square`: a Peasant never enters its last rank.
pub(crate) fn may_enter(piece: Piece, square: Square) -> bool {
    piece.kind != Kind::Peasant || geometry().relative_rank(square, piece.color) != SIDE - 1
}
