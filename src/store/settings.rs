//! A server's settings, as its moderators set them with `/settings` (the defaults where they
//! set none).

use sqlx::Row;

use super::{Store, StoreError};

/// A server's settings.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PlaceSettings {
    /// Post a game's replay in its thread when it ends.
    pub replays: bool,
}

impl Default for PlaceSettings {
    /// What a server has until its moderators change it: replays on.
    fn default() -> Self {
        PlaceSettings { replays: true }
    }
}

impl Store {
    /// The settings of a server (its moderators' choice, else the defaults).
    pub async fn place_settings(&self, server_id: &str) -> Result<PlaceSettings, StoreError> {
        let row = sqlx::query("SELECT replays FROM place_settings WHERE server_id = $1")
            .bind(server_id)
            .fetch_optional(self.pool())
            .await?;
        Ok(match row {
            Some(row) => PlaceSettings {
                replays: row.try_get::<i64, _>("replays")? != 0,
            },
            None => PlaceSettings::default(),
        })
    }

    /// Sets a server's settings, recording who set them.
    pub async fn set_place_settings(
        &self,
        server_id: &str,
        settings: PlaceSettings,
        set_by: &str,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO place_settings (server_id, replays, set_by, set_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (server_id) DO UPDATE SET \
             replays = excluded.replays, set_by = excluded.set_by, set_at = excluded.set_at",
        )
        .bind(server_id)
        .bind(i64::from(settings.replays))
        .bind(set_by)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }
}
