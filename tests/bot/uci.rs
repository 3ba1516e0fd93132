//! `chatrang uci` as a GUI or a match runner sees it: the real binary on pipes, each command
//! sent and its answer awaited. The conformance script (`uci`, `isready`, `position … moves`,
//! `go nodes | movetime | wtime | depth | infinite`, `stop`, `quit`), every game it offers,
//! refusals that leave it answering, and a whole game between two engines played to its end.

use std::{
    io::{BufRead, BufReader, Write},
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc::{Receiver, channel},
    time::Duration,
};

use chatrang::rules::{GameId, Options, Status, registry};
use chatrang::uci::{moves, variants};

/// Long enough for any answer on a loaded machine: waiting is how the script knows an answer
/// is missing, never a measure of speed.
const PATIENCE: Duration = Duration::from_secs(60);

/// An engine process and the lines it printed, read on a thread of their own.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .arg("uci")
            .env("RUST_LOG", "error")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("chatrang uci starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `first_word`.
    fn until(&self, first_word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(first_word);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no {first_word:?} after {seen:?}: {e:?}"),
            }
        }
    }

    /// Sends `line` and returns what was printed up to the line starting with `first_word`.
    fn ask(&mut self, line: &str, first_word: &str) -> Vec<String> {
        self.send(line);
        self.until(first_word)
    }

    /// The move of a `go`, and its `info` line.
    fn best_move(&mut self, go: &str) -> (String, String) {
        let said = self.ask(go, "bestmove");
        let best = said
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        let info = said
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .cloned()
            .unwrap_or_default();
        (best, info)
    }

    /// Says `quit` and waits for the process to end on its own.
    fn quit(mut self) {
        self.send("quit");
        for _ in 0..600 {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the engine did not end on quit");
    }
}

/// The number after `name` in an `info` line.
fn field(info: &str, name: &str) -> u64 {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == name).expect(name);
    words[at + 1].parse().unwrap()
}

/// `word` is a legal UCI move of `id` after `played` from its start.
fn is_legal(id: GameId, played: &[String], word: &str) -> bool {
    let mut game = registry::new_game(id, &Options::default(), 0).unwrap();
    for w in played {
        let notation = moves::find(game.as_ref(), w).unwrap();
        game.play(&notation).unwrap();
    }
    moves::find(game.as_ref(), word).is_some()
}

#[test]
fn the_conformance_script_is_answered() {
    let mut engine = Engine::start();
    let hello = engine.ask("uci", "uciok");
    assert!(hello[0].starts_with("id name Chatrang"), "{hello:?}");
    assert!(hello.iter().any(|l| l.starts_with("id author")));
    let variant = hello
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant offered");
    assert!(variant.contains("var cataclysm") && !variant.contains("catalonia"));
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    engine.send("ucinewgame");

    // go nodes: the budget is kept, the move is legal where the moves led.
    let played = ["e2e4".to_string(), "e7e5".to_string()];
    engine.send("position startpos moves e2e4 e7e5");
    let (best, info) = engine.best_move("go nodes 5000");
    assert!(is_legal(GameId::Chess, &played, &best), "{best}");
    // The search stops at its budget; finished games met on the way back may add a few.
    assert!((4_000..=5_050).contains(&field(&info, "nodes")), "{info}");
    assert!(
        info.contains(" pv ") && info.contains(" score cp "),
        "{info}"
    );

    // go depth, on a mate in one: found, and said as a mate.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    let (best, info) = engine.best_move("go depth 3");
    assert!(best == "f7e8" || best == "f7f8", "{best}");
    assert!(info.contains("score mate 1"), "{info}");

    // go movetime and go wtime: a move within the time, by the engine's own report.
    engine.send("position startpos moves d2d4");
    let (best, info) = engine.best_move("go movetime 200");
    assert!(is_legal(GameId::Chess, &["d2d4".into()], &best), "{best}");
    assert!(field(&info, "time") < 2_000, "{info}");
    let (best, _) = engine.best_move("go wtime 1500 btime 1500 winc 10 binc 10");
    assert!(is_legal(GameId::Chess, &["d2d4".into()], &best), "{best}");

    // go infinite: no move until stop; isready answered meanwhile.
    engine.send("position startpos");
    engine.send("go infinite");
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    assert!(
        engine
            .lines
            .recv_timeout(Duration::from_millis(300))
            .is_err(),
        "a move before stop"
    );
    let said = engine.ask("stop", "bestmove");
    let best = said.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(is_legal(GameId::Chess, &[], best), "{best}");
    engine.quit();
}

#[test]
fn every_game_it_offers_is_played_from_its_start_and_after_moves() {
    let mut engine = Engine::start();
    engine.ask("uci", "uciok");
    for id in variants() {
        engine.send(&format!("setoption name UCI_Variant value {}", id.slug()));
        engine.send("position startpos");
        let (first, _) = engine.best_move("go nodes 3000");
        assert!(is_legal(id, &[], &first), "{}: {first}", id.slug());
        let played = vec![first.clone()];
        engine.send(&format!("position startpos moves {first}"));
        let (second, _) = engine.best_move("go nodes 3000");
        assert!(is_legal(id, &played, &second), "{}: {second}", id.slug());
        // The position string of the game after the first move, given as `fen`, is the same.
        let mut game = registry::new_game(id, &Options::default(), 0).unwrap();
        game.play(&moves::find(game.as_ref(), &first).unwrap())
            .unwrap();
        engine.send(&format!("position fen {}", game.position_text()));
        let (again, _) = engine.best_move("go nodes 3000");
        assert_eq!(again, second, "{}", id.slug());
    }
    engine.quit();
}

#[test]
fn wrong_lines_are_said_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    let said = engine.ask("fly away", "info");
    assert_eq!(
        said,
        ["info string \"fly\" is not a UCI command this engine knows"]
    );
    let said = engine.ask("setoption name UCI_Variant value catalonia", "info");
    assert!(said[0].contains("not \"catalonia\""), "{said:?}");
    let said = engine.ask("position startpos moves e2e4 e2e4", "info");
    assert!(
        said[0].contains("\"e2e4\" is not a legal move here"),
        "{said:?}"
    );
    // The position stopped before the illegal move: Black is to move after e2e4.
    let (best, _) = engine.best_move("go nodes 2000");
    assert!(is_legal(GameId::Chess, &["e2e4".into()], &best), "{best}");
    let said = engine.ask("position fen not a position", "info");
    assert!(
        said[0].starts_with("info string the position is not read"),
        "{said:?}"
    );
    assert_eq!(engine.ask("go nodes 100", "bestmove"), ["bestmove (none)"]);
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    engine.quit();
}

/// Two engines play a game of chess to its end, each told the whole game before each move, as
/// a match runner does; the rules here judge the result.
#[test]
fn two_engines_play_a_game_to_its_end() {
    let mut sides = [Engine::start(), Engine::start()];
    for engine in &mut sides {
        engine.ask("uci", "uciok");
        engine.send("ucinewgame");
        engine.ask("isready", "readyok");
    }
    let mut game = registry::new_game(GameId::Chess, &Options::default(), 0).unwrap();
    let mut played: Vec<String> = Vec::new();
    let budgets = [3_000, 1_500];
    while matches!(game.status(), Status::Ongoing { .. }) {
        assert!(played.len() < 600, "no end after 600 plies");
        let engine = &mut sides[played.len() % 2];
        engine.send(&format!("position startpos moves {}", played.join(" ")));
        let (best, _) = engine.best_move(&format!("go nodes {}", budgets[played.len() % 2]));
        let notation = moves::find(game.as_ref(), &best)
            .unwrap_or_else(|| panic!("{best} is not legal after {played:?}"));
        game.play(&notation).unwrap();
        played.push(best);
    }
    let Status::Over(outcome) = game.status() else {
        unreachable!()
    };
    println!("{} plies: {outcome}", played.len());
    for engine in sides {
        engine.quit();
    }
}
