//! A bug that panics inside one command: the person is told that something went wrong and
//! that nothing was changed, the game is as it was, and the bot goes on serving everyone.
//! The panic is injected through the service's clock, which a timed game's move reads before
//! it saves anything (a game cannot be added from a test: the table of games is fixed).

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
};

use chatrang::service::{Clock, Service, TextPainter};

use crate::common::{TestDb, move_as, ok, person, two_player};

/// A clock that panics while it is armed, as a bug deep inside a command would.
#[derive(Clone, Default)]
struct FaultyClock(Arc<AtomicBool>);

impl Clock for FaultyClock {
    fn now_ms(&self) -> i64 {
        if self.0.load(Ordering::SeqCst) {
            panic!("injected fault: the clock broke");
        }
        1_000_000_000
    }
}

async fn a_panic_in_a_command_changes_nothing_and_the_bot_goes_on(db: TestDb) {
    let clock = FaultyClock::default();
    let service = Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone());
    let (white, black) = (person("white"), person("black"));
    let id = two_player(&service, "chess", &white, &black, &[("deadline", "1d")]).await;
    let before = db.open().await.game(id).await.unwrap().unwrap();

    clock.0.store(true, Ordering::SeqCst);
    let failed = move_as(&service, &white, Some(id), "e4")
        .await
        .expect_err("the broken command is refused");
    clock.0.store(false, Ordering::SeqCst);
    assert_eq!(
        failed.to_string(),
        "Something went wrong on my side, and nothing was changed. Please try again; if it \
         keeps happening, tell the server's admins."
    );
    let after = db.open().await.game(id).await.unwrap().unwrap();
    assert_eq!(
        (after.version, &after.position),
        (before.version, &before.position),
        "the failed move left no trace"
    );

    // The same service, its memory of the game and its locks included, serves on: the move
    // is made, and the game goes on from it.
    ok(move_as(&service, &white, Some(id), "e4").await);
    ok(move_as(&service, &black, Some(id), "e5").await);
    let played = db.open().await.game(id).await.unwrap().unwrap();
    assert_eq!(played.version, before.version + 2, "both moves are kept");
}

on_both_backends!(a_panic_in_a_command_changes_nothing_and_the_bot_goes_on);
