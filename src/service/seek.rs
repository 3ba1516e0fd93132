//! `/seek`: an open offer to play any of several games, for people who have nobody to
//! challenge. A second seek that shares a game (and is rated alike, with the same time per
//! move) is paired with it at once, in the channel where it is made; anyone may also accept
//! a seek by its number. A person has one seek per server (a new one replaces it), and a seek
//! lasts a day unless told otherwise. A new seek mentions the people who follow its games
//! (`subscribe`).
//!
//! Two seeks are paired exactly once, even when both are made at the same moment in two
//! processes: the game is written in the same transaction that ends both seeks, and only if
//! both are still open (see `Store::create_game_claiming`).

use std::collections::BTreeMap;

use super::{
    base::Service,
    choice::Choice,
    command::Command,
    outbox::News,
    rated::keep_rated,
    reply::{Reply, ServiceError, ServiceResult},
    request::{Request, User},
    seek_words::{
        SeekAsk, SeekCommand, either, games_of, meeting_game, read_command, read_offer, terms,
    },
    start::{SEEK_TAKEN, fresh_row, random_seed},
    subscribe::news_of,
    timing::span,
    words::{sentence, shown},
    write::log_line,
};
use crate::{
    rules::{Color, GameId, Options},
    store::{GameRow, GameState, LogKind, NewSeek, SeekState, Timing},
};

/// How many times a seek looks again for a partner when another command paired the one it
/// chose first.
const PAIRING_TRIES: usize = 5;

/// Why a seek is not made in a direct conversation.
const SERVER_SEEKS: &str = "Seeks are made in a server channel, where others can answer \
     them; make it there.";

/// The most games a seek offers a button for (one row of Discord buttons).
const MOST_BUTTONS: usize = 5;

/// A button per game of seek `id` ("Play Katarenga"), for anyone but its author to accept it.
/// It is bound to no game (there is none yet): the seek is looked for in the server where the
/// button is clicked.
fn accept_buttons(id: i64, games: &[GameId]) -> Vec<Choice> {
    games
        .iter()
        .take(MOST_BUTTONS)
        .map(|game| Choice {
            label: format!("Play {game}"),
            game: 0,
            version: 0,
            command: Command::Seek(format!("accept {id} {}", game.slug())),
        })
        .collect()
}

impl Service {
    /// `/seek`: list, withdraw, accept, or make an offer.
    pub(crate) async fn seek(&self, req: &Request, text: &str) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(SERVER_SEEKS));
        }
        match read_command(text) {
            SeekCommand::List => self.list_seeks(req).await,
            SeekCommand::Withdraw => self.withdraw_seek(req).await,
            SeekCommand::Accept { seek, game } => {
                self.accept_seek(req, &seek, game.as_deref()).await
            }
            SeekCommand::Offer(text) => self.offer_seek(req, &read_offer(&text)?).await,
        }
    }

    async fn list_seeks(&self, req: &Request) -> ServiceResult {
        let now = self.now_ms();
        let seeks = self.store.open_seeks(&req.place.server, now).await?;
        if seeks.is_empty() {
            return Ok(Reply::text(
                "Nobody seeks a game here now. Make an offer: /seek cataclysm,katarenga (any \
                 of those games; deadline=1d, rated=no and expires=2d are optional).",
            ));
        }
        let mut text = "Open seeks here:".to_string();
        for seek in &seeks {
            text.push_str(&format!(
                "\n• #{} {}: {} ({}), {} left: /seek accept {}",
                seek.id,
                seek.name,
                either(&games_of(seek)),
                terms(seek.seek.rated, seek.seek.per_turn_ms),
                span(seek.seek.expires_at - now),
                seek.id
            ));
        }
        Ok(Reply::text(text))
    }

    async fn withdraw_seek(&self, req: &Request) -> ServiceResult {
        let gone = self
            .store
            .withdraw_seeks(&req.place.server, &req.user.id, self.now_ms())
            .await?;
        Ok(Reply::text(if gone == 0 {
            "You have no open seek here."
        } else {
            "Your seek is withdrawn."
        }))
    }

    /// A new seek: paired at once with the oldest open seek it meets, or posted for others
    /// (mentioning the people who follow its games).
    async fn offer_seek(&self, req: &Request, ask: &SeekAsk) -> ServiceResult {
        self.remember(&req.user).await?;
        let now = self.now_ms();
        let mine = NewSeek {
            server_id: req.place.server.clone(),
            place_id: req.place.channel.clone(),
            user_id: req.user.id.clone(),
            games: ask.games.iter().map(|g| g.slug().to_string()).collect(),
            rated: ask.rated,
            per_turn_ms: ask.per_turn_ms,
            created_at: now,
            expires_at: now + ask.life_ms,
        };
        let (id, replaced) = self.store.open_seek(&mine).await?;
        for _ in 0..PAIRING_TRIES {
            let open = self.store.open_seeks(&req.place.server, now).await?;
            let Some((older, game)) = open
                .iter()
                .filter(|s| s.id != id)
                .find_map(|s| meeting_game(s, &mine).map(|g| (s, g)))
            else {
                break;
            };
            let against = User::new(older.seek.user_id.clone(), older.name.clone());
            match self
                .start_from_seeks(req, &against, game, &mine, &[older.id, id])
                .await
            {
                Err(ServiceError::Refused(why)) if why == SEEK_TAKEN => {
                    if let Some(reply) = self.paired_meanwhile(id).await? {
                        return Ok(reply);
                    }
                }
                other => return other,
            }
        }
        if let Some(reply) = self.paired_meanwhile(id).await? {
            return Ok(reply);
        }
        let mut text = format!(
            "{} seeks a game of {} ({}): seek #{id}, open for {}. To play, /seek accept {id}, \
             or seek one of these games yourself.",
            req.user.name,
            either(&ask.games),
            terms(ask.rated, ask.per_turn_ms),
            span(ask.life_ms)
        );
        if replaced > 0 {
            text.push_str(" (It replaces your earlier seek.)");
        }
        let news = news_of(self, &req.place.server, &ask.games, &req.user.id).await?;
        Ok(Reply {
            text,
            choices: accept_buttons(id, &ask.games),
            notify: news.people,
            mention_role: news.role,
            public: true,
            ..Reply::default()
        })
    }

    /// The game a seek of ours became while we looked, when another command paired it.
    async fn paired_meanwhile(&self, id: i64) -> ServiceResult<Option<Reply>> {
        let Some(seek) = self.store.seek(id).await? else {
            return Ok(None);
        };
        Ok(seek.game_id.map(|game| {
            Reply::text(format!(
                "Your seek #{id} was paired at the same moment: see game #{game} (/games lists \
                 it)."
            ))
        }))
    }

    /// `/seek accept N [GAME]`: play seek N's first game (or the one named).
    async fn accept_seek(&self, req: &Request, number: &str, game: Option<&str>) -> ServiceResult {
        let no_such = || {
            ServiceError::refused(format!(
                "There is no open seek #{} here; /seek lists them.",
                shown(number.trim_start_matches('#'))
            ))
        };
        let id: i64 = number
            .trim_start_matches('#')
            .parse()
            .map_err(|_| no_such())?;
        let seek = self.store.seek(id).await?.ok_or_else(no_such)?;
        let open = seek.state == SeekState::Open;
        if seek.seek.server_id != req.place.server || !open || seek.seek.expires_at <= self.now_ms()
        {
            return Err(no_such());
        }
        if seek.seek.user_id == req.user.id {
            return Err(ServiceError::refused(
                "That is your own seek; wait for someone to accept it, or /seek off to withdraw \
                 it.",
            ));
        }
        let games = games_of(&seek);
        let kind = match game {
            None => *games.first().ok_or_else(no_such)?,
            Some(name) => {
                let kind = GameId::parse(name)
                    .map_err(|e| ServiceError::refused(sentence(&e.to_string())))?;
                if !games.contains(&kind) {
                    return Err(ServiceError::refused(format!(
                        "Seek #{id} is for {}, not {kind}.",
                        either(&games)
                    )));
                }
                kind
            }
        };
        self.remember(&req.user).await?;
        let against = User::new(seek.seek.user_id.clone(), seek.name.clone());
        self.start_from_seeks(req, &against, kind, &seek.seek, &[id])
            .await
            .map_err(|e| match e {
                ServiceError::Refused(why) if why == SEEK_TAKEN => no_such(),
                other => other,
            })
    }

    /// Starts the game a seek (or two) became, in the asker's place, between the asker and
    /// `against`, on the terms of `terms`: colours by lot. Every seek of `seeks` ends with it,
    /// or the game is not started (the refusal [`SEEK_TAKEN`]).
    async fn start_from_seeks(
        &self,
        req: &Request,
        against: &User,
        kind: GameId,
        terms_of: &NewSeek,
        seeks: &[i64],
    ) -> ServiceResult {
        let seed = random_seed();
        let mut options = BTreeMap::new();
        keep_rated(&mut options, terms_of.rated);
        let game = (kind.spec().new)(&Options(BTreeMap::new()), seed).map_err(|e| {
            ServiceError::refused(format!("Cannot start {kind}: {}", sentence(&e.0)))
        })?;
        let timing = Timing {
            per_turn_ms: terms_of.per_turn_ms,
            remind: true,
            ..Timing::default()
        };
        let (white, black) = if seed.is_multiple_of(2) {
            (&req.user, against)
        } else {
            (against, &req.user)
        };
        let text = format!(
            "A seek is answered: {} ({}) between {} (White) and {} (Black).",
            kind,
            terms(terms_of.rated, terms_of.per_turn_ms),
            white.name,
            black.name
        );
        let row = GameRow {
            state: GameState::Active,
            ..fresh_row(kind, req, (options, seed, timing), game.as_ref())
        };
        let members = [
            (white.id.clone(), Color::White),
            (black.id.clone(), Color::Black),
        ];
        let side = if white.id == req.user.id {
            Color::White
        } else {
            Color::Black
        };
        let log = [log_line(LogKind::Start, &req.user, Some(side), &text)];
        let mut mention = vec![against.id.clone()];
        if white.id != against.id {
            mention.push(white.id.clone());
        }
        let news = News::board(text).notify(mention);
        self.create_and_announce_claiming(&row, &members, &log, news, false, seeks)
            .await
    }
}
