//! This process's lease: how other bot processes on the same database tell that it lives, so
//! that its claims (posts, timers; see `queue`) hold while it does and are taken over within
//! seconds when it is killed. A claim still lasts as long as handling its row may take (a post
//! two minutes: a slow upload, a command's own answer), so a live process's long post is never
//! posted by another; the lease only ends the claims of a process that stopped renewing it.
//!
//! The process registers on its first claim or held post, and gets an id never given before
//! (a restarted process is a new owner). Its loop renews the lease every [`RENEW_EVERY`]
//! ([`Lease::keep_alive`], run by `driver` beside the queues), and removes it on a clean stop,
//! which frees its claims at once; a claim made when half the lease is gone renews it first
//! (a process without the loop, such as the console, or a clock moved by hand). One clock: the
//! lease's end is the service's clock, like every time a claim is compared with.
//!
//! A process cut off from the database longer than the lease cannot renew it and is taken for
//! dead: another may then post what it was posting (a repeat, which the platforms' post keys
//! make harmless where they can), never lose it.

use std::time::Duration;

use tokio::sync::{Mutex, watch};

use super::clock::{Clock, moved};
use crate::store::{Store, StoreError};

/// How long a process's lease lasts unrenewed: how soon after a process dies its claims are
/// taken over. Five renewals fit in it, so a database that does not answer for a few seconds
/// (PostgreSQL's connection wait is 3 s) does not make a live process look dead.
pub const LEASE: Duration = Duration::from_secs(10);
/// How often the loop renews the lease.
const RENEW_EVERY: Duration = Duration::from_secs(2);

/// The lease as this process last wrote it.
#[derive(Copy, Clone, Debug)]
struct Held {
    process: i64,
    alive_until: i64,
}

/// This process's lease; `None` until it is first needed, and again after a clean stop.
#[derive(Debug, Default)]
pub(crate) struct Lease {
    held: Mutex<Option<Held>>,
}

impl Lease {
    /// This process's id, as the owner of a claim (or a held post) made at `now` by the
    /// service's clock: its lease is renewed first when half of it is gone, and registered on
    /// first use.
    pub(crate) async fn holder(&self, store: &Store, now: i64) -> Result<i64, StoreError> {
        let mut held = self.held.lock().await;
        match *held {
            Some(lease) if lease.alive_until.saturating_sub(now) >= millis(LEASE) / 2 => {
                Ok(lease.process)
            }
            _ => renew(&mut held, store, now).await,
        }
    }

    /// Renews the lease every [`RENEW_EVERY`], and at once when the clock is moved by hand,
    /// until `stop` turns true (or its sender is gone). It is not removed here: the caller
    /// removes it once nothing of this process claims any more ([`Lease::end`]).
    pub(crate) async fn keep_alive(
        &self,
        store: &Store,
        clock: &dyn Clock,
        mut stop: watch::Receiver<bool>,
    ) {
        let mut moves = clock.moves();
        let mut failing = false;
        while !*stop.borrow() {
            if let Some(moves) = &mut moves {
                moves.borrow_and_update();
            }
            let renewed = {
                let mut held = self.held.lock().await;
                let now = clock.now_ms();
                // The loop renews long before the end: past it, the process stalled or the
                // database did not answer (a claim made without the loop renews quietly).
                if let Some(lease) = *held
                    && lease.alive_until <= now
                {
                    tracing::warn!(
                        process = lease.process,
                        late_ms = now - lease.alive_until,
                        "this process's lease ran out before it was renewed: another process \
                         may have taken what it claimed"
                    );
                }
                renew(&mut held, store, now).await
            };
            match renewed {
                Err(error) if !failing => {
                    tracing::warn!(%error, "cannot renew this process's lease; trying again");
                    failing = true;
                }
                Ok(process) if failing => {
                    tracing::info!(process, "this process's lease is renewed again");
                    failing = false;
                }
                _ => {}
            }
            tokio::select! {
                _ = tokio::time::sleep(RENEW_EVERY) => {}
                _ = moved(&mut moves) => {}
                changed = stop.changed() => if changed.is_err() { break },
            }
        }
    }

    /// Removes the lease (a clean stop): what this process still claims is free at once. The
    /// next claim registers it again, as a new process.
    pub(crate) async fn end(&self, store: &Store) {
        let Some(lease) = self.held.lock().await.take() else {
            return;
        };
        if let Err(error) = store.remove_process(lease.process).await {
            // Not removed, it runs out by itself.
            tracing::warn!(process = lease.process, %error, "cannot remove this process's lease");
        }
    }
}

/// Writes the lease until `now` + [`LEASE`]: renewed, or registered when there is none yet
/// or the database forgot it.
async fn renew(held: &mut Option<Held>, store: &Store, now: i64) -> Result<i64, StoreError> {
    let alive_until = now.saturating_add(millis(LEASE));
    if let Some(lease) = *held {
        if store.renew_process(lease.process, alive_until).await? {
            *held = Some(Held {
                alive_until,
                ..lease
            });
            return Ok(lease.process);
        }
        tracing::warn!(
            process = lease.process,
            "this process's lease was forgotten; it registers again"
        );
    }
    let process = store.register_process(now, alive_until).await?;
    *held = Some(Held {
        process,
        alive_until,
    });
    Ok(process)
}

fn millis(span: Duration) -> i64 {
    i64::try_from(span.as_millis()).unwrap_or(i64::MAX)
}
