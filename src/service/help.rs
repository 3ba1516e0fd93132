//! `/help`: the list of games and commands, and help on one thing: a game's rules (first, and
//! alone, with its start options), one command, or a topic every game shares (teams, timed
//! play), which is told once behind its own name rather than repeated in each game's help.

use super::{
    base::Service,
    command::{CommandSpec, command_list, find},
    info::parse_game,
    orientation::ORIENTATION_OPTION,
    rated::RATED_OPTION,
    reply::{Reply, ServiceError, ServiceResult},
    request::Place,
    timing::TIMING_OPTIONS,
    words::shown,
};
use crate::rules::{GAMES, search::Level};

/// What the list of commands adds in a direct conversation.
const DIRECT_HELP: &str = "\nIn this direct message you can read the help and piece diagrams, \
     list all your games (/games) and play them by number; challenges and group games start in a \
     server channel, where everyone sees the board.";

/// Where `/forget-me` reaches, said by its help and the privacy topic.
const FORGET_ME_REACH: &str = "\nIn a server's channel it reaches that server's records; in a \
     direct message with the bot, every server's, and your /notify and /vacation settings. It \
     waits until your games and tournaments there are over, and cannot be undone.";

/// `/help privacy`: what the bot keeps, for how long, and how to be forgotten (PRIVACY.md
/// says the same at length).
fn privacy_help() -> String {
    format!(
        "What the bot keeps: your platform id and display name; the games you play (every \
         move, who made it and when, and the bot's own posts about them); your results, ratings \
         and their history, seeks, follows (/subscribe), tournament entries, and your \
         /notify and /vacation settings. It keeps them as long as the bot runs, so that \
         games can be replayed and leaderboards add up; it keeps no other messages.\n\
         /forget-me replaces your name and id by an anonymous one in all of these, asking \
         first; games and ratings stay valid for the others.{FORGET_ME_REACH}"
    )
}

/// A topic `/help` explains besides games and commands: its name, other names for it, and
/// what it says.
struct Topic {
    name: &'static str,
    aliases: &'static [&'static str],
    says: fn() -> String,
}

/// The topics, each told once rather than in every game's help.
const TOPICS: &[Topic] = &[
    Topic {
        name: "teams",
        aliases: &["team", "group", "groups"],
        says: teams_help,
    },
    Topic {
        name: "timed",
        aliases: &["time", "timing", "deadline", "clock"],
        says: timed_help,
    },
    Topic {
        name: "tournaments",
        aliases: &[
            "tournament",
            "swiss",
            "round-robin",
            "roundrobin",
            "duplicate",
        ],
        says: tournaments_help,
    },
    Topic {
        name: "bot",
        aliases: &["ai", "level", "levels", "solo", "engine"],
        says: bot_help,
    },
    Topic {
        name: "variants",
        aliases: &["variant", "defined", "define", "own"],
        says: || crate::rules::custom::HELP.to_string(),
    },
    Topic {
        name: "privacy",
        aliases: &["data", "forget", "gdpr"],
        says: privacy_help,
    },
];

/// The commands that act on a game, whose help says how to name one among several.
const ABOUT_A_GAME: &[&str] = &[
    "accept", "decline", "join", "leave", "move", "moves", "board", "resign", "draw", "undo",
    "hint", "history", "replay", "review", "rematch", "abort",
];

/// `/help teams`: playing in teams and gathering them, for every game.
fn teams_help() -> String {
    "Teams: /new GAME team starts a group game (or name the teams: white=@a,@b black=@c). \
     Anyone joins a side with /join white or /join black (the smaller side without one), and \
     /leave leaves it. The game begins as soon as both sides have a player; others may still \
     join later. Any member of the side to move may move for it; with vote=on a move is a vote \
     of the side's members. Cooperative games (Catalonia) are always played this way: \
     everyone plays together in two teams. Games are started in a server channel, where \
     everyone can see the board. Draws by agreement (/draw), resignation (/resign) and undo \
     with the other side's consent (/undo) are always available."
        .to_string()
}

/// `/help timed`: timed play, which every game offers.
fn timed_help() -> String {
    let options: Vec<&str> = TIMING_OPTIONS.iter().map(|o| o.name).collect();
    format!(
        "Timed play ({}): deadline=1d gives each move or decision a day, with reminders at half \
         time and with an hour left. When time is up a late move loses on time, and a late \
         decision inside a turn or a draft pick is made by the bot; in a cooperative game the \
         bot makes the late side's move (the one with the longest chain). on-timeout=wait keeps \
         waiting instead. vote=on makes a team's moves votes of its members. /vacation stops \
         your clocks while you are away; /notify says when you are mentioned.",
        options.join(", ")
    )
}

/// `/help bot`: playing the bot, and how strong each level is (measured, from
/// [`Level::strength`]), so that a player chooses a level knowing what it means.
fn bot_help() -> String {
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|&level| format!("{level} {}", level.strength_text()))
        .collect();
    format!(
        "Playing the bot: /new GAME ai=N plays it at level N (ai alone: level 3), in every \
         game; /new catalonia solo makes it your partner. Its strength in chess, measured \
         against Fairy-Stockfish on its rating scale: {}. Level 1 looks one move ahead (and at \
         the capture that answers it), level 2 three plies; levels 1 to 3 choose among their better moves, as people do, and \
         always play a win they see; levels 4 and 5 play the best move they find, level 5 \
         (not yet measured) thinking up to two seconds. Each level is an account of its own, rated like anyone \
         (\"{}\"). It accepts a draw only when it stands worse and never takes moves back.",
        levels.join(", "),
        super::bot::bot_user(Level::DEFAULT).name
    )
}

/// `/help tournaments`: the formats, entries, rounds and the duplicate event.
fn tournaments_help() -> String {
    "Tournaments: /tournament new GAME announces one here, a round robin (everyone meets \
     everyone, double=yes twice with both colours) or a Swiss (format=swiss rounds=5); \
     deadline=2d is the time per move (the default), rated=no makes it casual, start=1d starts \
     it by itself. Join with the button or /tournament join; its creator or a moderator starts \
     it (/tournament start). Every round's games start at once, each in its own thread; the \
     rounds and standings are posted in the tournament's thread. /tournament leave withdraws \
     you (a round robin's later opponents win by forfeit). /tournament standings and \
     /tournament pairings show where it stands. Catalonia's tournament is a duplicate event: \
     join with group=NAME to play in one game with the others who name that group (alone, the \
     bot is your partner); every group plays the same dice and bombs, and the best final \
     score wins, compared turn by turn."
        .to_string()
}

impl Service {
    /// What `/help` explains, as a person would type it: the games, the topics, then the
    /// commands (for a platform that suggests them while one types).
    pub fn help_subjects() -> Vec<String> {
        GAMES
            .iter()
            .map(|g| g.slug.to_string())
            .chain(TOPICS.iter().map(|topic| topic.name.to_string()))
            .chain(super::command::COMMANDS.iter().map(|c| c.name.to_string()))
            .collect()
    }

    /// The list of games and commands, or help on one game, command or topic. In a direct
    /// conversation the list also says what can be done there.
    pub(crate) fn help(&self, asked: Option<&str>, place: &Place) -> ServiceResult {
        let Some(name) = asked.map(str::trim).filter(|g| !g.is_empty()) else {
            return Ok(Reply::text(overview(place)));
        };
        if let Ok(kind) = parse_game(name) {
            return Ok(Reply::text(game_help(kind)));
        }
        let word = name
            .trim_start_matches(['/', '!'])
            .to_lowercase()
            .replace(' ', "");
        if let Some(topic) = TOPICS
            .iter()
            .find(|t| t.name == word || t.aliases.contains(&word.as_str()))
        {
            return Ok(Reply::text((topic.says)()));
        }
        if let Some(spec) = find(&word) {
            return Ok(Reply::text(command_help(spec)));
        }
        Err(ServiceError::refused(format!(
            "There is no game, command or topic called \"{}\"; /help lists them.",
            shown(name)
        )))
    }
}

/// `/help`: the games, the commands and the topics.
fn overview(place: &Place) -> String {
    let games: Vec<String> = GAMES
        .iter()
        .map(|g| format!("• {} (`{}`)", g.name, g.slug))
        .collect();
    let mut text = format!(
        "Chatrang hosts these games:\n{}\n/help GAME gives a game's rules, /help COMMAND a \
         command's; the topics: /help teams, /help timed, /help tournaments, \
         /help bot, /help variants, /help privacy.\n{}",
        games.join("\n"),
        command_list('/')
    );
    if place.direct {
        text.push_str(DIRECT_HELP);
    }
    text
}

/// `/help GAME`: the game's rules, its start options, and where the shared topics are.
fn game_help(kind: crate::rules::GameId) -> String {
    let spec = kind.spec();
    let mut text = spec.help.to_string();
    if !spec.options.is_empty() {
        text.push_str("\nOptions when starting (/new ");
        text.push_str(spec.slug);
        text.push_str(" name=value):");
        for option in spec.options {
            text.push_str(&format!("\n• {}: {}", option.name, option.description));
        }
    }
    // Every game takes it; said here because it is about this game's pictures.
    text.push_str(&format!(
        "\nPictures: {}={}.",
        ORIENTATION_OPTION.name, ORIENTATION_OPTION.description
    ));
    if !spec.cooperative {
        text.push_str(&format!(
            "\nRatings: {}={}.",
            RATED_OPTION.name, RATED_OPTION.description
        ));
    }
    text.push_str(if spec.cooperative {
        "\nEveryone plays together in two teams (/join white or /join black), in a server \
         channel where everyone can see the board: /help teams. Timed play: /help timed."
    } else {
        "\nPlay one against one (/new with an @opponent, or an open challenge) or in teams \
         (/help teams), in a server channel where everyone can see the board. Timed play: \
         /help timed."
    });
    text
}

/// `/help COMMAND`: how to write it, what it does, its other names, and how to name a game.
fn command_help(spec: &CommandSpec) -> String {
    let written = match spec.usage {
        "" => format!("/{}", spec.name),
        usage => format!("/{} {usage}", spec.name),
    };
    let mut text = format!("{written}: {}", spec.about);
    if !spec.aliases.is_empty() {
        let aliases: Vec<String> = spec.aliases.iter().map(|a| format!("/{a}")).collect();
        text.push_str(&format!("\nAlso written {}.", aliases.join(", ")));
    }
    if spec.name == "forget-me" {
        text.push_str(FORGET_ME_REACH);
    }
    if ABOUT_A_GAME.contains(&spec.name) {
        let example = if spec.name == "move" {
            "/move e4 #2".to_string()
        } else {
            format!("/{} #2 (or /{} 2)", spec.name, spec.name)
        };
        text.push_str(&format!(
            "\nIt acts on the game of this channel or thread; where several are open, add the \
             game's number: {example}. /games lists yours."
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::command::COMMANDS;

    #[test]
    fn every_command_and_topic_has_help_and_no_game_repeats_the_shared_paragraphs() {
        for spec in COMMANDS {
            let help = command_help(spec);
            assert!(help.contains(spec.about), "{help}");
        }
        for game in &GAMES {
            let help = game_help(game.id);
            assert!(help.starts_with(game.help), "the rules come first: {help}");
            assert!(!help.contains(&teams_help()) && !help.contains("reminders at half"));
        }
        for topic in TOPICS {
            assert!(!(topic.says)().is_empty(), "{}", topic.name);
        }
    }

    #[test]
    fn the_bot_topic_gives_every_level_its_measured_strength_and_the_overview_names_it() {
        let help = bot_help();
        for level in Level::ALL {
            let told = format!("level {} {}", level.number(), level.strength_text());
            assert!(help.contains(&told), "{told} missing from: {help}");
        }
        assert!(help.contains("(about 1"), "the bot's account name: {help}");
        let place = Place::new("s", "c");
        for topic in TOPICS {
            assert!(
                overview(&place).contains(&format!("/help {}", topic.name)),
                "{}",
                topic.name
            );
        }
    }
}
