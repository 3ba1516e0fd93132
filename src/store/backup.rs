//! A consistent copy of a SQLite database while the bot runs (`chatrang backup`), and the
//! checks a copy passes before it is put back (`chatrang restore`). SQLite's `VACUUM INTO`
//! writes the database as one read transaction sees it: every commit before it, none after,
//! even while another process writes. PostgreSQL has its own tools (`pg_dump`; see the README).

use std::path::Path;

use super::{Backend, Store, StoreError};

/// What a database holds, as a restore reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    pub games: i64,
    pub finished: i64,
    pub moves: i64,
}

impl Store {
    /// Writes a copy of the database to `file`, which must not exist yet (SQLite only).
    pub async fn backup_into(&self, file: &Path) -> Result<(), StoreError> {
        if self.backend != Backend::Sqlite {
            return Err(StoreError::Setup(
                "a PostgreSQL database is copied with pg_dump (see the README's backups)"
                    .to_string(),
            ));
        }
        if file.exists() {
            return Err(StoreError::Setup(format!(
                "{} already exists; name a new file, so that no backup is overwritten",
                file.display()
            )));
        }
        let Some(path) = file.to_str() else {
            return Err(StoreError::Setup(
                "the backup's file name must be valid UTF-8".to_string(),
            ));
        };
        sqlx::query("VACUUM INTO $1")
            .bind(path)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Whether the SQLite file is sound (`PRAGMA integrity_check`), with SQLite's own words
    /// when it is not.
    pub async fn integrity(&self) -> Result<(), StoreError> {
        if self.backend != Backend::Sqlite {
            return Ok(());
        }
        let check: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(self.pool())
            .await?;
        match check.as_str() {
            "ok" => Ok(()),
            _ => Err(StoreError::Setup(format!(
                "the database is damaged: {}",
                check.chars().take(200).collect::<String>()
            ))),
        }
    }

    /// How many games, finished games and moves the database holds.
    pub async fn contents(&self) -> Result<Contents, StoreError> {
        let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
            .fetch_one(self.pool())
            .await?;
        let finished: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE state = 'over'")
            .fetch_one(self.pool())
            .await?;
        let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_log WHERE kind = 'move'")
            .fetch_one(self.pool())
            .await?;
        Ok(Contents {
            games,
            finished,
            moves,
        })
    }

    /// Whether a bot process holds a lease on this database now (`now` by the system's clock).
    pub async fn has_live_process(&self, now: i64) -> Result<bool, StoreError> {
        let live: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM processes WHERE alive_until > $1")
            .bind(now)
            .fetch_one(self.pool())
            .await?;
        Ok(live > 0)
    }
}
