//! One way to show a command's result, whatever the platform ([`Service::present`]). A
//! platform supplies a [`Channel`]: the few things only it can do (post a reply with its
//! picture, file and choices; answer the asker alone; say a sentence). The rest is decided here
//! once: a refusal goes to the asker alone, a public reply to where its game lives, the outbox
//! learns whether the board was posted ([`Service::delivered`], [`Service::not_delivered`]),
//! the choices a message offers are remembered for `/click N` and reaction keys, and the asker
//! hears what became of a board posted elsewhere or not taken.

use std::future::Future;

use super::{
    base::Service,
    choice::Choice,
    reply::{Reply, ServiceError, ServiceResult},
};
use crate::store::OfferedChoice;

/// What the asker reads when a reply that changed nothing could not be shown.
pub const APOLOGY: &str = "Sorry, something went wrong on my side while doing that. It has been \
                           logged; please try again.";

/// The choices one posted message offers, to be found again by their number (`/click N`) or by
/// the reaction key that picks each.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Offered {
    /// The message's id on its platform.
    pub message: String,
    /// Where the message is (the place a `/click N` typed there names).
    pub place: String,
    /// Another place the message is seen from, where `/click N` finds it too: on Matrix a
    /// game's thread starts from its challenge, which also stays in the room's timeline.
    pub also_in: Option<String>,
    pub choices: Vec<OfferedChoice>,
}

impl Offered {
    /// The choices of a message, numbered and without reaction keys; `None` when there are
    /// none.
    pub fn numbered(message: String, place: String, choices: &[Choice]) -> Option<Offered> {
        (!choices.is_empty()).then(|| Offered {
            message,
            place,
            also_in: None,
            choices: numbered(choices),
        })
    }
}

/// Choices as `/click N` finds them: numbered from 1 in the order they are offered, with no
/// reaction key (a platform with keys adds its own).
pub fn numbered(choices: &[Choice]) -> Vec<OfferedChoice> {
    choices
        .iter()
        .enumerate()
        .map(|(i, choice)| OfferedChoice {
            position: i as i64 + 1,
            reaction: String::new(),
            choice: choice.encode(),
        })
        .collect()
}

/// A reply a channel posted: the platform's message, and the choices it offers.
pub struct Shown<P> {
    pub posted: P,
    pub offered: Option<Offered>,
}

/// Where one command is answered, on one platform. Each method does one platform primitive;
/// none decides what to show where.
pub trait Channel: Send {
    /// A message posted for everyone (on Discord a new game's thread starts from it).
    type Posted: Send;

    /// Who refused a board, at the start of a sentence: "Discord", "The homeserver".
    fn platform(&self) -> &'static str;

    /// The place (as the service stores places) where the command was given.
    fn here(&self) -> String;

    /// Whether this channel can post in the game place `place` itself; a game it cannot reach
    /// (another room) is answered here.
    fn reaches(&self, place: &str) -> bool;

    /// How a sentence points at `place` (`<#123>`), where the platform has such a pointer.
    fn link(&self, place: &str) -> Option<String>;

    /// Posts `reply` for everyone in `place`: its text with the mentions of who must act, the
    /// picture (or the text board), the file, and the choices. The error is the platform's
    /// reason, for the logs and the outbox.
    fn post(
        &mut self,
        place: &str,
        reply: &Reply,
    ) -> impl Future<Output = Result<Shown<Self::Posted>, String>> + Send;

    /// Shows `reply` to the asker alone (where the platform cannot hide a message, addressed
    /// to them where they asked).
    fn show_privately(
        &mut self,
        reply: &Reply,
    ) -> impl Future<Output = Result<Option<Offered>, String>> + Send;

    /// Tells the asker why nothing was done (privately where the platform can).
    fn refuse(&mut self, text: &str) -> impl Future<Output = ()> + Send;

    /// Tells the asker a short note (privately where the platform can).
    fn tell(&mut self, text: &str) -> impl Future<Output = ()> + Send;
}

impl Service {
    /// Shows a command's result through `channel`. Returns the public message when it was
    /// posted where the command was given.
    pub async fn present<C: Channel>(
        &self,
        channel: &mut C,
        result: ServiceResult,
    ) -> Option<C::Posted> {
        let reply = match result {
            Ok(reply) => reply,
            Err(error) => {
                if let ServiceError::Unavailable = error {
                    tracing::warn!("a command met an unavailable database");
                }
                channel.refuse(&error.to_string()).await;
                return None;
            }
        };
        if !reply.public {
            match channel.show_privately(&reply).await {
                Ok(offered) => self.remember_shown(offered.as_ref()).await,
                Err(why) => tracing::warn!(%why, "cannot answer the user privately"),
            }
            return None;
        }
        let here = channel.here();
        let target = reply
            .game
            .as_ref()
            .map(|game| game.place.clone())
            .filter(|place| channel.reaches(place))
            .unwrap_or_else(|| here.clone());
        match channel.post(&target, &reply).await {
            Ok(shown) => {
                // The choices first: people answer a list as soon as they see it.
                self.remember_shown(shown.offered.as_ref()).await;
                self.delivered(&reply).await;
                if target == here {
                    return Some(shown.posted);
                }
                if let Some(link) = channel.link(&target) {
                    channel
                        .tell(&format!("Done; the game is played in {link}."))
                        .await;
                }
                None
            }
            Err(why) => {
                let game = reply.game.as_ref().map(|g| g.id);
                tracing::warn!(%why, ?game, platform = channel.platform(), "a reply was not taken");
                if reply.outbox {
                    self.not_delivered(&reply, &why).await;
                    let there = channel.link(&target);
                    channel
                        .tell(&posted_later(&reply, channel.platform(), there))
                        .await;
                } else {
                    channel.tell(APOLOGY).await;
                }
                None
            }
        }
    }

    /// Remembers the choices a posted message offers; a failure is logged (the choices still
    /// work as buttons, only their numbers and keys are not found).
    pub async fn remember_shown(&self, offered: Option<&Offered>) {
        let Some(offered) = offered else {
            return;
        };
        if let Err(error) = self.remember_offered(offered).await {
            tracing::warn!(%error, "cannot remember the offered choices");
        }
    }
}

/// What the asker reads when their change is saved but the platform did not take its board.
fn posted_later(reply: &Reply, platform: &str, there: Option<String>) -> String {
    let done = reply.text.lines().next().unwrap_or("Done");
    let there = there.map_or_else(
        || "where the game is played".to_string(),
        |l| format!("in {l}"),
    );
    format!(
        "{done}\nThat is saved. {platform} did not take the board just now; it will be posted \
         {there} as soon as it does."
    )
}
