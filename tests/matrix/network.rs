//! The bot's connection to the homeserver failing while it runs: it connects through a
//! [`Proxy`] that cuts its connections mid-sync and refuses new ones for a while, then lets them
//! through again. The people's clients connect to Synapse directly and go on meanwhile.

use std::time::{Duration, Instant};

use chatrang::store::LogKind;
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId};

use super::{PATIENCE, Person, Seen, World, in_thread, proxy::Proxy, synapse};

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
    let place = format!("{}|{root}", world.room);
    let game = store
        .last_game_in_place(&place)
        .await
        .unwrap()
        .expect("the game lives in its thread");
    store
        .log(game.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == LogKind::Move)
        .filter_map(|e| e.notation)
        .collect()
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

/// A challenge whose first post the homeserver never got (its request cut as a network failure
/// would): the challenger is told it will follow, the outbox posts it, and it gets what a
/// command's answer gets: the reactions to answer it, remembered, and the game's thread rooted
/// at it, where the game is then played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_whose_first_post_failed_is_posted_later_with_its_reactions_and_thread() {
    let proxy = Proxy::start(&synapse().url).await;
    let world = World::with_bot_at(false, &proxy.url).await;
    let bot = world.bot_id();
    proxy.cut_next_request("/send/m.room.message/");
    let challenge = format!(
        "!new chess @{}",
        world.bob.id.as_str().trim_start_matches('@')
    );
    world.alice.say(&world.room, &challenge, None).await;
    world.alice.notice(&bot, "That is saved").await;
    assert_eq!(proxy.requests_cut(), 1, "the challenge's post was cut");
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
