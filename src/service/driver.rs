//! The one driver of a bot process's claimed queue: [`Service::run_background`], which a chat
//! adapter runs beside its connection. It runs the same loop (`queue::run`) for the timers and
//! for the posts, on the service's one clock, in one task, with the renewal of the process's
//! lease that makes its claims hold (`lease`), removed when the loops have stopped.
//!
//! The two kinds are polled side by side rather than one after the other, so that a bot's
//! search fired by a timer (seconds, at level 3) never holds back a post handed over meanwhile:
//! a board refused by the platform, or the post of a move just committed.

use std::time::Duration;

use tokio::sync::watch;

use super::{
    base::Service,
    deliver::DuePosts,
    outbox::Poster,
    queue::{self, Pace},
    schedule::DueTimers,
};

/// How often the loop looks without an outbox (another process may set a timer).
const POLL: Duration = Duration::from_secs(30);
/// How soon the loop reads again after the database could not be read, without an outbox.
const RETRY: Duration = Duration::from_secs(2);

impl Service {
    /// What a chat adapter runs beside its connection until `stop` turns true: the timers,
    /// and (with an outbox) the delivery of its platform's posts by `poster`, while the lease
    /// is renewed. Stopped, nothing of this process claims any more, and its lease is removed.
    pub async fn run_background<P: Poster>(&self, poster: P, stop: watch::Receiver<bool>) {
        let pace = self.pace();
        let lease = self
            .lease
            .keep_alive(&self.store, &*self.clock, stop.clone());
        let due_timers = DueTimers(self);
        let timers = queue::run(&due_timers, &*self.clock, pace, stop.clone());
        match &self.outbox {
            None => {
                tokio::join!(lease, timers);
            }
            Some(outbox) => {
                let posts = DuePosts {
                    service: self,
                    outbox,
                    poster: &poster,
                };
                tokio::join!(lease, timers, queue::run(&posts, &*self.clock, pace, stop));
            }
        }
        self.lease.end(&self.store).await;
    }

    /// The outbox's poll and first retry, for both kinds: a test that retries in milliseconds
    /// also finds a timer set by another process within its poll.
    fn pace(&self) -> Pace {
        match &self.outbox {
            Some(outbox) => Pace {
                poll: outbox.poll.min(POLL),
                retry: outbox.first_retry.min(POLL),
            },
            None => Pace {
                poll: POLL,
                retry: RETRY,
            },
        }
    }
}
