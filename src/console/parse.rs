//! Reads one console line into a command: `/new cataclysm @bob`, `/move e2e4`, `#3` to name a
//! game, `name=value` options. A line without a slash is a move.

use crate::{rules::Color, service::User};

/// One console command, already split into its parts.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Command {
    As(String),
    New {
        game: String,
        opponent: Option<String>,
        teams: bool,
        side: Option<Color>,
        white: Vec<String>,
        black: Vec<String>,
        options: Vec<(String, String)>,
        seed: Option<u64>,
    },
    Accept,
    Decline,
    Join(Option<Color>),
    Leave,
    Move(String),
    Moves(String),
    Board,
    Resign,
    Draw,
    DeclineDraw,
    Undo,
    DeclineUndo,
    History,
    Games,
    Rematch,
    Help(Option<String>),
    Piece {
        game: String,
        piece: String,
    },
    Leaderboard(String),
    /// An admin's abort of a game (in the console, whoever types is the admin).
    Abort,
    Click(usize),
    Quit,
    Nothing,
}

/// A parsed line: the command and the game it names with `#N`, if any.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Line {
    pub command: Command,
    pub game: Option<i64>,
}

/// The user a console name stands for: the id is the name in lower case.
pub fn user(name: &str) -> User {
    let name = name.trim().trim_start_matches('@');
    User::new(name.to_lowercase(), name)
}

fn side(word: &str) -> Option<Color> {
    match word.to_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

fn names(list: &str) -> Vec<String> {
    list.split(',')
        .map(|n| n.trim().trim_start_matches('@').to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// Splits a line into words at white space; a double-quoted stretch (`"…"`, or the curly
/// quotes phones type) is part of one word without its quotes, so an option value may hold
/// spaces: `position="4k3/8/8/8/8/8/8/4K3 w - - 0 1"`.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut closing: Option<char> = None;
    for c in line.chars() {
        match closing {
            Some(close) if c == close => closing = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\u{201c}' => {
                closing = Some(if c == '"' { '"' } else { '\u{201d}' });
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if closing.is_some() {
        return Err("A quote is not closed: put a \" at the end of the quoted value.".into());
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Parses a line, or says why it cannot.
pub fn parse(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("//") || line.starts_with("# ") || line == "#" {
        return Ok(Line {
            command: Command::Nothing,
            game: None,
        });
    }
    let words = split_words(line)?;
    let mut words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut game = None;
    words.retain(|w| match w.strip_prefix('#').map(str::parse::<i64>) {
        Some(Ok(id)) => {
            game = Some(id);
            false
        }
        _ => true,
    });
    let Some(first) = words.first().copied() else {
        return Ok(Line {
            command: Command::Nothing,
            game,
        });
    };
    let Some(name) = first.strip_prefix('/') else {
        return Ok(Line {
            command: Command::Move(words.join(" ")),
            game,
        });
    };
    let args = &words[1..];
    let rest = args.join(" ");
    let command = match name.to_lowercase().as_str() {
        "as" | "user" => match args.first() {
            Some(who) => Command::As(who.trim_start_matches('@').to_string()),
            None => return Err("Say who to act as: /as bob".into()),
        },
        "new" | "challenge" => parse_new(args)?,
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "join" => Command::Join(args.first().and_then(|w| side(w))),
        "leave" | "withdraw" => Command::Leave,
        "move" | "m" => {
            if rest.is_empty() {
                return Err("Say which move: /move e2e4".into());
            }
            Command::Move(rest)
        }
        "moves" => Command::Moves(rest),
        "board" | "show" => Command::Board,
        "resign" | "abandon" => Command::Resign,
        "draw" => match args.first().map(|w| w.to_lowercase()) {
            Some(w) if w == "decline" || w == "no" || w == "refuse" => Command::DeclineDraw,
            _ => Command::Draw,
        },
        "undo" | "takeback" => match args.first().map(|w| w.to_lowercase()) {
            Some(w) if w == "decline" || w == "no" || w == "refuse" => Command::DeclineUndo,
            _ => Command::Undo,
        },
        "history" | "record" => Command::History,
        "games" | "mygames" => Command::Games,
        "rematch" => Command::Rematch,
        "help" => Command::Help(args.first().map(|_| rest.clone())),
        "piece" => match args {
            [game, piece @ ..] if !piece.is_empty() => Command::Piece {
                game: game.to_string(),
                piece: piece.join(" "),
            },
            _ => return Err("Say the game and the piece: /piece cataclysm Grand Rook".into()),
        },
        "leaderboard" | "scores" | "ratings" => match args.first() {
            Some(game) => Command::Leaderboard(game.to_string()),
            None => return Err("Say which game: /leaderboard cataclysm".into()),
        },
        "abort" => Command::Abort,
        "click" | "choose" => match args.first().and_then(|n| n.parse().ok()) {
            Some(n) => Command::Click(n),
            None => return Err("Say which choice by its number: /click 1".into()),
        },
        "quit" | "exit" => Command::Quit,
        other => {
            return Err(format!(
                "There is no command /{other}; /help lists the commands."
            ));
        }
    };
    Ok(Line { command, game })
}

fn parse_new(args: &[&str]) -> Result<Command, String> {
    let Some(game) = args.first() else {
        return Err("Say which game: /new cataclysm @bob (/help lists the games)".into());
    };
    let mut command = Command::New {
        game: game.to_string(),
        opponent: None,
        teams: false,
        side: None,
        white: Vec::new(),
        black: Vec::new(),
        options: Vec::new(),
        seed: None,
    };
    let Command::New {
        opponent,
        teams,
        side: my_side,
        white,
        black,
        options,
        seed,
        ..
    } = &mut command
    else {
        unreachable!("built above");
    };
    for word in &args[1..] {
        if let Some(name) = word.strip_prefix('@') {
            *opponent = Some(name.to_string());
        } else if matches!(word.to_lowercase().as_str(), "team" | "teams" | "group") {
            *teams = true;
        } else if let Some((key, value)) = word.split_once('=') {
            match key.to_lowercase().as_str() {
                "white" => white.extend(names(value)),
                "black" => black.extend(names(value)),
                "as" | "side" => {
                    *my_side =
                        Some(side(value).ok_or_else(|| {
                            format!("\"{value}\" is not a side; say white or black")
                        })?)
                }
                "seed" => {
                    *seed = Some(
                        value
                            .parse()
                            .map_err(|_| format!("the seed must be a number, not \"{value}\""))?,
                    )
                }
                _ => options.push((key.to_string(), value.to_string())),
            }
        } else {
            return Err(format!(
                "I do not understand \"{word}\" in /new; write @opponent, team, white=@a,@b, \
                 black=@c, as=black or option=value"
            ));
        }
    }
    Ok(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_reads_opponent_teams_options_and_game_number() {
        let line =
            parse("/new chess team white=@a,@b black=c as=black position=8/8 seed=7 #4").unwrap();
        assert_eq!(line.game, Some(4));
        let Command::New {
            game,
            teams,
            side,
            white,
            black,
            options,
            seed,
            ..
        } = line.command
        else {
            panic!("not a new game: {line:?}");
        };
        assert_eq!(game, "chess");
        assert!(teams);
        assert_eq!(side, Some(Color::Black));
        assert_eq!(white, vec!["a", "b"]);
        assert_eq!(black, vec!["c"]);
        assert_eq!(options, vec![("position".to_string(), "8/8".to_string())]);
        assert_eq!(seed, Some(7));
    }

    #[test]
    fn quoted_option_values_keep_their_spaces() {
        let line =
            parse(r#"/new chess @bob position="4k3/8/8/8/8/8/8/4K3 w - - 0 1" seed=3"#).unwrap();
        let Command::New { options, seed, .. } = line.command else {
            panic!("not a new game: {line:?}");
        };
        assert_eq!(
            options,
            vec![(
                "position".to_string(),
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_string()
            )]
        );
        assert_eq!(seed, Some(3));
        let curly = parse("/new chess position=\u{201c}8/8 w - - 0 1\u{201d}").unwrap();
        let Command::New { options, .. } = curly.command else {
            panic!("not a new game: {curly:?}");
        };
        assert_eq!(options[0].1, "8/8 w - - 0 1");
        assert_eq!(
            parse(r#"/piece cataclysm "Grand Rook""#).unwrap().command,
            Command::Piece {
                game: "cataclysm".into(),
                piece: "Grand Rook".into()
            }
        );
    }

    #[test]
    fn an_unclosed_quote_is_explained() {
        let error = parse(r#"/new chess position="8/8 w"#).unwrap_err();
        assert!(error.contains("quote is not closed"), "{error}");
    }

    #[test]
    fn a_line_without_a_slash_is_a_move_and_comments_are_nothing() {
        assert_eq!(parse("e2e4").unwrap().command, Command::Move("e2e4".into()));
        assert_eq!(parse("# a comment").unwrap().command, Command::Nothing);
        assert_eq!(parse("").unwrap().command, Command::Nothing);
    }

    #[test]
    fn unknown_commands_and_missing_arguments_are_explained() {
        assert!(parse("/fly").unwrap_err().contains("no command /fly"));
        assert!(parse("/move").unwrap_err().contains("/move e2e4"));
        assert!(parse("/new").unwrap_err().contains("which game"));
    }
}
