//! Tournaments (`/tournament`): who entered, and each round's boards and byes. A round is
//! paired once: its games, boards and byes are written in one transaction with the round's
//! row, whose key (tournament, round) a second process trying the same round collides with,
//! so that process writes nothing. The results are not copied here: a board's game is an
//! ordinary game, and its result is read from it.

use sqlx::{AssertSqlSafe, Row, any::AnyRow};

use super::{
    Store, StoreError,
    games::insert_game,
    outbox::insert_post,
    post::NewPost,
    records::{GameRow, NewLogEntry},
    timing::NewTimer,
};
use crate::rules::Color;

/// How a tournament stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TournamentState {
    /// Taking entries, until it starts.
    Open,
    /// Its rounds are being played.
    Running,
    /// Its last round is over.
    Over,
    /// Called off before it started.
    Cancelled,
}

impl TournamentState {
    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentState::Open => "open",
            TournamentState::Running => "running",
            TournamentState::Over => "over",
            TournamentState::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Option<TournamentState> {
        [
            TournamentState::Open,
            TournamentState::Running,
            TournamentState::Over,
            TournamentState::Cancelled,
        ]
        .into_iter()
        .find(|state| state.as_str() == text)
    }
}

/// A tournament as written when it is announced.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct NewTournament {
    pub server_id: String,
    /// Where it is announced and its games are played.
    pub place_id: String,
    pub creator: String,
    /// The game's id (slug).
    pub variant: String,
    /// `round-robin` or `swiss`.
    pub format: String,
    /// Swiss: how many rounds; round robin: 0 (the start fixes them).
    pub rounds: i64,
    pub double: bool,
    pub rated: bool,
    pub per_turn_ms: Option<i64>,
    /// When it starts by itself, if it does.
    pub start_at: Option<i64>,
    pub created_at: i64,
}

/// A tournament as stored.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TournamentRow {
    pub id: i64,
    pub tournament: NewTournament,
    pub state: TournamentState,
    /// The round being played; 0 before the start.
    pub round: i64,
    /// Where its news goes: the thread opened from its announcement; `None`: its place.
    pub news_place: Option<String>,
}

impl TournamentRow {
    /// Where the tournament's rounds and standings are posted.
    pub fn news_place(&self) -> &str {
        self.news_place
            .as_deref()
            .unwrap_or(&self.tournament.place_id)
    }
}

/// One entrant.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Entrant {
    pub user_id: String,
    pub name: String,
    /// The pairing number, from the start on.
    pub number: Option<i64>,
    pub rating: i64,
    /// The first round they can be paired in.
    pub joined_round: i64,
    /// The first round they are no longer paired in, after leaving.
    pub left_round: Option<i64>,
    /// A duplicate event's group they play in; `None` before the start: a group of one.
    pub team: Option<String>,
}

/// How a board's game ended, as the tournament reads it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BoardEnd {
    /// Still being played (or waiting for its first move).
    Playing,
    /// Won by `winner`; `forfeit`: the loser ran out of time without making a move.
    Won {
        winner: Color,
        forfeit: bool,
    },
    Drawn,
    /// A cooperative game scored `points` together (a duplicate event's board).
    Scored {
        points: i64,
    },
    /// Ended without a result (an admin aborted it): neither gets a point.
    Void,
}

/// One board of a round, with its game's end.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct BoardRow {
    pub round: i64,
    pub board: i64,
    pub white: String,
    pub black: String,
    pub game_id: i64,
    pub end: BoardEnd,
}

/// A player without an opponent in a round, and why (`bye`, `absent`, `withdrawn`).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct ByeRow {
    pub round: i64,
    pub user_id: String,
    pub absence: String,
}

/// One game of a round to write: its row, people, first log lines, posts and timers, and
/// who has which colour on which board.
pub struct NewBoard {
    pub board: i64,
    pub white: String,
    pub black: String,
    pub game: GameRow,
    pub members: Vec<(String, Color)>,
    pub log: Vec<NewLogEntry>,
    pub posts: Vec<NewPost>,
    pub timers: Vec<NewTimer>,
}

/// A round to write, all at once.
pub struct NewRound {
    pub tournament_id: i64,
    pub round: i64,
    /// The tournament's number of rounds, fixed at the first round (a round robin's table).
    pub rounds: i64,
    /// The pairing numbers given at the start (user, number), in round 1.
    pub numbers: Vec<(String, i64)>,
    /// A duplicate event's groups fixed at the start (user, group), in round 1.
    pub teams: Vec<(String, String)>,
    pub boards: Vec<NewBoard>,
    /// (user, absence) of the players without an opponent.
    pub byes: Vec<(String, String)>,
}

const TOURNAMENT_COLUMNS: &str = "id, server_id, place_id, creator, variant, format, rounds, \
    double_rr, rated, per_turn_ms, start_at, state, round, created_at, news_place";

fn tournament_from_row(row: &AnyRow) -> Result<TournamentRow, StoreError> {
    let id: i64 = row.try_get("id")?;
    let state: String = row.try_get("state")?;
    Ok(TournamentRow {
        id,
        tournament: NewTournament {
            server_id: row.try_get("server_id")?,
            place_id: row.try_get("place_id")?,
            creator: row.try_get("creator")?,
            variant: row.try_get("variant")?,
            format: row.try_get("format")?,
            rounds: row.try_get("rounds")?,
            double: row.try_get::<i64, _>("double_rr")? != 0,
            rated: row.try_get::<i64, _>("rated")? != 0,
            per_turn_ms: row.try_get("per_turn_ms")?,
            start_at: row.try_get("start_at")?,
            created_at: row.try_get("created_at")?,
        },
        state: TournamentState::parse(&state)
            .ok_or_else(|| StoreError::Corrupt(format!("tournament {id} is '{state}'")))?,
        round: row.try_get("round")?,
        news_place: row.try_get("news_place")?,
    })
}

fn entrant_from_row(row: &AnyRow) -> Result<Entrant, StoreError> {
    Ok(Entrant {
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        number: row.try_get("number")?,
        rating: row.try_get("rating")?,
        joined_round: row.try_get("joined_round")?,
        left_round: row.try_get("left_round")?,
        team: row.try_get("team")?,
    })
}

/// A board's end from its game's state, its result, and whether the loser ran out of time
/// without a move.
fn board_end(row: &AnyRow) -> Result<BoardEnd, StoreError> {
    let state: String = row.try_get("state")?;
    if state != "over" && state != "cancelled" {
        return Ok(BoardEnd::Playing);
    }
    let kind: Option<String> = row.try_get("kind")?;
    let winner: Option<String> = row.try_get("winner")?;
    Ok(match (kind.as_deref(), winner.as_deref()) {
        (Some("win"), Some(side)) => {
            let winner = if side == "white" {
                Color::White
            } else {
                Color::Black
            };
            let column = match winner {
                Color::White => "black_moves",
                Color::Black => "white_moves",
            };
            let loser_moves: i64 = row.try_get(column)?;
            let timeouts: i64 = row.try_get("timeouts")?;
            BoardEnd::Won {
                winner,
                forfeit: timeouts > 0 && loser_moves == 0,
            }
        }
        (Some("draw"), _) => BoardEnd::Drawn,
        (Some("score"), _) => BoardEnd::Scored {
            points: row.try_get::<Option<i64>, _>("points")?.unwrap_or(0),
        },
        _ => BoardEnd::Void,
    })
}

/// Makes entries and the pairing of a round of `tournament` wait for each other until the
/// transaction ends, so that two late joiners never get one number and nobody enters
/// unnumbered while round 1 is written. A write that changes nothing: on PostgreSQL it locks
/// the tournament's row; on SQLite it takes the database's write lock at once (a transaction
/// that read first could not take it later while another writes).
async fn lock_tournament(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    tournament: i64,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET round = round WHERE id = $1")
        .bind(tournament)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl Store {
    /// Writes a new tournament, open for entries; returns its number.
    pub async fn create_tournament(&self, new: &NewTournament) -> Result<i64, StoreError> {
        let _turn = self.write_turn().await;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO tournaments (server_id, place_id, creator, variant, format, rounds, \
             double_rr, rated, per_turn_ms, start_at, state, round, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', 0, $11) RETURNING id",
        )
        .bind(&new.server_id)
        .bind(&new.place_id)
        .bind(&new.creator)
        .bind(&new.variant)
        .bind(&new.format)
        .bind(new.rounds)
        .bind(i64::from(new.double))
        .bind(i64::from(new.rated))
        .bind(new.per_turn_ms)
        .bind(new.start_at)
        .bind(new.created_at)
        .fetch_one(self.pool())
        .await?;
        super::wrote();
        Ok(id)
    }

    /// Tournament `id`, if there is one.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(tournament_from_row).transpose()
    }

    /// The tournaments of a server, newest first, at most `limit`.
    pub async fn tournaments_of(
        &self,
        server: &str,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE server_id = $1 \
             ORDER BY id DESC LIMIT $2"
        )))
        .bind(server)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// Every tournament in `state` (any server): what the background loop looks after.
    pub async fn tournaments_in_state(
        &self,
        state: TournamentState,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE state = $1 ORDER BY id"
        )))
        .bind(state.as_str())
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// The tournament a game is a board of, if it is one.
    pub async fn tournament_of_game(&self, game: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT tournament_id FROM tournament_boards WHERE game_id = $1")
                .bind(game)
                .fetch_optional(self.pool())
                .await?,
        )
    }

    /// The entrants of a tournament, by pairing number (those without one by entry).
    pub async fn entrants(&self, tournament: i64) -> Result<Vec<Entrant>, StoreError> {
        let rows = sqlx::query(
            "SELECT user_id, name, number, rating, joined_round, left_round, team \
             FROM tournament_players WHERE tournament_id = $1 \
             ORDER BY CASE WHEN number IS NULL THEN 1 ELSE 0 END, number, joined_at, user_id",
        )
        .bind(tournament)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(entrant_from_row).collect()
    }

    /// Enters a person in a tournament that is open or running (a running one gives them the
    /// next pairing number, from the next round on); the answer is the first round they can
    /// be paired in. `None` when they are in it already, or it is over.
    pub async fn enter_tournament(
        &self,
        tournament: i64,
        who: &Entrant,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        lock_tournament(&mut tx, tournament).await?;
        let row = sqlx::query("SELECT state, round FROM tournaments WHERE id = $1")
            .bind(tournament)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let (state, round): (String, i64) = (row.try_get("state")?, row.try_get("round")?);
        let running = match state.as_str() {
            "open" => false,
            "running" => true,
            _ => return Ok(None),
        };
        let number: Option<i64> = if running {
            let last: Option<i64> = sqlx::query_scalar(
                "SELECT MAX(number) FROM tournament_players WHERE tournament_id = $1",
            )
            .bind(tournament)
            .fetch_one(&mut *tx)
            .await?;
            Some(last.unwrap_or(0) + 1)
        } else {
            None
        };
        let done = sqlx::query(
            "INSERT INTO tournament_players (tournament_id, user_id, name, number, rating, \
             joined_round, left_round, joined_at, team) \
             VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8) \
             ON CONFLICT (tournament_id, user_id) DO NOTHING",
        )
        .bind(tournament)
        .bind(&who.user_id)
        .bind(&who.name)
        .bind(number)
        .bind(who.rating)
        .bind(round + 1)
        .bind(now)
        .bind(&who.team)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        super::wrote();
        Ok((done.rows_affected() == 1).then_some(round + 1))
    }

    /// Takes a person out of a tournament: before the start the entry is removed; once it
    /// runs they are no longer paired from round `from_round` on. False when they were not
    /// in it (or had left).
    pub async fn leave_tournament(
        &self,
        tournament: i64,
        user: &str,
        from_round: i64,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = if from_round <= 1 {
            sqlx::query(
                "DELETE FROM tournament_players WHERE tournament_id = $1 AND user_id = $2 \
                 AND number IS NULL",
            )
            .bind(tournament)
            .bind(user)
            .execute(self.pool())
            .await?
        } else {
            sqlx::query(
                "UPDATE tournament_players SET left_round = $3 WHERE tournament_id = $1 \
                 AND user_id = $2 AND left_round IS NULL",
            )
            .bind(tournament)
            .bind(user)
            .bind(from_round)
            .execute(self.pool())
            .await?
        };
        super::wrote();
        Ok(done.rows_affected() == 1)
    }

    /// Writes a round in one transaction: the round's row, the tournament's round (and state
    /// running), the pairing numbers of round 1, every board's game and the byes. When the
    /// round was paired already (by another process), or the tournament is not at the round
    /// before, nothing is written and the answer is [`StoreError::Conflict`].
    pub async fn write_round(&self, round: &NewRound, now: i64) -> Result<Vec<i64>, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        lock_tournament(&mut tx, round.tournament_id).await?;
        let moved = sqlx::query(
            "UPDATE tournaments SET state = 'running', round = $2, rounds = $3 \
             WHERE id = $1 AND round = $4 AND state IN ('open', 'running')",
        )
        .bind(round.tournament_id)
        .bind(round.round)
        .bind(round.rounds)
        .bind(round.round - 1)
        .execute(&mut *tx)
        .await?;
        let inserted = sqlx::query(
            "INSERT INTO tournament_rounds (tournament_id, round, paired_at) VALUES ($1, $2, $3) \
             ON CONFLICT (tournament_id, round) DO NOTHING",
        )
        .bind(round.tournament_id)
        .bind(round.round)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 || inserted.rows_affected() != 1 {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        for (user, number) in &round.numbers {
            sqlx::query(
                "UPDATE tournament_players SET number = $3 WHERE tournament_id = $1 \
                 AND user_id = $2",
            )
            .bind(round.tournament_id)
            .bind(user)
            .bind(number)
            .execute(&mut *tx)
            .await?;
        }
        for (user, team) in &round.teams {
            sqlx::query(
                "UPDATE tournament_players SET team = $3 WHERE tournament_id = $1 \
                 AND user_id = $2",
            )
            .bind(round.tournament_id)
            .bind(user)
            .bind(team)
            .execute(&mut *tx)
            .await?;
        }
        // Someone who entered after the entries were read would be left without a number:
        // the round is paired again with them.
        let unnumbered: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1 \
             AND number IS NULL",
        )
        .bind(round.tournament_id)
        .fetch_one(&mut *tx)
        .await?;
        if round.round == 1 && unnumbered > 0 {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        let mut games = Vec::new();
        for board in &round.boards {
            let id = insert_game(
                &mut tx,
                &board.game,
                &board.members,
                &board.log,
                &board.posts,
                &board.timers,
                now,
            )
            .await?;
            sqlx::query(
                "INSERT INTO tournament_boards (tournament_id, round, board, white, black, \
                 game_id) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(round.tournament_id)
            .bind(round.round)
            .bind(board.board)
            .bind(&board.white)
            .bind(&board.black)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            games.push(id);
        }
        for (user, absence) in &round.byes {
            sqlx::query(
                "INSERT INTO tournament_byes (tournament_id, round, user_id, absence) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(round.tournament_id)
            .bind(round.round)
            .bind(user)
            .bind(absence)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        super::wrote();
        Ok(games)
    }

    /// Ends a running tournament after its last round, with `post` (the final standings)
    /// written to the outbox as a post of game `game` at `version`. False when another
    /// process ended it first: then nothing is written.
    pub async fn end_tournament(
        &self,
        tournament: i64,
        post: Option<(i64, i64, &NewPost)>,
        now: i64,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let done = sqlx::query(
            "UPDATE tournaments SET state = 'over', ended_at = $2 WHERE id = $1 \
             AND state = 'running'",
        )
        .bind(tournament)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if let Some((game, version, post)) = post {
            insert_post(&mut tx, game, version, post, now).await?;
        }
        tx.commit().await?;
        super::wrote();
        Ok(true)
    }

    /// Records the thread opened from a tournament's announcement, where its news goes from
    /// then on. False when there is no such tournament.
    pub async fn set_tournament_news_place(
        &self,
        tournament: i64,
        place: &str,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE tournaments SET news_place = $2 WHERE id = $1")
            .bind(tournament)
            .bind(place)
            .execute(self.pool())
            .await?;
        super::wrote();
        Ok(done.rows_affected() == 1)
    }

    /// Calls off a tournament that has not started. False when it had (or was called off).
    pub async fn cancel_tournament(&self, tournament: i64, now: i64) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE tournaments SET state = 'cancelled', ended_at = $2 WHERE id = $1 \
             AND state = 'open'",
        )
        .bind(tournament)
        .bind(now)
        .execute(self.pool())
        .await?;
        super::wrote();
        Ok(done.rows_affected() == 1)
    }

    /// Every board of a tournament so far, round by round, with how its game ended.
    pub async fn tournament_boards(&self, tournament: i64) -> Result<Vec<BoardRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT b.round, b.board, b.white, b.black, b.game_id, g.state, r.kind, r.winner, r.points, \
             (SELECT COUNT(*) FROM game_log l WHERE l.game_id = b.game_id AND l.kind = 'move' \
              AND l.side = 'white') AS white_moves, \
             (SELECT COUNT(*) FROM game_log l WHERE l.game_id = b.game_id AND l.kind = 'move' \
              AND l.side = 'black') AS black_moves, \
             (SELECT COUNT(*) FROM game_log l WHERE l.game_id = b.game_id \
              AND l.kind = 'timeout') AS timeouts \
             FROM tournament_boards b JOIN games g ON g.id = b.game_id \
             LEFT JOIN results r ON r.game_id = b.game_id \
             WHERE b.tournament_id = $1 ORDER BY b.round, b.board",
        )
        .bind(tournament)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(BoardRow {
                    round: row.try_get("round")?,
                    board: row.try_get("board")?,
                    white: row.try_get("white")?,
                    black: row.try_get("black")?,
                    game_id: row.try_get("game_id")?,
                    end: board_end(row)?,
                })
            })
            .collect()
    }

    /// The players without an opponent in each round so far.
    pub async fn tournament_byes(&self, tournament: i64) -> Result<Vec<ByeRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT round, user_id, absence FROM tournament_byes WHERE tournament_id = $1 \
             ORDER BY round, user_id",
        )
        .bind(tournament)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ByeRow {
                    round: row.try_get("round")?,
                    user_id: row.try_get("user_id")?,
                    absence: row.try_get("absence")?,
                })
            })
            .collect()
    }
}
