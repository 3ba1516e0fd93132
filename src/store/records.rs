//! The rows the store reads and writes, as plain Rust values.

use std::collections::BTreeMap;

use crate::rules::Color;

/// Where a game is in its life.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum GameState {
    /// A two-player game waiting for its opponent (named or anyone) to accept.
    Challenge,
    /// A group game waiting for both sides to have at least one member.
    Gathering,
    Active,
    Over,
    /// The challenge was declined or withdrawn before any move.
    Cancelled,
}

impl GameState {
    pub const fn as_str(self) -> &'static str {
        match self {
            GameState::Challenge => "challenge",
            GameState::Gathering => "gathering",
            GameState::Active => "active",
            GameState::Over => "over",
            GameState::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<GameState> {
        [
            GameState::Challenge,
            GameState::Gathering,
            GameState::Active,
            GameState::Over,
            GameState::Cancelled,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }

    /// Still waiting for or in play (shown in "my games", chosen by default in a channel).
    pub const fn is_open(self) -> bool {
        matches!(
            self,
            GameState::Challenge | GameState::Gathering | GameState::Active
        )
    }
}

/// One game's record: what is needed to replay it, its snapshot and its state.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    /// The stable game id (`cataclysm`).
    pub variant: String,
    pub server_id: String,
    /// The channel or thread the game lives in.
    pub place_id: String,
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub initial_position: String,
    /// The snapshot: the position after every move of the log.
    pub position: String,
    /// The number of log entries; every write checks it is still what was read.
    pub version: i64,
    pub state: GameState,
    /// Teams of any size (any member acts for the side) rather than one player a side.
    pub group_game: bool,
    pub creator: String,
    /// The user a challenge is addressed to; `None` for an open challenge.
    pub challenged: Option<String>,
    /// An offer waiting for the other side: `draw:white`, `undo:black`.
    pub pending: Option<String>,
    /// How the game ended, for people.
    pub outcome: Option<String>,
    pub rematch_of: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One line of a game's append-only log: a move or a decision, who made it and when.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    pub seq: i64,
    pub kind: String,
    pub user_id: String,
    pub side: Option<Color>,
    /// The canonical notation for moves, as the rules accept it back.
    pub notation: Option<String>,
    pub description: String,
    pub at: i64,
}

/// A log line to append; the store numbers it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewLogEntry {
    pub kind: &'static str,
    pub user_id: String,
    pub side: Option<Color>,
    pub notation: Option<String>,
    pub description: String,
}

/// A person in a game, on a side.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Participant {
    pub user_id: String,
    pub name: String,
    pub side: Color,
}

/// How a finished game counts for the leaderboards.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub game_id: i64,
    pub server_id: String,
    pub variant: String,
    /// `win`, `draw`, `score`, `abandoned` (a cooperative game given up) or `aborted` (ended
    /// by a server admin, unrated).
    pub kind: String,
    pub winner: Option<Color>,
    pub points: Option<i64>,
    pub reason: String,
}

/// A player's Glicko-2 rating in one game on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub server_id: String,
    pub variant: String,
    pub user_id: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A cooperative game's final score with the people who made it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    pub game_id: i64,
    pub points: i64,
    pub finished_at: i64,
    pub players: Vec<String>,
}

/// Everything one action changes, written in one transaction.
#[derive(Clone, Debug)]
pub struct Commit {
    /// The game as it is after the action; its `version` is ignored (the store sets it).
    pub game: GameRow,
    /// The version that was read; the write fails with a conflict if it changed.
    pub expected_version: i64,
    pub log: Vec<NewLogEntry>,
    pub join: Vec<(String, Color)>,
    pub leave: Vec<String>,
    pub result: Option<ResultRow>,
    pub ratings: Vec<RatingRow>,
}

impl Commit {
    pub fn new(game: GameRow, expected_version: i64) -> Commit {
        Commit {
            game,
            expected_version,
            log: Vec::new(),
            join: Vec::new(),
            leave: Vec::new(),
            result: None,
            ratings: Vec::new(),
        }
    }

    pub fn log(mut self, entry: NewLogEntry) -> Commit {
        self.log.push(entry);
        self
    }
}

/// `white` / `black`, as stored.
pub fn side_text(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn parse_side(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}
