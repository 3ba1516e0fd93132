//! Direct messages with the bot (issue 20, point 4): a challenge there is refused privately
//! and makes no game, while help, piece diagrams, one's games and a look at them by number
//! work, and the leaderboard says it belongs to a server.

use super::World;
use crate::fake::{Channel, int_option, option, user_option};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_direct_message_challenges_are_refused_and_help_pieces_and_games_work() {
    let world = World::new().await;
    let (alice, bob) = (&world.alice, &world.bob);
    let dm = Channel::direct(1600000000000000001);
    let store = world.bot.as_ref().unwrap().service.store().clone();

    // A challenge: refused, privately, and no game, no thread, no message anywhere.
    let token = world.fake.slash_dm(
        alice,
        &dm,
        "new",
        vec![option("game", "chess"), user_option("opponent", bob)],
    );
    let refused = world.fake.wait_answer(&token).await;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert_eq!(
        refused.content(),
        "Challenges and group games are played in a server channel, where everyone can see \
         the board; start it there."
    );
    for who in [alice, bob] {
        assert!(store.open_games_of_user(&who.id).await.unwrap().is_empty());
    }
    let posted = world
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/channels/"))
        .count();
    assert_eq!(posted, 0, "{}", world.fake.dump());

    // Help, with what works here.
    let token = world.fake.slash_dm(alice, &dm, "help", vec![]);
    let help = world.fake.wait_answer(&token).await;
    assert!(
        help.content().contains("In this direct message"),
        "{}",
        help.content()
    );

    // A piece diagram.
    let token = world.fake.slash_dm(
        alice,
        &dm,
        "piece",
        vec![option("game", "chess"), option("name", "knight")],
    );
    let piece = world.fake.wait_answer(&token).await;
    assert!(piece.content().contains("Knight"), "{}", piece.content());
    assert_eq!(piece.pngs().len(), 1);

    // The leaderboard is a server's.
    let token = world
        .fake
        .slash_dm(alice, &dm, "leaderboard", vec![option("game", "chess")]);
    let leaderboard = world.fake.wait_answer(&token).await;
    assert!(leaderboard.is_ephemeral());
    assert!(
        leaderboard
            .content()
            .starts_with("Leaderboards belong to a server"),
        "{}",
        leaderboard.content()
    );

    // A game in the server is listed, and its board shown in the direct message by number,
    // without posting anything in the game's thread.
    let thread = world.game().await;
    let game = store.open_games_of_user(&alice.id).await.unwrap()[0].id;
    let token = world.fake.slash_dm(alice, &dm, "games", vec![]);
    let games = world.fake.wait_answer(&token).await;
    assert!(
        games.content().contains(&format!("#{game}")),
        "{}",
        games.content()
    );
    let in_thread = world.fake.channel_messages(&thread.id).len();
    let token = world
        .fake
        .slash_dm(alice, &dm, "board", vec![int_option("game", game)]);
    let board = world.fake.wait_answer(&token).await;
    assert!(board.is_ephemeral(), "{}", board.content());
    assert!(
        board.content().contains(&format!("#{game}")),
        "{}",
        board.content()
    );
    assert_eq!(board.pngs().len(), 1);
    assert_eq!(world.fake.channel_messages(&thread.id).len(), in_thread);
}
