//! `/forget-me` on Discord (issue 39): the question and the answer are private; the `confirm`
//! option does it; a member of another server who asks there changes nothing of this one.

use super::World;
use crate::fake::{Channel, Person, int_option};

/// Another server, where Mallory is an admin.
const OTHER_GUILD: &str = "1000000000000000099";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_me_asks_privately_then_makes_a_player_anonymous_in_this_server_only() {
    let world = World::new().await;
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let thread = world.game().await;
    world.play(&world.alice, &thread, "e2e4").await;
    let game = store.open_games_of_user(&world.alice.id).await.unwrap()[0].id;
    // Bob resigns at once (the first choice of `confirm` is yes).
    let token = world.fake.slash(
        &world.bob,
        &thread,
        "resign",
        vec![int_option("confirm", 0)],
    );
    world.fake.wait_answer(&token).await;

    // Mallory, elsewhere, is told there was nothing of hers there; nothing here changes.
    let mallory = Person::admin(1300000000000000099, "mallory");
    let elsewhere = Channel::text(1200000000000000099).in_guild(OTHER_GUILD);
    let before = store.game(game).await.unwrap().unwrap();
    let token = world.fake.slash(
        &mallory,
        &elsewhere,
        "forget-me",
        vec![int_option("confirm", 0)],
    );
    let answer = world.fake.wait_answer(&token).await;
    assert!(answer.is_ephemeral(), "{}", answer.content());
    assert_eq!(
        answer.content(),
        "Done: the bot kept no games, ratings or tournaments of yours in this server."
    );
    assert_eq!(store.game(game).await.unwrap().unwrap(), before);

    // Alice asks: the question is private and changes nothing.
    let token = world
        .fake
        .slash(&world.alice, &world.lobby, "forget-me", vec![]);
    let question = world.fake.wait_answer(&token).await;
    assert!(question.is_ephemeral());
    assert!(
        question.content().contains("/forget-me yes"),
        "{}",
        question.content()
    );
    let players = |id: i64| {
        let store = store.clone();
        async move {
            store
                .participants(id)
                .await
                .unwrap()
                .into_iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(players(game).await, ["alice", "bob"]);

    // Confirmed: done, privately; the game now names the stand-in.
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "forget-me",
        vec![int_option("confirm", 0)],
    );
    let done = world.fake.wait_answer(&token).await;
    assert!(done.is_ephemeral());
    assert!(
        done.content()
            .starts_with("Done: in this server, 1 game and 1 rating now name Anonymous "),
        "{}",
        done.content()
    );
    let names = players(game).await;
    assert!(names[0].starts_with("Anonymous "), "{names:?}");
    assert_eq!(names[1], "bob");
    assert!(
        store
            .participants(game)
            .await
            .unwrap()
            .iter()
            .all(|p| p.user_id != world.alice.id)
    );
}
