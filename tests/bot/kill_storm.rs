//! kill -9 storm: the real binary (`chatrang console`) plays games on a database while it is
//! killed with SIGKILL at random moments, 50 times, and started again each time. Every move
//! it acknowledged must be in the record, every game must replay to its snapshot, and the
//! database must be sound. The kills land anywhere: between commands, while a move is being
//! checked, while its transaction commits, while the reply is printed.

use std::{
    collections::VecDeque,
    io::{BufRead, BufReader, Write},
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc::{Receiver, RecvTimeoutError, channel},
    time::{Duration, Instant},
};

use chatrang::{
    service::replay,
    store::{GameRow, GameState, Store, sqlite_url},
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Backend, ITALIAN, ITALIAN_RECORDED, TestDb, lift_limits, recorded_moves};

const KILLS: usize = 50;
/// The fewest acknowledged moves the storm goes on to (so that it is not all startups).
const MOVES_AT_LEAST: usize = 200;
/// The longest a run lives before it is killed (the shortest is 0), on a machine that answers
/// a command in well under this.
const LONGEST_RUN: Duration = Duration::from_millis(700);
/// On a loaded machine a run lives up to this many times the usual time of a command (the
/// median of the last few), so that kills still land between and inside commands rather than
/// always in the first one.
const COMMANDS_PER_RUN: u32 = 6;
/// One run in this many is killed counting from its start, not from when it is ready: killed
/// while it opens the database and applies the migrations.
const KILLED_STARTING: u32 = 5;

/// What the console does next, from where the current game stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Next {
    /// Alice challenges Bob.
    Challenge,
    /// Bob accepts game `id`.
    Accept(i64),
    /// Ply `ply` of game `id`.
    Move(i64, usize),
    /// Bob resigns the finished line of game `id`, so that a new game can start.
    Resign(i64),
}

impl Next {
    /// Who types it, and what.
    pub(crate) fn line(&self) -> (&'static str, String) {
        match self {
            Next::Challenge => ("alice", "/new chess @bob".into()),
            Next::Accept(id) => ("bob", format!("/accept #{id}")),
            Next::Move(id, ply) => (
                if ply % 2 == 0 { "alice" } else { "bob" },
                format!("/move {} #{id}", ITALIAN[*ply]),
            ),
            Next::Resign(id) => ("bob", format!("/resign yes #{id}")),
        }
    }

    /// What follows it once it is acknowledged (`created`: the id a challenge printed).
    pub(crate) fn after(&self, created: Option<i64>) -> Next {
        match *self {
            Next::Challenge => Next::Accept(created.expect("a challenge names its game")),
            Next::Accept(id) => Next::Move(id, 0),
            Next::Move(id, ply) if ply + 1 == ITALIAN.len() => Next::Resign(id),
            Next::Move(id, ply) => Next::Move(id, ply + 1),
            Next::Resign(_) => Next::Challenge,
        }
    }
}

/// Where the last game of the console's channel stands in the database.
pub(crate) async fn next_from_database(store: &Store) -> Next {
    let Some(game) = store.last_game_in_place("console").await.unwrap() else {
        return Next::Challenge;
    };
    match game.state {
        GameState::Challenge => Next::Accept(game.id),
        GameState::Active => {
            let moves = recorded_moves(store, game.id).await.len();
            if moves == ITALIAN.len() {
                Next::Resign(game.id)
            } else {
                Next::Move(game.id, moves)
            }
        }
        _ => Next::Challenge,
    }
}

/// One run of the binary, its input, and its output line by line.
pub(crate) struct Run {
    pub(crate) child: Child,
    pub(crate) input: ChildStdin,
    pub(crate) output: Receiver<String>,
}

impl Run {
    fn start(data: &std::path::Path, database_url: Option<&str>) -> Run {
        Run::start_with(data, database_url, &[])
    }

    /// [`Run::start`] with these variables in its environment too.
    pub(crate) fn start_with(
        data: &std::path::Path,
        database_url: Option<&str>,
        env: &[(&str, &str)],
    ) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_chatrang"));
        command.envs(env.iter().copied());
        command
            .arg("console")
            .arg("--data")
            .arg(data)
            .env("RUST_LOG", "error")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        match database_url {
            Some(url) => command.env("DATABASE_URL", url),
            None => command.env_remove("DATABASE_URL"),
        };
        let mut child = command.spawn().expect("chatrang console starts");
        let input = child.stdin.take().expect("its input");
        let stdout = child.stdout.take().expect("its output");
        let (lines, output) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        Run {
            child,
            input,
            output,
        }
    }

    /// Waits for the console's greeting, which it prints once the database is open; `false`
    /// when it never came.
    pub(crate) fn ready(&mut self) -> bool {
        self.output
            .recv_timeout(Duration::from_secs(60))
            .is_ok_and(|line| line.starts_with("Chatrang console."))
    }

    /// Sends `line` as `who`, followed by a marker (`/as who` again, which answers "You are now
    /// …" once everything before it is done). The lines the command printed, or `None` when
    /// the run died or `deadline` came first.
    pub(crate) fn ask(&mut self, who: &str, line: &str, deadline: Instant) -> Option<Vec<String>> {
        let sent = writeln!(self.input, "/as {who}\n{line}\n/as {who}");
        if sent.and_then(|()| self.input.flush()).is_err() {
            return None;
        }
        let echo = format!("{who}> {line}");
        let mut said = Vec::new();
        let mut echoed = false;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            match self.output.recv_timeout(left) {
                Ok(text) if text == echo => echoed = true,
                Ok(text) if echoed && text == format!("{who}> /as {who}") => return Some(said),
                Ok(text) if echoed => said.push(text),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    fn kill(mut self) {
        // SIGKILL: no chance to finish a write or close the database.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The middle one of `times` (zero when there are none).
fn median(times: &VecDeque<Duration>) -> Duration {
    let mut sorted: Vec<Duration> = times.iter().copied().collect();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
}

/// The game number a challenge's answer names ("Game #12: …").
pub(crate) fn game_number(said: &[String]) -> Option<i64> {
    said.iter().find_map(|line| {
        let after = &line[line.find('#')? + 1..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

/// The database the console of a test runs on: the URL to open it with, and the
/// `DATABASE_URL` to give the binary (none for SQLite: the file in its data directory `data`).
/// Alice challenges Bob again after every game: more games a minute than the console's limits
/// allow, so they are lifted.
pub(crate) async fn console_database(
    db: &TestDb,
    backend: Backend,
    data: &std::path::Path,
) -> (String, Option<String>) {
    let (url, database_url) = match backend {
        Backend::Sqlite => (sqlite_url(&data.join(chatrang::store::DATABASE_FILE)), None),
        Backend::Postgres => (db.url.clone(), Some(db.url.clone())),
    };
    let store = Store::open(&url).await.expect("the database opens");
    lift_limits(&store, "console").await;
    store.close().await;
    (url, database_url)
}

async fn acknowledged_moves_survive_fifty_kills(backend: Backend) {
    let Some(db) = TestDb::new(backend).await else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let (url, database_url) = console_database(&db, backend, data.path()).await;
    let database_url = database_url.as_deref();
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut acknowledged: Vec<(i64, usize)> = Vec::new();
    let mut kills = 0;
    // How long the last few commands took (or had taken when their run was killed).
    let mut recent: VecDeque<Duration> = VecDeque::new();
    // A loaded machine starts the binary slowly: the storm goes on until it has both its kills
    // and its moves.
    while kills < KILLS || acknowledged.len() < MOVES_AT_LEAST {
        assert!(
            kills < 20 * KILLS,
            "{kills} runs made only {} moves",
            acknowledged.len()
        );
        let mut next = {
            let store = Store::open(&url)
                .await
                .expect("the database opens after a kill");
            let next = next_from_database(&store).await;
            store.close().await;
            next
        };
        let longest = LONGEST_RUN.max(median(&recent) * COMMANDS_PER_RUN);
        let life = longest.mul_f64(rng.random::<f64>());
        let starting = rng.random_ratio(1, KILLED_STARTING);
        let mut run = Run::start(data.path(), database_url);
        if !starting {
            assert!(run.ready(), "chatrang console greets once it is ready");
        }
        let deadline = Instant::now() + life;
        loop {
            let (who, line) = next.line();
            let asked = Instant::now();
            let said = run.ask(who, &line, deadline);
            // A command the kill cut short took at least this long: counting it lets runs
            // grow when a machine is so loaded that no command finishes within a run.
            recent.push_back(asked.elapsed());
            if recent.len() > 8 {
                recent.pop_front();
            }
            let Some(said) = said else {
                break;
            };
            assert!(
                !said.iter().any(|l| l.starts_with('✗')),
                "{who}: {line} was refused:\n{}",
                said.join("\n")
            );
            if let Next::Move(id, ply) = next {
                acknowledged.push((id, ply));
            }
            next = next.after(game_number(&said));
        }
        run.kill();
        kills += 1;
    }

    let store = Store::open(&url).await.expect("the database opens");
    for &(id, ply) in &acknowledged {
        let moves = recorded_moves(&store, id).await;
        assert_eq!(
            moves.get(ply).map(String::as_str),
            Some(ITALIAN_RECORDED[ply]),
            "acknowledged move {} of game {id} is kept",
            ply + 1
        );
    }
    let games: Vec<i64> = acknowledged.iter().map(|&(id, _)| id).collect();
    let last = *games.iter().max().expect("some moves were acknowledged");
    for id in 1..=last {
        let Some(row): Option<GameRow> = store.game(id).await.unwrap() else {
            continue;
        };
        let log = store.log_at(id, row.version).await.unwrap();
        let game = replay(&row, &log).unwrap_or_else(|e| panic!("game {id} replays: {e}"));
        assert_eq!(
            game.position_text(),
            row.position,
            "game {id} replays to its snapshot"
        );
    }
    if backend == Backend::Sqlite {
        let check: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(&sqlx::AnyPool::connect(&url).await.unwrap())
            .await
            .unwrap();
        assert_eq!(check, "ok", "the SQLite file is sound");
    }
    eprintln!(
        "{kills} kills ({backend:?}): {} acknowledged moves in {last} games, all kept",
        acknowledged.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_fifty_kills_on_sqlite() {
    acknowledged_moves_survive_fifty_kills(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_fifty_kills_on_postgres() {
    acknowledged_moves_survive_fifty_kills(Backend::Postgres).await;
}
