//! How long a person waits for the bot's answer in an active room, where the bot's sync rounds
//! come back to back. Printed, not asserted (timing belongs to measurements, not to tests):
//! `cargo test --test matrix latency -- --nocapture`.

use std::time::{Duration, Instant};

use super::{World, in_thread};

/// Ten plies of an opening, each answered in the game's thread: the moves are played once each,
/// in order, and the wait from a move sent to its answer seen is printed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_moves_in_a_row_are_each_answered_once_and_the_waits_are_printed() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    let moves = [
        ("e2e4", "e2–e4"),
        ("e7e5", "e7–e5"),
        ("g1f3", "g1–f3"),
        ("b8c6", "b8–c6"),
        ("f1c4", "f1–c4"),
        ("f8c5", "f8–c5"),
        ("d2d3", "d2–d3"),
        ("d7d6", "d7–d6"),
        ("b1c3", "b1–c3"),
        ("g8f6", "g8–f6"),
    ];
    let mut waits = Vec::new();
    for (i, (typed, answered)) in moves.iter().enumerate() {
        let (mover, other) = match i % 2 {
            0 => (&world.alice, &world.bob),
            _ => (&world.bob, &world.alice),
        };
        let sent = Instant::now();
        mover.say(&world.room, typed, Some(&root)).await;
        in_thread(other, &bot, &root, answered).await;
        waits.push(sent.elapsed());
    }
    let store = world.bot.as_ref().unwrap().service.store();
    let place = format!("{}|{root}", world.room);
    let game = store.last_game_in_place(&place).await.unwrap().unwrap();
    let played: Vec<String> = store
        .log(game.id)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|e| e.notation)
        .collect();
    let typed: Vec<&str> = moves.iter().map(|(t, _)| *t).collect();
    assert_eq!(played, typed, "each move played once, in order");
    waits.sort();
    let ms = |d: Duration| d.as_millis();
    println!(
        "answer seen after a move: median {} ms, fastest {} ms, slowest {} ms ({} moves)",
        ms(waits[waits.len() / 2]),
        ms(waits[0]),
        ms(waits[waits.len() - 1]),
        waits.len()
    );
}
