//! A server's own variant on Discord (issue 41): defined with `/variant` and an attached file,
//! shown privately as nothing to another server, and played against the bot at level 3 to
//! mate in the game's thread.

use chatrang::{
    rules::{Color, GameId, Outcome, Status, registry, search::Level},
    store::GameState,
};

use super::{
    World,
    versus_bot::{wait_for_game_in, wait_for_turn_of},
};
use crate::fake::{Channel, Person, int_option, option};

/// White's two Queens and Rook against Black's King on a 6×6 board: mate comes in a few moves,
/// however the bot defends.
const ROUT: &str = "# A rout on a small board\nmaxFile = 6\nmaxRank = 6\nking = k\nqueen = q\n\
     rook = r\npawn = p\nstartFen = 2k3/6/6/6/6/QQ1KR1 w - - 0 1\npromotionPieceTypes = q\n\
     castling = false\n";

/// The `action` choices' values, in the order `/variant` registers them (list, new, show,
/// delete; a test of the registration checks the names).
const NEW: i64 = 1;
const SHOW: i64 = 2;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variant_defined_from_an_attached_file_is_played_to_mate_against_the_bot() {
    let world = World::new().await;
    let alice = &world.alice;
    let registered = &world.fake.registrations()[0].json;
    let command = registered
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "variant")
        .expect("/variant is registered");
    let choices: Vec<(String, i64)> = command["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        choices,
        [("list", 0), ("new", NEW), ("show", SHOW), ("delete", 3)].map(|(n, v)| (n.to_string(), v))
    );
    assert_eq!(
        command["options"][2]["type"], 11,
        "the definition is a file"
    );
    let file = world
        .fake
        .attachment_option("definition", "rout.ini", ROUT.as_bytes());
    let token = world.fake.slash(
        alice,
        &world.lobby,
        "variant",
        vec![
            int_option("action", NEW),
            option("name", "Queens rout"),
            file,
        ],
    );
    let saved = world.fake.wait_answer(&token).await;
    assert!(!saved.is_ephemeral(), "{}", saved.content());
    assert!(
        saved
            .content()
            .contains("saves the variant Queens rout (version 1)"),
        "{}",
        saved.content()
    );
    assert_eq!(saved.pngs().len(), 1, "its start is drawn");

    // Another server knows no such variant, and is told so privately.
    let mallory = Person::admin(1300000000000000099, "mallory");
    let elsewhere = Channel::text(1200000000000000099).in_guild("1000000000000000099");
    let token = world.fake.slash(
        &mallory,
        &elsewhere,
        "variant",
        vec![int_option("action", SHOW), option("name", "queens-rout")],
    );
    let answer = world.fake.wait_answer(&token).await;
    assert!(answer.is_ephemeral(), "{}", answer.content());
    assert!(
        answer
            .content()
            .contains("This server has no variant called \"queens-rout\""),
        "{}",
        answer.content()
    );

    let token = world.fake.slash(
        alice,
        &world.lobby,
        "new",
        vec![option("game", "queens-rout"), option("ai", "3")],
    );
    let started = world.fake.wait_answer(&token).await;
    assert!(
        started
            .content()
            .contains("plays Queens rout against Chatrang level 3"),
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
    for _ in 0..40 {
        let row = wait_for_turn_of(&world, game, Color::White).await;
        if row.state != GameState::Active {
            break;
        }
        let position = registry::load(GameId::Defined, &row.position).unwrap();
        let thought = position
            .think(&Level::new(4).unwrap().limits(1))
            .expect("a move");
        let answer = world.play(alice, &thread, &thought.notation).await;
        assert!(!answer.is_ephemeral(), "{}", answer.content());
        assert_eq!(answer.pngs().len(), 1, "{}", answer.content());
        if answer.content().contains("checkmate") {
            break;
        }
    }
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over, "{}", row.position);
    let over = registry::load(GameId::Defined, &row.position).unwrap();
    match over.status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(reason.contains("checkmate"), "{reason}");
        }
        other => panic!("not a mate: {other:?}"),
    }
}
