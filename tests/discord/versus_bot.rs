//! A game against the bot on Discord (issue 16): `/new` with the `ai` option starts the game
//! at once in its own thread, the bot's moves arrive there as boards like anyone's, and the
//! game is played to its end.

use std::time::Duration;

use chatrang::{
    rules::{
        Color, Status, registry,
        search::{Level, Limits},
    },
    store::GameState,
};

use super::World;
use crate::fake::{Channel, int_option, option};

/// Black to move would be the person's; White, the bot, moves first with a lone King against
/// a Queen and a Rook, so the game ends in mate within a few moves.
const POSITION: &str = "rq2k3/8/8/8/8/8/8/4K3 w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_is_played_to_mate_in_its_thread_the_bot_moving_first() {
    let world = World::new().await;
    let alice = &world.alice;
    let token = world.fake.slash(
        alice,
        &world.lobby,
        "new",
        vec![
            option("game", "chess"),
            option("ai", "1"),
            int_option("side", 1),
            option("position", POSITION),
        ],
    );
    let started = world.fake.wait_answer(&token).await;
    assert!(!started.is_ephemeral(), "{}", started.content());
    assert!(
        started.content().contains("Chatrang level 1"),
        "{}",
        started.content()
    );
    let thread = world
        .fake
        .wait_for("a thread for the game", |r| r.path.ends_with("/threads"))
        .await;
    let thread = Channel::thread(thread.answer["id"].as_str().unwrap());
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let game = wait_for_game_in(&world, &thread).await;

    // The person's moves come from the bot's own search, each after the bot's
    // answer has been posted in the thread.
    let mut boards_seen = 0;
    for _ in 0..30 {
        let row = wait_for_turn(&world, game).await;
        if row.state != GameState::Active {
            break;
        }
        let position = registry::load(row.variant.known().unwrap(), &row.position).unwrap();
        let Status::Ongoing { .. } = position.status() else {
            panic!("an active game that is over: {}", row.position);
        };
        let bot_board = world
            .fake
            .wait_channel_message(&thread.id, boards_seen)
            .await;
        assert!(
            bot_board.content().contains("Chatrang level 1"),
            "{}",
            bot_board.content()
        );
        assert_eq!(bot_board.pngs().len(), 1, "{}", bot_board.content());
        assert_eq!(bot_board.allowed_users(), vec![alice.id.clone()]);
        boards_seen += 1;
        let limits = Limits {
            nodes: 50_000,
            ..Level::DEFAULT.limits(1)
        };
        let thought = position.think(&limits).unwrap();
        let answer = world.play(alice, &thread, &thought.notation).await;
        assert!(!answer.is_ephemeral(), "{}", answer.content());
        assert_eq!(answer.pngs().len(), 1, "{}", answer.content());
        if answer.content().contains("checkmate") {
            break;
        }
    }
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over, "{}", row.position);
    let over = registry::load(row.variant.known().unwrap(), &row.position).unwrap();
    match over.status() {
        Status::Over(chatrang::rules::Outcome::Win { winner, .. }) => {
            assert_eq!(winner, Color::Black, "alice, Black, mated the bot")
        }
        other => panic!("not a win: {other:?}"),
    }
    assert!(boards_seen >= 2, "the bot moved {boards_seen} times");
    assert!(
        world.fake.channel_messages(&world.lobby.id).is_empty(),
        "the bot's moves are posted in the thread, not the lobby"
    );
}

/// The game the bot moved into `thread`, once it has.
pub(crate) async fn wait_for_game_in(world: &World, thread: &Channel) -> i64 {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    for _ in 0..1500 {
        if let Some(row) = store.open_games_in_place(&thread.id).await.unwrap().first() {
            return row.id;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no game in the thread");
}

/// The game's row once it is the person's turn (Black) or the game is over.
async fn wait_for_turn(world: &World, game: i64) -> chatrang::store::GameRow {
    wait_for_turn_of(world, game, Color::Black).await
}

/// The game's row once it is `side`'s turn or the game is over.
pub(crate) async fn wait_for_turn_of(
    world: &World,
    game: i64,
    side: Color,
) -> chatrang::store::GameRow {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    for _ in 0..1500 {
        let row = store.game(game).await.unwrap().unwrap();
        let position = registry::load(row.variant.known().unwrap(), &row.position).unwrap();
        let sides_turn = matches!(
            position.status(),
            Status::Ongoing {
                actor: chatrang::rules::Actor::Side(turn),
                ..
            } if turn == side
        );
        if row.state != GameState::Active || sides_turn {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the bot never moved in game {game}");
}
