//! A server's own variant on Matrix (issue 41): defined with the lines below `!variant new`
//! in one message, as a person pastes it, then played against the bot at level 3 to mate in
//! the game's thread.

use std::time::Duration;

use chatrang::{
    rules::{Actor, Color, GameId, Outcome, Status, registry, search::Level},
    store::GameState,
};

use super::{Seen, World, in_thread};

/// White's two Queens and Rook against Black's King on a 6×6 board: mate comes in a few moves,
/// however the bot defends.
const ROUT: &str = "[Queens rout]\nmaxFile = 6\nmaxRank = 6\nking = k\nqueen = q\nrook = r\n\
     pawn = p\nstartFen = 2k3/6/6/6/6/QQ1KR1 w - - 0 1\npromotionPieceTypes = q\n\
     castling = false";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variant_pasted_below_the_command_is_played_to_mate_against_the_bot() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let alice = &world.alice;
    alice
        .say(
            &world.room,
            &format!("!variant new Queens rout\n{ROUT}"),
            None,
        )
        .await;
    alice
        .notice(&bot, "saves the variant Queens rout (version 1)")
        .await;
    alice.say(&world.room, "!new queens-rout ai=3", None).await;
    let Seen::Notice { event: root, .. } = alice
        .notice(&bot, "plays Queens rout against Chatrang level 3")
        .await
    else {
        unreachable!()
    };
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let place = format!("{}|{root}", world.room);
    let mut game = None;
    for _ in 0..1500 {
        game = store.last_game_in_place(&place).await.unwrap();
        if game.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let id = game.expect("the game lives in its thread").id;
    for _ in 0..40 {
        let row = white_to_move_or_over(&world, id).await;
        if row.state != GameState::Active {
            break;
        }
        let position = registry::load(GameId::Defined, &row.position).unwrap();
        let thought = position
            .think(&Level::new(4).unwrap().limits(1))
            .expect("a move");
        alice.say(&world.room, &thought.notation, Some(&root)).await;
        // The move is played before the next turn is looked at.
        for _ in 0..1500 {
            if store.game(id).await.unwrap().unwrap().version > row.version {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    in_thread(alice, &bot, &root, "checkmate").await;
    let row = store.game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over, "{}", row.position);
    match registry::load(GameId::Defined, &row.position)
        .unwrap()
        .status()
    {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(reason.contains("checkmate"), "{reason}");
        }
        other => panic!("not a mate: {other:?}"),
    }
}

/// The game's row once it is the person's turn (White) or the game is over.
async fn white_to_move_or_over(world: &World, id: i64) -> chatrang::store::GameRow {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    for _ in 0..1500 {
        let row = store.game(id).await.unwrap().unwrap();
        let position = registry::load(GameId::Defined, &row.position).unwrap();
        let white = matches!(
            position.status(),
            Status::Ongoing {
                actor: Actor::Side(Color::White),
                ..
            }
        );
        if row.state != GameState::Active || white {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the bot never moved in game {id}");
}
