//! The time the service reads: the system's, or one a test or a console demo moves by hand,
//! so that a day-long deadline is tested in a millisecond. The rules never read a clock. Every
//! time that decides when something happens (a timer's due time, a post's due time and backoff,
//! how long a claim on either holds) is this clock's, handed to the store; the store stamps its
//! records (when a move was made, when a post was delivered) with the system's.

use std::{
    sync::{
        Arc,
        atomic::{AtomicI64, Ordering},
    },
    time::Duration,
};

use tokio::sync::watch;

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync + 'static {
    fn now_ms(&self) -> i64;

    /// Ticks when the clock is moved by hand, so that the claimed queue's loop (see `queue`),
    /// asleep until the next due time by the old reading, looks again at once. `None`: the
    /// clock only runs on by itself.
    fn moves(&self) -> Option<watch::Receiver<()>> {
        None
    }
}

/// Returns when a clock whose [`Clock::moves`] are `moves` is moved by hand; never for a clock
/// that only runs on. Loops asleep until a time by the clock (the claimed queue, the lease)
/// wake on it.
pub(crate) async fn moved(moves: &mut Option<watch::Receiver<()>>) {
    if let Some(moves) = moves
        && moves.changed().await.is_ok()
    {
        return;
    }
    std::future::pending().await
}

/// The system's clock.
#[derive(Copy, Clone, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        crate::store::now_ms()
    }
}

/// Milliseconds moved by hand, shared by a clock's clones, and the signal that they moved.
#[derive(Debug)]
struct Hand {
    ms: AtomicI64,
    moved: watch::Sender<()>,
}

impl Hand {
    fn at(ms: i64) -> Hand {
        Hand {
            ms: AtomicI64::new(ms),
            moved: watch::channel(()).0,
        }
    }

    fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.ms.fetch_add(ms, Ordering::SeqCst);
        // Marks every receiver changed, also those subscribed later than a send.
        self.moved.send_replace(());
    }

    fn get(&self) -> i64 {
        self.ms.load(Ordering::SeqCst)
    }
}

/// A clock that only moves when told; clones share the time.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<Hand>);

impl ManualClock {
    /// A clock standing at the system's time now.
    pub fn new() -> ManualClock {
        ManualClock::at(crate::store::now_ms())
    }

    pub fn at(ms: i64) -> ManualClock {
        ManualClock(Arc::new(Hand::at(ms)))
    }

    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        self.0.advance(by);
    }
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock::new()
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.get()
    }

    fn moves(&self) -> Option<watch::Receiver<()>> {
        Some(self.0.moved.subscribe())
    }
}

/// The system's clock moved on by hand: the console's, where `/clock +13h` shows what a day
/// of timed play does without waiting for it. Clones share the shift.
#[derive(Clone, Debug)]
pub struct ShiftedClock(Arc<Hand>);

impl Default for ShiftedClock {
    fn default() -> Self {
        ShiftedClock(Arc::new(Hand::at(0)))
    }
}

impl ShiftedClock {
    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        self.0.advance(by);
    }

    /// How far it has been moved on.
    pub fn shift(&self) -> Duration {
        Duration::from_millis(self.0.get().max(0) as u64)
    }
}

impl Clock for ShiftedClock {
    fn now_ms(&self) -> i64 {
        crate::store::now_ms().saturating_add(self.0.get())
    }

    fn moves(&self) -> Option<watch::Receiver<()>> {
        Some(self.0.moved.subscribe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told_and_its_clones_move_with_it() {
        let clock = ManualClock::at(1_000);
        let same = clock.clone();
        assert_eq!(clock.now_ms(), 1_000);
        same.advance(Duration::from_secs(13 * 3600));
        assert_eq!(clock.now_ms(), 1_000 + 13 * 3_600_000);
    }

    #[test]
    fn moving_a_clock_by_hand_tells_whoever_watches_it() {
        let clock = ShiftedClock::default();
        let moves = clock.moves().expect("a hand-moved clock tells");
        assert!(!moves.has_changed().unwrap());
        clock.clone().advance(Duration::from_secs(60));
        assert!(moves.has_changed().unwrap());
        assert_eq!(clock.shift(), Duration::from_secs(60));
        assert!(SystemClock.moves().is_none());
    }
}
