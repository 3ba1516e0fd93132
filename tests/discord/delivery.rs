//! A board is never lost in delivery: when Discord refuses the message that carries a change's
//! board (a 500, a 429), the change is saved, the person who acted is told privately that the
//! board will follow, and the outbox posts it (with its mentions) as soon as Discord accepts
//! it, also after a restart, and only once.

use chatrang::store::PostState;

use super::{World, button, option};
use crate::fake::{Channel, Recorded};

/// The outbox rows of a game.
async fn posts(world: &World, game: i64) -> Vec<PostState> {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    store.posts_of_game(game).await.unwrap()
}

/// Waits until every post of a game is delivered (the bot marks a post right after Discord
/// took it, a moment after the test sees the message).
async fn wait_all_delivered(world: &World, game: i64) {
    let delivered = async {
        loop {
            let states = posts(world, game).await;
            if states.iter().all(|p| p.delivered) {
                return states;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let states = tokio::time::timeout(std::time::Duration::from_secs(30), delivered)
        .await
        .unwrap_or_else(|_| panic!("posts left undelivered"));
    assert!(!states.is_empty());
}

/// The game in a thread, from the store (the thread's only game).
async fn game_in(world: &World, thread: &Channel) -> i64 {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    store.open_games_in_place(&thread.id).await.unwrap()[0].id
}

/// The private answer to an interaction whose text contains `words`.
async fn private_note(world: &World, token: &str, words: &str) -> Recorded {
    let note = world
        .fake
        .wait_for(&format!("a note saying \"{words}\""), |r| {
            r.path.contains(token) && r.status < 300 && r.content().contains(words)
        })
        .await;
    assert!(note.is_ephemeral(), "seen by everyone: {}", note.content());
    note
}

/// Waits for the first accepted message in `channel` whose text contains `words` (the
/// tournament tests wait for the bot's posts with it too).
pub(crate) async fn posted(world: &World, channel: &Channel, words: &str) -> Recorded {
    world
        .fake
        .wait_for(
            &format!("a message with \"{words}\" in {}", channel.id),
            |_| {
                world
                    .fake
                    .channel_messages(&channel.id)
                    .iter()
                    .any(|m| m.content().contains(words))
            },
        )
        .await;
    world
        .fake
        .channel_messages(&channel.id)
        .into_iter()
        .find(|m| m.content().contains(words))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_refused_with_a_500_is_posted_later_with_its_ping_and_the_mover_is_told() {
    let world = World::new().await;
    let thread = world.game().await;
    world.fake.fail_followups(&[500]);
    let token = world
        .fake
        .slash(&world.alice, &thread, "move", vec![option("move", "e2e4")]);
    let note = private_note(&world, &token, "posted").await;
    assert!(note.content().contains("e2–e4"), "{}", note.content());
    assert!(note.content().contains("saved"), "{}", note.content());
    // The "thinking…" message was deleted, so the note is private.
    assert!(
        world
            .fake
            .answers(&token)
            .iter()
            .any(|r| r.method == "DELETE"),
        "{}",
        world.fake.dump()
    );
    let board = posted(&world, &thread, "e2–e4").await;
    assert_eq!(board.pngs().len(), 1, "the board comes with its picture");
    assert_eq!(board.allowed_users(), vec![world.bob.id.clone()]);
    assert!(board.content().starts_with(&format!("<@{}>", world.bob.id)));
    // The move was played once, and it is Black's turn: Bob can answer.
    let answer = world.play(&world.bob, &thread, "e7e5").await;
    assert!(!answer.is_ephemeral(), "{}", answer.content());
    assert!(answer.content().contains("e7–e5"), "{}", answer.content());
    let game = game_in(&world, &thread).await;
    wait_all_delivered(&world, game).await;
}

/// An interaction answered after Discord's fifteen minutes: its token is refused, and the
/// board is posted in the channel at once, as a message of the bot's own, and only once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_whose_token_expired_is_posted_in_the_channel_instead() {
    let world = World::new().await;
    let thread = world.game().await;
    world.fake.fail_followups(&[401]);
    world
        .fake
        .slash(&world.alice, &thread, "move", vec![option("move", "e2e4")]);
    let board = posted(&world, &thread, "e2–e4").await;
    assert_eq!(board.pngs().len(), 1, "the board comes with its picture");
    let game = game_in(&world, &thread).await;
    wait_all_delivered(&world, game).await;
    let boards = world
        .fake
        .channel_messages(&thread.id)
        .iter()
        .filter(|m| m.content().contains("e2–e4"))
        .count();
    assert_eq!(boards, 1, "{}", world.fake.dump());
    let states = posts(&world, game).await;
    assert_eq!(
        states.last().unwrap().post.attempts,
        0,
        "posted at once, not left to the outbox's retries: {states:?}"
    );
    // The game goes on from the move.
    let answer = world.play(&world.bob, &thread, "e7e5").await;
    assert!(answer.content().contains("e7–e5"), "{}", answer.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_is_tried_again_through_server_errors_and_rate_limits_until_discord_takes_it() {
    let world = World::new().await;
    let thread = world.game().await;
    world.fake.fail_followups(&[500]);
    world.fake.fail_channel_posts(&[500, 429, 502, 429]);
    let token = world
        .fake
        .slash(&world.alice, &thread, "move", vec![option("move", "d2d4")]);
    private_note(&world, &token, "posted").await;
    let board = posted(&world, &thread, "d2–d4").await;
    assert_eq!(board.pngs().len(), 1);
    let path = format!("/api/v10/channels/{}/messages", thread.id);
    let tries: Vec<u16> = world
        .fake
        .requests()
        .iter()
        .filter(|r| r.path == path && r.content().contains("d2–d4"))
        .map(|r| r.status)
        .collect();
    assert_eq!(tries, vec![500, 429, 502, 429, 200]);
    let game = game_in(&world, &thread).await;
    wait_all_delivered(&world, game).await;
    // The refused answer and four refused posts; the sixth try went through.
    let states = posts(&world, game).await;
    assert_eq!(states.last().unwrap().post.attempts, 5, "{states:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accept_whose_thread_post_fails_is_posted_in_the_thread_later() {
    let world = World::new().await;
    let (challenge, thread) = world.challenge().await;
    world.fake.fail_channel_posts(&[500]);
    let click = world
        .fake
        .click(&world.bob, &challenge.answer, &button(&challenge, "accept"));
    let note = private_note(&world, &click, "posted").await;
    assert!(note.content().contains(&format!("<#{}>", thread.id)));
    let board = posted(&world, &thread, "accepts").await;
    assert_eq!(board.pngs().len(), 1);
    assert_eq!(board.allowed_users(), vec![world.alice.id.clone()]);
    // The game is on: Alice moves.
    let answer = world.play(&world.alice, &thread, "e2e4").await;
    assert!(!answer.is_ephemeral(), "{}", answer.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_left_undelivered_at_a_restart_is_posted_by_the_next_start_and_only_once() {
    let mut world = World::new().await;
    let thread = world.game().await;
    let game = game_in(&world, &thread).await;
    world.fake.fail_followups(&[500]);
    world.fake.fail_channel_posts(&[500; 10_000]);
    let token = world
        .fake
        .slash(&world.alice, &thread, "move", vec![option("move", "g1f3")]);
    private_note(&world, &token, "posted").await;
    let path = format!("/api/v10/channels/{}/messages", thread.id);
    world
        .fake
        .wait_for("two refused posts", |_| {
            world
                .fake
                .requests()
                .iter()
                .filter(|r| r.path == path && r.status == 500)
                .count()
                >= 2
        })
        .await;
    world.bot.take().unwrap().stop().await;
    world.fake.stop_failing();
    assert!(world.fake.channel_messages(&thread.id).is_empty());
    world.restart_stopped().await;
    let board = posted(&world, &thread, "g1–f3").await;
    assert_eq!(board.pngs().len(), 1);
    assert_eq!(board.allowed_users(), vec![world.bob.id.clone()]);
    // Another restart posts nothing more.
    world.restart().await;
    let answer = world.play(&world.bob, &thread, "g8f6").await;
    assert!(answer.content().contains("g8–f6"), "{}", answer.content());
    let boards: Vec<Recorded> = world
        .fake
        .channel_messages(&thread.id)
        .into_iter()
        .filter(|m| m.content().contains("g1–f3"))
        .collect();
    assert_eq!(boards.len(), 1, "{boards:?}");
    wait_all_delivered(&world, game).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_that_arrives_after_the_game_moved_on_is_marked_late_without_ping_or_buttons() {
    let world = World::new().await;
    let thread = world.game().await;
    world.fake.fail_followups(&[500]);
    world.fake.fail_channel_posts(&[500; 10_000]);
    let token = world
        .fake
        .slash(&world.alice, &thread, "move", vec![option("move", "c2c4")]);
    private_note(&world, &token, "posted").await;
    let answer = world.play(&world.bob, &thread, "c7c5").await;
    assert!(answer.content().contains("c7–c5"), "{}", answer.content());
    world.fake.stop_failing();
    let late = posted(&world, &thread, "c2–c4").await;
    assert!(late.content().contains("Posted late"), "{}", late.content());
    assert!(late.pngs().is_empty(), "an old board is not shown");
    assert!(late.button_ids().is_empty() && late.allowed_users().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_to_a_channel_that_is_gone_is_dropped_and_the_rest_keep_flowing() {
    let world = World::new().await;
    let thread = world.game().await;
    let game = game_in(&world, &thread).await;
    world.fake.fail_followups(&[500]);
    world.fake.fail_channel_posts(&[404]);
    let token = world
        .fake
        .slash(&world.alice, &thread, "move", vec![option("move", "b2b3")]);
    private_note(&world, &token, "posted").await;
    let dropped = async {
        loop {
            let states = posts(&world, game).await;
            if let Some(reason) = states.last().and_then(|p| p.dropped.clone()) {
                return reason;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let reason = tokio::time::timeout(std::time::Duration::from_secs(30), dropped)
        .await
        .expect("the post was never dropped");
    assert!(reason.contains("404"), "{reason}");
    let answer = world.play(&world.bob, &thread, "b7b6").await;
    assert!(answer.content().contains("b7–b6"), "{}", answer.content());
}
