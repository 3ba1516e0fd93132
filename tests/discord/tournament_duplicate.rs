//! Catalonia's duplicate event on Discord (issue 37), end to end through the fake: `/tournament
//! new` announces it (groups with `group=NAME`) and opens the tournament's thread; people join
//! in a group by the `group` option (in any case), or alone by the Join button or with a group
//! of their own, and then play with the bot as the other side. At the start every group's game
//! is announced in the channel, each moving into its own thread, all from one seed, while the
//! summary goes to the tournament's thread. Groups are fixed while it runs (no late join, no
//! leave), and another server cannot join it. Two groups give their games up with `/resign`,
//! the third plays its game to its final score; then the final standings are posted in the
//! tournament's thread and `/tournament standings` gives them in words and as a picture. The
//! dice and the scores themselves are checked by the service-level test
//! (tests/bot/tournament_duplicate.rs).

use chatrang::{
    rules::{Color, search::Level},
    store::{BoardEnd, TournamentState},
};
use serde_json::Value;

use super::{World, button_actions};
use crate::{
    fake::{Channel, Person, Recorded, focused, int_option, option},
    tournaments::{OTHER_GUILD, YES, announce_game, join_button, number_option, state, tournament},
};

/// The name the bot partner plays under: level 3's, with its measured strength.
fn bot() -> String {
    format!("Chatrang level 3 ({})", Level::DEFAULT.strength_text())
}

/// The three groups as the bot names them in its lists (the summary, the pairings and the
/// standings): Alice and Bob's, Carol's alone (named after her), Dave's alone.
const OTTERS: &str = "Otters (alice, bob)";
const CAROL: &str = "carol with the bot";
const OWLS: &str = "Owls (dave with the bot)";

/// `who` types `/tournament join` with the tournament's number and `group` (if any); the
/// public answer says they are in, and how (`how`: " in group Otters", " alone, with the
/// bot…").
async fn join_by_command(world: &World, who: &Person, id: i64, group: Option<&str>, how: &str) {
    let mut more = vec![number_option(id)];
    more.extend(group.map(|g| option("group", g)));
    let joined = tournament(world, who, &world.lobby, "join", more).await;
    assert!(!joined.is_ephemeral(), "{}", joined.content());
    let said = format!("{} joins tournament #{id}{how}", who.name);
    assert!(joined.content().contains(&said), "{}", joined.content());
}

/// A group's game, as its announcement in the channel names it.
#[derive(Debug)]
struct GroupGame {
    /// The words of the announcement.
    text: String,
    /// The game's number.
    game: i64,
    /// The thread the game is played in, opened from its announcement.
    thread: Channel,
}

/// The messages the delivery loop posted in `channel` that announce a group's game of
/// tournament `id`, in the order posted.
fn announcements(world: &World, channel: &Channel, id: i64) -> Vec<Recorded> {
    let heading = format!("Tournament #{id}, ");
    world
        .fake
        .channel_messages(&channel.id)
        .into_iter()
        .filter(|m| m.content().contains(&heading) && m.content().contains("the same dice"))
        .collect()
}

/// Waits until the `count` groups' games are announced in the lobby, each in the thread
/// opened from its announcement; returns them in the order posted.
async fn games_announced(world: &World, id: i64, count: usize) -> Vec<GroupGame> {
    world
        .fake
        .wait_for(&format!("the {count} groups' games"), |_| {
            announcements(world, &world.lobby, id).len() >= count
        })
        .await;
    let posted = announcements(world, &world.lobby, id);
    assert_eq!(posted.len(), count, "{posted:?}");
    let mut games = Vec::new();
    for announcement in &posted {
        let from = format!(
            "/api/v10/channels/{}/messages/{}/threads",
            world.lobby.id,
            announcement.answer["id"].as_str().unwrap()
        );
        let made = world
            .fake
            .wait_for(&format!("the thread of {}", announcement.content()), |r| {
                r.path == from && r.status < 300
            })
            .await;
        let thread = Channel::thread(made.answer["id"].as_str().unwrap());
        // The thread is named "Game #N · Catalonia".
        let name = made.json["name"].as_str().unwrap();
        assert!(name.ends_with(" · Catalonia"), "{name}");
        let game: i64 = name
            .trim_start_matches("Game #")
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number in the thread's name {name}"));
        world.wait_until_game_moved(game, &thread).await;
        games.push(GroupGame {
            text: announcement.shown(),
            game,
            thread,
        });
    }
    games
}

/// Who plays game `id`, by name, with their sides, in the order they were seated.
async fn sides(world: &World, id: i64) -> Vec<(String, Color)> {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let people = store.participants(id).await.unwrap();
    people.into_iter().map(|p| (p.name, p.side)).collect()
}

/// The alt text of an answer's picture (Discord's attachment `description`).
fn alt_text(answer: &Recorded) -> String {
    let attachments = answer
        .json
        .get("attachments")
        .or_else(|| answer.json.pointer("/data/attachments"))
        .cloned()
        .unwrap_or_default();
    attachments
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["description"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catalonia_duplicate_event_is_played_on_discord_by_groups_to_its_final_standings() {
    let world = World::new().await;
    let (alice, bob) = (&world.alice, &world.bob);
    let carol = Person::new(1300000000000000003, "carol");
    let dave = Person::new(1300000000000000004, "dave");

    // The announcement says how to join in a group, and opens the tournament's thread.
    let catalonia = ("catalonia", "Catalonia");
    let (announcement, id, news) = announce_game(&world, alice, catalonia, vec![]).await;
    let said = announcement.content();
    assert!(said.contains("duplicate event"), "{said}");
    assert!(said.contains("group=NAME"), "{said}");

    // Alice and Bob name the same group (Bob in lower case); Carol clicks Join and plays
    // alone; Dave names a group nobody else joins.
    join_by_command(
        &world,
        alice,
        id,
        Some("Otters"),
        " in group Otters (1 player)",
    )
    .await;
    join_by_command(
        &world,
        bob,
        id,
        Some("otters"),
        " in group Otters (2 players)",
    )
    .await;
    let click = world.fake.click(
        &carol,
        &announcement.answer,
        &join_button(&announcement, id),
    );
    let joined = world.fake.wait_answer(&click).await;
    assert!(!joined.is_ephemeral(), "{}", joined.content());
    assert!(
        joined
            .content()
            .contains(&format!("carol joins tournament #{id} alone, with the bot")),
        "{}",
        joined.content()
    );
    join_by_command(
        &world,
        &dave,
        id,
        Some("Owls"),
        " in group Owls (4 players)",
    )
    .await;

    // Alice starts it: a game per group in the channel, each in its own thread; the summary
    // in the tournament's thread only.
    let started = tournament(
        &world,
        alice,
        &world.lobby,
        "start",
        vec![number_option(id)],
    )
    .await;
    assert!(!started.is_ephemeral(), "{}", started.content());
    assert!(
        started
            .content()
            .contains(&format!("alice starts tournament #{id}")),
        "{}",
        started.content()
    );
    let games = games_announced(&world, id, 3).await;
    // Each announcement names the group and its people, and pings them; the bot partner
    // is nobody to ping.
    let expected = [
        ("Otters", vec![alice, bob]),
        ("carol", vec![&carol]),
        ("Owls", vec![&dave]),
    ];
    let posted = announcements(&world, &world.lobby, id);
    for ((group, pinged), (game, message)) in expected.iter().zip(games.iter().zip(&posted)) {
        let text = &game.text;
        assert!(text.contains(group) && text.contains("Catalonia"), "{text}");
        for person in pinged {
            assert!(text.contains(&person.name), "{}: {text}", person.name);
        }
        let wanted: Vec<String> = pinged.iter().map(|p| p.id.clone()).collect();
        assert_eq!(message.allowed_users(), wanted, "{text}");
    }
    let begun = crate::delivery::posted(&world, &news, "has begun").await;
    let summary = begun.shown();
    assert!(
        summary.contains(&format!(
            "Tournament #{id} (Catalonia, duplicate event) has begun"
        )),
        "{summary}"
    );
    assert!(
        summary.ends_with(&format!("Groups:\n1. {OTTERS}\n2. {CAROL}\n3. {OWLS}")),
        "{summary}"
    );
    assert!(
        !world
            .fake
            .channel_messages(&world.lobby.id)
            .iter()
            .any(|m| m.content().contains("has begun")),
        "the summary stays in the tournament's thread"
    );
    assert_eq!(state(&world, id).await, (TournamentState::Running, 1));

    // The store: one board per group, every game a group game from one seed, the sides
    // alternating within a group, the bot Black beside anyone alone.
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let boards = store.tournament_boards(id).await.unwrap();
    let groups: Vec<&str> = boards.iter().map(|b| b.white.as_str()).collect();
    assert_eq!(groups, ["Otters", "carol", "Owls"]);
    let ids: Vec<i64> = boards.iter().map(|b| b.game_id).collect();
    let announced: Vec<i64> = games.iter().map(|g| g.game).collect();
    assert_eq!(
        ids, announced,
        "the games are announced in the groups' order"
    );
    let mut seeds = Vec::new();
    for board in &boards {
        let row = store.game(board.game_id).await.unwrap().unwrap();
        assert!(row.group_game, "game {} is a group game", board.game_id);
        seeds.push(row.seed);
    }
    assert!(seeds.iter().all(|s| *s == seeds[0]), "one seed: {seeds:?}");
    let seated = |who: &str, side| (who.to_string(), side);
    assert_eq!(
        sides(&world, ids[0]).await,
        [seated("alice", Color::White), seated("bob", Color::Black)]
    );
    assert_eq!(
        sides(&world, ids[1]).await,
        [seated("carol", Color::White), seated(&bot(), Color::Black)]
    );
    assert_eq!(
        sides(&world, ids[2]).await,
        [seated("dave", Color::White), seated(&bot(), Color::Black)]
    );

    // `/tournament pairings` lists the groups' games.
    let pairings = tournament(
        &world,
        &carol,
        &world.lobby,
        "pairings",
        vec![number_option(id)],
    )
    .await;
    let listed = pairings.shown();
    for (group, game) in [(OTTERS, ids[0]), (CAROL, ids[1]), (OWLS, ids[2])] {
        assert!(
            listed.contains(&format!("• {group}: game #{game}")),
            "{listed}"
        );
    }

    // While it runs, nobody leaves (a group gives its game up with /resign) and nobody
    // joins late; both are told privately.
    let entrants_before = store.entrants(id).await.unwrap();
    let leave = tournament(&world, bob, &world.lobby, "leave", vec![number_option(id)]).await;
    assert!(leave.is_ephemeral(), "{}", leave.content());
    assert!(leave.content().contains("/resign"), "{}", leave.content());
    let eve = Person::new(1300000000000000005, "eve");
    let late = tournament(
        &world,
        &eve,
        &world.lobby,
        "join",
        vec![number_option(id), option("group", "Otters")],
    )
    .await;
    assert!(late.is_ephemeral(), "{}", late.content());
    assert!(
        late.content().contains("groups were fixed"),
        "{}",
        late.content()
    );

    // Another server's `/tournament join` with this number and a group gets the private
    // words of a number never given.
    let mallory = Person::admin(1300000000000000099, "mallory");
    let elsewhere = Channel::text(1200000000000000077).in_guild(OTHER_GUILD);
    let never_used = id + 1000;
    let refusal = |answer: &Recorded, n: i64| {
        assert!(answer.is_ephemeral(), "{}", answer.content());
        answer.content().replace(&format!("#{n}"), "#N")
    };
    let join_there = |n: i64| -> Vec<Value> { vec![number_option(n), option("group", "Otters")] };
    let theirs = tournament(&world, &mallory, &elsewhere, "join", join_there(id)).await;
    let never = tournament(&world, &mallory, &elsewhere, "join", join_there(never_used)).await;
    let words = refusal(&never, never_used);
    assert!(words.contains("no tournament #N here"), "{words}");
    assert_eq!(refusal(&theirs, id), words);
    assert!(world.fake.channel_messages(&elsewhere.id).is_empty());
    assert_eq!(store.entrants(id).await.unwrap(), entrants_before);

    // Carol and Dave give their games up in their threads (for the group: the bot is the
    // other side); Otters still plays, first so far.
    for (who, game) in [(&carol, &games[1]), (&dave, &games[2])] {
        let token = world.fake.slash(
            who,
            &game.thread,
            "resign",
            vec![int_option("confirm", YES)],
        );
        let resigned = world.fake.wait_answer(&token).await;
        assert!(!resigned.is_ephemeral(), "{}", resigned.content());
        assert!(
            resigned
                .content()
                .contains(&format!("{} abandons the game for everyone", who.name)),
            "{}",
            resigned.content()
        );
    }
    let abandoned = format!("– {CAROL}: abandoned\n– {OWLS}: abandoned");
    let so_far = tournament(
        &world,
        &dave,
        &world.lobby,
        "standings",
        vec![number_option(id)],
    )
    .await;
    assert_eq!(
        so_far.shown(),
        format!(
            "Tournament #{id} (duplicate event), standings so far:\n\
             1. {OTTERS}: 0 points so far\n{abandoned}"
        )
    );
    assert_eq!(state(&world, id).await, (TournamentState::Running, 1));

    // Alice and Bob play their game to its final score in its thread, as the bot asks them.
    play_to_the_end(&world, &games[0].thread, &[alice, bob], posted[0].clone()).await;

    // The event is over: Otters is first with its score, turn by turn, the others abandoned.
    let over = crate::delivery::posted(&world, &news, &format!("Tournament #{id} is over.")).await;
    let boards = store.tournament_boards(id).await.unwrap();
    let BoardEnd::Scored { points } = boards[0].end else {
        panic!("Otters' game is scored: {:?}", boards[0]);
    };
    for board in &boards[1..] {
        assert!(
            !matches!(board.end, BoardEnd::Playing | BoardEnd::Scored { .. }),
            "{board:?}"
        );
    }
    let shown = over.shown();
    let (best, table) = shown
        .split_once("\nFinal standings:\n")
        .unwrap_or_else(|| panic!("no final standings in: {shown}"));
    assert_eq!(
        best,
        format!("Tournament #{id} is over. Best score: {OTTERS}, {points} points")
    );
    let (otters, rest) = table.split_once('\n').unwrap();
    assert_eq!(rest, abandoned);
    let first = format!("1. {OTTERS}: {points} points");
    assert!(otters.starts_with(&first), "{otters}");
    // "; turns 3–15: 4 9 …": the turns scored add up to the score.
    let turns: u32 = otters[first.len()..]
        .split(": ")
        .nth(1)
        .map_or(0, |scores| {
            scores.split(' ').map(|p| p.parse::<u32>().unwrap()).sum()
        });
    assert_eq!(i64::from(turns), points, "{otters}");
    assert!(
        !world
            .fake
            .channel_messages(&world.lobby.id)
            .iter()
            .any(|m| m.content().contains("is over")),
        "the tournament's news stays in its thread"
    );
    assert_eq!(state(&world, id).await, (TournamentState::Over, 1));

    // `/tournament standings`: the same table in words, and as a picture for screen readers.
    let answer = tournament(
        &world,
        &dave,
        &world.lobby,
        "standings",
        vec![number_option(id)],
    )
    .await;
    assert_eq!(
        answer.shown(),
        format!("Tournament #{id} (duplicate event), final standings:\n{table}")
    );
    let pngs = answer.pngs();
    assert_eq!(pngs.len(), 1, "{:?}", answer.files);
    assert_eq!(pngs[0].filename, format!("tournament-{id}-standings.png"));
    image::load_from_memory(&pngs[0].bytes).expect("the standings are a PNG");
    let alt = alt_text(&answer);
    assert!(alt.contains("final standings"), "the alt text: {alt}");
}

/// More steps than any Catalonia game of 15 turns needs; reaching it means the game never
/// ended.
const MAX_STEPS: usize = 2000;

/// Plays the game in `thread` to its final score, driven only by what the bot shows, as in
/// tests/discord/catalonia.rs: of the `people` the last message pings (all of them at first),
/// the one whose action the bot takes acts; a pending decision is answered with its first
/// button, else the first move `/move` autocomplete offers is played. `last` is the message
/// the game started with.
async fn play_to_the_end(world: &World, thread: &Channel, people: &[&Person], mut last: Recorded) {
    for step in 0..MAX_STEPS {
        if last.content().contains("final score") {
            return;
        }
        let pinged: Vec<&Person> = people
            .iter()
            .copied()
            .filter(|p| last.allowed_users().contains(&p.id))
            .collect();
        let asked = if pinged.is_empty() {
            people.to_vec()
        } else {
            pinged
        };
        let decisions = button_actions(&last, "play");
        let mut done = None;
        for actor in asked {
            let answer = if let Some(id) = decisions.first() {
                let token = world.fake.click(actor, &last.answer, id);
                world.fake.wait_answer(&token).await
            } else {
                let token =
                    world
                        .fake
                        .autocomplete(actor, thread, "move", vec![focused("move", "")]);
                let offered = world.fake.wait_answer(&token).await;
                let first = offered.json["data"]["choices"][0]["value"]
                    .as_str()
                    .unwrap_or_else(|| panic!("no choice offered: {}", last.content()))
                    .to_string();
                world.play(actor, thread, &first).await
            };
            // Whoever may not act now is refused privately; the other one acts.
            if !answer.is_ephemeral() {
                done = Some(answer);
                break;
            }
        }
        last = done
            .unwrap_or_else(|| panic!("step {step}: nobody could act after: {}", last.content()));
    }
    panic!("the game never reached its final score: {}", last.content());
}
