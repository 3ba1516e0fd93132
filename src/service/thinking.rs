//! Where the bot is thinking, for the adapters that can show it: a bot's move can take seconds
//! (level 5 thinks for several), and a chat that shows "Chatrang is typing…" meanwhile tells
//! people the bot heard them and is at work. The service only announces; each adapter decides
//! how to show it (Matrix: a typing notice in the game's room).

use tokio::sync::broadcast;

use super::{base::Service, thought::Thinking};

/// Announces the end of a thought when dropped, so that a search that fails or panics does not
/// leave "typing…" on forever.
pub(crate) struct Thought<'a> {
    service: &'a Service,
    game: i64,
    place: String,
}

impl Drop for Thought<'_> {
    fn drop(&mut self) {
        let _ = self.service.thinking.send(Thinking {
            game: self.game,
            place: std::mem::take(&mut self.place),
            done: true,
        });
    }
}

impl Service {
    /// Announcements of the bot's thinking, from now on.
    pub fn watch_thinking(&self) -> broadcast::Receiver<Thinking> {
        self.thinking.subscribe()
    }

    /// Announces that the bot thinks about its move in `game`, played in `place`, until the
    /// returned guard is dropped.
    pub(crate) fn thinking_in(&self, game: i64, place: &str) -> Thought<'_> {
        // Nobody listening (the console, the tests) is no error.
        let _ = self.thinking.send(Thinking {
            game,
            place: place.to_string(),
            done: false,
        });
        Thought {
            service: self,
            game,
            place: place.to_string(),
        }
    }
}
