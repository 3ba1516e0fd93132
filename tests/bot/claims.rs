//! Claims and the processes that hold them, on both databases. A post or a timer is claimed by
//! one process; when that process dies (killed, no clean stop) another takes the claim as soon
//! as the dead one's lease runs out (seconds), not when the claim would have run out (a post is
//! held two minutes, so that a slow upload or a command's own answer is never posted twice); a
//! live process renews its lease, and its long claim is never taken.

use std::{
    collections::HashSet,
    sync::{Arc, Mutex},
    time::Duration,
};

use chatrang::{
    service::{
        Clock, LEASE, ManualClock, Outbox, PostFailure, Poster, Reply, Service, TextPainter,
    },
    store::Store,
};
use tokio::{
    sync::{Semaphore, watch},
    task::JoinHandle,
};

use crate::common::{TestDb, person, two_player};

const START: i64 = 1_000_000_000;

/// A bot process on `db`: a service with the production outbox settings (a post is held for
/// 2 min), reading `clock`.
async fn process(db: &TestDb, clock: &ManualClock) -> Arc<Service> {
    Arc::new(
        Service::new(db.open().await, Arc::new(TextPainter))
            .with_outbox(Outbox::new("test"))
            .with_clock(clock.clone()),
    )
}

/// What the platform was asked to post, by which process, and how many posts are under way.
#[derive(Default)]
struct Platform {
    posted: Mutex<Vec<(&'static str, Reply)>>,
    under_way: Mutex<usize>,
}

impl Platform {
    fn posted(&self) -> Vec<(&'static str, Reply)> {
        self.posted.lock().unwrap().clone()
    }

    fn under_way(&self) -> usize {
        *self.under_way.lock().unwrap()
    }
}

/// The platform as process `by` reaches it; `slow`: each post waits for a permit first (a slow
/// upload, an answer the platform holds).
struct Reach {
    by: &'static str,
    platform: Arc<Platform>,
    slow: Option<Arc<Semaphore>>,
}

impl Poster for Reach {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        if let Some(slow) = &self.slow {
            *self.platform.under_way.lock().unwrap() += 1;
            slow.acquire()
                .await
                .expect("the permits stay open")
                .forget();
            *self.platform.under_way.lock().unwrap() -= 1;
        }
        let posted = (self.by, reply.clone());
        self.platform.posted.lock().unwrap().push(posted);
        Ok(())
    }
}

/// Starts the loop of timers and posts of `process`; send `true` to stop it cleanly.
fn run(process: &Arc<Service>, reach: Reach) -> (watch::Sender<bool>, JoinHandle<()>) {
    let (stop, stopped) = watch::channel(false);
    let running = process.clone();
    let task = tokio::spawn(async move { running.run_background(reach, stopped).await });
    (stop, task)
}

/// Waits (at most 20 s of real time) until `done` holds.
async fn until(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let waited = tokio::time::timeout(Duration::from_secs(20), async {
        while !done().await {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("never got there: {what}"));
}

/// A chess game between two new people; its challenge's and acceptance's posts are held by
/// `process`, as the answers of the commands that wrote them.
async fn game(process: &Service, name: &str) -> i64 {
    let (white, black) = (person(&format!("{name}-w")), person(&format!("{name}-b")));
    two_player(process, "chess", &white, &black, &[]).await
}

/// How many posts of the games `ids` are delivered.
async fn delivered(process: &Service, ids: &[i64]) -> usize {
    let mut delivered = 0;
    for id in ids {
        let posts = process.store().posts_of_game(*id).await.unwrap();
        delivered += posts.iter().filter(|p| p.delivered).count();
    }
    delivered
}

/// No post twice: each (game, version) once in what the platform was asked to post.
fn each_once(posted: &[(&'static str, Reply)]) {
    let distinct: HashSet<(i64, i64)> = posted
        .iter()
        .map(|(_, r)| {
            let game = r.game.as_ref().expect("a game's post");
            (game.id, game.version)
        })
        .collect();
    assert_eq!(distinct.len(), posted.len(), "a post went out twice");
}

/// A process is killed while it posts one game's challenge (claimed by its loop) and while it
/// holds another game's posts for the answers of its commands. A second process takes all of
/// them once the clock has moved past the dead process's lease, long before their two-minute
/// claims run out.
async fn a_dead_processes_claims_are_taken_once_its_lease_runs_out(db: TestDb) {
    let clock = ManualClock::at(START);
    let dead = process(&db, &clock).await;
    let posting = game(&dead, "posting").await;
    let answering = game(&dead, "answering").await;
    // The commands of the first game gave its posts to the loop (their answers failed).
    db.execute(&format!(
        "UPDATE outbox SET claimed_until = 0 WHERE game_id = {posting}"
    ))
    .await;
    let platform = Arc::new(Platform::default());
    let never = Arc::new(Semaphore::new(0));
    let slow = Reach {
        by: "dead",
        platform: platform.clone(),
        slow: Some(never),
    };
    let (_stop, dying) = run(&dead, slow);
    until("the dead process posts the challenge", async || {
        platform.under_way() == 1
    })
    .await;
    // Killed: no clean stop, its lease and claims stay as they were.
    dying.abort();
    let _ = dying.await;

    let heir = process(&db, &clock).await;
    let reach = Reach {
        by: "heir",
        platform: platform.clone(),
        slow: None,
    };
    let (stop, task) = run(&heir, reach);
    clock.advance(LEASE + Duration::from_secs(1));
    until("the heir posts all four posts", async || {
        delivered(&heir, &[posting, answering]).await == 4
    })
    .await;
    stop.send(true).unwrap();
    task.await.unwrap();
    let posted = platform.posted();
    assert_eq!(posted.len(), 4, "nothing lost");
    assert!(
        posted.iter().all(|(by, _)| *by == "heir"),
        "the dead posted nothing"
    );
    each_once(&posted);
}

/// The clock runs 105 s (more than ten leases, less than a post's two-minute claim) while a
/// live process posts a slow post; the other process, running meanwhile, never takes it.
async fn a_live_processes_long_claim_is_not_taken(db: TestDb) {
    let clock = ManualClock::at(START);
    let live = process(&db, &clock).await;
    let id = game(&live, "slow").await;
    db.execute(&format!(
        "UPDATE outbox SET claimed_until = 0 WHERE game_id = {id}"
    ))
    .await;
    let platform = Arc::new(Platform::default());
    let permits = Arc::new(Semaphore::new(0));
    let slow = Reach {
        by: "live",
        platform: platform.clone(),
        slow: Some(permits.clone()),
    };
    let (stop_live, live_task) = run(&live, slow);
    until("the live process posts the challenge", async || {
        platform.under_way() == 1
    })
    .await;
    let other = process(&db, &clock).await;
    let reach = Reach {
        by: "other",
        platform: platform.clone(),
        slow: None,
    };
    let (stop_other, other_task) = run(&other, reach);
    for _ in 0..35 {
        clock.advance(Duration::from_secs(3));
        // Time passes for the processes too: each renews its lease at the new time.
        let now = clock.now_ms();
        until("both leases renewed", async || {
            db.count(&format!(
                "SELECT COUNT(*) FROM processes WHERE alive_until >= {}",
                now + LEASE.as_millis() as i64
            ))
            .await
                == 2
        })
        .await;
    }
    assert!(platform.posted().is_empty(), "the slow post was taken");
    assert_eq!(platform.under_way(), 1);
    permits.add_permits(10);
    until("the live process posts both", async || {
        delivered(&live, &[id]).await == 2
    })
    .await;
    for (stop, task) in [(stop_live, live_task), (stop_other, other_task)] {
        stop.send(true).unwrap();
        task.await.unwrap();
    }
    let posted = platform.posted();
    assert_eq!(posted.len(), 2, "{posted:?}");
    each_once(&posted);
    let challenge = posted
        .iter()
        .find(|(_, r)| r.game.as_ref().unwrap().version == 1);
    assert_eq!(challenge.map(|(by, _)| *by), Some("live"));
}

/// A row of the claimed queue.
#[derive(Copy, Clone, Debug)]
enum Row {
    Timer(i64),
    Post(i64),
}

/// How long a claim is made for in [`claim`]: a post's hold.
const HOLD: i64 = 120_000;

/// Claims `row` on `store` at `now`, for [`HOLD`], for process `by`: true when it got it.
async fn claim(store: &Store, row: Row, now: i64, by: i64) -> bool {
    let until = now + HOLD;
    match row {
        Row::Timer(id) => store.claim_timer(id, now, until, by).await.unwrap(),
        Row::Post(id) => store.claim_post(id, now, until, by).await.unwrap(),
    }
}

/// When `row`'s kind has its next row to claim, as the loop asks before it sleeps.
async fn next(store: &Store, row: Row) -> Option<i64> {
    match row {
        Row::Timer(_) => store.next_timer_due().await.unwrap(),
        Row::Post(_) => store.next_post_due("test").await.unwrap(),
    }
}

/// In the store, for a timer and for a post alike: a claim holds against other processes
/// while its process renews its lease; it ends when the lease runs out (the loop of the others
/// wakes then), long before the claim's own time; a clean stop ends it at once.
async fn a_claim_holds_while_its_process_renews_and_ends_with_its_lease(db: TestDb) {
    let clock = ManualClock::at(START);
    let setup = process(&db, &clock).await;
    let id = game(&setup, "rows").await;
    let (white, black) = (person("timed-w"), person("timed-b"));
    let timed = two_player(&setup, "chess", &white, &black, &[("deadline", "4h")]).await;
    db.execute(&format!(
        "UPDATE timers SET due_at = {START} WHERE game_id = {timed} AND kind = 'deadline'"
    ))
    .await;
    db.execute("UPDATE outbox SET claimed_until = 0").await;
    db.execute(&format!(
        "UPDATE outbox SET delivered_at = 1 WHERE game_id <> {id}"
    ))
    .await;
    let store = db.open().await;
    let timer = store.due_timers(START, 10).await.unwrap();
    let post = store.due_posts("test", START, 10).await.unwrap();
    assert_eq!((timer.len(), post.len()), (1, 1), "{timer:?} {post:?}");
    let lease = LEASE.as_millis() as i64;
    for row in [Row::Timer(timer[0].id), Row::Post(post[0].id)] {
        let (a, b) = (db.open().await, db.open().await);
        let a_id = a.register_process(START, START + lease).await.unwrap();
        let b_id = b.register_process(START, START + lease).await.unwrap();
        assert!(claim(&a, row, START, a_id).await, "{row:?}: free");
        assert_eq!(
            next(&b, row).await,
            Some(START + lease),
            "{row:?}: woken then"
        );
        assert!(
            !claim(&b, row, START + 5_000, b_id).await,
            "{row:?}: A lives"
        );
        // Both renew; A's claim outlives its first lease.
        assert!(a.renew_process(a_id, START + 5_000 + lease).await.unwrap());
        assert!(b.renew_process(b_id, START + 5_000 + lease).await.unwrap());
        let at = START + 12_000;
        assert!(!claim(&b, row, at, b_id).await, "{row:?}: A renewed");
        // A is killed: it renews no more. Its lease ends at 15 s, its claim would at 120 s.
        assert!(b.renew_process(b_id, START + 14_000 + lease).await.unwrap());
        let at = START + 5_000 + lease;
        assert!(
            claim(&b, row, at, b_id).await,
            "{row:?}: taken when A's lease ran out"
        );
        assert!(!claim(&a, row, at, a_id).await, "{row:?}: B lives");
        // B stops cleanly: its claim is free at once, for a process started after.
        b.remove_process(b_id).await.unwrap();
        let c = db.open().await;
        let c_id = c.register_process(at, at + lease).await.unwrap();
        assert!(c_id > b_id, "a new process is a new owner");
        assert!(
            claim(&c, row, at, c_id).await,
            "{row:?}: free after a clean stop"
        );
        assert_eq!(next(&c, row).await, Some(at + lease), "{row:?}: held by C");
        for store in [a, b, c] {
            store.close().await;
        }
    }
}

on_both_backends!(
    a_dead_processes_claims_are_taken_once_its_lease_runs_out,
    a_live_processes_long_claim_is_not_taken,
    a_claim_holds_while_its_process_renews_and_ends_with_its_lease,
);
