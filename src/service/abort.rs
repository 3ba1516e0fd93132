//! `/abort`: a server admin ends any game that is still open, at once and unrated. It is the
//! way out for a game nobody can finish (a damaged record, players who vanished), so it works
//! on the record alone and never needs the game to replay.
//!
//! Who is an admin is the adapter's call, passed in as a flag: on Discord a member with the
//! Manage Server or Manage Messages permission; in the console whoever types. The flag counts
//! only for the games of the server it was granted in: another server's game is not found.

use super::{
    base::Service,
    house::moderates,
    outbox::News,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    show::ABORTED_BY,
    write::{conflict, log_line},
};
use crate::store::{Commit, GameState, LogKind, PostKind, ResultKind, ResultRow, StoreError};

/// How many times an abort is tried when the game changes between its read and its write.
const TRIES: usize = 3;

impl Service {
    /// Aborts a game for everyone: an active game ends unrated (its result is `aborted`), a
    /// challenge or a gathering game is cancelled. The log records who did it. A change that
    /// lands between the read and the write (a new game moving into its thread, a move) is no
    /// reason to refuse a moderator: the game is read again and aborted as it is then.
    pub(crate) async fn abort(&self, req: &Request) -> ServiceResult {
        for _ in 1..TRIES {
            if let Some(done) = self.try_abort(req).await? {
                return Ok(done);
            }
        }
        self.try_abort(req)
            .await?
            .ok_or_else(|| conflict(StoreError::Conflict))
    }

    /// One try at [`Service::abort`]; `None` when the game changed meanwhile.
    async fn try_abort(&self, req: &Request) -> ServiceResult<Option<Reply>> {
        let user = &req.user;
        if !req.admin {
            return Err(only_moderators());
        }
        let row = self.resolve(req, false).await?;
        // A player of the game asking from their direct conversation reaches it, but their
        // rights in some server are not rights in the game's.
        if !moderates(req, &row) {
            return Err(only_moderators());
        }
        let label = format!("#{} ({})", row.id, row.title());
        match row.state {
            GameState::Over => {
                return Err(ServiceError::refused(format!(
                    "Game {label} is already over ({}); there is nothing to abort.",
                    row.outcome.as_deref().unwrap_or("finished")
                )));
            }
            GameState::Cancelled => {
                return Err(ServiceError::refused(format!(
                    "Game {label} was cancelled; there is nothing to abort."
                )));
            }
            GameState::Challenge | GameState::Gathering | GameState::Active => {}
        }
        self.remember(user).await?;
        let side = self
            .store
            .participants(row.id)
            .await?
            .into_iter()
            .find(|p| p.user_id == user.id)
            .map(|p| p.side);
        let text = format!(
            "{} (a moderator) aborts the game; it is not rated.",
            user.name
        );
        let outcome = format!("{ABORTED_BY}{}", user.name);
        let mut next = row.clone();
        next.pending = None;
        next.outcome = Some(outcome.clone());
        next.state = if row.state == GameState::Active {
            GameState::Over
        } else {
            GameState::Cancelled
        };
        let mut commit =
            Commit::new(next, row.version).log(log_line(LogKind::Abort, user, side, text.clone()));
        if row.state == GameState::Active {
            commit.result = Some(ResultRow {
                game_id: row.id,
                server_id: row.server_id.clone(),
                variant: row.variant.clone(),
                kind: ResultKind::Aborted,
                winner: None,
                points: None,
                reason: outcome,
            });
        }
        let text = format!("Game {label}: {text}");
        let news = News::board(text.clone()).notify(Vec::new());
        commit.posts = self
            .outbox_post(&news, PostKind::Board)
            .await?
            .into_iter()
            .collect();
        match self.store.commit(&commit).await {
            Ok(_) => {}
            Err(StoreError::Conflict) => return Ok(None),
            Err(other) => return Err(other.into()),
        }
        // The board when it can be drawn; a record too damaged to show still gets its answer.
        let after = match self.store.game(row.id).await? {
            Some(after) => self.load_row(after).await.ok(),
            None => None,
        };
        Ok(Some(match after {
            Some(loaded) => self.news_reply(&loaded, &news).await,
            None => Reply {
                text,
                public: true,
                outbox: self.outbox.is_some(),
                ..Reply::default()
            },
        }))
    }
}

fn only_moderators() -> ServiceError {
    ServiceError::refused(
        "Only a moderator of the game's server (a server admin on Discord, a room moderator on \
         Matrix) can /abort a game. To end your own game, /resign (or /leave a game that has \
         not started).",
    )
}
