//! The game service: every command of the bot as a plain async function that returns a
//! structured [`Reply`] (or a [`ServiceError`] whose text is the sentence to show). Adapters
//! (console, Discord, Matrix) only translate to and from these calls; every decision about
//! permissions, turns, teams, draws and undo is made here, against the database.
//!
//! Games are only ever `Box<dyn Game>` built from their row in the table of games
//! ([`crate::rules::registry::GAMES`]), so a new game needs no change here: names, help and
//! options come from its row, whose turn it is from [`crate::rules::Status`], and cooperative
//! scoring from `GameId::is_cooperative`. Adapters list the games with [`Service::games`] and
//! never read the table themselves.

mod abort;
mod agree;
mod command;
mod context;
mod info;
mod painter;
mod parse;
mod play;
mod rating;
mod reply;
mod request;
mod run;
mod start;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

pub use command::{COMMANDS, Command, CommandSpec, command_list, find as find_command};
pub use context::replay;
pub use parse::{Line, ParseError, parse};
pub use painter::{BoardPainter, RenderPainter, TextPainter, text_board};
pub use rating::{TeamOutcome, rate_teams};
pub use reply::{
    Attachment, Choice, ChoiceAction, GameRef, Image, Place, Reply, ServiceError, ServiceResult,
    User,
};
pub use request::Request;
pub use start::NewGame;

use crate::{
    rules::{Game, OptionSpec, registry::GAMES},
    store::Store,
};

/// How many games the service keeps replayed in memory; beyond it the cache starts afresh.
const CACHE_LIMIT: usize = 4096;

/// A replayed game and its people, with the version of the record they reflect.
struct Cached {
    version: i64,
    game: Box<dyn Game>,
    people: Vec<crate::store::Participant>,
    /// The record's replay disagreed with its snapshot (see `context::restore`).
    damaged: bool,
}

/// The service. Cheap to share behind an `Arc`; every method takes `&self`.
pub struct Service {
    store: Store,
    painter: Arc<dyn BoardPainter>,
    /// Games replayed from their logs, keyed by id, with the version they reflect. Only a hit
    /// at the database's current version is used, so the database stays the source of truth.
    cache: Mutex<HashMap<i64, Cached>>,
    /// Display names already written to the players table, to skip needless writes.
    names: Mutex<HashMap<String, String>>,
}

/// The painter the program uses: PNG pictures and Unicode text boards from [`crate::render`].
pub fn default_painter() -> Arc<dyn BoardPainter> {
    Arc::new(RenderPainter)
}

/// One game the bot hosts, as adapters list it (from its row in the table of games).
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The id commands take and records keep.
    pub key: &'static str,
    /// The name people read.
    pub name: &'static str,
    /// Everyone plays together for one score: no winner, no rating.
    pub cooperative: bool,
    /// The options a new game accepts.
    pub options: &'static [OptionSpec],
}

impl Service {
    /// Every game the bot hosts, in the order lists show them.
    pub fn games() -> Vec<GameInfo> {
        GAMES
            .iter()
            .map(|g| GameInfo {
                key: g.key,
                name: g.name,
                cooperative: g.cooperative,
                options: g.options,
            })
            .collect()
    }

    /// A service over an opened store, drawing boards with `painter`.
    pub fn new(store: Store, painter: Arc<dyn BoardPainter>) -> Service {
        Service {
            store,
            painter,
            cache: Mutex::new(HashMap::new()),
            names: Mutex::new(HashMap::new()),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }
}
