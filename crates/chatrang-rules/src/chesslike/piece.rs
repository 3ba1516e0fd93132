//! Piece types of the chess-like games: a name, a symbol, an XBetza definition and the few
//! flags the rules care about. A game is a list of these; the engine compiles them once.

use crate::{
    Color, Geometry, Square,
    move_table::{self, Ray},
    xbetza::{Atom, Betza, BetzaError, Hop, Modes},
};

/// Index of a piece type within its variant (0..63).
pub type TypeId = u8;

/// What a pawn may become on reaching a given rank.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PromotionRule {
    /// Rank counted from the owner's side, 0 = own first rank.
    pub(crate) relative_rank: u8,
    /// Symbols of the types it may become.
    pub(crate) choices: Vec<String>,
    /// True if it may also stay as it is.
    pub(crate) optional: bool,
}

#[derive(Clone, Debug)]
/// A kind of piece: its name, symbol, XBetza moves and rule switches.
pub struct PieceType {
    pub(crate) name: String,
    /// One or two letters, upper case, unique within the variant.
    pub symbol: String,
    /// Sprite id for the renderer.
    pub(crate) kind: String,
    pub(crate) betza: Betza,
    /// Checkmate and check apply to it.
    pub(crate) royal: bool,
    /// Pawn family: its moves reset the 50-move counter.
    pub pawn: bool,
    /// False for pieces that cannot be captured (the Blocking Prince).
    pub capturable: bool,
    /// Ranks (from the owner's side, 0-based) where its `i` moves apply.
    pub(crate) initial_ranks: Vec<u8>,
    pub(crate) promotions: Vec<PromotionRule>,
    /// A pawn may promote to this type only while its side has fewer than this many
    /// (Fairy-Stockfish's `promotionLimit`: Grand chess's one Queen, two Rooks…).
    pub(crate) promotion_limit: Option<u8>,
    /// The piece may not move, unpromoted, to a square where it could never move again
    /// (Fairy-Stockfish's `immobilityIllegal`: Grand chess's pawns on the last rank).
    pub(crate) never_immobile: bool,
    /// Pick-a-team multi-steps: on each listed rank (from the owner's side, 0-based), the
    /// piece's forward non-capturing single steps may be repeated up to this many times in one
    /// move, over empty squares. Empty for every other game.
    pub multi_steps: Vec<(u8, u8)>,
    /// How it moves, in words, for `/piece` and the help.
    pub(crate) description: String,
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
            promotion_limit: None,
            never_immobile: false,
            multi_steps: Vec::new(),
            description: String::new(),
        })
    }

    pub(crate) fn described(mut self, text: &str) -> Self {
        self.description = text.to_string();
        self
    }

    /// Makes the piece royal: losing it (to mate, or to capture where allowed) loses the game.
    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }

    /// Makes the piece a pawn (worth a pawn, reset the fifty-move count) with a double step from these relative ranks.
    pub fn pawn(mut self, initial_ranks: &[u8]) -> Self {
        self.pawn = true;
        self.initial_ranks = initial_ranks.to_vec();
        self
    }

    /// Makes the piece impossible to capture.
    pub fn uncapturable(mut self) -> Self {
        self.capturable = false;
        self
    }

    /// Limits promotion to this type: a pawn may become one only while its side has fewer
    /// than `limit`.
    pub fn promotion_limit(mut self, limit: u8) -> Self {
        self.promotion_limit = Some(limit);
        self
    }

    /// Forbids the piece to move, unpromoted, where it would have no move left.
    pub fn never_immobile(mut self) -> Self {
        self.never_immobile = true;
        self
    }

    /// Gives the piece Pick-a-team's rank-dependent multi-steps: `(rank, steps)` pairs.
    pub fn multi_steps(mut self, steps: &[(u8, u8)]) -> Self {
        self.multi_steps = steps.to_vec();
        self
    }

    /// Adds a promotion rule: on this relative rank the piece becomes one of `choices` (by symbol), or may stay as it is when `optional`.
    pub fn promotes(mut self, relative_rank: u8, choices: &[&str], optional: bool) -> Self {
        self.promotions.push(PromotionRule {
            relative_rank,
            choices: choices.iter().map(|s| s.to_string()).collect(),
            optional,
        });
        self
    }
}

impl PieceType {
    /// Every ray of this piece on `from`: its XBetza atoms (with `i` atoms on its initial
    /// ranks) and, on the ranks that allow them, its multi-steps.
    pub(crate) fn rays(&self, geometry: &Geometry, color: Color, from: Square) -> Vec<Ray> {
        let rank = geometry.relative_rank(from, color);
        let initial = self.initial_ranks.contains(&rank);
        let mut rays = move_table::compile(&self.betza, geometry, color, from, initial);
        if let Some(&(_, steps)) = self.multi_steps.iter().find(|&&(r, _)| r == rank) {
            rays.extend(multi_step_rays(&self.betza, geometry, color, from, steps));
        }
        rays
    }

    /// Whether the piece has a move on an empty board from `from` (a capture does not count,
    /// as in Fairy-Stockfish): where it has none, it would be stuck for good.
    pub(crate) fn can_move_from(&self, geometry: &Geometry, color: Color, from: Square) -> bool {
        self.rays(geometry, color, from).iter().any(|ray| {
            ray.modes.moves && ray.hop == Hop::None && ray.steps.len() > ray.pass_first as usize
        })
    }
}

/// The multi-step rays: each forward, non-capturing single step repeated up to `steps` times
/// in its own direction. The first step is the piece's ordinary move, so it is only passed
/// over here (it must be empty) and never landed on twice.
fn multi_step_rays(
    betza: &Betza,
    geometry: &Geometry,
    color: Color,
    from: Square,
    steps: u8,
) -> Vec<Ray> {
    if steps < 2 {
        return Vec::new();
    }
    let eligible = |a: &Atom| {
        a.max_steps == Some(1)
            && a.modes.moves
            && a.hop == Hop::None
            && a.second_leg.is_none()
            && !a.initial
    };
    let mut directions: Vec<(i8, i8)> = Vec::new();
    for atom in betza.atoms.iter().filter(|a| eligible(a)) {
        for &(dx, dy) in &atom.directions {
            if dy > 0 && !directions.contains(&(dx, dy)) {
                directions.push((dx, dy));
            }
        }
    }
    let mut rays = Vec::new();
    for (dx, dy) in directions {
        let lame = betza
            .atoms
            .iter()
            .any(|a| eligible(a) && a.lame && a.directions.contains(&(dx, dy)));
        let walk = Betza {
            text: String::new(),
            atoms: vec![Atom {
                directions: vec![(dx, dy)],
                max_steps: Some(steps),
                modes: Modes {
                    moves: true,
                    captures: false,
                },
                hop: Hop::None,
                lame,
                initial: false,
                en_passant: false,
                second_leg: None,
            }],
        };
        for mut ray in move_table::compile(&walk, geometry, color, from, false) {
            if ray.steps.len() >= 2 {
                ray.pass_first = 1;
                rays.push(ray);
            }
        }
    }
    rays
}
