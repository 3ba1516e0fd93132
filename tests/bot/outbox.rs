//! The outbox on both databases: a change that people must see writes its post with it; the
//! command's answer or the delivery loop delivers it once; failures are retried with backoff
//! and a post whose channel is gone is dropped; of two processes only one claims a post.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use chatrang::{
    service::{Command, Outbox, PostFailure, Poster, Reply, Service, TextPainter},
    store::{Store, now_ms},
};

use crate::common::{TestDb, move_as, ok, person, req, two_player};

/// A service that delivers through an outbox, retrying after `first_retry`.
async fn service(db: &TestDb, first_retry: Duration) -> Service {
    Service::new(db.open().await, Arc::new(TextPainter))
        .with_outbox(Outbox::new("test").retrying_after(first_retry))
}

/// A platform that refuses the first `refusals` posts with `failure`, then takes every post.
struct FlakyPlatform {
    refusals: Mutex<Vec<PostFailure>>,
    posted: Mutex<Vec<Reply>>,
}

impl FlakyPlatform {
    fn new(refusals: Vec<PostFailure>) -> Arc<FlakyPlatform> {
        Arc::new(FlakyPlatform {
            refusals: Mutex::new(refusals),
            posted: Mutex::new(Vec::new()),
        })
    }

    fn posted(&self) -> Vec<Reply> {
        self.posted.lock().unwrap().clone()
    }
}

struct Platform(Arc<FlakyPlatform>);

impl Poster for Platform {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        let mut refusals = self.0.refusals.lock().unwrap();
        if !refusals.is_empty() {
            return Err(refusals.remove(0));
        }
        self.0.posted.lock().unwrap().push(reply.clone());
        Ok(())
    }
}

fn server_error() -> PostFailure {
    PostFailure::Retry {
        why: "500".to_string(),
        after: None,
    }
}

/// Runs the loop of timers and posts until `done` holds (at most 30 s), then stops it.
async fn deliver_until(
    service: &Arc<Service>,
    platform: &Arc<FlakyPlatform>,
    done: impl Fn() -> bool,
) {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let running = service.clone();
    let poster = Platform(platform.clone());
    let loop_task = tokio::spawn(async move { running.run_background(poster, stopped).await });
    let waited = tokio::time::timeout(Duration::from_secs(30), async {
        while !done() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    stop.send(true).unwrap();
    loop_task.await.unwrap();
    waited.expect("the delivery loop never got there");
}

/// A chess game with one move played (White's e2e4), whose answer is returned.
async fn one_move(service: &Service) -> (i64, Reply) {
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(service, "chess", &alice, &bob, &[]).await;
    let reply = ok(move_as(service, &alice, Some(id), "e2e4").await);
    (id, reply)
}

async fn a_move_writes_its_post_and_the_answer_that_carried_it_marks_it_delivered(db: TestDb) {
    let service = service(&db, Duration::from_millis(20)).await;
    let (id, reply) = one_move(&service).await;
    assert!(reply.outbox && reply.public);
    let store: &Store = service.store();
    let posts = store.posts_of_game(id).await.unwrap();
    // The challenge, the acceptance and the move: one post each, at their versions.
    let versions: Vec<i64> = posts.iter().map(|p| p.post.version).collect();
    assert_eq!(versions, vec![1, 2, 3]);
    let post = &posts[2].post;
    assert!(post.text.contains("e2–e4"), "{}", post.text);
    assert_eq!(reply.game.as_ref().unwrap().version, 3);
    // The command holds its post: the loop does not see it yet.
    assert!(
        store
            .due_posts("test", now_ms(), 10)
            .await
            .unwrap()
            .is_empty()
    );
    service.delivered(&reply).await;
    let after = store.posts_of_game(id).await.unwrap();
    assert!(after[2].delivered, "{after:?}");
    assert!(
        !store.board_delivered(id, 3).await.unwrap(),
        "delivered once"
    );
}

async fn a_refused_answer_is_posted_by_the_loop_through_failures_exactly_once(db: TestDb) {
    let service = Arc::new(service(&db, Duration::from_millis(5)).await);
    let (id, reply) = one_move(&service).await;
    for earlier in service.store().posts_of_game(id).await.unwrap() {
        service
            .store()
            .board_delivered(id, earlier.post.version)
            .await
            .unwrap();
    }
    // Mark only the move's post as refused (the others were delivered above).
    let store = service.store().clone();
    undeliver(&db, id, 3).await;
    service.not_delivered(&reply, "Discord answered 500").await;
    let platform = FlakyPlatform::new(vec![server_error(), server_error(), server_error()]);
    let watched = platform.clone();
    deliver_until(&service, &platform, move || watched.posted().len() == 1).await;
    let posted = platform.posted();
    assert_eq!(posted.len(), 1);
    assert!(posted[0].text.contains("e2–e4"), "{}", posted[0].text);
    assert_eq!(posted[0].notify, vec![person("bob").id], "Black is pinged");
    let posts = store.posts_of_game(id).await.unwrap();
    let post = posts.iter().find(|p| p.post.version == 3).unwrap();
    assert!(post.delivered);
    // The refused answer and three refusals of the loop; the fifth try went through.
    assert_eq!(post.post.attempts, 4);
    // A second run of the loop posts nothing more.
    let again = FlakyPlatform::new(Vec::new());
    deliver_until(&service, &again, || true).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(again.posted().is_empty());
}

/// Makes the post of `game` at `version` wait again, as if never delivered.
async fn undeliver(db: &TestDb, game: i64, version: i64) {
    db.execute(&format!(
        "UPDATE outbox SET delivered_at = NULL WHERE game_id = {game} AND version = {version}"
    ))
    .await;
}

async fn a_post_whose_channel_is_gone_is_dropped_and_later_posts_still_flow(db: TestDb) {
    let service = Arc::new(service(&db, Duration::from_millis(5)).await);
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    // Nothing was answered: the challenge and the acceptance wait for the loop, whose claim
    // runs out… here at once, as the test hands them over.
    db.execute("UPDATE outbox SET claimed_until = 0").await;
    let platform = FlakyPlatform::new(vec![PostFailure::Gone("404 Unknown Channel".into())]);
    let watched = platform.clone();
    deliver_until(&service, &platform, move || watched.posted().len() == 1).await;
    let posts = service.store().posts_of_game(id).await.unwrap();
    assert_eq!(posts[0].dropped.as_deref(), Some("404 Unknown Channel"));
    assert!(!posts[0].delivered);
    assert!(posts[1].delivered, "{posts:?}");
    assert!(platform.posted()[0].text.contains("accepts"));
    assert!(
        service
            .run(&req(&bob, Some(id)), Command::Board)
            .await
            .is_ok()
    );
}

async fn of_two_processes_only_one_claims_a_post(db: TestDb) {
    let service = service(&db, Duration::from_millis(5)).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    db.execute("UPDATE outbox SET claimed_until = 0").await;
    let (first, second) = (db.open().await, db.open().await);
    let now = now_ms();
    // Both live for longer than the claims below.
    let first_id = first.register_process(now, now + 600_000).await.unwrap();
    let second_id = second.register_process(now, now + 600_000).await.unwrap();
    // The challenge's post; the acceptance's waits for it (a game's posts go in order).
    let due = first.due_posts("test", now, 10).await.unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    for post in &due {
        let (a, b) = tokio::join!(
            first.claim_post(post.id, now, now + 60_000, first_id),
            second.claim_post(post.id, now, now + 60_000, second_id)
        );
        assert!(
            a.unwrap() ^ b.unwrap(),
            "exactly one process gets post {}",
            post.id
        );
    }
    assert!(first.due_posts("test", now, 10).await.unwrap().is_empty());
    // A claim whose time ran out can be taken again.
    let later = now + 60_001;
    assert!(
        second
            .claim_post(due[0].id, later, later + 1, second_id)
            .await
            .unwrap()
    );
    assert_eq!(service.store().posts_of_game(id).await.unwrap().len(), 2);
}

/// A game's posts go out in the order they were written: while the answer to Alice's move is
/// held for the command that made it, Bob's reply, due at once, waits behind it; delivered,
/// the answer lets the reply go.
async fn a_games_posts_go_out_in_order(db: TestDb) {
    let service = service(&db, Duration::from_millis(5)).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    db.execute("UPDATE outbox SET delivered_at = 1").await;
    let answer = ok(move_as(&service, &alice, Some(id), "e2e4").await);
    ok(move_as(&service, &bob, Some(id), "e7e5").await);
    // Bob's answer was never shown: it is due at once, as a bot's reply would be.
    db.execute(&format!(
        "UPDATE outbox SET due_at = 0, claimed_until = 0 WHERE game_id = {id} AND version = 4"
    ))
    .await;
    let store = service.store();
    let now = now_ms();
    assert!(
        store.due_posts("test", now, 10).await.unwrap().is_empty(),
        "the reply waits for the answer before it"
    );
    let next = store.next_post_due("test").await.unwrap();
    assert!(
        next.is_some_and(|at| at > now),
        "{next:?}: not due while it waits"
    );
    service.delivered(&answer).await;
    let due = store.due_posts("test", now_ms(), 10).await.unwrap();
    let versions: Vec<i64> = due.iter().map(|p| p.version).collect();
    assert_eq!(versions, vec![4]);
}

async fn without_an_outbox_nothing_is_written_to_it(db: TestDb) {
    let service = Service::new(db.open().await, Arc::new(TextPainter));
    let (id, reply) = one_move(&service).await;
    assert!(!reply.outbox);
    assert!(service.store().posts_of_game(id).await.unwrap().is_empty());
}

on_both_backends!(
    a_move_writes_its_post_and_the_answer_that_carried_it_marks_it_delivered,
    a_refused_answer_is_posted_by_the_loop_through_failures_exactly_once,
    a_post_whose_channel_is_gone_is_dropped_and_later_posts_still_flow,
    of_two_processes_only_one_claims_a_post,
    a_games_posts_go_out_in_order,
    without_an_outbox_nothing_is_written_to_it,
);
