//! `/tournament`: slow tournaments among the people of a server. One is announced with its
//! game, format (round robin or Swiss), rounds and time per move; people join (a button, or
//! `/tournament join`), its creator or a moderator starts it (or it starts at `start=`), and
//! then every round's games start at once, as ordinary games in the tournament's place. The
//! rounds themselves are `tournament_round`; the tables, `tournament_table`.
//!
//! A tournament belongs to its server: a number from another server finds nothing, and the
//! refusal is the same as for a number that was never given.

use std::collections::HashMap;

use super::{
    base::Service,
    choice::Choice,
    command::Command,
    reply::{Image, Reply, ServiceError, ServiceResult},
    request::Request,
    subscribe::news_of,
    timing::span,
    tournament_duplicate::groups_of,
    tournament_history::history,
    tournament_round::{FEWEST_PLAYERS, format_of, game_of},
    tournament_table::{pairings_lines, standings_table, standings_text},
    tournament_words::{Format, TournamentCommand, read_command, read_join, read_new},
    words::shown,
};
use crate::store::{Entrant, NewTournament, TournamentRow, TournamentState};

/// Why tournaments are not run in a direct conversation.
const SERVER_TOURNAMENTS: &str = "Tournaments are run in a server channel, where the players \
     can see each other's games; start one there.";

/// The most tournaments `/tournament` lists.
const LISTED: i64 = 10;

/// Join and Leave buttons for tournament `id`: bound to no game, looked for in the server
/// where they are clicked.
fn entry_buttons(id: i64) -> Vec<Choice> {
    [("Join", "join"), ("Leave", "leave")]
        .into_iter()
        .map(|(label, word)| Choice {
            label: format!("{label} tournament #{id}"),
            game: 0,
            version: 0,
            command: Command::Tournament(format!("{word} {id}")),
        })
        .collect()
}

/// The states a subcommand looks for when no number is given.
fn wanted(command: &TournamentCommand) -> &'static [TournamentState] {
    match command {
        TournamentCommand::Join(_) | TournamentCommand::Start(_) | TournamentCommand::Cancel(_) => {
            &[TournamentState::Open, TournamentState::Running]
        }
        TournamentCommand::Leave(_) => &[TournamentState::Open, TournamentState::Running],
        _ => &[
            TournamentState::Running,
            TournamentState::Open,
            TournamentState::Over,
        ],
    }
}

impl Service {
    /// `/tournament …`.
    pub(crate) async fn tournament(&self, req: &Request, text: &str) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(SERVER_TOURNAMENTS));
        }
        let command = read_command(text);
        let states = wanted(&command);
        match command {
            TournamentCommand::List => self.list_tournaments(req).await,
            TournamentCommand::New(rest) => self.new_tournament(req, &rest).await,
            TournamentCommand::Join(rest) => {
                let (which, group) = read_join(rest.as_deref())?;
                let t = self.which_tournament(req, which.as_deref(), states).await?;
                self.join_tournament(req, &t, group).await
            }
            TournamentCommand::Leave(which) => {
                let t = self.which_tournament(req, which.as_deref(), states).await?;
                self.leave_tournament(req, &t).await
            }
            TournamentCommand::Start(which) => {
                let t = self.which_tournament(req, which.as_deref(), states).await?;
                self.start_by_hand(req, &t).await
            }
            TournamentCommand::Cancel(which) => {
                let t = self.which_tournament(req, which.as_deref(), states).await?;
                self.cancel_by_hand(req, &t).await
            }
            TournamentCommand::Standings(which) => {
                let t = self.which_tournament(req, which.as_deref(), states).await?;
                self.standings(&t).await
            }
            TournamentCommand::Pairings(which) => {
                let t = self.which_tournament(req, which.as_deref(), states).await?;
                self.pairings(&t).await
            }
            TournamentCommand::Unknown(word) => Err(ServiceError::refused(format!(
                "/tournament takes new, join, leave, start, cancel, standings or pairings; \
                 \"{}\" is not one of them.",
                shown(&word)
            ))),
        }
    }

    /// Records the thread an adapter opened from tournament `id`'s announcement (Discord's
    /// thread id, or a Matrix thread's place): its rounds and standings are posted there from
    /// now on, while its games keep starting in the channel, each in a thread of its own.
    pub async fn tournament_thread(&self, id: i64, thread: &str) -> ServiceResult<()> {
        self.store.set_tournament_news_place(id, thread).await?;
        Ok(())
    }

    /// The tournament a command is about: the number given (in this server only), else the
    /// only one of this server in `states`.
    async fn which_tournament(
        &self,
        req: &Request,
        which: Option<&str>,
        states: &[TournamentState],
    ) -> ServiceResult<TournamentRow> {
        if let Some(which) = which {
            let number = which.trim().trim_start_matches('#');
            let no_such = || {
                ServiceError::refused(format!(
                    "There is no tournament #{} here; /tournament lists them.",
                    shown(number)
                ))
            };
            let id: i64 = number.parse().map_err(|_| no_such())?;
            return match self.store.tournament(id).await? {
                Some(t) if t.tournament.server_id == req.place.server => Ok(t),
                _ => Err(no_such()),
            };
        }
        let here = self.store.tournaments_of(&req.place.server, 50).await?;
        let mut fitting: Vec<TournamentRow> = Vec::new();
        for state in states {
            fitting = here.iter().filter(|t| t.state == *state).cloned().collect();
            if !fitting.is_empty() {
                break;
            }
        }
        match fitting.len() {
            0 => Err(ServiceError::refused(
                "There is no tournament here now; announce one with /tournament new chess \
                 format=swiss rounds=5.",
            )),
            1 => Ok(fitting.remove(0)),
            _ => {
                let numbers: Vec<String> = fitting.iter().map(|t| format!("#{}", t.id)).collect();
                Err(ServiceError::refused(format!(
                    "Several tournaments are open here ({}); say which, such as /tournament \
                     join {}.",
                    numbers.join(", "),
                    fitting[0].id
                )))
            }
        }
    }

    async fn list_tournaments(&self, req: &Request) -> ServiceResult {
        let here = self.store.tournaments_of(&req.place.server, LISTED).await?;
        if here.is_empty() {
            return Ok(Reply::text(
                "No tournament here yet. Announce one: /tournament new chess format=swiss \
                 rounds=5 (or format=round-robin; deadline=2d, rated=no, start=1d are optional).",
            ));
        }
        let mut text = "Tournaments here:".to_string();
        for t in &here {
            let players = self.store.entrants(t.id).await?.len();
            text.push_str(&format!("\n• {}, {}", headline(t), counted(players)));
        }
        Ok(Reply::text(text))
    }

    async fn new_tournament(&self, req: &Request, rest: &str) -> ServiceResult {
        let ask = read_new(rest)?;
        self.remember(&req.user).await?;
        let now = self.now_ms();
        let new = NewTournament {
            server_id: req.place.server.clone(),
            place_id: req.place.channel.clone(),
            creator: req.user.id.clone(),
            variant: ask.game.slug().to_string(),
            format: ask.format.as_str().to_string(),
            rounds: ask.rounds.unwrap_or(0),
            double: ask.double,
            rated: ask.rated,
            per_turn_ms: ask.per_turn_ms,
            start_at: ask.start_in_ms.map(|ms| now + ms),
            created_at: now,
        };
        let id = self.store.create_tournament(&new).await?;
        let rounds = match ask.rounds {
            _ if ask.format == Format::Duplicate => {
                "a game for each group, all with the same dice".to_string()
            }
            Some(n) => format!("{n} rounds"),
            None if ask.double => "everyone meets everyone twice".to_string(),
            None => "everyone meets everyone".to_string(),
        };
        let pace = ask
            .per_turn_ms
            .map_or("untimed".to_string(), |ms| format!("{} a move", span(ms)));
        let start = match ask.start_in_ms {
            Some(ms) => format!("It starts in {}", span(ms)),
            None => format!("{} starts it", req.user.name),
        };
        let (terms, how) = if ask.format == Format::Duplicate {
            (
                format!("({rounds}; {pace})"),
                format!(
                    "join with Join below to play alone with the bot, or with /tournament join \
                     {id} group=NAME to play with everyone who names that group"
                ),
            )
        } else {
            let rated = if ask.rated { "rated" } else { "casual" };
            let how = format!("join with Join below or /tournament join {id}");
            (format!("({rounds}; {pace}; {rated})"), how)
        };
        let text = format!(
            "{} announces tournament #{id}: {} {} {terms}. {start}; {how}.",
            req.user.name,
            ask.game,
            ask.format.name(),
        );
        let news = news_of(self, &req.place.server, &[ask.game], &req.user.id).await?;
        Ok(Reply {
            text,
            choices: entry_buttons(id),
            opens_tournament: Some((id, format!("Tournament #{id} · {}", ask.game))),
            notify: news.people,
            mention_role: news.role,
            public: true,
            ..Reply::default()
        })
    }

    async fn join_tournament(
        &self,
        req: &Request,
        t: &TournamentRow,
        group: Option<String>,
    ) -> ServiceResult {
        let format = format_of(t);
        if group.is_some() && format != Format::Duplicate {
            return Err(ServiceError::refused(format!(
                "Groups are for a duplicate event (Catalonia); join tournament #{} alone with \
                 /tournament join {}.",
                t.id, t.id
            )));
        }
        match t.state {
            TournamentState::Open => {}
            TournamentState::Running if format == Format::Swiss => {}
            TournamentState::Running if format == Format::Duplicate => {
                return Err(ServiceError::refused(format!(
                    "Tournament #{} is a duplicate event under way: its groups were fixed at \
                     the start. Join the next one.",
                    t.id
                )));
            }
            TournamentState::Running => {
                return Err(ServiceError::refused(format!(
                    "Tournament #{} is a round robin under way: its table was fixed at the \
                     start. Join the next one.",
                    t.id
                )));
            }
            _ => {
                return Err(ServiceError::refused(format!(
                    "Tournament #{} is over; /tournament lists the others.",
                    t.id
                )));
            }
        }
        self.remember(&req.user).await?;
        let rating = match game_of(t) {
            Some(kind) => self
                .store
                .rating(&req.place.server, kind, &req.user.id)
                .await?
                .map_or(1500, |r| r.rating.round() as i64),
            None => 1500,
        };
        let who = Entrant {
            user_id: req.user.id.clone(),
            name: req.user.name.clone(),
            number: None,
            rating,
            joined_round: t.round + 1,
            left_round: None,
            team: self.spelled_group(t.id, group).await?,
        };
        let Some(from) = self
            .store
            .enter_tournament(t.id, &who, self.now_ms())
            .await?
        else {
            return Err(ServiceError::refused(format!(
                "You are in tournament #{} already; /tournament leave {} to leave it.",
                t.id, t.id
            )));
        };
        let players = self.store.entrants(t.id).await?.len();
        let late = if from > 1 {
            format!(" You are paired from round {from} on; the rounds you missed count 0.")
        } else {
            String::new()
        };
        let team = match &who.team {
            Some(group) => format!(" in group {group}"),
            None if format == Format::Duplicate => " alone, with the bot as partner".to_string(),
            None => String::new(),
        };
        Ok(Reply {
            text: format!(
                "{} joins tournament #{}{team} ({}).{late}",
                req.user.name,
                t.id,
                counted(players)
            ),
            public: true,
            ..Reply::default()
        })
    }

    /// A group's name as its first member spelled it (groups are named in any case).
    async fn spelled_group(
        &self,
        tournament: i64,
        group: Option<String>,
    ) -> ServiceResult<Option<String>> {
        let Some(group) = group else {
            return Ok(None);
        };
        let entrants = self.store.entrants(tournament).await?;
        let first = entrants
            .iter()
            .filter_map(|e| e.team.clone())
            .find(|team| team.to_lowercase() == group.to_lowercase());
        Ok(Some(first.unwrap_or(group)))
    }

    async fn leave_tournament(&self, req: &Request, t: &TournamentRow) -> ServiceResult {
        let from = match t.state {
            TournamentState::Open => 1,
            TournamentState::Running if format_of(t) == Format::Duplicate => {
                return Err(ServiceError::refused(format!(
                    "Your game of tournament #{} is under way: play it to the end, or /resign \
                     in it to give it up (for your whole group).",
                    t.id
                )));
            }
            TournamentState::Running => t.round + 1,
            _ => {
                return Err(ServiceError::refused(format!(
                    "Tournament #{} is over; there is nothing to leave.",
                    t.id
                )));
            }
        };
        if !self
            .store
            .leave_tournament(t.id, &req.user.id, from)
            .await?
        {
            return Err(ServiceError::refused(format!(
                "You are not in tournament #{}.",
                t.id
            )));
        }
        let text = if t.state == TournamentState::Open {
            format!("{} leaves tournament #{}.", req.user.name, t.id)
        } else {
            format!(
                "{} withdraws from tournament #{}: not paired from round {from} on (a game \
                 under way is still played, or resigned); a round robin's later opponents \
                 win by forfeit.",
                req.user.name, t.id
            )
        };
        Ok(Reply {
            text,
            public: true,
            ..Reply::default()
        })
    }

    /// Whether the asker may start or call off `t`: its creator, or a moderator here.
    fn runs(&self, req: &Request, t: &TournamentRow) -> bool {
        req.admin || req.user.id == t.tournament.creator
    }

    async fn start_by_hand(&self, req: &Request, t: &TournamentRow) -> ServiceResult {
        if !self.runs(req, t) {
            return Err(ServiceError::refused(format!(
                "Only the one who announced tournament #{} (or a moderator) starts it.",
                t.id
            )));
        }
        if t.state != TournamentState::Open {
            return Err(ServiceError::refused(format!(
                "Tournament #{} has started already; /tournament pairings shows its round.",
                t.id
            )));
        }
        let players = self.store.entrants(t.id).await?.len();
        if players < FEWEST_PLAYERS {
            return Err(ServiceError::refused(format!(
                "Tournament #{} needs at least {FEWEST_PLAYERS} players to start; it has \
                 {players}.",
                t.id
            )));
        }
        let entrants = self.store.entrants(t.id).await?;
        if format_of(t) == Format::Duplicate && groups_of(&entrants).len() < 2 {
            return Err(ServiceError::refused(format!(
                "Tournament #{} is a duplicate event: it needs at least two groups to compare \
                 (anyone who joins without group= is a group alone); it has one.",
                t.id
            )));
        }
        if format_of(t) == Format::Swiss && players as i64 <= t.tournament.rounds {
            return Err(ServiceError::refused(format!(
                "A Swiss of {} rounds needs at least {} players, so that nobody meets anyone \
                 twice; it has {players}.",
                t.tournament.rounds,
                t.tournament.rounds + 1
            )));
        }
        let said = self.start_tournament(t).await?;
        // The round's own post lists the boards; the answer only says it has begun.
        let text = match self.store.tournament(t.id).await? {
            Some(now)
                if now.state == TournamentState::Running
                    && format_of(&now) == Format::Duplicate =>
            {
                format!(
                    "{} starts tournament #{}: every group's game is announced here, all with \
                     the same dice (/tournament pairings lists them).",
                    req.user.name, t.id
                )
            }
            Some(now) if now.state == TournamentState::Running => format!(
                "{} starts tournament #{}: round 1 of {} is paired, and each game is announced \
                 here (/tournament pairings lists them).",
                req.user.name, t.id, now.tournament.rounds
            ),
            _ => said,
        };
        Ok(Reply {
            text,
            public: true,
            ..Reply::default()
        })
    }

    async fn cancel_by_hand(&self, req: &Request, t: &TournamentRow) -> ServiceResult {
        if !self.runs(req, t) {
            return Err(ServiceError::refused(format!(
                "Only the one who announced tournament #{} (or a moderator) calls it off.",
                t.id
            )));
        }
        if !self.store.cancel_tournament(t.id, self.now_ms()).await? {
            return Err(ServiceError::refused(format!(
                "Tournament #{} has started; its games go on (each may be resigned).",
                t.id
            )));
        }
        Ok(Reply {
            text: format!("Tournament #{} is called off.", t.id),
            public: true,
            ..Reply::default()
        })
    }

    /// `/tournament standings`: the table so far, as a picture and in words.
    pub(crate) async fn standings(&self, t: &TournamentRow) -> ServiceResult {
        let entrants = self.store.entrants(t.id).await?;
        if t.state == TournamentState::Open || t.state == TournamentState::Cancelled {
            let names: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
            return Ok(Reply::text(format!(
                "{} has not started; {} entered: {}.",
                headline(t),
                names.len(),
                if names.is_empty() {
                    "nobody yet".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
        if format_of(t) == Format::Duplicate {
            return self.duplicate_standings(t).await;
        }
        let boards = self.store.tournament_boards(t.id).await?;
        let byes = self.store.tournament_byes(t.id).await?;
        let done = if t.state == TournamentState::Over {
            t.round
        } else {
            t.round - 1
        };
        let (past, numbers) = history(&entrants, &boards, &byes, done);
        let names: HashMap<u32, String> = numbers
            .iter()
            .map(|(user, n)| {
                let e = entrants.iter().find(|e| &e.user_id == user);
                (*n, e.map_or_else(|| user.clone(), |e| e.name.clone()))
            })
            .collect();
        let when = match (t.state, done) {
            (TournamentState::Over, _) => "final standings".to_string(),
            (_, 0) => "before round 1".to_string(),
            (_, n) => format!("after round {n} of {}", t.tournament.rounds),
        };
        let title = format!("Tournament #{} ({}), {when}", t.id, format_of(t).name());
        let table = standings_table(title.clone(), &past, format_of(t), &names);
        let description = crate::render::table::table_alt(&table);
        let painter = self.painter.clone();
        let png = tokio::task::spawn_blocking(move || painter.table(&table))
            .await
            .ok()
            .and_then(Result::ok);
        Ok(Reply {
            text: format!("{title}:\n{}", standings_text(&past, format_of(t), &names)),
            image: png.map(|png| Image {
                bytes: png,
                filename: format!("tournament-{}-standings.png", t.id),
                description,
            }),
            ..Reply::default()
        })
    }

    /// `/tournament pairings`: the boards of the round being played (the last one, once over).
    async fn pairings(&self, t: &TournamentRow) -> ServiceResult {
        if t.round == 0 {
            return Ok(Reply::text(format!(
                "{} has not started; its first round is paired at the start.",
                headline(t)
            )));
        }
        if format_of(t) == Format::Duplicate {
            return self.duplicate_games(t).await;
        }
        let entrants = self.store.entrants(t.id).await?;
        let boards = self.store.tournament_boards(t.id).await?;
        let byes = self.store.tournament_byes(t.id).await?;
        let lines = pairings_lines(t.round, &boards, &byes, &entrants);
        Ok(Reply::text(format!(
            "Tournament #{}, round {} of {}:\n{}",
            t.id,
            t.round,
            t.tournament.rounds,
            lines.join("\n")
        )))
    }
}

/// "1 player", "4 players".
fn counted(players: usize) -> String {
    match players {
        1 => "1 player".to_string(),
        n => format!("{n} players"),
    }
}

/// "#3 Chess Swiss (running, round 2 of 5)".
fn headline(t: &TournamentRow) -> String {
    let game = game_of(t).map_or(t.tournament.variant.clone(), |g| g.to_string());
    let state = match t.state {
        TournamentState::Open => "taking entries".to_string(),
        TournamentState::Running => format!("round {} of {}", t.round, t.tournament.rounds),
        TournamentState::Over => "over".to_string(),
        TournamentState::Cancelled => "called off".to_string(),
    };
    format!(
        "Tournament #{} ({game}, {}, {state})",
        t.id,
        format_of(t).name()
    )
}
