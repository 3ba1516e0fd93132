//! Posting a reply in a channel or thread outside an interaction: the game's thread when the
//! command came from elsewhere, and every post of the outbox's delivery loop
//! ([`crate::service::Service::run_background`]). An outbox post carries a nonce made of its
//! game, version and kind ([`crate::store::post_key`]), and asks Discord to enforce it, so a
//! post repeated after a crash (posted, but not yet marked delivered) shows once.

use std::sync::Arc;

use poise::serenity_prelude::{
    self as serenity, ChannelId, CreateMessage, Http, HttpError, Message, Nonce,
};

use super::{
    message::Outgoing,
    threads::{Explained, open_for_game},
};
use crate::service::{Offered, PostFailure, Poster, Reply, Service};

/// Discord's error codes for a channel that is gone or closed to the bot.
const UNKNOWN_CHANNEL: isize = 10003;
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;

/// Posts `reply` in `channel`.
pub async fn post_in_channel(
    http: &Http,
    channel: ChannelId,
    reply: &Reply,
) -> Result<Message, serenity::Error> {
    let mut message = Outgoing::from_reply(reply).into_message();
    if let Some(key) = &reply.post_key {
        // Discord keeps nonces up to 25 characters.
        let nonce: String = key.chars().take(25).collect();
        message = message.nonce(Nonce::String(nonce)).enforce_nonce(true);
    }
    channel.send_message(http, message).await
}

/// The channel or thread where a reply's game lives, when it is a Discord channel.
pub fn game_channel(reply: &Reply) -> Option<ChannelId> {
    channel_id(&reply.game.as_ref()?.place)
}

/// A stored place as a Discord channel or thread, when it is one.
pub fn channel_id(place: &str) -> Option<ChannelId> {
    place
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(ChannelId::new)
}

/// The outbox's poster for Discord. It does what the answer to a command does: a new game's
/// announcement gets the game's thread, and its choices are remembered.
pub struct DiscordPoster {
    pub http: Arc<Http>,
    pub service: Arc<Service>,
    pub explained: Explained,
}

impl Poster for DiscordPoster {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        let Some(channel) = game_channel(reply) else {
            return Err(PostFailure::Gone(
                "the game does not live in a Discord channel".to_string(),
            ));
        };
        let message = post_in_channel(&self.http, channel, reply)
            .await
            .map_err(|error| failure(&error))?;
        // As a command's answer's are: `/click N` finds this post's choices.
        let offered =
            Offered::numbered(message.id.to_string(), channel.to_string(), &reply.choices);
        self.service.remember_shown(offered.as_ref()).await;
        if reply.announces {
            let note = open_for_game(
                &self.http,
                &self.service,
                &self.explained,
                channel,
                reply,
                message.id,
            )
            .await;
            if let Some(note) = note
                && let Err(error) = channel
                    .send_message(&*self.http, CreateMessage::new().content(note))
                    .await
            {
                tracing::warn!(%error, "cannot say why a game has no thread");
            }
        }
        Ok(())
    }
}

/// What a failed request means for a post: the channel is gone or closed to the bot (drop
/// it), or anything else (try again: a server error, a rate limit, a lost connection).
pub fn failure(error: &serenity::Error) -> PostFailure {
    if let serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) = error {
        let status = response.status_code.as_u16();
        crate::service::platform_error("discord", status);
        let code = response.error.code;
        if status == 404
            || status == 403
            || matches!(code, UNKNOWN_CHANNEL | MISSING_ACCESS | MISSING_PERMISSIONS)
        {
            return PostFailure::Gone(format!(
                "Discord answered {status}: {}",
                response.error.message
            ));
        }
        if status == 429 {
            // serenity's rate limiter waits out a 429 itself; one that still arrives (the
            // limiter is off, or Discord's global limit) waits for the next backoff.
            return PostFailure::Retry {
                why: "Discord asked to slow down (429)".to_string(),
                after: None,
            };
        }
    }
    PostFailure::Retry {
        why: error.to_string(),
        after: None,
    }
}
