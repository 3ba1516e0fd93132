//! Messages handled once across a crash: a command given by a message records the message in
//! the transaction of its change (so after a crash it is recorded exactly when the change is),
//! a refused command records nothing, and an adapter's saved position to resume from is kept.

use std::sync::Arc;

use chatrang::service::{Command, NewGame, Service};

use crate::common::{TestDb, lift_limits, ok, person, req, two_player};

on_both_backends!(
    a_commands_change_records_its_message_and_a_refused_command_does_not,
    moves_written_together_each_record_their_own_message,
    a_saved_position_is_replaced_and_kept_per_account,
    messages_handled_long_ago_are_forgotten,
);

async fn a_commands_change_records_its_message_and_a_refused_command_does_not(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let challenge = NewGame {
        game: "chess".into(),
        opponent: Some(bob.clone()),
        ..NewGame::default()
    };
    let new = req(&alice, None).from_message("test:$new");
    let id = ok(service.run(&new, Command::New(challenge)).await)
        .game
        .expect("a game")
        .id;
    assert!(service.was_handled("test:$new").await, "the new game's");

    let accept = req(&bob, Some(id)).from_message("test:$accept");
    ok(service.run(&accept, Command::Accept).await);
    assert!(
        service.was_handled("test:$accept").await,
        "the acceptance's"
    );

    let out_of_turn = req(&bob, Some(id)).from_message("test:$early");
    let refused = service
        .run(&out_of_turn, Command::Move("e7e5".into()))
        .await;
    assert!(refused.is_err(), "Black may not move first");
    assert!(
        !service.was_handled("test:$early").await,
        "a refusal changes nothing and records nothing: the adapter records it once answered"
    );

    let board = req(&alice, Some(id)).from_message("test:$board");
    ok(service.run(&board, Command::Board).await);
    assert!(!service.was_handled("test:$board").await, "nothing written");
    service.mark_handled("test:$board").await;
    assert!(
        service.was_handled("test:$board").await,
        "recorded once answered"
    );

    // A command given by no message (Discord, the console) records nothing.
    ok(service
        .run(&req(&alice, Some(id)), Command::Move("e2e4".into()))
        .await);
    assert!(!service.was_handled("test:$early").await);
    assert!(!service.was_handled("").await);
}

/// On SQLite the store writes the commits that arrive together in one transaction, from the
/// task of whichever command came first: each must still record the message of its own command.
async fn moves_written_together_each_record_their_own_message(db: TestDb) {
    let service = Arc::new(db.service().await);
    lift_limits(service.store(), "server-1").await;
    let (alice, bob) = (person("alice"), person("bob"));
    let mut games = Vec::new();
    for _ in 0..12 {
        games.push(two_player(&service, "chess", &alice, &bob, &[]).await);
    }
    let moves = games.iter().map(|&id| {
        let service: Arc<Service> = service.clone();
        let alice = alice.clone();
        tokio::spawn(async move {
            let move_here = req(&alice, Some(id)).from_message(format!("test:$move-{id}"));
            service.run(&move_here, Command::Move("e2e4".into())).await
        })
    });
    for played in futures_util::future::join_all(moves).await {
        ok(played.expect("the move's task ran"));
    }
    for id in games {
        assert!(
            service.was_handled(&format!("test:$move-{id}")).await,
            "game {id}'s move recorded its own message"
        );
    }
}

async fn a_saved_position_is_replaced_and_kept_per_account(db: TestDb) {
    let service = db.service().await;
    assert_eq!(service.resume_position("matrix:@a:x").await.unwrap(), None);
    service
        .save_resume_position("matrix:@a:x", "s1_2_3")
        .await
        .unwrap();
    service
        .save_resume_position("matrix:@a:x", "s9_9_9")
        .await
        .unwrap();
    service
        .save_resume_position("matrix:@b:x", "s1")
        .await
        .unwrap();
    assert_eq!(
        service.resume_position("matrix:@a:x").await.unwrap(),
        Some("s9_9_9".to_string())
    );
    assert_eq!(
        service.resume_position("matrix:@b:x").await.unwrap(),
        Some("s1".to_string())
    );
}

async fn messages_handled_long_ago_are_forgotten(db: TestDb) {
    let service = db.service().await;
    service.mark_handled("test:$recent").await;
    assert_eq!(
        service.forget_old_handled().await.unwrap(),
        0,
        "kept a week"
    );
    assert!(service.was_handled("test:$recent").await);
    let store = service.store();
    let later = chatrang::store::now_ms() + 1;
    assert_eq!(store.forget_handled_before(later).await.unwrap(), 1);
    assert!(!service.was_handled("test:$recent").await);
}
