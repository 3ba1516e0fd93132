//! Catalonia's duplicate event (issue 37): people join in groups (or alone, with the bot as
//! partner), every group's game starts from one seed, and the best final score wins, with the
//! standings turn by turn. Two groups that play the same moves meet the same dice, so their
//! games are the same throughout; the third group's game, with the bot, goes its own way.

use std::sync::Arc;

use chatrang::{
    rules::{Actor, Color, Game, Status, registry, search::Level},
    service::{Command, Outbox, Place, Service, TextPainter, User},
    store::{BoardEnd, GameState, PostKind, TournamentState},
};

use crate::common::{TestDb, ask, ok, person, refused, req};

on_both_backends!(
    a_catalonia_duplicate_event_gives_every_group_the_same_dice_and_the_best_score_wins,
    a_duplicate_events_groups_and_refusals,
);

async fn tournament(service: &Service, who: &User, text: &str) -> Result<String, String> {
    service
        .run(&req(who, None), Command::Tournament(text.into()))
        .await
        .map(|reply| reply.text)
        .map_err(|e| e.to_string())
}

/// The number in "tournament #N".
fn number(text: &str) -> i64 {
    let after = text
        .split("tournament #")
        .nth(1)
        .expect("a tournament number");
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().expect("a number")
}

async fn game_of(service: &Service, id: i64) -> Box<dyn Game> {
    let row = service.store().game(id).await.unwrap().unwrap();
    registry::load(row.variant.known().unwrap(), &row.position).unwrap()
}

/// Plays game `id` to its end: its people take the bot's own choice at its lowest level (a
/// search with a fixed budget, the same each time); the bot partner's turns come from the
/// timers. Returns every position the game passed through.
async fn play_longest_chains(service: &Service, id: i64) -> Vec<String> {
    let people = service.store().participants(id).await.unwrap();
    let mut positions = Vec::new();
    for _ in 0..2_000 {
        let row = service.store().game(id).await.unwrap().unwrap();
        if row.state != GameState::Active {
            return positions;
        }
        if !service.fire_due_timers().await.unwrap().is_empty() {
            continue;
        }
        let game = game_of(service, id).await;
        positions.push(game.position_text());
        let Status::Ongoing { actor, .. } = game.status() else {
            panic!("an active game that is over");
        };
        let side = match actor {
            Actor::Side(side) => side,
            Actor::Anyone => Color::White,
        };
        let who = people
            .iter()
            .find(|p| p.side == side && !p.user_id.starts_with("chatrang:level"))
            .unwrap_or_else(|| panic!("nobody but the bot plays {side:?}: {people:?}"));
        let action = match game.think(&Level::MIN.limits(3)) {
            Some(thought) => thought.notation,
            None => game.legal_actions()[0].notation.clone(),
        };
        let user = User::new(who.user_id.clone(), who.name.clone());
        ok(crate::common::move_as(service, &user, Some(id), &action).await);
    }
    panic!("game {id} did not end");
}

/// Who plays game `id`, by name, with their sides.
async fn sides(service: &Service, id: i64) -> Vec<(String, Color)> {
    let people = service.store().participants(id).await.unwrap();
    let mut sides: Vec<(String, Color)> = people.into_iter().map(|p| (p.name, p.side)).collect();
    sides.sort();
    sides
}

async fn a_catalonia_duplicate_event_gives_every_group_the_same_dice_and_the_best_score_wins(
    db: TestDb,
) {
    let painter = Arc::new(TextPainter);
    let service = Service::new(db.open().await, painter).with_outbox(Outbox::new("test"));
    let [ann, ben, cat, dan, eve] = ["ann", "ben", "cat", "dan", "eve"].map(person);
    let said = tournament(&service, &ann, "new catalonia").await.unwrap();
    assert!(said.contains("duplicate event"), "{said}");
    assert!(said.contains("group=NAME"), "{said}");
    let id = number(&said);
    for (who, how) in [
        (&ann, "group=Otters"),
        (&ben, "group=otters"),
        (&cat, "group=Owls"),
        (&dan, "group=OWLS"),
        (&eve, ""),
    ] {
        let joined = tournament(&service, who, &format!("join {id} {how}"))
            .await
            .unwrap();
        let expected = match how {
            "" => " alone, with the bot".to_string(),
            _ if who.name.as_str() < "cat" => " in group Otters".to_string(),
            _ => " in group Owls".to_string(),
        };
        assert!(joined.contains(&expected), "{joined}");
    }
    let started = tournament(&service, &ann, &format!("start {id}"))
        .await
        .unwrap();
    assert!(started.contains("same dice"), "{started}");

    // One board per group, every game from the same seed, the sides alternating in each.
    let boards = service.store().tournament_boards(id).await.unwrap();
    let groups: Vec<&str> = boards.iter().map(|b| b.white.as_str()).collect();
    assert_eq!(groups, ["Otters", "Owls", "eve"]);
    let mut seeds = Vec::new();
    for board in &boards {
        let row = service.store().game(board.game_id).await.unwrap().unwrap();
        assert!(row.group_game, "a cooperative group game");
        seeds.push(row.seed);
    }
    assert!(seeds.iter().all(|s| *s == seeds[0]), "one seed: {seeds:?}");
    assert_eq!(
        sides(&service, boards[0].game_id).await,
        [
            ("ann".to_string(), Color::White),
            ("ben".to_string(), Color::Black)
        ]
    );
    let eve_side = sides(&service, boards[2].game_id).await;
    assert_eq!(eve_side.len(), 2, "{eve_side:?}");
    assert!(eve_side.contains(&("eve".to_string(), Color::White)));
    assert!(
        eve_side
            .iter()
            .any(|(n, c)| n.starts_with("Chatrang level") && *c == Color::Black)
    );

    // Groups cannot change once it runs.
    let late = person("fay");
    let why = tournament(&service, &late, &format!("join {id} group=Otters")).await;
    assert!(why.unwrap_err().contains("groups were fixed"));
    let why = tournament(&service, &ann, &format!("leave {id}")).await;
    assert!(why.unwrap_err().contains("/resign"));

    // The two human groups play the same moves: with the same dice, the same game.
    let otters = play_longest_chains(&service, boards[0].game_id).await;
    let mid = tournament(&service, &ann, &format!("standings {id}"))
        .await
        .unwrap();
    assert!(mid.contains("standings so far"), "{mid}");
    let owls = play_longest_chains(&service, boards[1].game_id).await;
    assert!(
        otters.len() > 20,
        "a whole game: {} positions",
        otters.len()
    );
    assert_eq!(
        otters, owls,
        "the same moves and the same dice make the same game"
    );
    assert_eq!(
        service.store().tournament(id).await.unwrap().unwrap().state,
        TournamentState::Running,
        "eve's game is still on"
    );
    play_longest_chains(&service, boards[2].game_id).await;

    // Over, with the scores the games made; the two equal groups share the first place
    // unless eve's beat them.
    let t = service.store().tournament(id).await.unwrap().unwrap();
    assert_eq!(t.state, TournamentState::Over);
    let boards = service.store().tournament_boards(id).await.unwrap();
    let points: Vec<i64> = boards
        .iter()
        .map(|b| match b.end {
            BoardEnd::Scored { points } => points,
            ref other => panic!("a scored game, not {other:?}"),
        })
        .collect();
    assert_eq!(points[0], points[1]);
    let mut turn_sums = Vec::new();
    for board in &boards {
        let game = game_of(&service, board.game_id).await;
        let turns = game.turn_scores();
        assert!(!turns.is_empty(), "scored turns");
        turn_sums.push(turns.iter().map(|t| i64::from(t.1)).sum::<i64>());
    }
    assert_eq!(turn_sums, points, "the turns add up to the final scores");
    let standings = tournament(&service, &ann, &format!("standings {id}"))
        .await
        .unwrap();
    assert!(standings.contains("final standings"), "{standings}");
    let otters_line = standings.lines().find(|l| l.contains("Otters")).unwrap();
    let eve_line = standings
        .lines()
        .find(|l| l.contains("eve with the bot"))
        .unwrap();
    assert!(
        otters_line.contains(&format!("{} points", points[0])),
        "{otters_line}"
    );
    assert!(
        eve_line.contains(&format!("{} points", points[2])),
        "{eve_line}"
    );
    let otters_first = points[0] >= points[2];
    assert_eq!(otters_line.starts_with("=1."), otters_first, "{standings}");
    assert_eq!(
        eve_line.starts_with("1.") || eve_line.starts_with("=1."),
        points[2] >= points[0],
        "{standings}"
    );
    // The final post names the best score and goes out with a game of the event.
    let mut finals = Vec::new();
    for board in &boards {
        for post in service.store().posts_of_game(board.game_id).await.unwrap() {
            if post.post.kind == PostKind::Tournament && post.post.text.contains("is over") {
                finals.push(post.post.text);
            }
        }
    }
    assert_eq!(finals.len(), 1, "{finals:?}");
    let best = points.iter().max().unwrap();
    assert!(
        finals[0].contains("Best score: ") && finals[0].contains(&format!("{best} points")),
        "{}",
        finals[0]
    );
}

async fn a_duplicate_events_groups_and_refusals(db: TestDb) {
    let service = db.service().await;
    let [ann, ben] = ["ann", "ben"].map(person);
    // Only Catalonia is a duplicate event, and it takes no rounds.
    let why = tournament(&service, &ann, "new chess format=duplicate").await;
    assert!(why.unwrap_err().contains("played one against one"));
    let why = tournament(&service, &ann, "new catalonia format=swiss rounds=3").await;
    assert!(why.unwrap_err().contains("duplicate event"));
    // Groups belong to duplicate events.
    let chess = number(&tournament(&service, &ann, "new chess").await.unwrap());
    let why = tournament(&service, &ben, &format!("join {chess} group=Otters")).await;
    assert!(
        why.unwrap_err()
            .contains("Groups are for a duplicate event")
    );
    tournament(&service, &ann, &format!("cancel {chess}"))
        .await
        .unwrap();
    // One group is nothing to compare: it does not start.
    let id = number(&tournament(&service, &ann, "new catalonia").await.unwrap());
    for who in [&ann, &ben] {
        tournament(&service, who, &format!("join {id} group=Otters"))
            .await
            .unwrap();
    }
    let why = tournament(&service, &ann, &format!("start {id}")).await;
    assert!(why.unwrap_err().contains("at least two groups"));
    // A bad group's name is refused in a sentence that quotes it briefly.
    let why = tournament(
        &service,
        &ben,
        &format!("join {id} group={}", "x".repeat(80)),
    )
    .await;
    let why = why.unwrap_err();
    assert!(why.contains("group=Otters") && why.len() < 200, "{why}");
    // Another server finds no such tournament, even with a group.
    let elsewhere = Place::new("server-2", "channel-9");
    let mallory = person("mallory");
    let theirs = refused(
        service
            .run(
                &ask(&elsewhere, &mallory, None).admin(true),
                Command::Tournament(format!("join {id} group=Otters")),
            )
            .await,
    );
    assert!(theirs.contains("There is no tournament"), "{theirs}");
    assert_eq!(service.store().entrants(id).await.unwrap().len(), 2);
}
