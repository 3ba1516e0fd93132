//! A throwaway PostgreSQL for the tests, shared by the test crates that need one (included
//! with `#[path]`): when `DATABASE_URL` is a postgres:// URL, that server; otherwise one
//! cluster per test binary started from Debian's binaries (`/usr/lib/postgresql/*/bin`: initdb,
//! pg_ctl) on a free port in a temporary directory, as the `postgres` user when running as
//! root (initdb refuses root). A watchdog stops it and deletes it when the test binary exits.
//! With neither, the PostgreSQL tests fail with a message saying what to install, unless
//! `CHATRANG_SKIP_POSTGRES=1` is set.

#![allow(dead_code)]

use std::{
    path::{Path, PathBuf},
    process,
    sync::OnceLock,
};

pub struct PgServer {
    /// A URL to the `postgres` database, used to create one database per test.
    pub admin_url: String,
}

/// Replaces the database name at the end of a postgres:// URL.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let base = match base[after_scheme..].find('/') {
        Some(slash) => &base[..after_scheme + slash],
        None => base,
    };
    format!("{base}/{name}{query}")
}

pub async fn create_database(admin_url: &str, name: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(admin_url)
        .await
        .unwrap_or_else(|e| panic!("cannot reach PostgreSQL at {admin_url}: {e}"));
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&pool)
        .await
        .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
    pool.close().await;
}

/// The tests' server, started on first use; `None` when PostgreSQL is skipped on purpose.
pub fn postgres_server() -> Option<&'static PgServer> {
    static SERVER: OnceLock<Option<PgServer>> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            if let Ok(url) = std::env::var("DATABASE_URL")
                && (url.starts_with("postgres://") || url.starts_with("postgresql://"))
            {
                return Some(PgServer { admin_url: url });
            }
            if std::env::var("CHATRANG_SKIP_POSTGRES").is_ok_and(|v| v == "1") {
                eprintln!("PostgreSQL tests skipped: CHATRANG_SKIP_POSTGRES=1");
                return None;
            }
            Some(start_cluster())
        })
        .as_ref()
}

fn pg_bin() -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|dirs| {
            dirs.filter_map(Result::ok)
                .map(|d| d.path().join("bin"))
                .filter(|bin| bin.join("initdb").exists() && bin.join("pg_ctl").exists())
                .collect()
        })
        .unwrap_or_default();
    found.sort_by_key(|p| {
        p.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop().unwrap_or_else(|| {
        panic!(
            "PostgreSQL tests need initdb and pg_ctl under /usr/lib/postgresql/*/bin \
             (apt-get install -y postgresql), or DATABASE_URL=postgres://…, or \
             CHATRANG_SKIP_POSTGRES=1 to skip them"
        )
    })
}

fn is_root() -> bool {
    process::Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// Runs a PostgreSQL program, as the `postgres` user when we are root.
fn run_pg(bin: &Path, program: &str, args: &[&str]) {
    let exe = bin.join(program);
    let mut command = if is_root() {
        let mut c = process::Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(&exe);
        c
    } else {
        process::Command::new(&exe)
    };
    let output = command
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    assert!(
        output.status.success(),
        "{program} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start_cluster() -> PgServer {
    let cluster = Cluster::start("shared");
    let admin_url = cluster.admin_url();
    // The per-binary cluster lives until the watchdog stops it.
    std::mem::forget(cluster);
    PgServer { admin_url }
}

/// A throwaway PostgreSQL cluster of its own, which a test may stop and start again (an
/// outage). A watchdog stops it and deletes its directory at most a second after the test
/// binary ends, whatever way it ended.
pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl Cluster {
    /// Creates and starts a cluster named `name` (unique within the test binary).
    // The watchdog is meant to outlive the test binary, so it is never waited for.
    #[allow(clippy::zombie_processes)]
    pub fn start(name: &str) -> Cluster {
        let bin = pg_bin();
        let dir = std::env::temp_dir().join(format!("chatrang-pg-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the cluster directory");
        if is_root() {
            let status = process::Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .expect("chown runs");
            assert!(status.success(), "chown of {} failed", dir.display());
        }
        let cluster = Cluster {
            bin,
            dir,
            port: free_port(),
        };
        let data = cluster.data();
        run_pg(
            &cluster.bin,
            "initdb",
            &[
                "-D",
                &data,
                "-A",
                "trust",
                "-U",
                "postgres",
                "--no-sync",
                "-E",
                "UTF8",
            ],
        );
        cluster.resume();
        let stop = if is_root() {
            format!(
                "runuser -u postgres -- {} -D {data} -m immediate stop",
                cluster.bin.join("pg_ctl").display()
            )
        } else {
            format!(
                "{} -D {data} -m immediate stop",
                cluster.bin.join("pg_ctl").display()
            )
        };
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {dir}",
            pid = std::process::id(),
            dir = cluster.dir.display()
        );
        process::Command::new("sh")
            .args(["-c", &script])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the watchdog starts");
        cluster
    }

    fn data(&self) -> String {
        self.dir.join("data").to_string_lossy().to_string()
    }

    /// A URL to the cluster's `postgres` database.
    pub fn admin_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops the server at once, dropping every connection (as a crash or a restart would).
    pub fn halt(&self) {
        run_pg(
            &self.bin,
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        );
    }

    /// Starts the server (again), on the same port and data.
    pub fn resume(&self) {
        let log = self.dir.join("pg.log").to_string_lossy().to_string();
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off -c max_connections=200",
            self.port,
            self.dir.display()
        );
        run_pg(
            &self.bin,
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log,
                "-w",
                "-o",
                &options,
                "start",
            ],
        );
    }
}
