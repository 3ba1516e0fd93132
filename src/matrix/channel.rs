//! Matrix as a [`Channel`]: what the service's one way of showing a result
//! ([`crate::service::Service::present`]) needs from a room. Matrix cannot hide a message from
//! the rest of a room, so what is for the asker alone is a notice addressed to them where they
//! asked. A reply posted in a game's place may give the game its thread, and the choices it
//! offers are remembered with their reaction keys, for a command's answer and the outbox alike.

use matrix_sdk::{Room, ruma::OwnedUserId};

use super::{
    Bot,
    outgoing::{send_notice, send_reply, with_prefix},
    place::Where,
};
use crate::service::{Channel, Offered, Reply, Shown};

/// One command being answered: the room, where in it, and who asked.
pub struct Asked<'a> {
    pub bot: &'a Bot,
    pub room: &'a Room,
    pub here: Where,
    pub sender: &'a OwnedUserId,
}

impl Channel for Asked<'_> {
    type Posted = ();

    fn platform(&self) -> &'static str {
        "The homeserver"
    }

    fn here(&self) -> String {
        self.here.to_string()
    }

    /// A game of this room, in its main timeline or a thread; a game of another room (looked
    /// at by number) is answered where it was asked about.
    fn reaches(&self, place: &str) -> bool {
        Where::parse(place).is_some_and(|w| w.room == self.here.room)
    }

    fn link(&self, _place: &str) -> Option<String> {
        None
    }

    async fn post(&mut self, place: &str, reply: &Reply) -> Result<Shown<()>, String> {
        let target = Where::parse(place).unwrap_or_else(|| self.here.clone());
        let offered = self
            .bot
            .post_reply(self.room, &target, reply)
            .await
            .map_err(|error| error.to_string())?;
        Ok(Shown {
            posted: (),
            offered,
        })
    }

    async fn show_privately(&mut self, reply: &Reply) -> Result<Option<Offered>, String> {
        let mut private = reply.clone();
        private.notify = vec![self.sender.to_string()];
        self.bot
            .post_reply(self.room, &self.here, &private)
            .await
            .map_err(|error| error.to_string())
    }

    async fn refuse(&mut self, text: &str) {
        self.tell(text).await;
    }

    async fn tell(&mut self, text: &str) {
        let text = with_prefix(text, self.bot.config.prefix);
        if let Err(error) = send_notice(self.room, &self.here, &text, Some(self.sender)).await {
            tracing::warn!(%error, "cannot send a notice");
        }
    }
}

impl Bot {
    /// Sends a reply to `target`; a game still in the room's main timeline gets its thread
    /// from this post. Returns the choices the post offers, to be remembered.
    pub async fn post_reply(
        &self,
        room: &Room,
        target: &Where,
        reply: &Reply,
    ) -> Result<Option<Offered>, matrix_sdk::Error> {
        let sent = send_reply(room, target, reply, self.config.prefix).await?;
        // Only a game still in this room's main timeline moves into the thread of this post:
        // a game of another room (looked at by number) stays where it lives.
        let (place, also_in) = match (&target.thread, &reply.game) {
            (None, Some(game)) if reply.public && game.place == target.to_string() => {
                let thread = target.thread(sent.notice.clone());
                let place = thread.place(room.room_id().as_str());
                if let Err(error) = self.service.move_to_place(game.id, &place).await {
                    tracing::error!(game = game.id, %error, "cannot move a game to its thread");
                    (target.clone(), None)
                } else {
                    // The thread's root stays in the room's timeline too, where people see
                    // its choices and may type `!click N` under it.
                    (thread, Some(target.to_string()))
                }
            }
            _ => (target.clone(), None),
        };
        Ok((!sent.choices.is_empty()).then(|| Offered {
            message: sent.notice.to_string(),
            place: place.to_string(),
            also_in,
            choices: sent.choices,
        }))
    }
}
