//! A game that follows its place elsewhere (a Matrix room upgrade moves a room's games to the
//! room that replaces it): the open games of a channel and its threads, and the reply that
//! announces one where it moves. The game keeps its number, its server and its version, so its
//! leaderboard and its buttons stay; only where it lives changes ([`Service::move_to_place`]).

use super::{
    base::Service,
    reply::{Reply, ServiceError, ServiceResult},
};

impl Service {
    /// The open games of `channel` and of its threads (places that start with
    /// `thread_prefix`), oldest first.
    pub async fn open_games_under(
        &self,
        channel: &str,
        thread_prefix: &str,
    ) -> ServiceResult<Vec<i64>> {
        let rows = self
            .store
            .open_games_in_channel_and_threads(channel, thread_prefix)
            .await?;
        Ok(rows.into_iter().map(|row| row.id).collect())
    }

    /// The reply that announces game `id` at `place`, where it is moving: "Game #N (its name)
    /// `news`", its board, who is to act (mentioned) and the choices open now. It names
    /// `place` as the game's, so an adapter that gives each game a thread starts the game's
    /// thread from this post and moves the game there, as it does for a new game's
    /// announcement.
    pub async fn moved_reply(&self, id: i64, place: &str, news: &str) -> ServiceResult<Reply> {
        let row = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ServiceError::refused(format!("There is no game #{id}.")))?;
        let loaded = self.load_row(row).await?;
        let text = format!("Game {} {news}", loaded.label());
        let mut reply = self.game_reply(&loaded, text).await;
        reply.notify = self.mentions(&loaded, reply.notify).await;
        if let Some(game) = &mut reply.game {
            game.place = place.to_string();
        }
        Ok(reply)
    }
}
