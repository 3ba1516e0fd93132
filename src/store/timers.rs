//! Timed play in the database (see `migrations/*/0004_timed_play.sql`): a game's [`Timing`], and
//! the timers of the side that must act. Timers are rows, so they survive restarts, and each
//! is claimed before it fires, so that of several bot processes on one PostgreSQL only one
//! fires it. Their times (`due_at`, `claimed_until`) are the service's clock, given by the
//! caller: the store reads no clock for them.

use serde_json::{Map, Value, json};
use sqlx::{Row, any::AnyRow};

use super::{
    Store, StoreError,
    outbox::{NewPost, insert_post},
};

/// What the game does when the side to act runs out of time.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum OnTimeout {
    /// The usual: a competitive game is lost on time; a cooperative game or a group's pending
    /// decision goes on with a move or decision the bot makes for the late side.
    #[default]
    Usual,
    /// Keep waiting (and reminding).
    Wait,
}

/// How a game is timed. The default is an untimed game.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Timing {
    /// The time for each move or decision, in milliseconds; `None`: untimed.
    pub per_turn_ms: Option<i64>,
    /// Reminders at half time and with an hour left.
    pub remind: bool,
    pub on_timeout: OnTimeout,
    /// A group side's moves are votes of its members.
    pub votes: bool,
}

impl Timing {
    /// Whether anything about the game is timed or voted (else nothing is stored).
    pub fn is_untimed(&self) -> bool {
        self.per_turn_ms.is_none() && !self.votes
    }

    /// The stored text: a JSON object, or `None` for an untimed game.
    pub fn encode(&self) -> Option<String> {
        if self.is_untimed() {
            return None;
        }
        let on_timeout = match self.on_timeout {
            OnTimeout::Usual => "usual",
            OnTimeout::Wait => "wait",
        };
        Some(
            json!({
                "per_turn_ms": self.per_turn_ms,
                "remind": self.remind,
                "on_timeout": on_timeout,
                "votes": self.votes,
            })
            .to_string(),
        )
    }

    /// Reads a stored timing; `None` when the text is not one (the caller reports it).
    pub fn decode(text: Option<&str>) -> Option<Timing> {
        let Some(text) = text else {
            return Some(Timing::default());
        };
        let value: Map<String, Value> = serde_json::from_str(text).ok()?;
        let on_timeout = match value.get("on_timeout").and_then(Value::as_str) {
            Some("wait") => OnTimeout::Wait,
            Some("usual") | None => OnTimeout::Usual,
            Some(_) => return None,
        };
        Some(Timing {
            per_turn_ms: value.get("per_turn_ms").and_then(Value::as_i64),
            remind: value.get("remind").and_then(Value::as_bool).unwrap_or(true),
            on_timeout,
            votes: value.get("votes").and_then(Value::as_bool).unwrap_or(false),
        })
    }
}

/// What a timer does when it fires.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TimerKind {
    /// Reminds who must act that half their time is gone.
    HalfTime,
    /// Reminds who must act that an hour is left.
    LastHour,
    /// The time is up.
    Deadline,
    /// The bot must act (its move, or its side's decision): due at once.
    BotMove,
}

impl TimerKind {
    pub const ALL: [TimerKind; 4] = [
        TimerKind::HalfTime,
        TimerKind::LastHour,
        TimerKind::Deadline,
        TimerKind::BotMove,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TimerKind::HalfTime => "half-time",
            TimerKind::LastHour => "last-hour",
            TimerKind::Deadline => "deadline",
            TimerKind::BotMove => "bot-move",
        }
    }

    fn decode(text: &str) -> Option<TimerKind> {
        TimerKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// A timer to set with a change (see [`TimerUpdate`]).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct NewTimer {
    pub kind: TimerKind,
    /// When it fires (a vacation moves it later).
    pub due_at: i64,
}

/// What a change does to its game's timers.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub enum TimerUpdate {
    /// The same turn goes on: the timers move to the new version as they are.
    #[default]
    Keep,
    /// A new turn (or the end of the game): the game's timers are these.
    Replace(Vec<NewTimer>),
    /// The same turn goes on, and these timers are set too (each replacing any of its kind):
    /// the bot's answer within a turn.
    KeepWith(Vec<NewTimer>),
}

impl TimerUpdate {
    /// This update with `timer` set as well.
    pub fn with(self, timer: NewTimer) -> TimerUpdate {
        match self {
            TimerUpdate::Keep => TimerUpdate::KeepWith(vec![timer]),
            TimerUpdate::Replace(mut timers) => {
                timers.push(timer);
                TimerUpdate::Replace(timers)
            }
            TimerUpdate::KeepWith(mut timers) => {
                timers.push(timer);
                TimerUpdate::KeepWith(timers)
            }
        }
    }

    /// Whether the update sets a timer of `kind`.
    pub fn sets(&self, kind: TimerKind) -> bool {
        match self {
            TimerUpdate::Keep => false,
            TimerUpdate::Replace(timers) | TimerUpdate::KeepWith(timers) => {
                timers.iter().any(|t| t.kind == kind)
            }
        }
    }
}

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

    /// Up to `limit` timers due at `now` that nobody is firing, oldest due first.
    pub async fn due_timers(&self, now: i64, limit: i64) -> Result<Vec<Timer>, StoreError> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= $1 AND claimed_until <= $1 \
             ORDER BY due_at, id LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(timer_from_row).collect()
    }

    /// When the next timer may be claimed (it falls due, or the claim of one that is firing
    /// or whose process died runs out), if any runs.
    pub async fn next_timer_due(&self) -> Result<Option<i64>, StoreError> {
        let next: Option<i64> = sqlx::query_scalar(
            "SELECT MIN(CASE WHEN due_at > claimed_until THEN due_at ELSE claimed_until END) \
             FROM timers",
        )
        .fetch_one(self.pool())
        .await?;
        Ok(next)
    }

    /// Takes timer `id` for firing until `until`, if it is still due and nobody holds it at
    /// `now`. True when this caller got it: one compare-and-set, so of several processes only
    /// one does.
    pub async fn claim_timer(&self, id: i64, now: i64, until: i64) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE timers SET claimed_until = $1 WHERE id = $2 AND due_at <= $3 \
             AND claimed_until <= $3",
        )
        .bind(until)
        .bind(id)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_reads_back_as_written_and_an_untimed_game_stores_nothing() {
        let timing = Timing {
            per_turn_ms: Some(86_400_000),
            remind: false,
            on_timeout: OnTimeout::Wait,
            votes: true,
        };
        assert_eq!(Timing::decode(timing.encode().as_deref()), Some(timing));
        assert_eq!(Timing::default().encode(), None);
        assert_eq!(Timing::decode(None), Some(Timing::default()));
        assert_eq!(Timing::decode(Some("not json")), None);
        assert_eq!(Timing::decode(Some(r#"{"on_timeout": "explode"}"#)), None);
    }
}
