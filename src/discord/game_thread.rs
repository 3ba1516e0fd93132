//! A new game's own thread, opened from the message that announced it, whichever way the game
//! was started: `/new`, a `/seek` that met another, or a seek's Play button; and a new
//! tournament's thread, opened from its announcement.

use poise::serenity_prelude::Message;

use super::{Data, Error, call::Call, message::Outgoing, respond::Origin, threads};
use crate::service::Reply;

/// Whether a command given where `app` was can start a game in a thread of its own.
pub fn opens_thread(app: &poise::ApplicationContext<'_, Data, Error>) -> bool {
    threads::can_hold_threads(
        app.interaction.guild_id,
        app.interaction.channel.as_ref().map(|c| c.kind),
    )
}

/// After a slash command: gives the game its reply announced a thread (nothing for a reply
/// that announces no game).
pub async fn after_command(call: &Call<'_>, posted: Option<(Reply, Message)>) {
    if let Some((reply, message)) = posted
        && reply.announces
    {
        give(&call.origin, call.data(), &reply, &message).await;
    }
}

/// After `/tournament new`: gives the tournament its reply announced a thread of its own,
/// started from the announcement, for its rounds and standings.
pub async fn after_tournament(call: &Call<'_>, posted: Option<(Reply, Message)>) {
    let Some((reply, message)) = posted else {
        return;
    };
    let Some(tournament) = &reply.opens_tournament else {
        return;
    };
    let data = call.data();
    let note = threads::open_for_tournament(
        &call.origin.http,
        &data.service,
        &data.explained_no_threads,
        call.origin.channel,
        tournament,
        message.id,
    )
    .await;
    if let Some(note) = note
        && let Err(error) = call.origin.another_public(Outgoing::text(note)).await
    {
        tracing::warn!(%error, "cannot say why a tournament has no thread");
    }
}

/// Moves the game `reply` announced into a thread started from `message`; says in the channel
/// why when it cannot.
pub async fn give(origin: &Origin, data: &Data, reply: &Reply, message: &Message) {
    let note = threads::open_for_game(
        &origin.http,
        &data.service,
        &data.explained_no_threads,
        origin.channel,
        reply,
        message.id,
    )
    .await;
    if let Some(note) = note
        && let Err(error) = origin.another_public(Outgoing::text(note)).await
    {
        tracing::warn!(%error, "cannot say why a game has no thread");
    }
}
