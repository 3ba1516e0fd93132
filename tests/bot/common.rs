//! Test harness shared by the store, service and service-games tests: a fresh database per
//! test on SQLite (a file in a temporary directory) or PostgreSQL (a database of its own on
//! the server of `tests/support/postgres.rs`; with a `DATABASE_URL` the role needs CREATEDB).

#![allow(dead_code)]

use std::sync::{
    Arc, Mutex,
    atomic::{AtomicUsize, Ordering},
};

use crate::postgres::postgres_server;
pub use crate::postgres::{Cluster, create_database, with_database};
use chatrang::{
    service::{Command, NewGame, Place, Reply, Request, Service, ServiceError, TextPainter, User},
    store::{GameState, Store, sqlite_url},
};

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// One test's database, kept alive (and reopenable) for the test's duration.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    /// A fresh, empty database; `None` when PostgreSQL is skipped on purpose.
    pub async fn new(backend: Backend) -> Option<TestDb> {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("a temporary directory");
                let url = sqlite_url(&dir.path().join("test.db"));
                Some(TestDb {
                    url,
                    _dir: Some(dir),
                })
            }
            Backend::Postgres => {
                let server = postgres_server()?;
                let name = format!(
                    "chatrang_test_{}_{}",
                    std::process::id(),
                    COUNTER.fetch_add(1, Ordering::SeqCst)
                );
                create_database(&server.admin_url, &name).await;
                Some(TestDb {
                    url: with_database(&server.admin_url, &name),
                    _dir: None,
                })
            }
        }
    }

    pub async fn open(&self) -> Store {
        Store::open(&self.url)
            .await
            .expect("the test database opens")
    }

    pub async fn service(&self) -> Service {
        Service::new(self.open().await, Arc::new(TextPainter))
    }

    /// Runs one SQL statement on the database behind the service's back: to age a record
    /// (other options, another seed) or to damage it.
    pub async fn execute(&self, sql: &str) {
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&self.url)
            .await
            .unwrap_or_else(|e| panic!("cannot reach the test database: {e}"));
        sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(&pool)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        pool.close().await;
    }

    /// The number one SQL query counts, read behind the service's back (what a process
    /// left in the database).
    pub async fn count(&self, sql: &str) -> i64 {
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&self.url)
            .await
            .unwrap_or_else(|e| panic!("cannot reach the test database: {e}"));
        let count: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
            .fetch_one(&pool)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        pool.close().await;
        count
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Text as an SQL string literal.
pub fn sql_text(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The error lines logged on this thread while it lives. A test's own service calls run on
/// its thread (the test body is the runtime's `block_on` future), so they land here and other
/// tests' do not.
pub struct ErrorLog {
    lines: Arc<Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

impl ErrorLog {
    pub fn capture() -> ErrorLog {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::ERROR)
            .with_ansi(false)
            .with_writer(move || LogSink(sink.clone()))
            .finish();
        ErrorLog {
            lines,
            _guard: tracing::subscriber::set_default(subscriber),
        }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.lines.lock().expect("the log")).into_owned()
    }
}

struct LogSink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for LogSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("the log").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs an async test body against both backends, as two `#[test]`s.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    if let Some(db) = $crate::common::TestDb::new($crate::common::Backend::Sqlite).await {
                        super::$name(db).await;
                    }
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    if let Some(db) = $crate::common::TestDb::new($crate::common::Backend::Postgres).await {
                        super::$name(db).await;
                    }
                }
            }
        )*
    };
}

// ---- helpers that make the tests read like the rules ----

pub fn here() -> Place {
    Place::new("server-1", "channel-1")
}

pub fn person(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

/// Raises the limits per person of `server` far above what a moderator may set: for the tests
/// that start many games between the same two people at once (races, storms), whose subject
/// is not the limits.
pub async fn lift_limits(store: &Store, server: &str) {
    // Far above what `/limits` allows (100): a storm on a fast machine plays a whole game in
    // 50 ms, over a hundred games a minute.
    let most = chatrang::store::PlaceLimits {
        open_challenges: 1_000_000,
        games_per_minute: 1_000_000,
        bot_games: 1_000_000,
    };
    store
        .set_place_limits(server, most, "the test")
        .await
        .expect("the limits are set");
}

/// `user`'s request here about game `game` (the game open here for `None`).
pub fn req(user: &User, game: Option<i64>) -> Request {
    Request::new(user.clone(), here()).about(game)
}

/// `who` plays (or answers with) `notation` in game `game` (the place's game for `None`).
pub async fn move_as(
    service: &Service,
    who: &User,
    game: Option<i64>,
    notation: &str,
) -> Result<Reply, ServiceError> {
    service
        .run(&req(who, game), Command::Move(notation.to_string()))
        .await
}

/// `user`'s request in `place` about game `game`.
pub fn ask(place: &Place, user: &User, game: Option<i64>) -> Request {
    Request::new(user.clone(), place.clone()).about(game)
}

/// A request in `place` by someone in no game (for what anyone may ask, such as leaderboards).
pub fn anyone(place: Place) -> Request {
    Request::new(person("onlooker"), place)
}

/// A quiet Italian game: twenty moves that never repeat a position (the stress tests play it).
pub const ITALIAN: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6", "O-O", "O-O", "Re1", "a6",
    "a4", "Ba7", "h3", "h6", "Nbd2", "Re8",
];

/// The same moves as the record keeps them.
pub const ITALIAN_RECORDED: [&str; 20] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "c2c3", "g8f6", "d2d3", "d7d6", "e1g1", "e8g8",
    "f1e1", "a7a6", "a2a4", "c5a7", "h2h3", "h7h6", "b1d2", "f8e8",
];

/// The moves of game `id` as its record keeps them, in order.
pub async fn recorded_moves(store: &Store, id: i64) -> Vec<String> {
    store
        .log(id)
        .await
        .expect("the log reads")
        .into_iter()
        .filter(|e| e.kind == chatrang::store::LogKind::Move)
        .filter_map(|e| e.notation)
        .collect()
}

/// Unwraps a reply, failing with the service's sentence.
/// The text of this server's leaderboard for `game`, as anyone asking sees it.
pub async fn leaderboard(service: &Service, game: &str) -> String {
    ok(service
        .run(&anyone(here()), Command::Leaderboard(game.to_string()))
        .await)
    .text
}

pub fn ok(result: Result<Reply, ServiceError>) -> Reply {
    result.unwrap_or_else(|e| panic!("expected success, got: {e}"))
}

/// Unwraps a refusal, failing if the command succeeded.
pub fn refused(result: Result<Reply, ServiceError>) -> String {
    match result {
        Ok(reply) => panic!("expected a refusal, got: {}", reply.text),
        Err(e) => e.to_string(),
    }
}

/// A two-player game of `game` between `white` and `black`, challenged and accepted.
pub async fn two_player(
    service: &Service,
    game: &str,
    white: &User,
    black: &User,
    options: &[(&str, &str)],
) -> i64 {
    let reply = ok(service
        .run(
            &req(white, None),
            Command::New(NewGame {
                game: game.to_string(),
                opponent: Some(black.clone()),
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                seed: Some(1),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a new game has an id").id;
    ok(service.run(&req(black, Some(id)), Command::Accept).await);
    id
}

/// Plays moves alternately by the two users, starting with `first`.
pub async fn play(
    service: &Service,
    id: i64,
    first: &User,
    second: &User,
    moves: &[&str],
) -> Reply {
    let mut last = None;
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { first } else { second };
        last = Some(
            service
                .run(&req(who, Some(id)), Command::Move(m.to_string()))
                .await
                .unwrap_or_else(|e| panic!("{} playing {m}: {e}", who.name)),
        );
    }
    last.expect("at least one move")
}

/// Plays up to `limit` actions of game `id`, each by the first member of `people` the service
/// called; returns whether the game ended by its rules.
pub async fn play_out(
    service: &Service,
    id: i64,
    people: &[User],
    first_notified: Vec<String>,
    limit: usize,
) -> bool {
    let mut notify = first_notified;
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..limit {
        let row = service.store().game(id).await.unwrap().unwrap();
        if row.state == GameState::Over {
            return true;
        }
        let actor = people
            .iter()
            .find(|u| notify.contains(&u.id))
            .unwrap_or_else(|| panic!("game {id}: nobody was called to act ({notify:?})"));
        let moves = service
            .legal_moves(&req(actor, Some(id)), "")
            .await
            .unwrap_or_else(|e| panic!("game {id}: {e}"))
            .moves;
        assert!(
            !moves.is_empty(),
            "game {id}: {} was called but has no move",
            actor.name
        );
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let choice = &moves[(rng % moves.len() as u64) as usize];
        let reply = move_as(service, actor, Some(id), choice)
            .await
            .unwrap_or_else(|e| panic!("game {id}: {} playing {choice}: {e}", actor.name));
        notify = reply.notify;
    }
    service.store().game(id).await.unwrap().unwrap().state == GameState::Over
}
