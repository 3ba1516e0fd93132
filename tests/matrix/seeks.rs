//! Seeks on Matrix (issue 37): Bob follows Katarenga, Alice's `!seek` mentions him (Matrix's
//! `m.mentions`), and Bob's matching `!seek` starts the game with Alice mentioned.

use super::{Seen, World};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_mentions_the_games_followers_and_a_matching_seek_starts_the_game() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let (alice, bob) = (&world.alice, &world.bob);
    bob.say(&world.room, "!subscribe katarenga", None).await;
    bob.wait_for("the subscription's answer", |s| {
        matches!(s, Seen::Notice { sender, body, .. }
            if *sender == bot && body.contains("You will be mentioned"))
    })
    .await;

    alice
        .say(&world.room, "!seek katarenga,chess deadline=1d", None)
        .await;
    bob.wait_for("Alice's seek, mentioning Bob", |s| {
        matches!(s, Seen::Notice { sender, body, mentions, .. }
            if *sender == bot && body.contains("seeks a game of Katarenga or Chess")
                && mentions.contains(&bob.id) && !mentions.contains(&alice.id))
    })
    .await;

    bob.say(&world.room, "!seek chess deadline=1d", None).await;
    alice
        .wait_for("the game, mentioning Alice", |s| {
            matches!(s, Seen::Notice { sender, body, mentions, .. }
                if *sender == bot && body.contains("A seek is answered: Chess")
                    && mentions.contains(&alice.id))
        })
        .await;
    let store = world.bot.as_ref().unwrap().service.store();
    let games = store.open_games_of_user(alice.id.as_str()).await.unwrap();
    assert_eq!(games.len(), 1, "one game between them");
    assert_eq!(games[0].variant.as_str(), "chess");
}
