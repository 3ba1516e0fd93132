//! The engine's own binary speaks UCI as `chatrang uci` does (whose conformance script is the
//! bot's `tests/bot/uci.rs`): a match runner can start it, set up a position and get a legal
//! move back, and `quit` ends it.

use std::{
    io::{BufRead, BufReader, Lines, Write},
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
};

use chatrang_rules::{GameId, Options, registry};

/// The engine's binary on pipes: the process, its input and its lines.
fn start() -> (Child, ChildStdin, Lines<BufReader<ChildStdout>>) {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_chatrang-uci"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let input = engine.stdin.take().unwrap();
    let lines = BufReader::new(engine.stdout.take().unwrap()).lines();
    (engine, input, lines)
}

#[test]
fn the_engine_binary_answers_a_go_with_a_legal_move_and_quits() {
    let (mut engine, mut input, mut lines) = start();
    writeln!(
        input,
        "uci\nisready\nposition startpos moves e2e4 e7e5\ngo nodes 2000"
    )
    .unwrap();
    let mut seen = Vec::new();
    let best = loop {
        let line = lines.next().expect("the engine answers").unwrap();
        if let Some(word) = line.strip_prefix("bestmove ") {
            break word.split_whitespace().next().unwrap().to_string();
        }
        seen.push(line);
    };
    assert!(seen.iter().any(|l| l == "uciok"), "{seen:?}");
    assert!(seen.iter().any(|l| l == "readyok"), "{seen:?}");
    let mut game = registry::new_game(GameId::Chess, &Options::default(), 0).unwrap();
    game.play("e2e4").unwrap();
    game.play("e7e5").unwrap();
    game.play(&best)
        .unwrap_or_else(|e| panic!("{best} is not legal after 1. e4 e5: {e}"));
    writeln!(input, "quit").unwrap();
    assert!(engine.wait().unwrap().success());
}

#[test]
fn a_go_sent_as_soon_as_the_best_move_is_read_is_taken() {
    // A match runner sends the next `position` and `go` the moment it reads `bestmove`, while
    // the search's thread may still be ending: that `go` is searched, not refused. (The race
    // shows under load: the bot's conformance script met it beside other tests.)
    let (mut engine, mut input, mut lines) = start();
    for i in 0..200 {
        writeln!(input, "position startpos\ngo nodes 50").unwrap();
        loop {
            let line = lines.next().expect("the engine answers").unwrap();
            assert!(!line.contains("already running"), "go {i}: {line}");
            if line.starts_with("bestmove ") {
                break;
            }
        }
    }
    writeln!(input, "quit").unwrap();
    assert!(engine.wait().unwrap().success());
}
