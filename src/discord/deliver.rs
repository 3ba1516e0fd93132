//! Discord as a [`Channel`]: what the service's one way of showing a result
//! ([`Service::present`]) needs from an interaction. A public reply goes to the interaction's
//! channel as its answer, or to the game's own channel or thread ([`post_in_channel`]); what
//! the asker alone should read is an ephemeral followup. An answer whose interaction has
//! expired (Discord's fifteen minutes) is posted in the channel instead.

use poise::serenity_prelude::{self as serenity, Message};

use super::{
    message::Outgoing,
    poster::{channel_id, post_in_channel},
    respond::Origin,
};
use crate::service::{Channel, Offered, Reply, Shown};

impl Channel for Origin {
    type Posted = Message;

    fn platform(&self) -> &'static str {
        "Discord"
    }

    fn here(&self) -> String {
        self.channel.to_string()
    }

    fn reaches(&self, place: &str) -> bool {
        channel_id(place).is_some()
    }

    fn link(&self, place: &str) -> Option<String> {
        channel_id(place).map(|channel| format!("<#{channel}>"))
    }

    async fn post(&mut self, place: &str, reply: &Reply) -> Result<Shown<Message>, String> {
        let target = channel_id(place).unwrap_or(self.channel);
        let posted = if target == self.channel {
            match self.public(Outgoing::from_reply(reply)).await {
                Err(error) if token_expired(&error) => {
                    tracing::info!(%error, "the interaction's token has expired; answering in the channel");
                    post_in_channel(&self.http, target, reply).await
                }
                answered => answered,
            }
        } else {
            post_in_channel(&self.http, target, reply).await
        };
        let message = posted.map_err(|error| error.to_string())?;
        let offered = Offered::numbered(message.id.to_string(), target.to_string(), &reply.choices);
        Ok(Shown {
            posted: message,
            offered,
        })
    }

    /// An ephemeral message offers its buttons to its reader alone: its numbers are not
    /// remembered for the channel, where another list is the one everyone sees.
    async fn show_privately(&mut self, reply: &Reply) -> Result<Option<Offered>, String> {
        self.private(Outgoing::from_reply(reply))
            .await
            .map(|()| None)
            .map_err(|error| error.to_string())
    }

    async fn refuse(&mut self, text: &str) {
        self.tell(text).await;
    }

    async fn tell(&mut self, text: &str) {
        if let Err(error) = self.private(Outgoing::text(text)).await {
            tracing::warn!(%error, "cannot answer the user privately");
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
