//! Permissions as Discord sends them (issue 33): each member of the fake has their own, so
//! `/abort` is tested with a plain member, a moderator (Manage Messages) and an administrator;
//! and the paths of a game's thread: a single server error when creating it is retried, only a
//! 403 that says "Missing Permissions" is taken for a missing permission, and a challenge whose
//! first post Discord refused still gets its thread when the outbox posts it.

use super::{World, game_of};
use crate::fake::{Channel, Person, Recorded, int_option, option, user_option};

/// The thread creations the bot asked for so far.
fn thread_attempts(world: &World) -> Vec<Recorded> {
    world
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/threads"))
        .collect()
}

/// Alice challenges Bob to chess in the lobby; returns the interaction's token.
fn alice_challenges_bob(world: &World) -> String {
    world.fake.slash(
        &world.alice,
        &world.lobby,
        "new",
        vec![option("game", "chess"), user_option("opponent", &world.bob)],
    )
}

/// Waits until game `game` lives in a thread the fake created (not the lobby), and returns it.
async fn moved_to_a_thread(world: &World, game: i64) -> Channel {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let lobby = world.lobby.id.clone();
    let moved = async {
        loop {
            let row = store.game(game).await.unwrap().unwrap();
            if row.place_id != lobby {
                return row.place_id;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let place = tokio::time::timeout(std::time::Duration::from_secs(30), moved)
        .await
        .expect("the game never moved to a thread");
    Channel::thread(&place)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_members_who_manage_messages_or_administer_may_abort() {
    let world = World::new().await;
    let thread = world.game().await;
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let game = store.open_games_in_place(&thread.id).await.unwrap()[0].id;
    let carol = Person::new(1300000000000000003, "carol");
    for who in [&world.alice, &carol] {
        let token = world.fake.slash(who, &thread, "abort", vec![]);
        let answer = world.fake.wait_answer(&token).await;
        assert!(answer.is_ephemeral(), "{}", answer.content());
        assert!(
            answer
                .content()
                .starts_with("Only a moderator of the game's server"),
            "{}",
            answer.content()
        );
    }
    assert!(store.game(game).await.unwrap().unwrap().outcome.is_none());
    let moderator = Person::moderator(1300000000000000004, "dana");
    let token = world.fake.slash(&moderator, &thread, "abort", vec![]);
    let answer = world.fake.wait_answer(&token).await;
    assert!(
        answer
            .content()
            .contains("dana (a moderator) aborts the game"),
        "{}",
        answer.content()
    );
    // An administrator ends an open challenge, by its number from the lobby.
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "new",
        vec![option("game", "chess")],
    );
    let game = game_of(&world.fake.wait_answer(&token).await);
    let admin = Person::admin(1300000000000000005, "erin");
    let token = world.fake.slash(
        &admin,
        &world.lobby,
        "abort",
        vec![int_option("game", game)],
    );
    world.fake.wait_answer(&token).await;
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.outcome.as_deref(), Some("aborted by erin"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_error_creating_a_thread_is_retried_and_not_taken_for_a_permission() {
    let world = World::new().await;
    // One 500: retried, and the game reaches its thread without a word about permissions.
    world.fake.fail_threads(&[500]);
    let token = alice_challenges_bob(&world);
    let challenge = world.fake.wait_answer(&token).await;
    let game = game_of(&challenge);
    let thread = moved_to_a_thread(&world, game).await;
    assert_eq!(thread_attempts(&world).len(), 2, "{}", world.fake.dump());
    let token = world.fake.slash(&world.bob, &thread, "accept", vec![]);
    world.fake.wait_answer(&token).await;

    // Server errors every time: the game is played in the channel, and the channel is told
    // Discord failed, not that a permission is missing.
    world.fake.fail_threads(&[500, 502, 503, 500, 500, 500]);
    let before = thread_attempts(&world).len();
    let token = alice_challenges_bob(&world);
    let challenge = world.fake.wait_answer(&token).await;
    let note = world
        .fake
        .wait_for("the note that no thread was made", |r| {
            r.path.contains(&token)
                && r.content().contains("thread")
                && !r.content().contains("Game #")
        })
        .await;
    assert!(
        !note.content().to_lowercase().contains("permission"),
        "{}",
        note.content()
    );
    assert!(thread_attempts(&world).len() - before >= 3, "retried");
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let row = store.game(game_of(&challenge)).await.unwrap().unwrap();
    assert_eq!(row.place_id, world.lobby.id, "played in the channel");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_whose_first_post_failed_gets_its_thread_when_the_outbox_posts_it() {
    let world = World::new().await;
    // The answer to /new fails (the deferred "thinking…" is answered by a followup).
    world.fake.fail_followups(&[500]);
    let token = alice_challenges_bob(&world);
    world
        .fake
        .wait_for("the note that the board follows", |r| {
            r.path.contains(&token) && r.content().contains("will be posted")
        })
        .await;
    // The outbox posts the challenge in the lobby, then opens its thread from it.
    let announcement = world
        .fake
        .wait_for("the challenge posted by the outbox", |r| {
            r.path == format!("/api/v10/channels/{}/messages", world.lobby.id)
                && r.status < 300
                && r.content().contains("challenges")
        })
        .await;
    let game = game_of(&announcement);
    let thread = moved_to_a_thread(&world, game).await;
    let attempt = thread_attempts(&world);
    assert_eq!(attempt.len(), 1, "{}", world.fake.dump());
    assert!(
        attempt[0]
            .path
            .contains(announcement.answer["id"].as_str().unwrap()),
        "the thread starts from the challenge"
    );
    // Bob accepts in the thread, and the game goes on there.
    let token = world.fake.slash(&world.bob, &thread, "accept", vec![]);
    let accepted = world.fake.wait_answer(&token).await;
    assert!(
        accepted.content().contains("accepts"),
        "{}",
        accepted.content()
    );
    let moved = world.play(&world.alice, &thread, "e2e4").await;
    assert!(moved.content().contains("e2"), "{}", moved.content());
}
