//! Ratings when two bot processes finish games of the same players at the same instant. Each
//! process has its own connection pool and its own memory, as two processes on one database
//! do; every finished game must build on the ratings the one before it wrote (no lost update).

use std::sync::Arc;

use chatrang::service::{Command, TeamOutcome, rate_teams};
use skillratings::glicko2::Glicko2Rating;

use crate::common::{TestDb, here, lift_limits, ok, person, req, two_player};

const GAMES: usize = 100;

/// Alice and Bob start 100 chess games; the two processes then have Bob resign all of them at
/// once, half each. Alice must end with 100 rated wins, and both ratings must equal 100 wins
/// rated one after another.
async fn two_processes_finishing_games_of_the_same_players_lose_no_rating(db: TestDb) {
    let (alice, bob) = (person("alice"), person("bob"));
    let first = Arc::new(db.service().await);
    let second = Arc::new(db.service().await);
    lift_limits(first.store(), &here().server).await;
    let mut games = Vec::with_capacity(GAMES);
    for _ in 0..GAMES {
        games.push(two_player(&first, "chess", &alice, &bob, &[]).await);
    }

    let resignations: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, &id)| {
            let process = if i % 2 == 0 { &first } else { &second }.clone();
            let bob = bob.clone();
            tokio::spawn(async move { process.run(&req(&bob, Some(id)), Command::Resign).await })
        })
        .collect();
    for resignation in resignations {
        ok(resignation.await.expect("the resignation's task ends"));
    }

    let (mut white, mut black) = (Glicko2Rating::new(), Glicko2Rating::new());
    for _ in 0..GAMES {
        let (w, b) = rate_teams(&[white], &[black], TeamOutcome::WhiteWins);
        (white, black) = (w[0], b[0]);
    }
    let store = first.store();
    let server = "server-1";
    let chess = chatrang::rules::GameId::parse("chess").expect("chess is hosted");
    let alice_row = store
        .rating(server, chess, &alice.id)
        .await
        .expect("the store answers")
        .expect("Alice is rated");
    let bob_row = store
        .rating(server, chess, &bob.id)
        .await
        .expect("the store answers")
        .expect("Bob is rated");
    assert_eq!(
        (
            alice_row.games,
            alice_row.wins,
            bob_row.games,
            bob_row.losses
        ),
        (GAMES as i64, GAMES as i64, GAMES as i64, GAMES as i64),
        "every finished game is counted once for each player"
    );
    for (row, expected) in [(&alice_row, white), (&bob_row, black)] {
        assert!(
            (row.rating - expected.rating).abs() < 1e-6
                && (row.deviation - expected.deviation).abs() < 1e-6
                && (row.volatility - expected.volatility).abs() < 1e-9,
            "{}: stored {:.4} ± {:.4}, a sequential replay gives {:.4} ± {:.4}",
            row.user_id,
            row.rating,
            row.deviation,
            expected.rating,
            expected.deviation
        );
    }
}

on_both_backends!(two_processes_finishing_games_of_the_same_players_lose_no_rating);
