//! "Chatrang is typing…" while the bot works: a command that takes a while (a hint's search, a
//! big board drawn) and the bot's own move. Matrix shows a typing notice for a few seconds; it
//! is renewed while the work goes on and withdrawn when it ends. A notice that cannot be sent
//! only costs the notice.

use std::{collections::HashMap, future::Future, time::Duration};

use matrix_sdk::{Client, Room, ruma::OwnedRoomId};
use tokio::{sync::broadcast, task::JoinHandle};

use super::place::Where;
use crate::service::Thinking;

/// Work that ends sooner shows no notice: an answer is on its way at once.
const BUSY_AFTER: Duration = Duration::from_millis(500);
/// How often the notice is renewed (matrix-sdk sends it again after 3 s; it lasts 4).
const RENEW_EVERY: Duration = Duration::from_secs(1);

/// Runs `work`, with a typing notice in `room` while it takes longer than [`BUSY_AFTER`].
pub async fn while_busy<T>(room: &Room, work: impl Future<Output = T>) -> T {
    let typing = tokio::spawn(keep_typing(room.clone(), BUSY_AFTER));
    let done = work.await;
    stop_typing(room, typing);
    done
}

/// Shows the bot's thinking about its moves (announced by the service) in the games' rooms,
/// until the service stops.
pub async fn show_thinking(client: Client, mut thoughts: broadcast::Receiver<Thinking>) {
    let mut shown: HashMap<i64, (OwnedRoomId, JoinHandle<()>)> = HashMap::new();
    loop {
        let thought = match thoughts.recv().await {
            Ok(thought) => thought,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::debug!(missed, "typing notices missed");
                continue;
            }
            Err(broadcast::error::RecvError::Closed) => return,
        };
        let Some(room) = Where::parse(&thought.place).and_then(|w| client.get_room(&w.room)) else {
            continue;
        };
        if let Some((_, typing)) = shown.remove(&thought.game) {
            typing.abort();
        }
        if !thought.done {
            let typing = tokio::spawn(keep_typing(room.clone(), Duration::ZERO));
            shown.insert(thought.game, (room.room_id().to_owned(), typing));
        } else if !shown.values().any(|(other, _)| other == room.room_id()) {
            withdraw(&room);
        }
    }
}

/// After `after`, keeps the typing notice on in `room` until aborted.
async fn keep_typing(room: Room, after: Duration) {
    tokio::time::sleep(after).await;
    loop {
        if let Err(error) = room.typing_notice(true).await {
            tracing::debug!(%error, "cannot send a typing notice");
        }
        tokio::time::sleep(RENEW_EVERY).await;
    }
}

/// Stops `typing` and withdraws the notice if it was shown.
fn stop_typing(room: &Room, typing: JoinHandle<()>) {
    typing.abort();
    withdraw(room);
}

/// Withdraws the typing notice in `room`, if it is on, without making anyone wait.
fn withdraw(room: &Room) {
    let room = room.clone();
    tokio::spawn(async move {
        // matrix-sdk sends the withdrawal only when a notice is on.
        if let Err(error) = room.typing_notice(false).await {
            tracing::debug!(%error, "cannot withdraw a typing notice");
        }
    });
}
