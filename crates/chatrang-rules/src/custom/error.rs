//! Why a definition is refused: one clause per kind of mistake, naming the line and quoting at
//! most [`QUOTED`] characters of what was written, and saying what to write instead.

use crate::chesslike::{PositionError, VariantError};

/// The most characters of the person's text a refusal quotes.
pub const QUOTED: usize = 40;

/// At most [`QUOTED`] characters of `text`, with an ellipsis where it was cut.
pub(crate) fn quote(text: &str) -> String {
    let mut quoted: String = text.chars().take(QUOTED).collect();
    if text.chars().nth(QUOTED).is_some() {
        quoted.push('…');
    }
    quoted
}

/// A definition that cannot be a game, and why.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum DefinitionError {
    /// Nothing but blank and comment lines.
    #[error(
        "the definition is empty; write one key = value per line, such as maxFile = 8 \
         (docs/variants.md lists the keys)"
    )]
    Empty,
    /// Over the size limit.
    #[error(
        "the definition has {0} characters; a definition has at most {max}",
        max = crate::limits::VARIANT_DEFINITION
    )]
    TooLong(usize),
    /// A line that is neither a heading, a comment nor `key = value`.
    #[error("line {line} (\"{text}\") is not a key = value line")]
    NotAnEntry {
        /// The line's number, from 1.
        line: usize,
        /// The line, quoted.
        text: String,
    },
    /// A heading that does not read.
    #[error("line {line} (\"{text}\") is not a heading; write [Name] or [Name:chess]")]
    BadHeading {
        /// The line's number, from 1.
        line: usize,
        /// The line, quoted.
        text: String,
    },
    /// A `|` in a line that is no comment: position strings use it to carry the definition.
    #[error("line {line} has a |, which no key's value uses; take it out")]
    Bar {
        /// The line's number, from 1.
        line: usize,
    },
    /// A second `[heading]` after the first one or after entries.
    #[error("line {line} starts a second definition; define one variant at a time")]
    SecondHeading {
        /// The line's number, from 1.
        line: usize,
    },
    /// A heading naming a parent other than chess.
    #[error(
        "\"{0}\" is not a variant to build on here; build on chess ([Name:chess]) or write \
         every piece"
    )]
    UnknownParent(String),
    /// No heading and no `name =`.
    #[error(
        "the variant has no name; start with a heading such as [Knightmare], or write \
         name = Knightmare"
    )]
    NoName,
    /// A name that cannot name a game.
    #[error("the name \"{0}\" {1}")]
    BadName(String, &'static str),
    /// A key neither we nor Fairy-Stockfish know.
    #[error("line {line}: \"{key}\" is not a key of a definition; docs/variants.md lists them")]
    UnknownKey {
        /// The line's number, from 1.
        line: usize,
        /// The key, quoted.
        key: String,
    },
    /// A Fairy-Stockfish key for a rule this bot does not play.
    #[error("line {line}: {key} is a Fairy-Stockfish rule this bot does not play ({why})")]
    Unsupported {
        /// The line's number, from 1.
        line: usize,
        /// The key.
        key: String,
        /// What to do instead.
        why: &'static str,
    },
    /// A key given twice.
    #[error("line {line} gives {key} again; give each key once")]
    DuplicateKey {
        /// The line's number, from 1.
        line: usize,
        /// The key.
        key: String,
    },
    /// A value that does not read for its key.
    #[error("line {line}: {key} = \"{value}\" should be {expected}")]
    BadValue {
        /// The line's number, from 1.
        line: usize,
        /// The key.
        key: String,
        /// The value, quoted.
        value: String,
        /// What the key takes.
        expected: &'static str,
    },
    /// A piece line or piece key that does not read.
    #[error("line {line}: {reason}")]
    Piece {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// More piece types than a game may have.
    #[error("the definition has {0} pieces; a game has at most {max}", max = crate::limits::VARIANT_PIECES)]
    TooManyPieces(usize),
    /// A letter in a piece list that names no piece.
    #[error("line {line}: {key} names \"{letter}\", which is not a piece of this game")]
    UnknownLetter {
        /// The line's number, from 1.
        line: usize,
        /// The key.
        key: String,
        /// The letter, quoted.
        letter: String,
    },
    /// No pieces at all.
    #[error(
        "the definition has no pieces; write a line per piece, such as piece = King, K, K, royal \
         (or build on chess: [Name:chess])"
    )]
    NoPieces,
    /// Checkmate is the goal but no piece can be mated.
    #[error(
        "no piece is royal, and checkmate is the goal; write king = k, or end a piece line with \
         royal"
    )]
    NoRoyal,
    /// More than one royal type: check and mate would be ambiguous.
    #[error("{0} and {1} are both royal; a game here has one royal piece")]
    TwoRoyals(String, String),
    /// Castling asked for where it does not fit the board.
    #[error(
        "castling does not fit this board: it needs the King (K) between two Rooks (R) on the \
         first rank, where castlingKingFile, castlingRook…File and castling…sideFile say (the \
         corners, c and g by default); write castling = false, or those keys"
    )]
    CastlingDoesNotFit,
    /// Castling in a game where the King may be captured.
    #[error(
        "castling needs a King that may not be left attacked, and here it may be captured; \
         write castling = false, or leave out kingCapture"
    )]
    CastlingWithKingCapture,
    /// Promotion where no piece may be chosen.
    #[error(
        "the pawns promote, but to nothing: write promotionPieceTypes = q, say, with letters of \
         this game's pieces"
    )]
    NoPromotionChoice,
    /// The pieces compile, but not into a game.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The start position does not fit the board or the pieces.
    #[error("the start position does not fit: {0}")]
    Start(#[from] PositionError),
}
