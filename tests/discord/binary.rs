//! The `chatrang discord` command itself, run as a separate process with its settings in the
//! environment, against the fake Discord: the wiring from the command line to the adapter.

use std::process::{Child, Command};

use crate::fake::{Channel, Fake, GUILD_ID, Person, option};

/// Kills the bot process when the test ends, passed or failed.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chatrang_discord_serves_with_the_settings_from_the_environment() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = Process(
        Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .arg("discord")
            .arg("--data")
            .arg(dir.path())
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_GUILD_ID", GUILD_ID)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("RUST_LOG", "warn")
            .env_remove("DATABASE_URL")
            .spawn()
            .unwrap(),
    );
    let registrations = fake.wait_ready(1).await;
    assert!(
        registrations[0]
            .path
            .ends_with(&format!("/guilds/{GUILD_ID}/commands")),
        "{}",
        registrations[0].path
    );
    let token = fake.slash(
        &Person::new(1300000000000000001, "alice"),
        &Channel::text(1200000000000000001),
        "help",
        vec![],
    );
    let help = fake.wait_answer(&token).await;
    assert!(help.content().contains("Cataclysm"), "{}", help.content());
    // The database was created in the data directory given on the command line.
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_some());
}

#[test]
fn chatrang_discord_without_a_token_says_how_to_get_one() {
    let output = Command::new(env!("CARGO_BIN_EXE_chatrang"))
        .arg("discord")
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("DISCORD_TOKEN"), "{error}");
}

/// The token never reaches the logs, even at the most verbose level, where the gateway's and the
/// HTTP client's own traces are on: the bot serves a command, then its whole log is searched.
/// In both log formats (`LOG_FORMAT`); the JSON one is one object per line, with the command,
/// the server and the channel as fields of the lines logged while a command runs.
async fn the_token_is_never_logged(format: &str) -> String {
    const TOKEN: &str = "fake-token-7c1e9d5b3a";
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("bot.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let bot = Process(
        Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .arg("discord")
            .arg("--data")
            .arg(dir.path())
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_GUILD_ID", GUILD_ID)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("RUST_LOG", "trace")
            .env("LOG_FORMAT", format)
            .env_remove("DATABASE_URL")
            .stderr(log.try_clone().unwrap())
            .stdout(log)
            .spawn()
            .unwrap(),
    );
    fake.wait_ready(1).await;
    let token = fake.slash(
        &Person::new(1300000000000000001, "alice"),
        &Channel::text(1200000000000000001),
        "new",
        vec![option("game", "chess")],
    );
    fake.wait_answer(&token).await;
    drop(bot);
    let logged = std::fs::read_to_string(&log_path).unwrap();
    assert!(
        logged.lines().count() > 20,
        "the trace log was written:\n{logged}"
    );
    assert!(
        !logged.contains(TOKEN) && !logged.contains(&TOKEN[TOKEN.len() - 10..]),
        "the token is in the log"
    );
    logged
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_never_logged_as_text() {
    let logged = the_token_is_never_logged("text").await;
    assert!(
        !logged.starts_with('{'),
        "{}",
        &logged[..200.min(logged.len())]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_never_logged_as_json_and_each_line_is_an_object() {
    let logged = the_token_is_never_logged("json").await;
    let lines: Vec<serde_json::Value> = logged
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: a line is not JSON: {line}"))
        })
        .collect();
    assert!(
        lines
            .iter()
            .all(|l| l["level"].is_string() && l["timestamp"].is_string())
    );
    let in_command = lines
        .iter()
        .find(|l| l["span"]["command"] == "new")
        .expect("lines logged while /new ran carry the command");
    assert_eq!(in_command["span"]["server"], GUILD_ID, "{in_command}");
    assert_eq!(
        in_command["span"]["channel"], "1200000000000000001",
        "{in_command}"
    );
}
