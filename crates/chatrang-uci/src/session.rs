//! One UCI conversation: the chosen game and level, the current position, and the search
//! running on a thread of its own, so that `isready` and `stop` are answered while it thinks.

use std::{
    io::Write,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use super::{
    budget::Budget,
    command::{Go, Start, UciCommand},
    moves,
};
use chatrang_rules::{
    Actor, Color, Game, GameId, Options, Status, registry,
    search::{FULL_QUIESCENCE, Level, Limits, MATE, MATE_BOUND, Thought},
};

/// The lines we print, shared with the search's thread.
type Output<W> = Arc<Mutex<W>>;

/// The seed of every search: the same position and bounds give the same move.
const SEED: u64 = 0;

/// A UCI conversation writing its answers to `W`.
pub struct Session<W: Write + Send + 'static> {
    out: Output<W>,
    variant: GameId,
    /// `None`: full strength within the `go` bounds; a level adds its limits and choice.
    level: Option<Level>,
    /// `None` after a `position` that could not be read: a `go` then has no move to give.
    game: Option<Box<dyn Game>>,
    running: Option<Running>,
}

/// The search in progress.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set by the search just before it prints `bestmove`: a `go` that follows the answer is
    /// taken at once, even while the thread is still ending.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The games UCI offers: the ones played side against side.
pub fn variants() -> impl Iterator<Item = GameId> {
    GameId::ALL.into_iter().filter(|id| !id.is_cooperative())
}

impl<W: Write + Send + 'static> Session<W> {
    pub fn new(out: W) -> Session<W> {
        Session {
            out: Arc::new(Mutex::new(out)),
            variant: GameId::Chess,
            level: None,
            game: start(GameId::Chess),
            running: None,
        }
    }

    /// Answers one line from the GUI; `false` once it said `quit`.
    pub fn line(&mut self, line: &str) -> bool {
        if line.trim().is_empty() {
            return true;
        }
        match UciCommand::parse(line) {
            Ok(UciCommand::Quit) => {
                self.stop();
                return false;
            }
            Ok(command) => self.answer(command),
            Err(refusal) => self.say(&format!("info string {refusal}")),
        }
        true
    }

    fn answer(&mut self, command: UciCommand) {
        match command {
            UciCommand::Uci => self.introduce(),
            UciCommand::IsReady => self.say("readyok"),
            UciCommand::Debug(_) | UciCommand::PonderHit | UciCommand::Quit => {}
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciCommand::NewGame => {
                self.stop();
                self.game = start(self.variant);
            }
            UciCommand::Position { start, moves } => {
                self.stop();
                self.position(&start, &moves);
            }
            UciCommand::Go(go) => self.go(go),
            UciCommand::Stop => self.stop(),
        }
    }

    fn introduce(&self) {
        let games: Vec<&str> = variants().map(|id| id.slug()).collect();
        self.say(&format!("id name Chatrang {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Chatrang developers");
        self.say(&format!(
            "option name UCI_Variant type combo default chess var {}",
            games.join(" var ")
        ));
        self.say("option name Level type spin default 0 min 0 max 5");
        self.say("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let value = value.unwrap_or("").trim();
        // Option names are not case-sensitive in UCI.
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match GameId::parse(value) {
                Ok(id) if !id.is_cooperative() => {
                    self.stop();
                    self.variant = id;
                    self.game = start(id);
                }
                _ => self.say(&format!(
                    "info string UCI_Variant is one of {}, not \"{}\"",
                    variants()
                        .map(|id| id.slug())
                        .collect::<Vec<_>>()
                        .join(", "),
                    value.chars().take(40).collect::<String>()
                )),
            },
            "level" => match value.parse::<u8>() {
                Ok(0) => self.level = None,
                Ok(n) if n <= 5 => self.level = Level::new(n).ok(),
                _ => self.say("info string Level is 0 (full strength) or a level from 1 to 5"),
            },
            _ => self.say(&format!(
                "info string this engine has no option \"{}\"; it has UCI_Variant and Level",
                name.chars().take(40).collect::<String>()
            )),
        }
    }

    /// Sets up `start` and plays `played` on it, saying where a word is not a legal move
    /// (the position then stops before it).
    fn position(&mut self, from: &Start, played: &[String]) {
        let mut game = match from {
            Start::StartPos => start(self.variant),
            Start::Fen(text) => match registry::load(self.variant, text) {
                Ok(game) => Some(game),
                Err(error) => {
                    self.say(&format!("info string the position is not read: {error}"));
                    None
                }
            },
        };
        if let Some(game) = game.as_mut() {
            for word in played {
                let Some(notation) = moves::find(game.as_ref(), word) else {
                    self.say(&format!(
                        "info string \"{}\" is not a legal move here; the position stops before it",
                        word.chars().take(40).collect::<String>()
                    ));
                    break;
                };
                if let Err(error) = game.play(&notation) {
                    self.say(&format!("info string {notation} was refused: {error}"));
                    break;
                }
            }
        }
        self.game = game;
    }

    /// Starts the search on its own thread; it prints `bestmove` when done (or on `stop`).
    fn go(&mut self, go: Go) {
        if self.running.as_ref().is_some_and(|running| {
            !running.answered.load(Ordering::Acquire) && !running.thread.is_finished()
        }) {
            self.say("info string a search is already running; send stop first");
            return;
        }
        // A search that has answered is over: its thread is only waited for.
        self.stop();
        let Some(game) = self.game.as_ref().map(|g| g.clone_game()) else {
            self.say("bestmove (none)");
            return;
        };
        let side = match game.status() {
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => side,
            Status::Ongoing { .. } => Color::White,
            Status::Over(_) => {
                self.say("info string the game is over");
                self.say("bestmove (none)");
                return;
            }
        };
        let budget = Budget::of(&go, side);
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let out = Arc::clone(&self.out);
        let level = self.level;
        let thread = {
            let (stop, answered) = (Arc::clone(&stop), Arc::clone(&answered));
            let until_stopped = go.infinite || go.ponder;
            std::thread::spawn(move || {
                let best = search(game, budget, level, until_stopped, stop, &out);
                answered.store(true, Ordering::Release);
                say(&out, &best);
            })
        };
        self.running = Some(Running {
            stop,
            answered,
            thread,
        });
    }

    /// Ends the running search (it prints its best move) and waits for it.
    fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            let _ = running.thread.join();
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }
}

impl<W: Write + Send + 'static> Drop for Session<W> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The usual start of `id` (seed 0: Katarenga's board and the like are the same every time).
fn start(id: GameId) -> Option<Box<dyn Game>> {
    registry::new_game(id, &Options::default(), 0).ok()
}

/// The search of one `go`, on its own thread: prints what it found and returns the
/// `bestmove` line.
fn search<W: Write + Send>(
    game: Box<dyn Game>,
    budget: Budget,
    level: Option<Level>,
    until_stopped: bool,
    stop: Arc<AtomicBool>,
    out: &Output<W>,
) -> String {
    let started = Instant::now();
    let mut limits = match level {
        Some(level) => level.limits(SEED),
        None => Limits {
            nodes: u64::MAX,
            depth: 64,
            quiescence: FULL_QUIESCENCE,
            choice: 0,
            seed: SEED,
            stop: &|| false,
        },
    };
    limits.nodes = limits.nodes.min(budget.nodes);
    limits.depth = limits.depth.min(budget.depth);
    let time = match (budget.time, level) {
        (Some(time), Some(level)) => Some(time.min(level.think_time())),
        (time, _) => time,
    };
    let stopped = || stop.load(Ordering::Relaxed) || time.is_some_and(|t| started.elapsed() >= t);
    let thought = game.think(&limits.with_stop(&stopped));
    // `go infinite` answers only on `stop`, even when the search ended on its own.
    while until_stopped && !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
    match thought {
        Some(thought) => {
            say(out, &info(&thought, started.elapsed()));
            format!("bestmove {}", moves::to_uci(&thought.notation))
        }
        None => "bestmove (none)".to_string(),
    }
}

/// `info depth … score … nodes … time … nps … pv …`.
fn info(thought: &Thought, elapsed: Duration) -> String {
    let score = if thought.score.abs() > MATE_BOUND {
        let plies = MATE - thought.score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if thought.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", thought.score)
    };
    let ms = elapsed.as_millis().max(1) as u64;
    let pv: Vec<String> = thought.pv.iter().map(|m| moves::to_uci(m)).collect();
    format!(
        "info depth {} score {score} nodes {} time {ms} nps {} pv {}",
        thought.depth,
        thought.nodes,
        thought.nodes * 1000 / ms,
        pv.join(" ")
    )
}

/// Prints one line at once (the GUI reads whole lines) and sends it on.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}
