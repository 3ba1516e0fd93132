//! The database layer and what it guarantees, on SQLite and PostgreSQL: the guarded append,
//! replay equals snapshot, restarts, and two moves racing on one game.

use std::sync::Arc;

use chatrang::{
    rules::{Color, GameId},
    service::{Command, Place, Service, TextPainter, replay},
    store::{Commit, GameState, LogKind, NewLogEntry, Offer, ResultKind, StoreError},
};

use crate::common::{
    TestDb, here, leaderboard, lift_limits, move_as, ok, person, play, req, two_player,
};

on_both_backends!(
    a_stale_version_writes_nothing,
    a_write_prepared_before_a_move_to_a_thread_does_not_undo_it,
    reopening_keeps_everything_and_migrations_run_once,
    restart_in_the_middle_of_a_game,
    two_concurrent_moves_on_one_game_apply_exactly_one,
    two_processes_racing_on_one_game_apply_exactly_one,
    many_commits_at_once_each_succeed_or_conflict_alone,
);

async fn a_stale_version_writes_nothing(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let store = service.store();
    let row = store.game(id).await.unwrap().unwrap();
    let mut changed = row.clone();
    changed.position = "tampered".into();
    let entry = NewLogEntry {
        kind: LogKind::Move,
        user_id: bob.id.clone(),
        side: Some(Color::Black),
        notation: Some("e7e5".into()),
        description: "stale".into(),
    };
    let stale = Commit::new(changed.clone(), row.version - 1).log(entry.clone());
    assert!(matches!(
        store.commit(&stale).await,
        Err(StoreError::Conflict)
    ));
    let after = store.game(id).await.unwrap().unwrap();
    assert_eq!(after, row, "a refused write changes nothing");
    assert_eq!(store.log(id).await.unwrap().len() as i64, row.version);
    // The same write at the right version goes through and bumps the version.
    let fresh = Commit::new(changed, row.version).log(entry);
    assert_eq!(store.commit(&fresh).await.unwrap(), row.version + 1);
    let log = store.log(id).await.unwrap();
    assert_eq!(log.last().unwrap().seq, row.version + 1);
    assert_eq!(log.last().unwrap().side, Some(Color::Black));
    // A row read before that write is checked against the log as it was then: the line the
    // write appended is not part of it (else a move made between the two reads would look
    // like a damaged record).
    let then = store.log_at(id, row.version).await.unwrap();
    assert_eq!(then.len() as i64, row.version);
    assert_eq!(then[..], log[..log.len() - 1]);
}

/// A game moved to its thread adds no line to its log, so its version stays; a move prepared
/// from the row read before must not then write the old place back (the Matrix bot's first
/// move as White once moved the game out of its thread this way).
async fn a_write_prepared_before_a_move_to_a_thread_does_not_undo_it(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let store = service.store();
    let read = store.game(id).await.unwrap().unwrap();
    service
        .move_to_place(id, &Place::new(read.server_id.clone(), "thread-1"))
        .await
        .unwrap();
    let moved = store.game(id).await.unwrap().unwrap();
    assert_eq!(moved.place_id, "thread-1");
    assert_eq!(moved.version, read.version, "the board is the same one");

    let entry = NewLogEntry {
        kind: LogKind::Move,
        user_id: alice.id.clone(),
        side: Some(Color::White),
        notation: Some("e2e4".into()),
        description: "prepared before the move to the thread".into(),
    };
    let prepared = Commit::new(read.clone(), read.version).log(entry.clone());
    assert!(matches!(
        store.commit(&prepared).await,
        Err(StoreError::Conflict)
    ));
    let after = store.game(id).await.unwrap().unwrap();
    assert_eq!(after, moved, "the refused write changed nothing");

    // Read again, the same move goes through, and the game stays in its thread.
    let fresh = Commit::new(after.clone(), after.version).log(entry);
    assert_eq!(store.commit(&fresh).await.unwrap(), after.version + 1);
    let played = store.game(id).await.unwrap().unwrap();
    assert_eq!(played.place_id, "thread-1");
    assert_eq!(played.revision, after.revision + 1);
}

async fn reopening_keeps_everything_and_migrations_run_once(db: TestDb) {
    let first = db.open().await;
    first.upsert_player("id-x", "Xavier").await.unwrap();
    first.close().await;
    let second = db.open().await;
    assert_eq!(
        second.player_name("id-x").await.unwrap().as_deref(),
        Some("Xavier")
    );
    second.upsert_player("id-x", "Xavi").await.unwrap();
    assert_eq!(
        second.player_name("id-x").await.unwrap().as_deref(),
        Some("Xavi")
    );
}

async fn restart_in_the_middle_of_a_game(db: TestDb) {
    let (alice, bob) = (person("alice"), person("bob"));
    let id = {
        let service = db.service().await;
        let id = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
        play(&service, id, &alice, &bob, &["e4e6", "e9e7"]).await;
        ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
        service.store().close().await;
        id
    };
    // Everything in memory is gone; a new service reads the game back from the database.
    let service = db.service().await;
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active);
    assert_eq!(
        row.pending,
        Some(Offer::Draw(Color::White)),
        "the offer survives"
    );
    let turn = ok(service.run(&req(&bob, Some(id)), Command::Board).await);
    assert!(turn.text.contains("White to move"), "{}", turn.text);
    play(&service, id, &alice, &bob, &["d4d5", "d9d8"]).await;
    let row = service.store().game(id).await.unwrap().unwrap();
    let log = service.store().log(id).await.unwrap();
    assert_eq!(replay(&row, &log).unwrap().position_text(), row.position);
    let moves: Vec<_> = log
        .iter()
        .filter(|e| e.kind == LogKind::Move)
        .filter_map(|e| e.notation.clone())
        .collect();
    assert_eq!(moves, vec!["e4e6", "e9e7", "d4d5", "d9d8"]);
}

/// Two members of one side send a move at the same moment: one is applied, the other is told
/// it is no longer their turn. Repeated to give the race many chances.
async fn two_concurrent_moves_on_one_game_apply_exactly_one(db: TestDb) {
    let service = Arc::new(db.service().await);
    let (alice, bob) = (person("alice"), person("bob"));
    for round in 0..5 {
        let id = two_player(&service, "chess", &alice, &bob, &[]).await;
        let (a, b) = (service.clone(), service.clone());
        let (alice1, alice2) = (alice.clone(), alice.clone());
        let first = tokio::spawn(async move { move_as(&a, &alice1, Some(id), "e2e4").await });
        let second = tokio::spawn(async move { move_as(&b, &alice2, Some(id), "d2d4").await });
        let results = [first.await.unwrap(), second.await.unwrap()];
        let applied = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(applied, 1, "round {round}: {results:?}");
        let refusal = results
            .iter()
            .find_map(|r| r.as_ref().err())
            .unwrap()
            .to_string();
        assert!(
            refusal == "It is Black's turn; you play White."
                || refusal.contains("at the same moment"),
            "round {round}: {refusal}"
        );
        let log = service.store().log(id).await.unwrap();
        assert_eq!(log.iter().filter(|e| e.kind == LogKind::Move).count(), 1);
    }
}

/// The same race between two services with their own pools and caches, as two bot processes
/// on one database would run.
async fn two_processes_racing_on_one_game_apply_exactly_one(db: TestDb) {
    let one = Arc::new(db.service().await);
    let two = Arc::new(Service::new(db.open().await, Arc::new(TextPainter)));
    let (alice, bob) = (person("alice"), person("bob"));
    for round in 0..5 {
        let id = two_player(&one, "chess", &alice, &bob, &[]).await;
        // Both processes have the game in memory at the same version.
        ok(two.run(&req(&bob, Some(id)), Command::Board).await);
        let (a, b) = (one.clone(), two.clone());
        let (alice1, alice2) = (alice.clone(), alice.clone());
        let first = tokio::spawn(async move { move_as(&a, &alice1, Some(id), "g1f3").await });
        let second = tokio::spawn(async move { move_as(&b, &alice2, Some(id), "b1c3").await });
        let results = [first.await.unwrap(), second.await.unwrap()];
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "round {round}: {results:?}"
        );
        // Each process sees the one move that was applied.
        let seen_one = one.store().game(id).await.unwrap().unwrap();
        let seen_two = two.store().game(id).await.unwrap().unwrap();
        assert_eq!(seen_one, seen_two);
        let log = two.store().log(id).await.unwrap();
        assert_eq!(log.iter().filter(|e| e.kind == LogKind::Move).count(), 1);
        assert_eq!(
            replay(&seen_two, &log).unwrap().position_text(),
            seen_two.position
        );
        // And play goes on from either process.
        ok(move_as(&two, &bob, Some(id), "e7e5").await);
        ok(move_as(&one, &alice, Some(id), "e2e4").await);
    }
}

/// Commits that arrive together (SQLite writes them in one transaction) still succeed or
/// conflict one by one: two writers per game at the same version, sixteen games at once.
async fn many_commits_at_once_each_succeed_or_conflict_alone(db: TestDb) {
    let service = db.service().await;
    lift_limits(service.store(), &here().server).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let mut games = Vec::new();
    for _ in 0..16 {
        let id = two_player(&service, "chess", &alice, &bob, &[]).await;
        games.push(service.store().game(id).await.unwrap().unwrap());
    }
    let mut writes = Vec::new();
    for row in &games {
        for (writer, notation) in [("first", "e2e4"), ("second", "d2d4")] {
            let mut changed = row.clone();
            changed.position = format!("{writer} {notation}");
            let commit = Commit::new(changed, row.version).log(NewLogEntry {
                kind: LogKind::Move,
                user_id: alice.id.clone(),
                side: Some(Color::White),
                notation: Some(notation.into()),
                description: writer.into(),
            });
            let store = service.store().clone();
            writes.push((
                row.id,
                tokio::spawn(async move { store.commit(&commit).await }),
            ));
        }
    }
    let mut applied = std::collections::HashMap::new();
    for (id, write) in writes {
        match write.await.unwrap() {
            Ok(version) => {
                assert!(
                    applied.insert(id, version).is_none(),
                    "game {id}: two applied"
                );
            }
            Err(StoreError::Conflict) => {}
            Err(other) => panic!("game {id}: {other}"),
        }
    }
    for row in &games {
        let version = applied.get(&row.id).copied();
        assert_eq!(
            version,
            Some(row.version + 1),
            "game {}: one applied",
            row.id
        );
        let after = service.store().game(row.id).await.unwrap().unwrap();
        let log = service.store().log(row.id).await.unwrap();
        assert_eq!(after.version, row.version + 1);
        assert_eq!(log.len() as i64, after.version);
        let last = log.last().unwrap();
        assert!(
            after.position.starts_with(&last.description),
            "{after:?} {last:?}"
        );
    }
}

#[tokio::test]
async fn sqlite_file_is_in_wal_mode_with_full_sync() {
    use sqlx::Row;
    let dir = tempfile::tempdir().unwrap();
    let url = chatrang::store::sqlite_url(&dir.path().join("x.db"));
    let store = chatrang::store::Store::open(&url).await.unwrap();
    store.upsert_player("a", "A").await.unwrap();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    let row = sqlx::query("PRAGMA journal_mode")
        .fetch_one(&pool)
        .await
        .unwrap();
    let mode: String = row.try_get(0).unwrap();
    assert_eq!(mode.to_lowercase(), "wal");
    assert!(dir.path().join("x.db").exists());
}

#[test]
fn the_data_directory_and_database_url_are_chosen_as_documented() {
    use std::path::Path;
    let dir = Path::new("/tmp/somewhere");
    assert_eq!(
        chatrang::store::database_url(dir, None),
        "sqlite:///tmp/somewhere/chatrang.db?mode=rwc"
    );
    assert_eq!(
        chatrang::store::database_url(dir, Some("postgres://u@h/db")),
        "postgres://u@h/db"
    );
    assert_eq!(
        chatrang::store::database_url(dir, Some("sqlite://elsewhere.db")),
        "sqlite:///tmp/somewhere/chatrang.db?mode=rwc"
    );
    assert_eq!(
        chatrang::store::data_dir(Some("/x".into())),
        Path::new("/x").to_path_buf()
    );
}

on_both_backends!(
    cooperative_scores_make_their_own_leaderboard,
    a_database_that_is_down_gets_a_polite_sentence,
);

/// Catalonia is not playable on this branch yet, so its finished games are written straight
/// into the store; the leaderboard reads them as it will read real ones.
async fn cooperative_scores_make_their_own_leaderboard(db: TestDb) {
    use chatrang::store::{GameRow, ResultRow};
    let service = db.service().await;
    let store = service.store();
    for (points, team) in [
        (36, ["ann", "ben"]),
        (81, ["cat", "dan"]),
        (0, ["eve", "fay"]),
    ] {
        let row = GameRow {
            id: 0,
            variant: GameId::Catalonia.into(),
            server_id: "server-1".into(),
            place_id: "channel-1".into(),
            options: Default::default(),
            seed: 3,
            initial_position: "setup".into(),
            position: "setup".into(),
            version: 0,
            revision: 0,
            state: GameState::Active,
            group_game: true,
            creator: format!("id-{}", team[0]),
            challenged: None,
            pending: None,
            outcome: None,
            rematch_of: None,
            timing: Default::default(),
            created_at: 0,
            updated_at: 0,
        };
        let members = [
            (format!("id-{}", team[0]), Color::White),
            (format!("id-{}", team[1]), Color::Black),
        ];
        for name in team {
            store
                .upsert_player(&format!("id-{name}"), name)
                .await
                .unwrap();
        }
        let id = store
            .create_game(&row, &members, &[], &[], &[])
            .await
            .unwrap();
        let mut done = row.clone();
        done.id = id;
        done.state = GameState::Over;
        let mut commit = Commit::new(done, 0);
        commit.result = Some(ResultRow {
            game_id: id,
            server_id: "server-1".into(),
            variant: GameId::Catalonia.into(),
            kind: if points > 0 {
                ResultKind::Score
            } else {
                ResultKind::Abandoned
            },
            winner: None,
            points: Some(points),
            reason: "turn limit".into(),
        });
        store.commit(&commit).await.unwrap();
    }
    let board = leaderboard(&service, "Catalonia").await;
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "Best Catalonia scores on this server:");
    assert!(
        lines[1].starts_with("1. 81 points — cat and dan"),
        "{board}"
    );
    assert!(
        lines[2].starts_with("2. 36 points — ann and ben"),
        "{board}"
    );
    assert_eq!(lines.len(), 3, "an abandoned game has no score:\n{board}");
}

async fn a_database_that_is_down_gets_a_polite_sentence(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(move_as(&service, &alice, Some(id), "e2e4").await);
    service.store().close().await;
    let down = move_as(&service, &bob, Some(id), "e7e5").await.unwrap_err();
    assert_eq!(down, chatrang::service::ServiceError::Unavailable);
    assert!(down.to_string().contains("try again"), "{down}");
    // The move committed before the outage is still there.
    let again = db.service().await;
    let log = again.store().log(id).await.unwrap();
    assert_eq!(log.iter().filter(|e| e.kind == LogKind::Move).count(), 1);
    ok(move_as(&again, &bob, Some(id), "e7e5").await);
}
