//! Limits per person in each server (issue 33): open challenges, games started in a minute and
//! games against the bot at once, each refused with a sentence that says the limit and what to
//! do; a server's moderators change them with /limits. A challenge to the bot's own account is
//! refused. And no answer of any command repeats more than 40 characters of what was typed.

use chatrang::service::{
    Command, DEFAULT_LIMITS, NewGame, PLAY_THE_BOT, Pick, Place, Reply, Service, ServiceError, User,
};

use crate::common::{TestDb, ask, here, ok, person, refused, req, two_player};

on_both_backends!(
    open_challenges_are_limited_per_person_and_server,
    a_burst_of_challenges_at_once_is_counted_one_by_one,
    games_started_in_a_minute_are_limited,
    games_against_the_bot_at_once_are_limited,
    only_moderators_change_limits_and_bad_values_are_explained,
    a_challenge_to_the_bots_own_account_is_refused,
    no_answer_repeats_more_than_forty_characters_of_what_was_typed,
);

fn chess(opponent: Option<&User>) -> NewGame {
    NewGame {
        game: "chess".into(),
        opponent: opponent.cloned(),
        seed: Some(1),
        ..NewGame::default()
    }
}

fn against_the_bot() -> NewGame {
    NewGame {
        options: vec![("ai".into(), "1".into())],
        ..chess(None)
    }
}

async fn start(
    service: &Service,
    place: &Place,
    who: &User,
    new: NewGame,
) -> Result<Reply, ServiceError> {
    service.run(&ask(place, who, None), Command::New(new)).await
}

async fn open_challenges_are_limited_per_person_and_server(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let limit = DEFAULT_LIMITS.open_challenges;
    let mut ids = Vec::new();
    for i in 0..limit {
        // Open challenges, challenges to Bob and group games all count.
        let new = match i % 3 {
            0 => chess(None),
            1 => chess(Some(&bob)),
            _ => NewGame {
                teams: true,
                ..chess(None)
            },
        };
        ids.push(
            ok(start(&service, &here(), &alice, new).await)
                .game
                .unwrap()
                .id,
        );
    }
    let why = refused(start(&service, &here(), &alice, chess(None)).await);
    assert_eq!(
        why,
        format!(
            "You have {limit} challenges and group games waiting for players in this server, \
             the most one person may; wait for them, or withdraw one with /decline (/games lists \
             them; a moderator can change it with /limits)."
        )
    );
    // Bob's limit is his own, and another server's is its own.
    ok(start(&service, &here(), &bob, chess(None)).await);
    ok(start(&service, &Place::new("server-2", "c"), &alice, chess(None)).await);
    // A challenge accepted no longer waits: Alice may make another.
    ok(service.run(&req(&bob, Some(ids[1])), Command::Accept).await);
    ok(start(&service, &here(), &alice, chess(None)).await);
    refused(start(&service, &here(), &alice, chess(None)).await);
}

/// Thirty challenges sent at the same moment (one user did that, and made thirty threads in
/// 0.9 s): each is counted after the one before it is written, so exactly the limit passes.
async fn a_burst_of_challenges_at_once_is_counted_one_by_one(db: TestDb) {
    let service = std::sync::Arc::new(db.service().await);
    let alice = person("alice");
    let burst: Vec<_> = (0..30)
        .map(|_| {
            let service = service.clone();
            let alice = alice.clone();
            tokio::spawn(async move { start(&service, &here(), &alice, chess(None)).await })
        })
        .collect();
    let mut made = 0;
    for attempt in burst {
        match attempt.await.expect("the command's task ends") {
            Ok(_) => made += 1,
            Err(why) => assert!(
                why.to_string().starts_with("You have 5 challenges"),
                "{why}"
            ),
        }
    }
    assert_eq!(made, DEFAULT_LIMITS.open_challenges);
    let open = service.store().open_games_of_user(&alice.id).await.unwrap();
    assert_eq!(open.len() as i64, DEFAULT_LIMITS.open_challenges);
}

async fn games_started_in_a_minute_are_limited(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, moderator) = (person("alice"), person("bob"), person("moderator"));
    ok(service
        .run(
            &req(&moderator, None).admin(true),
            Command::Limits("per-minute=2".into()),
        )
        .await);
    two_player(&service, "chess", &alice, &bob, &[]).await;
    two_player(&service, "chess", &alice, &bob, &[]).await;
    let why = refused(start(&service, &here(), &alice, chess(Some(&bob))).await);
    assert_eq!(
        why,
        "You started 2 games in the last minute, the most this server allows; wait a minute \
         and try again (a moderator can change it with /limits)."
    );
    let why = refused(start(&service, &here(), &alice, against_the_bot()).await);
    assert!(why.starts_with("You started 2 games"), "{why}");
    // A minute later (the games made older by hand), she may start games again.
    db.execute("UPDATE games SET created_at = created_at - 61000")
        .await;
    ok(start(&service, &here(), &alice, chess(Some(&bob))).await);
}

async fn games_against_the_bot_at_once_are_limited(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let limit = DEFAULT_LIMITS.bot_games;
    let mut ids = Vec::new();
    for _ in 0..limit {
        ids.push(
            ok(start(&service, &here(), &alice, against_the_bot()).await)
                .game
                .unwrap()
                .id,
        );
    }
    let why = refused(start(&service, &here(), &alice, against_the_bot()).await);
    assert_eq!(
        why,
        format!(
            "You are playing {limit} games against the bot in this server, the most one person \
             may at once; finish or /resign one first (a moderator can change it with /limits)."
        )
    );
    // Games with people are not counted against it.
    ok(start(&service, &here(), &alice, chess(Some(&person("bob")))).await);
    ok(service
        .run(&req(&alice, Some(ids[0])), Command::Resign)
        .await);
    ok(start(&service, &here(), &alice, against_the_bot()).await);
}

async fn only_moderators_change_limits_and_bad_values_are_explained(db: TestDb) {
    let service = db.service().await;
    let (alice, moderator) = (person("alice"), person("moderator"));
    let shown = ok(service
        .run(&req(&alice, None), Command::Limits(String::new()))
        .await);
    assert!(
        shown.text.contains("challenges=5")
            && shown.text.contains("per-minute=10")
            && shown.text.contains("bot-games=3"),
        "{}",
        shown.text
    );
    let why = refused(
        service
            .run(&req(&alice, None), Command::Limits("challenges=50".into()))
            .await,
    );
    assert!(why.starts_with("Only a moderator of this server"), "{why}");
    let as_moderator = |arg: &str| {
        let request = req(&moderator, None).admin(true);
        let command = Command::Limits(arg.to_string());
        let service = &service;
        async move { service.run(&request, command).await }
    };
    let long = "y".repeat(300);
    for (arg, expected) in [
        (
            "speed=3",
            "\"speed\" is not a limit; write challenges=5, per-minute=10 or bot-games=3.",
        ),
        (
            "challenges=-1",
            "A limit is a number from 0 to 100, such as challenges=5; \"-1\" is not one.",
        ),
        (
            "bot-games=101",
            "A limit is a number from 0 to 100, such as bot-games=5; \"101\" is not one.",
        ),
        (
            "challenges",
            "A limit is a number from 0 to 100, such as challenges=5; \"\" is not one.",
        ),
    ] {
        assert_eq!(refused(as_moderator(arg).await), expected, "{arg}");
    }
    let why = refused(as_moderator(&format!("challenges={long}")).await);
    assert!(why.contains(&format!("\"{}…\"", "y".repeat(40))), "{why}");
    assert!(!why.contains(&"y".repeat(41)), "{why}");
    let set = ok(as_moderator("challenges=1 bot-games=0").await);
    assert!(
        set.public,
        "a change of the server's limits is for everyone to see"
    );
    assert!(
        set.text.contains("moderator sets this server's limits")
            && set.text.contains("challenges=1")
            && set.text.contains("per-minute=10")
            && set.text.contains("bot-games=0"),
        "{}",
        set.text
    );
    ok(start(&service, &here(), &alice, chess(None)).await);
    refused(start(&service, &here(), &alice, chess(None)).await);
    let why = refused(start(&service, &here(), &alice, against_the_bot()).await);
    assert!(
        why.starts_with("You are playing 0 games against the bot"),
        "{why}"
    );
    // A direct conversation has no limits of its own to set or show.
    let why = refused(
        service
            .run(
                &ask(&Place::direct("dm-moderator"), &moderator, None).admin(true),
                Command::Limits(String::new()),
            )
            .await,
    );
    assert!(why.starts_with("Limits belong to a server"), "{why}");
}

async fn a_challenge_to_the_bots_own_account_is_refused(db: TestDb) {
    let service = db.service().await;
    let (alice, bot) = (person("alice"), person("chatrang"));
    service.add_own_account(&bot.id);
    let why = refused(start(&service, &here(), &alice, chess(Some(&bot))).await);
    assert_eq!(why, PLAY_THE_BOT);
    assert!(why.contains("to play the bot, use the ai option"), "{why}");
    let why = refused(
        start(
            &service,
            &here(),
            &alice,
            NewGame {
                white: vec![alice.clone()],
                black: vec![bot.clone()],
                ..chess(None)
            },
        )
        .await,
    );
    assert_eq!(why, PLAY_THE_BOT);
    assert!(
        service
            .store()
            .open_games_of_user(&alice.id)
            .await
            .unwrap()
            .is_empty(),
        "no game was made"
    );
    // Anyone else is challenged as before.
    ok(start(&service, &here(), &alice, chess(Some(&person("bob")))).await);
}

/// The length of the longest run of characters that `answer` and `typed` share.
fn longest_shared(answer: &str, typed: &str) -> usize {
    let a: Vec<char> = answer.chars().collect();
    let t: Vec<char> = typed.chars().collect();
    let mut best = 0;
    let mut previous = vec![0usize; t.len() + 1];
    for &x in &a {
        let mut current = vec![0usize; t.len() + 1];
        for (j, &y) in t.iter().enumerate() {
            if x == y {
                current[j + 1] = previous[j] + 1;
                best = best.max(current[j + 1]);
            }
        }
        previous = current;
    }
    best
}

/// Text that repeats no run of itself: letters and digits from a small generator, so that a
/// shared run can only be an echo.
fn typed_text(seed: u64, length: usize) -> String {
    let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyz0123456789".chars().collect();
    let mut state = seed;
    (0..length)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            alphabet[(state >> 33) as usize % alphabet.len()]
        })
        .collect()
}

async fn no_answer_repeats_more_than_forty_characters_of_what_was_typed(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let mut echoes = Vec::new();
    for (seed, prefix) in [(1, ""), (2, "e2"), (3, "chess "), (4, "Kn")] {
        let long = format!("{prefix}{}", typed_text(seed, 6_000));
        let option = |name: &str, value: &str| NewGame {
            options: vec![(name.to_string(), value.to_string())],
            ..chess(Some(&bob))
        };
        let commands = [
            Command::Move(long.clone()),
            Command::Moves(long.clone()),
            Command::Help(Some(long.clone())),
            Command::Piece {
                game: long.clone(),
                piece: "knight".into(),
            },
            Command::Piece {
                game: "chess".into(),
                piece: long.clone(),
            },
            Command::Leaderboard(long.clone()),
            Command::Vacation(long.clone()),
            Command::Notify(long.clone()),
            Command::Limits(long.clone()),
            Command::Click(Pick::Id(long.clone())),
            Command::Click(Pick::Number(long.clone())),
            Command::New(NewGame {
                game: long.clone(),
                ..chess(Some(&bob))
            }),
            Command::New(option(&long, "1")),
            Command::New(option("position", &long)),
            Command::New(option("deadline", &long)),
            Command::New(option("ai", &long)),
        ];
        for command in commands {
            for admin in [false, true] {
                let answer = match service
                    .run(&req(&alice, Some(id)).admin(admin), command.clone())
                    .await
                {
                    Ok(reply) => reply.text,
                    Err(why) => why.to_string(),
                };
                let shared = longest_shared(&answer, &long);
                if shared > 40 {
                    echoes.push(format!(
                        "{:?}… repeats {shared} characters of what was typed: {}",
                        format!("{command:?}").chars().take(60).collect::<String>(),
                        answer.chars().take(160).collect::<String>()
                    ));
                }
            }
        }
    }
    assert!(echoes.is_empty(), "{}", echoes.join("\n"));
}
