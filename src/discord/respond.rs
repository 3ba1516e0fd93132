//! Answering one interaction: the 3-second acknowledgement ("thinking…"), the public answer,
//! and private (ephemeral) answers such as refusals, whatever happened before. Slash commands
//! and button clicks share it, so both follow the same rules.

use std::sync::Arc;

use poise::serenity_prelude::{
    self as serenity, Builder, ChannelId, CreateInteractionResponse,
    CreateInteractionResponseMessage, Http, InteractionId, Message,
};

use super::message::Outgoing;
use crate::service::ShowNotes;

/// One interaction being answered.
pub struct Origin {
    pub http: Arc<Http>,
    pub id: InteractionId,
    pub token: String,
    pub channel: ChannelId,
    /// True once Discord has been told "thinking…" (a public deferred response).
    pub deferred: bool,
    /// True once the "thinking…" message was replaced by the answer or removed: from then on
    /// a followup is a message of its own, with its own visibility.
    pub answered: bool,
}

impl Origin {
    /// Acknowledges at once with a public "thinking…", so rendering may take longer than
    /// Discord's three seconds.
    pub async fn defer(&mut self) -> Result<(), serenity::Error> {
        if !self.deferred {
            CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
                .execute(&*self.http, (self.id, self.token.as_str()))
                .await?;
            self.deferred = true;
        }
        Ok(())
    }

    /// The public answer. After a deferral it replaces the "thinking…" message.
    pub async fn public(&mut self, out: Outgoing) -> Result<Message, serenity::Error> {
        if self.deferred {
            let message = out
                .into_followup(false)
                .execute(&*self.http, (None, self.token.as_str()))
                .await?;
            self.answered = true;
            Ok(message)
        } else {
            CreateInteractionResponse::Message(out.into_response(false))
                .execute(&*self.http, (self.id, self.token.as_str()))
                .await?;
            self.http
                .get_original_interaction_response(&self.token)
                .await
        }
    }

    /// A further public message after the answer (a note under it).
    pub async fn another_public(&self, out: Outgoing) -> Result<Message, serenity::Error> {
        out.into_followup(false)
            .execute(&*self.http, (None, self.token.as_str()))
            .await
    }

    /// A private answer only the user sees. After a public deferral the "thinking…" message
    /// is removed first, unless an answer already replaced it: the first followup after a
    /// public deferral takes the deferral's place and its public visibility, whatever it asks.
    pub async fn private(&mut self, out: Outgoing) -> Result<(), serenity::Error> {
        if self.deferred {
            if !self.answered {
                self.http
                    .delete_original_interaction_response(&self.token)
                    .await?;
                self.answered = true;
            }
            out.into_followup(true)
                .execute(&*self.http, (None, self.token.as_str()))
                .await?;
        } else {
            CreateInteractionResponse::Message(out.into_response(true))
                .execute(&*self.http, (self.id, self.token.as_str()))
                .await?;
        }
        Ok(())
    }
}

/// A command's notes while it runs ("Your review is queued, 2 ahead") go to the person who
/// gave it only, like a refusal.
impl ShowNotes for Origin {
    async fn show(&mut self, note: String) {
        if let Err(error) = self.private(Outgoing::text(note)).await {
            tracing::warn!(%error, "cannot show a command's note");
        }
    }
}
