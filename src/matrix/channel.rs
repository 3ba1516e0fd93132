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
use crate::service::{Channel, Offered, Reply, ShowNotes, Shown};

/// One command being answered: the room, where in it, who asked, and by which event.
pub struct Asked<'a> {
    pub bot: &'a Bot,
    pub room: &'a Room,
    pub here: Where,
    pub sender: &'a OwnedUserId,
    /// The service's name of the event that asks (see `incoming::source_of`).
    pub answering: Option<&'a str>,
    /// How many answers were sent for it so far: each gets a transaction id of its own.
    sent: u32,
    /// How many notes were sent while it ran (see [`ShowNotes`]), counted apart from the
    /// answers: a note sent the first time but not when the event is handled again must not
    /// shift the answers' transaction ids.
    noted: u32,
}

impl<'a> Asked<'a> {
    pub fn new(bot: &'a Bot, room: &'a Room, here: Where, sender: &'a OwnedUserId) -> Asked<'a> {
        Asked {
            bot,
            room,
            here,
            sender,
            answering: None,
            sent: 0,
            noted: 0,
        }
    }

    /// The same, answering the event `source`.
    pub fn answering(mut self, source: &'a str) -> Asked<'a> {
        self.answering = Some(source);
        self
    }

    /// The transaction ids of the next answer: the same each time the event is handled, so
    /// that an answer sent again after a crash (the homeserver took it, the bot died before
    /// it could record so) is the event the homeserver has, not a second one.
    fn next_answer(&mut self) -> Option<String> {
        let source = self.answering?;
        self.sent += 1;
        Some(format!("{source}.{}", self.sent))
    }
}

/// A command's notes while it runs ("Your review is queued, 2 ahead") are notices to the
/// person who gave it, where they gave it.
impl ShowNotes for Asked<'_> {
    async fn show(&mut self, note: String) {
        let text = with_prefix(&note, self.bot.config.prefix);
        self.noted += 1;
        let id = self
            .answering
            .map(|source| format!("{source}.note{}", self.noted));
        let to = Some(self.sender);
        let sent = send_notice(self.room, &self.here, &text, to, id.as_deref()).await;
        if let Err(error) = sent {
            tracing::warn!(%error, "cannot send a command's note");
        }
    }
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
        let answer = self.next_answer();
        let offered = self
            .bot
            .post_reply(self.room, &target, reply, answer.as_deref())
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
        let answer = self.next_answer();
        self.bot
            .post_reply(self.room, &self.here, &private, answer.as_deref())
            .await
            .map_err(|error| error.to_string())
    }

    async fn refuse(&mut self, text: &str) {
        self.tell(text).await;
    }

    async fn tell(&mut self, text: &str) {
        let text = with_prefix(text, self.bot.config.prefix);
        let answer = self.next_answer();
        let to = Some(self.sender);
        let sent = send_notice(self.room, &self.here, &text, to, answer.as_deref()).await;
        if let Err(error) = sent {
            tracing::warn!(%error, "cannot send a notice");
        }
    }
}

impl Bot {
    /// Sends a reply to `target` (as the answer named `answer`, when it answers an event);
    /// a game still in the room's main timeline gets its thread from this post. Returns the
    /// choices the post offers, to be remembered.
    pub async fn post_reply(
        &self,
        room: &Room,
        target: &Where,
        reply: &Reply,
        answer: Option<&str>,
    ) -> Result<Option<Offered>, matrix_sdk::Error> {
        let sent = send_reply(room, target, reply, self.config.prefix, answer).await?;
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
        // A new tournament's rounds and standings go to the thread of its announcement (the
        // announcement, with its Join and Leave choices, stays in the room's timeline).
        if let (None, Some((id, _))) = (&target.thread, &reply.opens_tournament) {
            let thread = target.thread(sent.notice.clone()).to_string();
            if let Err(error) = self.service.tournament_thread(*id, &thread).await {
                tracing::error!(tournament = id, %error, "cannot give a tournament its thread");
            }
        }
        Ok((!sent.choices.is_empty()).then(|| Offered {
            message: sent.notice.to_string(),
            place: place.to_string(),
            also_in,
            choices: sent.choices,
        }))
    }
}
