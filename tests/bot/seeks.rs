//! Finding an opponent (issue 37): `/seek` pairs two seeks that share a game and terms at once,
//! anyone may accept an open seek by its number, a seek lasts a day (or what it says), one
//! person has one seek per server, and two seeks are paired exactly once even when made at the
//! same moment in two processes. `/subscribe` makes a new seek mention the people who follow
//! its games (and the role a moderator chose). Nothing of it crosses to another server.

use std::{sync::Arc, time::Duration};

use chatrang::{
    rules::{Color, GameId},
    service::{Command, ManualClock, Pick, Place, Reply, Service, TextPainter, User},
    store::GameState,
};

use crate::common::{TestDb, ask, here, lift_limits, ok, person, refused, req};

on_both_backends!(
    a_second_seek_that_shares_a_game_is_paired_at_once_on_the_older_seeks_first_game,
    seeks_on_other_terms_wait_side_by_side,
    anyone_may_accept_an_open_seek_once_on_its_terms,
    a_casual_seek_becomes_an_unrated_game,
    a_seek_expires_after_a_day_or_what_it_says,
    a_new_seek_replaces_the_persons_earlier_one_and_off_withdraws_it,
    seeks_of_another_server_are_neither_seen_nor_paired_nor_accepted,
    two_seeks_made_at_the_same_moment_in_two_processes_are_paired_exactly_once,
    a_new_seek_mentions_the_followers_of_its_games_and_the_role_a_moderator_chose,
    a_seeks_button_plays_its_game_here_and_finds_nothing_from_another_server,
);

const START: i64 = 1_800_000_000_000;

async fn service_at(db: &TestDb, clock: &ManualClock) -> Service {
    let service = Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone());
    lift_limits(service.store(), &here().server).await;
    service
}

async fn seek(service: &Service, who: &User, text: &str) -> Reply {
    ok(service
        .run(&req(who, None), Command::Seek(text.into()))
        .await)
}

/// The number a seek's reply gives it ("seek #3").
fn seek_number(reply: &Reply) -> i64 {
    let after = reply
        .text
        .split("seek #")
        .nth(1)
        .unwrap_or_else(|| panic!("no seek number in: {}", reply.text));
    after
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("a number")
}

/// The game a reply started, with its people by side.
async fn started(service: &Service, reply: &Reply) -> (i64, GameId, Vec<(String, Color)>) {
    let id = reply
        .game
        .as_ref()
        .unwrap_or_else(|| panic!("no game started: {}", reply.text))
        .id;
    let row = service.store().game(id).await.unwrap().expect("the game");
    assert_eq!(row.state, GameState::Active, "a paired game starts at once");
    let people = service
        .store()
        .participants(id)
        .await
        .unwrap()
        .into_iter()
        .map(|p| (p.user_id, p.side))
        .collect();
    (id, row.variant.known().expect("a known game"), people)
}

async fn a_second_seek_that_shares_a_game_is_paired_at_once_on_the_older_seeks_first_game(
    db: TestDb,
) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let first = seek(&service, &alice, "katarenga,cataclysm,chess").await;
    assert!(first.game.is_none(), "nobody to meet yet: {}", first.text);
    assert!(first.public, "a seek is shown to the channel");
    let second = seek(&service, &bob, "chess cataclysm").await;
    let (id, game, people) = started(&service, &second).await;
    assert_eq!(
        game.slug(),
        "cataclysm",
        "Alice's first game that Bob also named"
    );
    assert_eq!(people.len(), 2, "{people:?}");
    assert!(people.iter().any(|(u, _)| *u == alice.id));
    assert!(people.iter().any(|(u, _)| *u == bob.id));
    assert_ne!(people[0].1, people[1].1, "one White, one Black");
    assert!(
        second.notify.contains(&alice.id),
        "Alice was not here: she is mentioned"
    );
    let listed = seek(&service, &person("carol"), "").await;
    assert!(listed.text.starts_with("Nobody seeks"), "{}", listed.text);
    let store = service.store();
    assert_eq!(
        store
            .seek(seek_number(&first))
            .await
            .unwrap()
            .unwrap()
            .game_id,
        Some(id)
    );
}

async fn seeks_on_other_terms_wait_side_by_side(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    assert!(seek(&service, &alice, "chess").await.game.is_none());
    assert!(seek(&service, &bob, "chess rated=no").await.game.is_none());
    assert!(
        seek(&service, &carol, "chess deadline=1d")
            .await
            .game
            .is_none()
    );
    assert!(
        seek(&service, &person("dave"), "katarenga")
            .await
            .game
            .is_none()
    );
    let listed = seek(&service, &person("erin"), "").await.text;
    for (who, terms) in [
        ("alice", "Chess (rated, untimed)"),
        ("bob", "Chess (casual, untimed)"),
        ("carol", "Chess (rated, 1 d a move)"),
        ("dave", "Katarenga (rated, untimed)"),
    ] {
        assert!(
            listed.contains(&format!("{who}: {terms}")),
            "{who}: {listed}"
        );
    }
}

async fn anyone_may_accept_an_open_seek_once_on_its_terms(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, carol, dave) = (person("alice"), person("carol"), person("dave"));
    let number = seek_number(&seek(&service, &alice, "katarenga,chess deadline=1d").await);
    let own = refused(
        service
            .run(
                &req(&alice, None),
                Command::Seek(format!("accept {number}")),
            )
            .await,
    );
    assert!(own.contains("your own seek"), "{own}");
    let wrong = refused(
        service
            .run(
                &req(&carol, None),
                Command::Seek(format!("accept {number} cataclysm")),
            )
            .await,
    );
    assert!(
        wrong.contains("is for Katarenga or Chess, not Cataclysm"),
        "{wrong}"
    );
    let accepted = ok(service
        .run(
            &req(&carol, None),
            Command::Seek(format!("accept {number} chess")),
        )
        .await);
    let (id, game, people) = started(&service, &accepted).await;
    assert_eq!(game.slug(), "chess");
    assert!(people.iter().any(|(u, _)| *u == carol.id));
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        row.timing.per_turn_ms,
        Some(86_400_000),
        "the seek's deadline"
    );
    let late = refused(
        service
            .run(&req(&dave, None), Command::Seek(format!("accept {number}")))
            .await,
    );
    assert_eq!(
        late,
        format!("There is no open seek #{number} here; /seek lists them.")
    );
    let typed = refused(
        service
            .run(&req(&dave, None), Command::Seek("accept seven".into()))
            .await,
    );
    assert_eq!(
        typed,
        "There is no open seek #seven here; /seek lists them."
    );
}

async fn a_casual_seek_becomes_an_unrated_game(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let chess = GameId::parse("chess").unwrap();
    for (terms, rated) in [("casual", false), ("rated", true)] {
        seek(&service, &alice, &format!("chess {terms}")).await;
        let reply = seek(&service, &bob, &format!("chess {terms}")).await;
        let (id, _, people) = started(&service, &reply).await;
        let black = &people.iter().find(|(_, s)| *s == Color::Black).unwrap().0;
        let loser = if *black == alice.id { &alice } else { &bob };
        ok(service.run(&req(loser, Some(id)), Command::Resign).await);
        let rating = service
            .store()
            .rating(&here().server, chess, &alice.id)
            .await
            .unwrap();
        assert_eq!(rating.is_some(), rated, "after the {terms} game");
    }
}

async fn a_seek_expires_after_a_day_or_what_it_says(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    seek(&service, &alice, "chess").await;
    seek(&service, &bob, "katarenga expires=2h").await;
    clock.advance(Duration::from_secs(3 * 3600));
    let listed = seek(&service, &carol, "").await.text;
    assert!(
        listed.contains("alice") && !listed.contains("bob"),
        "{listed}"
    );
    assert!(listed.contains("21 h left"), "{listed}");
    assert!(
        seek(&service, &carol, "katarenga").await.game.is_none(),
        "Bob's seek is over"
    );
    clock.advance(Duration::from_secs(21 * 3600));
    assert!(
        seek(&service, &person("dave"), "chess")
            .await
            .game
            .is_none(),
        "Alice's too"
    );
}

async fn a_new_seek_replaces_the_persons_earlier_one_and_off_withdraws_it(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let alice = person("alice");
    seek(&service, &alice, "chess").await;
    let again = seek(&service, &alice, "katarenga").await;
    assert!(
        again.text.contains("replaces your earlier seek"),
        "{}",
        again.text
    );
    let listed = seek(&service, &person("bob"), "").await.text;
    assert_eq!(listed.matches("alice:").count(), 1, "{listed}");
    assert!(
        listed.contains("Katarenga") && !listed.contains("Chess"),
        "{listed}"
    );
    assert_eq!(
        seek(&service, &alice, "off").await.text,
        "Your seek is withdrawn."
    );
    assert_eq!(
        seek(&service, &alice, "off").await.text,
        "You have no open seek here."
    );
    let reply = seek(&service, &person("bob"), "katarenga").await;
    assert!(reply.game.is_none(), "a withdrawn seek is not paired");
}

async fn seeks_of_another_server_are_neither_seen_nor_paired_nor_accepted(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let elsewhere = Place::new("server-2", "channel-9");
    let (alice, mallory) = (person("alice"), person("mallory"));
    let number = seek_number(&seek(&service, &alice, "chess").await);
    let there = |text: &str| {
        let request = ask(&elsewhere, &mallory, None).admin(true);
        let command = Command::Seek(text.to_string());
        let service = &service;
        async move { service.run(&request, command).await }
    };
    let listed = ok(there("").await).text;
    assert!(listed.starts_with("Nobody seeks"), "{listed}");
    let never = 987_654;
    let expected =
        refused(there(&format!("accept {never}")).await).replace(&never.to_string(), "N");
    let answer =
        refused(there(&format!("accept {number}")).await).replace(&number.to_string(), "N");
    assert_eq!(answer, expected, "the same answer as a number never used");
    let own = ok(there("chess").await);
    assert!(
        own.game.is_none(),
        "Alice's seek is another server's: {}",
        own.text
    );
    let dm = refused(
        service
            .run(
                &ask(&Place::direct("dm-m"), &mallory, None),
                Command::Seek("chess".into()),
            )
            .await,
    );
    assert!(dm.contains("server channel"), "{dm}");
    let still = seek(&service, &person("bob"), "").await.text;
    assert!(
        still.contains("alice") && !still.contains("mallory"),
        "{still}"
    );
}

/// Many pairs of people seek chess at the same moment, one of each pair through each of two
/// processes (two pools, two memories); then three people at once. Every pair becomes exactly
/// one game; of three, two play and one seek stays open.
async fn two_seeks_made_at_the_same_moment_in_two_processes_are_paired_exactly_once(db: TestDb) {
    const PAIRS: usize = 25;
    let clock = ManualClock::at(START);
    let first = Arc::new(service_at(&db, &clock).await);
    let second =
        Arc::new(Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone()));
    for round in 0..PAIRS {
        let place = Place::new(format!("server-race-{round}"), "channel-1");
        lift_limits(first.store(), &place.server).await;
        let mut tasks = Vec::new();
        for (i, process) in [&first, &second].into_iter().enumerate() {
            let (process, place) = (process.clone(), place.clone());
            let who = person(&format!("p{round}-{i}"));
            tasks.push(tokio::spawn(async move {
                process
                    .run(&ask(&place, &who, None), Command::Seek("chess".into()))
                    .await
            }));
        }
        let mut games = Vec::new();
        for task in tasks {
            let reply = ok(task.await.expect("the task ends"));
            if let Some(game) = reply.game {
                games.push(game.id);
            } else if let Some(number) = reply.text.split("see game #").nth(1) {
                games.push(
                    number
                        .trim_end_matches(|c: char| !c.is_ascii_digit())
                        .split(' ')
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap(),
                );
            }
        }
        games.sort();
        games.dedup();
        assert_eq!(games.len(), 1, "round {round}: one game, not {games:?}");
        let open = first
            .store()
            .open_seeks(&place.server, START)
            .await
            .unwrap();
        assert!(open.is_empty(), "round {round}: both seeks ended: {open:?}");
    }
    let place = Place::new("server-race-three", "channel-1");
    lift_limits(first.store(), &place.server).await;
    let mut tasks = Vec::new();
    for i in 0..3 {
        let process = if i % 2 == 0 { &first } else { &second }.clone();
        let place = place.clone();
        let who = person(&format!("three-{i}"));
        tasks.push(tokio::spawn(async move {
            process
                .run(&ask(&place, &who, None), Command::Seek("chess".into()))
                .await
        }));
    }
    for task in tasks {
        ok(task.await.expect("the task ends"));
    }
    let open = first
        .store()
        .open_seeks(&place.server, START)
        .await
        .unwrap();
    assert_eq!(open.len(), 1, "of three, one waits: {open:?}");
    let paired: Vec<i64> = {
        let mut ids = Vec::new();
        for n in 1..=2 * PAIRS as i64 + 3 {
            if let Some(row) = first.store().seek(n).await.unwrap()
                && row.seek.server_id == place.server
                && let Some(game) = row.game_id
            {
                ids.push(game);
            }
        }
        ids
    };
    assert_eq!(paired.len(), 2, "two seeks became one game: {paired:?}");
    assert_eq!(paired[0], paired[1]);
}

async fn a_new_seek_mentions_the_followers_of_its_games_and_the_role_a_moderator_chose(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, bob, carol, mallory) = (
        person("alice"),
        person("bob"),
        person("carol"),
        person("mallory"),
    );
    let subscribe = |who: &User, place: &Place, text: &str, admin: bool| {
        let request = ask(place, who, None).admin(admin);
        let command = Command::Subscribe(text.to_string());
        let service = &service;
        async move { service.run(&request, command).await }
    };
    ok(subscribe(&bob, &here(), "katarenga", false).await);
    ok(subscribe(&carol, &here(), "chess,katarenga", false).await);
    ok(subscribe(&alice, &here(), "katarenga", false).await);
    let elsewhere = Place::new("server-2", "channel-9");
    ok(subscribe(&mallory, &elsewhere, "katarenga", false).await);
    let listed = ok(subscribe(&carol, &here(), "", false).await).text;
    assert!(listed.contains("Chess, Katarenga"), "{listed}");

    let reply = seek(&service, &alice, "katarenga,cataclysm").await;
    assert_eq!(
        reply.notify,
        vec![bob.id.clone(), carol.id.clone()],
        "not Alice, not Mallory"
    );
    assert_eq!(reply.mention_role, None);

    let not_moderator = refused(subscribe(&bob, &here(), "katarenga role=<@&42>", false).await);
    assert!(not_moderator.contains("moderators"), "{not_moderator}");
    ok(subscribe(&mallory, &elsewhere, "katarenga role=<@&666>", true).await);
    ok(subscribe(&person("mod"), &here(), "katarenga role=<@&42>", true).await);
    ok(subscribe(&bob, &here(), "katarenga off", false).await);
    seek(&service, &alice, "off").await;
    let reply = seek(&service, &person("dave"), "katarenga").await;
    assert_eq!(
        reply.mention_role.as_deref(),
        Some("42"),
        "this server's role only"
    );
    assert_eq!(reply.notify, vec![alice.id.clone(), carol.id.clone()]);
    let bad = refused(subscribe(&bob, &here(), "katarenga role=@everyone", true).await);
    assert!(bad.contains("\"@everyone\""), "{bad}");
    let unknown = refused(subscribe(&bob, &here(), "kriegspiel", false).await);
    assert!(unknown.contains("kriegspiel"), "{unknown}");
}

async fn a_seeks_button_plays_its_game_here_and_finds_nothing_from_another_server(db: TestDb) {
    let clock = ManualClock::at(START);
    let service = service_at(&db, &clock).await;
    let (alice, carol, mallory) = (person("alice"), person("carol"), person("mallory"));
    let offer = seek(&service, &alice, "katarenga,chess").await;
    let labels: Vec<&str> = offer.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Play Katarenga", "Play Chess"]);
    let chess = offer.choices[1].encode();
    let click = |place: &Place, who: &User| {
        let request = ask(place, who, None);
        let command = Command::Click(Pick::Id(chess.clone()));
        let service = &service;
        async move { service.run(&request, command).await }
    };
    let elsewhere = refused(click(&Place::new("server-2", "channel-9"), &mallory).await);
    assert!(
        elsewhere.starts_with("There is no open seek #"),
        "{elsewhere}"
    );
    let own = refused(click(&here(), &alice).await);
    assert!(own.contains("your own seek"), "{own}");
    let played = ok(click(&here(), &carol).await);
    let (_, game, people) = started(&service, &played).await;
    assert_eq!(game.slug(), "chess");
    assert!(people.iter().any(|(u, _)| *u == carol.id));
    let again = refused(click(&here(), &person("dave")).await);
    assert!(again.starts_with("There is no open seek #"), "{again}");
}
