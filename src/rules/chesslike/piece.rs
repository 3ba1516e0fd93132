//! Piece types of the chess-like games: a name, a symbol, an XBetza definition and the few
//! flags the rules care about. A game is a list of these; the engine compiles them once.

use crate::rules::xbetza::{Betza, BetzaError};

/// Index of a piece type within its variant (0..63).
pub type TypeId = u8;

/// What a pawn may become on reaching a given rank.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PromotionRule {
    /// Rank counted from the owner's side, 0 = own first rank.
    pub relative_rank: u8,
    /// Symbols of the types it may become.
    pub choices: Vec<String>,
    /// True if it may also stay as it is.
    pub optional: bool,
}

#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    /// One or two letters, upper case, unique within the variant.
    pub symbol: String,
    /// Sprite id for the renderer.
    pub kind: String,
    pub betza: Betza,
    /// Checkmate and check apply to it.
    pub royal: bool,
    /// Pawn family: its moves reset the 50-move counter.
    pub pawn: bool,
    /// False for pieces that cannot be captured (the Blocking Prince).
    pub capturable: bool,
    /// Ranks (from the owner's side, 0-based) where its `i` moves apply.
    pub initial_ranks: Vec<u8>,
    pub promotions: Vec<PromotionRule>,
    /// How it moves, in words, for `/piece` and the help.
    pub description: String,
}

impl PieceType {
    /// A plain piece from its XBetza string; flags are set with the builder methods.
    pub fn new(name: &str, symbol: &str, kind: &str, betza: &str) -> Result<PieceType, BetzaError> {
        Ok(PieceType {
            name: name.to_string(),
            symbol: symbol.to_string(),
            kind: kind.to_string(),
            betza: Betza::parse(betza)?,
            royal: false,
            pawn: false,
            capturable: true,
            initial_ranks: Vec::new(),
            promotions: Vec::new(),
            description: String::new(),
        })
    }

    pub fn described(mut self, text: &str) -> Self {
        self.description = text.to_string();
        self
    }

    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }

    pub fn pawn(mut self, initial_ranks: &[u8]) -> Self {
        self.pawn = true;
        self.initial_ranks = initial_ranks.to_vec();
        self
    }

    pub fn uncapturable(mut self) -> Self {
        self.capturable = false;
        self
    }

    pub fn promotes(mut self, relative_rank: u8, choices: &[&str], optional: bool) -> Self {
        self.promotions.push(PromotionRule {
            relative_rank,
            choices: choices.iter().map(|s| s.to_string()).collect(),
            optional,
        });
        self
    }
}
