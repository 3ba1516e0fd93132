//! A tournament's rounds: pairing the next one (Berger tables for a round robin, the Dutch
//! system for a Swiss, on the blocking pool), starting all its games at once, and moving on
//! when the last game of a round ends: the next round is paired, or after the last one the
//! tournament ends with its final standings.
//!
//! Exactly once: a round is written in one transaction keyed by (tournament, round), and the
//! end by a guarded update, so two processes that both see a round finished pair it once (the
//! other's write collides and changes nothing). Nothing is kept in memory: whoever looks
//! next (the command that ended the last game, or any process's background loop after a
//! restart) finds the round finished and moves on.

use std::collections::{BTreeMap, HashMap};

use chatrang_tournament::{
    Absence, Colour, Pairings, PlayerNumber, Unpaired, pair_dutch, round_robin,
};

use super::{
    base::Service,
    outbox::News,
    rated::keep_rated,
    reply::{ServiceError, ServiceResult},
    request::{Place, Request, User},
    start::{fresh_row, random_seed},
    timing::turn_timers,
    tournament_history::{absence, history, numbered, starting_numbers},
    tournament_table::{pairings_lines, standings_text},
    tournament_words::Format,
    write::log_line,
};
use crate::{
    rules::{Color, GameId, Options},
    store::{
        BoardEnd, Entrant, GameKind, GameState, LogKind, NewBoard, NewRound, PostKind, StoreError,
        Timing, TournamentRow, TournamentState,
    },
};

/// How many times a round is paired again after its write collided with an entry.
const PAIRING_TRIES: usize = 3;

/// The fewest players a tournament starts with.
pub(crate) const FEWEST_PLAYERS: usize = 2;

/// A tournament's format as stored.
pub(crate) fn format_of(t: &TournamentRow) -> Format {
    Format::parse(&t.tournament.format).unwrap_or(Format::Swiss)
}

/// The game a tournament plays.
pub(crate) fn game_of(t: &TournamentRow) -> Option<GameId> {
    GameKind::decode(&t.tournament.variant).known()
}

/// Who plays in `round`: numbered, joined by then, not gone before it.
fn in_round(entrant: &Entrant, round: i64) -> bool {
    entrant.number.is_some()
        && entrant.joined_round <= round
        && entrant.left_round.is_none_or(|left| left > round)
}

/// One game of a round, before it is written.
pub(crate) struct BoardGame {
    pub board: i64,
    /// What the board's row names: (white, black) players, or a duplicate's group and "".
    pub labels: (String, String),
    /// Who plays which side (a group's people, perhaps with the bot as a partner).
    pub members: Vec<(String, Color)>,
    pub seed: u64,
    /// The game's announcement.
    pub text: String,
}

/// What a round needs written besides its boards: who is away and why.
struct RoundPlan {
    /// (white, black) user ids, first board first.
    boards: Vec<(String, String)>,
    byes: Vec<(String, String)>,
    /// The tournament's rounds, fixed by the first round of a round robin.
    rounds: i64,
}

impl Service {
    /// Looks after every tournament that may need it: starts those due to start, and moves
    /// on those whose round is over. The background loop runs it (after a restart, a game
    /// ended by a process that stopped before moving on is found here).
    pub async fn advance_tournaments(&self) -> ServiceResult<()> {
        let now = self.now_ms();
        for t in self
            .store
            .tournaments_in_state(TournamentState::Open)
            .await?
        {
            if t.tournament.start_at.is_some_and(|at| at <= now) {
                self.start_tournament(&t).await?;
            }
        }
        for t in self
            .store
            .tournaments_in_state(TournamentState::Running)
            .await?
        {
            self.advance_tournament(t.id, None).await?;
        }
        Ok(())
    }

    /// After game `game` ended: when it was a tournament's, that tournament may move on. A
    /// failure is logged, never the move's: the background loop tries again.
    pub(crate) async fn after_game_ended(&self, game: i64) {
        let tournament = match self.store.tournament_of_game(game).await {
            Ok(Some(id)) => id,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!(game, %error, "cannot look up the game's tournament");
                return;
            }
        };
        if let Err(error) = self.advance_tournament(tournament, Some(game)).await {
            tracing::warn!(tournament, %error, "cannot move the tournament on; the loop will");
        }
    }

    /// Moves tournament `id` on if its round is over: the next round, or the end. `ended`:
    /// the game whose end finished the round, which carries the news (else the round's last
    /// board).
    pub(crate) async fn advance_tournament(
        &self,
        id: i64,
        ended: Option<i64>,
    ) -> ServiceResult<()> {
        let Some(t) = self.store.tournament(id).await? else {
            return Ok(());
        };
        if t.state != TournamentState::Running {
            return Ok(());
        }
        let boards = self.store.tournament_boards(id).await?;
        let this_round: Vec<_> = boards.iter().filter(|b| b.round == t.round).collect();
        if this_round.iter().any(|b| b.end == BoardEnd::Playing) {
            return Ok(());
        }
        if t.round < t.tournament.rounds {
            return self.pair_round(&t).await.map(|_| ());
        }
        let carrier = ended
            .filter(|game| this_round.iter().any(|b| b.game_id == *game))
            .or_else(|| this_round.last().map(|b| b.game_id))
            .or_else(|| boards.last().map(|b| b.game_id));
        self.end_tournament(&t, carrier).await
    }

    /// Starts tournament `t` (open): pairs round 1, or calls it off with fewer than two
    /// players. The answer says what happened, for the one who started it.
    pub(crate) async fn start_tournament(&self, t: &TournamentRow) -> ServiceResult<String> {
        let entrants = self.store.entrants(t.id).await?;
        if entrants.len() < FEWEST_PLAYERS {
            self.store.cancel_tournament(t.id, self.now_ms()).await?;
            return Ok(format!(
                "Tournament #{} is called off: it needs at least {FEWEST_PLAYERS} players.",
                t.id
            ));
        }
        self.pair_round(t).await
    }

    /// Pairs and starts the round after `t.round`, all its games at once. Another process
    /// that paired it first wins quietly.
    async fn pair_round(&self, t: &TournamentRow) -> ServiceResult<String> {
        let mut t = t.clone();
        for _ in 0..PAIRING_TRIES {
            if let Some(said) = self.try_pair_round(&t).await? {
                return Ok(said);
            }
            // The write collided: another process paired the round (then it is done), or
            // someone entered while it was paired (then pair it again with them).
            match self.store.tournament(t.id).await? {
                Some(now) if now.round == t.round && now.state == t.state => t = now,
                _ => break,
            }
        }
        Ok(format!("Tournament #{} is under way.", t.id))
    }

    /// One try at [`Service::pair_round`]: `None` when its write collided.
    async fn try_pair_round(&self, t: &TournamentRow) -> ServiceResult<Option<String>> {
        if format_of(t) == Format::Duplicate {
            return self.try_start_duplicate(t).await;
        }
        let round = t.round + 1;
        let mut entrants = self.store.entrants(t.id).await?;
        let numbers = if round == 1 {
            starting_numbers(&entrants)
        } else {
            Vec::new()
        };
        for (user, number) in &numbers {
            if let Some(e) = entrants.iter_mut().find(|e| &e.user_id == user) {
                e.number = Some(*number);
            }
        }
        let boards = self.store.tournament_boards(t.id).await?;
        let byes = self.store.tournament_byes(t.id).await?;
        let plan = match self.plan_round(t, round, &entrants, &boards, &byes).await {
            Ok(plan) => plan,
            Err(why) => {
                tracing::warn!(tournament = t.id, %why, "no further round can be paired");
                let carrier = boards.last().map(|b| b.game_id);
                self.end_tournament(t, carrier).await?;
                return Ok(Some(format!("Tournament #{} ends: {why}", t.id)));
            }
        };
        let kind = game_of(t).ok_or_else(|| {
            ServiceError::refused("This tournament's game is not one this bot plays any more.")
        })?;
        let name_of = |id: &str| {
            entrants
                .iter()
                .find(|e| e.user_id == id)
                .map_or_else(|| id.to_string(), |e| e.name.clone())
        };
        let mut summary = format!(
            "Tournament #{} ({kind}, {}): round {round} of {}.",
            t.id,
            format_of(t).name(),
            plan.rounds
        );
        if round > 1 {
            let (past, numbers) = history(&entrants, &boards, &byes, t.round);
            let names = numbers.iter().map(|(u, n)| (*n, name_of(u))).collect();
            summary.push_str(&format!(
                "\nStandings after round {}:\n{}",
                t.round,
                standings_text(&past, format_of(t), &names)
            ));
        }
        let now = self.now_ms();
        let mut new_boards = Vec::new();
        for (i, (white, black)) in plan.boards.iter().enumerate() {
            let board = i as i64 + 1;
            let text = format!(
                "Tournament #{}, round {round}, board {board}: {} (White) – {} (Black).",
                t.id,
                name_of(white),
                name_of(black)
            );
            let game = BoardGame {
                board,
                labels: (white.clone(), black.clone()),
                members: vec![(white.clone(), Color::White), (black.clone(), Color::Black)],
                seed: random_seed(),
                text,
            };
            let summary = (board == 1).then_some(summary.as_str());
            new_boards.push(self.board_of(t, kind, game, summary, now).await?);
        }
        let new_round = NewRound {
            tournament_id: t.id,
            round,
            rounds: plan.rounds,
            numbers,
            teams: Vec::new(),
            boards: new_boards,
            byes: plan.byes,
        };
        Ok(self.write_round(&new_round, now).await?.then_some(summary))
    }

    /// Writes a paired round and wakes the delivery and timer loops for its games; false when
    /// another process paired it (or the tournament moved on) first, and nothing was written.
    pub(crate) async fn write_round(&self, round: &NewRound, now: i64) -> ServiceResult<bool> {
        match self.store.write_round(round, now).await {
            Ok(_) => {}
            Err(StoreError::Conflict) => return Ok(false),
            Err(other) => return Err(other.into()),
        }
        self.outbox_wake.notify_one();
        self.timer_wake.notify_one();
        Ok(true)
    }

    /// The board `game` of tournament `t` as written: an ordinary game of `kind` in the
    /// tournament's place, with the tournament's time per move, announced with its members
    /// mentioned; `summary` (the round's news) goes with it.
    pub(crate) async fn board_of(
        &self,
        t: &TournamentRow,
        kind: GameId,
        game: BoardGame,
        summary: Option<&str>,
        now: i64,
    ) -> ServiceResult<NewBoard> {
        let creator = User::new(t.tournament.creator.clone(), String::new());
        let place = Request::new(
            creator,
            Place::new(
                t.tournament.server_id.clone(),
                t.tournament.place_id.clone(),
            ),
        );
        let mut options = BTreeMap::new();
        keep_rated(&mut options, t.tournament.rated);
        let rules = (kind.spec().new)(&Options(BTreeMap::new()), game.seed)
            .map_err(|e| ServiceError::refused(format!("Cannot start {kind}: {}", e.0)))?;
        let timing = Timing {
            per_turn_ms: t.tournament.per_turn_ms,
            remind: true,
            ..Timing::default()
        };
        let row = fresh_row(
            kind,
            &place,
            (options, game.seed, timing.clone()),
            rules.as_ref(),
        );
        let row = crate::store::GameRow {
            state: GameState::Active,
            group_game: kind.is_cooperative(),
            ..row
        };
        let people: Vec<String> = game.members.iter().map(|(u, _)| u.clone()).collect();
        let news = News::board(game.text.clone()).notify(people).unheld();
        let mut posts: Vec<_> = self
            .outbox_post(&news, PostKind::Start)
            .await?
            .into_iter()
            .collect();
        if let Some(summary) = summary {
            posts.extend(
                self.outbox_post(&News::text(summary).unheld(), PostKind::Tournament)
                    .await?,
            );
        }
        Ok(NewBoard {
            board: game.board,
            white: game.labels.0,
            black: game.labels.1,
            game: row,
            members: game.members,
            log: vec![log_line(LogKind::Start, &place.user, None, &game.text)],
            posts,
            timers: turn_timers(&timing, now),
        })
    }

    /// Who meets whom in `round`, and who is away.
    async fn plan_round(
        &self,
        t: &TournamentRow,
        round: i64,
        entrants: &[Entrant],
        boards: &[crate::store::BoardRow],
        byes: &[crate::store::ByeRow],
    ) -> Result<RoundPlan, String> {
        let players = numbered(entrants);
        let user_of: HashMap<PlayerNumber, String> = players
            .iter()
            .map(|e| (e.number.unwrap_or(0) as PlayerNumber, e.user_id.clone()))
            .collect();
        let user = |n: PlayerNumber| user_of.get(&n).cloned().unwrap_or_default();
        let (past, _) = history(entrants, boards, byes, round - 1);
        let gone: Vec<&&Entrant> = players.iter().filter(|e| !in_round(e, round)).collect();
        let withdrawn_before = |e: &Entrant| {
            byes.iter()
                .any(|b| b.user_id == e.user_id && b.absence == absence::WITHDRAWN)
        };
        let mut plan = RoundPlan {
            boards: Vec::new(),
            byes: Vec::new(),
            rounds: t.tournament.rounds,
        };
        for e in &gone {
            let why = if withdrawn_before(e) {
                absence::ABSENT
            } else {
                absence::WITHDRAWN
            };
            plan.byes.push((e.user_id.clone(), why.to_string()));
        }
        match format_of(t) {
            Format::RoundRobin => {
                let table = round_robin(players.len() as u32, t.tournament.double)
                    .map_err(|e| e.to_string())?;
                plan.rounds = table.len() as i64;
                let pairings = table
                    .get(round as usize - 1)
                    .ok_or("the round robin has no more rounds")?;
                let out = |n: PlayerNumber| gone.iter().any(|e| e.number == Some(i64::from(n)));
                for board in &pairings.boards {
                    match (out(board.white), out(board.black)) {
                        (false, false) => plan.boards.push((user(board.white), user(board.black))),
                        (true, false) => plan
                            .byes
                            .push((user(board.black), absence::FORFEIT_WIN.to_string())),
                        (false, true) => plan
                            .byes
                            .push((user(board.white), absence::FORFEIT_WIN.to_string())),
                        (true, true) => {}
                    }
                }
                if let Some(rest) = pairings.bye.filter(|n| !out(*n)) {
                    plan.byes.push((user(rest), absence::REST.to_string()));
                }
            }
            Format::Duplicate => return Err("a duplicate event has one round".to_string()),
            Format::Swiss => {
                let unpaired: Vec<Unpaired> = gone
                    .iter()
                    .filter(|e| !withdrawn_before(e))
                    .map(|e| Unpaired {
                        player: e.number.unwrap_or(0) as PlayerNumber,
                        absence: Absence::Withdrawn,
                    })
                    .collect();
                let total = t.tournament.rounds as usize;
                let pairings: Pairings = tokio::task::spawn_blocking(move || {
                    pair_dutch(&past, total, Colour::White, &unpaired)
                })
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
                for board in &pairings.boards {
                    plan.boards.push((user(board.white), user(board.black)));
                }
                if let Some(bye) = pairings.bye {
                    plan.byes.push((user(bye), absence::BYE.to_string()));
                }
            }
        }
        if plan.boards.is_empty() {
            return Err("nobody is left to pair".to_string());
        }
        Ok(plan)
    }

    /// Ends tournament `t` after its last round, the final standings posted with game
    /// `carrier`'s news. Another process that ended it first wins quietly.
    async fn end_tournament(&self, t: &TournamentRow, carrier: Option<i64>) -> ServiceResult<()> {
        let text = if format_of(t) == Format::Duplicate {
            self.duplicate_final_words(t).await?
        } else {
            self.final_words(t).await?
        };
        let post = match carrier {
            Some(game) => match self.store.game(game).await? {
                Some(row) => self
                    .outbox_post(&News::text(text).unheld(), PostKind::Tournament)
                    .await?
                    .map(|post| (game, row.version, post)),
                None => None,
            },
            None => None,
        };
        let post = post.as_ref().map(|(g, v, p)| (*g, *v, p));
        if self.store.end_tournament(t.id, post, self.now_ms()).await? {
            self.outbox_wake.notify_one();
        }
        Ok(())
    }

    /// The final standings, with the winner named.
    async fn final_words(&self, t: &TournamentRow) -> ServiceResult<String> {
        let entrants = self.store.entrants(t.id).await?;
        let boards = self.store.tournament_boards(t.id).await?;
        let byes = self.store.tournament_byes(t.id).await?;
        let (past, numbers) = history(&entrants, &boards, &byes, t.round);
        let names: HashMap<u32, String> = numbers
            .iter()
            .map(|(u, n)| {
                let name = entrants
                    .iter()
                    .find(|e| &e.user_id == u)
                    .map_or_else(|| u.clone(), |e| e.name.clone());
                (*n, name)
            })
            .collect();
        let table = standings_text(&past, format_of(t), &names);
        let winner = table
            .lines()
            .next()
            .and_then(|line| line.split_once(". "))
            .map(|(_, rest)| rest.to_string())
            .unwrap_or_default();
        let last_round = pairings_lines(t.round, &boards, &byes, &entrants).join("\n");
        Ok(format!(
            "Tournament #{} is over. Winner: {winner}\nRound {}:\n{last_round}\nFinal standings:\n{table}",
            t.id, t.round
        ))
    }
}
