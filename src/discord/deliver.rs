//! Where a service reply goes. A public reply about a game is shown where the game lives (its
//! thread); when the user acted from somewhere else, such as the challenge message in the
//! parent channel, the game's thread gets the message and the user a short private pointer.
//! Refusals are private and carry the service's sentence.
//!
//! Showing never fails the command: a change's board that Discord does not accept is handed to
//! the outbox, which posts it as soon as Discord does, and the user is told so privately; any
//! other failure gets a private apology. An answer whose interaction has expired (Discord's
//! fifteen minutes) is posted in the channel instead. Failures are logged.

use poise::serenity_prelude::{self as serenity, Message};

use super::{
    errors::APOLOGY,
    message::Outgoing,
    poster::{game_channel, post_in_channel},
    respond::Origin,
};
use crate::service::{Reply, Service, ServiceError, ServiceResult};

/// Shows a service result. Returns the public message when one was posted in the channel
/// of the interaction (a new game's thread starts from it).
pub async fn deliver(
    origin: &mut Origin,
    service: &Service,
    result: ServiceResult,
) -> Option<Message> {
    let reply = match result {
        Ok(reply) => reply,
        Err(error) => {
            if let ServiceError::Unavailable = error {
                tracing::warn!("a command met an unavailable database");
            }
            tell_privately(origin, Outgoing::text(error.to_string())).await;
            return None;
        }
    };
    if !reply.public {
        tell_privately(origin, Outgoing::from_reply(&reply)).await;
        return None;
    }
    let target = game_channel(&reply).unwrap_or(origin.channel);
    let posted = if target == origin.channel {
        match origin.public(Outgoing::from_reply(&reply)).await {
            Err(error) if token_expired(&error) => {
                tracing::info!(%error, "the interaction's token has expired; answering in the channel");
                post_in_channel(&origin.http, target, &reply)
                    .await
                    .map(Some)
            }
            answered => answered.map(Some),
        }
    } else {
        post_in_channel(&origin.http, target, &reply)
            .await
            .map(|_| None)
    };
    match posted {
        Ok(message) => {
            service.delivered(&reply).await;
            if target != origin.channel {
                let note = format!("Done; the game is played in <#{target}>.");
                tell_privately(origin, Outgoing::text(note)).await;
            }
            message
        }
        Err(error) => {
            tracing::warn!(%error, game = ?reply.game.as_ref().map(|g| g.id), "Discord did not take a reply");
            if reply.outbox {
                service.not_delivered(&reply, &error.to_string()).await;
                tell_privately(origin, Outgoing::text(posted_later(&reply, target))).await;
            } else {
                tell_privately(origin, Outgoing::text(APOLOGY)).await;
            }
            None
        }
    }
}

/// Discord refused the interaction's token: an interaction may be answered for fifteen minutes
/// only (a long think, or a bot that was busy). The answer still reaches the channel, as a
/// message of the bot's own.
fn token_expired(error: &serenity::Error) -> bool {
    /// Discord's codes for an unknown interaction or webhook, and an invalid webhook token.
    const EXPIRED: [isize; 3] = [10015, 10062, 50027];
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            EXPIRED.contains(&response.error.code) || response.status_code.as_u16() == 401
        }
        _ => false,
    }
}

/// What the user reads when their change is saved but Discord did not take its board.
fn posted_later(reply: &Reply, target: serenity::ChannelId) -> String {
    let done = reply.text.lines().next().unwrap_or("Done");
    format!(
        "{done}\nThat is saved. Discord did not accept the board just now; it will be posted in \
         <#{target}> as soon as Discord does."
    )
}

/// A private message to the user; a failure to send it is logged.
async fn tell_privately(origin: &mut Origin, out: Outgoing) {
    if let Err(error) = origin.private(out).await {
        tracing::warn!(%error, "cannot answer the user privately");
    }
}
