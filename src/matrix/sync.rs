//! The sync loop, kept up through network failures, and quick. matrix-sdk's `Client::sync`
//! returns on the first round that fails (it does not retry a network failure), so a dropped
//! connection would silently stop the bot while the process went on; here a failed round is
//! tried again after a pause, and only a session the homeserver no longer accepts ends the
//! loop. And matrix-sdk's own loop sleeps a second whenever two rounds come less than a second
//! apart, which in an active room is every round: an answer then took a second to be heard.
//! This loop asks again at once, unless the homeserver answered at once with nothing (it then
//! is not holding the long poll open), and then waits a moment.
//!
//! Nothing is lost or handled twice: the sync position advances only with a response that was
//! received whole and processed, so what was sent while the connection was down comes, once,
//! with the first round that succeeds.
//!
//! Nor through a crash. matrix-sdk saves the position of a round before the bot has handled
//! its events (they wait in their rooms' queues), so a bot killed then would never see them
//! again. The bot saves a position of its own in its database ([`save_positions`]), only once
//! every event before it was handled, and resumes from it: the events after it come again,
//! and those already handled are skipped (see `incoming`).

use std::{
    future::Future,
    pin::Pin,
    sync::Arc,
    time::{Duration, Instant},
};

use matrix_sdk::{Client, Error, config::SyncSettings, ruma::api::error::ErrorKind};
use tokio::sync::mpsc;

use super::Bot;

/// The pause after a failed round; it doubles with each failure in a row.
const FIRST_PAUSE: Duration = Duration::from_secs(1);
/// The longest pause: once the homeserver can be reached again, the bot is back within this.
const LONGEST_PAUSE: Duration = Duration::from_secs(10);
/// A round answered faster than this with nothing in it was not held open by the homeserver.
const AT_ONCE: Duration = Duration::from_millis(20);
/// The wait before asking again after such a round, so as not to hammer the homeserver.
const BREATH: Duration = Duration::from_millis(100);

/// How often messages handled long ago are forgotten.
const FORGET_EVERY: Duration = Duration::from_secs(3600);

/// A round's position, and what resolves once its events were handled.
type Round = (String, Pin<Box<dyn Future<Output = ()> + Send>>);

/// Syncs until the homeserver refuses the session; see the module's doc. The first round
/// starts from `resume`, the position the bot saved, when there is one (else from
/// matrix-sdk's).
pub async fn keep_syncing(
    client: Client,
    bot: Arc<Bot>,
    mut resume: Option<String>,
) -> Result<(), Error> {
    let (rounds, handled) = mpsc::unbounded_channel();
    tokio::spawn(save_positions(bot.clone(), handled));
    let mut failed: u32 = 0;
    bot.service
        .disconnected("the first sync with the homeserver has not answered yet");
    loop {
        let asked = Instant::now();
        let settings = match &resume {
            Some(position) => SyncSettings::default().token(position.clone()),
            None => SyncSettings::default(),
        };
        match client.sync_once(settings).await {
            Ok(response) => {
                if failed > 0 {
                    tracing::info!(failed, "the sync with the homeserver is back");
                }
                failed = 0;
                resume = None;
                bot.service.connected();
                // The handlers have queued every event of the round in its room by now.
                let round: Round = (
                    response.next_batch.clone(),
                    Box::pin(bot.rooms.all_done_so_far()),
                );
                let _ = rounds.send(round);
                let empty = response.rooms.is_empty() && response.to_device.is_empty();
                if empty && asked.elapsed() < AT_ONCE {
                    tokio::time::sleep(BREATH).await;
                }
            }
            Err(error) if ends_the_session(&error) => return Err(error),
            Err(error) if resume.is_some() && refuses_the_position(&error) => {
                tracing::warn!(%error, "the homeserver refused the saved sync position");
                resume = None;
            }
            Err(error) => {
                failed += 1;
                bot.service.disconnected(format!(
                    "the sync with the homeserver failed {failed} times"
                ));
                let pause = pause_after(failed);
                tracing::warn!(%error, failed, ?pause, "the sync with the homeserver failed");
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// Saves each round's position once its events were handled, in the order of the rounds (a
/// quick room must not save past a slow room's event), and now and then forgets messages
/// handled long ago.
async fn save_positions(bot: Arc<Bot>, mut rounds: mpsc::UnboundedReceiver<Round>) {
    let account = format!("matrix:{}", bot.me);
    let mut saved: Option<String> = None;
    let mut forgot = Instant::now();
    while let Some((position, handled)) = rounds.recv().await {
        handled.await;
        if saved.as_ref() == Some(&position) {
            continue;
        }
        match bot.service.save_resume_position(&account, &position).await {
            Ok(()) => saved = Some(position),
            Err(error) => tracing::warn!(%error, "cannot save the sync position"),
        }
        if forgot.elapsed() >= FORGET_EVERY {
            forgot = Instant::now();
            if let Err(error) = bot.service.forget_old_handled().await {
                tracing::warn!(%error, "cannot forget old handled messages");
            }
        }
    }
}

/// Whether the homeserver refuses a sync from the position the bot saved (not a network
/// failure): the bot then goes on from matrix-sdk's own.
fn refuses_the_position(error: &Error) -> bool {
    error
        .client_api_error_kind()
        .is_some_and(|kind| !matches!(kind, ErrorKind::LimitExceeded(_)))
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
