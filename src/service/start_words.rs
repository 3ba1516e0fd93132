//! What `/new` says besides the game: the refusal of an option the game does not take, with
//! every option it does, and the line that names both teams of a group game and says when it
//! begins.

use super::{
    bot::BOT_OPTIONS, orientation::ORIENTATION, rated::RATED, reply::ServiceError, request::User,
    timing::TIMING_OPTIONS, words::shown,
};
use crate::rules::{Color, GameId, registry};

/// The refusal of an option `kind` (called `title`) does not have, with every option `/new`
/// takes for it: the game's own, timed play's, the bot's, and the words that place people.
pub(crate) fn no_such_option(kind: GameId, title: &str, name: &str) -> ServiceError {
    // A defined variant's definition is filled in by the service, never typed.
    let own: Vec<&str> = kind
        .spec()
        .options
        .iter()
        .map(|s| s.name)
        .filter(|&name| name != "definition")
        .collect();
    let shared: Vec<&str> = TIMING_OPTIONS
        .iter()
        .chain(&BOT_OPTIONS)
        .map(|o| o.name)
        .chain(["as", "seed", ORIENTATION, RATED])
        .collect();
    let own = if own.is_empty() {
        format!("{title} has no options of its own")
    } else {
        format!("its own options are {}", own.join(", "))
    };
    ServiceError::refused(format!(
        "{title} has no option \"{}\"; {own}; every game also takes {} (/help {} and /help \
         timed explain them).",
        shown(name),
        shared.join(", "),
        help_topic(kind)
    ))
}

/// The `/help` topic of a game: its slug, or `variants` for a server's own variant.
fn help_topic(kind: GameId) -> &'static str {
    if kind == registry::DEFINED.id {
        "variants"
    } else {
        kind.slug()
    }
}

/// Who is on each side of a new group game, and when it begins: "White: alice. Black: bob,
/// carol." A side nobody is on yet is named with the command that joins it.
pub(crate) fn teams_line(people: &[(User, Color)]) -> String {
    let team = |side: Color| {
        let names: Vec<&str> = people
            .iter()
            .filter(|(_, s)| *s == side)
            .map(|(u, _)| u.name.as_str())
            .collect();
        if names.is_empty() {
            format!(
                "{side}: nobody yet (/join {})",
                side.to_string().to_lowercase()
            )
        } else {
            format!("{side}: {}", names.join(", "))
        }
    };
    let both = [Color::White, Color::Black]
        .iter()
        .all(|side| people.iter().any(|(_, s)| s == side));
    let begins = if both {
        "Both sides have players: the game begins; others may still /join a side."
    } else {
        "The game begins as soon as both sides have a player; others may /join later."
    };
    format!("{}. {}. {begins}", team(Color::White), team(Color::Black))
}
