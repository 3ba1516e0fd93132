//! What a seek says, read and written: the words after `/seek` (an offer, `accept N`, `off`),
//! an offer's games and terms, how a seek is told ("Cataclysm or Katarenga (rated, 1 d a
//! move)"), and when two seeks meet. The service that acts on them is `seek`.

use std::collections::BTreeMap;

use super::{
    rated::rated_value,
    reply::ServiceError,
    timing::{per_turn, span},
    words::{sentence, shown},
};
use crate::{
    rules::{GameId, Options},
    store::{NewSeek, SeekRow},
};

/// How long a seek waits for an opponent unless told (`expires=`).
const DEFAULT_LIFE_MS: i64 = 24 * 3_600_000;
/// The shortest and the longest a seek may wait.
const SHORTEST_LIFE_MS: i64 = 10 * 60_000;
const LONGEST_LIFE_MS: i64 = 7 * 24 * 3_600_000;

/// What `/seek` with games asks for.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SeekAsk {
    pub games: Vec<GameId>,
    pub rated: bool,
    pub per_turn_ms: Option<i64>,
    pub life_ms: i64,
}

/// What `/seek …` says.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) enum SeekCommand {
    /// `/seek` alone: the open seeks here.
    List,
    /// `/seek off`: withdraw one's seek.
    Withdraw,
    /// `/seek accept N [GAME]`.
    Accept { seek: String, game: Option<String> },
    /// `/seek GAMES [options]`.
    Offer(String),
}

pub(crate) fn read_command(text: &str) -> SeekCommand {
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
pub fn read_offer(text: &str) -> Result<SeekAsk, ServiceError> {
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
pub(crate) fn games_of(seek: &SeekRow) -> Vec<GameId> {
    seek.seek
        .games
        .iter()
        .filter_map(|slug| GameId::parse(slug).ok())
        .collect()
}

/// "Cataclysm or Katarenga".
pub(crate) fn either(games: &[GameId]) -> String {
    let names: Vec<String> = games.iter().map(|g| g.to_string()).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// "rated, 1 d a move" or "casual, untimed".
pub(crate) fn terms(rated: bool, per_turn_ms: Option<i64>) -> String {
    let pace = per_turn_ms.map_or("untimed".to_string(), |ms| format!("{} a move", span(ms)));
    format!("{}, {pace}", if rated { "rated" } else { "casual" })
}

/// The first game of `older`'s list that `newer` also names, when the two seeks can become
/// one game (the same terms, two people).
pub(crate) fn meeting_game(older: &SeekRow, newer: &NewSeek) -> Option<GameId> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SeekState;

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
