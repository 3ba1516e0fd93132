//! The leases of bot processes (see `migrations/*/0010_process_leases.sql`), and what they mean
//! for claims. A post or a timer is claimed for as long as handling it may take (a post two
//! minutes); a claim names the process that made it, and that process's lease says whether it
//! still lives. So a claim holds while its time has not run out and its process lives: the
//! claim of a process that was killed is free as soon as its lease runs out, without waiting
//! for its time. A process that is gone from this table (stopped cleanly, or forgotten long
//! after its death) is as dead as one whose lease ran out. Every time here (`alive_until`, the
//! `now` of a claim) is the service's clock, given by the caller; `started_at` is a record,
//! stamped with the system's.

use super::{Backend, Store, StoreError};

/// A process dead for this long is forgotten when another registers.
const FORGET_AFTER_MS: i64 = 3_600_000;

/// SQL: the claim of the row of `table` does not hold at `now` (a placeholder such as `$2`):
/// its time has run out, or the lease of the process that made it has.
pub(super) fn claim_free(table: &str, now: &str) -> String {
    format!(
        "({table}.claimed_until <= {now} OR ({table}.claimed_by IS NOT NULL AND NOT EXISTS \
         (SELECT 1 FROM processes WHERE processes.id = {table}.claimed_by \
         AND processes.alive_until > {now})))"
    )
}

/// SQL: when the claim of the row of `table` stops holding unless its process renews its lease:
/// its time, or that lease's end when it comes first (0 when the process is gone).
pub(super) fn claim_ends(table: &str) -> String {
    format!(
        "CASE WHEN {table}.claimed_by IS NULL THEN {table}.claimed_until ELSE COALESCE(\
         (SELECT CASE WHEN processes.alive_until < {table}.claimed_until \
         THEN processes.alive_until ELSE {table}.claimed_until END \
         FROM processes WHERE processes.id = {table}.claimed_by), 0) END"
    )
}

impl Store {
    /// Registers a new process, alive until `alive_until`, and returns its id, never given
    /// before: a restarted process is a new owner, so what its predecessor claimed is free once
    /// that one's lease runs out. Processes dead for an hour by `now` are forgotten.
    pub async fn register_process(&self, now: i64, alive_until: i64) -> Result<i64, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query("DELETE FROM processes WHERE alive_until < $1")
            .bind(now.saturating_sub(FORGET_AFTER_MS))
            .execute(&mut *tx)
            .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO processes (started_at, alive_until) VALUES ($1, $2) RETURNING id",
        )
        .bind(super::now_ms())
        .bind(alive_until)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Renews the lease of process `id` until `alive_until`. False when the process is
    /// forgotten (its lease ran out an hour ago): it must register again, as a new owner.
    pub async fn renew_process(&self, id: i64, alive_until: i64) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE processes SET alive_until = $1 WHERE id = $2")
            .bind(alive_until)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Removes the lease of process `id`, which stops cleanly: what it still claims is free at
    /// once.
    pub async fn remove_process(&self, id: i64) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query("DELETE FROM processes WHERE id = $1")
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Takes row `id` of `table` until `until` for process `by` if `condition` holds (SQL over
    /// the row, which may read `$3`, the claim's `now`) and no claim holds it at `now`: one
    /// compare-and-set, so of several processes only one gets it.
    ///
    /// On PostgreSQL the row is locked by a statement of its own first. A compare-and-set that
    /// waited for another process's claim of the row re-checks the row as that claim left it,
    /// but reads the other process's lease as it was when the statement began: a lease renewed
    /// just before that claim (after a pause, or a clock moved by hand) would look run out, and
    /// both processes would take the row. The statement after the lock reads the lease anew.
    pub(super) async fn claim_row(
        &self,
        table: &str,
        condition: &str,
        id: i64,
        (now, until, by): (i64, i64, i64),
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        if self.backend() == Backend::Postgres {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "SELECT id FROM {table} WHERE id = $1 FOR UPDATE"
            )))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        }
        let free = claim_free(table, "$3");
        let done = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET claimed_until = $1, claimed_by = $4 WHERE id = $2 \
             AND {condition} AND {free}"
        )))
        .bind(until)
        .bind(id)
        .bind(now)
        .bind(by)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }
}
