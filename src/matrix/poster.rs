//! The outbox's poster for Matrix: a waiting post goes to its game's room and thread.

use std::{sync::Arc, time::Duration};

use matrix_sdk::{
    Client,
    ruma::api::error::{ErrorKind, RetryAfter},
};

use super::{Bot, place::Where};
use crate::service::{PostFailure, Poster, Reply};

pub struct MatrixPoster {
    pub bot: Arc<Bot>,
    pub client: Client,
}

impl Poster for MatrixPoster {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        let place = reply.game.as_ref().and_then(|g| Where::parse(&g.place));
        let Some(place) = place else {
            return Err(PostFailure::Gone(
                "the game does not live in a Matrix room".into(),
            ));
        };
        let Some(room) = self.client.get_room(&place.room) else {
            return Err(PostFailure::Gone(format!(
                "the bot is not in {}",
                place.room
            )));
        };
        // As a command's answer would: a game still in the room's timeline gets its thread
        // from this post, and the reactions it offers are remembered, all in the room's turn,
        // so that a reaction to one of its keys is handled after that.
        let bot = self.bot.clone();
        let reply = reply.clone();
        let posted = self
            .bot
            .rooms
            .run_in_turn(place.room.clone(), async move {
                let offered = bot.post_reply(&room, &place, &reply, None).await?;
                bot.service.remember_shown(offered.as_ref()).await;
                Ok::<(), matrix_sdk::Error>(())
            })
            .await;
        match posted {
            Some(Ok(())) => Ok(()),
            Some(Err(error)) => Err(failure(&error)),
            None => Err(PostFailure::Retry {
                why: "the post's task stopped".into(),
                after: None,
            }),
        }
    }
}

/// What a refusal by the homeserver means for a post: wait as long as a rate limit says, drop
/// it when the bot may no longer post there, else try again.
fn failure(error: &matrix_sdk::Error) -> PostFailure {
    if let Some(status) = error.as_client_api_error().map(|e| e.status_code.as_u16()) {
        crate::service::platform_error("matrix", status);
    }
    if let Some(kind) = error.client_api_error_kind() {
        match kind {
            ErrorKind::LimitExceeded(limit) => {
                let after = match &limit.retry_after {
                    Some(RetryAfter::Delay(delay)) => Some(*delay),
                    _ => Some(Duration::from_secs(1)),
                };
                return PostFailure::Retry {
                    why: "rate limited by the homeserver".into(),
                    after,
                };
            }
            ErrorKind::Forbidden | ErrorKind::NotFound => {
                return PostFailure::Gone(error.to_string());
            }
            _ => {}
        }
    }
    PostFailure::Retry {
        why: error.to_string(),
        after: None,
    }
}
