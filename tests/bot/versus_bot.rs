//! Playing against the bot through the service, on both databases: a whole game of every
//! game (the person's moves chosen by the bot's own search too), the bot moving first, its
//! answers to draw offers and undo requests, its rating account, Catalonia's partner and
//! `/hint`, and the refusals of a bad `ai` option.

use std::{sync::Arc, time::Duration};

use chatrang::{
    rules::{
        Actor, Color, Game, GameId, Status, registry,
        search::{FULL_QUIESCENCE, Level, Limits},
    },
    service::{Command, ManualClock, NewGame, Place, Reply, Service, TextPainter, User},
    store::GameState,
};

use crate::common::{TestDb, leaderboard, move_as, ok, person, refused, req};

fn new_game(game: &str, options: &[(&str, &str)]) -> Command {
    Command::New(NewGame {
        game: game.into(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seed: Some(5),
        ..NewGame::default()
    })
}

/// Starts a game against the bot and returns its id.
async fn against_bot(service: &Service, who: &User, game: &str, options: &[(&str, &str)]) -> i64 {
    let reply = ok(service.run(&req(who, None), new_game(game, options)).await);
    reply.game.expect("a game id").id
}

/// The game as its record stands.
async fn game_of(service: &Service, id: i64) -> Box<dyn Game> {
    let row = service.store().game(id).await.unwrap().unwrap();
    registry::load(row.variant.known().unwrap(), &row.position).unwrap()
}

/// Plays a game to its end: the person's actions come from the bot's search at level 1, the
/// bot's from the timers. Returns how many actions the bot made.
async fn play_to_the_end(service: &Service, id: i64, person: &User) -> usize {
    let mut bot_actions = 0;
    for _ in 0..700 {
        let row = service.store().game(id).await.unwrap().unwrap();
        if row.state != GameState::Active {
            return bot_actions;
        }
        let said = service.fire_due_timers().await.unwrap();
        if !said.is_empty() {
            bot_actions += said.len();
            continue;
        }
        let game = game_of(service, id).await;
        let Status::Ongoing { .. } = game.status() else {
            panic!("an active game that is over: {}", game.position_text());
        };
        // The person plays as level 1 did before it became a beginner (full quiescence, a
        // narrower choice), so that every game reaches its end within the loop.
        let person_limits = Limits {
            quiescence: FULL_QUIESCENCE,
            choice: 120,
            ..Level::MIN.limits(3)
        };
        let thought = game.think(&person_limits).expect("a move");
        ok(move_as(service, person, Some(id), &thought.notation).await);
    }
    panic!("game {id} did not end");
}

async fn every_game_against_the_bot_is_played_to_its_end(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    for id in GameId::ALL {
        let options: &[(&str, &str)] = match id {
            // A shorter Catalonia: five turns.
            GameId::Catalonia => &[("ai", "1"), ("turns", "5")],
            _ => &[("ai", "1")],
        };
        let game = against_bot(&service, &alice, id.slug(), options).await;
        let moves = play_to_the_end(&service, game, &alice).await;
        assert!(moves > 0, "{id}: the bot never acted");
        let row = service.store().game(game).await.unwrap().unwrap();
        assert_eq!(row.state, GameState::Over, "{id}");
    }
    // Rated against the level's account.
    let board = leaderboard(&service, "chess").await;
    assert!(board.contains("Chatrang level 1"), "{board}");
}

async fn the_bot_moves_first_when_it_plays_white(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "chess".into(),
                side: Some(Color::Black),
                options: vec![("ai".into(), "2".into())],
                ..NewGame::default()
            }),
        )
        .await);
    assert!(
        reply.text.contains("against Chatrang level 2"),
        "{}",
        reply.text
    );
    let id = reply.game.unwrap().id;
    let said = service.fire_due_timers().await.unwrap();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].text.contains(&format!(
            "Chatrang level 2 ({}) —",
            Level::new(2).unwrap().strength_text()
        )),
        "{}",
        said[0].text
    );
    assert!(
        said[0].notify.contains(&alice.id),
        "alice is told it is her move"
    );
    let game = game_of(&service, id).await;
    assert!(
        matches!(
            game.status(),
            Status::Ongoing {
                actor: Actor::Side(Color::Black),
                ..
            }
        ),
        "{:?}",
        game.status()
    );
    // Nothing more is due: it is alice's turn now.
    assert!(service.fire_due_timers().await.unwrap().is_empty());
}

/// Discord moves a new game into a thread of its own: a bot that moves first waits for that,
/// so its board is posted in the thread, and moves at once when the game has moved (or after
/// ten seconds if it never does).
async fn a_bot_moving_first_waits_for_its_game_to_reach_its_thread(db: TestDb) {
    let clock = ManualClock::at(1_000_000_000);
    let service = Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone());
    let alice = person("alice");
    let new = |opens_thread| {
        Command::New(NewGame {
            game: "chess".into(),
            side: Some(Color::Black),
            options: vec![("ai".into(), "1".into())],
            opens_thread,
            ..NewGame::default()
        })
    };
    let moved = ok(service.run(&req(&alice, None), new(true)).await)
        .game
        .unwrap()
        .id;
    assert!(
        service.fire_due_timers().await.unwrap().is_empty(),
        "it waits"
    );
    service
        .move_to_place(moved, &Place::new("server", "thread-1"))
        .await
        .unwrap();
    let said = service.fire_due_timers().await.unwrap();
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].game.as_ref().unwrap().id, moved);
    let row = service.store().game(moved).await.unwrap().unwrap();
    assert_eq!(row.place_id, "thread-1");
    assert_ne!(row.position, row.initial_position, "the bot has moved");

    // A game that never reaches a thread gets its move after ten seconds.
    let stuck = ok(service.run(&req(&alice, None), new(true)).await)
        .game
        .unwrap()
        .id;
    clock.advance(Duration::from_secs(9));
    assert!(service.fire_due_timers().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(2));
    let said = service.fire_due_timers().await.unwrap();
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].game.as_ref().unwrap().id, stuck);
}

async fn the_bot_takes_a_draw_only_when_it_stands_worse(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    // The bot (Black) has a lone King against a Queen: it accepts.
    let losing = against_bot(
        &service,
        &alice,
        "chess",
        &[("ai", "3"), ("position", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")],
    )
    .await;
    let reply = ok(service.run(&req(&alice, Some(losing)), Command::Draw).await);
    assert!(
        reply.text.contains(&format!(
            "Chatrang level 3 ({}) accepts the draw",
            Level::DEFAULT.strength_text()
        )),
        "{}",
        reply.text
    );
    let row = service.store().game(losing).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    // With the Queen on its side it declines, and the game goes on with no offer pending.
    let winning = against_bot(
        &service,
        &alice,
        "chess",
        &[("ai", "3"), ("position", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1")],
    )
    .await;
    let reply = ok(service
        .run(&req(&alice, Some(winning)), Command::Draw)
        .await);
    assert!(reply.text.contains("declines the draw"), "{}", reply.text);
    let row = service.store().game(winning).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active);
    assert!(row.pending.is_none());
}

async fn the_bot_refuses_to_take_moves_back(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let id = against_bot(&service, &alice, "chess", &[("ai", "1")]).await;
    ok(move_as(&service, &alice, Some(id), "e2e4").await);
    service.fire_due_timers().await.unwrap();
    let why = refused(service.run(&req(&alice, Some(id)), Command::Undo).await);
    assert!(why.contains("does not take moves back"), "{why}");
}

async fn catalonia_solo_and_its_hint(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let reply = ok(service
        .run(&req(&alice, None), new_game("catalonia", &[("solo", "")]))
        .await);
    assert!(
        reply.text.contains(&format!(
            "with Chatrang level 3 ({}) as the other side",
            Level::DEFAULT.strength_text()
        )),
        "{}",
        reply.text
    );
    let id = reply.game.unwrap().id;
    let hint: Reply = ok(service.run(&req(&alice, Some(id)), Command::Hint).await);
    assert!(
        hint.text.contains("White ") && hint.text.contains(", then Black "),
        "{}",
        hint.text
    );
    assert!(!hint.public, "a hint is for the asker");
    // The hint's first move is legal, and the bot answers it.
    let first = hint
        .text
        .split("White ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .to_string();
    ok(move_as(&service, &alice, Some(id), &first).await);
    let said = service.fire_due_timers().await.unwrap();
    assert_eq!(said.len(), 1, "{said:?}");
    // Hints are for the games whose row has them, and the refusal names those games.
    let chess = against_bot(&service, &alice, "chess", &[("ai", "1")]).await;
    let why = refused(service.run(&req(&alice, Some(chess)), Command::Hint).await);
    assert_eq!(
        why,
        "Hints are for games with a partner (Catalonia); in Chess you are on your own."
    );
}

async fn a_bad_ai_option_is_refused_with_what_to_type(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let why = refused(
        service
            .run(&req(&alice, None), new_game("chess", &[("ai", "9")]))
            .await,
    );
    assert!(why.contains("1 to 5"), "{why}");
    let why = refused(
        service
            .run(
                &req(&alice, None),
                Command::New(NewGame {
                    game: "chess".into(),
                    opponent: Some(person("bob")),
                    options: vec![("ai".into(), "2".into())],
                    ..NewGame::default()
                }),
            )
            .await,
    );
    assert!(why.contains("leave out the opponent"), "{why}");
}

on_both_backends!(
    every_game_against_the_bot_is_played_to_its_end,
    the_bot_moves_first_when_it_plays_white,
    a_bot_moving_first_waits_for_its_game_to_reach_its_thread,
    the_bot_takes_a_draw_only_when_it_stands_worse,
    the_bot_refuses_to_take_moves_back,
    catalonia_solo_and_its_hint,
    a_bad_ai_option_is_refused_with_what_to_type,
);
