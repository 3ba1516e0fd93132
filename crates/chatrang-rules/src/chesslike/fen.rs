//! The position string of the chess-like games, FEN extended for big boards:
//! `<ranks, top first, separated by '/'> <w|b> <rights> <en passant> <halfmove> <fullmove>`.
//! Empty runs may have two digits (`16`), `*` marks a square that does not exist, and a piece
//! with a two-letter symbol is written in brackets (`[MP]` White, `[mp]` Black).

use std::fmt::Write;

use super::{
    board::Board,
    piece::TypeId,
    rights::{
        BLACK_KINGSIDE, BLACK_LEAP, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_LEAP, WHITE_QUEENSIDE,
    },
    variant::{RightsKind, Variant},
};
use crate::{
    Color, Square,
    board_field::{self, CellCodec, FieldError, Holes},
    limits,
};

/// An editable position: anything that reads, before the rules have checked it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Setup {
    /// The pieces and their squares.
    pub pieces: Vec<(Square, Color, TypeId)>,
    /// The side to move.
    pub side: Color,
    /// The castling or King's-leap rights, as bits.
    pub rights: u8,
    /// The square a pawn just passed with its double step.
    pub en_passant: Option<Square>,
    /// Moves since the last capture or pawn move, for the fifty-move rule.
    pub halfmove: u16,
    /// The move number, from 1.
    pub fullmove: u16,
}

/// What is wrong with a position string, and where.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum FenError {
    #[error("the position is empty")]
    /// Refused: the position is empty.
    Empty,
    #[error(
        "the position string has {0} characters; a position string has at most {max}",
        max = limits::CHESS_LIKE_POSITION
    )]
    /// Refused: the position string has … characters; a position string has at most `max`.
    TooLong(usize),
    #[error("the position has {found} ranks; this board has {expected}")]
    /// Refused: the position has `found` ranks; this board has `expected`.
    RankCount {
        /// What was found.
        found: usize,
        /// What was expected.
        expected: u8,
    },
    #[error("rank {rank} describes {found} squares; this board has {expected} files")]
    /// Refused: rank `rank` describes `found` squares; this board has `expected` files.
    RankWidth {
        /// The rank, counted from the top of the text.
        rank: u8,
        /// Squares the rank describes.
        found: usize,
        /// Files on the board.
        expected: u8,
    },
    #[error("rank {rank}: '{found}' is not a piece of this game")]
    /// Refused: rank `rank`: `found` is not a piece of this game.
    UnknownPiece {
        /// The rank concerned, counted from the top of the text.
        rank: u8,
        /// What was found.
        found: String,
    },
    #[error("rank {rank}: '*' marks {square}, but that square exists on this board")]
    /// Refused: rank `rank`: '*' marks `square`, but that square exists on this board.
    HoleMismatch {
        /// The rank concerned, counted from the top of the text.
        rank: u8,
        /// The square concerned.
        square: Square,
    },
    #[error("rank {rank}: {square} does not exist on this board; write '*' there")]
    /// Refused: rank `rank`: `square` does not exist on this board; write '*' there.
    MissingHole {
        /// The rank concerned, counted from the top of the text.
        rank: u8,
        /// The square concerned.
        square: Square,
    },
    #[error("rank {rank}: an unclosed '['")]
    /// Refused: rank `rank`: an unclosed '['.
    Unclosed {
        /// The rank concerned, counted from the top of the text.
        rank: u8,
    },
    #[error("the side to move must be w or b, not \"{0}\"")]
    /// Refused: the side to move must be w or b, not "…".
    Side(String),
    #[error("the rights field \"{0}\" is not valid here (use {1})")]
    /// Refused: the rights field "…" is not valid here (use `1`).
    Rights(String, &'static str),
    #[error("the en-passant field must be - or a square, not \"{0}\"")]
    /// Refused: the en-passant field must be - or a square, not "…".
    EnPassant(String),
    #[error("the {field} must be a whole number, not \"{found}\"")]
    /// Refused: the `field` must be a whole number, not "`found`".
    Number {
        /// The field concerned.
        field: &'static str,
        /// What was found.
        found: String,
    },
    #[error(
        "the position has {0} field{s}; expected 4 to 6",
        s = if *.0 == 1 { "" } else { "s" }
    )]
    /// Refused: the position has … fields; expected 4 to 6.
    FieldCount(usize),
}

impl Setup {
    pub(crate) fn parse(v: &Variant, text: &str) -> Result<Setup, FenError> {
        if let Some(found) = limits::over(text, limits::CHESS_LIKE_POSITION) {
            return Err(FenError::TooLong(found));
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let pieces = parse_board(v, fields[0])?;
        let side = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenError::Side(other.chars().take(10).collect())),
        };
        let rights = parse_rights(v.rules.rights, fields[2])?;
        let en_passant = match fields[3] {
            "-" => None,
            s => Some(
                v.geometry()
                    .parse_square(s)
                    .map_err(|_| FenError::EnPassant(s.chars().take(10).collect()))?,
            ),
        };
        let number = |i: usize, field: &'static str, default: u16| -> Result<u16, FenError> {
            fields.get(i).map_or(Ok(default), |s| {
                s.parse().map_err(|_| FenError::Number {
                    field,
                    found: s.chars().take(10).collect(),
                })
            })
        };
        Ok(Setup {
            pieces,
            side,
            rights,
            en_passant,
            halfmove: number(4, "halfmove clock", 0)?,
            fullmove: number(5, "move number", 1)?.max(1),
        })
    }
}

fn parse_board(v: &Variant, text: &str) -> Result<Vec<(Square, Color, TypeId)>, FenError> {
    let cells = board_field::read(text, v.geometry(), Holes::Starred, &PieceCodec(v))?;
    Ok(cells
        .into_iter()
        .map(|(square, (color, type_id))| (square, color, type_id))
        .collect())
}

/// A chess-like square's contents: a piece letter (upper case White), or a longer symbol in
/// brackets (`[MP]`).
struct PieceCodec<'a>(&'a Variant);

impl CellCodec for PieceCodec<'_> {
    type Cell = (Color, TypeId);
    type Error = FenError;

    fn read(&self, square: Square, text: &str) -> Result<((Color, TypeId), usize), FenError> {
        let rank = square.rank() + 1;
        let (symbol, used) = match text.strip_prefix('[') {
            Some(inner) => {
                let end = inner.find(']').ok_or(FenError::Unclosed { rank })?;
                (&inner[..end], end + 2)
            }
            None => {
                let width = text.chars().next().map_or(1, char::len_utf8);
                (&text[..width], width)
            }
        };
        let unknown = || FenError::UnknownPiece {
            rank,
            found: symbol.to_string(),
        };
        let color = match symbol.chars().next() {
            Some(ch) if ch.is_ascii_uppercase() => Color::White,
            Some(ch) if ch.is_ascii_lowercase() => Color::Black,
            _ => return Err(unknown()),
        };
        let same_case = symbol.chars().all(|ch| {
            ch.is_ascii_alphabetic() && ch.is_ascii_uppercase() == (color == Color::White)
        });
        let type_id = self
            .0
            .type_by_symbol(symbol)
            .filter(|_| same_case)
            .ok_or_else(unknown)?;
        Ok(((color, type_id), used))
    }
}

impl From<FieldError> for FenError {
    fn from(error: FieldError) -> FenError {
        match error {
            FieldError::RankCount { found, expected } => FenError::RankCount { found, expected },
            FieldError::RankWidth {
                rank,
                found,
                expected,
            } => FenError::RankWidth {
                rank,
                found,
                expected: expected as u8,
            },
            FieldError::HoleMismatch { rank, square } => FenError::HoleMismatch { rank, square },
            FieldError::MissingHole { rank, square } => FenError::MissingHole { rank, square },
        }
    }
}

fn parse_rights(kind: RightsKind, text: &str) -> Result<u8, FenError> {
    let bad = |hint| FenError::Rights(text.chars().take(10).collect(), hint);
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in text.chars() {
        let bit = match (kind, c) {
            (RightsKind::Castling(_), 'K') => WHITE_KINGSIDE,
            (RightsKind::Castling(_), 'Q') => WHITE_QUEENSIDE,
            (RightsKind::Castling(_), 'k') => BLACK_KINGSIDE,
            (RightsKind::Castling(_), 'q') => BLACK_QUEENSIDE,
            (RightsKind::Castling(_), _) => return Err(bad("KQkq or -")),
            (RightsKind::KingLeap, 'K') => WHITE_LEAP,
            (RightsKind::KingLeap, 'k') => BLACK_LEAP,
            (RightsKind::KingLeap, _) => {
                return Err(bad("K for an unmoved White King, k for Black, or -"));
            }
            (RightsKind::None, _) => return Err(bad("-")),
        };
        if rights & bit != 0 {
            return Err(bad("each letter once"));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn write_rights(kind: RightsKind, rights: u8, out: &mut String) {
    let letters: &[(u8, char)] = match kind {
        RightsKind::Castling(_) => &[
            (WHITE_KINGSIDE, 'K'),
            (WHITE_QUEENSIDE, 'Q'),
            (BLACK_KINGSIDE, 'k'),
            (BLACK_QUEENSIDE, 'q'),
        ],
        RightsKind::KingLeap => &[(WHITE_LEAP, 'K'), (BLACK_LEAP, 'k')],
        RightsKind::None => &[],
    };
    let before = out.len();
    for &(bit, c) in letters {
        if rights & bit != 0 {
            out.push(c);
        }
    }
    if out.len() == before {
        out.push('-');
    }
}

/// Writes a board state as a position string.
pub(crate) fn write(v: &Variant, b: &Board) -> String {
    let g = v.geometry();
    let mut out = String::new();
    for rank in (0..g.ranks()).rev() {
        let mut empty = 0;
        for file in 0..g.files() {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            let piece = g.contains(square).then(|| b.piece_at(square)).flatten();
            if g.contains(square) && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
                empty = 0;
            }
            match piece {
                None => out.push('*'),
                Some((color, t)) => {
                    let symbol = &v.piece_type(t).symbol;
                    let symbol = match color {
                        Color::White => symbol.to_ascii_uppercase(),
                        Color::Black => symbol.to_ascii_lowercase(),
                    };
                    if symbol.len() == 1 {
                        out.push_str(&symbol);
                    } else {
                        let _ = write!(out, "[{symbol}]");
                    }
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(b.side.letter());
    out.push(' ');
    write_rights(v.rules.rights, b.rights, &mut out);
    match b.ep {
        Some((ep, _)) => {
            let _ = write!(out, " {ep}");
        }
        None => out.push_str(" -"),
    }
    let _ = write!(out, " {} {}", b.halfmove, b.fullmove);
    out
}
