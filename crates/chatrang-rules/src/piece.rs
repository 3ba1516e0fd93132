//! A piece of a game with a fixed set of kinds (Chromopolis, Catalonia): a colour and a kind,
//! written as one letter in position strings (upper case for White) and drawn from its kind's
//! sprite. The chess-like engine's pieces are table-driven and live in `chesslike`.

use super::{Color, PieceView};

/// What a game's kind of piece says about itself.
pub trait PieceKind: Copy + Eq {
    /// The letter of position strings and notation, upper case.
    fn symbol(self) -> char;
    /// Reads a letter in either case.
    fn from_symbol(c: char) -> Option<Self>;
    /// The kind's name, for people.
    fn name(self) -> &'static str;
    /// The sprite the renderer draws.
    fn sprite(self) -> &'static str;
}

/// Implements [`PieceKind`] for a game's kind type through its own `symbol`, `from_symbol`,
/// `name` and `sprite` (kept inherent and `const` where they can be).
macro_rules! piece_kind {
    ($kind:ty) => {
        impl $crate::PieceKind for $kind {
            fn symbol(self) -> char {
                <$kind>::symbol(self)
            }

            fn from_symbol(c: char) -> Option<$kind> {
                <$kind>::from_symbol(c)
            }

            fn name(self) -> &'static str {
                <$kind>::name(self)
            }

            fn sprite(self) -> &'static str {
                <$kind>::sprite(self)
            }
        }
    };
}
pub(crate) use piece_kind;

/// A piece: a colour and a kind.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Piece<K> {
    /// Whose piece.
    pub color: Color,
    /// What kind.
    pub kind: K,
}

impl<K: PieceKind> Piece<K> {
    /// A piece of this colour and kind.
    pub const fn new(color: Color, kind: K) -> Piece<K> {
        Piece { color, kind }
    }

    /// Upper case for White, lower case for Black, as in position strings.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.symbol(),
            Color::Black => self.kind.symbol().to_ascii_lowercase(),
        }
    }

    /// Reads [`Piece::letter`] back.
    pub fn from_letter(c: char) -> Option<Piece<K>> {
        let kind = K::from_symbol(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// How it looks; `bound` for a Chromopolis piece held by force.
    pub fn view(self, bound: bool) -> PieceView {
        PieceView {
            kind: self.kind.sprite().into(),
            name: self.kind.name().into(),
            symbol: self.kind.symbol().to_string(),
            color: self.color,
            bound,
        }
    }
}
