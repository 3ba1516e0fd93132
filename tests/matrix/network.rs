//! The bot's connection to the homeserver failing while it runs: it connects through a
//! [`Proxy`] that cuts its connections mid-sync and refuses new ones for a while, then lets them
//! through again. The people's clients connect to Synapse directly and go on meanwhile.

use std::time::{Duration, Instant};

use matrix_sdk::ruma::{OwnedEventId, OwnedUserId};

use super::{
    PATIENCE, Person, Seen, World, in_thread, moves_in_thread, pictures_in_thread, proxy::Proxy,
    synapse,
};

/// How long the bot is cut off from the homeserver.
const OUTAGE: Duration = Duration::from_secs(6);

/// How many notices of `bot` that `who` saw contain `words`.
fn said(who: &Person, bot: &OwnedUserId, words: &str) -> usize {
    who.seen()
        .iter()
        .filter(|s| matches!(s, Seen::Notice { sender, body, .. } if sender == bot && body.contains(words)))
        .count()
}

/// The moves of the game in the thread rooted at `root`, as the store records them.
async fn recorded(world: &World, root: &OwnedEventId) -> Vec<String> {
    let store = world.bot.as_ref().unwrap().service.store();
    moves_in_thread(store, &world.room, root).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sync_dropped_mid_game_resumes_and_what_was_sent_meanwhile_is_handled_once() {
    let proxy = Proxy::start(&synapse().url).await;
    let world = World::with_bot_at(false, &proxy.url).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    world.bob.say(&world.room, "e7e5", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "e7–e5").await;

    // The homeserver holds the bot's long poll open; the network fails under it.
    proxy.wait_for_long_poll(Duration::from_millis(500)).await;
    proxy.refuse();
    let cut_at = Instant::now();
    let cut = proxy.cut().await;
    assert!(cut >= 1, "the long poll was cut");
    // Meanwhile Alice moves and Bob asks for help in the room.
    world.alice.say(&world.room, "g1f3", Some(&root)).await;
    world.bob.say(&world.room, "!help", None).await;
    tokio::time::sleep(OUTAGE.saturating_sub(cut_at.elapsed())).await;
    assert_eq!(said(&world.alice, &bot, "g1–f3"), 0, "the bot was cut off");
    assert!(
        proxy.refused() > 0,
        "the bot tried to reach the homeserver meanwhile"
    );
    let cut_off = cut_at.elapsed();
    let accepted = proxy.accepted();
    proxy.restore();
    let restored_at = Instant::now();

    // The bot syncs again by itself and answers both, once.
    in_thread(&world.bob, &bot, &root, "g1–f3").await;
    let answered_after = restored_at.elapsed();
    assert!(
        proxy.accepted() > accepted,
        "the bot reconnected through the proxy"
    );
    world.bob.notice(&bot, "Commands").await;
    // And it keeps serving.
    world.bob.say(&world.room, "b8c6", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "b8–c6").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let answers = said(&world.alice, &bot, "g1–f3");
    println!(
        "cut off {:.1} s ({cut} connection(s) cut, {} refused); the move sent meanwhile \
         answered {:.1} s after the network came back; {answers} answer(s)",
        cut_off.as_secs_f64(),
        proxy.refused(),
        answered_after.as_secs_f64()
    );
    assert_eq!(answers, 1, "{:#?}", world.alice.seen());
    assert_eq!(said(&world.bob, &bot, "Commands"), 1);
    assert_eq!(
        recorded(&world, &root).await,
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        "each move was played once"
    );
    assert!(
        answered_after < PATIENCE / 4,
        "the bot took {answered_after:?} to come back"
    );
}

/// A challenge whose first post the homeserver never got (its requests cut as a network failure
/// would, each time the bot tried): the challenger is told it will follow, the outbox posts it,
/// and it gets what a command's answer gets: the reactions to answer it, remembered, and the
/// game's thread rooted at it, where the game is then played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_whose_first_post_failed_is_posted_later_with_its_reactions_and_thread() {
    let proxy = Proxy::start(&synapse().url).await;
    let world = World::with_bot_at(false, &proxy.url).await;
    let bot = world.bot_id();
    // The outbox's posts, whose transaction ids are made of their game and version
    // ("chatrang.g1v0…"), not the notice that tells Alice the challenge will follow (named
    // after her message).
    proxy.cut_requests("/send/m.room.message/chatrang.g");
    let challenge = format!(
        "!new chess @{}",
        world.bob.id.as_str().trim_start_matches('@')
    );
    world.alice.say(&world.room, &challenge, None).await;
    world.alice.notice(&bot, "That is saved").await;
    assert!(proxy.requests_cut() >= 1, "the challenge's post was cut");
    proxy.stop_cutting();
    let Seen::Notice { event: root, .. } = world
        .alice
        .wait_for("the challenge, posted by the outbox", |s| {
            matches!(s, Seen::Notice { sender, body, .. }
                if *sender == bot && body.contains("challenges") && !body.contains("That is saved"))
        })
        .await
    else {
        unreachable!()
    };
    world
        .bob
        .wait_for("the bot's ✅ on the challenge", |s| {
            matches!(s, Seen::Reaction { sender, target, key }
                if *sender == bot && *target == root && key == "✅")
        })
        .await;
    world.bob.react(&world.room, &root, "✅").await;
    in_thread(&world.alice, &bot, &root, "accepts").await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    assert_eq!(
        recorded(&world, &root).await,
        ["e2e4"],
        "played in the thread"
    );
}

/// A board the homeserver took while the bot never heard so (the answer lost on the way back,
/// as when the bot is killed in that moment): the outbox posts it again with the same
/// transaction id, and the homeserver shows the one event it has. Then the picture follows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_whose_answer_was_lost_is_posted_again_and_shown_once() {
    let proxy = Proxy::start(&synapse().url).await;
    let world = World::with_bot_at(false, &proxy.url).await;
    let bot = world.bot_id();
    let root = world.game().await;
    let pictures = || pictures_in_thread(&world.bob, &bot, &root);
    let pictures_before = pictures();
    proxy.drop_answers("/send/m.room.message/");
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    // The bot gave up on the board (Alice is told it will follow; that notice reaches the
    // room too, only its answer is lost), and the network heals.
    world.alice.notice(&bot, "That is saved").await;
    proxy.stop_dropping();
    assert!(proxy.answers_dropped() >= 1, "the board's answer was lost");

    // The outbox delivers it: its post is marked delivered, and the picture came.
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let place = format!("{}|{root}", world.room);
    let game = store.last_game_in_place(&place).await.unwrap().unwrap();
    let delivered = async {
        loop {
            let posts = store.posts_of_game(game.id).await.unwrap();
            if posts.iter().all(|p| p.delivered || p.dropped.is_some()) {
                return posts;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let posts = tokio::time::timeout(PATIENCE, delivered).await.unwrap();
    assert!(posts.iter().all(|p| p.delivered), "{posts:#?}");
    let picture = async {
        while pictures() == pictures_before {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(PATIENCE, picture).await.unwrap();
    // A moment for a second copy to arrive, were there one.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let boards = world
        .bob
        .seen()
        .iter()
        .filter(|s| {
            matches!(s, Seen::Notice { sender, body, thread, .. }
            if sender == &bot && thread.as_ref() == Some(&root)
                && body.contains("e2–e4") && !body.contains("That is saved"))
        })
        .count();
    assert_eq!(
        boards,
        1,
        "the board is shown once: {:#?}",
        world.bob.seen()
    );
}

/// One slow answer from the homeserver holds only its own room: while the board of a move in
/// one room waits for the homeserver's answer, `!help` in another room is answered; then the
/// held board goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_in_one_room_does_not_hold_another() {
    let proxy = Proxy::start(&synapse().url).await;
    let world = World::with_bot_at(false, &proxy.url).await;
    let bot = world.bot_id();
    let root = world.game().await;
    let other = world.alice.create_room(false, &[&bot, &world.bob.id]).await;
    world.bob.join(&other).await;
    let everyone = [&world.alice.id, &world.bob.id, &bot];
    world.alice.wait_members(&other, &everyone).await;
    let pictures = || pictures_in_thread(&world.alice, &bot, &root);
    let pictures_before = pictures();

    proxy.hold_next_answer("/send/m.room.message/");
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    let held = async {
        while proxy.answers_held() == 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(PATIENCE, held).await.unwrap();
    world.bob.say(&other, "!help", None).await;
    world.bob.notice(&bot, "Commands").await;
    assert_eq!(
        pictures(),
        pictures_before,
        "the move's board was still waiting for the homeserver"
    );

    proxy.release();
    let board = async {
        while pictures() == pictures_before {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(PATIENCE, board).await.unwrap();
    assert_eq!(recorded(&world, &root).await, ["e2e4"]);
}
