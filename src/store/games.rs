//! Games: creating a record, reading it back, and the one guarded write ([`Store::commit`]).

use sqlx::{AssertSqlSafe, Row, any::AnyRow};

use super::{
    Backend, Store, StoreError,
    commit_queue::Queued,
    outbox::insert_post,
    post::{NewPost, PostKind},
    records::{
        Commit, GameKind, GameRow, GameState, LogEntry, LogKind, NewLogEntry, Offer, parse_side,
        side_text,
    },
    scores::rerate,
    timers::update_timers,
    timing::{NewTimer, TimerUpdate, Timing},
};

const GAME_COLUMNS: &str = "id, variant, server_id, place_id, options, seed, initial_position, \
    position, version, revision, state, group_game, creator, challenged, pending, outcome, rematch_of, \
    timing, created_at, updated_at";

const OPEN_STATES: &str = "('challenge', 'gathering', 'active')";

fn game_from_row(row: &AnyRow) -> Result<GameRow, StoreError> {
    let options: String = row.try_get("options")?;
    let state: String = row.try_get("state")?;
    let id: i64 = row.try_get("id")?;
    let variant: String = row.try_get("variant")?;
    let pending: Option<String> = row.try_get("pending")?;
    let timing: Option<String> = row.try_get("timing")?;
    let timing = Timing::decode(timing.as_deref())
        .ok_or_else(|| StoreError::Corrupt(format!("timing of game {id}")))?;
    Ok(GameRow {
        id,
        variant: GameKind::decode(&variant),
        server_id: row.try_get("server_id")?,
        place_id: row.try_get("place_id")?,
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("options of game {id}: {e}")))?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        initial_position: row.try_get("initial_position")?,
        position: row.try_get("position")?,
        version: row.try_get("version")?,
        revision: row.try_get("revision")?,
        state: GameState::parse(&state)
            .ok_or_else(|| StoreError::Corrupt(format!("state \"{state}\" of game {id}")))?,
        group_game: row.try_get::<i64, _>("group_game")? != 0,
        creator: row.try_get("creator")?,
        challenged: row.try_get("challenged")?,
        pending: pending.as_deref().and_then(|text| {
            let offer = Offer::decode(text);
            if offer.is_none() {
                tracing::warn!(
                    game = id,
                    pending = text,
                    "an unreadable offer is taken as none"
                );
            }
            offer
        }),
        outcome: row.try_get("outcome")?,
        rematch_of: row.try_get("rematch_of")?,
        timing,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

fn options_json(game: &GameRow) -> String {
    serde_json::to_string(&game.options).unwrap_or_else(|_| "{}".to_string())
}

impl Store {
    /// Writes a new game with its first participants, log lines and posts (each post's text
    /// is headed "Game #N: "); returns its id. The version of the new game is the number of
    /// log lines.
    pub async fn create_game(
        &self,
        game: &GameRow,
        participants: &[(String, crate::rules::Color)],
        log: &[NewLogEntry],
        posts: &[NewPost],
        timers: &[NewTimer],
    ) -> Result<i64, StoreError> {
        self.create_game_claiming(game, participants, log, posts, timers, &[])
            .await
    }

    /// [`Store::create_game`] for the game two seeks became: in the same transaction every
    /// seek of `seeks` must still be open, and each ends `paired` with this game. When one is
    /// not (another command or process paired it first), nothing is written and the answer is
    /// [`StoreError::Conflict`]: two seeks are paired exactly once.
    pub async fn create_game_claiming(
        &self,
        game: &GameRow,
        participants: &[(String, crate::rules::Color)],
        log: &[NewLogEntry],
        posts: &[NewPost],
        timers: &[NewTimer],
        seeks: &[i64],
    ) -> Result<i64, StoreError> {
        let source = super::source::current_source();
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let now = super::now_ms();
        let id = insert_game(&mut tx, game, participants, log, posts, timers, now).await?;
        if !super::seeks::claim(&mut tx, seeks, id, now).await? {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        if let Some(source) = &source {
            super::handled::record(&mut tx, source, now).await?;
        }
        tx.commit().await?;
        super::wrote();
        Ok(id)
    }

    /// One game, or `None` when there is no such game.
    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// The games waiting or in play in one channel or thread, oldest first.
    pub async fn open_games_in_place(&self, place_id: &str) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE place_id = $1 AND state IN {OPEN_STATES} \
             ORDER BY id"
        )))
        .bind(place_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The games waiting or in play in a channel and in its threads (the places that start
    /// with `thread_prefix`), oldest first.
    pub async fn open_games_in_channel_and_threads(
        &self,
        channel: &str,
        thread_prefix: &str,
    ) -> Result<Vec<GameRow>, StoreError> {
        // `substr`, not `LIKE`: a place may hold `%` or `_`, which `LIKE` reads as wildcards.
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE state IN {OPEN_STATES} AND \
             (place_id = $1 OR substr(place_id, 1, length($2)) = $2) ORDER BY id"
        )))
        .bind(channel)
        .bind(thread_prefix)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The most recent game of a place, whatever its state (for a rematch or a last look).
    pub async fn last_game_in_place(&self, place_id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE place_id = $1 ORDER BY id DESC LIMIT 1"
        )))
        .bind(place_id)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// The games a user plays in or is challenged to, waiting or in play, latest activity first.
    pub async fn open_games_of_user(&self, user_id: &str) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE state IN {OPEN_STATES} AND \
             (challenged = $1 OR id IN (SELECT game_id FROM participants WHERE user_id = $1)) \
             ORDER BY updated_at DESC, id DESC"
        )))
        .bind(user_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The whole log of a game, in order.
    pub async fn log(&self, game_id: i64) -> Result<Vec<LogEntry>, StoreError> {
        self.log_at(game_id, i64::MAX).await
    }

    /// The log of a game as it was at `version` (its first `version` lines), in order. A game
    /// row and its log are read by two queries; another process may append between them, so
    /// whoever checks a row against its log reads the log at the row's version, or a move
    /// made in between would look like a record that disagrees with itself.
    pub async fn log_at(&self, game_id: i64, version: i64) -> Result<Vec<LogEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, kind, user_id, side, notation, description, at FROM game_log \
             WHERE game_id = $1 AND seq <= $2 ORDER BY seq",
        )
        .bind(game_id)
        .bind(version)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                let side: Option<String> = row.try_get("side")?;
                let kind: String = row.try_get("kind")?;
                Ok(LogEntry {
                    seq: row.try_get("seq")?,
                    kind: LogKind::decode(&kind),
                    user_id: row.try_get("user_id")?,
                    side: side.as_deref().and_then(parse_side),
                    notation: row.try_get("notation")?,
                    description: row.try_get("description")?,
                    at: row.try_get("at")?,
                })
            })
            .collect()
    }

    /// Applies everything `commit` changes, in one transaction, if the game is still at the
    /// version that was read; otherwise nothing is written and [`StoreError::Conflict`] is
    /// returned. Returns the new version.
    ///
    /// On SQLite, commits that arrive while another is being written are written together in
    /// the next transaction (group commit): one durable sync for the lot instead of one each,
    /// which is what lets one writer keep up with many games. Each commit still succeeds or
    /// conflicts on its own.
    pub async fn commit(&self, commit: &Commit) -> Result<i64, StoreError> {
        let version = match self.backend {
            Backend::Postgres => self.commit_alone(commit).await,
            Backend::Sqlite => self.commit_grouped(commit).await,
        }?;
        super::wrote();
        Ok(version)
    }

    /// One commit in its own transaction.
    async fn commit_alone(&self, commit: &Commit) -> Result<i64, StoreError> {
        let _turn = self.write_turn().await;
        self.commit_alone_locked(commit).await
    }

    /// Queues `commit`, then either finds it written by the writer before us or writes the
    /// whole queue.
    async fn commit_grouped(&self, commit: &Commit) -> Result<i64, StoreError> {
        let (done, mut answer) = tokio::sync::oneshot::channel();
        self.queue.lock().push(Queued {
            commit: commit.clone(),
            done,
        });
        let _turn = self.write_turn().await;
        match answer.try_recv() {
            Ok(result) => return result,
            Err(tokio::sync::oneshot::error::TryRecvError::Closed) => return Err(interrupted()),
            Err(tokio::sync::oneshot::error::TryRecvError::Empty) => {}
        }
        let batch = std::mem::take(&mut *self.queue.lock());
        match self.write_batch(&batch).await {
            Ok(results) => {
                for (queued, result) in batch.into_iter().zip(results) {
                    let _ = queued.done.send(result);
                }
            }
            // The batch failed as a whole (a full disk, a broken row): write each commit
            // alone, so that only the one at fault fails.
            Err(error) => {
                tracing::warn!(%error, size = batch.len(), "group commit failed; committing one by one");
                for queued in batch {
                    let result = self.commit_alone_locked(&queued.commit).await;
                    let _ = queued.done.send(result);
                }
            }
        }
        answer.await.unwrap_or_else(|_| Err(interrupted()))
    }

    /// Writes a batch in one transaction; per commit, its new version or a conflict.
    async fn write_batch(
        &self,
        batch: &[Queued],
    ) -> Result<Vec<Result<i64, StoreError>>, StoreError> {
        let mut tx = self.pool().begin().await?;
        let now = super::now_ms();
        let mut results = Vec::with_capacity(batch.len());
        for queued in batch {
            results.push(apply(&mut tx, self.backend, &queued.commit, now).await?);
        }
        tx.commit().await?;
        Ok(results)
    }

    /// [`Self::commit_alone`] for a caller that already has the writer's turn.
    async fn commit_alone_locked(&self, commit: &Commit) -> Result<i64, StoreError> {
        let mut tx = self.pool().begin().await?;
        match apply(&mut tx, self.backend, commit, super::now_ms()).await? {
            Ok(version) => {
                tx.commit().await?;
                Ok(version)
            }
            Err(conflict) => {
                tx.rollback().await?;
                Err(conflict)
            }
        }
    }
}

/// The writer that took a commit was stopped before answering (its task was cancelled).
fn interrupted() -> StoreError {
    StoreError::Setup("the write was interrupted; please try again".to_string())
}

/// Writes `commit` inside `tx`: `Ok(Ok(version))` when applied, `Ok(Err(Conflict))` when the
/// game moved on (nothing written: the guarded update comes first), `Err` on a database error.
async fn apply(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    commit: &Commit,
    now: i64,
) -> Result<Result<i64, StoreError>, StoreError> {
    let game = &commit.game;
    let new_version = commit.expected_version + commit.log.len() as i64;
    // The guarded update comes first, so that on SQLite the transaction takes the write
    // lock (waiting for another writer) before reading anything.
    let updated = sqlx::query(
        "UPDATE games SET place_id = $1, position = $2, version = $3, state = $4, \
             pending = $5, outcome = $6, challenged = $7, updated_at = $8, \
             revision = revision + 1 WHERE id = $9 AND version = $10 AND revision = $11",
    )
    .bind(&game.place_id)
    .bind(&game.position)
    .bind(new_version)
    .bind(game.state.as_str())
    .bind(game.pending.map(Offer::encode))
    .bind(&game.outcome)
    .bind(&game.challenged)
    .bind(now)
    .bind(game.id)
    .bind(commit.expected_version)
    .bind(game.revision)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() != 1 {
        return Ok(Err(StoreError::Conflict));
    }
    for (i, entry) in commit.log.iter().enumerate() {
        insert_log(
            tx,
            game.id,
            commit.expected_version + 1 + i as i64,
            entry,
            now,
        )
        .await?;
    }
    for user in &commit.leave {
        sqlx::query("DELETE FROM participants WHERE game_id = $1 AND user_id = $2")
            .bind(game.id)
            .bind(user)
            .execute(&mut **tx)
            .await?;
    }
    for (user, side) in &commit.join {
        insert_participant(tx, game.id, user, *side, now).await?;
    }
    if let Some(result) = &commit.result {
        sqlx::query(
            "INSERT INTO results (game_id, server_id, variant, kind, winner, points, reason, \
                 finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(result.game_id)
        .bind(&result.server_id)
        .bind(result.variant.as_str())
        .bind(result.kind.as_str())
        .bind(result.winner.map(side_text))
        .bind(result.points)
        .bind(&result.reason)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    if let Some(rerating) = &commit.rerating {
        rerate(tx, backend, rerating, game.id, now).await?;
    }
    for post in &commit.posts {
        insert_post(tx, game.id, new_version, post, now).await?;
    }
    update_timers(
        tx,
        game.id,
        commit.expected_version,
        new_version,
        &commit.timers,
    )
    .await?;
    if let Some(source) = &commit.source {
        super::handled::record(tx, source, now).await?;
    }
    Ok(Ok(new_version))
}

/// Writes a new game inside a transaction: its row, its people, its first log lines, its
/// posts (headed by the game's number, which only the insert knows) and its timers. Returns
/// the game's number.
pub(super) async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: &GameRow,
    participants: &[(String, crate::rules::Color)],
    log: &[NewLogEntry],
    posts: &[NewPost],
    timers: &[NewTimer],
    now: i64,
) -> Result<i64, StoreError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO games (variant, server_id, place_id, options, seed, initial_position, \
             position, version, state, group_game, creator, challenged, pending, outcome, \
             rematch_of, timing, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18) \
             RETURNING id",
    )
    .bind(game.variant.as_str())
    .bind(&game.server_id)
    .bind(&game.place_id)
    .bind(options_json(game))
    .bind(game.seed as i64)
    .bind(&game.initial_position)
    .bind(&game.position)
    .bind(log.len() as i64)
    .bind(game.state.as_str())
    .bind(i64::from(game.group_game))
    .bind(&game.creator)
    .bind(&game.challenged)
    .bind(game.pending.map(Offer::encode))
    .bind(&game.outcome)
    .bind(game.rematch_of)
    .bind(game.timing.encode())
    .bind(now)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    for (user, side) in participants {
        insert_participant(tx, id, user, *side, now).await?;
    }
    for (i, entry) in log.iter().enumerate() {
        insert_log(tx, id, i as i64 + 1, entry, now).await?;
    }
    for post in posts {
        // Only the insert knows the new game's number, which heads its posts.
        let mut post = post.clone();
        if post.kind != PostKind::Tournament {
            post.text = format!("Game #{id}: {}", post.text);
        }
        insert_post(tx, id, log.len() as i64, &post, now).await?;
    }
    let update = TimerUpdate::Replace(timers.to_vec());
    update_timers(tx, id, 0, log.len() as i64, &update).await?;
    Ok(id)
}

async fn insert_log(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game_id: i64,
    seq: i64,
    entry: &NewLogEntry,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO game_log (game_id, seq, kind, user_id, side, notation, description, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(game_id)
    .bind(seq)
    .bind(entry.kind.as_str())
    .bind(&entry.user_id)
    .bind(entry.side.map(side_text))
    .bind(&entry.notation)
    .bind(&entry.description)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn insert_participant(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game_id: i64,
    user: &str,
    side: crate::rules::Color,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO participants (game_id, user_id, side, joined_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, user_id) DO UPDATE SET side = excluded.side",
    )
    .bind(game_id)
    .bind(user)
    .bind(side_text(side))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
