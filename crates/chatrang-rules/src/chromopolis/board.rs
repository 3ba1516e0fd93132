//! The Chromopolis board and pieces: the 40-square cylinder (`docs/rules.md` §4.1), the five piece
//! kinds, and their movement and force tables compiled once from XBetza on that cylinder.

use std::sync::OnceLock;

use crate::{
    Color, Geometry, Square, SquareSet,
    move_table::{compile, reach_on_empty_board},
    xbetza::Betza,
};

/// The kinds of piece, in the order their tables are stored.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub enum Kind {
    /// Moves one square in any direction; losing it loses the game.
    King,
    /// The Knight.
    Knight,
    /// The Advocate.
    Advocate,
    /// The Prelate.
    Prelate,
    /// The Pawn.
    Pawn,
}

impl Kind {
    pub(crate) const ALL: [Kind; 5] = [
        Kind::King,
        Kind::Knight,
        Kind::Advocate,
        Kind::Prelate,
        Kind::Pawn,
    ];

    /// What a pawn may become on its last rank.
    pub(crate) const PROMOTIONS: [Kind; 3] = [Kind::Knight, Kind::Advocate, Kind::Prelate];

    pub(crate) const fn symbol(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Knight => 'N',
            Kind::Advocate => 'A',
            Kind::Prelate => 'L',
            Kind::Pawn => 'P',
        }
    }

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            Kind::Knight => "Knight",
            Kind::Advocate => "Advocate",
            Kind::Prelate => "Prelate",
            Kind::Pawn => "Pawn",
        }
    }

    /// The renderer's sprite id.
    pub(crate) const fn sprite(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Knight => "knight",
            Kind::Advocate => "advocate",
            Kind::Prelate => "prelate",
            Kind::Pawn => "pawn",
        }
    }

    /// Where the piece may move, in XBetza (`docs/rules.md` §4.3).
    pub(crate) const fn move_betza(self) -> &'static str {
        match self {
            Kind::King => "K",
            Kind::Knight => "N",
            Kind::Advocate => "FD",
            Kind::Prelate => "F",
            Kind::Pawn => "fmW",
        }
    }

    /// Where the piece applies force, in XBetza; force ignores every piece in between.
    pub(crate) const fn force_betza(self) -> &'static str {
        match self {
            Kind::King => "K",
            Kind::Knight => "N",
            Kind::Advocate => "FD",
            Kind::Prelate => "NW",
            Kind::Pawn => "fF",
        }
    }

    pub(crate) const fn description(self) -> &'static str {
        match self {
            Kind::King => {
                "steps one square in any direction; force on the same squares. Bound, it loses the game"
            }
            Kind::Knight => "leaps like a chess knight; force on the same squares",
            Kind::Advocate => {
                "steps one square diagonally or leaps two squares straight; force on the same squares"
            }
            Kind::Prelate => {
                "moves one diagonal step; applies force to its knight squares and the four squares beside it"
            }
            Kind::Pawn => {
                "steps one square straight forward (never two); force on the two squares diagonally forward; promotes on the last rank"
            }
        }
    }

    pub(crate) fn from_symbol(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.symbol() == c.to_ascii_uppercase())
    }

    /// Reads a symbol (`N`) or a name (`knight`) in any letter case.
    pub(crate) fn parse(text: &str) -> Option<Kind> {
        let text = text.trim();
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::from_symbol(c),
            _ => Kind::ALL
                .into_iter()
                .find(|k| k.name().eq_ignore_ascii_case(text)),
        }
    }
}

/// A piece of this game: a colour and a [`Kind`].
pub type Piece = crate::Piece<Kind>;

crate::piece::piece_kind!(Kind);

/// The board: 7 files a–g on a cylinder (a is next to both b and g), 6 ranks; a1 and a6 do
/// not exist.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let hole = |rank| Square::new(0, rank).expect("a1 and a6 are squares");
        Geometry::rectangle(7, 6)
            .expect("7×6 is a board")
            .cylinder()
            .with_holes([hole(0), hole(5)])
    })
}

/// The last rank of each side (where pawns promote): 6 for White, 1 for Black.
pub(crate) const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 5,
        Color::Black => 0,
    }
}

/// Movement and force targets for every side, kind and square, on an empty board.
pub(crate) struct Tables {
    moves: Vec<SquareSet>,
    force: Vec<SquareSet>,
}

impl Tables {
    fn slot(color: Color, kind: Kind, from: Square) -> usize {
        (color.index() * Kind::ALL.len() + kind as usize) * 256 + from.index()
    }

    /// Squares the piece may move to from `from` (before looking at what stands there).
    pub(crate) fn moves(&self, color: Color, kind: Kind, from: Square) -> SquareSet {
        self.moves[Self::slot(color, kind, from)]
    }

    /// Squares the piece applies force to from `from`.
    pub(crate) fn force(&self, color: Color, kind: Kind, from: Square) -> SquareSet {
        self.force[Self::slot(color, kind, from)]
    }
}

/// The tables, built once from the XBetza of each kind on the cylinder.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = geometry();
        let size = 2 * Kind::ALL.len() * 256;
        let mut tables = Tables {
            moves: vec![SquareSet::EMPTY; size],
            force: vec![SquareSet::EMPTY; size],
        };
        for color in Color::ALL {
            for kind in Kind::ALL {
                let moves = Betza::parse(kind.move_betza()).expect("movement XBetza parses");
                let force = Betza::parse(kind.force_betza()).expect("force XBetza parses");
                for from in g.squares() {
                    let slot = Tables::slot(color, kind, from);
                    tables.moves[slot] =
                        reach_on_empty_board(&compile(&moves, g, color, from, false));
                    tables.force[slot] =
                        reach_on_empty_board(&compile(&force, g, color, from, false));
                }
            }
        }
        tables
    })
}
