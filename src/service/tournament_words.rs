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
}

impl Format {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Swiss => "swiss",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Format> {
        match text.trim().to_lowercase().replace(['_', ' '], "-").as_str() {
            "round-robin" | "roundrobin" | "rr" | "all-play-all" => Some(Format::RoundRobin),
            "swiss" | "dutch" => Some(Format::Swiss),
            _ => None,
        }
    }

    /// The name people read.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round robin",
            Format::Swiss => "Swiss",
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
                        "A tournament is format=round-robin or format=swiss, not \"{}\".",
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

/// A tournament is of a two-player game that starts without options of its own.
fn check_playable(kind: GameId) -> Result<(), ServiceError> {
    if kind.is_cooperative() {
        return Err(ServiceError::refused(format!(
            "{kind} is played together, not one against one: its tournaments (a duplicate \
             event) are not here yet; gather a group with /new {} instead.",
            kind.slug()
        )));
    }
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
            "catalonia",
            "format=swiss rounds=3",
            "chess katarenga",
        ] {
            assert!(read_new(bad).is_err(), "{bad}");
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
