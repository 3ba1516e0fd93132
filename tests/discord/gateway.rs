//! The gateway connection dropped in the middle of a game: the bot resumes its session, the
//! command sent while it was away is handled, and handled once.

use super::{World, option};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_is_resumed_and_a_move_sent_meanwhile_is_played_once() {
    let world = World::new().await;
    let thread = world.game().await;
    let first = world.play(&world.alice, &thread, "e2e4").await;
    assert!(first.content().contains("e2–e4"), "{}", first.content());

    world.fake.drop_gateway();
    let token = world
        .fake
        .slash(&world.bob, &thread, "move", vec![option("move", "e7e5")]);
    let answer = world.fake.wait_answer(&token).await;
    assert!(answer.content().contains("e7–e5"), "{}", answer.content());
    let (identified, resumed) = world.fake.gateway_sessions();
    assert_eq!(
        (identified, resumed),
        (1, 1),
        "the bot resumed its one session rather than starting another"
    );

    // Handled once: the game goes on with White to move, and a repeat of Black's move is
    // refused as out of turn.
    let next = world.play(&world.alice, &thread, "g1f3").await;
    assert!(next.content().contains("g1–f3"), "{}", next.content());
    let repeat = world.play(&world.bob, &thread, "e7e5").await;
    assert!(repeat.is_ephemeral(), "{}", repeat.content());
}
