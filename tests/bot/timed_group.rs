//! Timed group play on both databases, with a clock the tests move by hand: the bot's move for
//! a late side (Catalonia's longest chain, a bomb target nobody chose, a draft pick), team
//! votes (a majority, a tie, the deadline), vacations, `/notify` and `/games`; and, on
//! PostgreSQL, two service instances racing for a thousand timers.

use std::{collections::HashMap, sync::Arc, time::Duration};

use chatrang::{
    rules::{GameId, Square, registry},
    service::{Command, ManualClock, NewGame, Reply, Service, TextPainter, User},
    store::GameState,
};

use crate::common::{Backend, TestDb, move_as, ok, person, refused, req, two_player};

const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(24 * 3600);
const START: i64 = 1_000_000_000;

async fn timed_service(db: &TestDb, clock: &ManualClock) -> Service {
    Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone())
}

fn texts(said: &[Reply]) -> Vec<String> {
    said.iter().map(|r| r.text.clone()).collect()
}

/// Fires the due timers, of which exactly one must say something; returns what it said.
async fn fire_one(service: &Service) -> Reply {
    let mut said = service.fire_due_timers().await.unwrap();
    assert_eq!(said.len(), 1, "{:?}", texts(&said));
    said.remove(0)
}

/// The longest chain on a Catalonia board, as the picture shows it (one arrow per link).
fn chain_length(game: &dyn chatrang::rules::Game) -> usize {
    game.view().arrows.len()
}

/// A Catalonia game between alice (White) and bob (Black) from a position, with options.
async fn catalonia_from(
    service: &Service,
    alice: &User,
    bob: &User,
    position: String,
    options: &[(&str, &str)],
) -> i64 {
    let mut given = vec![("position".to_string(), position)];
    given.extend(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let reply = ok(service
        .run(
            &req(alice, None),
            Command::New(NewGame {
                game: "catalonia".into(),
                opponent: Some(bob.clone()),
                options: given,
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a game id").id;
    if service.store().game(id).await.unwrap().unwrap().state == GameState::Challenge {
        ok(service.run(&req(bob, Some(id)), Command::Accept).await);
    }
    id
}

/// A Catalonia board of Guards and a Knight: Black's a8c7 closes a chain of four.
fn chain_board() -> String {
    use chatrang::rules::catalonia::{board::Board, pieces::Piece};
    let mut board = Board::empty();
    for (square, letter) in [
        ("c3", 'G'),
        ("d3", 'g'),
        ("c4", 'g'),
        ("d4", 'G'),
        ("a8", 'n'),
    ] {
        board.put(Square::parse(square).unwrap(), Piece::from_letter(letter));
    }
    board.to_text()
}

async fn a_late_catalonia_side_gets_the_move_with_the_longest_chain(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let position = format!(
        "{} 1/15 random chacha8:0000000000000007:0 black-moves-second - -",
        chain_board()
    );
    let options = [("deadline", "1h"), ("remind", "off")];
    let id = catalonia_from(&service, &alice, &bob, position, &options).await;
    let before = service.store().game(id).await.unwrap().unwrap();
    let game = registry::load(GameId::Catalonia, &before.position).unwrap();
    // What each of Black's moves would leave as the longest chain.
    let lengths: HashMap<String, usize> = game
        .legal_actions()
        .into_iter()
        .map(|a| {
            let mut next = game.clone();
            next.play(&a.notation).unwrap();
            (a.notation, chain_length(next.as_ref()))
        })
        .collect();
    let best = *lengths.values().max().unwrap();
    assert!(best >= 4, "the position offers a chain: {lengths:?}");
    assert!(
        lengths.values().any(|&l| l < best),
        "some moves are worse, so the choice matters"
    );
    clock.advance(HOUR);
    let said = fire_one(&service).await;
    assert!(
        said.text
            .contains("Time is up for bob, so the bot plays for them"),
        "{}",
        said.text
    );
    let log = service.store().log(id).await.unwrap();
    let played = log
        .iter()
        .find(|e| e.kind.as_str() == "move")
        .expect("the bot's move is logged");
    let notation = played.notation.clone().unwrap();
    assert_eq!(
        lengths[&notation], best,
        "{notation} is a longest-chain move"
    );
    assert_eq!(played.user_id, "chatrang:clock");
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active, "a cooperative game goes on");
}

async fn a_bomb_target_nobody_chooses_is_chosen_at_the_deadline(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let position = format!(
        "{} 1/15 nonrandom chacha8:0000000000000007:0 target-in-chain - -",
        chain_board()
    );
    let id = catalonia_from(&service, &alice, &bob, position, &[("deadline", "2h")]).await;
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(
        board.text.contains("choose the bomb's target"),
        "{}",
        board.text
    );
    assert!(board.text.contains("2 h left"), "{}", board.text);
    clock.advance(HOUR);
    let reminder = fire_one(&service).await;
    assert_eq!(
        reminder.notify.len(),
        2,
        "anyone may choose: both are reminded"
    );
    clock.advance(HOUR);
    let said = fire_one(&service).await;
    assert!(
        said.text.contains("Time is up for anyone in the game"),
        "{}",
        said.text
    );
    let log = service.store().log(id).await.unwrap();
    let bomb = log.iter().find(|e| e.kind.as_str() == "move").unwrap();
    assert!(
        bomb.notation.as_deref().unwrap().starts_with("bomb"),
        "{:?}",
        bomb.notation
    );
    let after = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(
        !after.text.contains("choose the bomb's target"),
        "{}",
        after.text
    );
}

async fn a_late_draft_pick_is_made_by_the_bot_and_a_late_move_loses(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let options = [("deadline", "1h"), ("remind", "off")];
    let id = two_player(&service, "pick-a-team", &alice, &bob, &options).await;
    clock.advance(HOUR);
    let said = fire_one(&service).await;
    assert!(
        said.text.contains("so the bot plays for them"),
        "{}",
        said.text
    );
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active, "a draft pick does not lose");
    assert_eq!(row.version, 3, "start, accept, the pick");
    // In chess a late move loses (see `timed`), whatever the game's size.
    let chess = two_player(&service, "chess", &alice, &bob, &options).await;
    clock.advance(HOUR);
    let said = service.fire_due_timers().await.unwrap();
    assert!(
        said.iter().any(|r| r.text.contains("White loses on time")),
        "{:?}",
        texts(&said)
    );
    let row = service.store().game(chess).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
}

/// A chess game of teams with votes on (three White, two Black), and its people.
async fn voted_chess(service: &Service, options: &[(&str, &str)]) -> (i64, Vec<User>, Vec<User>) {
    let whites: Vec<User> = ["w1", "w2", "w3"].into_iter().map(person).collect();
    let blacks: Vec<User> = ["b1", "b2"].into_iter().map(person).collect();
    let mut given = vec![("vote".to_string(), "on".to_string())];
    given.extend(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let reply = ok(service
        .run(
            &req(&whites[0], None),
            Command::New(NewGame {
                game: "chess".into(),
                teams: true,
                white: whites.clone(),
                black: blacks.clone(),
                options: given,
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a game id").id;
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active, "named teams start at once");
    (id, whites, blacks)
}

fn moves_of(log: &[chatrang::store::LogEntry]) -> Vec<String> {
    log.iter()
        .filter(|e| e.kind.as_str() == "move")
        .filter_map(|e| e.notation.clone())
        .collect()
}

async fn a_team_vote_plays_the_move_a_majority_agrees_on_and_a_tie_goes_to_the_first(db: TestDb) {
    let service = db.service().await;
    let (id, w, b) = voted_chess(&service, &[]).await;
    let first = ok(move_as(&service, &w[0], Some(id), "d2d4").await);
    assert!(first.text.contains("w1 votes d2d4"), "{}", first.text);
    // A new vote replaces the old one.
    let again = ok(move_as(&service, &w[0], Some(id), "e2e4").await);
    assert!(
        again.text.contains("Votes (1 of 3): e2e4 (w1)."),
        "{}",
        again.text
    );
    let board = ok(service.run(&req(&b[0], Some(id)), Command::Board).await);
    assert!(
        board.text.contains("Votes (1 of 3): e2e4 (w1)."),
        "{}",
        board.text
    );
    let not_yours = refused(move_as(&service, &b[0], Some(id), "e7e5").await);
    assert!(not_yours.contains("White's turn"), "{not_yours}");
    assert!(moves_of(&service.store().log(id).await.unwrap()).is_empty());
    // Two of three is a strict majority.
    let played = ok(move_as(&service, &w[1], Some(id), "e2e4").await);
    assert!(
        played.text.contains("the vote of White (w1, w2 and w3) — "),
        "{}",
        played.text
    );
    assert_eq!(moves_of(&service.store().log(id).await.unwrap()), ["e2e4"]);
    // Black: one each, everyone has voted, the move proposed first wins.
    ok(move_as(&service, &b[1], Some(id), "c7c5").await);
    ok(move_as(&service, &b[0], Some(id), "e7e5").await);
    assert_eq!(
        moves_of(&service.store().log(id).await.unwrap()),
        ["e2e4", "c7c5"]
    );
    // The votes were for one turn: White votes afresh.
    let fresh = ok(move_as(&service, &w[2], Some(id), "g1f3").await);
    assert!(
        fresh.text.contains("Votes (1 of 3): g1f3 (w3)."),
        "{}",
        fresh.text
    );
}

async fn a_side_of_one_simply_moves_in_a_voted_game(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[("vote", "on")]).await;
    let moved = ok(move_as(&service, &alice, Some(id), "e2e4").await);
    assert!(
        moved.text.contains("alice — White: Pawn e2–e4"),
        "{}",
        moved.text
    );
    assert_eq!(moves_of(&service.store().log(id).await.unwrap()), ["e2e4"]);
}

async fn at_the_deadline_the_most_votes_so_far_decide(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = timed_service(&db, &clock).await;
    let (id, w, _) = voted_chess(&service, &[("deadline", "1h"), ("remind", "off")]).await;
    ok(move_as(&service, &w[2], Some(id), "g1f3").await);
    ok(move_as(&service, &w[0], Some(id), "b1c3").await);
    clock.advance(HOUR);
    let said = fire_one(&service).await;
    assert!(
        said.text
            .contains("Time is up: the most votes of w1, w2 and w3 decide — "),
        "{}",
        said.text
    );
    // One vote each: the first proposed.
    assert_eq!(moves_of(&service.store().log(id).await.unwrap()), ["g1f3"]);
    // Black casts no vote: the usual rule, a loss on time.
    clock.advance(HOUR);
    let said = service.fire_due_timers().await.unwrap();
    assert!(
        said.iter().any(|r| r.text.contains("Black loses on time")),
        "{:?}",
        texts(&said)
    );
}

async fn a_vacation_stops_the_clock_of_a_player_alone_on_a_side(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[("deadline", "1d")]).await;
    let away = ok(service
        .run(&req(&alice, None), Command::Vacation("3d".into()))
        .await);
    assert!(
        away.text.contains("the clock of 1 game stops now"),
        "{}",
        away.text
    );
    let board = ok(service.run(&req(&bob, Some(id)), Command::Board).await);
    assert!(
        board
            .text
            .contains("1 d left, paused while alice is on vacation (back in 3 d)"),
        "{}",
        board.text
    );
    clock.advance(2 * DAY);
    assert!(
        service.fire_due_timers().await.unwrap().is_empty(),
        "no reminder, no loss while away"
    );
    let back = ok(service
        .run(&req(&alice, None), Command::Vacation("off".into()))
        .await);
    assert!(back.text.contains("runs again"), "{}", back.text);
    let board = ok(service.run(&req(&bob, Some(id)), Command::Board).await);
    assert!(board.text.contains("· 1 d left."), "{}", board.text);
    clock.advance(12 * HOUR);
    let reminded = fire_one(&service).await;
    assert_eq!(reminded.notify, vec![alice.id.clone()]);
    // As long a break as the vacation before the next.
    let soon = refused(
        service
            .run(&req(&alice, None), Command::Vacation("1d".into()))
            .await,
    );
    assert!(
        soon.contains("lasted 2 d; the next can start in 1 d 12 h"),
        "{soon}"
    );
    // A turn that begins while its player is away starts its clock when they are back.
    ok(service
        .run(&req(&bob, None), Command::Vacation("2d".into()))
        .await);
    ok(move_as(&service, &alice, Some(id), "e2e4").await);
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(
        board
            .text
            .contains("1 d left, paused while bob is on vacation (back in 2 d)"),
        "{}",
        board.text
    );
    clock.advance(2 * DAY + 11 * HOUR);
    assert!(service.fire_due_timers().await.unwrap().is_empty());
    clock.advance(HOUR);
    let reminded = fire_one(&service).await;
    assert_eq!(reminded.notify, vec![bob.id.clone()]);
    for bad in ["15d", "tomorrow"] {
        let why = refused(
            service
                .run(&req(&person("carol"), None), Command::Vacation(bad.into()))
                .await,
        );
        assert!(why.contains("up to 14 days"), "{bad}: {why}");
    }
}

async fn notify_decides_who_is_mentioned_and_games_lists_the_waiting_first(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    // Alice's turn in the older game, Bob's in the newer one.
    let waiting = two_player(&service, "chess", &alice, &bob, &[("deadline", "1d")]).await;
    let other = two_player(&service, "chess", &bob, &alice, &[]).await;
    let games = ok(service.run(&req(&alice, None), Command::Games).await).text;
    let first = games.find(&format!("#{waiting} ")).unwrap();
    let second = games.find(&format!("#{other} ")).unwrap();
    assert!(
        first < second,
        "the game waiting for alice comes first:\n{games}"
    );
    assert!(games.contains("· 1 d left — your move"), "{games}");

    ok(service
        .run(&req(&alice, None), Command::Notify("off".into()))
        .await);
    ok(service
        .run(&req(&bob, None), Command::Notify("all".into()))
        .await);
    let moved = ok(move_as(&service, &bob, Some(other), "e2e4").await);
    assert_eq!(
        moved.notify,
        vec![bob.id.clone()],
        "alice turned mentions off"
    );
    clock.advance(12 * HOUR);
    let reminded = fire_one(&service).await;
    assert_eq!(
        reminded.notify,
        vec![bob.id.clone()],
        "reminders respect it"
    );
    ok(service
        .run(&req(&alice, None), Command::Notify("turn".into()))
        .await);
    let back = ok(service
        .run(&req(&bob, None), Command::Notify(String::new()))
        .await);
    assert!(back.text.contains("on every move"), "{}", back.text);
    let moved = ok(move_as(&service, &alice, Some(waiting), "e2e4").await);
    assert_eq!(moved.notify, vec![bob.id.clone()]);
    let why = refused(
        service
            .run(&req(&alice, None), Command::Notify("loud".into()))
            .await,
    );
    assert!(why.contains("\"all\""), "{why}");
}

on_both_backends!(
    a_late_catalonia_side_gets_the_move_with_the_longest_chain,
    a_bomb_target_nobody_chooses_is_chosen_at_the_deadline,
    a_late_draft_pick_is_made_by_the_bot_and_a_late_move_loses,
    a_team_vote_plays_the_move_a_majority_agrees_on_and_a_tie_goes_to_the_first,
    a_side_of_one_simply_moves_in_a_voted_game,
    at_the_deadline_the_most_votes_so_far_decide,
    a_vacation_stops_the_clock_of_a_player_alone_on_a_side,
    notify_decides_who_is_mentioned_and_games_lists_the_waiting_first,
);

/// Two bot processes on one PostgreSQL fire each of a thousand timers once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_on_one_postgres_fire_each_of_a_thousand_timers_once() {
    let Some(db) = TestDb::new(Backend::Postgres).await else {
        return;
    };
    let clock = ManualClock::at(START);
    let first = timed_service(&db, &clock).await;
    let second = timed_service(&db, &clock).await;
    // Three timers a game: two reminders and the deadline.
    let games = 334;
    let mut ids = Vec::new();
    for i in 0..games {
        let (white, black) = (person(&format!("w{i}")), person(&format!("b{i}")));
        ids.push(two_player(&first, "chess", &white, &black, &[("deadline", "1d")]).await);
    }
    let mut timers = 0;
    for id in &ids {
        timers += first.store().timers_of_game(*id).await.unwrap().len();
    }
    assert_eq!(timers, 3 * games);
    // The second process's pool opens its connection now, not in the race: on a loaded machine
    // a first connection can take longer than the first process needs for every timer.
    second.store().timers_of_game(ids[0]).await.unwrap();
    // Each kind falls due for every game at once, and both race for them.
    let mut fired: HashMap<i64, Vec<&str>> = HashMap::new();
    let mut by_each = (0, 0);
    for (wait, kind) in [
        (12 * HOUR, "half time"),
        (11 * HOUR, "an hour left"),
        (HOUR, "deadline"),
    ] {
        clock.advance(wait);
        let (a, b) = tokio::join!(first.fire_due_timers(), second.fire_due_timers());
        let (a, b) = (a.unwrap(), b.unwrap());
        by_each = (by_each.0 + a.len(), by_each.1 + b.len());
        for reply in a.iter().chain(&b) {
            let is_reminder = reply.text.contains("a reminder");
            assert_eq!(is_reminder, kind != "deadline", "{kind}: {}", reply.text);
            fired
                .entry(reply.game.as_ref().unwrap().id)
                .or_default()
                .push(kind);
        }
    }
    assert!(
        by_each.0 > 0 && by_each.1 > 0,
        "both took part: {by_each:?}"
    );
    assert_eq!(by_each.0 + by_each.1, 3 * games);
    for id in &ids {
        assert_eq!(
            fired[id],
            ["half time", "an hour left", "deadline"],
            "game {id}"
        );
        let row = first.store().game(*id).await.unwrap().unwrap();
        assert_eq!(row.state, GameState::Over);
        assert!(first.store().timers_of_game(*id).await.unwrap().is_empty());
    }
}
