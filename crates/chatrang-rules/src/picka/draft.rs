//! The draft (`docs/rules.md` §2.1): whose pick it is, what is left in the pool, where a pick may
//! be placed, and why a pick is refused. A draft position is the board of placed pieces; the
//! pool and the turn follow from it, so its text is the usual position string marked `draft`.

use std::sync::Arc;

use super::setup::{PickRules, Zone, picker, place_in_turn};
use crate::{
    ActionError, Color, Square,
    chesslike::{Board, Position, PositionError, Setup, TypeId, fen},
};

/// Why a position string marked `draft` is not a draft that this game could have reached:
/// each sentence names the piece, square or count that could not come from picks made in turn.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum DraftError {
    #[error("during the draft nothing has moved: write - for en passant and 0 1 for the clocks")]
    /// The pick is a move, not a pick.
    Moved,
    /// A type outside the pool that is not one of the game's fixed pieces either.
    #[error("a {piece} on {square} cannot stand there during the draft")]
    /// The piece is not in the pool.
    NotInPool {
        /// The piece concerned.
        piece: String,
        /// The square concerned.
        square: Square,
    },
    #[error("{color} cannot have placed a piece on {square} in the draft")]
    /// The square is outside the side's zone.
    OutsideZone {
        /// The side concerned.
        color: Color,
        /// The square concerned.
        square: Square,
    },
    #[error("the {color} {piece} must stand on {square} during the draft")]
    /// A fixed piece was not placed where it must be.
    FixedMissing {
        /// The side concerned.
        color: Color,
        /// The piece concerned.
        piece: String,
        /// The square concerned.
        square: Square,
    },
    #[error("the pool has only {copies} {piece} but the board has more")]
    /// More copies of the piece than the pool holds.
    PoolExceeded {
        /// How many copies the pool holds.
        copies: u8,
        /// The piece concerned.
        piece: String,
    },
    #[error("every piece has been picked, so the draft is over: remove the word draft")]
    /// The draft is over.
    Over,
    #[error("after {picks} picks White has {expected} pieces from the pool, not {found}")]
    /// A position whose White count does not fit its number of picks.
    WhiteCount {
        /// Picks made.
        picks: u16,
        /// White pieces expected.
        expected: usize,
        /// White pieces found.
        found: usize,
    },
    #[error("{0} has a piece on its second rank while its first is not full")]
    /// A piece on the second rank before the first is full.
    SecondRankEarly(Color),
    #[error("{color} must have exactly one royal piece once it has picked (it has {royals})")]
    /// A side with the wrong number of royal pieces.
    Royals {
        /// The side concerned.
        color: Color,
        /// How many royal pieces it has.
        royals: usize,
    },
    #[error("after {picks} picks it is {picker}'s pick, not {side}'s")]
    /// A position whose side to pick does not fit its number of picks.
    WrongPicker {
        /// Picks made.
        picks: u16,
        /// The side that should pick.
        picker: Color,
        /// The side written.
        side: Color,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Draft {
    pub(crate) rules: Arc<PickRules>,
    pub(crate) board: Board,
    /// Picks made so far.
    pub(crate) picks: u16,
    /// The square of the latest pick (for pictures only).
    pub(crate) last: Option<Square>,
}

/// A readable pick: which type, where.
pub(crate) type Pick = (TypeId, Square);

impl Draft {
    /// The empty draft: nothing picked yet, fixed pieces (Easy Patch) in place.
    pub(crate) fn new(rules: Arc<PickRules>) -> Draft {
        let mut board = Board::empty();
        for &(sq, color, t) in &rules.fixed {
            board.set(&rules.variant, sq, Some((color, t)));
        }
        Draft {
            rules,
            board,
            picks: 0,
            last: None,
        }
    }

    pub(crate) fn picker(&self) -> Color {
        picker(self.picks)
    }

    pub(crate) fn total(&self) -> u16 {
        self.rules.total_picks()
    }

    pub(crate) fn is_complete(&self) -> bool {
        self.picks >= self.total()
    }

    /// Where this pick stands in the turn: (1, 1), (1, 2) or (2, 2).
    pub(crate) fn place_in_turn(&self) -> (u16, u16) {
        place_in_turn(self.picks, self.total())
    }

    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.rules.variant.squares.iter().copied()
    }

    /// How many pieces of a pool type stand on the board.
    fn placed(&self, t: TypeId) -> u8 {
        self.squares()
            .filter(|&s| self.board.piece_at(s).is_some_and(|(_, u)| u == t))
            .count() as u8
    }

    /// Pool types still available and how many copies of each.
    pub(crate) fn remaining(&self) -> Vec<(TypeId, u8)> {
        self.rules
            .pool
            .iter()
            .map(|&(t, n)| (t, n.saturating_sub(self.placed(t))))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// How many pool pieces a side has placed.
    fn picked_by(&self, color: Color) -> usize {
        self.squares()
            .filter(|&s| {
                self.board
                    .piece_at(s)
                    .is_some_and(|(c, t)| c == color && self.rules.copies(t) > 0)
            })
            .count()
    }

    fn rank_squares(&self, color: Color, relative: u8) -> Vec<Square> {
        let g = self.rules.variant.geometry();
        self.squares()
            .filter(|&s| g.relative_rank(s, color) == relative)
            .collect()
    }

    /// The squares a side may place its next pick on.
    pub(crate) fn open_squares(&self, color: Color) -> Vec<Square> {
        let empty = |squares: Vec<Square>| -> Vec<Square> {
            squares
                .into_iter()
                .filter(|&s| self.board.at(s) == 0)
                .collect()
        };
        let first = empty(self.rank_squares(color, 0));
        if first.is_empty() && self.rules.zone == Zone::TwoRanks {
            empty(self.rank_squares(color, 1))
        } else {
            first
        }
    }

    /// The rank (as people number it) where the picker places now.
    pub(crate) fn open_rank(&self, color: Color) -> u8 {
        self.open_squares(color).first().map_or(1, |s| s.rank() + 1)
    }

    /// Whether the side must pick a royal piece now.
    pub(crate) fn royal_required(&self, color: Color) -> bool {
        self.rules.first_pick_royal && self.picked_by(color) == 0
    }

    fn name(&self, t: TypeId) -> String {
        let p = self.rules.variant.piece_type(t);
        format!("{} ({})", p.name, p.symbol)
    }

    /// Why the side to pick may not place type `t` on `sq`, if it may not.
    pub(crate) fn refusal(&self, t: TypeId, sq: Square) -> Option<String> {
        let us = self.picker();
        let v = &self.rules.variant;
        let piece = v.piece_type(t);
        let copies = self.rules.copies(t);
        if copies == 0 {
            return Some(format!(
                "the {} is not in the pool; choose a piece from the pool",
                piece.name
            ));
        }
        if self.placed(t) >= copies {
            let what = if copies == 1 {
                format!("the {} has already been picked", piece.name)
            } else {
                format!("every {} has already been picked", piece.name)
            };
            return Some(format!("{what}; choose another piece from the pool"));
        }
        if self.royal_required(us) && !piece.royal {
            let royals: Vec<String> = self
                .rules
                .royal_types()
                .into_iter()
                .filter(|&r| self.placed(r) < self.rules.copies(r))
                .map(|r| self.name(r))
                .collect();
            return Some(format!(
                "the first pick must be royal: choose {}",
                royals.join(" or ")
            ));
        }
        if piece.royal && self.board.royal[us.index()].is_some() {
            return Some("you already have a royal piece; choose another piece".into());
        }
        let g = v.geometry();
        let relative = g.relative_rank(sq, us);
        let ranks = |r: u8| match us {
            Color::White => r + 1,
            Color::Black => g.ranks() - r,
        };
        let allowed = match self.rules.zone {
            Zone::TwoRanks => relative <= 1,
            Zone::FirstRank => relative == 0,
        };
        if !allowed {
            return Some(match self.rules.zone {
                Zone::TwoRanks => format!(
                    "{us} places pieces on ranks {} and {}, not on {sq}",
                    ranks(0),
                    ranks(1)
                ),
                Zone::FirstRank => {
                    format!("{us} places pieces on rank {}, not on {sq}", ranks(0))
                }
            });
        }
        if let Some((_, other)) = self.board.piece_at(sq) {
            return Some(format!(
                "{sq} is already taken by the {}; choose an empty square",
                v.piece_type(other).name
            ));
        }
        if relative == 1 && !self.open_squares(us).contains(&sq) {
            return Some(format!(
                "rank {} is open only when rank {} is full; place the piece on an empty square \
                 of rank {}",
                ranks(1),
                ranks(0),
                ranks(0)
            ));
        }
        None
    }

    /// Every pick the side to pick may make now.
    pub(crate) fn legal_picks(&self) -> Vec<Pick> {
        if self.is_complete() {
            return Vec::new();
        }
        let squares = self.open_squares(self.picker());
        let mut out = Vec::new();
        for (t, _) in self.remaining() {
            for &sq in &squares {
                if self.refusal(t, sq).is_none() {
                    out.push((t, sq));
                }
            }
        }
        out
    }

    /// Places a pick that [`Draft::refusal`] accepted.
    pub(crate) fn place(&mut self, (t, sq): Pick) {
        let us = self.picker();
        self.board.set(&self.rules.variant, sq, Some((us, t)));
        self.picks += 1;
        self.last = Some(sq);
        self.board.side = self.picker();
    }

    /// The notation of a pick, as records store it.
    pub(crate) fn notation(&self, (t, sq): Pick) -> String {
        format!("pick {} {sq}", self.rules.variant.piece_type(t).symbol)
    }

    /// Reads `pick <piece> <square>` (piece by name or letter; also `G@c1`, `pick G on c1`).
    pub(crate) fn parse(&self, input: &str) -> Result<Pick, ActionError> {
        let unreadable = || ActionError::Unreadable {
            input: input.chars().take(40).collect(),
            expected: "write a pick such as pick Grasshopper c1 (a piece of the pool by name or \
                       letter, then an empty square)"
                .into(),
        };
        if input.len() > 100 {
            return Err(unreadable());
        }
        let text = input.trim().replace('@', " ");
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if words
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("pick"))
        {
            words.remove(0);
        }
        let Some(last) = words.pop() else {
            return Err(unreadable());
        };
        if words
            .last()
            .is_some_and(|w| ["on", "at", "to"].contains(&w.to_ascii_lowercase().as_str()))
        {
            words.pop();
        }
        // The square is the last word, or glued to the letter ("Gc1").
        let (piece, square) = if words.is_empty() {
            split_glued(last).ok_or_else(unreadable)?
        } else {
            (words.join(" "), last.to_string())
        };
        let g = self.rules.variant.geometry();
        let sq = g.parse_square(&square).map_err(|e| match e {
            crate::BoardSquareError::OffBoard(s) => {
                ActionError::Illegal(format!("{s} is not on this board"))
            }
            _ => unreadable(),
        })?;
        let t = self.find_type(&piece)?;
        Ok((t, sq))
    }

    fn find_type(&self, text: &str) -> Result<TypeId, ActionError> {
        let v = &self.rules.variant;
        let key = normalize(text);
        let by = |f: &dyn Fn(&crate::chesslike::PieceType) -> bool| {
            v.types().iter().position(f).map(|i| i as TypeId)
        };
        by(&|p| normalize(&p.symbol) == key)
            .or_else(|| by(&|p| normalize(&p.name) == key))
            .ok_or_else(|| {
                let pool: Vec<String> = self
                    .remaining()
                    .into_iter()
                    .map(|(t, _)| self.name(t))
                    .collect();
                ActionError::Illegal(format!(
                    "there is no piece called \"{}\"; the pool has {}",
                    text.chars().take(30).collect::<String>(),
                    pool.join(", ")
                ))
            })
    }

    /// The draft as a position string: the board, the side to pick, and the word `draft`.
    pub(crate) fn to_text(&self) -> String {
        let mut board = self.board.clone();
        board.side = self.picker();
        format!("{} draft", fen::write(&self.rules.variant, &board))
    }

    /// Rebuilds a draft from a position string's setup, checking that the placed pieces could
    /// have been picked in this order.
    pub(crate) fn from_setup(rules: Arc<PickRules>, setup: &Setup) -> Result<Draft, DraftError> {
        if setup.en_passant.is_some() || setup.halfmove != 0 || setup.fullmove != 1 {
            return Err(DraftError::Moved);
        }
        let mut draft = Draft::new(rules.clone());
        let v = &rules.variant;
        let g = v.geometry();
        let mut board = Board::empty();
        for &(sq, color, t) in &setup.pieces {
            if rules.copies(t) == 0 {
                if !rules.fixed.contains(&(sq, color, t)) {
                    return Err(DraftError::NotInPool {
                        piece: v.piece_type(t).name.clone(),
                        square: sq,
                    });
                }
            } else {
                let relative = g.relative_rank(sq, color);
                let allowed = match rules.zone {
                    Zone::TwoRanks => relative <= 1,
                    Zone::FirstRank => relative == 0,
                };
                if !allowed {
                    return Err(DraftError::OutsideZone { color, square: sq });
                }
            }
            board.set(v, sq, Some((color, t)));
        }
        for &(sq, color, t) in &rules.fixed {
            if board.piece_at(sq) != Some((color, t)) {
                return Err(DraftError::FixedMissing {
                    color,
                    piece: v.piece_type(t).name.clone(),
                    square: sq,
                });
            }
        }
        draft.board = board;
        for &(t, n) in &rules.pool {
            if draft.placed(t) > n {
                return Err(DraftError::PoolExceeded {
                    copies: n,
                    piece: v.piece_type(t).name.clone(),
                });
            }
        }
        let white = draft.picked_by(Color::White);
        let black = draft.picked_by(Color::Black);
        let picks = (white + black) as u16;
        if picks >= rules.total_picks() {
            return Err(DraftError::Over);
        }
        let expected_white = (0..picks).filter(|&i| picker(i) == Color::White).count();
        if white != expected_white {
            return Err(DraftError::WhiteCount {
                picks,
                expected: expected_white,
                found: white,
            });
        }
        draft.picks = picks;
        for color in Color::ALL {
            let first_full = draft
                .rank_squares(color, 0)
                .iter()
                .all(|&s| draft.board.at(s) != 0);
            let on_second = draft
                .rank_squares(color, 1)
                .iter()
                .any(|&s| draft.board.piece_at(s).is_some_and(|(c, _)| c == color));
            if on_second && !first_full && rules.zone == Zone::TwoRanks {
                return Err(DraftError::SecondRankEarly(color));
            }
            let picked = draft.picked_by(color);
            let royals = draft
                .squares()
                .filter(|&s| {
                    draft
                        .board
                        .piece_at(s)
                        .is_some_and(|(c, t)| c == color && v.piece_type(t).royal)
                })
                .count();
            if rules.first_pick_royal && picked > 0 && royals != 1 {
                return Err(DraftError::Royals { color, royals });
            }
        }
        if setup.side != draft.picker() {
            return Err(DraftError::WrongPicker {
                picks,
                picker: draft.picker(),
                side: setup.side,
            });
        }
        draft.board.side = draft.picker();
        Ok(draft)
    }

    /// The position once the draft is complete: White to move.
    pub(crate) fn position(&self) -> Result<Position, PositionError> {
        let pieces = self
            .squares()
            .filter_map(|s| self.board.piece_at(s).map(|(c, t)| (s, c, t)))
            .collect();
        Position::from_setup(
            self.rules.variant.clone(),
            Setup {
                pieces,
                side: Color::White,
                rights: 0,
                en_passant: None,
                halfmove: 0,
                fullmove: 1,
            },
        )
    }
}

/// Letters and digits only, lower case: "fF-Pawn" and "ff pawn" read the same.
fn normalize(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// "Gc1" or "CNe10" → ("G", "c1"): letters, then a square at the end.
fn split_glued(word: &str) -> Option<(String, String)> {
    let digits = word.bytes().rev().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&digits) || word.len() < digits + 2 || !word.is_ascii() {
        return None;
    }
    let cut = word.len() - digits - 1;
    let piece = &word[..cut];
    piece
        .chars()
        .all(|c| c.is_ascii_alphabetic() || c == '-')
        .then(|| (piece.to_string(), word[cut..].to_string()))
}
