//! The outbox: what the bot must post in a chat, written in the same transaction as the change
//! that causes it, and posted by a delivery loop until the platform accepts it (see
//! `migrations/*/0002_outbox.sql`). A post is claimed before it is posted, so that two bot
//! processes on one PostgreSQL never post it twice; a claim names its process and ends when its
//! time runs out or that process's lease does (see `processes`), so that a post claimed by a
//! process that died is posted by another one within seconds. Every time that decides when a
//! post is due or claimed (`due_at`, `claimed_until`) is the service's clock, given by the
//! caller; `created_at` and `delivered_at` are records, stamped with the system's.

use sqlx::{Row, any::AnyRow};

use super::{
    Store, StoreError,
    post::{NewPost, PostKind},
    processes::{claim_ends, claim_free},
};

/// The kinds of post a command's own answer carries: a board, or a new game's announcement.
const BOARD_KINDS: &str = "('board', 'start')";

/// A post waiting to be delivered.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    pub id: i64,
    pub platform: String,
    pub game_id: i64,
    pub version: i64,
    pub kind: PostKind,
    pub text: String,
    pub notify: Option<Vec<String>>,
    pub with_board: bool,
    pub attempts: i64,
    pub created_at: i64,
}

const POST_COLUMNS: &str = "id, platform, game_id, version, kind, text, notify, with_board, \
    attempts, created_at";

/// Neither delivered nor given up.
const WAITING: &str = "delivered_at IS NULL AND dropped IS NULL";

/// A waiting post is posted only once every earlier post of its game is done (delivered or
/// dropped), so a game's messages arrive in the order they were written: the answer to a
/// player's move (posted by the command, or by the loop if that failed) before the bot's reply.
const FIRST_OF_ITS_GAME: &str = "NOT EXISTS (SELECT 1 FROM outbox AS earlier \
    WHERE earlier.game_id = outbox.game_id AND earlier.platform = outbox.platform \
    AND earlier.id < outbox.id AND earlier.delivered_at IS NULL AND earlier.dropped IS NULL)";

fn post_from_row(row: &AnyRow) -> Result<Post, StoreError> {
    let id: i64 = row.try_get("id")?;
    let kind: String = row.try_get("kind")?;
    let notify: Option<String> = row.try_get("notify")?;
    Ok(Post {
        id,
        platform: row.try_get("platform")?,
        game_id: row.try_get("game_id")?,
        version: row.try_get("version")?,
        kind: PostKind::decode(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("kind \"{kind}\" of post {id}")))?,
        text: row.try_get("text")?,
        notify: notify
            .map(|text| serde_json::from_str(&text))
            .transpose()
            .map_err(|e| StoreError::Corrupt(format!("mentions of post {id}: {e}")))?,
        with_board: row.try_get::<i64, _>("with_board")? != 0,
        attempts: row.try_get("attempts")?,
        created_at: row.try_get("created_at")?,
    })
}

/// Writes `post` for `game` at `version` inside a transaction (with the change it belongs to);
/// `now` is the system's time, its record of when it was written. A timer's note may come again at the same version (a game that waits past its deadline is
/// reminded again): it then takes the place of the one posted before.
pub(super) async fn insert_post(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: i64,
    version: i64,
    post: &NewPost,
    now: i64,
) -> Result<(), StoreError> {
    let again = if post.kind.expires() || post.kind == PostKind::Tournament {
        " ON CONFLICT (game_id, version, kind) DO UPDATE SET text = excluded.text, \
         notify = excluded.notify, due_at = excluded.due_at, \
         claimed_until = excluded.claimed_until, claimed_by = excluded.claimed_by, \
         attempts = 0, last_error = NULL, delivered_at = NULL, dropped = NULL"
    } else {
        ""
    };
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO outbox (platform, game_id, version, kind, text, notify, with_board, due_at, \
         claimed_until, claimed_by, attempts, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11){again}"
    )))
    .bind(&post.platform)
    .bind(game)
    .bind(version)
    .bind(post.kind.as_str())
    .bind(&post.text)
    .bind(
        post.notify
            .as_ref()
            .map(|ids| serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_string())),
    )
    .bind(i64::from(post.with_board))
    .bind(post.at)
    .bind(post.at.saturating_add(post.held_for_ms.max(0)))
    .bind(post.held_by)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Up to `limit` posts of `platform` that are due and free at `now` (unclaimed, or their
    /// claim's time or its process's lease ran out), oldest first, each the first of its game
    /// still waiting. They are not claimed yet: see [`Store::claim_post`].
    pub async fn due_posts(
        &self,
        platform: &str,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Post>, StoreError> {
        let free = claim_free("outbox", "$2");
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {POST_COLUMNS} FROM outbox WHERE platform = $1 AND {WAITING} \
             AND due_at <= $2 AND {free} AND {FIRST_OF_ITS_GAME} ORDER BY id LIMIT $3"
        )))
        .bind(platform)
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(post_from_row).collect()
    }

    /// When the next waiting post of `platform` may be claimed (it falls due, or its claim
    /// runs out, or its process's lease does unless renewed), if any waits first in its game.
    pub async fn next_post_due(&self, platform: &str) -> Result<Option<i64>, StoreError> {
        let ends = claim_ends("outbox");
        let next: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT MIN(CASE WHEN due_at > free_at THEN due_at ELSE free_at END) \
             FROM (SELECT due_at, {ends} AS free_at FROM outbox \
             WHERE platform = $1 AND {WAITING} AND {FIRST_OF_ITS_GAME}) AS waiting"
        )))
        .bind(platform)
        .fetch_one(self.pool())
        .await?;
        Ok(next)
    }

    /// Takes post `id` for posting until `until`, for process `by` (see `processes`), if it
    /// still waits and no claim holds it at `now`. True when this caller got it: one
    /// compare-and-set, so of several processes only one does.
    pub async fn claim_post(
        &self,
        id: i64,
        now: i64,
        until: i64,
        by: i64,
    ) -> Result<bool, StoreError> {
        self.claim_row("outbox", WAITING, id, (now, until, by))
            .await
    }

    /// Marks the board post (or the announcement) of `game` at `version` delivered (the command's own answer carried
    /// it). True the first time; false when it was delivered or dropped already.
    pub async fn board_delivered(&self, game: i64, version: i64) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE outbox SET delivered_at = $1, claimed_until = 0 WHERE game_id = $2 \
             AND version = $3 AND kind IN {BOARD_KINDS} AND {WAITING}"
        )))
        .bind(super::now_ms())
        .bind(game)
        .bind(version)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Hands the board post of `game` at `version` to the delivery loop after the command's
    /// own answer failed to carry it: it is due at `retry_at`.
    pub async fn board_not_delivered(
        &self,
        game: i64,
        version: i64,
        error: &str,
        retry_at: i64,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE outbox SET claimed_until = 0, due_at = $1, attempts = attempts + 1, \
             last_error = $2 WHERE game_id = $3 AND version = $4 AND kind IN {BOARD_KINDS} \
             AND {WAITING}"
        )))
        .bind(retry_at)
        .bind(error)
        .bind(game)
        .bind(version)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Marks a claimed post delivered.
    pub async fn post_delivered(&self, id: i64) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query("UPDATE outbox SET delivered_at = $1, claimed_until = 0 WHERE id = $2")
            .bind(super::now_ms())
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Gives a claimed post back after a failed attempt: it is due again at `retry_at`.
    pub async fn post_failed(&self, id: i64, error: &str, retry_at: i64) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "UPDATE outbox SET claimed_until = 0, due_at = $1, attempts = attempts + 1, \
             last_error = $2 WHERE id = $3",
        )
        .bind(retry_at)
        .bind(error)
        .bind(id)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Lets go of a claimed post without counting an attempt, so that the delivery loop takes
    /// it again at once (a replay that was being drawn is ready).
    pub async fn release_post(&self, id: i64) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query("UPDATE outbox SET claimed_until = 0 WHERE id = $1")
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Gives a post up for good (its channel is gone, or the bot may no longer post there).
    pub async fn drop_post(&self, id: i64, reason: &str) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query("UPDATE outbox SET dropped = $1, claimed_until = 0 WHERE id = $2")
            .bind(reason)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// The posts of a game in the order they were written, with whether each was delivered
    /// and why it was dropped (for tests and for an admin looking into a game).
    pub async fn posts_of_game(&self, game: i64) -> Result<Vec<PostState>, StoreError> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {POST_COLUMNS}, delivered_at, dropped FROM outbox WHERE game_id = $1 \
             ORDER BY id"
        )))
        .bind(game)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PostState {
                    post: post_from_row(row)?,
                    delivered: row.try_get::<Option<i64>, _>("delivered_at")?.is_some(),
                    dropped: row.try_get("dropped")?,
                })
            })
            .collect()
    }
}

/// A post and what became of it.
#[derive(Clone, Debug, PartialEq)]
pub struct PostState {
    pub post: Post,
    pub delivered: bool,
    pub dropped: Option<String>,
}

impl Store {
    /// How many posts of `platform` wait to be delivered, and when the oldest was written.
    pub async fn outbox_depth(&self, platform: &str) -> Result<(i64, Option<i64>), StoreError> {
        let (waiting, oldest): (i64, Option<i64>) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE platform = $1 AND {WAITING}"
        )))
        .bind(platform)
        .fetch_one(self.pool())
        .await?;
        Ok((waiting, oldest))
    }
}
