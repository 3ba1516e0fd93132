//! The announcement that the bot began or stopped thinking in a game (see `thinking`): a leaf,
//! so that the service that holds the channel and the code that announces both import it.

/// How many announcements wait for a slow listener before the oldest are dropped (a listener
/// that lags only misses some typing notices).
pub(crate) const WAITING: usize = 64;

/// The bot began, or stopped, thinking about its move in a game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Thinking {
    pub game: i64,
    /// The game's place (its channel, thread or room, as the adapter named it).
    pub place: String,
    /// False when it began, true when it is done (its move made, or given up).
    pub done: bool,
}
