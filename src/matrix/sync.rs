//! The sync loop, kept up through network failures. matrix-sdk's `Client::sync` returns on the
//! first round that fails (it does not retry a network failure), so a dropped connection would
//! silently stop the bot while the process went on; here a failed round is tried again after a
//! pause, and only a session the homeserver no longer accepts ends the loop.
//!
//! Nothing is lost or handled twice: the sync position advances only with a response that was
//! received whole and processed, so what was sent while the connection was down comes, once,
//! with the first round that succeeds.

use std::{
    sync::atomic::{AtomicU32, Ordering},
    time::Duration,
};

use matrix_sdk::{Client, Error, LoopCtrl, config::SyncSettings, ruma::api::error::ErrorKind};

/// The pause after a failed round; it doubles with each failure in a row.
const FIRST_PAUSE: Duration = Duration::from_secs(1);
/// The longest pause: once the homeserver can be reached again, the bot is back within this.
const LONGEST_PAUSE: Duration = Duration::from_secs(10);

/// Syncs until the homeserver refuses the session; see the module's doc.
pub async fn keep_syncing(client: Client) -> Result<(), Error> {
    let failures = AtomicU32::new(0);
    let failures = &failures;
    client
        .sync_with_result_callback(SyncSettings::default(), |result| async move {
            match result {
                Ok(_) => {
                    let failed = failures.swap(0, Ordering::SeqCst);
                    if failed > 0 {
                        tracing::info!(failed, "the sync with the homeserver is back");
                    }
                    Ok(LoopCtrl::Continue)
                }
                Err(error) if ends_the_session(&error) => Err(error),
                Err(error) => {
                    let failed = failures.fetch_add(1, Ordering::SeqCst) + 1;
                    let pause = pause_after(failed);
                    tracing::warn!(%error, failed, ?pause, "the sync with the homeserver failed");
                    tokio::time::sleep(pause).await;
                    Ok(LoopCtrl::Continue)
                }
            }
        })
        .await
}

/// Whether the homeserver no longer accepts the bot's session: trying again cannot help.
fn ends_the_session(error: &Error) -> bool {
    matches!(
        error.client_api_error_kind(),
        Some(
            ErrorKind::UnknownToken(_)
                | ErrorKind::MissingToken
                | ErrorKind::UserDeactivated
                | ErrorKind::UserLocked
        )
    )
}

/// The pause after `failed` failed rounds in a row.
fn pause_after(failed: u32) -> Duration {
    let doublings = failed.saturating_sub(1).min(16);
    FIRST_PAUSE
        .saturating_mul(1 << doublings)
        .min(LONGEST_PAUSE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_doubles_with_each_failure_up_to_the_longest() {
        let pauses: Vec<u64> = (1..=6).map(|n| pause_after(n).as_secs()).collect();
        assert_eq!(pauses, [1, 2, 4, 8, 10, 10]);
        assert_eq!(pause_after(u32::MAX), LONGEST_PAUSE);
    }
}
