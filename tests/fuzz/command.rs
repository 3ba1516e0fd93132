//! The command line people type (`/new chess @bob position="…"`, `!move e2e4 #3`), read by the
//! service for the console and Matrix: any text is a command, not a command, or refused with a
//! whole sentence (these refusals are shown as they are). Reading is deterministic, and the
//! move a `/move` names reads back, word for word, from `/move` and that text.

use chatrang::service::{Command, User, parse};
use proptest::prelude::*;

use super::{Verdict, sentence, text_near};

/// The limit of `MAX_LINE` in the service's reader (not exported: only the reader needs it).
const MAX_LINE: usize = 2_000;

/// Real command lines, each form the reader knows.
const LINES: &[&str] = &[
    "/new chess @bob",
    "/new cataclysm team white=@a,@b black=c as=black seed=7 #4",
    "/new chess @bob position=\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\" seed=3",
    "/new katarenga board=AJS2 baseline=north ai=3",
    "/new pick-a-team-v2 white-army=\u{201c}King, K, K, royal; Dragon, D, QN\u{201d}",
    "/move e2e4 #3",
    "!move e7e8=Q",
    "/moves e2",
    "/piece cataclysm Grand Rook",
    "/piece cataclysm \"Grand Rook\"",
    "/draw no",
    "/undo refuse",
    "/join white",
    "/leaderboard chess",
    "/help catalonia",
    "/vacation 3d",
    "/notify off",
    "/takeback",
    "e2e4 is what I would play",
];

/// The console's reading of a name: the id is the name in lower case.
fn person(name: &str) -> User {
    let name = name.trim_start_matches('@');
    User::new(name.to_lowercase(), name)
}

pub fn strategy() -> impl Strategy<Value = String> {
    text_near(LINES.iter().map(|l| l.to_string()).collect())
}

pub fn check(text: &str) -> Verdict {
    for sigil in ['/', '!'] {
        let read = parse(text, sigil, &person);
        ensure!(
            parse(text, sigil, &person) == read,
            "{text:?} reads differently the second time"
        );
        match read {
            Err(e) => sentence(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}"))?,
            Ok(Some(line)) => {
                if let Command::Move(m) = &line.command
                    && !m.contains(['"', '\u{201c}', '\u{201d}', '#'])
                {
                    let again = parse(&format!("{sigil}move {m}"), sigil, &person);
                    // The same words: spaces kept inside quotes are not typed again.
                    let words =
                        |m: &str| m.split_whitespace().map(String::from).collect::<Vec<_>>();
                    ensure!(
                        matches!(&again, Ok(Some(l)) if matches!(&l.command,
                            Command::Move(n) if words(n) == words(m))),
                        "{text:?} reads as {line:?}, but {sigil}move {m} as {again:?}"
                    );
                }
            }
            Ok(None) => {}
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_command_lines(text in strategy()) {
        check(&text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn a_command_line_just_over_the_limit_is_refused_and_names_it() {
    let head = "/move e2e4 ";
    let fits = format!("{head}{}", "x".repeat(MAX_LINE - head.len()));
    assert!(matches!(parse(&fits, '/', &person), Ok(Some(_))));
    let over = format!("{fits}x");
    let e = parse(&over, '/', &person).unwrap_err().to_string();
    assert_eq!(
        e,
        "That message has 2001 characters; a command has at most 2000."
    );
    // Chat between people is no command, whatever its length.
    assert_eq!(parse(&"e2e4 ".repeat(1_000), '/', &person), Ok(None));
}

/// Found by the long run: a quoted move keeps its spaces (`/move "e2e4 "`), which a reading of
/// `/move` and the move again does not; the words are the same.
#[test]
fn a_quoted_move_keeps_its_words() {
    let line = parse("/move e2e4 \"e2e4 \"", '/', &person)
        .unwrap()
        .unwrap();
    assert_eq!(line.command, Command::Move("e2e4 e2e4 ".into()));
    assert_eq!(check("/move e2e4 \"e2e4 \""), Ok(()));
    assert_eq!(check("!K{\"}"), Ok(()));
}
