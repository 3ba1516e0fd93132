//! Timed play in the database (see `migrations/*/0004_timed_play.sql`): a game's [`Timing`], and
//! the timers of the side that must act. Timers are rows, so they survive restarts, and each
//! is claimed before it fires, so that of several bot processes on one PostgreSQL only one
//! fires it; a claim names its process and ends when its time runs out or that process's lease
//! does (see `processes`). Their times (`due_at`, `claimed_until`) are the service's clock,
//! given by the caller: the store reads no clock for them.

use sqlx::{Row, any::AnyRow};

use super::{
    Store, StoreError,
    outbox::insert_post,
    post::NewPost,
    processes::{claim_ends, claim_free},
    timing::{NewTimer, TimerKind, TimerUpdate},
};

/// A timer of a game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Timer {
    pub id: i64,
    pub game_id: i64,
    pub version: i64,
    pub kind: TimerKind,
    pub due_at: i64,
}

const TIMER_COLUMNS: &str = "id, game_id, version, kind, due_at";

fn timer_from_row(row: &AnyRow) -> Result<Timer, StoreError> {
    let kind: String = row.try_get("kind")?;
    Ok(Timer {
        id: row.try_get("id")?,
        game_id: row.try_get("game_id")?,
        version: row.try_get("version")?,
        kind: TimerKind::decode(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("timer kind \"{kind}\"")))?,
        due_at: row.try_get("due_at")?,
    })
}

/// Applies a commit's timer update in its transaction, as the game goes from version `from`
/// to `version`. The same turn going on keeps the turn's votes too.
pub(super) async fn update_timers(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game_id: i64,
    from: i64,
    version: i64,
    update: &TimerUpdate,
) -> Result<(), StoreError> {
    let (kept, added) = match update {
        TimerUpdate::Keep => (true, &[][..]),
        TimerUpdate::KeepWith(timers) => (true, timers.as_slice()),
        TimerUpdate::Replace(timers) => (false, timers.as_slice()),
    };
    if kept {
        sqlx::query("UPDATE timers SET version = $1 WHERE game_id = $2")
            .bind(version)
            .bind(game_id)
            .execute(&mut **tx)
            .await?;
        sqlx::query("UPDATE votes SET version = $1 WHERE game_id = $2 AND version = $3")
            .bind(version)
            .bind(game_id)
            .bind(from)
            .execute(&mut **tx)
            .await?;
    } else {
        sqlx::query("DELETE FROM timers WHERE game_id = $1")
            .bind(game_id)
            .execute(&mut **tx)
            .await?;
    }
    for timer in added {
        if kept {
            sqlx::query("DELETE FROM timers WHERE game_id = $1 AND kind = $2")
                .bind(game_id)
                .bind(timer.kind.as_str())
                .execute(&mut **tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO timers (game_id, version, kind, due_at, claimed_until) \
             VALUES ($1, $2, $3, $4, 0)",
        )
        .bind(game_id)
        .bind(version)
        .bind(timer.kind.as_str())
        .bind(timer.due_at)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

impl Store {
    /// The timers of one game, soonest first.
    pub async fn timers_of_game(&self, game_id: i64) -> Result<Vec<Timer>, StoreError> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = $1 ORDER BY due_at, id"
        )))
        .bind(game_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(timer_from_row).collect()
    }

    /// Up to `limit` timers due at `now` that no claim holds (nobody is firing them, or the
    /// process that was has died), oldest due first.
    pub async fn due_timers(&self, now: i64, limit: i64) -> Result<Vec<Timer>, StoreError> {
        let free = claim_free("timers", "$1");
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= $1 AND {free} \
             ORDER BY due_at, id LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(timer_from_row).collect()
    }

    /// When the next timer may be claimed (it falls due, or the claim of one that is firing
    /// runs out, or its process's lease does unless renewed), if any runs.
    pub async fn next_timer_due(&self) -> Result<Option<i64>, StoreError> {
        let ends = claim_ends("timers");
        let next: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT MIN(CASE WHEN due_at > free_at THEN due_at ELSE free_at END) \
             FROM (SELECT due_at, {ends} AS free_at FROM timers) AS running"
        )))
        .fetch_one(self.pool())
        .await?;
        Ok(next)
    }

    /// Takes timer `id` for firing until `until`, for process `by` (see `processes`), if it
    /// is still due and no claim holds it at `now`. True when this caller got it: one
    /// compare-and-set, so of several processes only one does.
    pub async fn claim_timer(
        &self,
        id: i64,
        now: i64,
        until: i64,
        by: i64,
    ) -> Result<bool, StoreError> {
        self.claim_row("timers", "due_at <= $3", id, (now, until, by))
            .await
    }

    /// Fires a timer that only says something (a reminder, "time is up"): in one transaction
    /// it removes the timer if its game is still at the timer's version, writes `post` (when
    /// the bot delivers through an outbox) and sets `rearm` as the game's new timers (when
    /// given). True when it fired; false when the game moved on, and then nothing is written.
    pub async fn fire_note(
        &self,
        timer: &Timer,
        post: Option<&NewPost>,
        rearm: Option<&[NewTimer]>,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let removed = sqlx::query(
            "DELETE FROM timers WHERE id = $1 AND version = \
             (SELECT version FROM games WHERE id = $2)",
        )
        .bind(timer.id)
        .bind(timer.game_id)
        .execute(&mut *tx)
        .await?;
        if removed.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if let Some(post) = post {
            insert_post(&mut tx, timer.game_id, timer.version, post, super::now_ms()).await?;
        }
        if let Some(timers) = rearm {
            let update = TimerUpdate::Replace(timers.to_vec());
            update_timers(
                &mut tx,
                timer.game_id,
                timer.version,
                timer.version,
                &update,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Moves the timers of game `game_id` by `delta` milliseconds (later when positive), if
    /// the game is still at `version` and they are not being fired: a vacation's pause and its
    /// early end. False when the game moved on (its new timers already count the vacation).
    pub async fn shift_timers(
        &self,
        game_id: i64,
        version: i64,
        delta: i64,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE timers SET due_at = due_at + $1 WHERE game_id = $2 AND version = $3 \
             AND version = (SELECT version FROM games WHERE id = $2)",
        )
        .bind(delta)
        .bind(game_id)
        .bind(version)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Removes a timer that fired (or whose game moved on).
    pub async fn drop_timer(&self, id: i64) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query("DELETE FROM timers WHERE id = $1")
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}
