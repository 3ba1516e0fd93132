//! Choices offered as reactions (see `migrations/*/0003_offered_choices.sql`): which key on
//! which of the bot's messages stands for which choice, kept so that reactions keep working
//! after a restart.

use super::{Store, StoreError};

/// One offered choice: its place in the list, the reaction key that picks it, and its id.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct OfferedChoice {
    pub position: i64,
    pub reaction: String,
    pub choice: String,
}

impl Store {
    /// Records the choices `message` (in `place`, and also seen from `also`) offers.
    pub async fn offer_choices(
        &self,
        message: &str,
        place: &str,
        also: Option<&str>,
        choices: &[OfferedChoice],
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let now = super::now_ms();
        for offered in choices {
            sqlx::query(
                "INSERT INTO offered_choices (message_id, position, reaction, place_id, choice, \
                 created_at, also_place_id) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (message_id, position) DO NOTHING",
            )
            .bind(message)
            .bind(offered.position)
            .bind(&offered.reaction)
            .bind(place)
            .bind(&offered.choice)
            .bind(now)
            .bind(also)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Where `message` is and the choice a reaction with `reaction` on it picks, if that
    /// message offered it.
    pub async fn choice_by_reaction(
        &self,
        message: &str,
        reaction: &str,
    ) -> Result<Option<(String, String)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT place_id, choice FROM offered_choices WHERE message_id = $1 AND reaction = $2",
        )
        .bind(message)
        .bind(reaction)
        .fetch_optional(self.pool())
        .await?)
    }

    /// The newest list of choices offered in `place` or seen from it, in order (for
    /// `!click N`).
    pub async fn newest_choices(&self, place: &str) -> Result<Vec<OfferedChoice>, StoreError> {
        let rows: Vec<(i64, String, String)> = sqlx::query_as(
            "SELECT position, reaction, choice FROM offered_choices WHERE message_id = \
             (SELECT message_id FROM offered_choices WHERE place_id = $1 OR also_place_id = $1 \
              ORDER BY created_at DESC, message_id DESC LIMIT 1) ORDER BY position",
        )
        .bind(place)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(position, reaction, choice)| OfferedChoice {
                position,
                reaction,
                choice,
            })
            .collect())
    }
}
