//! `/history` on Discord: the score sheet as players count moves, in standard algebraic
//! notation, with the game's PGN record attached.

use super::World;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_is_a_score_sheet_with_the_pgn_attached() {
    let world = World::new().await;
    let thread = world.game().await;
    for (who, notation) in [
        (&world.alice, "e2e4"),
        (&world.bob, "e7e5"),
        (&world.alice, "g1f3"),
    ] {
        world.play(who, &thread, notation).await;
    }
    let token = world.fake.slash(&world.alice, &thread, "history", vec![]);
    let answer = world.fake.wait_answer(&token).await;
    let text = answer.shown();
    assert!(text.contains("1. e4 e5"), "{text}");
    assert!(text.contains("2. Nf3"), "{text}");
    assert!(text.contains("Black to move"), "{text}");
    let record = answer
        .files
        .iter()
        .find(|f| f.filename.ends_with(".pgn"))
        .unwrap_or_else(|| panic!("no PGN attached: {:?}", answer.files));
    let pgn = String::from_utf8(record.bytes.clone()).unwrap();
    assert!(pgn.contains("[White \"alice\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"bob\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 e5 2. Nf3 *"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_252_moves_of_cataclysms_start_fit_one_discord_message_or_say_how_many_more() {
    let world = World::new().await;
    let (_, _, thread) = world.game_with("cataclysm", Vec::new()).await;
    // Cataclysm's start has about 250 moves: more than one message holds.
    let token = world.fake.slash(&world.alice, &thread, "moves", vec![]);
    let answer = world.fake.wait_answer(&token).await;
    let text = answer.content();
    assert!(
        text.chars().count() <= 2000,
        "{} characters",
        text.chars().count()
    );
    // Every move is listed, or the list says exactly how many more there are.
    let (list, more) = match text.split_once("… and ") {
        Some((list, rest)) => (
            list,
            rest.split(' ').next().unwrap().parse::<usize>().unwrap(),
        ),
        None => (text, 0),
    };
    let listed = list
        .split_once("): ")
        .map_or(0, |(_, moves)| moves.split_whitespace().count());
    assert!(text.starts_with("252 legal moves"), "{text}");
    assert_eq!(listed + more, 252, "{text}");
    assert!(
        !text.ends_with('…'),
        "cut by the adapter instead of the service: {text}"
    );
}
