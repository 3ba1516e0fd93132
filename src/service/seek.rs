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
    rated::{keep_rated, rated_value},
    reply::{Reply, ServiceError, ServiceResult},
    request::{Request, User},
    start::{SEEK_TAKEN, fresh_row, random_seed},
    subscribe::news_of,
    timing::{per_turn, span},
    words::{sentence, shown},
    write::log_line,
};
use crate::{
    rules::{Color, GameId, Options},
    store::{GameRow, GameState, LogKind, NewSeek, SeekRow, SeekState, Timing},
};

/// How long a seek waits for an opponent unless told (`expires=`).
const DEFAULT_LIFE_MS: i64 = 24 * 3_600_000;
/// The shortest and the longest a seek may wait.
const SHORTEST_LIFE_MS: i64 = 10 * 60_000;
const LONGEST_LIFE_MS: i64 = 7 * 24 * 3_600_000;
/// How many times a seek looks again for a partner when another command paired the one it
/// chose first.
const PAIRING_TRIES: usize = 5;

/// Why a seek is not made in a direct conversation.
const SERVER_SEEKS: &str = "Seeks are made in a server channel, where others can answer \
     them; make it there.";

/// What `/seek` with games asks for.
#[derive(Clone, Debug, Eq, PartialEq)]
struct SeekAsk {
    games: Vec<GameId>,
    rated: bool,
    per_turn_ms: Option<i64>,
    life_ms: i64,
}

/// What `/seek …` says.
#[derive(Clone, Debug, Eq, PartialEq)]
enum SeekCommand {
    /// `/seek` alone: the open seeks here.
    List,
    /// `/seek off`: withdraw one's seek.
    Withdraw,
    /// `/seek accept N [GAME]`.
    Accept { seek: String, game: Option<String> },
    /// `/seek GAMES [options]`.
    Offer(String),
}

fn read_command(text: &str) -> SeekCommand {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [] => SeekCommand::List,
        [one] if matches!(one.to_lowercase().as_str(), "off" | "cancel" | "withdraw") => {
            SeekCommand::Withdraw
        }
        [first, rest @ ..] if first.eq_ignore_ascii_case("accept") => SeekCommand::Accept {
            seek: rest.first().map_or(String::new(), |n| n.to_string()),
            game: rest.get(1).map(|g| g.to_string()),
        },
        _ => SeekCommand::Offer(text.to_string()),
    }
}

/// A duration option of a seek (`expires=2d`), from ten minutes to a week.
fn life(value: &str) -> Result<i64, ServiceError> {
    let refused = || {
        ServiceError::refused(format!(
            "A seek waits from 10m to 7d, such as expires=2d or expires=6h; \"{}\" is not one.",
            shown(value)
        ))
    };
    let time = humantime::parse_duration(&value.to_lowercase()).map_err(|_| refused())?;
    let ms = time.as_millis() as i64;
    if !(SHORTEST_LIFE_MS..=LONGEST_LIFE_MS).contains(&ms) {
        return Err(refused());
    }
    Ok(ms)
}

/// Reads `cataclysm,katarenga deadline=1d rated=no expires=2d`.
fn read_offer(text: &str) -> Result<SeekAsk, ServiceError> {
    let mut ask = SeekAsk {
        games: Vec::new(),
        rated: true,
        per_turn_ms: None,
        life_ms: DEFAULT_LIFE_MS,
    };
    for word in text.split_whitespace() {
        if let Some((name, value)) = word.split_once('=') {
            match name.trim().to_lowercase().as_str() {
                "deadline" => ask.per_turn_ms = per_turn(value.trim())?,
                "rated" => ask.rated = rated_value(value)?,
                "expires" | "for" => ask.life_ms = life(value.trim())?,
                other => {
                    return Err(ServiceError::refused(format!(
                        "A seek takes deadline=, rated= and expires= (such as /seek chess \
                         deadline=1d expires=2d); \"{}\" is not one of them.",
                        shown(other)
                    )));
                }
            }
            continue;
        }
        match word.to_lowercase().as_str() {
            "rated" => ask.rated = true,
            "casual" | "unrated" => ask.rated = false,
            _ => {
                for name in word.split(',').filter(|n| !n.trim().is_empty()) {
                    let kind = GameId::parse(name.trim())
                        .map_err(|e| ServiceError::refused(sentence(&e.to_string())))?;
                    if !ask.games.contains(&kind) {
                        ask.games.push(kind);
                    }
                }
            }
        }
    }
    if ask.games.is_empty() {
        return Err(ServiceError::refused(
            "Name the games you would play, such as /seek cataclysm,katarenga (/help lists \
             them).",
        ));
    }
    for kind in &ask.games {
        check_seekable(*kind)?;
    }
    Ok(ask)
}

/// A seek is for a one-against-one game that starts without options of its own.
fn check_seekable(kind: GameId) -> Result<(), ServiceError> {
    if kind.is_cooperative() {
        return Err(ServiceError::refused(format!(
            "{kind} is played together, not against someone: gather a group with /new {} \
             instead.",
            kind.slug()
        )));
    }
    (kind.spec().new)(&Options(BTreeMap::new()), 1).map_err(|_| {
        ServiceError::refused(format!(
            "{kind} needs options at the start; challenge someone with /new {} and its \
             options instead.",
            kind.slug()
        ))
    })?;
    Ok(())
}

/// The games a stored seek names (any it no longer knows are left out).
fn games_of(seek: &SeekRow) -> Vec<GameId> {
    seek.seek
        .games
        .iter()
        .filter_map(|slug| GameId::parse(slug).ok())
        .collect()
}

/// "Cataclysm or Katarenga".
fn either(games: &[GameId]) -> String {
    let names: Vec<String> = games.iter().map(|g| g.to_string()).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// "rated, 1 d a move" or "casual, untimed".
fn terms(rated: bool, per_turn_ms: Option<i64>) -> String {
    let pace = per_turn_ms.map_or("untimed".to_string(), |ms| format!("{} a move", span(ms)));
    format!("{}, {pace}", if rated { "rated" } else { "casual" })
}

/// The first game of `older`'s list that `newer` also names, when the two seeks can become
/// one game (the same terms, two people).
fn meeting_game(older: &SeekRow, newer: &NewSeek) -> Option<GameId> {
    if older.seek.user_id == newer.user_id
        || older.seek.rated != newer.rated
        || older.seek.per_turn_ms != newer.per_turn_ms
    {
        return None;
    }
    games_of(older)
        .into_iter()
        .find(|game| newer.games.iter().any(|slug| slug == game.slug()))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(user: &str, games: &[&str], rated: bool, per_turn_ms: Option<i64>) -> NewSeek {
        NewSeek {
            server_id: "s".into(),
            place_id: "c".into(),
            user_id: user.into(),
            games: games.iter().map(|g| g.to_string()).collect(),
            rated,
            per_turn_ms,
            created_at: 0,
            expires_at: DEFAULT_LIFE_MS,
        }
    }

    fn stored(seek: NewSeek) -> SeekRow {
        SeekRow {
            id: 1,
            name: seek.user_id.clone(),
            seek,
            state: SeekState::Open,
            game_id: None,
        }
    }

    #[test]
    fn seeks_meet_on_the_older_seeks_first_shared_game() {
        let older = stored(seek("alice", &["katarenga", "cataclysm"], true, None));
        let newer = seek("bob", &["cataclysm", "katarenga"], true, None);
        assert_eq!(
            meeting_game(&older, &newer).map(|g| g.slug()),
            Some("katarenga")
        );
    }

    #[test]
    fn seeks_on_other_terms_or_of_one_person_do_not_meet() {
        let older = stored(seek("alice", &["chess"], true, None));
        assert_eq!(
            meeting_game(&older, &seek("bob", &["chess"], false, None)),
            None
        );
        assert_eq!(
            meeting_game(&older, &seek("bob", &["chess"], true, Some(86_400_000))),
            None
        );
        assert_eq!(
            meeting_game(&older, &seek("alice", &["chess"], true, None)),
            None
        );
        assert_eq!(
            meeting_game(&older, &seek("bob", &["katarenga"], true, None)),
            None
        );
    }

    #[test]
    fn an_offer_reads_its_games_and_terms() {
        let ask = read_offer("cataclysm,Katarenga casual deadline=1d expires=2h").expect("read");
        assert_eq!(ask.games.len(), 2);
        assert!(!ask.rated);
        assert_eq!(ask.per_turn_ms, Some(86_400_000));
        assert_eq!(ask.life_ms, 2 * 3_600_000);
        assert_eq!(read_offer("chess").expect("read").life_ms, DEFAULT_LIFE_MS);
    }

    #[test]
    fn an_offer_without_games_or_with_a_bad_option_is_refused() {
        assert!(read_offer("rated").is_err());
        let why = read_offer("chess colour=white")
            .expect_err("refused")
            .to_string();
        assert!(why.contains("\"colour\""), "{why}");
        let why = read_offer("chess expires=3w")
            .expect_err("refused")
            .to_string();
        assert!(why.contains("\"3w\""), "{why}");
        assert!(
            read_offer("catalonia").is_err(),
            "a cooperative game has no opponent"
        );
    }

    #[test]
    fn the_words_after_seek_choose_what_it_does() {
        assert_eq!(read_command("  "), SeekCommand::List);
        assert_eq!(read_command("off"), SeekCommand::Withdraw);
        assert_eq!(
            read_command("accept 4 chess"),
            SeekCommand::Accept {
                seek: "4".into(),
                game: Some("chess".into())
            }
        );
        assert_eq!(read_command("chess"), SeekCommand::Offer("chess".into()));
    }
}
