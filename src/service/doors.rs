//! A clean stop: when the process is told to stop (SIGTERM from `docker stop` or systemd, or
//! Ctrl-C), the service stops taking commands and lets those in flight finish, so that every
//! command is either done (committed and answered) or never begun. A command that comes after
//! the doors closed gets a sentence saying to send it again, rather than a silence; one still
//! running when the grace period ends is cut off with its transaction, which the database
//! rolls back.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration,
};

use tokio::sync::Notify;

use super::reply::ServiceError;

/// Who is inside: the commands being carried out, and whether more may come in.
#[derive(Debug, Default)]
pub(crate) struct Doors {
    closed: AtomicBool,
    inside: AtomicUsize,
    /// Told each time the last command inside leaves.
    emptied: Notify,
}

/// A command inside, counted until it is dropped.
#[must_use = "the command counts as inside only while this is held"]
pub struct Inside(Arc<Doors>);

impl Drop for Inside {
    fn drop(&mut self) {
        if self.0.inside.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.emptied.notify_waiters();
        }
    }
}

/// The refusal of a command that comes while the bot stops.
pub(crate) fn stopping() -> ServiceError {
    ServiceError::refused("The bot is stopping for a restart; send that again in a minute.")
}

/// How a stop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closed {
    /// Commands still running when the grace period ended (0 when all finished).
    pub cut_short: usize,
}

impl Doors {
    /// Counts a command in; `None` once the doors are closed.
    pub(crate) fn enter(self: &Arc<Self>) -> Option<Inside> {
        self.inside.fetch_add(1, Ordering::SeqCst);
        // Counted first, checked second: a stop that closed the doors before this sees the
        // count, or this sees the doors closed; never neither.
        let inside = Inside(self.clone());
        if self.closed.load(Ordering::SeqCst) {
            return None;
        }
        Some(inside)
    }

    /// Closes the doors and waits until nobody is inside, or `grace` has passed.
    pub(crate) async fn close(&self, grace: Duration) -> Closed {
        self.closed.store(true, Ordering::SeqCst);
        let deadline = tokio::time::Instant::now() + grace;
        loop {
            let emptied = self.emptied.notified();
            let inside = self.inside.load(Ordering::SeqCst);
            if inside == 0 {
                return Closed { cut_short: 0 };
            }
            if tokio::time::timeout_at(deadline, emptied).await.is_err() {
                let cut_short = self.inside.load(Ordering::SeqCst);
                return Closed { cut_short };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stop_waits_for_those_inside_and_lets_nobody_in() {
        let doors = Arc::new(Doors::default());
        let first = doors.enter().expect("open");
        let closing = {
            let doors = doors.clone();
            tokio::spawn(async move { doors.close(Duration::from_secs(30)).await })
        };
        while !doors.closed.load(Ordering::SeqCst) {
            tokio::task::yield_now().await;
        }
        assert!(doors.enter().is_none(), "nobody comes in once closed");
        assert!(
            !closing.is_finished(),
            "the stop waits for the command inside"
        );
        drop(first);
        assert_eq!(closing.await.unwrap(), Closed { cut_short: 0 });
    }

    #[tokio::test]
    async fn the_grace_period_ends_the_wait() {
        let doors = Arc::new(Doors::default());
        let _stuck = doors.enter().expect("open");
        let closed = doors.close(Duration::from_millis(50)).await;
        assert_eq!(closed, Closed { cut_short: 1 });
    }
}
