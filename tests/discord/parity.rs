//! The same command script through the console and through the fake Discord gives the same
//! answers: both adapters only translate, and every reply comes from `Service::run`. Each step
//! is written once as the console types it and once as Discord sends it; the text of every
//! Discord answer (without its pings) must open the console's answer to the same step.

use std::sync::Arc;

use chatrang::{
    console::{Settings, session},
    service::Service,
    store::{Store, sqlite_url},
};
use serde_json::Value;

use super::{TestPainter, World};
use crate::fake::{Person, int_option, option, user_option};

/// One step: who acts, the console line, and the slash command with its options.
struct Step {
    who: &'static str,
    console: &'static str,
    slash: &'static str,
    options: Vec<Value>,
}

fn step(
    who: &'static str,
    console: &'static str,
    slash: &'static str,
    options: Vec<Value>,
) -> Step {
    Step {
        who,
        console,
        slash,
        options,
    }
}

/// A game from challenge to resignation, with refusals, a declined draw, an undo, lists, and
/// the leaderboard and help that follow.
fn script(bob: &Person) -> Vec<Step> {
    vec![
        step(
            "alice",
            "/new chess @bob",
            "new",
            vec![option("game", "chess"), user_option("opponent", bob)],
        ),
        step("bob", "/accept", "accept", vec![]),
        step("alice", "/move e2e4", "move", vec![option("move", "e2e4")]),
        step("alice", "/move d2d4", "move", vec![option("move", "d2d4")]),
        step("bob", "/move e7e9", "move", vec![option("move", "e7e9")]),
        step("bob", "/move e7e5", "move", vec![option("move", "e7e5")]),
        step("alice", "/moves g1", "moves", vec![option("from", "g1")]),
        step("alice", "/draw", "draw", vec![]),
        step("bob", "/draw no", "draw", vec![int_option("answer", 1)]),
        step("bob", "/undo", "undo", vec![]),
        step("alice", "/undo", "undo", vec![]),
        step("bob", "/board", "board", vec![]),
        step("bob", "/games", "games", vec![]),
        step("alice", "/history", "history", vec![]),
        step("bob", "/resign", "resign", vec![]),
        step(
            "bob",
            "/resign yes",
            "resign",
            vec![int_option("confirm", 0)],
        ),
        step("alice", "/rematch", "rematch", vec![]),
        step(
            "bob",
            "/leaderboard chess",
            "leaderboard",
            vec![option("game", "chess")],
        ),
        step("bob", "/help chess", "help", vec![option("game", "chess")]),
        step(
            "alice",
            "/piece chess knight",
            "piece",
            vec![option("game", "chess"), option("name", "knight")],
        ),
    ]
}

/// The console's answers, one per step (each the text printed after the step's echo line).
async fn console_answers(steps: &[Step]) -> Vec<String> {
    let mut script = String::new();
    for step in steps {
        script.push_str(&format!("/as {}\n{}\n", step.who, step.console));
    }
    let out = console_output(&script).await;
    // Each command is echoed as `NAME> LINE`; its answer runs until the next echo.
    let mut answers = Vec::new();
    let mut current: Option<String> = None;
    for line in out.lines() {
        let echo = steps
            .iter()
            .any(|s| line == format!("{}> {}", s.who, s.console));
        if echo {
            answers.extend(current.take());
            current = Some(String::new());
        } else if line.contains("> /as ") {
            answers.extend(current.take());
        } else if let Some(answer) = current.as_mut() {
            answer.push_str(line);
            answer.push('\n');
        }
    }
    answers.extend(current);
    answers
}

/// A Discord message's text as the service wrote it: without the leading pings.
fn without_pings(content: &str) -> String {
    let mut text = content;
    while let Some(rest) = text.strip_prefix("<@") {
        match rest.split_once("> ") {
            Some((id, after)) if id.chars().all(|c| c.is_ascii_digit()) => text = after,
            _ => break,
        }
    }
    text.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_script_gives_the_same_answers_in_the_console_and_on_discord() {
    let world = World::new().await;
    let steps = script(&world.bob);
    let console = console_answers(&steps).await;
    assert_eq!(
        console.len(),
        steps.len(),
        "one answer a step: {console:#?}"
    );
    let mut channel = world.lobby.clone();
    for (i, step) in steps.iter().enumerate() {
        let who = if step.who == "alice" {
            &world.alice
        } else {
            &world.bob
        };
        let token = world
            .fake
            .slash(who, &channel, step.slash, step.options.clone());
        let answer = world.fake.wait_answer(&token).await;
        if i == 0 {
            // The new game moves to its own thread; the rest of the script is played there.
            let thread = world
                .fake
                .wait_for("a thread for the game", |r| r.path.ends_with("/threads"))
                .await;
            channel = crate::fake::Channel::thread(thread.answer["id"].as_str().unwrap());
            world.wait_until_moved(&answer, &channel).await;
        }
        let discord = without_pings(&answer.shown());
        let expected = console[i]
            .strip_prefix("✗ ")
            .unwrap_or(&console[i])
            .to_string();
        assert!(
            !discord.is_empty() && expected.starts_with(&discord),
            "step {} ({}): Discord said\n{discord}\nthe console said\n{}",
            i + 1,
            step.console,
            console[i]
        );
        if console[i].starts_with('✗') {
            assert!(
                answer.is_ephemeral(),
                "step {} ({}): a refusal is shown only to its user",
                i + 1,
                step.console
            );
        }
    }
}

/// What the console prints for `script`, run as alice on a database of its own.
pub(crate) async fn console_output(script: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&sqlite_url(&dir.path().join("console.db")))
        .await
        .unwrap();
    let service = Service::new(store, Arc::new(TestPainter));
    let settings = Settings {
        files: dir.path().join("files"),
        user: "alice".into(),
        interactive: false,
        clock: None,
        clock_kept_in: None,
        stop: None,
    };
    let mut out = Vec::new();
    session(&service, script.as_bytes(), &mut out, settings)
        .await
        .unwrap();
    String::from_utf8(out).unwrap()
}
