//! PostgreSQL stopped in the middle of play. Commands answer "the database is unavailable,
//! try again" within five seconds (no hang, no panic); when the server comes back the same
//! service goes on without a restart; no acknowledged move is lost.

use std::time::{Duration, Instant};

use chatrang::{
    service::{Command, Service, ServiceError, TextPainter},
    store::Store,
};

use crate::common::{
    Cluster, create_database, move_as, ok, person, recorded_moves, req, two_player, with_database,
};

/// The longest a command may take to say the database is unavailable.
const ANSWER_WITHIN: Duration = Duration::from_secs(5);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_outage_is_answered_quickly_and_play_resumes_after_it() {
    if std::env::var("CHATRANG_SKIP_POSTGRES").is_ok_and(|v| v == "1") {
        return;
    }
    let cluster = Cluster::start("outage");
    create_database(&cluster.admin_url(), "outage").await;
    let url = with_database(&cluster.admin_url(), "outage");
    let store = Store::open(&url).await.expect("the database opens");
    let service = Service::new(store, std::sync::Arc::new(TextPainter));
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(move_as(&service, &alice, Some(id), "e4").await);

    cluster.halt();
    for (who, command) in [
        (&bob, Command::Move("e5".into())),
        (&alice, Command::Board),
        (&bob, Command::Games),
    ] {
        let asked = Instant::now();
        let answer = service.run(&req(who, Some(id)), command.clone()).await;
        let took = asked.elapsed();
        eprintln!("while PostgreSQL is down, {command:?} is answered in {took:?}");
        assert_eq!(
            answer.as_ref().err(),
            Some(&ServiceError::Unavailable),
            "{command:?}"
        );
        assert!(
            answer.unwrap_err().to_string().contains("try again"),
            "the sentence tells the user what to do"
        );
        assert!(
            took < ANSWER_WITHIN,
            "{command:?} took {took:?} to say the database is down"
        );
    }

    cluster.resume();
    // The same service, with no restart: its pool replaces the connections the outage broke.
    ok(move_as(&service, &bob, Some(id), "e5").await);
    ok(move_as(&service, &alice, Some(id), "Nf3").await);
    let moves = recorded_moves(service.store(), id).await;
    assert_eq!(moves.len(), 3, "every acknowledged move is kept: {moves:?}");
}
