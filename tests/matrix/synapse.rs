//! A real Matrix homeserver for the tests: Synapse from PyPI, on a free port of 127.0.0.1,
//! started once per test binary the way the store tests start PostgreSQL. When Synapse is not
//! installed, a Python venv under `target/synapse-venv` gets it with pip (about a minute, once).
//! Federation is off, rate limits are generous, and users are registered with the shared-secret
//! admin API (Synapse's own `register_new_matrix_user`). A watchdog stops the server when the
//! test binary ends, however it ends.

use std::{
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::{
        OnceLock,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

/// A running homeserver.
pub struct Synapse {
    pub url: String,
    config: PathBuf,
    venv: PathBuf,
    dir: PathBuf,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// The homeserver of this test binary, started on first use.
pub fn synapse() -> &'static Synapse {
    static SERVER: OnceLock<Synapse> = OnceLock::new();
    SERVER.get_or_init(start)
}

impl Synapse {
    /// Registers a new user whose name starts with `name` (unique in this run); returns the
    /// user's localpart and password.
    pub fn register(&self, name: &str) -> (String, String) {
        self.register_as(name, false)
    }

    /// The same for a server admin (who may use Synapse's admin API).
    pub fn register_admin(&self, name: &str) -> (String, String) {
        self.register_as(name, true)
    }

    fn register_as(&self, name: &str, admin: bool) -> (String, String) {
        let user = format!(
            "{name}{}x{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        );
        let password = format!("{user}-password");
        let output = Command::new(self.venv.join("bin/register_new_matrix_user"))
            .arg("-c")
            .arg(&self.config)
            .args(["-u", &user, "-p", &password])
            .arg(if admin { "--admin" } else { "--no-admin" })
            .arg(&self.url)
            .output()
            .expect("register_new_matrix_user runs");
        assert!(
            output.status.success(),
            "registering {user} failed: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        (user, password)
    }

    /// Sets `user`'s own message rate limit with the admin API, as `admin_token`: Synapse then
    /// answers `M_LIMIT_EXCEEDED` with a `retry_after_ms` to whatever `user` sends faster.
    pub fn limit_messages(&self, admin_token: &str, user: &str, per_second: u32, burst: u32) {
        let path = format!("/_synapse/admin/v1/users/{user}/override_ratelimit");
        let body = format!("{{\"messages_per_second\": {per_second}, \"burst_count\": {burst}}}");
        let answer = self.post(&path, admin_token, &body);
        assert!(
            answer.contains(" 200 "),
            "override_ratelimit failed: {answer}"
        );
    }

    /// The requests the homeserver answered 429 (rate limited) to `user`, from its log.
    pub fn rate_limited(&self, user: &str) -> usize {
        let log = std::fs::read_to_string(self.dir.join("homeserver.log")).unwrap_or_default();
        log.lines()
            .filter(|l| l.contains(&format!("{{{user}}}")) && l.contains(" 429 "))
            .count()
    }

    /// A plain HTTP/1.0 POST; returns the whole answer.
    fn post(&self, path: &str, token: &str, body: &str) -> String {
        use std::io::{Read, Write};
        let address = self.url.trim_start_matches("http://");
        let mut stream = std::net::TcpStream::connect(address).expect("Synapse answers");
        let request = format!(
            "POST {path} HTTP/1.0\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .expect("the request is sent");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        answer
    }
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// The venv with Synapse, installed when missing.
fn venv() -> PathBuf {
    let venv = target_dir().join("synapse-venv");
    let python = venv.join("bin/python");
    let installed = Command::new(&python)
        .args(["-c", "import synapse"])
        .status()
        .is_ok_and(|s| s.success());
    if !installed {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 runs (the Matrix tests need Python 3 with venv)");
        assert!(made.success(), "python3 -m venv failed");
        let pip = Command::new(venv.join("bin/pip"))
            .args(["install", "-q", "matrix-synapse"])
            .status()
            .expect("pip runs");
        assert!(pip.success(), "pip install matrix-synapse failed");
    }
    venv
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

// The watchdog is meant to outlive the test binary, so it is never waited for.
#[allow(clippy::zombie_processes)]
fn start() -> Synapse {
    let venv = venv();
    let python = venv.join("bin/python");
    let dir = std::env::temp_dir().join(format!("chatrang-synapse-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the homeserver's directory");
    let config = dir.join("homeserver.yaml");
    let generated = Command::new(&python)
        .args(["-m", "synapse.app.homeserver", "--server-name", "localhost"])
        .arg("--config-path")
        .arg(&config)
        .args(["--generate-config", "--report-stats=no"])
        .current_dir(&dir)
        .output()
        .expect("synapse generates its config");
    assert!(
        generated.status.success(),
        "synapse --generate-config failed: {}",
        String::from_utf8_lossy(&generated.stderr)
    );
    let port = free_port();
    let text = std::fs::read_to_string(&config).expect("the generated config");
    std::fs::write(&config, test_config(&text, port, &dir)).expect("the config is written");
    let log = std::fs::File::create(dir.join("synapse.out")).expect("a log file");
    let server = Command::new(&python)
        .args(["-m", "synapse.app.homeserver", "-c"])
        .arg(&config)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("the log"))
        .stderr(log)
        .spawn()
        .expect("synapse starts");
    let script = format!(
        "while kill -0 {me} 2>/dev/null; do sleep 1; done; kill {server} 2>/dev/null; \
         sleep 2; kill -9 {server} 2>/dev/null; rm -rf {dir}",
        me = std::process::id(),
        server = server.id(),
        dir = dir.display()
    );
    Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the watchdog starts");
    let url = format!("http://127.0.0.1:{port}");
    wait_until_up(&url, &dir);
    Synapse {
        url,
        config,
        venv,
        dir,
    }
}

/// The generated config, for tests: our port on loopback only, no federation or key servers,
/// and rate limits no test reaches.
fn test_config(generated: &str, port: u16, dir: &Path) -> String {
    let mut kept = String::new();
    let mut skipping = false;
    for line in generated.lines() {
        if line.starts_with("listeners:") {
            skipping = true;
            continue;
        }
        if skipping && (line.starts_with(' ') || line.starts_with('-') || line.is_empty()) {
            continue;
        }
        skipping = false;
        kept.push_str(line);
        kept.push('\n');
    }
    let generous = "{per_second: 1000, burst_count: 1000}";
    kept.push_str(&format!(
        "listeners:\n  - port: {port}\n    bind_addresses: ['127.0.0.1']\n    type: http\n    \
         tls: false\n    x_forwarded: false\n    resources:\n      - names: [client]\n        \
         compress: false\n\
         trusted_key_servers: []\nsuppress_key_server_warning: true\n\
         federation_domain_whitelist: []\n\
         media_store_path: {media}\n\
         rc_message: {generous}\nrc_registration: {generous}\n\
         rc_login:\n  address: {generous}\n  account: {generous}\n  failed_attempts: {generous}\n\
         rc_joins:\n  local: {generous}\n  remote: {generous}\n\
         rc_invites:\n  per_room: {generous}\n  per_user: {generous}\n  per_issuer: {generous}\n\
         rc_3pid_validation: {generous}\n\
         rc_admin_redaction: {generous}\n",
        media = dir.join("media").display()
    ));
    kept
}

/// Waits until the client API answers (Synapse starts in a few seconds).
fn wait_until_up(url: &str, dir: &Path) {
    let started = Instant::now();
    let address = url.trim_start_matches("http://").to_string();
    while started.elapsed() < Duration::from_secs(60) {
        if let Ok(mut stream) = std::net::TcpStream::connect(&address) {
            use std::io::{Read, Write};
            let request =
                format!("GET /_matrix/client/versions HTTP/1.0\r\nHost: {address}\r\n\r\n");
            let mut answer = String::new();
            if stream.write_all(request.as_bytes()).is_ok()
                && stream.read_to_string(&mut answer).is_ok()
                && answer.starts_with("HTTP/1.")
                && answer.contains(" 200 ")
            {
                return;
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let log = std::fs::read_to_string(dir.join("synapse.out")).unwrap_or_default();
    panic!("Synapse did not start in a minute; its output:\n{log}");
}
