//! Reads a typed command: `/new cataclysm @bob`, `!move e2e4 #3`, `name=value` options. The
//! console and Matrix both type commands as text; they share this one reader and differ only in
//! the sigil (`/` or `!`) and in how a mention names a person.

use super::{
    command::{Command, NewGame, Pick, VariantArgs},
    request::User,
};
use crate::rules::Color;

/// A typed command and the game it names with `#N`, if any.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Line {
    pub command: Command,
    pub game: Option<i64>,
}

/// Why a typed command could not be read. `Display` is the sentence for the user; each names
/// the command with the sigil the user typed.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ParseError {
    /// A line longer than `MAX_LINE`, with its length in characters.
    #[error("That message has {0} characters; a command has at most {MAX_LINE}.")]
    TooLong(usize),
    #[error("A quote is not closed: end the quoted value with the same quote it starts with.")]
    UnclosedQuote,
    #[error("There is no command {0}{1}; {0}help lists the commands.")]
    UnknownCommand(char, String),
    #[error("Say which move: {0}move e2e4.")]
    NoMove(char),
    #[error("Say which game: {0}new cataclysm @bob ({0}help lists the games).")]
    NoGameToStart(char),
    #[error("\"{0}\" is not a side; say white or black.")]
    NotASide(String),
    #[error("The seed must be a number, not \"{0}\".")]
    BadSeed(String),
    #[error(
        "{0}rating shows one person: I cannot read \"{1}\" as one; write {0}rating @someone GAME."
    )]
    NotOnePerson(char, String),
    #[error(
        "I do not understand \"{1}\" in {0}new; write @opponent, team, white=@a,@b, black=@c, \
         as=black or option=value."
    )]
    NotUnderstood(char, String),
}

/// The most characters a typed command may have. Discord's own limit for a message is 2,000
/// characters (4,000 with Nitro), and the longest real command, `/new` with a Pick-a-team
/// position and two army lists, goes in through options or in several steps; so no one types
/// more, and a longer line is refused before it is split into words.
const MAX_LINE: usize = 2_000;

/// The most characters of a word a refusal repeats: enough to recognise it.
const ECHO: usize = 40;

impl From<ParseError> for super::ServiceError {
    fn from(error: ParseError) -> super::ServiceError {
        super::ServiceError::refused(error.to_string())
    }
}

/// Reads `text` as a command written with `sigil` before its name. `Ok(None)` when the text is
/// no command (it does not start with the sigil: chat between people). A mention (`@bob`, or a
/// name in `white=a,b`) becomes a user through `person`, the platform's own reading of names.
pub fn parse(
    text: &str,
    sigil: char,
    person: &dyn Fn(&str) -> User,
) -> Result<Option<Line>, ParseError> {
    let text = text.trim();
    if !text.starts_with(sigil) {
        return Ok(None);
    }
    // `/variant new NAME` carries its definition on the lines below it.
    let (text, body) = match text.split_once('\n') {
        Some((head, body)) if is_variant_command(head, sigil) => (head.trim(), Some(body)),
        _ => (text, None),
    };
    if text.len() > MAX_LINE && text.chars().nth(MAX_LINE).is_some() {
        return Err(ParseError::TooLong(text.chars().count()));
    }
    let words = split_words(text)?;
    let mut words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut game = None;
    words.retain(|w| match w.strip_prefix('#').map(str::parse::<i64>) {
        Some(Ok(id)) => {
            game = Some(id);
            false
        }
        _ => true,
    });
    let Some(name) = words.first().and_then(|w| w.strip_prefix(sigil)) else {
        return Ok(None);
    };
    let Some(spec) = super::command::find(name) else {
        return Err(ParseError::UnknownCommand(sigil, echo(name)));
    };
    let mut args = words[1..].to_vec();
    if BARE_NUMBER_NAMES_GAME.contains(&spec.name) {
        args.retain(|w| match bare_number(w) {
            Some(id) => {
                game = Some(id);
                false
            }
            None => true,
        });
    }
    // `/seek accept #3` names a seek, not a game.
    if spec.name == "seek"
        && args
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("accept"))
        && args.len() == 1
        && let Some(seek) = game.take()
    {
        return Ok(Some(Line {
            command: Command::Seek(format!("accept {seek}")),
            game: None,
        }));
    }
    let name_is = |alias: &str| name.eq_ignore_ascii_case(alias);
    let args = args.as_slice();
    let rest = args.join(" ");
    let answer_is_yes = || {
        args.first()
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "yes" | "y" | "confirm"))
    };
    let answer_is_no = || {
        args.first()
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "decline" | "no" | "refuse"))
    };
    let command = match spec.name {
        "new" => Command::New(read_new(args, sigil, person)?),
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "join" => Command::Join(args.first().and_then(|w| side(w))),
        "leave" => Command::Leave,
        "move" if rest.is_empty() => return Err(ParseError::NoMove(sigil)),
        "move" => Command::Move(rest),
        "moves" => Command::Moves(rest),
        "board" if rest.is_empty() => Command::Board,
        "board" => Command::BoardAs(rest),
        "pieces" => Command::Pieces(rest),
        "army" => Command::Army(rest),
        "resign" if answer_is_yes() => Command::Resign,
        "resign" => Command::AskToResign,
        "draw" if answer_is_no() => Command::DeclineDraw,
        "draw" => Command::Draw,
        "undo" if answer_is_no() => Command::DeclineUndo,
        "undo" => Command::Undo,
        "history" => Command::History,
        "games" => Command::Games,
        "rematch" => Command::Rematch,
        "help" => Command::Help((!rest.is_empty()).then_some(rest)),
        "piece" => Command::Piece {
            game: args.first().map_or(String::new(), |g| g.to_string()),
            piece: args.get(1..).unwrap_or_default().join(" "),
        },
        "leaderboard" => Command::Leaderboard(rest),
        "rating" => read_rating(args, sigil, person)?,
        "abort" => Command::Abort,
        "vacation" => Command::Vacation(rest),
        "notify" => Command::Notify(rest),
        "hint" => Command::Hint,
        "limits" => Command::Limits(rest),
        "replay" => Command::Replay(rest),
        "review" => Command::Review,
        "settings" => Command::Settings(rest),
        "variant" => Command::Variant(VariantArgs {
            words: rest,
            definition: body.map(str::to_string).filter(|b| !b.trim().is_empty()),
        }),
        "seek" => Command::Seek(rest),
        // `/tournament join #3` names a tournament, not a game.
        "tournament" => match game.take() {
            Some(number) => Command::Tournament(format!("{rest} {number}")),
            None => Command::Tournament(rest),
        },
        "subscribe" if name_is("unsubscribe") => Command::Subscribe(format!("{rest} off")),
        "subscribe" => Command::Subscribe(rest),
        "click" => Command::Click(Pick::Number(rest)),
        "forget-me" => Command::ForgetMe(answer_is_yes()),
        other => unreachable!("the command table has /{other}, which the reader does not know"),
    };
    Ok(Some(Line { command, game }))
}

/// Whether the first line of a message is `/variant …` (or its alias), whose definition
/// follows on the next lines.
fn is_variant_command(head: &str, sigil: char) -> bool {
    let name = head
        .trim()
        .strip_prefix(sigil)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or("");
    super::command::find(name).is_some_and(|spec| spec.name == "variant")
}

/// The commands whose own arguments are never a number, so that a number typed with them can
/// only be a game's: `/board 2` is `/board #2`, `/join 2 black` is `/join black #2`. A move
/// keeps the `#`: what a move may be is each game's own notation, and a line without a slash
/// is a move in the console.
const BARE_NUMBER_NAMES_GAME: &[&str] = &[
    "accept", "decline", "join", "leave", "moves", "board", "pieces", "army", "resign", "draw",
    "undo", "hint", "history", "rematch", "abort",
];

/// A word that is a game's number written without its `#`: digits only.
fn bare_number(word: &str) -> Option<i64> {
    word.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| word.parse().ok())
        .flatten()
}

/// The arguments of `/new`: the game, then `@opponent`, `team`, `white=`/`black=` lists,
/// `as=black`, `seed=N` and the game's own `option=value`s in any order.
fn read_new(
    args: &[&str],
    sigil: char,
    person: &dyn Fn(&str) -> User,
) -> Result<NewGame, ParseError> {
    let Some(game) = args.first() else {
        return Err(ParseError::NoGameToStart(sigil));
    };
    let mut new = NewGame {
        game: game.to_string(),
        ..NewGame::default()
    };
    for word in &args[1..] {
        if word.starts_with('@') {
            new.opponent = Some(person(word));
        } else if matches!(word.to_lowercase().as_str(), "team" | "teams" | "group") {
            new.teams = true;
        } else if matches!(word.to_lowercase().as_str(), "ai" | "bot" | "solo") {
            new.options.push(("ai".to_string(), String::new()));
        } else if let Some((key, value)) = word.split_once('=') {
            match key.to_lowercase().as_str() {
                "white" => new.white.extend(names(value).map(person)),
                "black" => new.black.extend(names(value).map(person)),
                "as" | "side" => {
                    new.side = Some(side(value).ok_or_else(|| ParseError::NotASide(echo(value)))?)
                }
                "seed" => {
                    new.seed = Some(
                        value
                            .parse()
                            .map_err(|_| ParseError::BadSeed(echo(value)))?,
                    )
                }
                _ => new.options.push((key.to_string(), value.to_string())),
            }
        } else {
            return Err(ParseError::NotUnderstood(sigil, echo(word)));
        }
    }
    Ok(new)
}

/// The arguments of `/rating`: a mention (`@bob`) anywhere, and the rest is the game's name
/// (which may have spaces: `Pick-a-team chess`). The service judges the name.
fn read_rating(
    args: &[&str],
    sigil: char,
    person: &dyn Fn(&str) -> User,
) -> Result<Command, ParseError> {
    let (mentions, game): (Vec<&str>, Vec<&str>) = args.iter().partition(|w| w.starts_with('@'));
    match mentions.as_slice() {
        [] => Ok(Command::Rating {
            user: None,
            game: game.join(" "),
        }),
        [one] if one.len() > 1 => Ok(Command::Rating {
            user: Some(person(one)),
            game: game.join(" "),
        }),
        [one] => Err(ParseError::NotOnePerson(sigil, echo(one))),
        [_, second, ..] => Err(ParseError::NotOnePerson(sigil, echo(second))),
    }
}

/// A word as a refusal repeats it: at most [`ECHO`] characters.
fn echo(word: &str) -> String {
    word.chars().take(ECHO).collect()
}

fn side(word: &str) -> Option<Color> {
    match word.to_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// The names of a comma-separated list (`@a,@b` or `a, b`).
fn names(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|n| !n.is_empty())
}

/// Splits a line into words at white space; a quoted stretch (`"…"`, or the curly quotes
/// phones type) is part of one word without its quotes, so an option value may hold spaces:
/// `position="4k3/8/8/8/8/8/8/4K3 w - - 0 1"`. Single quotes (`'…'`, `‘…’`) quote too where
/// a value starts (a word's start, or after `=`), so `white-army='Wazir, W'` reads as typed;
/// elsewhere a `'` is an apostrophe.
fn split_words(line: &str) -> Result<Vec<String>, ParseError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut closing: Option<char> = None;
    for c in line.chars() {
        let value_starts = !in_word || word.ends_with('=');
        match closing {
            Some(close) if c == close => closing = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\u{201c}' => {
                closing = Some(if c == '"' { '"' } else { '\u{201d}' });
                in_word = true;
            }
            None if value_starts && (c == '\'' || c == '\u{2018}') => {
                closing = Some(if c == '\'' { '\'' } else { '\u{2019}' });
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
        return Err(ParseError::UnclosedQuote);
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::command::COMMANDS;

    /// The console's reading of a name: the id is the name in lower case.
    fn person(name: &str) -> User {
        let name = name.trim_start_matches('@');
        User::new(name.to_lowercase(), name)
    }

    fn read(text: &str) -> Line {
        parse(text, '/', &person).unwrap().unwrap()
    }

    #[test]
    fn click_keeps_what_was_typed_for_the_service_to_judge() {
        let number = |text: &str| parse(text, '!', &person).unwrap().unwrap().command;
        assert_eq!(number("!click 2"), Command::Click(Pick::Number("2".into())));
        assert_eq!(
            number("  !CLICK  "),
            Command::Click(Pick::Number(String::new()))
        );
        assert_eq!(
            number("!choose x"),
            Command::Click(Pick::Number("x".into()))
        );
        assert_eq!(parse("click 2", '!', &person), Ok(None));
    }

    #[test]
    fn new_reads_opponent_teams_options_and_game_number() {
        let line = read("/new chess team white=@a,@b black=c as=black position=8/8 seed=7 #4");
        assert_eq!(line.game, Some(4));
        let Command::New(new) = line.command else {
            panic!("not a new game: {line:?}");
        };
        assert_eq!(new.game, "chess");
        assert!(new.teams);
        assert_eq!(new.side, Some(Color::Black));
        assert_eq!(new.white, vec![person("a"), person("b")]);
        assert_eq!(new.black, vec![person("c")]);
        assert_eq!(new.options, vec![("position".into(), "8/8".into())]);
        assert_eq!(new.seed, Some(7));
        let challenge = read("/new chess @Bob");
        let Command::New(new) = challenge.command else {
            panic!("not a new game");
        };
        assert_eq!(new.opponent, Some(User::new("bob", "Bob")));
    }

    #[test]
    fn quoted_option_values_keep_their_spaces() {
        let line = read(r#"/new chess @bob position="4k3/8/8/8/8/8/8/4K3 w - - 0 1" seed=3"#);
        let Command::New(new) = line.command else {
            panic!("not a new game: {line:?}");
        };
        assert_eq!(new.options[0].1, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(new.seed, Some(3));
        let curly = read("/new chess position=\u{201c}8/8 w - - 0 1\u{201d}");
        let Command::New(new) = curly.command else {
            panic!("not a new game: {curly:?}");
        };
        assert_eq!(new.options[0].1, "8/8 w - - 0 1");
        let single = read("/new patch white-army='Wazir, W; Ferz, F' as=black");
        let Command::New(new) = single.command else {
            panic!("not a new game: {single:?}");
        };
        assert_eq!(
            new.options,
            vec![("white-army".into(), "Wazir, W; Ferz, F".into())]
        );
        assert_eq!(new.side, Some(Color::Black));
        assert_eq!(
            read("/help 'teams'").command,
            Command::Help(Some("teams".into()))
        );
        assert_eq!(read("/move don't").command, Command::Move("don't".into()));
        assert_eq!(
            read(r#"/piece cataclysm "Grand Rook""#).command,
            Command::Piece {
                game: "cataclysm".into(),
                piece: "Grand Rook".into()
            }
        );
    }

    #[test]
    fn the_sigil_decides_what_is_a_command() {
        assert_eq!(parse("e2e4", '/', &person), Ok(None));
        assert_eq!(parse("/move e2e4", '!', &person), Ok(None));
        let line = parse("!move e2e4 #3", '!', &person).unwrap().unwrap();
        assert_eq!(line.command, Command::Move("e2e4".into()));
        assert_eq!(line.game, Some(3));
        assert_eq!(read("/draw no").command, Command::DeclineDraw);
        assert_eq!(read("/takeback").command, Command::Undo);
        assert_eq!(read("/undo refuse").command, Command::DeclineUndo);
        assert_eq!(read("/resign").command, Command::AskToResign);
        assert_eq!(read("/resign yes").command, Command::Resign);
    }

    #[test]
    fn a_bare_number_names_the_game_where_no_argument_is_a_number() {
        let line = read("/board 2");
        assert_eq!((line.command, line.game), (Command::Board, Some(2)));
        let line = read("/join 3 black");
        assert_eq!(
            (line.command, line.game),
            (Command::Join(Some(Color::Black)), Some(3))
        );
        let line = read("/join white 4");
        assert_eq!(
            (line.command, line.game),
            (Command::Join(Some(Color::White)), Some(4))
        );
        assert_eq!(read("/draw no 5").command, Command::DeclineDraw);
        assert_eq!(read("/moves e4 2").command, Command::Moves("e4".into()));
        let line = read("/pieces black 4");
        assert_eq!(
            (line.command, line.game),
            (Command::Pieces("black".into()), Some(4))
        );
        let line = read("/board text 4");
        assert_eq!(
            (line.command, line.game),
            (Command::BoardAs("text".into()), Some(4))
        );
        assert_eq!(read("/army 3").game, Some(3));
        // A number that is a command's own argument stays its argument.
        let line = read("/click 2");
        assert_eq!(
            (line.command, line.game),
            (Command::Click(Pick::Number("2".into())), None)
        );
        let line = read("/move e4 2");
        assert_eq!(
            (line.command, line.game),
            (Command::Move("e4 2".into()), None)
        );
        assert_eq!(read("/board 99999999999999999999").game, None);
    }

    #[test]
    fn a_variant_definition_is_the_lines_below_the_command() {
        let long_definition = format!("[Long:chess]\n{}", "# a comment line\n".repeat(300));
        let command = |text: &str| parse(text, '!', &person).unwrap().unwrap().command;
        assert_eq!(
            command("!variant new Nightrider chess\n[n:chess]\nknight = -\n"),
            Command::Variant(VariantArgs {
                words: "new Nightrider chess".into(),
                definition: Some("[n:chess]\nknight = -".into()),
            })
        );
        // Longer than a command line may be: the limit is the first line's, the definition
        // has its own.
        let Command::Variant(args) = command(&format!("!variants new Long\n{long_definition}"))
        else {
            panic!("not /variant");
        };
        assert_eq!(args.words, "new Long");
        assert_eq!(args.definition.as_deref(), Some(long_definition.trim()));
        assert_eq!(
            command("!variant list"),
            Command::Variant(VariantArgs {
                words: "list".into(),
                definition: None,
            })
        );
        // Another command's lines are read as before: words, not a definition.
        let Command::Move(text) = command("!move e2e4\nsecond line") else {
            panic!("not a move");
        };
        assert_eq!(text, "e2e4 second line");
    }

    #[test]
    fn every_command_of_the_table_reads() {
        for spec in COMMANDS {
            let args = match spec.name {
                "new" => " chess",
                "move" => " e2e4",
                "piece" => " chess knight",
                "leaderboard" => " chess",
                "rating" => " @bob chess",
                _ => "",
            };
            let line = read(&format!("/{}{args}", spec.name));
            assert_eq!(line.command.spec().map(|s| s.name), Some(spec.name));
        }
    }

    #[test]
    fn mistakes_are_explained_with_the_sigil_typed() {
        let error = |text: &str| parse(text, '!', &person).unwrap_err().to_string();
        assert!(error(r#"!new chess position="8/8 w"#).contains("quote is not closed"));
        assert_eq!(
            error("!fly"),
            "There is no command !fly; !help lists the commands."
        );
        assert!(error("!move").contains("!move e2e4"));
        assert!(error("!new").contains("which game"));
        assert!(error("!new chess as=green").contains("not a side"));
        assert!(error("!new chess seed=x").contains("seed must be a number"));
        assert!(error("!new chess bob").contains("I do not understand \"bob\" in !new"));
        assert_eq!(
            read("/piece chess").command,
            Command::Piece {
                game: "chess".into(),
                piece: String::new()
            }
        );
        assert_eq!(
            read("/leaderboard").command,
            Command::Leaderboard(String::new())
        );
    }

    proptest::proptest! {
        /// Whatever is typed, the reader answers with a command, "not a command" or a
        /// sentence; it never panics.
        #[test]
        fn any_text_reads_or_is_explained(text in "[/!#@=\"a-z0-9 \u{201c}\u{201d}]{0,40}|\\PC{0,60}") {
            for sigil in ['/', '!'] {
                if let Err(error) = parse(&text, sigil, &person) {
                    proptest::prop_assert!(!error.to_string().is_empty());
                }
            }
        }
    }
}
