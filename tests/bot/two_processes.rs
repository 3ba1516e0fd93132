//! Two bot processes serving the same games on one database: 10,000 move attempts, ten at once
//! for every move (five from each process), apply each move exactly once. Every other attempt
//! gets a clear sentence (after the service's own retry, the move is simply no longer the
//! asker's to make). Each process has its own connection pool and its own memory of the games,
//! as two processes do.

use std::{collections::BTreeMap, sync::Arc};

use chatrang::service::{Command, ServiceError};

use crate::common::{
    ITALIAN, ITALIAN_RECORDED, TestDb, here, lift_limits, ok, person, recorded_moves, req,
    two_player,
};

const GAMES: usize = 50;
/// Attempts at each move: half from each process.
const RIVALS: usize = 10;

async fn two_processes_apply_each_of_many_contested_moves_once(db: TestDb) {
    let (white, black) = (person("white"), person("black"));
    let processes = [Arc::new(db.service().await), Arc::new(db.service().await)];
    lift_limits(processes[0].store(), &here().server).await;
    let mut games = Vec::with_capacity(GAMES);
    for _ in 0..GAMES {
        games.push(two_player(&processes[0], "chess", &white, &black, &[]).await);
    }

    let mut applied = 0;
    let mut refusals: BTreeMap<String, usize> = BTreeMap::new();
    for (ply, notation) in ITALIAN.iter().enumerate() {
        let mover = if ply % 2 == 0 { &white } else { &black };
        let mut attempts = Vec::with_capacity(GAMES * RIVALS);
        for &id in &games {
            for rival in 0..RIVALS {
                let process = processes[rival % 2].clone();
                let request = req(mover, Some(id));
                let command = Command::Move(notation.to_string());
                attempts.push(tokio::spawn(async move {
                    (id, process.run(&request, command).await)
                }));
            }
        }
        let mut won: BTreeMap<i64, usize> = BTreeMap::new();
        for attempt in attempts {
            let (id, answer) = attempt.await.expect("an attempt's task ends");
            match answer {
                Ok(_) => *won.entry(id).or_default() += 1,
                Err(refusal @ ServiceError::Refused(_)) => {
                    *refusals.entry(refusal.to_string()).or_default() += 1
                }
                Err(other) => panic!("{notation} in game {id}: {other}"),
            }
        }
        assert!(
            games.iter().all(|id| won.get(id) == Some(&1)),
            "{notation}: each game takes the move exactly once, not {won:?}"
        );
        applied += won.len();
    }
    eprintln!(
        "{} attempts, {applied} moves applied; the others were told: {refusals:?}",
        GAMES * ITALIAN.len() * RIVALS
    );
    assert_eq!(applied, GAMES * ITALIAN.len());
    assert_eq!(
        refusals.values().sum::<usize>(),
        GAMES * ITALIAN.len() * (RIVALS - 1),
        "every losing attempt is answered"
    );
    for sentence in refusals.keys() {
        assert!(
            sentence.ends_with('.') && sentence.len() < 200,
            "a losing attempt is told plainly why: {sentence:?}"
        );
    }

    for &id in &games {
        let moves = recorded_moves(processes[1].store(), id).await;
        assert_eq!(
            moves, ITALIAN_RECORDED,
            "game {id} holds each move once, in order"
        );
        // The snapshot agrees with the record: the game loads undamaged in both processes.
        for process in &processes {
            ok(process.run(&req(&white, Some(id)), Command::Board).await);
        }
    }
}

on_both_backends!(two_processes_apply_each_of_many_contested_moves_once);
