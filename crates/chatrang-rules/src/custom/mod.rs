//! Variants defined by players (`docs/variants.md`): a definition in Fairy-Stockfish's
//! `variants.ini` section syntax, with our own keys for what it lacks (boards up to 16×12 with
//! holes and cylinders, named pieces with pictures), read into a [`Definition`] and compiled
//! into the chess-like engine's [`Variant`].
//!
//! ```
//! use chatrang_rules::custom;
//!
//! let text = "[Nightrider chess:chess]\nknight = -\npiece = Nightrider, N, NN\n";
//! let definition = custom::parse(text)?;
//! let start = definition.start_position()?;
//! assert_eq!(start.legal_moves().len(), 24);
//! // The canonical text reads back to the same definition.
//! assert_eq!(custom::parse(&definition.to_text())?, definition);
//! # Ok::<(), chatrang_rules::custom::DefinitionError>(())
//! ```
//!
//! Files, bottom to top: `error` (the refusals), `ini` (the section's layout), `pieces` (piece
//! lines and Fairy-Stockfish's piece keys), `values` (reading and writing the keys' values),
//! `keys` (the Fairy-Stockfish keys ignored, fixed or refused), `definition` (what each key
//! means); this file compiles a definition and checks that it makes a game, and `sanity` plays
//! it (perft and random games) before a server may save it.

mod compiled;
mod definition;
mod error;
mod ini;
mod keys;
mod pieces;
pub mod played;
mod sanity;
mod values;

use std::sync::Arc;

pub use definition::{Definition, valid_name};
pub use error::{DefinitionError, QUOTED};
pub use pieces::PieceSpec;
pub use sanity::{SanityError, SanityLimits, SanityReport, sanity_run, sanity_run_while};
pub use values::{MAX_FILES, MAX_RANKS};

use crate::{
    GameId, Geometry,
    chesslike::{CastlingFiles, EndRules, PieceType, Position, RightsKind, Variant, VariantRules},
    limits,
};

/// The most characters a definition may have (16 KB of plain text).
pub const MAX_TEXT: usize = limits::VARIANT_DEFINITION;
/// The most piece types a definition may have.
pub const MAX_PIECES: usize = limits::VARIANT_PIECES;

/// The rules summary `/help variant` shows: how a server defines its own games.
pub const HELP: &str = "\
**Your own variants**: a server may define up to 50 games of its own, in Fairy-Stockfish's \
variants.ini section syntax with our keys for boards up to 16×12, holes and cylinders \
(docs/variants.md). `/variant new NAME` with the definition (an attached .ini file, or the \
lines after the command in the same message) checks it, plays it (perft to 3 and 200 random \
games) and saves it; `/variant list`, `/variant show NAME` (its start and each piece) and \
`/variant delete NAME` (its author or a moderator). Saving a name again makes a new version: \
games in play keep the version they began with. Play one with `/new NAME @someone` (or ai=3), \
played casual for now (its games change no rating). Example:
```
[Nightrider chess:chess]
knight = -
piece = Nightrider, N, NN
```";

/// The option a defined variant's game starts from: its definition's text.
pub const DEFINITION_OPTION: crate::OptionSpec = crate::OptionSpec {
    name: "definition",
    description: "the variant's definition (the service fills it in from the server's saved variant)",
};

/// Reads a definition: its layout, then every key, refusing the first mistake with a clause
/// that names its line. The definition is not yet known to make a game: see
/// [`Definition::compile`].
pub fn parse(text: &str) -> Result<Definition, DefinitionError> {
    if let Some(found) = limits::over(text, MAX_TEXT) {
        return Err(DefinitionError::TooLong(found));
    }
    let section = ini::read(text)?;
    Definition::from_section(&section)
}

impl Definition {
    /// The engine's variant for this definition, its tables compiled, labelled with its name
    /// and its packed text (which its games' position strings carry).
    pub fn compile(&self) -> Result<Arc<Variant>, DefinitionError> {
        compiled::shared(self, || self.build())
    }

    /// Checks that the definition makes a game and compiles its tables.
    fn build(&self) -> Result<Variant, DefinitionError> {
        let royals: Vec<&PieceSpec> = self.pieces.iter().filter(|p| p.royal).collect();
        match royals.as_slice() {
            [] => return Err(DefinitionError::NoRoyal),
            [_] => {}
            [a, b, ..] => return Err(DefinitionError::TwoRoyals(a.name.clone(), b.name.clone())),
        }
        let has_pawns = self.pieces.iter().any(|p| p.pawn);
        if has_pawns && !self.promotion_ranks.is_empty() && self.promotion_choices.is_empty() {
            return Err(DefinitionError::NoPromotionChoice);
        }
        let mut geometry = Geometry::rectangle(self.files, self.ranks)
            .expect("the definition's size is within a board's")
            .with_holes(self.holes.iter().copied());
        if self.cylinder {
            geometry = geometry.cylinder();
        }
        let types = self
            .pieces
            .iter()
            .map(|p| self.piece_type(p))
            .collect::<Result<Vec<_>, _>>()?;
        let rights = if !self.castling {
            RightsKind::None
        } else if let Some(files) = self.castling_files() {
            if self.king_capture && start_field(&self.start, 2).is_some_and(|r| r != "-") {
                return Err(DefinitionError::CastlingWithKingCapture);
            }
            RightsKind::Castling(files)
        } else if start_field(&self.start, 2).is_none_or(|r| r == "-") {
            // Castling is on, but no side starts with a right to it: it never happens.
            RightsKind::None
        } else {
            return Err(DefinitionError::CastlingDoesNotFit);
        };
        let variant = Variant::new(VariantRules {
            game: GameId::Defined,
            geometry,
            types,
            rights,
            two_pawn_move: false,
            royal_capture_wins: false,
            stalemate: self.stalemate,
            end: EndRules {
                move_rule_plies: (self.move_rule > 0).then(|| 2 * u32::from(self.move_rule)),
                repetitions: (self.repetitions > 0).then_some(usize::from(self.repetitions)),
                bare_king_loses: self.bare_king,
                royal_capture: self.king_capture,
            },
            start_position: self.start.clone(),
        })?;
        Ok(variant)
    }

    /// The start position of the compiled variant, checked against its board and pieces.
    pub fn start_position(&self) -> Result<Position, DefinitionError> {
        let variant = self.compile()?;
        Ok(Position::from_text(variant, &self.start)?)
    }

    /// One piece as the engine's type: its initial moves on the double-step ranks, its
    /// promotions if it is a pawn, its en passant taken away where the variant has none.
    fn piece_type(&self, p: &PieceSpec) -> Result<PieceType, DefinitionError> {
        let mut t = PieceType::new(&p.name, &p.symbol, &p.picture, &p.betza)
            .expect("a definition's XBetza was read when it was parsed");
        if p.royal {
            t = t.royal();
        }
        if p.pawn {
            t = t.pawn(&self.double_step_ranks);
            let choices: Vec<&str> = self.promotion_choices.iter().map(String::as_str).collect();
            for &rank in &self.promotion_ranks {
                t = t.promotes(rank, &choices, !self.promotion_mandatory);
            }
        } else {
            t.initial_ranks = self.double_step_ranks.clone();
        }
        if let Some(&(_, limit)) = self.promotion_limits.iter().find(|(s, _)| *s == p.symbol) {
            t = t.promotion_limit(limit);
        }
        if self.immobility_illegal {
            t = t.never_immobile();
        }
        if !self.en_passant {
            for atom in &mut t.betza.atoms {
                atom.en_passant = false;
            }
        }
        Ok(t)
    }

    /// Where castling's King and Rooks stand and go, when castling fits this board: a flat
    /// board, the King written K and a Rook written R, the Rooks on either side of the King,
    /// the King's targets apart, and every square castling uses on the board and there on both
    /// back ranks.
    fn castling_files(&self) -> Option<CastlingFiles> {
        let symbol = |s: &str, royal: bool| {
            self.pieces
                .iter()
                .any(|p| p.symbol == s && p.royal == royal)
        };
        let files = CastlingFiles {
            king: self.castling_king_file.or_else(|| self.start_king_file())?,
            king_to: self.castling_king_to,
            rook: self.castling_rooks,
        };
        let [queen_rook, king_rook] = files.rook;
        let [queen_to, king_to] = files.king_to;
        let in_order = queen_rook < files.king && files.king < king_rook && queen_to < king_to;
        let rooks_land = king_to >= 1 && queen_to + 1 < self.files;
        let used = files
            .rook
            .into_iter()
            .chain(files.king_to)
            .chain([files.king]);
        let (low, high) = (used.clone().min()?, used.max()?);
        let on_board = high < self.files;
        let squares_there = !self.holes.iter().any(|h| {
            (h.rank() == 0 || h.rank() == self.ranks - 1) && (low..=high).contains(&h.file())
        });
        let fits = !self.cylinder
            && on_board
            && in_order
            && rooks_land
            && squares_there
            && symbol("K", true)
            && symbol("R", false);
        fits.then_some(files)
    }

    /// The file of White's King on the first rank of the start position, if it stands there.
    fn start_king_file(&self) -> Option<u8> {
        let board = start_field(&self.start, 0)?;
        let first_rank = board.rsplit('/').next()?;
        let mut file: u32 = 0;
        let mut digits = String::new();
        let mut chars = first_rank.chars();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<u32>().unwrap_or(0);
            digits.clear();
            let symbol: String = if c == '[' {
                chars.by_ref().take_while(|&c| c != ']').collect()
            } else {
                c.to_string()
            };
            if symbol == "K" {
                return u8::try_from(file).ok();
            }
            file += 1;
        }
        None
    }
}

/// The `index`th space-separated field of a position string.
fn start_field(start: &str, index: usize) -> Option<&str> {
    start.split_whitespace().nth(index)
}
