//! `chatrang backup` while the bot plays, and `chatrang restore`: backups are made by the real
//! binary (another process) during a storm of moves on a SQLite file; every copy is sound and
//! every game in it replays to its snapshot, and the copies grow as the games do. A backup put
//! back is checked first, keeps the database it replaces, and is refused while a bot runs.

use std::{
    path::Path,
    process::{Command as Process, Output},
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration,
};

use chatrang::{
    service::{Command, Service, TextPainter, replay},
    store::{DATABASE_FILE, Store, sqlite_url},
};

use crate::common::{ITALIAN, lift_limits, ok, person, play, req, two_player};

/// Tables playing at once during the storm.
const TABLES: usize = 4;
/// Backups taken while they play.
const BACKUPS: usize = 5;

/// `chatrang ARGS` on the data directory `data`, with a SQLite database.
pub(crate) fn chatrang(data: &Path, args: &[&str]) -> Output {
    Process::new(env!("CARGO_BIN_EXE_chatrang"))
        .args(args)
        .arg("--data")
        .arg(data)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "error")
        .output()
        .expect("chatrang runs")
}

pub(crate) fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Checks the database at `file` is sound and every game in it replays to its snapshot;
/// returns how many moves it holds.
async fn replays_to_its_snapshots(file: &Path) -> i64 {
    let store = Store::open(&sqlite_url(file)).await.unwrap();
    store.integrity().await.expect("the copy is sound");
    let contents = store.contents().await.unwrap();
    for id in 1..=contents.games {
        let row = store.game(id).await.unwrap().expect("every game is there");
        let log = store.log_at(id, row.version).await.unwrap();
        let game = replay(&row, &log).unwrap_or_else(|e| panic!("game {id} replays: {e}"));
        assert_eq!(game.position_text(), row.position, "game {id}");
    }
    store.close().await;
    contents.moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backups_during_a_move_storm_replay_to_their_snapshots_and_restore() {
    let data = tempfile::tempdir().unwrap();
    let url = sqlite_url(&data.path().join(DATABASE_FILE));
    let store = Store::open(&url).await.unwrap();
    lift_limits(&store, "server-1").await;
    let service = Arc::new(Service::new(store.clone(), Arc::new(TextPainter)));
    let playing = Arc::new(AtomicBool::new(true));
    let games_played = Arc::new(AtomicUsize::new(0));
    let mut tables = Vec::new();
    for table in 0..TABLES {
        let (service, playing, games_played) =
            (service.clone(), playing.clone(), games_played.clone());
        tables.push(tokio::spawn(async move {
            let (white, black) = (person(&format!("w{table}")), person(&format!("b{table}")));
            while playing.load(Ordering::SeqCst) {
                let id = two_player(&service, "chess", &white, &black, &[]).await;
                for pair in ITALIAN.chunks(2) {
                    play(&service, id, &white, &black, pair).await;
                }
                ok(service.run(&req(&black, Some(id)), Command::Resign).await);
                games_played.fetch_add(1, Ordering::SeqCst);
            }
        }));
    }
    let copies = tempfile::tempdir().unwrap();
    let mut moves_in_copies = Vec::new();
    let mut last_said = String::new();
    for n in 0..BACKUPS {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let file = copies.path().join(format!("copy-{n}.db"));
        let output = chatrang(data.path(), &["backup", file.to_str().unwrap()]);
        assert!(output.status.success(), "{}", said(&output));
        last_said = said(&output);
        assert!(last_said.contains("Backed up"), "{last_said}");
        moves_in_copies.push(replays_to_its_snapshots(&file).await);
    }
    playing.store(false, Ordering::SeqCst);
    for table in tables {
        table.await.unwrap();
    }
    assert!(
        moves_in_copies.windows(2).all(|w| w[0] <= w[1]) && moves_in_copies[0] > 0,
        "each copy holds the moves made before it: {moves_in_copies:?}"
    );
    let all_moves = store.contents().await.unwrap().moves;
    assert!(
        moves_in_copies[BACKUPS - 1] < all_moves,
        "the storm went on after the last copy"
    );
    eprintln!(
        "{BACKUPS} backups during {} games: {moves_in_copies:?} moves of {all_moves}, all \
         sound; the last: {}",
        games_played.load(Ordering::SeqCst),
        last_said.trim()
    );

    // A backup is not written over another.
    let first = copies.path().join("copy-0.db");
    let again = chatrang(data.path(), &["backup", first.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(said(&again).contains("already exists"), "{}", said(&again));

    // Restoring while a bot runs on the database is refused.
    let alive = store
        .register_process(chatrang::store::now_ms(), i64::MAX)
        .await
        .unwrap();
    let output = chatrang(data.path(), &["restore", first.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(said(&output).contains("stop it first"), "{}", said(&output));
    store.remove_process(alive).await.unwrap();
    drop(service);
    store.close().await;

    // Something that is not a backup is refused, and nothing is replaced.
    let junk = copies.path().join("junk.db");
    std::fs::write(&junk, "not a database").unwrap();
    let output = chatrang(data.path(), &["restore", junk.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(
        said(&output).contains("cannot be restored"),
        "{}",
        said(&output)
    );
    let store = Store::open(&url).await.unwrap();
    assert_eq!(store.contents().await.unwrap().moves, all_moves);
    store.close().await;

    // The first copy put back: the database holds its moves, and the one it replaced is kept.
    let output = chatrang(data.path(), &["restore", first.to_str().unwrap()]);
    assert!(output.status.success(), "{}", said(&output));
    let store = Store::open(&url).await.unwrap();
    assert_eq!(store.contents().await.unwrap().moves, moves_in_copies[0]);
    store.close().await;
    let kept: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains("before-restore"))
        .collect();
    assert_eq!(kept.len(), 1, "the replaced database is kept");
    assert_eq!(replays_to_its_snapshots(&kept[0].path()).await, all_moves);
}
