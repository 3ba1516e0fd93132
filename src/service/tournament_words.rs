//! The words of `/tournament`: which subcommand, and the terms of a new tournament
//! (`chess format=swiss rounds=5 deadline=2d rated=no start=1d double=yes`).

use std::collections::BTreeMap;

use super::{
    rated::rated_value,
    reply::ServiceError,
    timing::per_turn,
    words::{sentence, shown},
};
use crate::rules::{GameId, Options};

/// A tournament's time per move unless told otherwise: a correspondence pace.
const DEFAULT_DEADLINE_MS: i64 = 2 * 24 * 3_600_000;
/// The most rounds a Swiss may have.
pub(crate) const MOST_ROUNDS: i64 = 15;
/// How far ahead a tournament may be set to start by itself.
const SOONEST_START_MS: i64 = 10 * 60_000;
const LATEST_START_MS: i64 = 30 * 24 * 3_600_000;

/// How the players are paired.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Format {
    /// Everyone plays everyone (Berger tables).
    RoundRobin,
    /// Players with like scores meet (FIDE's Dutch system).
    Swiss,
    /// A cooperative game's event: every group plays the same seed (the same dice and
    /// bombs), and the best final score wins.
    Duplicate,
}

impl Format {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Swiss => "swiss",
            Format::Duplicate => "duplicate",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Format> {
        match text.trim().to_lowercase().replace(['_', ' '], "-").as_str() {
            "round-robin" | "roundrobin" | "rr" | "all-play-all" => Some(Format::RoundRobin),
            "swiss" | "dutch" => Some(Format::Swiss),
            "duplicate" => Some(Format::Duplicate),
            _ => None,
        }
    }

    /// The name people read.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round robin",
            Format::Swiss => "Swiss",
            Format::Duplicate => "duplicate event",
        }
    }
}

/// What `/tournament …` asks.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) enum TournamentCommand {
    /// The tournaments of this server.
    List,
    /// Announce one: the rest of the line.
    New(String),
    /// Enter one (its number, when given).
    Join(Option<String>),
    /// Leave one: withdraw once it runs.
    Leave(Option<String>),
    /// Start one now (its creator or a moderator).
    Start(Option<String>),
    /// Call one off before it starts (its creator or a moderator).
    Cancel(Option<String>),
    /// The table so far.
    Standings(Option<String>),
    /// The boards of the round being played.
    Pairings(Option<String>),
    /// Something else: the word typed.
    Unknown(String),
}

/// Reads the words after `/tournament`.
pub(crate) fn read_command(text: &str) -> TournamentCommand {
    let text = text.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    let which = || (!rest.is_empty()).then(|| rest.to_string());
    match word.to_lowercase().as_str() {
        "" | "list" => TournamentCommand::List,
        "new" | "create" => TournamentCommand::New(rest.to_string()),
        "join" | "enter" => TournamentCommand::Join(which()),
        "leave" | "withdraw" => TournamentCommand::Leave(which()),
        "start" | "begin" => TournamentCommand::Start(which()),
        "cancel" | "off" => TournamentCommand::Cancel(which()),
        "standings" | "table" | "results" => TournamentCommand::Standings(which()),
        "pairings" | "round" | "boards" => TournamentCommand::Pairings(which()),
        other => TournamentCommand::Unknown(other.to_string()),
    }
}

/// The terms of a new tournament.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TournamentAsk {
    pub game: GameId,
    pub format: Format,
    /// Swiss: the rounds asked for.
    pub rounds: Option<i64>,
    pub double: bool,
    pub rated: bool,
    pub per_turn_ms: Option<i64>,
    /// How long after now it starts by itself.
    pub start_in_ms: Option<i64>,
}

/// What `/tournament new` takes, for refusals.
const TERMS: &str = "/tournament new chess format=swiss rounds=5 (or format=round-robin; \
     deadline=2d, rated=no, start=1d and double=yes are optional)";

/// Reads `GAME format=… rounds=N deadline=2d rated=yes start=1d double=yes`.
pub fn read_new(text: &str) -> Result<TournamentAsk, ServiceError> {
    let mut game = None;
    let mut format = None;
    let mut rounds = None;
    let mut double = false;
    let mut rated = true;
    let mut per_turn_ms = Some(DEFAULT_DEADLINE_MS);
    let mut start_in_ms = None;
    for word in text.split_whitespace() {
        let Some((name, value)) = word.split_once('=') else {
            if game.is_some() {
                return Err(ServiceError::refused(format!(
                    "\"{}\" is not a term of a tournament; name the game once, such as {TERMS}.",
                    shown(word)
                )));
            }
            game = Some(
                GameId::parse(word).map_err(|e| ServiceError::refused(sentence(&e.to_string())))?,
            );
            continue;
        };
        let value = value.trim();
        match name.trim().to_lowercase().as_str() {
            "format" | "system" => {
                format = Some(Format::parse(value).ok_or_else(|| {
                    ServiceError::refused(format!(
                        "A tournament is format=round-robin, format=swiss or (for Catalonia) \
                         format=duplicate, not \"{}\".",
                        shown(value)
                    ))
                })?);
            }
            "rounds" => rounds = Some(read_rounds(value)?),
            "double" => double = rated_value(value).map_err(|_| yes_or_no("double", value))?,
            "rated" => rated = rated_value(value)?,
            "deadline" => per_turn_ms = per_turn(value)?,
            "start" => start_in_ms = Some(read_start(value)?),
            other => {
                return Err(ServiceError::refused(format!(
                    "A tournament takes format=, rounds=, deadline=, rated=, start= and \
                     double=; \"{}\" is not one of them.",
                    shown(other)
                )));
            }
        }
    }
    let game = game
        .ok_or_else(|| ServiceError::refused(format!("Name the game to play, such as {TERMS}.")))?;
    check_playable(game)?;
    if game.is_cooperative() {
        return duplicate_terms(game, format, rounds, double, per_turn_ms, start_in_ms);
    }
    let format = format.unwrap_or(if rounds.is_some() {
        Format::Swiss
    } else {
        Format::RoundRobin
    });
    match format {
        Format::Swiss if rounds.is_none() => {
            return Err(ServiceError::refused(
                "A Swiss needs its number of rounds, such as rounds=5 (from 1 to 15).",
            ));
        }
        Format::RoundRobin if rounds.is_some() => {
            return Err(ServiceError::refused(
                "A round robin has as many rounds as it takes for everyone to meet everyone; \
                 leave out rounds=, or choose format=swiss.",
            ));
        }
        Format::Duplicate => {
            return Err(ServiceError::refused(format!(
                "A duplicate event is for a game played together, such as Catalonia; {game} is \
                 played one against one: choose format=round-robin or format=swiss."
            )));
        }
        Format::Swiss if double => {
            return Err(ServiceError::refused(
                "double=yes is for a round robin (everyone meets twice, with both colours).",
            ));
        }
        _ => {}
    }
    Ok(TournamentAsk {
        game,
        format,
        rounds,
        double,
        rated,
        per_turn_ms,
        start_in_ms,
    })
}

/// The terms of a cooperative game's event: always a duplicate (one round, every group the
/// same seed), never rated (cooperative games have no ratings).
fn duplicate_terms(
    game: GameId,
    format: Option<Format>,
    rounds: Option<i64>,
    double: bool,
    per_turn_ms: Option<i64>,
    start_in_ms: Option<i64>,
) -> Result<TournamentAsk, ServiceError> {
    if format.is_some_and(|f| f != Format::Duplicate) || rounds.is_some() || double {
        return Err(ServiceError::refused(format!(
            "{game} is played together, so its tournament is a duplicate event: every group \
             plays the same dice and the best score wins. Leave out format=, rounds= and \
             double=, such as /tournament new {} deadline=1d.",
            game.slug()
        )));
    }
    Ok(TournamentAsk {
        game,
        format: Format::Duplicate,
        rounds: Some(1),
        double: false,
        rated: false,
        per_turn_ms,
        start_in_ms,
    })
}

/// The longest name of a duplicate event's group.
const LONGEST_GROUP: usize = 24;

/// Reads what follows `/tournament join`: the tournament's number and `group=NAME`, both
/// optional.
pub(crate) fn read_join(
    rest: Option<&str>,
) -> Result<(Option<String>, Option<String>), ServiceError> {
    let mut which = None;
    let mut group = None;
    for word in rest.unwrap_or_default().split_whitespace() {
        match word.split_once('=') {
            Some((name, value))
                if matches!(name.trim().to_lowercase().as_str(), "group" | "team") =>
            {
                let value = value.trim();
                let fits = !value.is_empty()
                    && value.chars().count() <= LONGEST_GROUP
                    && value
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
                if !fits {
                    return Err(ServiceError::refused(format!(
                        "A group's name is one word of letters and digits, at most \
                         {LONGEST_GROUP} long, such as group=Otters; \"{}\" is not one.",
                        shown(value)
                    )));
                }
                group = Some(value.to_string());
            }
            Some(_) => {
                return Err(ServiceError::refused(format!(
                    "/tournament join takes the tournament's number and, for a duplicate event, \
                     group=NAME; \"{}\" is neither.",
                    shown(word)
                )));
            }
            None if which.is_none() => which = Some(word.to_string()),
            None => {
                return Err(ServiceError::refused(format!(
                    "Name one tournament, such as /tournament join 3; \"{}\" is one word too \
                     many.",
                    shown(word)
                )));
            }
        }
    }
    Ok((which, group))
}

fn yes_or_no(name: &str, value: &str) -> ServiceError {
    ServiceError::refused(format!(
        "Say {name}=yes or {name}=no, not \"{}\".",
        shown(value)
    ))
}

fn read_rounds(value: &str) -> Result<i64, ServiceError> {
    value
        .parse::<i64>()
        .ok()
        .filter(|n| (1..=MOST_ROUNDS).contains(n))
        .ok_or_else(|| {
            ServiceError::refused(format!(
                "The rounds are a number from 1 to {MOST_ROUNDS}, such as rounds=5; \"{}\" is not \
                 one.",
                shown(value)
            ))
        })
}

fn read_start(value: &str) -> Result<i64, ServiceError> {
    let refused = || {
        ServiceError::refused(format!(
            "The start is how long from now it starts by itself, from 10m to 30d, such as \
             start=1d or start=3h; \"{}\" is not one.",
            shown(value)
        ))
    };
    let time = humantime::parse_duration(&value.to_lowercase()).map_err(|_| refused())?;
    let ms = time.as_millis() as i64;
    if !(SOONEST_START_MS..=LATEST_START_MS).contains(&ms) {
        return Err(refused());
    }
    Ok(ms)
}

/// A tournament is of a game that starts without options of its own.
fn check_playable(kind: GameId) -> Result<(), ServiceError> {
    (kind.spec().new)(&Options(BTreeMap::new()), 1).map_err(|_| {
        ServiceError::refused(format!(
            "{kind} needs options at the start, which a tournament cannot choose for everyone; \
             pick another game."
        ))
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swiss_needs_rounds_and_a_round_robin_takes_none() {
        let swiss = read_new("chess format=swiss rounds=3 deadline=1d").unwrap();
        assert_eq!(swiss.format, Format::Swiss);
        assert_eq!(swiss.rounds, Some(3));
        assert_eq!(swiss.per_turn_ms, Some(24 * 3_600_000));
        let rr = read_new("katarenga double=yes rated=no").unwrap();
        assert_eq!(
            (rr.format, rr.double, rr.rated),
            (Format::RoundRobin, true, false)
        );
        assert_eq!(rr.per_turn_ms, Some(DEFAULT_DEADLINE_MS));
        assert_eq!(read_new("chess rounds=4").unwrap().format, Format::Swiss);
        for bad in [
            "chess format=swiss",
            "chess format=round-robin rounds=3",
            "chess format=knockout",
            "chess rounds=99",
            "chess colour=white",
            "chess start=5s",
            "chess format=duplicate",
            "catalonia format=swiss rounds=3",
            "catalonia double=yes",
            "format=swiss rounds=3",
            "chess katarenga",
        ] {
            assert!(read_new(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_cooperative_games_tournament_is_an_unrated_duplicate_event_of_one_round() {
        for text in [
            "catalonia",
            "catalonia format=duplicate deadline=1d rated=yes",
        ] {
            let ask = read_new(text).unwrap();
            assert_eq!(ask.format, Format::Duplicate, "{text}");
            assert_eq!((ask.rounds, ask.rated, ask.double), (Some(1), false, false));
        }
    }

    #[test]
    fn join_reads_a_number_and_a_group_in_any_order() {
        assert_eq!(read_join(None).unwrap(), (None, None));
        assert_eq!(
            read_join(Some("group=Otters 3")).unwrap(),
            (Some("3".into()), Some("Otters".into()))
        );
        assert_eq!(
            read_join(Some("#4 team=night_owls")).unwrap(),
            (Some("#4".into()), Some("night_owls".into()))
        );
        for bad in [
            "group=",
            "group=a,b",
            "3 4",
            "colour=white",
            "group=abcdefghijklmnopqrstuvwxyz",
        ] {
            assert!(read_join(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn subcommands_are_read_with_their_tournament() {
        assert_eq!(read_command(""), TournamentCommand::List);
        assert_eq!(
            read_command("join 3"),
            TournamentCommand::Join(Some("3".into()))
        );
        assert_eq!(
            read_command("standings"),
            TournamentCommand::Standings(None)
        );
        assert_eq!(
            read_command("new chess rounds=3"),
            TournamentCommand::New("chess rounds=3".into())
        );
        assert_eq!(
            read_command("dance"),
            TournamentCommand::Unknown("dance".into())
        );
    }
}
