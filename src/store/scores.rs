//! Results, ratings and the two kinds of leaderboard (ratings; best cooperative scores).

use sqlx::{AssertSqlSafe, Row, any::AnyRow};

use super::{
    Backend, Store, StoreError,
    records::{RatingRow, Rerating, ResultKind, ScoreRow, parse_side},
};
use crate::rules::{Color, GameId};

fn rating_from_row(row: &AnyRow) -> Result<RatingRow, StoreError> {
    let variant: String = row.try_get("variant")?;
    Ok(RatingRow {
        server_id: row.try_get("server_id")?,
        variant: GameId::parse(&variant)
            .map_err(|_| StoreError::Corrupt(format!("a rating of unknown game \"{variant}\"")))?,
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        draws: row.try_get("draws")?,
        losses: row.try_get("losses")?,
    })
}

const RATING_SELECT: &str = "SELECT r.server_id AS server_id, r.variant AS variant, \
    r.user_id AS user_id, COALESCE(pl.name, r.user_id) AS name, r.rating AS rating, \
    r.deviation AS deviation, r.volatility AS volatility, r.games AS games, r.wins AS wins, \
    r.draws AS draws, r.losses AS losses \
    FROM ratings r LEFT JOIN players pl ON pl.user_id = r.user_id";

impl Store {
    /// A user's rating in one game on one server, if they have played it there.
    pub async fn rating(
        &self,
        server_id: &str,
        variant: GameId,
        user_id: &str,
    ) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "{RATING_SELECT} WHERE r.server_id = $1 AND r.variant = $2 AND r.user_id = $3"
        )))
        .bind(server_id)
        .bind(variant.slug())
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(rating_from_row).transpose()
    }

    /// Every rating a user has on one server, one per game, the most played first. A rating in
    /// a game this build no longer hosts is left out rather than failing the others.
    pub async fn ratings_of(
        &self,
        server_id: &str,
        user_id: &str,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "{RATING_SELECT} WHERE r.server_id = $1 AND r.user_id = $2 \
             ORDER BY r.games DESC, r.variant"
        )))
        .bind(server_id)
        .bind(user_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .filter(|row| {
                row.try_get::<String, _>("variant")
                    .is_ok_and(|v| GameId::parse(&v).is_ok())
            })
            .map(rating_from_row)
            .collect()
    }

    /// The best-rated players of one game on one server.
    pub async fn leaderboard(
        &self,
        server_id: &str,
        variant: GameId,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "{RATING_SELECT} WHERE r.server_id = $1 AND r.variant = $2 \
             ORDER BY r.rating DESC, r.games DESC, r.user_id LIMIT $3"
        )))
        .bind(server_id)
        .bind(variant.slug())
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(rating_from_row).collect()
    }

    /// The best final scores of a cooperative game on one server, with who played.
    pub async fn best_scores(
        &self,
        server_id: &str,
        variant: GameId,
        limit: i64,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, points, finished_at FROM results \
             WHERE server_id = $1 AND variant = $2 AND kind = 'score' \
             ORDER BY points DESC, finished_at, game_id LIMIT $3",
        )
        .bind(server_id)
        .bind(variant.slug())
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        let mut scores = Vec::with_capacity(rows.len());
        for row in rows {
            let game_id: i64 = row.try_get("game_id")?;
            let players = self
                .participants(game_id)
                .await?
                .into_iter()
                .map(|p| p.name)
                .collect();
            scores.push(ScoreRow {
                game_id,
                points: row.try_get::<Option<i64>, _>("points")?.unwrap_or(0),
                finished_at: row.try_get("finished_at")?,
                players,
            });
        }
        Ok(scores)
    }

    /// The recorded result of a finished game: its kind, winner and points.
    pub async fn result_of(
        &self,
        game_id: i64,
    ) -> Result<Option<(ResultKind, Option<Color>, Option<i64>)>, StoreError> {
        let row = sqlx::query("SELECT kind, winner, points FROM results WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|row| {
            let winner: Option<String> = row.try_get("winner")?;
            let kind: String = row.try_get("kind")?;
            Ok((
                ResultKind::parse(&kind).ok_or_else(|| {
                    StoreError::Corrupt(format!("result kind \"{kind}\" of game {game_id}"))
                })?,
                winner.as_deref().and_then(parse_side),
                row.try_get("points")?,
            ))
        })
        .transpose()
    }
}

/// Reads the ratings `rerating` changes inside `tx` and writes the new ones (see [`Rerating`]
/// for why inside), each with a row of the rating history naming `game_id`. On PostgreSQL each row is locked until the transaction ends, taken in
/// the order of user ids so that two transactions rating the same players wait for each other
/// rather than deadlock; a player's first rating is inserted first so that it, too, has a row
/// to lock.
pub(super) async fn rerate(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    rerating: &Rerating,
    game_id: i64,
    now: i64,
) -> Result<(), StoreError> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let mut order: Vec<usize> = (0..rerating.unrated.len()).collect();
    order.sort_by(|&a, &b| {
        rerating.unrated[a]
            .user_id
            .cmp(&rerating.unrated[b].user_id)
    });
    let mut current = rerating.unrated.clone();
    for i in order {
        let player = &mut current[i];
        sqlx::query(
            "INSERT INTO ratings (server_id, variant, user_id, rating, deviation, volatility, \
             games, wins, draws, losses, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
             ON CONFLICT (server_id, variant, user_id) DO NOTHING",
        )
        .bind(&player.server_id)
        .bind(player.variant.slug())
        .bind(&player.user_id)
        .bind(player.rating)
        .bind(player.deviation)
        .bind(player.volatility)
        .bind(player.games)
        .bind(player.wins)
        .bind(player.draws)
        .bind(player.losses)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT rating, deviation, volatility, games, wins, draws, losses FROM ratings \
             WHERE server_id = $1 AND variant = $2 AND user_id = $3{lock}"
        )))
        .bind(&player.server_id)
        .bind(player.variant.slug())
        .bind(&player.user_id)
        .fetch_one(&mut **tx)
        .await?;
        player.rating = row.try_get("rating")?;
        player.deviation = row.try_get("deviation")?;
        player.volatility = row.try_get("volatility")?;
        player.games = row.try_get("games")?;
        player.wins = row.try_get("wins")?;
        player.draws = row.try_get("draws")?;
        player.losses = row.try_get("losses")?;
    }
    for r in (rerating.rate)(&current) {
        sqlx::query(
            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, \
             wins = $5, draws = $6, losses = $7, updated_at = $8 \
             WHERE server_id = $9 AND variant = $10 AND user_id = $11",
        )
        .bind(r.rating)
        .bind(r.deviation)
        .bind(r.volatility)
        .bind(r.games)
        .bind(r.wins)
        .bind(r.draws)
        .bind(r.losses)
        .bind(now)
        .bind(&r.server_id)
        .bind(r.variant.slug())
        .bind(&r.user_id)
        .execute(&mut **tx)
        .await?;
        super::stats::record(tx, &r, game_id, now).await?;
    }
    Ok(())
}
