//! Playing strength: five levels, each a node budget, a time cap, a depth limit and how
//! widely it chooses among the better moves.

use std::{fmt, time::Duration};

/// How strongly the bot plays, 1 (a beginner) to 5 (its best, two seconds a move). A level is
/// first a node budget, so that a position, level and seed give the same move; the time cap
/// ([`Level::think_time`], applied by the caller, since the rules never read a clock) ends the
/// searches of slow or large games early, with the best move found so far.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Level(u8);

/// A level outside 1–5.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("the bot's level is a number from 1 to 5, not \"{0:.10}\"")]
pub struct LevelError(pub String);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The level when none is asked for.
    pub const DEFAULT: Level = Level(3);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level(1), Level(2), Level(3), Level(4), Level(5)];

    /// The level `n`, if it is 1 to 5.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        (1..=5)
            .contains(&n)
            .then_some(Level(n))
            .ok_or_else(|| LevelError(n.to_string()))
    }

    /// Reads `3` (or `level 3`, `l3`).
    pub fn parse(text: &str) -> Result<Level, LevelError> {
        let t = text.trim().to_ascii_lowercase();
        let digits = t.trim_start_matches("level").trim_start_matches('l').trim();
        digits
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| LevelError(text.trim().to_string()))
    }

    /// The level's number, 1 to 5.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The level's strength in chess on Fairy-Stockfish's `UCI_Elo` scale, rounded to 50, as
    /// `chatrang bench ladder` measured it (the README's ladder table): what players are told
    /// when they choose a level, and part of the bot's name. Measured, not a goal: a search
    /// or evaluation change that moves a level is measured again and this follows. `None`:
    /// not yet measured on the current search (level 5, whose two-second moves make a row of
    /// games take hours; it is at least level 4, with over thirty times its budget).
    pub fn strength(self) -> Option<u32> {
        [Some(750), Some(1200), Some(1650), Some(2100), None][usize::from(self.0 - 1)]
    }

    /// The level's strength in words: "about 1650", or "the strongest" where not measured.
    pub fn strength_text(self) -> String {
        match self.strength() {
            Some(elo) => format!("about {elo}"),
            None => "the strongest".to_string(),
        }
    }

    /// The longest the bot thinks at this level, for the caller's stop test.
    pub fn think_time(self) -> Duration {
        Duration::from_millis(match self.0 {
            1 | 2 => 500,
            3 => 1_500,
            4 => 1_750,
            _ => 2_000,
        })
    }

    /// The node budget, depth limit and choice of this level: a ladder, each level's
    /// budget several times the one below it. Levels 1 to 3 choose among the better moves
    /// ([`Limits::choice`]), level 1 looking one move ahead (and at the capture that answers it),
    /// level 2 three plies; levels 4 and 5 play the best move they find, level 5 with its whole
    /// time.
    pub fn limits(self, seed: u64) -> Limits<'static> {
        let (nodes, depth, quiescence, choice) = match self.0 {
            1 => (2_000, 1, 1, 180),
            2 => (20_000, 3, FULL_QUIESCENCE, 50),
            3 => (40_000, 64, FULL_QUIESCENCE, 20),
            4 => (120_000, 64, FULL_QUIESCENCE, 0),
            _ => (4_000_000, 64, FULL_QUIESCENCE, 0),
        };
        Limits {
            nodes,
            depth,
            quiescence,
            choice,
            seed,
            stop: &never,
        }
    }
}

/// Plies of quiescence at full strength: enough for the exchanges on one square.
pub const FULL_QUIESCENCE: u32 = 8;

fn never() -> bool {
    false
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0)
    }
}

/// The bounds of one search.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    /// Positions to visit at most: the search stops there with the best move found so far.
    pub nodes: u64,
    /// Plies to search at most, before extensions and quiescence.
    pub depth: u32,
    /// Plies of captures followed past the horizon at most (8 at full strength). Level 1
    /// follows one, as a beginner sees that a capture is taken back but not the exchange
    /// after it.
    pub quiescence: u32,
    /// The temperature of the weaker levels' choice, in centipawns: every root move is scored
    /// exactly and one is drawn, a move `d` below the best `e^(-d / choice)` times as likely as
    /// the best and none more than three times `choice` below it; a win found is always
    /// played. 0 plays the best move.
    pub choice: i32,
    /// Seeds the tie-breaking and the choice: the same seed gives the same move.
    pub seed: u64,
    /// Polled every thousand nodes; `true` ends the search with the best move so far.
    pub stop: &'a (dyn Fn() -> bool + Sync),
}

impl<'a> Limits<'a> {
    /// These limits with a stop test (the service's wall-clock cap).
    pub fn with_stop(self, stop: &'a (dyn Fn() -> bool + Sync)) -> Limits<'a> {
        Limits { stop, ..self }
    }
}

impl fmt::Debug for Limits<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("nodes", &self.nodes)
            .field("depth", &self.depth)
            .field("quiescence", &self.quiescence)
            .field("choice", &self.choice)
            .field("seed", &self.seed)
            .finish()
    }
}
