//! A promotion chosen with a button (issue 20, point 2): `/move` of a pawn to the last rank
//! without its piece is answered privately with one button per piece, and a click on that
//! private message plays the move in the game's thread.

use super::{World, button_actions};
use crate::fake::{Recorded, option};

/// The label of each button of a message, by its id.
fn button_labels(message: &Recorded) -> Vec<(String, String)> {
    let rows = message
        .json
        .get("components")
        .or_else(|| message.json.pointer("/data/components"))
        .and_then(|rows| rows.as_array().cloned())
        .unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|button| {
            (
                button["label"].as_str().unwrap_or("").to_string(),
                button["custom_id"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pawn_moved_to_the_last_rank_offers_its_pieces_as_buttons_and_a_click_plays_it() {
    let world = World::new().await;
    let (alice, bob) = (&world.alice, &world.bob);
    let (challenge, _, thread) = world
        .game_with(
            "chess",
            vec![option("position", "7k/P7/8/8/8/8/8/4K3 w - - 0 1")],
        )
        .await;

    // The move without its piece: a private question with one button per piece.
    let question = world.play(alice, &thread, "a7a8").await;
    assert!(question.is_ephemeral(), "{}", question.content());
    assert!(
        question.content().contains("Choose the promotion for a7a8"),
        "{}",
        question.content()
    );
    let labels: Vec<String> = button_labels(&question)
        .into_iter()
        .map(|(label, _)| label)
        .collect();
    assert_eq!(
        labels,
        [
            "Queen (a7a8=Q)",
            "Rook (a7a8=R)",
            "Bishop (a7a8=B)",
            "Knight (a7a8=N)"
        ]
    );
    let plays = button_actions(&question, "play");
    assert_eq!(plays.len(), 4, "{plays:?}");
    assert!(
        world.fake.channel_messages(&thread.id).is_empty(),
        "nothing is posted for a question"
    );

    // A click on the private message plays the move where the game lives, for everyone.
    let queen = plays.iter().find(|id| id.ends_with(":a7a8=Q")).unwrap();
    let click = world.fake.click(alice, &question.answer, queen);
    let played = world.fake.wait_answer(&click).await;
    assert!(!played.is_ephemeral(), "{}", played.content());
    assert!(
        played.content().contains("promotes to a Queen"),
        "{}",
        played.content()
    );
    assert_eq!(played.allowed_users(), vec![bob.id.clone()]);
    let pngs = played.pngs();
    assert_eq!(pngs.len(), 1);
    let board = String::from_utf8_lossy(&pngs[0].bytes[8..]).to_string();
    let rank_8 = board
        .lines()
        .find(|l| l.trim_start().starts_with("8 "))
        .unwrap_or_else(|| panic!("no rank 8 in\n{board}"));
    assert!(rank_8.contains('♕'), "the White Queen is on a8:\n{board}");
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let game = super::game_of(&challenge);
    let row = store.game(game).await.unwrap().unwrap();
    assert!(row.position.starts_with("Q6k/"), "{}", row.position);

    // Its other buttons are for a board that has moved on.
    let rook = plays.iter().find(|id| id.ends_with(":a7a8=R")).unwrap();
    let click = world.fake.click(alice, &question.answer, rook);
    let stale = world.fake.wait_answer(&click).await;
    assert!(stale.is_ephemeral(), "{}", stale.content());
    assert!(
        stale.content().contains("This board has moved on"),
        "{}",
        stale.content()
    );
}
