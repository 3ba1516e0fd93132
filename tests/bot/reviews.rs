//! `/review` through the service with the real renderer: a chess game with a known blunder
//! (a test position where Black allows a mate in one) is reviewed, the blunder and a move that
//! saves the game are named, the chart and the blunder's board are drawn, the review is kept
//! and its evaluations reach the PGN; a review is refused during play, and another server
//! sees no game.

use std::sync::Arc;

use chatrang::{
    rules::{GameId, registry},
    service::{Command, NewGame, Place, RenderPainter, Service, ShowNotes},
};

use crate::common::{TestDb, ask, ok, person, play, play_out, refused, req, two_player};

on_both_backends!(
    a_review_names_the_blunder_and_a_move_that_saves_the_game,
    a_review_waits_for_the_end_and_other_servers_see_no_game,
    a_game_played_together_is_reviewed_turn_by_turn,
    a_review_behind_another_says_it_is_queued,
);

async fn service(db: &TestDb) -> Service {
    Service::new(db.open().await, Arc::new(RenderPainter))
}

/// Scholar's mate: 3... Nf6?? allows 4. Qxf7#, which g6, Qe7, Qf6 or Nh6 would stop.
const SCHOLARS_MATE: [&str; 7] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];

async fn a_review_names_the_blunder_and_a_move_that_saves_the_game(db: TestDb) {
    let service = service(&db).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &SCHOLARS_MATE).await;
    let review = ok(service.run(&req(&bob, Some(id)), Command::Review).await);
    let text = &review.text;
    let black = text
        .lines()
        .find(|l| l.starts_with("Black"))
        .unwrap_or_else(|| panic!("a line for Black: {text}"));
    assert!(
        black.contains("3... Nf6??"),
        "the blunder is named: {black}"
    );
    let better = black
        .split("better ")
        .nth(1)
        .unwrap_or_else(|| panic!("the engine's move is named: {black}"));
    assert!(
        ["g6", "Qe7", "Qf6", "Nh6", "Qh4", "Nd4"]
            .iter()
            .any(|m| better.starts_with(m)),
        "the engine's move stops the mate: {black}"
    );
    assert!(
        black.contains("White wins"),
        "the evaluation after it: {black}"
    );
    let white = text.lines().find(|l| l.starts_with("White")).unwrap();
    assert!(!white.contains("Qxf7"), "the mate lost nothing: {white}");
    // The chart, and the blunder's board with the engine's move as an arrow.
    let chart = review.image.as_ref().expect("the evaluation chart");
    let picture = image::load_from_memory(&chart.bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (800, 460));
    assert_eq!(review.more_images.len(), 1, "one costly move, one board");
    let board = &review.more_images[0];
    assert!(
        board.description.contains("3... Nf6"),
        "{}",
        board.description
    );
    image::load_from_memory(&board.bytes).expect("the board is a PNG");
    // Kept: asked again, the same review comes back, and the record carries it.
    assert!(service.store().review(id).await.unwrap().is_some());
    let again = ok(service.run(&req(&alice, Some(id)), Command::Review).await);
    assert_eq!(again.text, review.text);
    let history = ok(service.run(&req(&alice, Some(id)), Command::History).await);
    let pgn = String::from_utf8(history.attachment.expect("the record").content).unwrap();
    assert!(pgn.contains("Nf6??"), "{pgn}");
    assert!(pgn.contains("[%eval "), "{pgn}");
    assert!(pgn.contains("Qxf7#"), "{pgn}");
}

async fn a_review_waits_for_the_end_and_other_servers_see_no_game(db: TestDb) {
    let service = service(&db).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &SCHOLARS_MATE[..4]).await;
    let why = refused(service.run(&req(&alice, Some(id)), Command::Review).await);
    assert!(why.contains("still being played"), "{why}");
    assert!(service.store().review(id).await.unwrap().is_none());
    ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    // From another server, even a player is told the number was never used.
    let elsewhere = Place::new("server-2", "channel-9");
    for who in [&alice, &person("mallory")] {
        let why = refused(
            service
                .run(&ask(&elsewhere, who, Some(id)), Command::Review)
                .await,
        );
        assert_eq!(why, format!("There is no game #{id}; /games lists yours."));
    }
    assert!(service.store().review(id).await.unwrap().is_none());
}

/// Catalonia has no sides to blame: its review sets each turn's score against the most the
/// turn's own moves could have made, and draws the turns that left the most.
async fn a_game_played_together_is_reviewed_turn_by_turn(db: TestDb) {
    let service = service(&db).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "catalonia".into(),
                opponent: Some(bob.clone()),
                options: vec![("turns".into(), "6".into())],
                seed: Some(3),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a game id").id;
    let people = [alice.clone(), bob.clone()];
    assert!(play_out(&service, id, &people, reply.notify, 500).await);
    let review = ok(service.run(&req(&bob, Some(id)), Command::Review).await);
    // The score as the game itself counts it, and the review's turns as kept.
    let row = service.store().game(id).await.unwrap().unwrap();
    let game = registry::load(GameId::Catalonia, &row.position).unwrap();
    let scored: u32 = game.turn_scores().iter().map(|(_, points)| points).sum();
    let kept = service.store().review(id).await.unwrap().expect("kept");
    let body: serde_json::Value = serde_json::from_str(&kept.body).unwrap();
    let turns = body["turns"].as_array().expect("turns");
    let number = |t: &serde_json::Value, key: &str| t[key].as_u64().unwrap() as u32;
    let numbers: Vec<u32> = turns.iter().map(|t| number(t, "turn")).collect();
    assert_eq!(numbers, (1..=numbers.len() as u32).collect::<Vec<_>>());
    for t in turns {
        assert!(number(t, "possible") >= number(t, "scored"), "{t}");
    }
    for (turn, points) in game.turn_scores() {
        assert_eq!(number(&turns[turn as usize - 1], "scored"), points);
    }
    let possible: u32 = turns.iter().map(|t| number(t, "possible")).sum();
    let text = &review.text;
    assert!(
        text.contains(&format!("scored {scored} of the {possible}")),
        "{text}"
    );
    let missed = turns
        .iter()
        .filter(|t| number(t, "possible") > number(t, "scored"))
        .count();
    assert!(missed > 0, "random moves leave points: {text}");
    assert!(
        text.contains("a longer chain was possible: turn "),
        "{text}"
    );
    // The bar chart, and a board for each turn named (three at most).
    let chart = review.image.as_ref().expect("the turn chart");
    let picture = image::load_from_memory(&chart.bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (800, 460));
    assert_eq!(review.more_images.len(), missed.min(3));
    for board in &review.more_images {
        assert!(
            board.description.contains("at the start of turn"),
            "{}",
            board.description
        );
        image::load_from_memory(&board.bytes).expect("the board is a PNG");
    }
    let again = ok(service.run(&req(&alice, Some(id)), Command::Review).await);
    assert_eq!(again.text, review.text);
    // From another server, the game does not exist.
    let elsewhere = Place::new("server-2", "channel-9");
    let why = refused(
        service
            .run(&ask(&elsewhere, &alice, Some(id)), Command::Review)
            .await,
    );
    assert_eq!(why, format!("There is no game #{id}; /games lists yours."));
}

/// The notes a command sends while it runs, kept.
#[derive(Default)]
struct Kept(Vec<String>);

impl ShowNotes for Kept {
    async fn show(&mut self, note: String) {
        self.0.push(note);
    }
}

/// Two people ask for reviews at once: the second waits its turn, and is told so at once.
async fn a_review_behind_another_says_it_is_queued(db: TestDb) {
    let service = Arc::new(service(&db).await);
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let first = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, first, &alice, &bob, &SCHOLARS_MATE).await;
    let second = two_player(&service, "chess", &carol, &bob, &[]).await;
    play(&service, second, &carol, &bob, &SCHOLARS_MATE).await;
    let mut thinking = service.watch_thinking();
    let running = {
        let (service, alice) = (service.clone(), alice.clone());
        tokio::spawn(async move {
            let mut notes = Kept::default();
            let reply = service
                .run_showing_notes(req(&alice, Some(first)), Command::Review, &mut notes)
                .await;
            (reply, notes.0)
        })
    };
    // The first review has begun (its search announces itself, then takes its place in the
    // queue).
    let begun = thinking.recv().await.unwrap();
    assert_eq!(begun.game, first);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let mut notes = Kept::default();
    let reply = service
        .run_showing_notes(req(&carol, Some(second)), Command::Review, &mut notes)
        .await;
    assert!(ok(reply).text.contains("Nf6??"));
    assert_eq!(
        notes.0,
        ["Your review is queued, 1 ahead; it will be posted here when it is ready."]
    );
    let (reply, first_notes) = running.await.unwrap();
    assert!(ok(reply).text.contains("Nf6??"));
    // Nothing was ahead of it, so it was never said to be queued; a debug build may take
    // long enough to be told it is being made.
    assert!(
        first_notes
            .iter()
            .all(|note| note
                == "Your review is being made; it will be posted here when it is ready."),
        "nothing was ahead of it: {first_notes:?}"
    );
}
