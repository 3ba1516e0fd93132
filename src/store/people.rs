//! Players (a user id and the name to show) and the participants of each game.

use sqlx::Row;

use super::{
    Store, StoreError,
    records::{Participant, parse_side},
};

impl Store {
    /// Records a user's current display name (adapters call this on every command).
    pub async fn upsert_player(&self, user_id: &str, name: &str) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO players (user_id, name, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, \
             updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(name)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The name to show for a user, if the store has seen them.
    pub async fn player_name(&self, user_id: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT name FROM players WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(self.pool())
                .await?,
        )
    }

    /// The people in a game, in the order they joined.
    pub async fn participants(&self, game_id: i64) -> Result<Vec<Participant>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.user_id AS user_id, COALESCE(pl.name, p.user_id) AS name, p.side AS side \
             FROM participants p LEFT JOIN players pl ON pl.user_id = p.user_id \
             WHERE p.game_id = $1 ORDER BY p.joined_at, p.user_id",
        )
        .bind(game_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                let side: String = row.try_get("side")?;
                Ok(Participant {
                    user_id: row.try_get("user_id")?,
                    name: row.try_get("name")?,
                    side: parse_side(&side).ok_or_else(|| {
                        StoreError::Corrupt(format!("side \"{side}\" in game {game_id}"))
                    })?,
                })
            })
            .collect()
    }
}

/// When a person is mentioned by the bot (`/notify`).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum Notify {
    /// On every post about their games.
    All,
    /// When they must act, and in reminders: the default.
    #[default]
    Turn,
    /// Never: the posts still come, without their name.
    Off,
}

impl Notify {
    pub fn as_str(self) -> &'static str {
        match self {
            Notify::All => "all",
            Notify::Turn => "turn",
            Notify::Off => "off",
        }
    }

    pub fn parse(text: &str) -> Option<Notify> {
        [Notify::All, Notify::Turn, Notify::Off]
            .into_iter()
            .find(|n| n.as_str() == text)
    }
}

/// A person's last vacation: from `start` to `end` (milliseconds since 1970); `end` is moved
/// earlier when it is ended early.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Vacation {
    pub start: i64,
    pub end: i64,
}

impl Vacation {
    pub fn is_on(&self, now: i64) -> bool {
        (self.start..self.end).contains(&now)
    }
}

impl Store {
    /// Sets when `user_id` is mentioned.
    pub async fn set_notify(
        &self,
        user_id: &str,
        name: &str,
        notify: Notify,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO players (user_id, name, updated_at, notify) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
        )
        .bind(user_id)
        .bind(name)
        .bind(super::now_ms())
        .bind(notify.as_str())
        .execute(self.pool())
        .await?;
        super::wrote();
        Ok(())
    }

    /// When `user_id` is mentioned (the default for someone never seen, or a value this
    /// version does not know).
    pub async fn notify_of(&self, user_id: &str) -> Result<Notify, StoreError> {
        let stored: Option<Option<String>> =
            sqlx::query_scalar("SELECT notify FROM players WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(stored
            .flatten()
            .and_then(|text| Notify::parse(&text))
            .unwrap_or_default())
    }

    /// The last vacation of `user_id`, if they ever took one.
    pub async fn vacation_of(&self, user_id: &str) -> Result<Option<Vacation>, StoreError> {
        let row: Option<(Option<i64>, Option<i64>)> =
            sqlx::query_as("SELECT vacation_start, vacation_end FROM players WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(match row {
            Some((Some(start), Some(end))) => Some(Vacation { start, end }),
            _ => None,
        })
    }

    /// Records `user_id`'s vacation (a new one, or the current one ended early).
    pub async fn set_vacation(
        &self,
        user_id: &str,
        name: &str,
        vacation: Vacation,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO players (user_id, name, updated_at, vacation_start, vacation_end) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET \
             vacation_start = excluded.vacation_start, vacation_end = excluded.vacation_end",
        )
        .bind(user_id)
        .bind(name)
        .bind(super::now_ms())
        .bind(vacation.start)
        .bind(vacation.end)
        .execute(self.pool())
        .await?;
        super::wrote();
        Ok(())
    }
}
