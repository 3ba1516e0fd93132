//! Every game the bot hosts, played through the service by teams on SQLite and PostgreSQL.
//! Moves are taken from the service's own list of legal moves and made by whoever the service
//! calls to act, so this checks that each game plugs into the service unchanged: turns,
//! decisions that any participant may take, and the end of the game.

use chatrang::{
    rules::GameId,
    service::{Command, NewGame, User},
    store::{GameState, ResultKind},
};

use crate::common::{TestDb, leaderboard, move_as, ok, person, play_out, refused, req};

on_both_backends!(
    every_game_is_played_through_the_service_by_teams,
    a_catalonia_group_game_reaches_scoring_and_the_best_scores,
    catalonia_has_no_draw_and_resigning_abandons_it_for_everyone,
);

fn team(prefix: &str, game: GameId, size: usize) -> Vec<User> {
    (0..size)
        .map(|i| person(&format!("{prefix}{i}-{}", game.slug())))
        .collect()
}

async fn every_game_is_played_through_the_service_by_teams(db: TestDb) {
    let service = db.service().await;
    let mut ended_by_rules = Vec::new();
    for game in GameId::ALL {
        let size = if game.is_cooperative() { 3 } else { 2 };
        let (whites, blacks) = (team("w", game, size), team("b", game, size));
        let mut options = Vec::new();
        if game == GameId::Catalonia {
            options.push(("turns".to_string(), "5".to_string()));
        }
        let reply = ok(service
            .run(
                &req(&whites[0], None),
                Command::New(NewGame {
                    game: game.slug().into(),
                    white: whites.clone(),
                    black: blacks.clone(),
                    options,
                    seed: Some(11),
                    ..NewGame::default()
                }),
            )
            .await);
        let id = reply.game.expect("a game id").id;
        let people: Vec<User> = whites.iter().chain(&blacks).cloned().collect();
        if play_out(&service, id, &people, reply.notify, 400).await {
            ended_by_rules.push(game);
        } else {
            // A long random game: it must still end cleanly by resignation.
            let resigned = ok(service
                .run(&req(&whites[0], Some(id)), Command::Resign)
                .await);
            assert!(!resigned.text.is_empty());
            let row = service.store().game(id).await.unwrap().unwrap();
            assert_eq!(row.state, GameState::Over, "{}", game.slug());
        }
    }
    // Catalonia always ends by its turn limit; the others may or may not end in 400 actions.
    assert!(
        ended_by_rules.contains(&GameId::Catalonia),
        "{ended_by_rules:?}"
    );
}

async fn a_catalonia_group_game_reaches_scoring_and_the_best_scores(db: TestDb) {
    let service = db.service().await;
    let game = GameId::Catalonia;
    let (whites, blacks) = (team("cw", game, 3), team("cb", game, 3));
    let reply = ok(service
        .run(
            &req(&whites[1], None),
            Command::New(NewGame {
                game: "catalonia".into(),
                white: whites.clone(),
                black: blacks.clone(),
                options: vec![
                    ("turns".into(), "5".into()),
                    ("nonrandom".into(), "true".into()),
                ],
                seed: Some(5),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a game id").id;
    let people: Vec<User> = whites.iter().chain(&blacks).cloned().collect();
    assert!(
        play_out(&service, id, &people, reply.notify, 1000).await,
        "Catalonia ends by its turn limit"
    );
    let (kind, _, _) = service.store().result_of(id).await.unwrap().unwrap();
    assert_eq!(kind, ResultKind::Score);
    let board = leaderboard(&service, "catalonia").await;
    for person in &people {
        assert!(
            board.contains(&person.name),
            "{} is listed:\n{board}",
            person.name
        );
    }
}

/// docs/rules.md §5.6: a cooperative game has no draw offers, and `/resign` by any member
/// abandons it for everyone: it ends with no score, so it never reaches the best-scores board.
async fn catalonia_has_no_draw_and_resigning_abandons_it_for_everyone(db: TestDb) {
    let service = db.service().await;
    let game = GameId::Catalonia;
    let (whites, blacks) = (team("aw", game, 2), team("ab", game, 2));
    let reply = ok(service
        .run(
            &req(&whites[0], None),
            Command::New(NewGame {
                game: "catalonia".into(),
                white: whites.clone(),
                black: blacks.clone(),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a game id").id;
    let why = refused(service.run(&req(&blacks[1], Some(id)), Command::Draw).await);
    assert!(why.contains("cooperative: there is no draw"), "{why}");
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        row.state,
        GameState::Active,
        "a refused draw changes nothing"
    );
    assert_eq!(row.pending, None);

    let text = ok(service
        .run(&req(&blacks[1], Some(id)), Command::Resign)
        .await)
    .text;
    assert!(text.contains("abandons the game for everyone"), "{text}");
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    let (kind, _, _) = service.store().result_of(id).await.unwrap().unwrap();
    assert_eq!(kind, ResultKind::Abandoned);
    let board = leaderboard(&service, "catalonia").await;
    for member in whites.iter().chain(&blacks) {
        assert!(
            !board.contains(&member.name),
            "{} has no score from an abandoned game:\n{board}",
            member.name
        );
    }
    let after = refused(move_as(&service, &whites[0], Some(id), "d2d3").await);
    assert!(after.contains("over"), "{after}");
}
