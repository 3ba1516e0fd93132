//! Player-defined armies (`docs/rules.md` §2.2) as text: one piece per line or per `;`, each
//! `Name, S, XBetza[, royal][, pawn]`. Reading checks only the form of each piece; whether a
//! list is allowed in a game is [`super::validate`]'s business.

use std::fmt;

use crate::{
    limits,
    xbetza::{Betza, BetzaError},
};

/// One piece a player defined.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PieceDef {
    pub(crate) name: String,
    /// One or two letters, upper case.
    pub(crate) symbol: String,
    pub(crate) betza: Betza,
    pub(crate) royal: bool,
    /// Pawn family: promotes on the last rank and has the multi-steps of §2.1.
    pub(crate) pawn: bool,
}

/// A player's list of pieces, in the order given.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Army {
    pub(crate) pieces: Vec<PieceDef>,
}

/// Why an army text could not be read: which piece, and what is wrong with it.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ArmyError {
    #[error("the list is empty; write one piece per line, such as: Dragon, D, QN")]
    /// The list is empty.
    Empty,
    #[error("the list has {0} characters; a list has at most {MAX_TEXT}")]
    /// The list is longer than allowed.
    TooLong(usize),
    #[error("the list has more than {MAX_PIECES} pieces; a list has at most {MAX_PIECES}")]
    /// The list has more pieces than allowed.
    TooMany,
    #[error("piece {index} (\"{entry}\"): {reason}")]
    /// One entry of the list is wrong.
    Piece {
        /// Its place in the list, from 0.
        index: usize,
        /// The entry as written.
        entry: String,
        /// What is wrong with it.
        reason: String,
    },
}

const MAX_TEXT: usize = limits::ARMY_LIST;
const MAX_PIECES: usize = limits::ARMY_PIECES;
const MAX_NAME: usize = 30;

/// Why one piece is unreadable, before the piece number is attached.
#[derive(Debug)]
struct Problem(String);

impl From<BetzaError> for Problem {
    fn from(e: BetzaError) -> Problem {
        Problem(e.to_string())
    }
}

impl Army {
    /// Reads a list. Blank entries and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<Army, ArmyError> {
        if let Some(found) = limits::over(text, MAX_TEXT) {
            return Err(ArmyError::TooLong(found));
        }
        let mut pieces = Vec::new();
        let entries = text
            .split(['\n', ';'])
            .map(str::trim)
            .filter(|e| !e.is_empty() && !e.starts_with('#'));
        for (i, entry) in entries.enumerate() {
            if i >= MAX_PIECES {
                return Err(ArmyError::TooMany);
            }
            let piece = PieceDef::parse(entry).map_err(|Problem(reason)| ArmyError::Piece {
                index: i + 1,
                entry: entry.chars().take(60).collect(),
                reason,
            })?;
            pieces.push(piece);
        }
        if pieces.is_empty() {
            return Err(ArmyError::Empty);
        }
        Ok(Army { pieces })
    }

    /// The list on one line, as the position string stores it; [`Army::parse`] reads it back.
    pub fn to_line(&self) -> String {
        self.pieces
            .iter()
            .map(PieceDef::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl PieceDef {
    fn parse(entry: &str) -> Result<PieceDef, Problem> {
        let fields: Vec<&str> = entry.split(',').map(str::trim).collect();
        if fields.len() < 3 {
            return Err(Problem(
                "write the name, the letter and the XBetza, separated by commas, such as \
                 Dragon, D, QN (then royal or pawn if it is one)"
                    .into(),
            ));
        }
        let name = fields[0];
        if name.is_empty() || !name.chars().any(char::is_alphabetic) {
            return Err(Problem("the piece needs a name, such as Dragon".into()));
        }
        if name.chars().count() > MAX_NAME {
            return Err(Problem(format!(
                "the name is longer than {MAX_NAME} characters"
            )));
        }
        if let Some(c) = name.chars().find(|&c| c == '|' || c.is_control()) {
            return Err(Problem(format!("the name may not contain {c:?}")));
        }
        let symbol = fields[1];
        if !(1..=2).contains(&symbol.len()) || !symbol.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(Problem(format!(
                "the symbol \"{}\" must be one or two letters, such as D or DR",
                symbol.chars().take(10).collect::<String>()
            )));
        }
        let betza_text = fields[2];
        let betza = Betza::parse(betza_text)?;
        for (i, c) in betza_text.chars().enumerate() {
            let reason = match c {
                'i' => {
                    "initial-square moves are not used in Pick-a-team armies; mark the piece \
                        pawn to give it the pawn multi-steps"
                }
                'e' => "there is no en passant in Pick-a-team armies",
                _ => continue,
            };
            return Err(Problem(format!(
                "in \"{betza_text}\", '{c}' at character {}: {reason}",
                i + 1
            )));
        }
        let mut piece = PieceDef {
            name: name.to_string(),
            symbol: symbol.to_ascii_uppercase(),
            betza,
            royal: false,
            pawn: false,
        };
        for flag in &fields[3..] {
            match flag.to_ascii_lowercase().as_str() {
                "royal" if !piece.royal => piece.royal = true,
                "pawn" if !piece.pawn => piece.pawn = true,
                "royal" | "pawn" => return Err(Problem(format!("\"{flag}\" is given twice"))),
                _ => {
                    return Err(Problem(format!(
                        "\"{}\" is not a flag; after the XBetza only royal and pawn may follow",
                        flag.chars().take(20).collect::<String>()
                    )));
                }
            }
        }
        if piece.royal && piece.pawn {
            return Err(Problem(
                "a piece cannot be both royal and pawn family".into(),
            ));
        }
        Ok(piece)
    }
}

impl fmt::Display for PieceDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}, {}", self.name, self.symbol, self.betza.text)?;
        if self.royal {
            f.write_str(", royal")?;
        }
        if self.pawn {
            f.write_str(", pawn")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_semicolons_flags_and_comments() {
        let army =
            Army::parse("# mine\nKing, K, K, royal\nDragon, dr, QN; Soldier, S, fW, Pawn").unwrap();
        assert_eq!(army.pieces.len(), 3);
        assert!(army.pieces[0].royal);
        assert_eq!(army.pieces[1].symbol, "DR");
        assert!(army.pieces[2].pawn);
        assert_eq!(Army::parse(&army.to_line()).unwrap(), army);
    }

    #[test]
    fn errors_name_the_piece_and_the_character() {
        let e = Army::parse("King, K, K, royal\nDragon, D, QX").unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with("piece 2 (\"Dragon, D, QX\")"), "{text}");
        assert!(text.contains("'X' at character 2"), "{text}");
        let e = Army::parse("Pawn, P, fmWifmnD, pawn")
            .unwrap_err()
            .to_string();
        assert!(e.contains("'i' at character 4"), "{e}");
        assert!(
            Army::parse("Dragon, D1, Q")
                .unwrap_err()
                .to_string()
                .contains("one or two letters")
        );
        assert!(
            Army::parse("Dragon, D, Q, big")
                .unwrap_err()
                .to_string()
                .contains("not a flag")
        );
        assert!(
            Army::parse("Dragon D Q")
                .unwrap_err()
                .to_string()
                .contains("commas")
        );
        assert_eq!(Army::parse(" \n ; ").unwrap_err(), ArmyError::Empty);
        assert!(matches!(
            Army::parse(&"x".repeat(9000)),
            Err(ArmyError::TooLong(_))
        ));
        assert_eq!(
            Army::parse(&"A, A, W;".repeat(70)).unwrap_err(),
            ArmyError::TooMany
        );
    }
}
