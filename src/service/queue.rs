//! The claimed queue: rows that fall due in the database and must be handled once, by
//! whichever bot process claims them first. Timers (`schedule`) and outbox posts (`deliver`)
//! are both such rows; each says how to find, claim and handle its rows ([`Due`]), and this
//! file does the rest for both: claim what is due, handle what was claimed, sleep until the
//! next row falls due.
//!
//! One clock: every time here is the service's [`Clock`], passed to the store's queries (when
//! a row is due, how long a claim holds; the kinds compute their backoff from it too). So a
//! clock moved by hand moves timers and posts alike, and it wakes the loop when it moves.
//!
//! What the store's queries guarantee (see `store::timers`, `store::outbox`): a claim is one
//! compare-and-set on the row's `claimed_until` and `claimed_by`, so of several processes on one
//! database only one takes a row; handling a row removes it or marks it done, so it is handled
//! once; and a claim holds until its `claimed_until` (as long as handling may take) only while
//! the process that made it lives: a claim left by a process that died is taken by another as
//! soon as the dead one's lease runs out (`lease`, seconds), or at its `claimed_until` if that
//! comes first.

use std::{future::Future, time::Duration};

use tokio::sync::{Notify, watch};

use super::clock::{Clock, moved};
use crate::store::StoreError;

/// How many due rows are claimed at a time.
const BATCH: i64 = 20;

/// A kind of row that falls due and is claimed before it is handled.
pub(crate) trait Due: Sync {
    /// A row of this kind, as read when it was due.
    type Row: Send + Sync;
    /// What handling a row gives back (a timer's reply; nothing for a post).
    type Said: Send;
    /// The kind's name in log lines.
    const KIND: &'static str;

    /// How long a claim keeps a row from other processes: longer than handling it can take,
    /// since a claim that runs out lets another process handle the row again.
    fn hold(&self) -> Duration;

    /// Up to `limit` rows due at `now` that nobody holds, the oldest first.
    fn due(
        &self,
        now: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<Self::Row>, StoreError>> + Send;

    /// This process, as the owner of claims made at `now`, its lease alive (see `lease`).
    fn owner(&self, now: i64) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Takes `row` until `until` for process `owner` if no claim holds it at `now`: true for
    /// one caller only.
    fn claim(
        &self,
        row: &Self::Row,
        now: i64,
        until: i64,
        owner: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Handles rows this process claimed at `now`; each is removed, marked done, or given a
    /// later due time (a retry), else its claim runs out and it is handled again.
    fn handle(
        &self,
        claimed: Vec<Self::Row>,
        now: i64,
    ) -> impl Future<Output = Result<Vec<Self::Said>, StoreError>> + Send;

    /// When the next row may be claimed (it falls due, or its claim runs out), if any waits.
    fn next(&self) -> impl Future<Output = Result<Option<i64>, StoreError>> + Send;

    /// Woken when a commit hands this kind a row due at once (a bot's turn, a timer's news).
    fn wake(&self) -> &Notify;
}

/// How often a loop looks without being woken, and how soon after a failed read.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Pace {
    /// The longest sleep: another process may have written a row due sooner.
    pub poll: Duration,
    /// The sleep after the database could not be read.
    pub retry: Duration,
}

/// Claims and handles every row of `queue` due by `clock`, until none is left; returns what
/// the handled rows said, in order.
pub(crate) async fn drain<Q: Due>(
    queue: &Q,
    clock: &dyn Clock,
) -> Result<Vec<Q::Said>, StoreError> {
    let hold = i64::try_from(queue.hold().as_millis()).unwrap_or(i64::MAX);
    let mut said = Vec::new();
    loop {
        let now = clock.now_ms();
        let due = queue.due(now, BATCH).await?;
        if due.is_empty() {
            return Ok(said);
        }
        let found = due.len();
        let owner = queue.owner(now).await?;
        let mut claimed = Vec::new();
        for row in due {
            if queue
                .claim(&row, now, now.saturating_add(hold), owner)
                .await?
            {
                claimed.push(row);
            }
        }
        // Rows found but taken by another process are not found again: their claims hold. A
        // full batch all taken by another may hide more rows behind it, so look again; a
        // short one was all there was.
        if claimed.is_empty() {
            if i64::try_from(found).unwrap_or(i64::MAX) < BATCH {
                return Ok(said);
            }
            continue;
        }
        said.extend(queue.handle(claimed, now).await?);
    }
}

/// The loop of one kind: drains `queue`, then sleeps until its next row is due by `clock`
/// (at most `pace.poll`), until `stop` turns true. A wake-up of the kind or a move of the
/// clock by hand ends the sleep early.
pub(crate) async fn run<Q: Due>(
    queue: &Q,
    clock: &dyn Clock,
    pace: Pace,
    mut stop: watch::Receiver<bool>,
) {
    let mut moves = clock.moves();
    while !*stop.borrow() {
        // A move during the drain below counts: it ends the sleep after it.
        if let Some(moves) = &mut moves {
            moves.borrow_and_update();
        }
        let wait = match drain(queue, clock).await {
            Ok(_) => until_next(queue, clock, pace).await,
            Err(error) => {
                tracing::warn!(kind = Q::KIND, %error, "the database cannot be read; trying again soon");
                pace.retry
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = queue.wake().notified() => {}
            _ = moved(&mut moves) => {}
            _ = stop.changed() => {}
        }
    }
}

/// How long the loop may sleep: until the next row may be claimed, at most the poll.
async fn until_next<Q: Due>(queue: &Q, clock: &dyn Clock, pace: Pace) -> Duration {
    match queue.next().await {
        Ok(Some(at)) => {
            let wait = at.saturating_sub(clock.now_ms()).max(0) as u64;
            Duration::from_millis(wait).min(pace.poll)
        }
        Ok(None) => pace.poll,
        Err(_) => pace.retry,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::service::clock::ManualClock;

    /// Rows in memory: (due at, claimed until, handled how many times), by id.
    #[derive(Default)]
    struct Rows {
        rows: Mutex<Vec<(i64, i64, usize)>>,
        wake: Notify,
    }

    impl Due for Rows {
        type Row = usize;
        type Said = usize;
        const KIND: &'static str = "test rows";

        fn hold(&self) -> Duration {
            Duration::from_secs(60)
        }

        async fn due(&self, now: i64, limit: i64) -> Result<Vec<usize>, StoreError> {
            let rows = self.rows.lock().unwrap();
            let due = (0..rows.len()).filter(|&i| rows[i].0 <= now && rows[i].1 <= now);
            Ok(due.take(limit as usize).collect())
        }

        async fn owner(&self, _now: i64) -> Result<i64, StoreError> {
            Ok(1)
        }

        async fn claim(
            &self,
            row: &usize,
            now: i64,
            until: i64,
            _owner: i64,
        ) -> Result<bool, StoreError> {
            let mut rows = self.rows.lock().unwrap();
            let free = rows[*row].1 <= now;
            if free {
                rows[*row].1 = until;
            }
            Ok(free)
        }

        /// Handles each row once: it is never due again.
        async fn handle(&self, claimed: Vec<usize>, _now: i64) -> Result<Vec<usize>, StoreError> {
            let mut rows = self.rows.lock().unwrap();
            for &row in &claimed {
                rows[row] = (i64::MAX, 0, rows[row].2 + 1);
            }
            Ok(claimed)
        }

        async fn next(&self) -> Result<Option<i64>, StoreError> {
            let rows = self.rows.lock().unwrap();
            Ok(rows
                .iter()
                .map(|r| r.0.max(r.1))
                .filter(|&t| t < i64::MAX)
                .min())
        }

        fn wake(&self) -> &Notify {
            &self.wake
        }
    }

    fn rows(due: &[i64]) -> Rows {
        let rows = Rows::default();
        *rows.rows.lock().unwrap() = due.iter().map(|&at| (at, 0, 0)).collect();
        rows
    }

    #[tokio::test]
    async fn a_drain_handles_what_is_due_by_the_clock_once_and_skips_what_another_holds() {
        let clock = ManualClock::at(1_000);
        let queue = rows(&[500, 1_000, 2_000, 900]);
        // Row 3 is held by another process until 1_500.
        queue.rows.lock().unwrap()[3].1 = 1_500;
        assert_eq!(drain(&queue, &clock).await.unwrap(), vec![0, 1]);
        assert!(drain(&queue, &clock).await.unwrap().is_empty());
        assert_eq!(queue.next().await.unwrap(), Some(1_500));
        clock.advance(Duration::from_secs(1));
        assert_eq!(drain(&queue, &clock).await.unwrap(), vec![2, 3]);
        let handled: Vec<usize> = queue.rows.lock().unwrap().iter().map(|r| r.2).collect();
        assert_eq!(handled, vec![1, 1, 1, 1]);
    }

    #[tokio::test]
    async fn the_loop_wakes_when_the_clock_is_moved_by_hand() {
        let clock = ManualClock::at(0);
        let queue = Arc::new(rows(&[3_600_000]));
        let (stop, stopped) = watch::channel(false);
        let (running, moved) = (queue.clone(), clock.clone());
        // Polls once an hour: only the move of the clock can wake it in time.
        let pace = Pace {
            poll: Duration::from_secs(3600),
            retry: Duration::from_secs(3600),
        };
        let task = tokio::spawn(async move { run(&*running, &moved, pace, stopped).await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(queue.rows.lock().unwrap()[0].2, 0);
        clock.advance(Duration::from_secs(3600));
        let handled = tokio::time::timeout(Duration::from_secs(5), async {
            while queue.rows.lock().unwrap()[0].2 == 0 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await;
        stop.send(true).unwrap();
        task.await.unwrap();
        assert!(handled.is_ok(), "the loop slept through the move");
    }
}
