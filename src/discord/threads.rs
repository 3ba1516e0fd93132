//! A thread for each new game, started from its announcement, so a channel can hold several
//! games and each game's messages stay together. The thread is opened whoever posts the
//! announcement: the answer to `/new`, or the outbox's delivery loop when that answer failed.
//!
//! Creating a thread can fail for three reasons, each handled its own way: Discord had a
//! server error (tried again a few times, then the game is played in the channel and the
//! channel is told Discord failed), the bot lacks a permission (only a 403 that says so; the
//! channel is told once which permissions to grant), or the message cannot hold a thread (it
//! is in a thread already: nothing to say).

use std::{
    collections::HashSet,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use poise::serenity_prelude::{
    self as serenity, AutoArchiveDuration, ChannelId, ChannelType, CreateThread, GuildId, Http,
    HttpError, MessageId,
};

use crate::service::{Reply, Service};

/// Discord's error codes for "the bot lacks a permission" and "the bot cannot see this".
const MISSING_PERMISSIONS: isize = 50013;
const MISSING_ACCESS: isize = 50001;

/// The waits before each new attempt after a server error.
const RETRIES: [Duration; 3] = [
    Duration::from_millis(250),
    Duration::from_millis(500),
    Duration::from_secs(1),
];

/// The channels already told that the bot lacks the permissions for threads, shared by the
/// commands and the delivery loop of one process.
pub type Explained = Arc<Mutex<HashSet<ChannelId>>>;

/// Why a game got no thread.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum NoThread {
    /// A 403 saying the bot lacks a permission (or cannot see the channel).
    Permission,
    /// Discord kept failing (server errors, no connection), or refused for another reason.
    Failed,
    /// The message cannot start a thread (it is in a thread or a direct message).
    NotHere,
}

/// Whether the interaction happened where a thread can be started: a server's text channel,
/// not a direct message and not a thread already.
pub fn can_hold_threads(guild: Option<GuildId>, channel_kind: Option<ChannelType>) -> bool {
    guild.is_some()
        && !matches!(
            channel_kind,
            Some(ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
        )
}

/// Starts the thread of the game `reply` announces from `message` in `channel` and moves the
/// game there. When there is no thread, the game is played in the channel; the note returned
/// is what the channel should be told (a missing permission once per channel, Discord's
/// failure each time), and the caller says it where it speaks.
pub async fn open_for_game(
    http: &Http,
    service: &Service,
    explained: &Explained,
    channel: ChannelId,
    reply: &Reply,
    message: MessageId,
) -> Option<String> {
    let game = reply.game.as_ref()?;
    match open(http, service, channel, reply, message).await {
        Ok(()) | Err(NoThread::NotHere) => None,
        Err(NoThread::Permission) => first_time_here(explained, channel).then(|| {
            "I lack the permission to create public threads here, so games started in this \
             channel are played right here. Give me the Create Public Threads and Send Messages \
             in Threads permissions to have one thread per game."
                .to_string()
        }),
        Err(NoThread::Failed) => Some(format!(
            "Discord would not create a thread for game #{} just now, so it is played right \
             here.",
            game.id
        )),
    }
}

/// True the first time `channel` is told that the bot lacks the permissions for threads.
fn first_time_here(explained: &Explained, channel: ChannelId) -> bool {
    explained
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(channel)
}

/// Creates the game's thread and moves the game into it.
async fn open(
    http: &Http,
    service: &Service,
    channel: ChannelId,
    reply: &Reply,
    message: MessageId,
) -> Result<(), NoThread> {
    let Some(game) = &reply.game else {
        return Err(NoThread::NotHere);
    };
    let name = format!("Game #{} · {}", game.id, game.name);
    let thread = create(http, channel, message, &name).await?;
    match service.move_to_channel(game.id, &thread.to_string()).await {
        Ok(()) => Ok(()),
        Err(error) => {
            tracing::error!(game = game.id, %error, "cannot move a game to its thread");
            Err(NoThread::Failed)
        }
    }
}

/// Starts the thread of tournament `id` (titled `title`) from its announcement `message`, where
/// its rounds and standings are posted from then on (its games still start in the channel,
/// each in a thread of its own). Without a thread they are posted in the channel; the note
/// returned says why, as for a game.
pub async fn open_for_tournament(
    http: &Http,
    service: &Service,
    explained: &Explained,
    channel: ChannelId,
    (id, title): &(i64, String),
    message: MessageId,
) -> Option<String> {
    let made = match create(http, channel, message, title).await {
        Ok(thread) => service
            .tournament_thread(*id, &thread.to_string())
            .await
            .map_err(|error| {
                tracing::error!(tournament = id, %error, "cannot give a tournament its thread");
                NoThread::Failed
            }),
        Err(why) => Err(why),
    };
    match made {
        Ok(()) | Err(NoThread::NotHere) => None,
        Err(NoThread::Permission) => first_time_here(explained, channel).then(|| {
            "I lack the permission to create public threads here, so tournaments and games \
             started in this channel are played right here. Give me the Create Public Threads \
             and Send Messages in Threads permissions to have a thread for each."
                .to_string()
        }),
        Err(NoThread::Failed) => Some(format!(
            "Discord would not create a thread for tournament #{id} just now, so its rounds \
             are posted right here."
        )),
    }
}

/// Creates a thread named `name` from `message` in `channel`, trying again after server
/// errors.
async fn create(
    http: &Http,
    channel: ChannelId,
    message: MessageId,
    name: &str,
) -> Result<ChannelId, NoThread> {
    let mut waits = RETRIES.iter();
    loop {
        let created = channel
            .create_thread_from_message(
                http,
                message,
                CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek),
            )
            .await;
        match created {
            Ok(thread) => return Ok(thread.id),
            Err(error) => {
                let why = classify(&error);
                match (why, waits.next()) {
                    (None, Some(wait)) => {
                        tracing::info!(%error, ?wait, "creating a thread failed; trying again");
                        tokio::time::sleep(*wait).await;
                    }
                    (why, _) => {
                        tracing::warn!(%error, "cannot create a thread");
                        return Err(why.unwrap_or(NoThread::Failed));
                    }
                }
            }
        }
    }
}

/// What a failed thread creation means; `None` when it is worth trying again (a server
/// error, a rate limit, no answer).
fn classify(error: &serenity::Error) -> Option<NoThread> {
    let serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) = error else {
        return None;
    };
    let status = response.status_code.as_u16();
    match status {
        403 if matches!(response.error.code, MISSING_PERMISSIONS | MISSING_ACCESS) => {
            Some(NoThread::Permission)
        }
        400 => Some(NoThread::NotHere),
        429 | 500..=599 => None,
        _ => Some(NoThread::Failed),
    }
}
