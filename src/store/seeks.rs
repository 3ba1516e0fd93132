//! Open offers to play (`/seek`): a person, a list of games, rated or casual, a time per move,
//! and until when. A seek ends paired (with the game it became, see
//! [`Store::create_game_claiming`]), withdrawn, or replaced by the person's next seek; one past
//! its time is simply no longer read as open.

use sqlx::{AssertSqlSafe, Row, any::AnyRow};

use super::{Store, StoreError};

/// How a seek stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum SeekState {
    /// Waiting for an opponent (until it expires).
    Open,
    /// It became a game.
    Paired,
    /// Its person took it back.
    Withdrawn,
    /// Its person made a new seek in the same server.
    Replaced,
}

impl SeekState {
    fn as_str(self) -> &'static str {
        match self {
            SeekState::Open => "open",
            SeekState::Paired => "paired",
            SeekState::Withdrawn => "withdrawn",
            SeekState::Replaced => "replaced",
        }
    }

    fn parse(text: &str) -> Option<SeekState> {
        [
            SeekState::Open,
            SeekState::Paired,
            SeekState::Withdrawn,
            SeekState::Replaced,
        ]
        .into_iter()
        .find(|state| state.as_str() == text)
    }
}

/// A seek to write.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct NewSeek {
    pub server_id: String,
    /// The channel, thread or room it is made in.
    pub place_id: String,
    pub user_id: String,
    /// The games' ids (slugs), in the person's order.
    pub games: Vec<String>,
    pub rated: bool,
    /// The time per move of the game it becomes; `None`: untimed.
    pub per_turn_ms: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
}

/// A seek as stored, with its person's name.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SeekRow {
    pub id: i64,
    pub seek: NewSeek,
    pub name: String,
    pub state: SeekState,
    /// The game it became, once paired.
    pub game_id: Option<i64>,
}

const SEEK_SELECT: &str = "SELECT s.id AS id, s.server_id AS server_id, s.place_id AS place_id, \
     s.user_id AS user_id, COALESCE(pl.name, s.user_id) AS name, s.games AS games, \
     s.rated AS rated, s.per_turn_ms AS per_turn_ms, s.state AS state, s.game_id AS game_id, \
     s.created_at AS created_at, s.expires_at AS expires_at \
     FROM seeks s LEFT JOIN players pl ON pl.user_id = s.user_id";

fn seek_from_row(row: &AnyRow) -> Result<SeekRow, StoreError> {
    let games: String = row.try_get("games")?;
    let state: String = row.try_get("state")?;
    let rated: i64 = row.try_get("rated")?;
    Ok(SeekRow {
        id: row.try_get("id")?,
        seek: NewSeek {
            server_id: row.try_get("server_id")?,
            place_id: row.try_get("place_id")?,
            user_id: row.try_get("user_id")?,
            games: games.split(',').map(str::to_string).collect(),
            rated: rated != 0,
            per_turn_ms: row.try_get("per_turn_ms")?,
            created_at: row.try_get("created_at")?,
            expires_at: row.try_get("expires_at")?,
        },
        name: row.try_get("name")?,
        state: SeekState::parse(&state)
            .ok_or_else(|| StoreError::Corrupt(format!("a seek in state \"{state}\"")))?,
        game_id: row.try_get("game_id")?,
    })
}

impl Store {
    /// Writes an open seek and ends the person's other open seeks in the same server (they
    /// are `replaced`: one offer per person and server). Returns the new seek's number and
    /// how many it replaced.
    pub async fn open_seek(&self, seek: &NewSeek) -> Result<(i64, u64), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let replaced = sqlx::query(
            "UPDATE seeks SET state = 'replaced', ended_at = $1 \
             WHERE server_id = $2 AND user_id = $3 AND state = 'open' AND expires_at > $1",
        )
        .bind(seek.created_at)
        .bind(&seek.server_id)
        .bind(&seek.user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO seeks (server_id, place_id, user_id, games, rated, per_turn_ms, state, \
             created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8) \
             RETURNING id",
        )
        .bind(&seek.server_id)
        .bind(&seek.place_id)
        .bind(&seek.user_id)
        .bind(seek.games.join(","))
        .bind(i64::from(seek.rated))
        .bind(seek.per_turn_ms)
        .bind(seek.created_at)
        .bind(seek.expires_at)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok((id, replaced))
    }

    /// The seeks of a server still open at `now`, oldest first.
    pub async fn open_seeks(&self, server_id: &str, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "{SEEK_SELECT} WHERE s.server_id = $1 AND s.state = 'open' AND s.expires_at > $2 \
             ORDER BY s.created_at, s.id"
        )))
        .bind(server_id)
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(seek_from_row).collect()
    }

    /// One seek by its number, in any state.
    pub async fn seek(&self, id: i64) -> Result<Option<SeekRow>, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!("{SEEK_SELECT} WHERE s.id = $1")))
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(seek_from_row).transpose()
    }

    /// Withdraws a person's open seeks in a server; returns how many there were.
    pub async fn withdraw_seeks(
        &self,
        server_id: &str,
        user_id: &str,
        now: i64,
    ) -> Result<u64, StoreError> {
        let _turn = self.write_turn().await;
        Ok(sqlx::query(
            "UPDATE seeks SET state = 'withdrawn', ended_at = $1 \
             WHERE server_id = $2 AND user_id = $3 AND state = 'open' AND expires_at > $1",
        )
        .bind(now)
        .bind(server_id)
        .bind(user_id)
        .execute(self.pool())
        .await?
        .rows_affected())
    }
}

/// Inside a new game's transaction: ends each of `seeks` `paired` with `game_id`, if every one
/// is still open. `false` when one is not (the caller rolls back). On PostgreSQL a second
/// transaction claiming the same seek waits for the first and then finds it paired; SQLite
/// runs one writer at a time.
pub(super) async fn claim(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    seeks: &[i64],
    game_id: i64,
    now: i64,
) -> Result<bool, StoreError> {
    // Always in the same order, so that two transactions claiming the same two seeks on
    // PostgreSQL wait for each other rather than deadlock.
    let mut seeks = seeks.to_vec();
    seeks.sort_unstable();
    for seek in seeks {
        let claimed = sqlx::query(
            "UPDATE seeks SET state = 'paired', game_id = $1, ended_at = $2 \
             WHERE id = $3 AND state = 'open'",
        )
        .bind(game_id)
        .bind(now)
        .bind(seek)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if claimed != 1 {
            return Ok(false);
        }
    }
    Ok(true)
}
