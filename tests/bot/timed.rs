//! Timed play on both databases, with a clock the tests move by hand: reminders at half time
//! and with an hour left, the time left on every board, the loss on time and its rating, a
//! game that waits, a restart with an overdue timer, and the reminders' outbox posts.

use std::{sync::Arc, time::Duration};

use chatrang::{
    rules::GameId,
    service::{Command, ManualClock, Outbox, Reply, Service, TextPainter},
    store::{PostKind, TimerKind},
};

use crate::common::{TestDb, move_as, ok, person, refused, req, two_player};

const HOUR: Duration = Duration::from_secs(3600);

async fn timed_service(db: &TestDb, clock: &ManualClock) -> Service {
    Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone())
}

fn texts(said: &[Reply]) -> Vec<String> {
    said.iter().map(|r| r.text.clone()).collect()
}

async fn a_day_per_move_reminds_at_half_time_and_an_hour_left_then_loses_on_time(db: TestDb) {
    let clock = ManualClock::at(1_000_000_000);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[("deadline", "1d")]).await;
    let moved = ok(move_as(&service, &alice, Some(id), "e2e4").await);
    assert!(
        moved.text.contains("Black to move (bob) · 1 d left."),
        "{}",
        moved.text
    );
    clock.advance(7 * HOUR);
    let board = ok(service.run(&req(&bob, Some(id)), Command::Board).await);
    assert!(board.text.contains("· 17 h left."), "{}", board.text);
    assert!(service.fire_due_timers().await.unwrap().is_empty());
    clock.advance(5 * HOUR);
    let half = service.fire_due_timers().await.unwrap();
    assert_eq!(half.len(), 1, "{:?}", texts(&half));
    assert!(
        half[0]
            .text
            .contains("a reminder: Black to move (bob) · 12 h left"),
        "{}",
        half[0].text
    );
    assert_eq!(half[0].notify, vec![bob.id.clone()], "only who must act");
    assert!(
        service.fire_due_timers().await.unwrap().is_empty(),
        "fires once"
    );
    clock.advance(11 * HOUR);
    let last = service.fire_due_timers().await.unwrap();
    assert_eq!(last.len(), 1, "{:?}", texts(&last));
    assert!(last[0].text.contains("· 1 h left"), "{}", last[0].text);
    clock.advance(HOUR);
    let over = service.fire_due_timers().await.unwrap();
    assert_eq!(over.len(), 1, "{:?}", texts(&over));
    assert!(
        over[0].text.contains("Black loses on time"),
        "{}",
        over[0].text
    );
    assert!(
        over[0]
            .text
            .contains("Game over: White wins (Black ran out of time)."),
        "{}",
        over[0].text
    );
    let late = refused(move_as(&service, &bob, Some(id), "e7e5").await);
    assert!(late.contains("is over"), "{late}");
    // Rated like any result.
    let alice_rating = service
        .store()
        .rating("server-1", GameId::Chess, &alice.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((alice_rating.wins, alice_rating.games), (1, 1));
    assert!(service.store().timers_of_game(id).await.unwrap().is_empty());
}

async fn a_move_starts_the_next_sides_clock_and_an_untimed_game_has_none(db: TestDb) {
    let clock = ManualClock::at(1_000_000_000);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[("deadline", "2h")]).await;
    clock.advance(HOUR + Duration::from_secs(60));
    let half = service.fire_due_timers().await.unwrap();
    assert_eq!(half.len(), 1);
    assert_eq!(half[0].notify, vec![alice.id.clone()]);
    ok(move_as(&service, &alice, Some(id), "e2e4").await);
    // Alice's deadline went with her move: Black has two hours from now.
    clock.advance(HOUR - Duration::from_secs(120));
    assert!(service.fire_due_timers().await.unwrap().is_empty());
    let kinds: Vec<TimerKind> = service
        .store()
        .timers_of_game(id)
        .await
        .unwrap()
        .iter()
        .map(|t| t.kind)
        .collect();
    assert_eq!(kinds, vec![TimerKind::HalfTime, TimerKind::Deadline]);
    // A draw offer is not a move: Black's clock runs on.
    ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
    clock.advance(Duration::from_secs(180));
    let reminded = service.fire_due_timers().await.unwrap();
    assert_eq!(reminded.len(), 1, "{:?}", texts(&reminded));
    assert_eq!(reminded[0].notify, vec![bob.id.clone()]);
    let untimed = two_player(&service, "chess", &bob, &alice, &[]).await;
    assert!(
        service
            .store()
            .timers_of_game(untimed)
            .await
            .unwrap()
            .is_empty()
    );
    let board = ok(service.run(&req(&bob, Some(untimed)), Command::Board).await);
    assert!(!board.text.contains("left"), "{}", board.text);
}

async fn a_game_that_waits_says_the_time_is_up_and_starts_the_clock_again(db: TestDb) {
    let clock = ManualClock::at(1_000_000_000);
    let service = timed_service(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let options = [
        ("deadline", "1h"),
        ("on-timeout", "wait"),
        ("remind", "off"),
    ];
    let id = two_player(&service, "chess", &alice, &bob, &options).await;
    for _ in 0..2 {
        clock.advance(HOUR);
        let up = service.fire_due_timers().await.unwrap();
        assert_eq!(up.len(), 1, "{:?}", texts(&up));
        assert!(
            up[0].text.contains("time is up for alice"),
            "{}",
            up[0].text
        );
        assert_eq!(up[0].notify, vec![alice.id.clone()]);
    }
    ok(move_as(&service, &alice, Some(id), "e2e4").await);
}

async fn a_timer_due_while_no_bot_ran_fires_once_and_says_it_is_late(db: TestDb) {
    let clock = ManualClock::at(1_000_000_000);
    let id = {
        let service = timed_service(&db, &clock).await;
        let (alice, bob) = (person("alice"), person("bob"));
        two_player(&service, "chess", &alice, &bob, &[("deadline", "10h")]).await
    };
    clock.advance(6 * HOUR);
    let restarted = timed_service(&db, &clock).await;
    let said = restarted.fire_due_timers().await.unwrap();
    assert_eq!(said.len(), 1, "{:?}", texts(&said));
    assert!(
        said[0]
            .text
            .contains("(late by 1 h: the bot was not running)"),
        "{}",
        said[0].text
    );
    let again = timed_service(&db, &clock).await;
    assert!(again.fire_due_timers().await.unwrap().is_empty());
    assert_eq!(again.store().timers_of_game(id).await.unwrap().len(), 2);
}

async fn a_reminder_is_an_outbox_post_that_mentions_who_must_act(db: TestDb) {
    let clock = ManualClock::at(1_000_000_000);
    let service = Service::new(db.open().await, Arc::new(TextPainter))
        .with_outbox(Outbox::new("test"))
        .with_clock(clock.clone());
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[("deadline", "4h")]).await;
    clock.advance(2 * HOUR);
    assert_eq!(service.fire_due_timers().await.unwrap().len(), 1);
    let posts = service.store().posts_of_game(id).await.unwrap();
    let reminder = posts
        .iter()
        .map(|p| &p.post)
        .find(|p| p.kind == PostKind::HalfTime)
        .expect("the reminder's post");
    assert_eq!(reminder.notify, Some(vec![alice.id.clone()]));
    assert!(reminder.text.contains("2 h left"), "{}", reminder.text);
}

async fn bad_timing_options_are_refused_with_what_to_type(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    for (name, value, expected) in [
        ("deadline", "5m", "from 10m to 14d"),
        ("deadline", "a while", "from 10m to 14d"),
        ("remind", "maybe", "\"on\" or \"off\""),
        ("on-timeout", "panic", "\"wait\""),
    ] {
        let why = refused(
            service
                .run(
                    &req(&alice, None),
                    Command::New(chatrang::service::NewGame {
                        game: "chess".into(),
                        options: vec![(name.into(), value.into())],
                        ..Default::default()
                    }),
                )
                .await,
        );
        assert!(why.contains(expected), "{name}={value}: {why}");
    }
}

on_both_backends!(
    a_day_per_move_reminds_at_half_time_and_an_hour_left_then_loses_on_time,
    a_move_starts_the_next_sides_clock_and_an_untimed_game_has_none,
    a_game_that_waits_says_the_time_is_up_and_starts_the_clock_again,
    a_timer_due_while_no_bot_ran_fires_once_and_says_it_is_late,
    a_reminder_is_an_outbox_post_that_mentions_who_must_act,
    bad_timing_options_are_refused_with_what_to_type,
);
