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
    clock::moved,
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
        let tournaments = self.look_after_tournaments(pace, stop.clone());
        match &self.outbox {
            None => {
                tokio::join!(lease, timers, tournaments);
            }
            Some(outbox) => {
                let posts = DuePosts {
                    service: self,
                    outbox,
                    poster: &poster,
                };
                let posts = queue::run(&posts, &*self.clock, pace, stop);
                tokio::join!(lease, timers, tournaments, posts);
            }
        }
        self.lease.end(&self.store).await;
    }

    /// Starts the tournaments due to start and moves on those whose round is over, at every
    /// poll and whenever the clock is moved by hand, until `stop` turns true. A round is
    /// moved on at once by the command that ends its last game; this finds what a process
    /// that stopped in between left, and the tournaments that start at a set time.
    async fn look_after_tournaments(&self, pace: Pace, mut stop: watch::Receiver<bool>) {
        let mut moves = self.clock.moves();
        while !*stop.borrow() {
            if let Some(moves) = &mut moves {
                moves.borrow_and_update();
            }
            let wait = match self.advance_tournaments().await {
                Ok(()) => pace.poll,
                Err(error) => {
                    tracing::warn!(%error, "cannot look after the tournaments; trying again soon");
                    pace.retry
                }
            };
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = moved(&mut moves) => {}
                _ = stop.changed() => {}
            }
        }
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
