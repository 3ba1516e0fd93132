//! Naming and numbering moves for the score sheet by replaying the game alongside its log, for
//! the games whose row in the table of games names their moves (chess's SAN, Catalonia's
//! turns). Other games need no replay (their sheet is the log's notation, numbered as the
//! sides alternate; see `sheet`), and neither does a game whose replay has failed.

use crate::rules::{
    GameId, Rolls,
    score_sheet::{Named, SheetReplay},
};

/// The game as the sheet goes, or `None` for a game named from its log alone (or a replay
/// that failed: a damaged record).
pub(crate) struct Namer {
    replay: Option<Box<dyn SheetReplay>>,
}

impl Namer {
    /// The replay of a game of `kind` from `start`, its stored initial position.
    pub fn new(kind: GameId, start: &str) -> Namer {
        let replay = kind.spec().score_sheet.and_then(|replay| replay(start));
        Namer { replay }
    }

    /// Names the action `notation` (which rolled `rolls`) and plays it. `None` when the game
    /// is named from its log, or when the action does not replay: the replay stops there for
    /// good, and the rest of the sheet comes from the log.
    pub fn name(&mut self, notation: &str, rolls: &Rolls) -> Option<Named> {
        let named = self.replay.as_mut()?.name(notation, rolls);
        if named.is_none() {
            self.replay = None;
        }
        named
    }

    /// Steps back over the last move in effect (the sheet has just taken it back).
    pub fn take_back(&mut self) {
        if let Some(replay) = &mut self.replay {
            replay.take_back();
        }
    }
}
