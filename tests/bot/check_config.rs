//! `chatrang check-config` and where settings come from: the environment, a settings file
//! (`--config`), secrets in files (`DISCORD_TOKEN_FILE`…). Run as the real binary with a clean
//! environment of its own.

use std::process::{Command, Output};

/// The binary with only `vars` in its environment (and PATH), run with `args`.
fn chatrang(args: &[&str], vars: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chatrang"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .envs(vars.iter().copied())
        .output()
        .expect("chatrang runs")
}

fn printed(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn secrets_from_files_are_used_and_never_printed() {
    let dir = tempfile::tempdir().unwrap();
    let token_file = dir.path().join("token");
    std::fs::write(&token_file, "Tok3n-from-a-file-9f8e7d\n").unwrap();
    let data = dir.path().join("data");
    let output = chatrang(
        &["check-config", "discord", "--data", data.to_str().unwrap()],
        &[
            ("DISCORD_TOKEN_FILE", token_file.to_str().unwrap()),
            ("DATABASE_URL", "postgres://bot:pa55word@db:5432/chatrang"),
        ],
    );
    let text = printed(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("set, 24 characters, hidden (DISCORD_TOKEN_FILE"),
        "{text}"
    );
    assert!(
        text.contains("postgres://bot:•••@db:5432/chatrang"),
        "{text}"
    );
    assert!(text.contains("made at the first start"), "{text}");
    assert!(
        !text.contains("Tok3n") && !text.contains("pa55word"),
        "a secret is printed:\n{text}"
    );
    assert!(text.contains("The settings are fine."), "{text}");
}

#[test]
fn a_settings_file_fills_in_what_the_environment_does_not_say() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("chatrang.env");
    std::fs::write(
        &file,
        "# the bot's settings\nDISCORD_TOKEN=from-the-file\nDISCORD_GUILD_ID=my-server\n\
         CHATRANG_STOP_GRACE=30\n",
    )
    .unwrap();
    let config = file.to_str().unwrap();
    let output = chatrang(
        &["check-config", "discord", "--config", config],
        &[("CHATRANG_STOP_GRACE", "4")],
    );
    let text = printed(&output);
    assert!(!output.status.success(), "a bad server id fails:\n{text}");
    assert!(text.contains("my-server"), "{text}");
    assert!(
        text.contains("4 s (CHATRANG_STOP_GRACE)"),
        "the environment wins:\n{text}"
    );
    assert!(text.contains("1 setting needs fixing."), "{text}");
    // The file's values count for running too: the console takes its data directory from it.
    let data = dir.path().join("from-file");
    std::fs::write(&file, format!("CHATRANG_DATA={}\n", data.display())).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_chatrang"))
        .args(["console", "--config", config])
        .env_clear()
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", printed(&output));
    assert!(data.join(chatrang::store::DATABASE_FILE).exists());
}

#[test]
fn each_wrong_setting_is_named() {
    let cases: [(&[(&str, &str)], &str); 5] = [
        (
            &[
                ("DISCORD_TOKEN", "a"),
                ("DISCORD_TOKEN_FILE", "/nonexistent"),
            ],
            "keep one",
        ),
        (
            &[("DISCORD_TOKEN_FILE", "/nonexistent/token")],
            "cannot be read",
        ),
        (&[("CHATRANG_STOP_GRACE", "soon")], "CHATRANG_STOP_GRACE"),
        (&[("LOG_FORMAT", "xml")], "LOG_FORMAT is text or json"),
        (&[("DATABASE_URL", "mysql://x@y/z")], "postgres:// URL"),
    ];
    for (vars, said) in cases {
        let output = chatrang(&["check-config", "console"], vars);
        let text = printed(&output);
        assert!(!output.status.success(), "{vars:?}:\n{text}");
        assert!(text.contains(said), "{vars:?} should say {said:?}:\n{text}");
    }
    let output = chatrang(&["check-config", "irc"], &[]);
    assert!(!output.status.success());
    assert!(printed(&output).contains("discord, matrix or console"));
    // Without a platform, those not set up are said to be so, and that is no error.
    let output = chatrang(&["check-config"], &[]);
    let text = printed(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("not set up (no DISCORD_TOKEN)"), "{text}");
    assert!(text.contains("not set up (no MATRIX_HOMESERVER)"), "{text}");
}
