//! The rows the store reads and writes, as plain Rust values. Every stored word (the game, a
//! waiting offer, a log line's kind, a result's kind) is decoded here once into a type, and
//! encoded back to the very same text, so the database keeps the strings it always had.

use std::{collections::BTreeMap, fmt, sync::Arc};

use crate::rules::{Color, GameId};

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
    /// The game (stored as its stable id, `cataclysm`).
    pub variant: GameKind,
    pub server_id: String,
    /// The channel or thread the game lives in.
    pub place_id: String,
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub initial_position: String,
    /// The snapshot: the position after every move of the log.
    pub position: String,
    /// The number of log entries: it names a board (a button is good while it holds).
    pub version: i64,
    /// The number of writes: every write checks it is still what was read, so a write
    /// prepared before another that added no log line (a move to a thread) cannot undo it.
    pub revision: i64,
    pub state: GameState,
    /// Teams of any size (any member acts for the side) rather than one player a side.
    pub group_game: bool,
    pub creator: String,
    /// The user a challenge is addressed to; `None` for an open challenge.
    pub challenged: Option<String>,
    /// An offer waiting for the other side (stored as `draw:white`, `undo:black`).
    pub pending: Option<Offer>,
    /// How the game ended, for people.
    pub outcome: Option<String>,
    pub rematch_of: Option<i64>,
    /// Time per move, reminders, votes (see `super::timers`); untimed by default.
    pub timing: super::timing::Timing,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One line of a game's append-only log: a move or a decision, who made it and when.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    pub seq: i64,
    pub kind: LogKind,
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
    pub kind: LogKind,
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
    /// The game; an admin may abort a game this bot no longer hosts, whose result keeps the
    /// stored id.
    pub variant: GameKind,
    pub kind: ResultKind,
    pub winner: Option<Color>,
    pub points: Option<i64>,
    pub reason: String,
}

/// A player's Glicko-2 rating in one game on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub server_id: String,
    pub variant: GameId,
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

/// The ratings a finished game changes. They are read and written inside the transaction
/// that finishes the game, never before it: two processes finishing games of the same players
/// at the same instant would otherwise both start from the old ratings, and one update would be
/// lost. On PostgreSQL the rows are locked (in one order, so that two such transactions cannot
/// deadlock); on SQLite the transaction already holds the only write lock.
#[derive(Clone)]
pub struct Rerating {
    /// Every rated player as they start when they have no rating yet, White's side first.
    pub unrated: Vec<RatingRow>,
    /// The new ratings from the stored ones (in the order of `unrated`).
    pub rate: Rate,
}

/// How stored ratings become new ones (the service's Glicko-2; the store only runs it).
pub type Rate = Arc<dyn Fn(&[RatingRow]) -> Vec<RatingRow> + Send + Sync>;

impl fmt::Debug for Rerating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players: Vec<&str> = self.unrated.iter().map(|r| r.user_id.as_str()).collect();
        f.debug_struct("Rerating")
            .field("players", &players)
            .finish()
    }
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
    /// The version that was read (the new version counts the log from it). The write fails
    /// with a conflict if the game was written since it was read (`game.revision`).
    pub expected_version: i64,
    pub log: Vec<NewLogEntry>,
    pub join: Vec<(String, Color)>,
    pub leave: Vec<String>,
    pub result: Option<ResultRow>,
    /// The ratings the end of the game changes, worked out inside the transaction.
    pub rerating: Option<Rerating>,
    /// What the change makes the bot post (see `super::outbox`), at the new version.
    pub posts: Vec<super::post::NewPost>,
    /// What the change does to the game's timers (by default they go on).
    pub timers: super::timing::TimerUpdate,
    /// The message whose command makes this change, recorded as handled with it (see
    /// `handled`); taken when the commit is made, in the command's task.
    pub source: Option<String>,
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
            rerating: None,
            posts: Vec::new(),
            timers: super::timing::TimerUpdate::Keep,
            source: super::source::current_source(),
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

/// Which game a record is of. A record whose stored id this build does not know (a game taken
/// out of the table) is still a record: `/games` lists it, `/board` names it by number and a
/// server admin can `/abort` it. So the store reads such a row as [`GameKind::Unknown`] with
/// the stored text instead of refusing the whole row (which would also hide every other game
/// of the same query); only loading the game to play or show it refuses it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum GameKind {
    Known(GameId),
    Unknown(String),
}

impl GameKind {
    /// Reads a stored id. Stored ids are keys, but the reading is as lenient as `/new`'s (any
    /// letter case, a display name), as it always was.
    pub fn decode(text: &str) -> GameKind {
        GameId::from_stored(text)
            .map_or_else(|_| GameKind::Unknown(text.to_string()), GameKind::Known)
    }

    /// The text stored: the game's stable id, or the unknown text as it was read.
    pub fn as_str(&self) -> &str {
        match self {
            GameKind::Known(id) => id.slug(),
            GameKind::Unknown(text) => text,
        }
    }

    /// The game, when this build hosts it.
    pub fn known(&self) -> Option<GameId> {
        match self {
            GameKind::Known(id) => Some(*id),
            GameKind::Unknown(_) => None,
        }
    }

    /// The name people read: the game's display name, else the stored text.
    pub fn name(&self) -> &str {
        match self {
            GameKind::Known(id) => id.display_name(),
            GameKind::Unknown(text) => text,
        }
    }
}

impl GameRow {
    /// The name people read for the game: its game's, or a defined variant's own (which its
    /// position string carries).
    pub fn title(&self) -> String {
        match self.variant {
            GameKind::Known(id) => crate::rules::registry::title(id, &self.initial_position),
            GameKind::Unknown(_) => self.variant.name().to_string(),
        }
    }
}

impl From<GameId> for GameKind {
    fn from(id: GameId) -> GameKind {
        GameKind::Known(id)
    }
}

/// An offer waiting for the other side's answer, made by the side it names.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Offer {
    Draw(Color),
    Undo(Color),
}

impl Offer {
    /// The side that made the offer.
    pub fn by(self) -> Color {
        match self {
            Offer::Draw(side) | Offer::Undo(side) => side,
        }
    }

    /// `draw:white`, `undo:black`: the stored text.
    pub fn encode(self) -> String {
        let kind = match self {
            Offer::Draw(_) => "draw",
            Offer::Undo(_) => "undo",
        };
        format!("{kind}:{}", side_text(self.by()))
    }

    /// Reads [`Offer::encode`] back; `None` for any other text. The service always treated
    /// such a text as no offer at all, so the store does too (the next write clears it).
    pub fn decode(text: &str) -> Option<Offer> {
        let (kind, side) = text.split_once(':')?;
        let side = parse_side(side)?;
        match kind {
            "draw" => Some(Offer::Draw(side)),
            "undo" => Some(Offer::Undo(side)),
            _ => None,
        }
    }
}

/// What a line of a game's log records. The replay reads [`LogKind::Move`], [`LogKind::Roll`]
/// and [`LogKind::Undo`]; the others are the decisions around the moves, kept for the record.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum LogKind {
    /// The game was created (a new game, a challenge, a rematch).
    Start,
    Accept,
    /// A challenge declined or withdrawn.
    Decline,
    Join,
    Leave,
    Move,
    /// The dice the move just before rolled.
    Roll,
    /// The last move in effect was taken back.
    Undo,
    DrawOffer,
    DrawAccept,
    DrawDecline,
    UndoAsk,
    UndoDecline,
    Resign,
    Abort,
    /// The side to act ran out of time (see `service::timing`).
    Timeout,
    /// A kind this build does not write (a line from another version of the bot): kept as
    /// its text for the record, and passed over by the replay like any other decision.
    Other(String),
}

impl LogKind {
    const KNOWN: [LogKind; 16] = [
        LogKind::Start,
        LogKind::Accept,
        LogKind::Decline,
        LogKind::Join,
        LogKind::Leave,
        LogKind::Move,
        LogKind::Roll,
        LogKind::Undo,
        LogKind::DrawOffer,
        LogKind::DrawAccept,
        LogKind::DrawDecline,
        LogKind::UndoAsk,
        LogKind::UndoDecline,
        LogKind::Resign,
        LogKind::Abort,
        LogKind::Timeout,
    ];

    /// The stored text: `move`, `draw-offer`, …
    pub fn as_str(&self) -> &str {
        match self {
            LogKind::Start => "start",
            LogKind::Accept => "accept",
            LogKind::Decline => "decline",
            LogKind::Join => "join",
            LogKind::Leave => "leave",
            LogKind::Move => "move",
            LogKind::Roll => "roll",
            LogKind::Undo => "undo",
            LogKind::DrawOffer => "draw-offer",
            LogKind::DrawAccept => "draw-accept",
            LogKind::DrawDecline => "draw-decline",
            LogKind::UndoAsk => "undo-ask",
            LogKind::UndoDecline => "undo-decline",
            LogKind::Resign => "resign",
            LogKind::Abort => "abort",
            LogKind::Timeout => "timeout",
            LogKind::Other(text) => text,
        }
    }

    /// Reads [`LogKind::as_str`] back; an unknown text becomes [`LogKind::Other`].
    pub fn decode(text: &str) -> LogKind {
        LogKind::KNOWN
            .into_iter()
            .find(|kind| kind.as_str() == text)
            .unwrap_or_else(|| LogKind::Other(text.to_string()))
    }
}

impl fmt::Display for LogKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a finished game counts for the leaderboards.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum ResultKind {
    Win,
    Draw,
    /// A cooperative game's final score.
    Score,
    /// A cooperative game given up: no score.
    Abandoned,
    /// Ended by a server admin: unrated.
    Aborted,
}

impl ResultKind {
    const ALL: [ResultKind; 5] = [
        ResultKind::Win,
        ResultKind::Draw,
        ResultKind::Score,
        ResultKind::Abandoned,
        ResultKind::Aborted,
    ];

    /// The stored text: `win`, `draw`, `score`, `abandoned`, `aborted`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultKind::Win => "win",
            ResultKind::Draw => "draw",
            ResultKind::Score => "score",
            ResultKind::Abandoned => "abandoned",
            ResultKind::Aborted => "aborted",
        }
    }

    pub fn parse(text: &str) -> Option<ResultKind> {
        ResultKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_are_stored_as_they_always_were() {
        assert_eq!(Offer::Draw(Color::White).encode(), "draw:white");
        assert_eq!(Offer::Undo(Color::Black).encode(), "undo:black");
        for offer in [Offer::Draw(Color::Black), Offer::Undo(Color::White)] {
            assert_eq!(Offer::decode(&offer.encode()), Some(offer));
        }
        assert_eq!(Offer::decode("draw:purple"), None);
        assert_eq!(Offer::decode("truce:white"), None);
    }

    #[test]
    fn every_log_kind_reads_back_and_unknown_ones_are_kept() {
        for kind in LogKind::KNOWN {
            assert_eq!(LogKind::decode(kind.as_str()), kind);
        }
        assert_eq!(LogKind::decode("draw-offer"), LogKind::DrawOffer);
        let other = LogKind::decode("teleport");
        assert_eq!(other, LogKind::Other("teleport".into()));
        assert_eq!(other.as_str(), "teleport");
    }

    #[test]
    fn every_result_kind_reads_back() {
        for kind in ResultKind::ALL {
            assert_eq!(ResultKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(ResultKind::parse("forfeit"), None);
    }

    #[test]
    fn a_game_this_build_does_not_know_is_kept_by_its_text() {
        assert_eq!(GameKind::decode("chess"), GameKind::Known(GameId::Chess));
        assert_eq!(GameKind::decode("chess").as_str(), "chess");
        let gone = GameKind::decode("shogi-9000");
        assert_eq!(gone.known(), None);
        assert_eq!((gone.as_str(), gone.name()), ("shogi-9000", "shogi-9000"));
        assert_eq!(
            GameKind::from(GameId::Chess).name(),
            GameId::Chess.display_name()
        );
    }
}
