//! `chatrang console` driven by script files through a pipe, as a user would run it: a game
//! is challenged, accepted by clicking, played, looked at, and continued after a restart.

use std::{
    ffi::OsStr,
    io::Write,
    os::unix::process::ExitStatusExt,
    path::Path,
    process::{Child, Command, Stdio},
};

/// Starts `chatrang ARGS` on SQLite with every standard stream piped.
fn chatrang<I: AsRef<OsStr>>(args: impl IntoIterator<Item = I>) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chatrang"))
        .args(args)
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chatrang starts")
}

/// Runs `chatrang console --data DIR` with `script` on its standard input; returns stdout.
fn console(data: &Path, script: &str) -> String {
    let mut child = chatrang(["console".as_ref(), "--data".as_ref(), data.as_os_str()]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "console failed: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

const FIRST: &str = "\
# alice challenges bob; bob accepts with the first button
/new chess @bob
/as bob
/click 1
/as alice
/move e2e4
/move d2d4
/as bob
/move e2e4
e7e5
/moves g1
/board
/fly
/quit
/move d7d5
";

const SECOND: &str = "\
/as alice
g1f3
/games
/history
/as bob
/resign
/click 1
/leaderboard chess
";

#[test]
fn a_script_plays_a_game_across_two_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = console(dir.path(), FIRST);
    assert!(
        out.contains("alice> /new chess @bob"),
        "commands are echoed:\n{out}"
    );
    assert!(
        out.contains("Game #1: alice challenges bob to Chess"),
        "{out}"
    );
    assert!(out.contains("Choices: [1] Accept  [2] Decline"), "{out}");
    assert!(out.contains("→ @bob"), "{out}");
    assert!(out.contains("You are now bob."), "{out}");
    assert!(out.contains("bob accepts and plays Black."), "{out}");
    assert!(out.contains("alice — White: Pawn e2–e4"), "{out}");
    assert!(
        out.contains("✗ It is Black's turn; you play White."),
        "{out}"
    );
    assert!(out.contains("✗ e2e4 is not a legal move here"), "{out}");
    assert!(out.contains("✗ There is no command /fly"), "{out}");
    assert!(
        out.contains("✗ The White Knight on g1 has no legal move now (it is White's turn)")
            || out.contains("The White Knight on g1 can play"),
        "{out}"
    );
    // The text board after the moves: Black's e-pawn on e5, White's on e4.
    assert!(out.contains(" 5 · · · · ♟ · · ·"), "{out}");
    assert!(out.contains(" 4 · · · · ♙ · · ·"), "{out}");
    assert!(!out.contains("d7d5"), "nothing runs after /quit:\n{out}");
    assert!(dir.path().join("chatrang.db").exists());

    // A second run on the same data directory continues the game.
    let out = console(dir.path(), SECOND);
    assert!(out.contains("alice — White: Knight g1–f3"), "{out}");
    assert!(out.contains("#1 (Chess) vs bob, you play White"), "{out}");
    assert!(out.contains("[record: "), "{out}");
    let record = dir.path().join("files").join("chatrang-game-1.pgn");
    let text = std::fs::read_to_string(&record).expect("the record is written");
    assert!(text.contains("\n1. e4 e5 2. Nf3 *\n"), "{text}");
    assert!(
        out.contains("Resign game #1 (Chess) for Black? White wins. Click Resign to confirm"),
        "/resign asks first:\n{out}"
    );
    assert!(out.contains("White wins (Black resigned)"), "{out}");
    assert!(out.contains("1. alice"), "{out}");
}

#[test]
fn the_console_escapes_what_it_echoes_lists_its_own_commands_and_keeps_its_clock() {
    let dir = tempfile::tempdir().unwrap();
    let out = console(
        dir.path(),
        "\u{1b}[31mred\n/as \u{1b}[2Jmallory\n/as alice\n/help\n/vacation 3d\n/clock +2d\n\
         /vacation off\n",
    );
    assert!(
        !out.contains('\u{1b}'),
        "no control character reaches the terminal:\n{out}"
    );
    assert!(out.contains("alice> \\u{1b}[31mred"), "{out}");
    assert!(
        out.contains("/as NAME") && out.contains("/clock +13h"),
        "{out}"
    );
    assert!(out.contains("The clock is 2 d ahead of real time"), "{out}");
    // The next run goes on at the time the last one left: the vacation stays ended.
    let out = console(dir.path(), "/as alice\n/vacation\n");
    assert!(
        out.contains("2 d ahead of real time, as the last run left it"),
        "{out}"
    );
    assert!(!out.contains("You are on vacation"), "{out}");
}

#[test]
fn a_group_game_in_the_console_with_help_and_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let out = console(
        dir.path(),
        "/help\n/help cataclysm\n/piece cataclysm Sorceress\n\
         /new cataclysm team white=@ann,@ben black=@cat seed=5\n\
         /as ben\nd4d5&k4k5\n/as cat\nh9h8\n/as ann\n/undo\n/as cat\n/undo\n/board\n",
    );
    assert!(out.contains("Chatrang hosts these games"), "{out}");
    assert!(out.contains("King's leap"), "{out}");
    assert!(out.contains("Sorceress (S, XBetza KmaK)"), "{out}");
    assert!(out.contains("starts a group game of Cataclysm"), "{out}");
    assert!(out.contains("ben — White: two-pawn move"), "{out}");
    // ann's undo at White's turn takes back White's move and Black's reply.
    assert!(out.contains("asks to take back the last 2 moves"), "{out}");
    assert!(out.contains("cat allows the undo"), "{out}");
    assert!(out.contains("Black to move (cat)"), "{out}");
}

/// A painter that also draws pictures: the console writes each PNG to its folder and says
/// where.
#[test]
fn board_pictures_are_written_to_the_files_folder() {
    use std::sync::Arc;

    use chatrang::{
        console::{Settings, session},
        rules::{BoardView, Color},
        service::{BoardPainter, Service, text_board},
        store::{Store, sqlite_url},
    };

    struct FakePng;
    impl BoardPainter for FakePng {
        fn png(&self, view: &BoardView, _: Color) -> Result<Vec<u8>, chatrang::service::NoPicture> {
            Ok(format!("\u{89}PNG {}", view.pieces.len()).into_bytes())
        }
        fn text(&self, view: &BoardView, orientation: Color) -> String {
            text_board(view, orientation)
        }
    }

    let dir = tempfile::tempdir().unwrap();
    let files = dir.path().join("pictures");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let out = runtime.block_on(async {
        let store = Store::open(&sqlite_url(&dir.path().join("c.db")))
            .await
            .unwrap();
        let service = Service::new(store, Arc::new(FakePng));
        let script: &[u8] = b"/new chess @bob\n/as bob\n/accept\n/as alice\ne4\n";
        let mut out = Vec::new();
        let settings = Settings {
            files: files.clone(),
            user: "alice".into(),
            interactive: false,
            clock: None,
            clock_kept_in: None,
            stop: None,
        };
        session(&service, script, &mut out, settings).await.unwrap();
        String::from_utf8(out).unwrap()
    });
    let picture = files.join("game-1-3.png");
    assert!(
        out.contains(&format!("[board picture: {}]", picture.display())),
        "{out}"
    );
    assert_eq!(std::fs::read(&picture).unwrap(), "\u{89}PNG 32".as_bytes());
}

/// Regression: `chatrang … | head` used to panic ("failed printing to stdout: Broken pipe").
/// Every command that prints must end quietly when its reader is already gone.
#[test]
fn commands_end_quietly_when_the_reader_closes_the_pipe() {
    let data = tempfile::tempdir().unwrap();
    let picture = data.path().join("board.png");
    let commands: [Vec<&OsStr>; 3] = [
        ["perft", "chess", "2", "--divide"]
            .map(AsRef::as_ref)
            .to_vec(),
        vec![
            "render".as_ref(),
            "chess".as_ref(),
            "--out".as_ref(),
            picture.as_os_str(),
        ],
        vec![
            "console".as_ref(),
            "--data".as_ref(),
            data.path().as_os_str(),
        ],
    ];
    for args in commands {
        let mut child = chatrang(&args);
        // Hang up before anything is printed, as `head` does once it has its lines.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        // The console may already be gone; a failed write is part of the test.
        let _ = stdin.write_all(b"/games\n/board\n");
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?} complained about the closed pipe: {stderr}"
        );
        assert!(
            output.status.success() || output.status.signal() == Some(libc::SIGPIPE),
            "{args:?} ended with {:?}: {stderr}",
            output.status
        );
    }
}

/// A console script moves its simulated clock with `/clock`: the reminder at half time
/// mentions who must act, and at the deadline the late side loses on time.
#[test]
fn a_script_moves_the_clock_and_sees_the_reminder_and_the_loss_on_time() {
    use std::sync::Arc;

    use chatrang::{
        console::{Settings, session},
        service::{Service, ShiftedClock, TextPainter},
        store::{Store, sqlite_url},
    };

    let dir = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let out = runtime.block_on(async {
        let store = Store::open(&sqlite_url(&dir.path().join("c.db")))
            .await
            .unwrap();
        let clock = ShiftedClock::default();
        let service = Service::new(store, Arc::new(TextPainter)).with_clock(clock.clone());
        let script: &[u8] =
            b"/new chess @bob deadline=1d\n/as bob\n/accept\n/clock +12h 1m\n/clock soon\n/clock +12h\n";
        let mut out = Vec::new();
        let settings = Settings {
            files: dir.path().join("files"),
            user: "alice".into(),
            interactive: false,
            clock: Some(clock),
            clock_kept_in: None,
            stop: None,
        };
        session(&service, script, &mut out, settings).await.unwrap();
        String::from_utf8(out).unwrap()
    });
    let reminder = out
        .find("a reminder: White to move (alice) · 12 h left.")
        .unwrap_or_else(|| panic!("no reminder in:\n{out}"));
    assert!(out[reminder..].lines().nth(1) == Some("→ @alice"), "{out}");
    assert!(
        out.contains("The clock is 12 h 1 min ahead of real time."),
        "{out}"
    );
    assert!(
        out.contains("a reminder: White to move (alice) · 1 h left."),
        "{out}"
    );
    assert!(
        !out.contains("late by"),
        "the console's clock is never late: {out}"
    );
    assert!(out.contains("\"soon\" is not a duration"), "{out}");
    assert!(out.contains("White loses on time"), "{out}");
    assert!(
        out.contains("Game over: Black wins (White ran out of time)."),
        "{out}"
    );
}
