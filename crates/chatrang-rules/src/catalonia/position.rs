//! The whole state of a Catalonia game: board, turn, dice, the pending decision and the
//! per-turn history of scores and chains. Everything a saved game needs is here, so a position
//! string read back gives an equal position, mid-turn decisions included.

use super::{board::Board, dice::Dice, pieces::Piece};
use crate::{Color, Square};

/// The turn limit when none is chosen.
pub const DEFAULT_TURNS: u8 = 15;
/// The fewest and most turns a game may be set to.
pub const TURN_RANGE: std::ops::RangeInclusive<u8> = 5..=30;
/// Without a chain by the end of this turn, everyone has lost.
pub(crate) const FIVE_TURN_RULE: u8 = 5;

/// The decision the game waits for. Steps without a choice (a pass, a single blast target, a
/// forced escape) are taken at once and never wait here.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub enum Phase {
    /// `side` must move. `second`: the other side has already moved this turn. `may_swap`:
    /// nothing has happened yet this turn and White may propose that Black moves first.
    Move {
        /// The side that moves.
        side: Color,
        /// Whether this is the turn's second move.
        second: bool,
        /// Whether the side may still offer to swap the move order.
        may_swap: bool,
    },
    /// White proposed that Black moves first this turn; Black accepts or declines.
    SwapProposed,
    /// Any participant chooses the bomb's target: a piece next to the empty square `center`
    /// that the dice hit, or (`None`, the non-random variant) a piece of a longest chain.
    /// The bomb's target is chosen (next to `center` when the dice gave one).
    Target {
        /// The square the dice chose, if any.
        center: Option<Square>,
    },
    /// `piece`, bombed out of `from` (now a pit), must escape; its side picks the square.
    /// The piece on the bombed square escapes.
    Escape {
        /// The square it leaves.
        from: Square,
        /// The piece concerned.
        piece: Piece,
    },
    /// At the end of the turn `side` may remove trapped Peasants, or keep them.
    /// A side whose piece is trapped removes one of its pieces.
    Trapped {
        /// The side concerned.
        side: Color,
    },
    /// The game is over.
    Over,
}

/// One scored turn: its points and the chain that earned them (empty when none).
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct TurnRecord {
    /// The turn's number, from 1.
    pub turn: u8,
    /// The points the turn scored.
    pub points: u32,
    pub(crate) chain: Vec<Square>,
    /// Where the turn's bomb fell (the square that became a pit), once it has: the post that
    /// ends the turn shows it beside the chain that scored.
    pub(crate) bomb: Option<Square>,
}

#[derive(Clone, Debug, Eq, PartialEq, Hash)]
/// A Catalonia position: the board, the turn, the phase, the dice and the turns played.
pub struct Position {
    pub(super) board: Board,
    /// 1-based.
    pub(super) turn: u8,
    pub(super) limit: u8,
    /// False in the non-random variant: the players choose the target among a longest chain.
    pub(super) random: bool,
    pub(super) dice: Dice,
    pub(super) phase: Phase,
    /// Scored turns, from the turn the first chain appeared.
    pub(super) history: Vec<TurnRecord>,
    /// Squares touched by the last action, for the picture.
    pub(super) last: Vec<Square>,
}

impl Position {
    /// A new game: the starting board, turn 1, White to move.
    pub fn new(limit: u8, random: bool, seed: u64) -> Position {
        Position {
            board: Board::start(),
            turn: 1,
            limit,
            random,
            dice: Dice::chacha8(seed),
            phase: Phase::Move {
                side: Color::White,
                second: false,
                may_swap: true,
            },
            history: Vec::new(),
            last: Vec::new(),
        }
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What is being decided now.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The current turn's number, from 1.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    pub(crate) fn limit(&self) -> u8 {
        self.limit
    }

    /// The turns played so far, with their points.
    pub fn history(&self) -> &[TurnRecord] {
        &self.history
    }

    /// The sum of every turn's points.
    pub fn total(&self) -> u32 {
        self.history.iter().map(|r| r.points).sum()
    }

    /// The record of the current turn, once it is scored.
    pub(crate) fn this_turn(&self) -> Option<&TurnRecord> {
        self.history.last().filter(|r| r.turn == self.turn)
    }

    /// Whether a chain has ever formed (from then on every turn is scored and bombed).
    pub(crate) fn chains_started(&self) -> bool {
        !self.history.is_empty()
    }
}
