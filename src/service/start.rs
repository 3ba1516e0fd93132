//! Starting games: a new game or challenge (`/new`), the reply about a game just created, and
//! moving a game to another place (an adapter that opens a thread for each new game).

use std::{
    collections::BTreeMap,
    hash::{BuildHasher, RandomState},
};

use super::{
    base::Service,
    bot::{bot_user, level_of, take_bot},
    command::NewGame,
    orientation::{ORIENTATION, Orientation, take_orientation},
    outbox::News,
    rated::{keep_rated, take_rated},
    reply::{ServiceError, ServiceResult},
    request::Request,
    request::{Place, User},
    start_words::{no_such_option, teams_line},
    timing::{take_timing, turn_timers},
    words::sentence,
    write::{conflict, log_line},
};
use crate::{
    rules::{Actor, Color, Game, GameId, Options, Status, registry, search::Level},
    store::{
        Commit, GameRow, GameState, LogKind, NewLogEntry, NewPost, PostKind, StoreError, TimerKind,
        TimerUpdate, Timing, now_ms,
    },
};

/// The option that carries a defined variant's definition (filled in from the server's copy).
const DEFINITION: &str = "definition";

/// Whether the side to act first in a new game is the bot's.
fn bot_moves_first(row: &GameRow, members: &[(String, Color)]) -> bool {
    let Some(bot_side) = members
        .iter()
        .find_map(|(id, side)| level_of(id).map(|_| *side))
    else {
        return false;
    };
    let first = row
        .variant
        .known()
        .and_then(|kind| registry::load(kind, &row.position).ok())
        .map(|game| game.status());
    matches!(
        first,
        Some(Status::Ongoing {
            actor: Actor::Side(side),
            ..
        }) if side == bot_side
    )
}

/// What a new game is set up with: its options, its seed and its timing.
pub(crate) type Setup = (BTreeMap<String, String>, u64, Timing);

/// A new game's row before the store numbers it: `game` at its start, made by the asker in
/// the asker's place, a challenge until the caller says otherwise.
pub(crate) fn fresh_row(
    kind: GameId,
    req: &Request,
    (options, seed, timing): Setup,
    game: &dyn Game,
) -> GameRow {
    let position = game.position_text();
    GameRow {
        id: 0,
        variant: kind.into(),
        server_id: req.place.server.clone(),
        place_id: req.place.channel.clone(),
        options,
        seed,
        initial_position: position.clone(),
        position,
        version: 0,
        revision: 0,
        state: GameState::Challenge,
        group_game: false,
        creator: req.user.id.clone(),
        challenged: None,
        pending: None,
        outcome: None,
        rematch_of: None,
        timing,
        created_at: 0,
        updated_at: 0,
    }
}

pub(crate) fn random_seed() -> u64 {
    RandomState::new().hash_one(now_ms())
}

/// Why a game of seeks was not started: another command paired one of them first.
pub(crate) const SEEK_TAKEN: &str = "That seek was answered a moment ago by someone else.";

/// What a challenge to the bot's own chat account is told (it would never be accepted).
pub const PLAY_THE_BOT: &str = "The bot does not accept challenges; to play the bot, use the ai \
     option: /new chess ai (levels ai=1 to ai=5; /help bot says how strong each is).";

/// Why a game is not started in a direct conversation: the other players could not see it.
pub(crate) const SERVER_GAMES: &str = "Challenges and group games are played in a server \
     channel, where everyone can see the board; start it there.";

impl Service {
    /// Starts a game in a place: a challenge to one opponent, an open challenge, or a group
    /// game with teams. Each involves other people, so none starts in a direct conversation
    /// (nobody else would see its board).
    pub(crate) async fn new_game(&self, req: &Request, new: NewGame) -> ServiceResult {
        let (place, creator) = (&req.place, &req.user);
        if place.direct {
            return Err(ServiceError::refused(SERVER_GAMES));
        }
        // A built-in game, or one of this server's own variants by its name.
        let (kind, defined) = match GameId::parse(&new.game) {
            Ok(kind) => (kind, None),
            Err(unknown) => match self.place_variant(req, &new.game).await? {
                Some(row) => (registry::DEFINED.id, Some(row)),
                None => {
                    return Err(ServiceError::refused(format!(
                        "{} This server's own variants: /variant list.",
                        sentence(&unknown.to_string())
                    )));
                }
            },
        };
        let title = defined
            .as_ref()
            .map_or(kind.to_string(), |row| row.name.clone());
        let spec = kind.spec();
        let specs = spec.options;
        let mut given = new.options.clone();
        let timing = take_timing(&mut given)?;
        let bot = take_bot(&mut given)?;
        let orientation = take_orientation(&mut given)?;
        let rated = take_rated(&mut given)?;
        let mut options = BTreeMap::new();
        for (name, value) in &given {
            let name = name.trim().to_lowercase();
            // A defined variant's definition comes from the server's saved copy, which
            // passed its check, never from what is typed.
            if !specs.iter().any(|s| s.name == name) || name == DEFINITION {
                return Err(no_such_option(kind, &title, &name));
            }
            options.insert(name, value.trim().to_string());
        }
        if let Some(row) = &defined {
            options.insert(DEFINITION.to_string(), row.definition.clone());
        }
        let seed = new.seed.unwrap_or_else(random_seed);
        let game = (spec.new)(&Options(options.clone()), seed).map_err(|e| {
            ServiceError::refused(format!("Cannot start {title}: {}", sentence(&e.0)))
        })?;
        // Kept with the game's options (the game itself never reads it); against the bot the
        // pictures show the human's side unless told otherwise.
        let orientation =
            orientation.or(bot.map(|_| Orientation::Fixed(new.side.unwrap_or(Color::White))));
        if let Some(orientation) = orientation {
            options.insert(ORIENTATION.to_string(), orientation.value().to_string());
        }
        // A server's own variants are played casual until each has a leaderboard of its own
        // (all of them would otherwise share one rating).
        if defined.is_some() && rated == Some(true) {
            return Err(ServiceError::refused(format!(
                "{title} is played casual: a server's own variants are not rated yet. Leave \
                 out rated=yes."
            )));
        }
        keep_rated(&mut options, rated.unwrap_or(defined.is_none()));
        let named = new.opponent.iter().chain(&new.white).chain(&new.black);
        if named.clone().any(|user| self.is_own_account(&user.id)) {
            return Err(ServiceError::refused(PLAY_THE_BOT));
        }
        let group =
            new.teams || !new.white.is_empty() || !new.black.is_empty() || kind.is_cooperative();
        let my_side = new.side.unwrap_or(Color::White);
        if let Some(level) = bot {
            return self
                .new_bot_game(req, kind, &new, level, (options, seed, timing), game)
                .await;
        }
        let mut people: Vec<(User, Color)> = Vec::new();
        let mut challenged = None;
        if group {
            for (team, side) in [(&new.white, Color::White), (&new.black, Color::Black)] {
                for user in team {
                    if let Some((_, other)) = people.iter().find(|(u, _)| u.id == user.id) {
                        if *other != side {
                            return Err(ServiceError::refused(format!(
                                "{} cannot be on both sides.",
                                user.name
                            )));
                        }
                        continue;
                    }
                    people.push((user.clone(), side));
                }
            }
            if let Some(opponent) = &new.opponent
                && !people.iter().any(|(u, _)| u.id == opponent.id)
            {
                people.push((opponent.clone(), !my_side));
            }
            if !people.iter().any(|(u, _)| u.id == creator.id) {
                people.push((creator.clone(), my_side));
            }
        } else {
            if let Some(opponent) = &new.opponent {
                if opponent.id == creator.id {
                    return Err(ServiceError::refused(
                        "You cannot challenge yourself; name someone else, or leave the opponent \
                         out to make an open challenge.",
                    ));
                }
                challenged = Some(opponent.clone());
            }
            people.push((creator.clone(), my_side));
        }
        self.remember(creator).await?;
        for (user, _) in &people {
            self.remember(user).await?;
        }
        if let Some(user) = &challenged {
            self.remember(user).await?;
        }
        let has = |side| people.iter().any(|(_, s)| *s == side);
        let state = if !group {
            GameState::Challenge
        } else if has(Color::White) && has(Color::Black) {
            GameState::Active
        } else {
            GameState::Gathering
        };
        let text = match (&challenged, group) {
            (Some(opponent), _) => format!(
                "{} challenges {} to {title} ({} plays {}).",
                creator.name, opponent.name, creator.name, my_side
            ),
            (None, false) => format!(
                "{} offers an open challenge to {title} ({} plays {}); anyone may /accept it.",
                creator.name, creator.name, my_side
            ),
            (None, true) => format!(
                "{} starts a group game of {title}. {}",
                creator.name,
                teams_line(&people)
            ),
        };
        let row = GameRow {
            state,
            group_game: group,
            challenged: challenged.as_ref().map(|u| u.id.clone()),
            ..fresh_row(kind, req, (options, seed, timing), game.as_ref())
        };
        let members: Vec<(String, Color)> =
            people.iter().map(|(u, s)| (u.id.clone(), *s)).collect();
        let mut news = News::board(text.clone());
        if let Some(challenged) = challenged {
            news = news.notify(vec![challenged.id]);
        }
        let log = [log_line(LogKind::Start, creator, Some(my_side), text)];
        self.create_and_announce(&row, &members, &log, news, false)
            .await
    }

    /// A game against the bot (or, in a cooperative game, with it as the other side): it
    /// starts at once, the bot's account on the side the creator leaves.
    async fn new_bot_game(
        &self,
        req: &Request,
        kind: GameId,
        new: &NewGame,
        level: Level,
        setup: Setup,
        game: Box<dyn Game>,
    ) -> ServiceResult {
        let creator = &req.user;
        if new.opponent.is_some() || new.teams || !new.white.is_empty() || !new.black.is_empty() {
            return Err(ServiceError::refused(
                "A game against the bot is one person and the bot: leave out the opponent and \
                 the teams, or leave out ai.",
            ));
        }
        let my_side = new.side.unwrap_or(Color::White);
        let title = registry::title(kind, &game.position_text());
        let bot = bot_user(level);
        self.remember(creator).await?;
        self.remember(&bot).await?;
        let text = if kind.is_cooperative() {
            format!(
                "{} starts {title} with {} as the other side ({} plays {my_side}).",
                creator.name, bot.name, creator.name
            )
        } else {
            format!(
                "{} plays {title} against {} ({} plays {my_side}).",
                creator.name, bot.name, creator.name
            )
        };
        let row = GameRow {
            state: GameState::Active,
            group_game: kind.is_cooperative(),
            ..fresh_row(kind, req, setup, game.as_ref())
        };
        let members = [(creator.id.clone(), my_side), (bot.id.clone(), !my_side)];
        let log = [log_line(LogKind::Start, creator, Some(my_side), &text)];
        self.create_and_announce(&row, &members, &log, News::board(text), new.opens_thread)
            .await
    }

    /// Writes a new game with the post that announces it, and replies about it. When the
    /// bot moves first and the game is `moving` to a thread, its move waits for that.
    pub(crate) async fn create_and_announce(
        &self,
        row: &GameRow,
        members: &[(String, Color)],
        log: &[NewLogEntry],
        news: News,
        moving: bool,
    ) -> ServiceResult {
        self.create_and_announce_claiming(row, members, log, news, moving, &[])
            .await
    }

    /// [`Service::create_and_announce`] for a game that open seeks become: it is started only
    /// if every seek of `seeks` is still open, and ends them; else the answer is the refusal
    /// [`SEEK_TAKEN`].
    pub(crate) async fn create_and_announce_claiming(
        &self,
        row: &GameRow,
        members: &[(String, Color)],
        log: &[NewLogEntry],
        mut news: News,
        moving: bool,
        seeks: &[i64],
    ) -> ServiceResult {
        let posts: Vec<NewPost> = self
            .outbox_post(&news, PostKind::Start)
            .await?
            .into_iter()
            .collect();
        let mut timers = if row.state == GameState::Active {
            turn_timers(&row.timing, self.now_ms())
        } else {
            Vec::new()
        };
        if row.state == GameState::Active && bot_moves_first(row, members) {
            timers.push(if moving {
                self.bot_timer_after_place()
            } else {
                self.bot_timer()
            });
        }
        let id = {
            let _one_at_a_time = self.new_games.lock().await;
            self.within_limits(row, members).await?;
            match self
                .store
                .create_game_claiming(row, members, log, &posts, &timers, seeks)
                .await
            {
                Err(StoreError::Conflict) => return Err(ServiceError::refused(SEEK_TAKEN)),
                other => other?,
            }
        };
        if timers.iter().any(|t| t.kind == TimerKind::BotMove) {
            self.timer_wake.notify_one();
        }
        news.text = format!("Game #{id}: {}", news.text);
        let row = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ServiceError::refused(format!("There is no game #{id}.")))?;
        let loaded = self.load_row(row).await?;
        let mut reply = self.news_reply(&loaded, &news).await;
        reply.announces = true;
        Ok(reply)
    }

    /// Moves a game to another channel or thread (an adapter that opens a thread for each
    /// new game calls this). The version does not change, so its buttons keep working. A bot
    /// waiting to make the first move makes it now, in the new place.
    pub async fn move_to_place(&self, game: i64, place: &Place) -> ServiceResult<()> {
        self.move_to_channel(game, &place.channel).await
    }

    /// The same, naming only the channel or thread (a game never leaves its server).
    pub async fn move_to_channel(&self, game: i64, channel: &str) -> ServiceResult<()> {
        for _ in 0..3 {
            let row = self
                .store
                .game(game)
                .await?
                .ok_or_else(|| ServiceError::refused(format!("There is no game #{game}.")))?;
            let mut next = row.clone();
            next.place_id = channel.to_string();
            let version = row.version;
            let bot_to_act = self.load_row(row).await?.bot_to_act().is_some();
            let mut commit = Commit::new(next, version);
            if bot_to_act {
                commit.timers = TimerUpdate::KeepWith(vec![self.bot_timer()]);
            }
            match self.store.commit(&commit).await {
                Ok(_) if bot_to_act => {
                    self.timer_wake.notify_one();
                    return Ok(());
                }
                Ok(_) => return Ok(()),
                Err(StoreError::Conflict) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(conflict(StoreError::Conflict))
    }
}
