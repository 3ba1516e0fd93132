//! The limits per person of each server (how many open challenges, games started a minute and
//! bot games one person may have), and the counts they are checked against.

use sqlx::Row;

use super::{Store, StoreError};

/// A server's limits per person, as its moderators set them.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PlaceLimits {
    /// Open challenges and group games still gathering, at once.
    pub open_challenges: i64,
    /// Games started in any minute.
    pub games_per_minute: i64,
    /// Games against the bot, at once.
    pub bot_games: i64,
}

/// The states of a game that waits for people: an open challenge or a gathering group game.
const WAITING_STATES: &str = "('challenge', 'gathering')";
const OPEN_STATES: &str = "('challenge', 'gathering', 'active')";

impl Store {
    /// The limits a server's moderators set, or `None` when it keeps the bot's defaults.
    pub async fn place_limits(&self, server_id: &str) -> Result<Option<PlaceLimits>, StoreError> {
        let row = sqlx::query(
            "SELECT open_challenges, games_per_minute, bot_games FROM place_limits \
             WHERE server_id = $1",
        )
        .bind(server_id)
        .fetch_optional(self.pool())
        .await?;
        row.map(|row| {
            Ok(PlaceLimits {
                open_challenges: row.try_get("open_challenges")?,
                games_per_minute: row.try_get("games_per_minute")?,
                bot_games: row.try_get("bot_games")?,
            })
        })
        .transpose()
    }

    /// Sets a server's limits (all three at once), recording who set them.
    pub async fn set_place_limits(
        &self,
        server_id: &str,
        limits: PlaceLimits,
        set_by: &str,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO place_limits (server_id, open_challenges, games_per_minute, bot_games, \
             set_by, set_at) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (server_id) DO UPDATE SET open_challenges = excluded.open_challenges, \
             games_per_minute = excluded.games_per_minute, bot_games = excluded.bot_games, \
             set_by = excluded.set_by, set_at = excluded.set_at",
        )
        .bind(server_id)
        .bind(limits.open_challenges)
        .bind(limits.games_per_minute)
        .bind(limits.bot_games)
        .bind(set_by)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The challenges and gathering group games `creator` has open in a server.
    pub async fn waiting_games_by(
        &self,
        server_id: &str,
        creator: &str,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM games WHERE server_id = $1 AND creator = $2 \
             AND state IN {WAITING_STATES}"
        )))
        .bind(server_id)
        .bind(creator)
        .fetch_one(self.pool())
        .await?)
    }

    /// The games `creator` started in a server at `since` (milliseconds since 1970) or later.
    pub async fn games_started_since(
        &self,
        server_id: &str,
        creator: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE server_id = $1 AND creator = $2 \
             AND created_at >= $3",
        )
        .bind(server_id)
        .bind(creator)
        .bind(since)
        .fetch_one(self.pool())
        .await?)
    }

    /// The open games of a server in which `user_id` plays and one of the bot's accounts
    /// (whose ids start with `bot_prefix`) plays too.
    pub async fn bot_games_of(
        &self,
        server_id: &str,
        user_id: &str,
        bot_prefix: &str,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM games g WHERE g.server_id = $1 AND g.state IN {OPEN_STATES} \
             AND EXISTS (SELECT 1 FROM participants p WHERE p.game_id = g.id AND p.user_id = $2) \
             AND EXISTS (SELECT 1 FROM participants b WHERE b.game_id = g.id \
             AND b.user_id LIKE $3)"
        )))
        .bind(server_id)
        .bind(user_id)
        .bind(format!("{bot_prefix}%"))
        .fetch_one(self.pool())
        .await?)
    }
}
