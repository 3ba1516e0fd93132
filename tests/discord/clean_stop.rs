//! SIGTERM to `chatrang discord` in the middle of a game, right after a move was sent: the
//! process exits with status 0 within the grace period; the move is in the record exactly when
//! its answer was shown (none half-done, none played without an answer); and a restart on the
//! same data goes on with the game.

use std::{
    process::{Child, Command},
    time::{Duration, Instant},
};

use chatrang::store::{DATABASE_FILE, LogKind, Store, sqlite_url};

use crate::{
    fake::{Channel, Fake, GUILD_ID, Person},
    shards::{Table, moved},
};

/// The grace period the bot is given (`CHATRANG_STOP_GRACE`).
const GRACE: Duration = Duration::from_secs(5);

/// Kills the bot process when the test ends, passed or failed.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `chatrang discord` on the SQLite database in `data`, its log in `log`.
fn bot(fake: &Fake, data: &std::path::Path, log: &std::path::Path) -> Process {
    let log = std::fs::File::create(log).unwrap();
    Process(
        Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .arg("discord")
            .arg("--data")
            .arg(data)
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_GUILD_ID", GUILD_ID)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("CHATRANG_STOP_GRACE", GRACE.as_secs().to_string())
            .env("RUST_LOG", "info")
            .env_remove("DATABASE_URL")
            .stderr(log.try_clone().unwrap())
            .stdout(log)
            .spawn()
            .unwrap(),
    )
}

/// The moves in game `id`'s record.
async fn moves(store: &Store, id: i64) -> Vec<String> {
    store
        .log(id)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == LogKind::Move)
        .filter_map(|e| e.notation)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_game_stops_cleanly_and_a_restart_goes_on() {
    let fake = Fake::start().await;
    let data = tempfile::tempdir().unwrap();
    let first_log = data.path().join("first.log");
    let mut first = bot(&fake, data.path(), &first_log);
    fake.wait_ready(1).await;
    let store = Store::open(&sqlite_url(&data.path().join(DATABASE_FILE)))
        .await
        .unwrap();
    let table = Table {
        lobby: Channel::text(1200000000000000001),
        white: Person::new(1300000000000000001, "alice"),
        black: Person::new(1300000000000000002, "bob"),
    };
    let (game, thread) = table.start_game(&fake, &store).await;
    for (who, notation) in [(&table.white, "e2e4"), (&table.black, "e7e5")] {
        let answer = moved(&fake, who, &thread, notation).await;
        assert!(!answer.is_ephemeral(), "{}", answer.content());
    }

    // Alice's next move, and SIGTERM while it is carried out.
    let token = fake.slash(
        &table.white,
        &thread,
        "move",
        vec![crate::fake::option("move", "g1f3")],
    );
    tokio::time::sleep(Duration::from_millis(5)).await;
    let signalled = Instant::now();
    // SAFETY: kill sends a signal to the child's process id; it touches no memory.
    let sent = unsafe { libc::kill(first.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let status = loop {
        if let Some(status) = first.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < GRACE + Duration::from_secs(2),
            "the bot stops within the grace period"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "a clean stop exits with 0: {status:?}");
    let log = std::fs::read_to_string(&first_log).unwrap();
    assert!(log.contains("stopped"), "{log}");

    // The move is kept exactly when its answer was shown.
    let played = moves(&store, game).await;
    let shown: Vec<String> = fake
        .answers(&token)
        .iter()
        .map(|a| a.content().to_string())
        .collect();
    let kept = played.len() == 3;
    assert!(played.len() == 2 || kept, "{played:?}");
    assert_eq!(
        kept,
        shown.iter().any(|text| text.contains("g1–f3")),
        "kept {played:?}, shown {shown:?}"
    );
    eprintln!(
        "SIGTERM during a move: stopped in {:.2} s, the move {}",
        signalled.elapsed().as_secs_f64(),
        if kept { "finished" } else { "not begun" }
    );

    // A restart on the same data goes on with the game.
    let _second = bot(&fake, data.path(), &data.path().join("second.log"));
    fake.wait_ready(2).await;
    let (who, next) = if kept {
        (&table.black, "b8c6")
    } else {
        (&table.white, "g1f3")
    };
    let answer = moved(&fake, who, &thread, next).await;
    assert!(!answer.is_ephemeral(), "{}", answer.content());
    assert_eq!(moves(&store, game).await.len(), if kept { 4 } else { 3 });
}
