//! Shared machinery of the commands: finding the game a command is about, rebuilding it from
//! its record, knowing who plays which side, drawing the board off the async runtime, and the
//! bookkeeping when a game ends.

use skillratings::glicko2::Glicko2Rating;

use super::{
    Choice, ChoiceAction, GameRef, Image, Place, Reply, Service, ServiceError, ServiceResult, User,
    rating,
};
use crate::{
    rules::{Actor, BoardView, Chance, Color, Game, GameId, Outcome, Rolls, Status, registry},
    store::{GameRow, GameState, LogEntry, Participant, RatingRow, ResultRow, StoreError},
};

/// What every action on a game with a damaged record is told.
pub(crate) const DAMAGED: &str = "This game's record is damaged; a server admin can /abort it.";

/// A game with everything a command needs to judge a request.
pub(crate) struct Loaded {
    pub row: GameRow,
    pub kind: GameId,
    /// The game as the record has it; for a damaged record, the best picture of it there is
    /// (the snapshot, else the replay), for looking only.
    pub game: Box<dyn Game>,
    pub people: Vec<Participant>,
    /// The name of the user a challenge is addressed to.
    pub challenged_name: Option<String>,
    /// The record disagrees with itself (its replay fails, or ends elsewhere than the
    /// snapshot). Nothing may change such a game but an admin's `/abort`: playing on would
    /// build on a position nobody can vouch for.
    pub damaged: bool,
}

impl Loaded {
    /// The side a user plays, if they are in the game.
    pub fn side_of(&self, user_id: &str) -> Option<Color> {
        self.people
            .iter()
            .find(|p| p.user_id == user_id)
            .map(|p| p.side)
    }

    pub fn members(&self, side: Color) -> Vec<&Participant> {
        self.people.iter().filter(|p| p.side == side).collect()
    }

    /// "alice" or "alice, bob and carol", or "nobody yet".
    pub fn names(&self, side: Color) -> String {
        let names: Vec<&str> = self.members(side).iter().map(|p| p.name.as_str()).collect();
        join_names(&names)
    }

    /// The game's number and name: "#12 (its name)".
    pub fn label(&self) -> String {
        format!("#{} ({})", self.row.id, self.kind.display_name())
    }

    /// The user ids who must act now, by the rules' status (which the game keeps, so asking
    /// costs nothing).
    pub fn to_act(&self) -> Vec<String> {
        if self.row.state != GameState::Active || self.damaged {
            return Vec::new();
        }
        match self.game.status() {
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => self
                .members(side)
                .iter()
                .map(|p| p.user_id.clone())
                .collect(),
            Status::Ongoing {
                actor: Actor::Anyone,
                ..
            } => self.people.iter().map(|p| p.user_id.clone()).collect(),
            Status::Over(_) => Vec::new(),
        }
    }

    pub fn user_ids(&self, side: Color) -> Vec<String> {
        self.members(side)
            .iter()
            .map(|p| p.user_id.clone())
            .collect()
    }

    /// A line saying whose turn it is or how the game ended.
    pub fn status_line(&self) -> String {
        if self.damaged && self.row.state.is_open() {
            return DAMAGED.to_string();
        }
        match self.row.state {
            GameState::Challenge => match &self.row.challenged {
                Some(_) => format!(
                    "Waiting for {} to accept.",
                    self.challenged_name()
                        .unwrap_or_else(|| "the opponent".into())
                ),
                None => "Open challenge: anyone may /accept it.".to_string(),
            },
            GameState::Gathering => format!(
                "Gathering players. White: {}. Black: {}. Join with /join white or /join black.",
                self.names(Color::White),
                self.names(Color::Black)
            ),
            GameState::Cancelled => "This game was cancelled.".to_string(),
            GameState::Over => format!(
                "Game over: {}.",
                self.row.outcome.as_deref().unwrap_or("finished")
            ),
            GameState::Active => match self.game.status() {
                Status::Ongoing { actor, prompt } => {
                    let who = match actor {
                        Actor::Side(side) => self.names(side),
                        Actor::Anyone => "anyone in the game".to_string(),
                    };
                    format!("{prompt} ({who}).")
                }
                Status::Over(outcome) => format!("Game over: {outcome}."),
            },
        }
    }

    fn challenged_name(&self) -> Option<String> {
        self.challenged_name
            .clone()
            .or_else(|| self.row.challenged.clone())
    }

    /// The side a picture should be drawn from: the side that acts, else White.
    pub fn orientation(&self, view: &BoardView, status: &Status) -> Color {
        match status {
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => *side,
            _ => view.perspective.unwrap_or(Color::White),
        }
    }
}

/// "a", "a and b", "a, b and c"; "nobody yet" for none.
pub(crate) fn join_names(names: &[&str]) -> String {
    match names {
        [] => "nobody yet".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A move in effect, with the rolls of the dice logged with it.
pub(crate) struct MoveInEffect<'a> {
    pub entry: &'a LogEntry,
    pub rolls: Rolls,
}

/// The moves in effect: every `move` of the log, minus those taken back by an `undo`, each
/// with the rolls of its `roll` line. A move that rolled dice is followed at once by a `roll`
/// line (they are written together); a `roll` line anywhere else means a damaged log.
pub(crate) fn effective_moves(log: &[LogEntry]) -> Result<Vec<MoveInEffect<'_>>, String> {
    let mut moves: Vec<MoveInEffect<'_>> = Vec::new();
    let mut previous: Option<&str> = None;
    for entry in log {
        match entry.kind.as_str() {
            "move" => moves.push(MoveInEffect {
                entry,
                rolls: Rolls::default(),
            }),
            "roll" => {
                let rolls = Rolls::parse(entry.notation.as_deref().unwrap_or(""))
                    .map_err(|e| format!("log line {}: {e}", entry.seq))?;
                match moves.last_mut() {
                    Some(last) if previous == Some("move") => last.rolls = rolls,
                    _ => {
                        return Err(format!(
                            "log line {}: dice rolls without the move they belong to",
                            entry.seq
                        ));
                    }
                }
            }
            "undo" => {
                moves.pop();
            }
            _ => {}
        }
        previous = Some(entry.kind.as_str());
    }
    Ok(moves)
}

/// Rebuilds a game from its record: the setup stored when it started, then every move in
/// effect with the dice it rolled as the log has them. Never from the options and seed: what
/// they produce (built-in armies, the random board, the dice) may change between releases,
/// while the stored setup and the logged rolls do not. A log from before rolls were logged
/// has none; the game's old generator then rolls them again (see `rules::catalonia::dice`).
pub fn replay(row: &GameRow, log: &[LogEntry]) -> Result<Box<dyn Game>, String> {
    let kind = GameId::parse(&row.variant).map_err(|e| e.to_string())?;
    let mut game = registry::load(kind, &row.initial_position)
        .map_err(|e| format!("the stored setup does not load: {e}"))?;
    for played in effective_moves(log)? {
        let notation = played.entry.notation.as_deref().unwrap_or("");
        game.play_with(notation, Chance::Recorded(&played.rolls.0))
            .map_err(|e| format!("move {} ({notation}): {e}", played.entry.seq))?;
    }
    Ok(game)
}

/// The game of a record, checked: replaying the log from the stored setup must end on the
/// snapshot. A record that does not is damaged: that is logged as an error and the game comes
/// back marked so, showing the snapshot (else the replay) for people to look at; nothing is
/// written. Refused only when there is nothing at all to show.
fn restore(kind: GameId, row: &GameRow, log: &[LogEntry]) -> ServiceResult<(Box<dyn Game>, bool)> {
    let (replayed, why) = match replay(row, log) {
        Ok(game) if game.position_text() == row.position => return Ok((game, false)),
        Ok(game) => (
            Some(game),
            "replaying the log from the stored setup ends on another position than the snapshot"
                .to_string(),
        ),
        Err(error) => (
            None,
            format!("the log does not replay from the stored setup: {error}"),
        ),
    };
    tracing::error!(
        game = row.id,
        why = %why,
        "the game's record is damaged; every action on it is refused until an admin aborts it"
    );
    match registry::load(kind, &row.position).ok().or(replayed) {
        Some(game) => Ok((game, true)),
        None => Err(ServiceError::refused(format!(
            "Game #{} cannot be shown. {DAMAGED}",
            row.id
        ))),
    }
}

/// The refusal of every action on a damaged game.
pub(crate) fn refused_damaged(loaded: &Loaded) -> ServiceError {
    ServiceError::refused(format!("Game {} is stopped. {DAMAGED}", loaded.label()))
}

/// Upper-cases the first letter and ends with a full stop: rules errors become sentences.
pub(crate) fn sentence(text: &str) -> String {
    let text = text.trim();
    // Capitalise a word, never a move or a square ("e2e4 is not legal" stays as it is).
    let first_word = text.split_whitespace().next().unwrap_or("");
    let mut out = if first_word.chars().all(char::is_alphabetic) {
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => return String::new(),
        }
    } else {
        text.to_string()
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

impl Service {
    /// Remembers a user's display name (written only when new or changed).
    pub(crate) async fn remember(&self, user: &User) -> ServiceResult<()> {
        let known = self
            .names
            .lock()
            .map(|names| names.get(&user.id) == Some(&user.name))
            .unwrap_or(false);
        if !known {
            self.store.upsert_player(&user.id, &user.name).await?;
            if let Ok(mut names) = self.names.lock() {
                names.insert(user.id.clone(), user.name.clone());
            }
        }
        Ok(())
    }

    /// Finds the game a command is about: the one named, else the one open in this place
    /// (the user's own when there are several); with `finished_ok`, the last game here.
    pub(crate) async fn resolve(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
        finished_ok: bool,
    ) -> ServiceResult<GameRow> {
        if let Some(id) = game {
            return self
                .store
                .game(id)
                .await?
                .ok_or_else(|| ServiceError::refused(format!("There is no game #{id}.")));
        }
        let open = self.store.open_games_in_place(&place.channel).await?;
        if open.is_empty() {
            if finished_ok && let Some(last) = self.store.last_game_in_place(&place.channel).await?
            {
                return Ok(last);
            }
            return Err(ServiceError::refused(
                "There is no game in progress here. Start one with /new, or name a game by its \
                 number (/games lists yours).",
            ));
        }
        if open.len() == 1 {
            return Ok(open.into_iter().next().expect("one game"));
        }
        let mut mine = Vec::new();
        for row in &open {
            let in_game = row.challenged.as_deref() == Some(user.id.as_str())
                || self
                    .store
                    .participants(row.id)
                    .await?
                    .iter()
                    .any(|p| p.user_id == user.id);
            if in_game {
                mine.push(row.clone());
            }
        }
        if mine.len() == 1 {
            return Ok(mine.remove(0));
        }
        let list: Vec<String> = open
            .iter()
            .map(|r| {
                let name = GameId::parse(&r.variant)
                    .map_or(r.variant.clone(), |g| g.display_name().to_string());
                format!("#{} {name}", r.id)
            })
            .collect();
        Err(ServiceError::refused(format!(
            "Several games are open here ({}); say which one with its number.",
            list.join(", ")
        )))
    }

    /// Resolves and loads a game for an action: a game whose record is damaged is refused.
    pub(crate) async fn load(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
        finished_ok: bool,
    ) -> ServiceResult<Loaded> {
        let loaded = self.look(place, user, game, finished_ok).await?;
        if loaded.damaged {
            return Err(refused_damaged(&loaded));
        }
        Ok(loaded)
    }

    /// Resolves and loads a game to look at it: a damaged record shows what it can.
    pub(crate) async fn look(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
        finished_ok: bool,
    ) -> ServiceResult<Loaded> {
        let row = self.resolve(place, user, game, finished_ok).await?;
        self.load_row(row).await
    }

    /// Rebuilds the game of a row (from the cache when it is at this version) and its people.
    /// A damaged record comes back with [`Loaded::damaged`] set; callers that act refuse it.
    pub(crate) async fn load_row(&self, row: GameRow) -> ServiceResult<Loaded> {
        let kind = GameId::parse(&row.variant).map_err(|_| {
            ServiceError::refused(format!(
                "Game #{} is a game this bot no longer knows ({}).",
                row.id, row.variant
            ))
        })?;
        // Every change of the game or of its people appends to the log and so bumps the
        // version: a cached entry at the row's version is exactly what the database holds.
        let cached = self.cache.lock().ok().and_then(|cache| {
            cache
                .get(&row.id)
                .filter(|entry| entry.version == row.version)
                .map(|entry| (entry.game.clone_game(), entry.people.clone(), entry.damaged))
        });
        let (game, people, damaged) = match cached {
            Some(hit) => hit,
            None => {
                let log = self.store.log(row.id).await?;
                let (game, damaged) = restore(kind, &row, &log)?;
                let people = self.store.participants(row.id).await?;
                // A damaged record is cached too, so that it is reported once, not at every
                // look; any write bumps the version and so checks it again.
                self.cache_insert(
                    row.id,
                    super::Cached {
                        version: row.version,
                        game: game.clone_game(),
                        people: people.clone(),
                        damaged,
                    },
                );
                (game, people, damaged)
            }
        };
        let challenged_name = match &row.challenged {
            Some(id) if row.state == GameState::Challenge => self.store.player_name(id).await?,
            _ => None,
        };
        Ok(Loaded {
            row,
            kind,
            game,
            people,
            challenged_name,
            damaged,
        })
    }

    /// Remembers a game just written (so sound by construction) at its new version.
    pub(crate) fn cache_put(
        &self,
        id: i64,
        version: i64,
        game: Box<dyn Game>,
        people: Vec<Participant>,
    ) {
        self.cache_insert(
            id,
            super::Cached {
                version,
                game,
                people,
                damaged: false,
            },
        );
    }

    /// How many times the kept copy of a game has generated its legal moves (see
    /// [`Game::legal_sets_computed`]); `None` when the game is not in memory. The counting
    /// test holds one move through the service to at most two generations with it.
    pub fn legal_sets_computed(&self, game: i64) -> Option<u64> {
        let cache = self.cache.lock().ok()?;
        cache
            .get(&game)
            .map(|entry| entry.game.legal_sets_computed())
    }

    fn cache_insert(&self, id: i64, entry: super::Cached) {
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= super::CACHE_LIMIT && !cache.contains_key(&id) {
                cache.clear();
            }
            cache.insert(id, entry);
        }
    }

    /// Draws a board on the blocking pool: the text, and the PNG when the painter has one.
    pub(crate) async fn paint(
        &self,
        view: BoardView,
        orientation: Color,
        filename: String,
    ) -> (String, Option<Image>) {
        let painter = self.painter.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let text = painter.text(&view, orientation);
            let png = painter.png(&view, orientation);
            (text, png)
        })
        .await;
        match drawn {
            Ok((text, Ok(png))) => (text, Some(Image { png, filename })),
            Ok((text, Err(why))) => {
                tracing::debug!(%why, "no board picture");
                (text, None)
            }
            Err(error) => {
                tracing::error!(%error, "the painter failed");
                (String::new(), None)
            }
        }
    }

    /// The usual reply about a game: `text`, the board, whose turn it is (mentioned), and
    /// the choices open now.
    pub(crate) async fn game_reply(&self, loaded: &Loaded, text: String) -> Reply {
        let view = loaded.game.view();
        let orientation = loaded.orientation(&view, &loaded.game.status());
        let filename = format!("game-{}-{}.png", loaded.row.id, loaded.row.version);
        let (board_text, image) = self.paint(view, orientation, filename).await;
        let status = loaded.status_line();
        Reply {
            text: if text.is_empty() {
                status
            } else {
                format!("{text}\n{status}")
            },
            board_text: Some(board_text),
            image,
            notify: loaded.to_act(),
            choices: choices_for(loaded),
            game: Some(GameRef {
                id: loaded.row.id,
                version: loaded.row.version,
            }),
            public: true,
            ..Reply::default()
        }
    }

    /// The result row and the new ratings when a game ends with `outcome`.
    pub(crate) async fn finish(
        &self,
        loaded: &Loaded,
        outcome: &Outcome,
        abandoned: bool,
    ) -> Result<(ResultRow, Vec<RatingRow>), StoreError> {
        let row = &loaded.row;
        let (kind, winner, points) = match outcome {
            _ if abandoned => ("abandoned", None, None),
            Outcome::Win { winner, .. } => ("win", Some(*winner), None),
            Outcome::Draw { .. } => ("draw", None, None),
            Outcome::Score { points, .. } => ("score", None, Some(i64::from(*points))),
        };
        let reason = match outcome {
            Outcome::Win { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::Score { reason, .. } => reason.clone(),
        };
        let result = ResultRow {
            game_id: row.id,
            server_id: row.server_id.clone(),
            variant: row.variant.clone(),
            kind: kind.to_string(),
            winner,
            points,
            reason,
        };
        let mut ratings = Vec::new();
        let team_outcome = match outcome {
            _ if abandoned || loaded.kind.is_cooperative() => None,
            Outcome::Win { winner, .. } => Some(if *winner == Color::White {
                rating::TeamOutcome::WhiteWins
            } else {
                rating::TeamOutcome::BlackWins
            }),
            Outcome::Draw { .. } => Some(rating::TeamOutcome::Draw),
            Outcome::Score { .. } => None,
        };
        let white = loaded.members(Color::White);
        let black = loaded.members(Color::Black);
        if let Some(team_outcome) = team_outcome
            && !white.is_empty()
            && !black.is_empty()
        {
            let mut current = Vec::new();
            for p in white.iter().chain(black.iter()) {
                let stored = self
                    .store
                    .rating(&row.server_id, &row.variant, &p.user_id)
                    .await?;
                current.push(stored.unwrap_or_else(|| RatingRow {
                    server_id: row.server_id.clone(),
                    variant: row.variant.clone(),
                    user_id: p.user_id.clone(),
                    name: p.name.clone(),
                    rating: Glicko2Rating::new().rating,
                    deviation: Glicko2Rating::new().deviation,
                    volatility: Glicko2Rating::new().volatility,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                }));
            }
            let as_glicko = |r: &RatingRow| Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            };
            let (w, b) = current.split_at(white.len());
            let (new_w, new_b) = rating::rate_teams(
                &w.iter().map(as_glicko).collect::<Vec<_>>(),
                &b.iter().map(as_glicko).collect::<Vec<_>>(),
                team_outcome,
            );
            for (i, r) in current.iter().enumerate() {
                let (side, new) = if i < w.len() {
                    (Color::White, new_w[i])
                } else {
                    (Color::Black, new_b[i - w.len()])
                };
                let mut r = r.clone();
                r.rating = new.rating;
                r.deviation = new.deviation;
                r.volatility = new.volatility;
                r.games += 1;
                match team_outcome {
                    rating::TeamOutcome::Draw => r.draws += 1,
                    _ if winner == Some(side) => r.wins += 1,
                    _ => r.losses += 1,
                }
                ratings.push(r);
            }
        }
        Ok((result, ratings))
    }
}

/// The buttons that make sense for a game now.
pub(crate) fn choices_for(loaded: &Loaded) -> Vec<Choice> {
    if loaded.damaged {
        return Vec::new();
    }
    let choice = |label: &str, action| Choice {
        label: label.to_string(),
        game: loaded.row.id,
        version: loaded.row.version,
        action,
    };
    match loaded.row.state {
        GameState::Challenge if loaded.row.challenged.is_none() => {
            vec![choice("Accept", ChoiceAction::AcceptChallenge)]
        }
        GameState::Challenge => vec![
            choice("Accept", ChoiceAction::AcceptChallenge),
            choice("Decline", ChoiceAction::DeclineChallenge),
        ],
        GameState::Gathering => vec![
            choice("Join White", ChoiceAction::Join(Color::White)),
            choice("Join Black", ChoiceAction::Join(Color::Black)),
        ],
        GameState::Over => vec![choice("Rematch", ChoiceAction::Rematch)],
        GameState::Cancelled => Vec::new(),
        GameState::Active => {
            let pending = loaded.row.pending.as_deref().unwrap_or("");
            if pending.starts_with("draw:") {
                return vec![
                    choice("Accept draw", ChoiceAction::AcceptDraw),
                    choice("Decline draw", ChoiceAction::DeclineDraw),
                ];
            }
            if pending.starts_with("undo:") {
                return vec![
                    choice("Allow undo", ChoiceAction::AcceptUndo),
                    choice("Refuse undo", ChoiceAction::DeclineUndo),
                ];
            }
            decision_choices(loaded)
        }
    }
}

/// A pending decision (an action that is not a move from one square to another, such as a
/// draft pick, a baseline or a bomb target) gets one button per answer, when there are few.
fn decision_choices(loaded: &Loaded) -> Vec<Choice> {
    let actions = loaded.game.legal_actions();
    let is_decision = !actions.is_empty()
        && actions.len() <= 25
        && actions.iter().all(|a| a.from.is_none() || a.to.is_none());
    if !is_decision {
        return Vec::new();
    }
    actions
        .into_iter()
        .map(|a| Choice {
            label: a.notation.clone(),
            game: loaded.row.id,
            version: loaded.row.version,
            action: ChoiceAction::Play(a.notation),
        })
        .collect()
}
