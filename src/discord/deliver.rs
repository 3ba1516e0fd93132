//! Where a service reply goes. A public reply about a game is shown where the game lives (its
//! thread); when the user acted from somewhere else, such as the challenge message in the
//! parent channel, the game's thread gets the message and the user a short private pointer.
//! Refusals are private and carry the service's sentence.

use poise::serenity_prelude::{self as serenity, ChannelId, Message};

use super::{message::Outgoing, respond::Origin};
use crate::service::{Reply, ServiceError, ServiceResult};

/// Shows a service result. Returns the public message when one was posted in the channel
/// of the interaction (a new game's thread starts from it).
pub async fn deliver(
    origin: &mut Origin,
    result: ServiceResult,
) -> Result<Option<Message>, serenity::Error> {
    let reply = match result {
        Ok(reply) => reply,
        Err(error) => {
            if let ServiceError::Unavailable = error {
                tracing::warn!("a command met an unavailable database");
            }
            origin.private(Outgoing::text(error.to_string())).await?;
            return Ok(None);
        }
    };
    if !reply.public {
        origin.private(Outgoing::from_reply(&reply)).await?;
        return Ok(None);
    }
    let target = game_channel(&reply).unwrap_or(origin.channel);
    if target == origin.channel {
        return origin.public(Outgoing::from_reply(&reply)).await.map(Some);
    }
    target
        .send_message(&*origin.http, Outgoing::from_reply(&reply).into_message())
        .await?;
    origin
        .private(Outgoing::text(format!(
            "Done; the game is played in <#{target}>."
        )))
        .await?;
    Ok(None)
}

/// The channel or thread where the reply's game lives, when it is a Discord channel.
fn game_channel(reply: &Reply) -> Option<ChannelId> {
    let game = reply.game.as_ref()?;
    game.place
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(ChannelId::new)
}
