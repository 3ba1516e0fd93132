//! The bot as its own process (`chatrang matrix`), which a test can kill with SIGKILL as a
//! crash would and start again on the same data directory.

use std::{
    path::{Path, PathBuf},
    process::{Child, Command},
    time::{Duration, Instant},
};

use super::PATIENCE;

/// `chatrang matrix` running on a data directory, its log in a file there.
pub struct Binary {
    child: Child,
    log: PathBuf,
}

impl Binary {
    /// Starts the binary on `data` (where a session is kept), connecting to `homeserver`.
    pub fn start(data: &Path, homeserver: &str, login: &(String, String), run: usize) -> Binary {
        let log = data.join(format!("bot-{run}.log"));
        let file = std::fs::File::create(&log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .arg("matrix")
            .arg("--data")
            .arg(data)
            .env("MATRIX_HOMESERVER", homeserver)
            .env("MATRIX_USER", &login.0)
            .env("MATRIX_PASSWORD", &login.1)
            .env_remove("RUST_LOG")
            .env_remove("DATABASE_URL")
            .stderr(file.try_clone().unwrap())
            .stdout(file)
            .spawn()
            .unwrap();
        Binary { child, log }
    }

    /// Waits until the log says the bot is connected; returns how long that took.
    pub async fn connected(&self) -> Duration {
        let started = Instant::now();
        let waited = tokio::time::timeout(PATIENCE, async {
            while !self.logged().contains("connected to Matrix") {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await;
        waited.unwrap_or_else(|_| panic!("the bot never connected:\n{}", self.logged()));
        started.elapsed()
    }

    pub fn logged(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGKILL: no clean stop, its lease and claims stay in the database as they were.
    pub fn kill(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.logged()
    }
}
