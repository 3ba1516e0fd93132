//! The parts of the command list that come from the service rather than from this adapter:
//! each command's description (the service's table of commands, the same text `/help` shows),
//! the list of games to choose from, and one `/new` option for each option a game accepts. All
//! are read when the bot starts, so a new command text or a new game needs no change here.

use std::{borrow::Cow, collections::BTreeMap};

use poise::serenity_prelude::{
    CommandOptionType, CreateCommandOption, ResolvedOption, ResolvedValue,
};

use super::{Data, Error};
use crate::service::{Service, find_command};

/// Commands whose `game` option names a kind of game (elsewhere it is a game's number; for
/// `/help` it is free text, suggested as typed, since it may name a command or a topic).
const GAME_KIND_COMMANDS: [&str; 4] = ["new", "leaderboard", "piece", "rating"];
/// Discord allows 25 options a command; `/new` has four of its own.
const MAX_GAME_OPTIONS: usize = 21;
/// Discord's limit for a description.
const MAX_DESCRIPTION: usize = 100;

/// Sets each command's description from the service's table, fills the game lists and adds the
/// games' start options to `/new`.
pub fn customise(commands: &mut [poise::Command<Data, Error>]) {
    for command in commands.iter_mut() {
        match find_command(&command.name) {
            Some(spec) => command.description = Some(spec.about.into()),
            None => tracing::error!(command = %command.name, "a command the service does not list"),
        }
        let name: &str = &command.name;
        if !GAME_KIND_COMMANDS.contains(&name) {
            continue;
        }
        for parameter in command.parameters.iter_mut() {
            if parameter.name == "game" {
                parameter.type_setter = Some(game_kind_choices);
            }
        }
        if command.name == "new" {
            for (name, description) in game_options().into_iter().take(MAX_GAME_OPTIONS) {
                command.parameters.push(string_parameter(name, description));
            }
        }
    }
}

/// The games, as a choice list (name shown, id sent).
fn game_kind_choices(option: CreateCommandOption) -> CreateCommandOption {
    Service::games()
        .into_iter()
        .fold(option.kind(CommandOptionType::String), |option, game| {
            option.add_string_choice(game.name, game.key)
        })
}

/// Every option name any game accepts, with a description naming the games it applies to.
/// Names Discord would refuse (it wants 1–32 lower-case letters, digits, `-` or `_`) are left
/// out and logged.
pub fn game_options() -> BTreeMap<String, String> {
    let mut found: BTreeMap<String, (String, Vec<&'static str>)> = BTreeMap::new();
    for game in Service::games() {
        for spec in game.options {
            if !valid_option_name(spec.name) {
                tracing::warn!(
                    option = spec.name,
                    game = game.key,
                    "option name not usable on Discord"
                );
                continue;
            }
            let entry = found
                .entry(spec.name.to_string())
                .or_insert_with(|| (spec.description.to_string(), Vec::new()));
            entry.1.push(game.name);
        }
    }
    for spec in crate::service::BOT_OPTIONS {
        found.insert(
            spec.name.to_string(),
            (spec.description.to_string(), vec!["All games"]),
        );
    }
    for spec in crate::service::TIMING_OPTIONS.iter().chain([
        &crate::service::ORIENTATION_OPTION,
        &crate::service::RATED_OPTION,
    ]) {
        found.insert(
            spec.name.to_string(),
            (spec.description.to_string(), vec!["All games"]),
        );
    }
    found
        .into_iter()
        .map(|(name, (description, games))| {
            let text = format!("{}: {description}", games.join(", "));
            let text: String = text.chars().take(MAX_DESCRIPTION).collect();
            (name, text)
        })
        .collect()
}

fn valid_option_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_lowercase() || c.is_numeric() || c == '-' || c == '_')
}

fn string_parameter(name: String, description: String) -> poise::CommandParameter<Data, Error> {
    poise::CommandParameter {
        name: Cow::Owned(name),
        name_localizations: Cow::Borrowed(&[]),
        description: Some(Cow::Owned(description)),
        description_localizations: Cow::Borrowed(&[]),
        required: false,
        channel_types: None,
        choices: Cow::Borrowed(&[]),
        type_setter: Some(|option| option.kind(CommandOptionType::String)),
        autocomplete_callback: None,
        __non_exhaustive: (),
    }
}

/// The game options given to `/new`, as (name, value).
pub fn game_options_given(args: &[ResolvedOption<'_>]) -> Vec<(String, String)> {
    let known = game_options();
    args.iter()
        .filter(|arg| known.contains_key(arg.name))
        .filter_map(|arg| match arg.value {
            ResolvedValue::String(value) => Some((arg.name.to_string(), value.to_string())),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_follow_discords_rules() {
        assert!(valid_option_name("position"));
        assert!(valid_option_name("turn-limit"));
        assert!(!valid_option_name("Turn limit"));
        assert!(!valid_option_name(""));
    }

    #[test]
    fn every_game_option_is_offered_by_new() {
        let offered = game_options();
        for game in Service::games() {
            for spec in game.options {
                if valid_option_name(spec.name) {
                    assert!(
                        offered.contains_key(spec.name),
                        "{} of {}",
                        spec.name,
                        game.key
                    );
                    assert!(offered[spec.name].chars().count() <= MAX_DESCRIPTION);
                }
            }
        }
    }

    #[test]
    fn new_gets_the_game_options_and_a_choice_list_of_games() {
        let mut commands = super::super::commands::all();
        customise(&mut commands);
        let new = commands.iter().find(|c| c.name == "new").unwrap();
        for name in game_options().keys() {
            assert!(
                new.parameters.iter().any(|p| p.name == name.as_str()),
                "{name}"
            );
        }
        let game = new.parameters.iter().find(|p| p.name == "game").unwrap();
        let option = game.create_as_slash_command_option().unwrap();
        let json = serde_json::to_value(&option).unwrap();
        let choices = json["choices"].as_array().unwrap();
        let first = Service::games()[0];
        assert_eq!(choices.len(), Service::games().len(), "{json}");
        assert!(
            choices
                .iter()
                .any(|c| c["value"] == first.key && c["name"] == first.name),
            "{json}"
        );
        assert!(new.parameters.len() <= 25);
    }

    #[test]
    fn each_command_is_the_services_own_and_described_by_its_table() {
        let mut commands = super::super::commands::all();
        customise(&mut commands);
        let names: Vec<&str> = commands.iter().map(|c| c.name.as_ref()).collect();
        for spec in crate::service::COMMANDS {
            assert!(names.contains(&spec.name), "Discord lacks /{}", spec.name);
        }
        for command in &commands {
            let spec = find_command(&command.name).expect("every command is in the table");
            assert_eq!(command.description.as_deref(), Some(spec.about));
        }
        assert_eq!(commands.len(), crate::service::COMMANDS.len());
    }
}
