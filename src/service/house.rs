//! Every server is its own house: a game belongs to the place it was started in (a Discord
//! server, a Matrix room or Space, the console), and its players.
//!
//! A game named by its number (or by a button) is found only from its own server, or by one of
//! its players from their direct conversation with the bot. Everyone else gets the very
//! sentence a number that was never used gets, so nothing tells them the game exists.
//! Moderator rights count only in the game's own server. Games started in a direct
//! conversation long ago (stored under the server `dm`) are their players' alone.

use super::{
    base::Service,
    reply::{ServiceError, ServiceResult},
    request::{DIRECT_SERVER, Place, Request},
};
use crate::store::GameRow;

/// What anyone is told about a game number they may not reach, and about one never used.
pub(crate) fn no_game(id: i64) -> ServiceError {
    ServiceError::refused(format!("There is no game #{id}; /games lists yours."))
}

/// The game lives in the server of `place`: a channel, thread or room of that server (never
/// a direct conversation, which belongs to one person, not to a server).
pub(crate) fn in_its_house(place: &Place, row: &GameRow) -> bool {
    !place.is_direct() && row.server_id != DIRECT_SERVER && row.server_id == place.server
}

/// The request's moderator rights hold for this game: they were granted in its own server.
pub(crate) fn moderates(req: &Request, row: &GameRow) -> bool {
    req.admin && in_its_house(&req.place, row)
}

impl Service {
    /// Whether the asker may reach this game by its number: from its own server, or as one of
    /// its players (who created it, was challenged to it, or plays a side) from their direct
    /// conversation with the bot.
    pub(crate) async fn may_reach(&self, req: &Request, row: &GameRow) -> ServiceResult<bool> {
        if in_its_house(&req.place, row) {
            return Ok(true);
        }
        if !req.place.is_direct() {
            // Another server's channel: not even a player reaches it from there, or the
            // answer would show the game to that server.
            return Ok(false);
        }
        self.plays_in(&req.user.id, row).await
    }

    /// The user created the game, was challenged to it, or plays one of its sides.
    pub(crate) async fn plays_in(&self, user_id: &str, row: &GameRow) -> ServiceResult<bool> {
        if row.creator == user_id || row.challenged.as_deref() == Some(user_id) {
            return Ok(true);
        }
        let people = self.store.participants(row.id).await?;
        Ok(people.iter().any(|p| p.user_id == user_id))
    }

    /// The game numbered `id`, when the request may reach it; otherwise the refusal a number
    /// never used gets.
    pub(crate) async fn reachable_game(&self, req: &Request, id: i64) -> ServiceResult<GameRow> {
        match self.store.game(id).await? {
            Some(row) if self.may_reach(req, &row).await? => Ok(row),
            _ => Err(no_game(id)),
        }
    }
}
