//! SIGTERM in the middle of a stream of moves: the real binary (`chatrang console`) is told to
//! stop, as `docker stop` or systemd tell it, right after a command was sent, again and again.
//! Each time it must exit with status 0 within the grace period; the command it was carrying
//! out is finished and answered, or was never begun (a move is in the record exactly when it
//! was answered); a line that comes after the signal is not carried out; and the next run goes
//! on from there.

use std::{
    io::Write,
    time::{Duration, Instant},
};

use chatrang::{service::replay, store::Store};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{
    common::{Backend, ITALIAN_RECORDED, TestDb, recorded_moves},
    kill_storm::{Next, Run, console_database, game_number, next_from_database},
};

/// Stops in the test.
const STOPS: usize = 12;
/// The grace period the binary is given (`CHATRANG_STOP_GRACE`).
const GRACE: Duration = Duration::from_secs(5);

/// What the lines a run printed after `echo` say: `Some(lines)` when the command was echoed
/// (read and carried out), with what it printed until the next echo.
fn answer_to(printed: &[String], echo: &str) -> Option<Vec<String>> {
    let start = printed.iter().position(|line| line == echo)?;
    Some(
        printed[start + 1..]
            .iter()
            .take_while(|line| !line.contains("> "))
            .cloned()
            .collect(),
    )
}

async fn every_stop_is_clean(backend: Backend) {
    let Some(db) = TestDb::new(backend).await else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let (url, database_url) = console_database(&db, backend, data.path()).await;
    let database_url = database_url.as_deref();
    let grace = format!("{}", GRACE.as_secs());
    let env = [("CHATRANG_STOP_GRACE", grace.as_str())];
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let mut answered: Vec<(i64, usize)> = Vec::new();
    let mut cut_in_flight = 0;
    for stop in 0..=STOPS {
        let mut next = {
            let store = Store::open(&url).await.unwrap();
            let next = next_from_database(&store).await;
            store.close().await;
            next
        };
        let mut run = Run::start_with(data.path(), database_url, &env);
        assert!(run.ready(), "chatrang console greets once it is ready");
        // A few commands answered, waited for one by one.
        for _ in 0..rng.random_range(0..4) {
            let (who, line) = next.line();
            let deadline = Instant::now() + Duration::from_secs(60);
            let said = run.ask(who, &line, deadline).expect("answered");
            assert!(!said.iter().any(|l| l.starts_with('✗')), "{said:?}");
            if let Next::Move(id, ply) = next {
                answered.push((id, ply));
            }
            next = next.after(game_number(&said));
        }
        if stop == STOPS {
            // The last run only shows that the game goes on after the stops.
            assert!(
                answered.len() > STOPS,
                "moves were made: {}",
                answered.len()
            );
            break;
        }
        // One more command, and SIGTERM while it is read or carried out; then a line that
        // comes after the signal.
        let (who, line) = next.line();
        writeln!(run.input, "/as {who}\n{line}").unwrap();
        run.input.flush().unwrap();
        std::thread::sleep(Duration::from_millis(rng.random_range(0..15)));
        let signalled = Instant::now();
        // SAFETY: kill sends a signal to the child's process id; it touches no memory.
        let sent = unsafe { libc::kill(run.child.id() as libc::pid_t, libc::SIGTERM) };
        assert_eq!(sent, 0, "SIGTERM is sent");
        std::thread::sleep(Duration::from_millis(300));
        let _ = writeln!(run.input, "/as {who}\n/board");
        let _ = run.input.flush();
        let status = loop {
            if let Some(status) = run.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                signalled.elapsed() < GRACE + Duration::from_secs(2),
                "the console stops within the grace period"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "a clean stop exits with 0: {status:?}");
        // The output ends with the process: everything it printed.
        let printed: Vec<String> = run.output.iter().collect();
        let in_flight = answer_to(&printed, &format!("{who}> {line}"));
        assert!(
            answer_to(&printed, &format!("{who}> /board")).is_none(),
            "a line after the signal is not carried out:\n{}",
            printed.join("\n")
        );
        match in_flight {
            Some(said) => {
                assert!(!said.is_empty(), "a command begun is answered: {printed:?}");
                if let Next::Move(id, ply) = next {
                    answered.push((id, ply));
                }
            }
            None => cut_in_flight += 1,
        }
        // Exactly the answered moves are in the record: none half-done, none unanswered.
        let store = Store::open(&url).await.unwrap();
        if let Next::Move(id, _) = next {
            let moves = recorded_moves(&store, id).await;
            let answered_here = answered.iter().filter(|&&(game, _)| game == id).count();
            assert_eq!(
                moves.len(),
                answered_here,
                "game {id}: the record holds exactly the answered moves"
            );
        }
        store.close().await;
    }
    let store = Store::open(&url).await.unwrap();
    for &(id, ply) in &answered {
        let moves = recorded_moves(&store, id).await;
        assert_eq!(
            moves.get(ply).map(String::as_str),
            Some(ITALIAN_RECORDED[ply])
        );
        let row = store.game(id).await.unwrap().expect("the game");
        let log = store.log_at(id, row.version).await.unwrap();
        let game = replay(&row, &log).expect("the game replays");
        assert_eq!(game.position_text(), row.position);
    }
    eprintln!(
        "{STOPS} SIGTERMs ({backend:?}): {} answered moves kept; {cut_in_flight} commands sent \
         just before a signal were not begun",
        answered.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_stop_is_clean_on_sqlite() {
    every_stop_is_clean(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_stop_is_clean_on_postgres() {
    every_stop_is_clean(Backend::Postgres).await;
}
