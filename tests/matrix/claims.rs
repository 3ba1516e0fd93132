//! A board post claimed by a bot that was killed: the real binary (`chatrang matrix`) answers a
//! move, the proxy holds the homeserver's answer to the board's upload (the post is held by the
//! command that answers it), the binary is killed with SIGKILL and started again on the same
//! data directory. The restarted bot is a new owner and takes the dead one's claim as soon as
//! its lease runs out, instead of when the claim's two minutes run out.

use std::time::{Duration, Instant};

use super::{
    PATIENCE, World, binary::Binary, in_thread, notices_in_thread, pictures_in_thread,
    proxy::Proxy, synapse,
};

/// The old wait was the claim's two minutes; a takeover within this is the lease at work.
const WELL_UNDER_THE_OLD_WAIT: Duration = Duration::from_secs(30);
/// How long the test waits for the board before it fails: longer than the old two minutes, so
/// that the figure is measured (and printed) even when the takeover is slow.
const LONGEST_WAIT: Duration = Duration::from_secs(180);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_held_by_a_killed_bot_is_shown_soon_after_it_starts_again() {
    let proxy = Proxy::start(&synapse().url).await;
    let mut world = World::with_bot_at(false, &proxy.url).await;
    let bot = world.bot_id();
    let root = world.game().await;
    // The challenge's and the acceptance's boards shown and their posts done: nothing is
    // under way.
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let place = format!("{}|{root}", world.room);
    let game = store.last_game_in_place(&place).await.unwrap().unwrap();
    let settled = async {
        loop {
            let posts = store.posts_of_game(game.id).await.unwrap();
            let boards = posts.iter().filter(|p| p.post.with_board).count();
            let done = posts.iter().all(|p| p.delivered);
            if done && pictures_in_thread(&world.bob, &bot, &root) == boards {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    if tokio::time::timeout(PATIENCE, settled).await.is_err() {
        panic!(
            "the accepted game's board is not shown: {} picture(s), posts {:#?}",
            pictures_in_thread(&world.bob, &bot, &root),
            store.posts_of_game(game.id).await.unwrap()
        );
    }
    // From here the real binary serves, on the same data directory, session and database.
    world.bot.take().unwrap().stop().await;
    let data = world.data.path().to_path_buf();
    let first = Binary::start(&data, &proxy.url, &world.bot_login, 1);
    first.connected().await;
    let pictures_before = pictures_in_thread(&world.bob, &bot, &root);

    // The board's upload reaches the homeserver; its answer waits in the proxy, so the command
    // is still answering (the post is held for it) when the bot is killed.
    proxy.hold_next_answer("/media/v3/upload");
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    let held = async {
        while proxy.answers_held() == 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(PATIENCE, held)
        .await
        .expect("the board's upload was held");
    let first_log = first.kill();
    let killed_at = Instant::now();
    assert_eq!(
        pictures_in_thread(&world.bob, &bot, &root),
        pictures_before,
        "the board was not shown before the kill"
    );

    let second = Binary::start(&data, &proxy.url, &world.bot_login, 2);
    let connected = second.connected().await;
    let shown = async {
        while pictures_in_thread(&world.bob, &bot, &root) == pictures_before {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let waited = tokio::time::timeout(LONGEST_WAIT, shown).await;
    let after_kill = killed_at.elapsed();
    println!(
        "the board held by the killed bot was shown {:.1} s after the kill (the new bot connected \
         {:.1} s after it started)",
        after_kill.as_secs_f64(),
        connected.as_secs_f64()
    );
    assert!(
        waited.is_ok(),
        "the board never came; the first run logged:\n{first_log}\nthe second:\n{}",
        second.logged()
    );
    // A moment for a second copy, were there one.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let second_log = second.kill();
    assert_eq!(
        pictures_in_thread(&world.bob, &bot, &root),
        pictures_before + 1,
        "the board is shown once: {second_log}"
    );
    assert_eq!(
        notices_in_thread(&world.bob, &bot, &root, "e2–e4"),
        1,
        "the move's notice is shown once (the same transaction id): {:#?}",
        world.bob.seen()
    );
    assert!(
        after_kill < WELL_UNDER_THE_OLD_WAIT,
        "the board came {after_kill:?} after the kill"
    );
}
