//! The service value itself: the store it answers from, the painter that draws its boards, the
//! games it keeps in memory, and the list of games the bot hosts. The commands are `impl
//! Service` blocks in the files above this one.

use std::{
    collections::{HashMap, HashSet},
    sync::{Arc, Mutex},
};

use super::{
    cache::GameCache,
    clock::{Clock, SystemClock},
    lease::Lease,
    outbox::Outbox,
    painter::{BoardPainter, RenderPainter},
};
use crate::{
    rules::{OptionSpec, registry::GAMES},
    store::Store,
};

/// The service. Cheap to share behind an `Arc`; every method takes `&self`.
pub struct Service {
    pub(crate) store: Store,
    pub(crate) painter: Arc<dyn BoardPainter>,
    /// Games replayed from their logs, keyed by id, with the version they reflect.
    pub(crate) cache: GameCache,
    /// Display names already written to the players table, to skip needless writes.
    pub(crate) names: Mutex<HashMap<String, String>>,
    /// How this process delivers its posts; `None` (the console) answers in place only.
    pub(crate) outbox: Option<Outbox>,
    /// Wakes the loop of posts when a post was handed to it (see `queue`).
    pub(crate) outbox_wake: Arc<tokio::sync::Notify>,
    /// The time every timer and post is due by, and their claims and retries are counted in.
    pub(crate) clock: Arc<dyn Clock>,
    /// This process's lease, which makes its claims hold while it lives (see `lease`).
    pub(crate) lease: Lease,
    /// Wakes the loop of timers when a change set a timer due at once (the bot's turn).
    pub(crate) timer_wake: tokio::sync::Notify,
    /// The bot's searches that may run at once: one core is always left to everything else.
    pub(crate) searches: tokio::sync::Semaphore,
    /// The bot's searches waiting for a slot (for `/metrics`).
    pub(crate) searches_waiting: std::sync::atomic::AtomicUsize,
    /// The chat accounts the bot itself answers as (its Discord user, its Matrix id): nobody
    /// can challenge them, since they never accept; the `ai` option plays the bot.
    pub(crate) own_accounts: Mutex<HashSet<String>>,
    /// Held while a new game is checked against the limits per person and written, so that a
    /// burst of commands cannot all pass the count before any is written. A server's commands
    /// all reach one process (Discord's shards split by server; Matrix runs one), so one lock
    /// per process makes the limits exact.
    pub(crate) new_games: tokio::sync::Mutex<()>,
    /// Tells adapters where the bot is thinking (see `thinking`).
    pub(crate) thinking: tokio::sync::broadcast::Sender<super::thought::Thinking>,
    /// Heavy work (replays), one job at a time at a lower priority (see `heavy`).
    pub(crate) heavy: super::heavy::HeavyWork,
    /// Replays being drawn for the outbox (see `animated`).
    pub(crate) auto_replays: super::auto_replays::AutoReplays,
    /// The commands being carried out, and whether more are taken (see `doors`).
    pub(crate) doors: Arc<super::doors::Doors>,
    /// How the chat platform's connection stands, for `/healthz` (see `health`).
    pub(crate) connection: super::health::Connection,
}

/// How many of the bot's searches run at once: the cores less one, at least one.
fn search_slots() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
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
                key: g.slug,
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
            cache: GameCache::default(),
            names: Mutex::new(HashMap::new()),
            outbox: None,
            outbox_wake: Arc::new(tokio::sync::Notify::new()),
            heavy: super::heavy::HeavyWork::default(),
            auto_replays: super::auto_replays::AutoReplays::default(),
            doors: Arc::default(),
            connection: super::health::Connection::default(),
            clock: Arc::new(SystemClock),
            lease: Lease::default(),
            timer_wake: tokio::sync::Notify::new(),
            searches: tokio::sync::Semaphore::new(search_slots()),
            searches_waiting: Default::default(),
            own_accounts: Mutex::new(HashSet::new()),
            new_games: tokio::sync::Mutex::new(()),
            thinking: tokio::sync::broadcast::channel(super::thought::WAITING).0,
        }
    }

    /// Tells the service the chat account the bot answers as (an adapter learns it when it
    /// connects), so that a challenge to it is refused rather than left waiting forever.
    pub fn add_own_account(&self, user_id: &str) {
        self.own_accounts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(user_id.to_string());
    }

    /// Whether `user_id` is an account the bot answers as.
    pub(crate) fn is_own_account(&self, user_id: &str) -> bool {
        self.own_accounts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(user_id)
    }

    /// The same service reading `clock` (tests and console demos move time by hand).
    pub fn with_clock(mut self, clock: impl Clock) -> Service {
        self.clock = Arc::new(clock);
        self
    }

    /// The time now, by the service's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The same service, writing every change people must see to the outbox for `outbox`'s
    /// platform (a chat platform, where a post can fail; see [`Service::run_background`]).
    pub fn with_outbox(mut self, outbox: Outbox) -> Service {
        self.outbox = Some(outbox);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// How many times the kept copy of a game has generated its legal moves (see
    /// [`crate::rules::Game::legal_sets_computed`]); `None` when the game is not in memory.
    /// The counting test holds one move through the service to at most two generations with it.
    pub fn legal_sets_computed(&self, game: i64) -> Option<u64> {
        self.cache.legal_sets_computed(game)
    }
}
