//! The time the service reads: the system's, or one a test or a console demo moves by hand,
//! so that a day-long deadline is tested in a millisecond. The rules never read a clock; the
//! store stamps its rows with the system's, but every timer is set and fired by this one.

use std::{
    sync::{
        Arc,
        atomic::{AtomicI64, Ordering},
    },
    time::Duration,
};

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync + 'static {
    fn now_ms(&self) -> i64;
}

/// The system's clock.
#[derive(Copy, Clone, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        crate::store::now_ms()
    }
}

/// A clock that only moves when told; clones share the time.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock standing at the system's time now.
    pub fn new() -> ManualClock {
        ManualClock::at(crate::store::now_ms())
    }

    pub fn at(ms: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(ms)))
    }

    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock::new()
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The system's clock moved on by hand: the console's, where `/clock +13h` shows what a day
/// of timed play does without waiting for it. Clones share the shift.
#[derive(Clone, Debug, Default)]
pub struct ShiftedClock(Arc<AtomicI64>);

impl ShiftedClock {
    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// How far it has been moved on.
    pub fn shift(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::SeqCst).max(0) as u64)
    }
}

impl Clock for ShiftedClock {
    fn now_ms(&self) -> i64 {
        crate::store::now_ms().saturating_add(self.0.load(Ordering::SeqCst))
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
}
