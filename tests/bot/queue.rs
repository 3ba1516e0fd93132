//! The claimed queue on both databases: timers and outbox posts are driven by one loop per
//! process ([`Service::run_background`]) on the service's one clock. A clock moved by hand
//! fires a timer and retries the post it wrote, with the production outbox settings and no
//! waiting; two processes on one database fire each timer and post each post once.

use std::{
    collections::HashSet,
    sync::{Arc, Mutex},
    time::Duration,
};

use chatrang::{
    service::{ManualClock, Outbox, PostFailure, Poster, Reply, Service, TextPainter},
    store::{PostKind, TimerKind},
};

use crate::common::{TestDb, person, two_player};

const START: i64 = 1_000_000_000;
const HOUR: Duration = Duration::from_secs(3600);

/// A service on `db` with the production outbox settings (a 2 s first retry, a 30 s poll),
/// reading `clock`.
async fn service(db: &TestDb, clock: &ManualClock) -> Arc<Service> {
    Arc::new(
        Service::new(db.open().await, Arc::new(TextPainter))
            .with_outbox(Outbox::new("test"))
            .with_clock(clock.clone()),
    )
}

/// What a platform was asked to post, by which process.
#[derive(Default)]
struct Log {
    refusals: Mutex<usize>,
    posted: Mutex<Vec<(usize, Reply)>>,
}

impl Log {
    fn posted(&self) -> Vec<(usize, Reply)> {
        self.posted.lock().unwrap().clone()
    }

    fn refused(&self) -> usize {
        *self.refusals.lock().unwrap()
    }
}

/// The platform of process `process`: refuses the first `refuse` posts with a server error.
struct Platform {
    process: usize,
    refuse: usize,
    log: Arc<Log>,
}

impl Poster for Platform {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        let mut refusals = self.log.refusals.lock().unwrap();
        if *refusals < self.refuse {
            *refusals += 1;
            return Err(PostFailure::Retry {
                why: "500".into(),
                after: None,
            });
        }
        let posted = (self.process, reply.clone());
        self.log.posted.lock().unwrap().push(posted);
        Ok(())
    }
}

/// Starts the loop of `service` with `poster`; send `true` to stop it.
fn start(
    service: &Arc<Service>,
    poster: Platform,
) -> (
    tokio::sync::watch::Sender<bool>,
    tokio::task::JoinHandle<()>,
) {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let running = service.clone();
    let task = tokio::spawn(async move { running.run_background(poster, stopped).await });
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
    waited.unwrap_or_else(|_| panic!("the loop never got there: {what}"));
}

async fn a_hand_moved_clock_drives_a_timer_and_a_post_retry_through_the_one_loop(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[("deadline", "4h")]).await;
    let store = service.store().clone();
    for answered in store.posts_of_game(id).await.unwrap() {
        store
            .board_delivered(id, answered.post.version)
            .await
            .unwrap();
    }
    let log = Arc::new(Log::default());
    let platform = Platform {
        process: 0,
        refuse: 1,
        log: log.clone(),
    };
    let (stop, task) = start(&service, platform);
    // Half the time gone: the loop fires the reminder and tries its post at once; the platform
    // refuses it.
    clock.advance(2 * HOUR);
    until("the reminder fired and its post refused", async || {
        log.refused() == 1
    })
    .await;
    let timers = store.timers_of_game(id).await.unwrap();
    assert!(
        timers.iter().all(|t| t.kind != TimerKind::HalfTime),
        "{timers:?}"
    );
    // The retry is due 2 s later by the service's clock, which stands still: nothing is posted
    // however long the test waits (the loop's own poll is 30 s).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(log.posted().is_empty());
    let reminder = |posts: Vec<chatrang::store::PostState>| {
        posts
            .into_iter()
            .find(|p| p.post.kind == PostKind::HalfTime)
            .expect("the reminder's post")
    };
    let waiting = reminder(store.posts_of_game(id).await.unwrap());
    assert_eq!((waiting.post.attempts, waiting.delivered), (1, false));
    // The clock moves on by the backoff: the loop wakes and posts it.
    clock.advance(Duration::from_secs(2));
    until("the reminder posted", async || {
        reminder(store.posts_of_game(id).await.unwrap()).delivered
    })
    .await;
    let posted = log.posted();
    assert_eq!(posted.len(), 1);
    assert!(
        posted[0].1.text.contains("a reminder"),
        "{}",
        posted[0].1.text
    );
    assert_eq!(posted[0].1.notify, vec![alice.id.clone()]);
    let delivered = reminder(store.posts_of_game(id).await.unwrap());
    assert_eq!(delivered.post.attempts, 1, "one refusal, then posted");
    stop.send(true).unwrap();
    task.await.unwrap();
    assert_eq!(log.posted().len(), 1, "posted once");
}

async fn two_processes_on_one_database_fire_each_timer_and_post_each_post_once(db: TestDb) {
    const GAMES: usize = 6;
    let clock = ManualClock::at(START);
    let setup = service(&db, &clock).await;
    let mut games = Vec::new();
    for i in 0..GAMES {
        let (white, black) = (person(&format!("white{i}")), person(&format!("black{i}")));
        let options = [("deadline", "4h")];
        games.push(two_player(&setup, "chess", &white, &black, &options).await);
    }
    // Nobody answered with the challenges and acceptances: their posts are held for 2 min by
    // the clock, then the loops take them, with the reminders that fall due at 2 h.
    let log = Arc::new(Log::default());
    let mut loops = Vec::new();
    for process in 0..2 {
        let platform = Platform {
            process,
            refuse: 0,
            log: log.clone(),
        };
        loops.push(start(&service(&db, &clock).await, platform));
    }
    // Both loops hold a lease before the clock moves. A process registering later would
    // forget the one that wrote the posts (dead for over an hour by then), which frees its
    // posts at any time, even to a loop that read the clock just before it moved: that loop
    // would claim them for two minutes already past, and the other would post them again.
    until("both loops registered", async || {
        db.count("SELECT COUNT(*) FROM processes").await == 3
    })
    .await;
    clock.advance(2 * HOUR);
    let store = setup.store().clone();
    let expected = GAMES * 3;
    until("every post delivered", async || {
        let mut delivered = 0;
        for id in &games {
            let posts = store.posts_of_game(*id).await.unwrap();
            delivered += posts.iter().filter(|p| p.delivered).count();
        }
        delivered == expected
    })
    .await;
    // Time for a second delivery of anything, were it to happen.
    tokio::time::sleep(Duration::from_millis(200)).await;
    for (stop, task) in loops {
        stop.send(true).unwrap();
        task.await.unwrap();
    }
    let posted = log.posted();
    let by_first = posted.iter().filter(|(process, _)| *process == 0).count();
    eprintln!(
        "posted by the first process: {by_first}, by the second: {}",
        posted.len() - by_first
    );
    assert_eq!(posted.len(), expected, "each post once");
    let distinct: HashSet<(i64, i64, &str)> = posted
        .iter()
        .map(|(_, r)| {
            let game = r.game.as_ref().expect("a game's post");
            (game.id, game.version, r.text.as_str())
        })
        .collect();
    assert_eq!(distinct.len(), expected, "no post twice");
    for id in &games {
        let reminders = posted
            .iter()
            .filter(|(_, r)| r.game.as_ref().unwrap().id == *id)
            .filter(|(_, r)| r.text.contains("a reminder"))
            .count();
        assert_eq!(reminders, 1, "game {id}: its half-time timer fired once");
        let timers = store.timers_of_game(*id).await.unwrap();
        let kinds: Vec<TimerKind> = timers.iter().map(|t| t.kind).collect();
        assert_eq!(kinds, vec![TimerKind::LastHour, TimerKind::Deadline]);
    }
}

on_both_backends!(
    a_hand_moved_clock_drives_a_timer_and_a_post_retry_through_the_one_loop,
    two_processes_on_one_database_fire_each_timer_and_post_each_post_once,
);
