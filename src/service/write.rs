//! The one way a command changes a game that exists: a [`Change`] (the row after it, the new
//! game when a move changed it, the log lines, who joins or leaves, how the game ended) is
//! turned into one guarded [`Commit`] by [`Service::write`], which also records the result and
//! the new ratings when the game ends, and keeps the new game in memory.
//!
//! Moves, decisions (draw, undo, resign) and the gathering of players all write through it.
//! Three writes do not: creating a game (there is nothing loaded yet), `/abort` (it works on
//! a record that may not load at all) and moving a game to another place (it changes where
//! the game lives, not the game, so its version and its buttons stay).

use super::{
    base::Service, cache::Cached, loaded::Loaded, outbox::News, rating::finish,
    reply::ServiceError, request::User,
};
use crate::{
    rules::{Color, Game, Outcome, Status},
    store::{
        Commit, GameRow, GameState, LogKind, NewLogEntry, NewPost, PostKind, StoreError, TimerKind,
    },
};

/// What one command changes in a game.
pub(crate) struct Change {
    /// The game's row after the change; its position is taken from the game, its version is
    /// set by the store.
    pub row: GameRow,
    /// The game after the change, when it changed (a move, an undo); else it stays as loaded.
    pub game: Option<Box<dyn Game>>,
    pub log: Vec<NewLogEntry>,
    /// People who join a side (or change sides before the game begins).
    pub join: Vec<(String, Color)>,
    pub leave: Vec<String>,
    /// How the game ended, when the command ends it (a resignation, an agreed draw). A move
    /// that ends the game by the rules needs none: the game's status says so.
    pub end: Option<End>,
    /// What the people in the game's channel are told, written to the outbox with the change
    /// (set by [`Service::publish`]).
    pub news: Option<News>,
}

/// How a game ended.
pub(crate) struct End {
    pub outcome: Outcome,
    /// A cooperative game given up: no score is recorded.
    pub abandoned: bool,
}

impl Change {
    /// A change of the game's row (start from the loaded row and edit it).
    pub fn new(row: GameRow) -> Change {
        Change {
            row,
            game: None,
            log: Vec::new(),
            join: Vec::new(),
            leave: Vec::new(),
            end: None,
            news: None,
        }
    }

    pub fn log(mut self, entry: NewLogEntry) -> Change {
        self.log.push(entry);
        self
    }

    pub fn game(mut self, game: Box<dyn Game>) -> Change {
        self.game = Some(game);
        self
    }

    pub fn end(mut self, outcome: Outcome, abandoned: bool) -> Change {
        self.end = Some(End { outcome, abandoned });
        self
    }
}

impl Service {
    /// Writes `change` to the game `loaded` was read as, if nobody changed it since (else
    /// [`StoreError::Conflict`] and nothing is written), and returns the game as it is now.
    pub(crate) async fn write(
        &self,
        loaded: &Loaded,
        change: Change,
    ) -> Result<Loaded, StoreError> {
        let Change {
            mut row,
            game,
            log,
            join,
            leave,
            end,
            news,
        } = change;
        let moved = game.is_some();
        let game = game.unwrap_or_else(|| loaded.game.clone_game());
        row.position = game.position_text();
        let end = end.or_else(|| match game.status() {
            Status::Over(outcome) if moved => Some(End {
                outcome,
                abandoned: false,
            }),
            _ => None,
        });
        let mut after = Loaded {
            row,
            kind: loaded.kind,
            game,
            people: loaded.people.clone(),
            challenged_name: loaded.challenged_name.clone(),
            damaged: false,
        };
        let mut commit = Commit::new(after.row.clone(), loaded.row.version);
        commit.log = log;
        commit.join = join;
        commit.leave = leave;
        commit.posts = match &news {
            Some(news) => self.outbox_post(news, PostKind::Board).await?,
            None => None,
        }
        .into_iter()
        .collect();
        if let Some(End { outcome, abandoned }) = end {
            commit.game.state = GameState::Over;
            commit.game.outcome = Some(outcome.to_string());
            commit.game.pending = None;
            let (result, rerating) = finish(&after, &outcome, abandoned);
            commit.result = Some(result);
            commit.rerating = rerating;
            commit.posts.extend(self.replay_post(&after.row).await?);
        }
        let ended = commit.game.state != GameState::Active;
        commit.timers = self.timers_after(loaded, &after, moved, ended).await?;
        let version = self.store.commit(&commit).await?;
        if commit.timers.sets(TimerKind::BotMove) {
            self.timer_wake.notify_one();
        }
        // A post no command answers with (a bot's move, a timer's news) is delivered at once,
        // not when the timers that fired with it are all done or at the next poll.
        if commit.posts.iter().any(|post| post.held_for_ms == 0) {
            self.outbox_wake.notify_one();
        }
        if !commit.join.is_empty() || !commit.leave.is_empty() {
            after.people = self.store.participants(after.row.id).await?;
        }
        after.row = commit.game;
        after.row.version = version;
        after.row.revision += 1;
        // The last game of a tournament's round to end moves the tournament on.
        if after.row.state == GameState::Over {
            self.after_game_ended(after.row.id).await;
        }
        // Written by this process, so sound by construction.
        self.cache.put(
            after.row.id,
            Cached {
                version,
                revision: after.row.revision,
                game: after.game.clone_game(),
                people: after.people.clone(),
                damaged: false,
            },
        );
        Ok(after)
    }
}

/// A log line by `user` (for `side`, when they play one) that is not a move.
pub(crate) fn log_line(
    kind: LogKind,
    user: &User,
    side: Option<Color>,
    text: impl Into<String>,
) -> NewLogEntry {
    NewLogEntry {
        kind,
        user_id: user.id.clone(),
        side,
        notation: None,
        description: text.into(),
    }
}

/// A write that lost a race becomes a clear sentence; other errors are logged.
pub(crate) fn conflict(error: StoreError) -> ServiceError {
    match error {
        StoreError::Conflict => ServiceError::refused(
            "Someone else changed this game at the same moment; look at the board and try again.",
        ),
        other => other.into(),
    }
}

impl Service {
    /// The outbox post of a game's replay, written with the change that ends it: when the
    /// service delivers through an outbox and the game's server posts replays. Nobody answers
    /// a command with it, so the delivery loop takes it after the game's last board.
    async fn replay_post(&self, row: &GameRow) -> Result<Option<NewPost>, StoreError> {
        if self.outbox.is_none() || !self.store.place_settings(&row.server_id).await?.replays {
            return Ok(None);
        }
        let news = News::text(format!("Replay of game #{}", row.id)).unheld();
        self.outbox_post(&news, PostKind::Replay).await
    }
}
