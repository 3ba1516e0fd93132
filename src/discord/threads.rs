//! A thread for each new game, started from its challenge message, so a channel can hold
//! several games and each game's messages stay together. When the bot may not create threads
//! the game is played in the channel, and the channel is told why once.

use poise::serenity_prelude::{
    self as serenity, AutoArchiveDuration, ChannelType, CreateThread, GuildId, HttpError, Message,
};

use super::{Data, message::Outgoing, respond::Origin};
use crate::service::{Place, Reply};

/// Discord's error codes for "the bot lacks a permission" and "the bot cannot see this".
const MISSING_PERMISSIONS: isize = 50013;
const MISSING_ACCESS: isize = 50001;

/// Whether the interaction happened where a thread can be started: a server's text channel,
/// not a direct message and not a thread already.
pub fn can_hold_threads(guild: Option<GuildId>, channel_kind: Option<ChannelType>) -> bool {
    guild.is_some()
        && !matches!(
            channel_kind,
            Some(ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
        )
}

/// Starts the game's thread from `message` and moves the game there. On failure the game
/// stays in the channel and, the first time in this channel, a note says why.
pub async fn open_for_game(origin: &Origin, data: &Data, reply: &Reply, message: &Message) {
    let Some(game) = &reply.game else { return };
    let name = format!("Game #{} · {}", game.id, game.name);
    let created = origin
        .channel
        .create_thread_from_message(
            &*origin.http,
            message.id,
            CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek),
        )
        .await;
    let why = match created {
        Ok(thread) => {
            let server = origin.guild.map(|g| g.to_string()).unwrap_or_default();
            match data
                .service
                .move_to_place(game.id, &Place::new(server, thread.id.to_string()))
                .await
            {
                Ok(()) => return,
                Err(error) => {
                    tracing::error!(game = game.id, %error, "cannot move a game to its thread");
                    "I opened a thread but could not move the game into it".to_string()
                }
            }
        }
        Err(error) => {
            if lacks_permission(&error) {
                "I lack the permission to create public threads here".to_string()
            } else {
                tracing::warn!(%error, "cannot create a thread");
                "Discord would not let me create a thread".to_string()
            }
        }
    };
    let first_time = data
        .explained_no_threads
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(origin.channel);
    if first_time {
        let note = format!(
            "{why}, so games started in this channel are played right here. Give me the \
             Create Public Threads and Send Messages in Threads permissions to have one thread \
             per game."
        );
        if let Err(error) = origin.another_public(Outgoing::text(note)).await {
            tracing::warn!(%error, "cannot say why there is no thread");
        }
    }
}

fn lacks_permission(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            matches!(response.error.code, MISSING_PERMISSIONS | MISSING_ACCESS)
                || response.status_code.as_u16() == 403
        }
        _ => false,
    }
}
