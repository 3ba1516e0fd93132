//! The database: the only source of truth for games, players, results and ratings.
//!
//! One query set through sqlx's `Any` driver serves SQLite (the default, one file in the data
//! directory) and PostgreSQL (for several bot processes on one database). Each backend has its
//! own migrations under `migrations/`, applied when the store opens. Games are written only
//! through [`Store::commit`], which appends to the game's log and replaces its snapshot in one
//! transaction, guarded by the version that was read.

mod backup;
mod choices;
mod commit_queue;
mod error;
mod export;
mod forget;
mod games;
mod handled;
mod limits;
mod migrations;
mod outbox;
mod people;
mod post;
mod processes;
mod records;
mod review;
mod scores;
mod seeks;
mod settings;
mod source;
mod stats;
mod subscriptions;
mod timers;
mod timing;
mod tournaments;
mod variants;
mod votes;
mod watch;

use std::{
    path::{Path, PathBuf},
    str::FromStr,
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

pub use backup::Contents;
pub use choices::OfferedChoice;
pub use error::StoreError;
pub use forget::{Forgetting, Forgotten};
pub use limits::PlaceLimits;
pub use outbox::{Post, PostState};
pub use people::{Notify, Vacation};
pub use post::{NewPost, PostKind, post_key};
pub use records::{
    Commit, GameKind, GameRow, GameState, LogEntry, LogKind, NewLogEntry, Offer, Participant,
    RatingRow, Rerating, ResultKind, ResultRow, ScoreRow, parse_side, side_text,
};
pub use review::StoredReview;
pub use seeks::{NewSeek, SeekRow, SeekState};
pub use settings::PlaceSettings;
pub use source::handling;
use sqlx::{
    AnyPool, Executor,
    any::{AnyConnectOptions, AnyPoolOptions},
};
pub use stats::{Beaten, RatingPoint};
pub use timers::Timer;
pub use timing::{NewTimer, OnTimeout, TimerKind, TimerUpdate, Timing};
pub use tournaments::{
    BoardEnd, BoardRow, ByeRow, Entrant, NewBoard, NewRound, NewTournament, TournamentRow,
    TournamentState,
};
pub use variants::{Saved, VariantRow};
pub use votes::Vote;
pub use watch::watch_writes;
pub(crate) use watch::wrote;

/// Which database engine is behind the pool.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The name of the SQLite file inside the data directory.
pub const DATABASE_FILE: &str = "chatrang.db";

/// The database to use: `DATABASE_URL` when it names PostgreSQL, else the SQLite file in the
/// data directory (which wins over a `sqlite:` `DATABASE_URL`, so `--data` always means what
/// it says).
pub fn database_url(data_dir: &Path, database_url: Option<&str>) -> String {
    match database_url {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            url.to_string()
        }
        _ => sqlite_url(&data_dir.join(DATABASE_FILE)),
    }
}

/// A SQLite URL for a file, created when missing.
pub fn sqlite_url(file: &Path) -> String {
    format!("sqlite://{}?mode=rwc", file.display())
}

/// The data directory from `--data`, else `CHATRANG_DATA`, else `./data`.
pub fn data_dir(flag: Option<PathBuf>) -> PathBuf {
    flag.or_else(|| std::env::var_os("CHATRANG_DATA").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("data"))
}

/// Opens the configured database: `DATABASE_URL` when it names PostgreSQL, else the SQLite
/// file in `data_dir`.
pub async fn open_configured(data_dir: &Path) -> Result<Store, StoreError> {
    let env = std::env::var("DATABASE_URL").ok();
    Store::open(&database_url(data_dir, env.as_deref())).await
}

/// The pool and the engine behind it.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite has one writer at a time, and a connection that finds the file locked sleeps
    /// in SQLite's busy handler (1 ms, 2 ms, 5 ms … 100 ms) instead of being woken. Writers of
    /// this process therefore queue here, and only another process ever meets a lock.
    writer: Arc<tokio::sync::Mutex<()>>,
    /// Commits waiting for the writer, written together (see [`Store::commit`]).
    queue: Arc<commit_queue::CommitQueue>,
}

impl Store {
    /// Opens (creating when needed) the database at `url`, and applies the migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err(StoreError::Setup(format!(
                "the database URL must start with sqlite: or postgres://, not \"{}\"",
                url.split(':').next().unwrap_or("")
            )));
        };
        if backend == Backend::Sqlite {
            prepare_sqlite_file(url).await?;
        }
        let options = AnyConnectOptions::from_str(url)?;
        let mut pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 8 } else { 16 })
            .acquire_timeout(acquire_timeout(backend));
        if backend == Backend::Sqlite {
            // Durable commits: every committed move survives a power cut. The busy timeout
            // makes a second writer wait for the first instead of failing at once.
            pool = pool.after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA synchronous = FULL; PRAGMA busy_timeout = 10000;")
                        .await?;
                    Ok(())
                })
            });
        }
        let pool = pool.connect_with(options).await?;
        let files = match backend {
            Backend::Sqlite => migrations::SQLITE,
            Backend::Postgres => migrations::POSTGRES,
        };
        migrations::migrator(files).run(&pool).await?;
        Ok(Store {
            pool,
            backend,
            writer: Arc::new(tokio::sync::Mutex::new(())),
            queue: Arc::default(),
        })
    }

    /// Whether the database answers (a query that reads nothing).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection (tests use it to simulate a restart).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Waits for this process's turn to write (SQLite only; PostgreSQL has row locks).
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.writer.lock().await),
            Backend::Postgres => None,
        }
    }
}

/// How long a query waits for a connection before the command answers that the database is
/// unavailable. PostgreSQL is a server that may be down: while it is, every new connection
/// fails and the pool keeps retrying until this time is up, so it bounds how long people wait
/// for that answer (three seconds, well inside Discord's own three-second acknowledgement plus
/// the deferral the adapters make). SQLite is a file that is always there: waiting longer only
/// ever means waiting for this process's other connections.
fn acquire_timeout(backend: Backend) -> Duration {
    match backend {
        Backend::Postgres => Duration::from_secs(3),
        Backend::Sqlite => Duration::from_secs(10),
    }
}

/// Creates the SQLite file's directory and switches the file to write-ahead logging once
/// (WAL is a property of the file; changing it needs a lock that cannot wait, so it is done
/// on a single connection before the pool opens).
async fn prepare_sqlite_file(url: &str) -> Result<(), StoreError> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .split('?')
        .next()
        .unwrap_or("");
    if path.is_empty() || path.contains(":memory:") {
        return Ok(());
    }
    if let Some(dir) = Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|e| {
            StoreError::Setup(format!(
                "cannot create the data directory {}: {e}",
                dir.display()
            ))
        })?;
    }
    let options = AnyConnectOptions::from_str(url)?;
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await?;
    pool.execute("PRAGMA journal_mode = WAL;").await?;
    pool.close().await;
    Ok(())
}

/// Milliseconds since 1970, the time stamp of every row.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
