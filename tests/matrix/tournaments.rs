//! Tournaments on Matrix (issue 37), end to end through a real Synapse: `!tournament new`
//! announces one with numbered choices (Join, Leave), which people pick by reacting with the
//! choice's key or typing `!click N` under it, or they type `!tournament join`; the creator
//! starts it, and every round's games are announced in the room by the outbox, each moving
//! into the thread rooted at its announcement, where it is played with `!resign` (confirmed by
//! its key or `!click 1`) and `!draw`. The results are those of the service-level tests
//! (tests/bot/tournaments.rs) and of Discord's (tests/discord/tournaments.rs), so the
//! hand-computed tie-breaks there are checked here through Matrix.
//!
//! The bot's tournament news (a round's standings, the final standings) goes to the
//! tournament's own thread, rooted at its announcement, with the places shown as written (no
//! list renumbers them). The Swiss is played in
//! an encrypted room, and the bot is restarted in the middle of its second round: the same
//! round, the same games, and the tournament goes on to its end. A tournament's number used in
//! another room (a server of its own) is refused as a number never given.

use std::{collections::HashSet, time::Duration};

use chatrang::store::{BoardEnd, BoardRow, Store, TournamentState};
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId};

use super::{PATIENCE, Person, Seen, World, in_thread};

/// How a game between two players ends, by their short names: the winner's, or `None` for a
/// draw.
type Results<'a> = &'a [(&'a str, &'a str, Option<&'a str>)];

/// The name the bot gives `person`: their display name, which Synapse sets to the localpart
/// ("carol1234x5").
fn name(person: &Person) -> &str {
    person.id.localpart()
}

/// A name without the run's suffix: "carol1234x5" → "carol".
fn short_name(name: &str) -> String {
    name.chars().take_while(|c| !c.is_ascii_digit()).collect()
}

fn short(person: &Person) -> String {
    short_name(name(person))
}

/// `text` with the names of `people` shortened, to compare with a table written by hand.
fn shortened(text: &str, people: &[&Person]) -> String {
    people
        .iter()
        .fold(text.to_string(), |text, p| text.replace(name(p), &short(p)))
}

fn store(world: &World) -> Store {
    world.bot.as_ref().unwrap().service.store().clone()
}

/// The number in "tournament #N".
fn number(text: &str) -> i64 {
    text.split("tournament #")
        .nth(1)
        .and_then(|rest| {
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no tournament number in: {text}"))
}

/// The bot's notices `who` saw whose text contains `words`, wherever they were posted, once
/// per event, in the order seen.
fn notices_with(who: &Person, bot: &OwnedUserId, words: &str) -> Vec<Seen> {
    let mut events = HashSet::new();
    who.seen()
        .into_iter()
        .filter(|s| {
            matches!(s, Seen::Notice { sender, body, event, .. }
                if sender == bot && body.contains(words) && events.insert(event.clone()))
        })
        .collect()
}

/// The key the bot offers for the choice labelled `label` in a notice's list
/// ("1. 1️⃣ Join tournament #1").
fn key_of(body: &str, label: &str) -> String {
    body.lines()
        .filter_map(|line| line.split_once(". "))
        .filter(|(position, _)| position.chars().all(|c| c.is_ascii_digit()))
        .find_map(|(_, rest)| rest.strip_suffix(label))
        .map(|key| key.trim().to_string())
        .unwrap_or_else(|| panic!("no choice {label} in: {body}"))
}

/// Waits until `done` says so, failing with `what` after [`PATIENCE`].
async fn until<F: std::future::Future<Output = bool>>(what: &str, done: impl Fn() -> F) {
    let waited = tokio::time::timeout(PATIENCE, async {
        while !done().await {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("never: {what}"));
}

async fn state(world: &World, id: i64) -> (TournamentState, i64) {
    let t = store(world).tournament(id).await.unwrap().unwrap();
    (t.state, t.round)
}

/// `creator` announces a chess tournament with `terms` in the room's timeline; returns the
/// announcement's event, its text and the tournament's number.
async fn announce(world: &World, creator: &Person, terms: &str) -> (OwnedEventId, String, i64) {
    let bot = world.bot_id();
    creator
        .say(&world.room, &format!("!tournament new chess {terms}"), None)
        .await;
    let words = format!("{} announces tournament #", name(creator));
    let Seen::Notice {
        event,
        body,
        thread,
        ..
    } = creator.notice(&bot, &words).await
    else {
        unreachable!()
    };
    assert_eq!(thread, None, "announced in the room's timeline: {body}");
    assert!(
        body.contains("React with a key, or type !click N."),
        "{body}"
    );
    let id = number(&body);
    (event, body, id)
}

/// Waits for the bot's answer that `who` joined tournament `id`; returns its text.
async fn joined(world: &World, who: &Person, id: i64) -> String {
    let words = format!("{} joins tournament #{id}", name(who));
    let Seen::Notice { body, .. } = world.alice.notice(&world.bot_id(), &words).await else {
        unreachable!()
    };
    body
}

/// `who` types `!tournament join`, with the number when given.
async fn join_by_command(world: &World, who: &Person, id: i64, numbered: bool) -> String {
    let typed = match numbered {
        true => format!("!tournament join {id}"),
        false => "!tournament join".to_string(),
    };
    who.say(&world.room, &typed, None).await;
    joined(world, who, id).await
}

/// `who` types `!click 1` in the room's timeline, under the announcement: its first choice,
/// Join.
async fn join_by_click(world: &World, who: &Person, id: i64) -> String {
    who.say(&world.room, "!click 1", None).await;
    joined(world, who, id).await
}

/// `who` reacts to the announcement with the key the bot offers for Join.
async fn join_by_key(
    world: &World,
    who: &Person,
    announcement: &OwnedEventId,
    text: &str,
    id: i64,
) -> String {
    let bot = world.bot_id();
    let key = key_of(text, &format!("Join tournament #{id}"));
    who.wait_for("the bot's key for Join", |s| {
        matches!(s, Seen::Reaction { sender, target, key: k }
            if *sender == bot && target == announcement && *k == key)
    })
    .await;
    who.react(&world.room, announcement, &key).await;
    joined(world, who, id).await
}

/// One game of a round, as its announcement in the room names it.
#[derive(Debug)]
struct Board {
    white: String,
    black: String,
    game: i64,
    /// The announcement, the root of the thread the game is played in.
    root: OwnedEventId,
}

/// The players of an announcement: "…, board 2: bob (White) – dave (Black)."
fn players(text: &str) -> (String, String) {
    let pairing = text
        .split(", board ")
        .nth(1)
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(_, rest)| rest.split(" (Black)").next())
        .unwrap_or_else(|| panic!("no pairing in: {text}"));
    let (white, black) = pairing
        .split_once(" (White) – ")
        .unwrap_or_else(|| panic!("no pairing in: {text}"));
    (white.to_string(), black.to_string())
}

/// The boards of round `round` of tournament `id` in the store.
async fn boards_of(store: &Store, id: i64, round: i64) -> Vec<BoardRow> {
    let all = store.tournament_boards(id).await.unwrap();
    all.into_iter().filter(|b| b.round == round).collect()
}

/// Waits until the `count` boards of round `round` are announced in the room's timeline (board
/// 1 first, each mentioning its two players) and each game lives in the thread rooted at its
/// announcement; returns them.
async fn round_announced(world: &World, id: i64, round: i64, count: usize) -> Vec<Board> {
    let bot = world.bot_id();
    let heading = format!("Tournament #{id}, round {round}, board ");
    let watcher = &world.alice;
    watcher
        .wait_for(&format!("the {count} boards of round {round}"), |_| {
            notices_with(watcher, &bot, &heading).len() >= count
        })
        .await;
    let posted = notices_with(watcher, &bot, &heading);
    assert_eq!(posted.len(), count, "round {round}: {posted:#?}");
    let store = store(world);
    let rows = boards_of(&store, id, round).await;
    assert_eq!(rows.len(), count, "{rows:?}");
    let mut boards = Vec::new();
    for (i, (seen, row)) in posted.into_iter().zip(rows).enumerate() {
        let Seen::Notice {
            event,
            body,
            thread,
            mentions,
            ..
        } = seen
        else {
            unreachable!()
        };
        assert!(
            body.contains(&format!("round {round}, board {}: ", i + 1)),
            "{body}"
        );
        assert_eq!(thread, None, "a game is announced in the room: {body}");
        let (white, black) = players(&body);
        assert_eq!(row.board, i as i64 + 1);
        assert_eq!(row.end, BoardEnd::Playing);
        let user = |name: &str| format!("@{name}:localhost");
        assert_eq!(
            (row.white.clone(), row.black.clone()),
            (user(&white), user(&black))
        );
        let mut pinged: Vec<String> = mentions.iter().map(|m| m.to_string()).collect();
        pinged.sort();
        let mut pair = vec![row.white.clone(), row.black.clone()];
        pair.sort();
        assert_eq!(pinged, pair, "both players are mentioned: {body}");
        let place = format!("{}|{event}", world.room);
        let game_id = row.game_id;
        until(&format!("game #{game_id} in its thread"), || {
            let (store, place) = (store.clone(), place.clone());
            async move {
                let game = store.game(game_id).await.unwrap().unwrap();
                game.place_id == place
            }
        })
        .await;
        boards.push(Board {
            white,
            black,
            game: row.game_id,
            root: event,
        });
    }
    boards
}

fn result_between<'a>(results: Results<'a>, a: &str, b: &str) -> Option<&'a str> {
    results
        .iter()
        .find(|(x, y, _)| (*x == a && *y == b) || (*x == b && *y == a))
        .unwrap_or_else(|| panic!("no result between {a} and {b}"))
        .2
}

/// Plays every board to the result `results` gives it, in the game's thread: the loser types
/// `!resign` and confirms it (by the question's key on even boards, by `!click 1` on odd
/// ones), or White offers a draw with `!draw` and Black takes it the same way.
async fn play(world: &World, boards: &[&Board], results: Results<'_>, people: &[&Person]) {
    let bot = world.bot_id();
    let room = &world.room;
    let person = |name: &str| {
        *people
            .iter()
            .find(|p| self::name(p) == name)
            .unwrap_or_else(|| panic!("nobody called {name}"))
    };
    for (i, board) in boards.iter().enumerate() {
        let (white, black) = (person(&board.white), person(&board.black));
        let thread = Some(&board.root);
        match result_between(results, &short(white), &short(black)) {
            Some(winner) => {
                let loser = if winner == short(white) { black } else { white };
                loser.say(room, "!resign", thread).await;
                let question = loser
                    .wait_for("the question before resigning", |s| {
                        matches!(s, Seen::Notice { sender, body, thread, mentions, .. }
                            if *sender == bot && thread.as_ref() == Some(&board.root)
                                && body.contains("Resign game") && mentions == &vec![loser.id.clone()])
                    })
                    .await;
                let Seen::Notice { event, body, .. } = question else {
                    unreachable!()
                };
                if i % 2 == 0 {
                    let key = key_of(&body, "Resign");
                    loser
                        .wait_for("the bot's key to resign", |s| {
                            matches!(s, Seen::Reaction { sender, target, key: k }
                                if *sender == bot && *target == event && *k == key)
                        })
                        .await;
                    loser.react(room, &event, &key).await;
                } else {
                    loser.say(room, "!click 1", thread).await;
                }
                let resigns = format!("{} resigns", name(loser));
                in_thread(&world.alice, &bot, &board.root, &resigns).await;
            }
            None => {
                white.say(room, "!draw", thread).await;
                let offers = format!("{} (White) offers a draw", name(white));
                in_thread(&world.alice, &bot, &board.root, &offers).await;
                black.say(room, "!draw", thread).await;
                let accepts = format!("{} accepts the draw", name(black));
                in_thread(&world.alice, &bot, &board.root, &accepts).await;
            }
        }
    }
}

/// A table written by hand as the standings picture's description has it (`table_alt`): the
/// headings, then a line of cells per row ("2–3 | bob | 1½ | 1¼").
fn described(table: &str) -> String {
    let mut headings = None;
    let mut lines = Vec::new();
    for row in table.lines() {
        let cells = row
            .split_once(". ")
            .and_then(|(place, rest)| Some((place, rest.split_once(" (")?)))
            .and_then(|(place, (player_points, breaks))| {
                let (player, points) = player_points.split_once(' ')?;
                let breaks: Option<Vec<(&str, &str)>> = breaks
                    .trim_end_matches(')')
                    .split(", ")
                    .map(|b| b.rsplit_once(' '))
                    .collect();
                Some(([place, player, points], breaks?))
            });
        let (first, breaks) = cells.unwrap_or_else(|| panic!("a row of the table: {row}"));
        headings.get_or_insert_with(|| {
            let mut names = vec!["Place", "Player", "Points"];
            names.extend(breaks.iter().map(|(label, _)| *label));
            names.join(" | ")
        });
        let mut line = first.to_vec();
        line.extend(breaks.iter().map(|(_, value)| *value));
        lines.push(line.join(" | "));
    }
    format!("{}\n{}", headings.unwrap_or_default(), lines.join("\n"))
}

/// Tournament `id` (its `format` named as people read it) is over after 3 rounds: the bot
/// posted that `winner` won, with the final `table` (short names), and `!tournament
/// standings` answers `asker` with the same table; both come with the table's picture, whose
/// description has the table too.
///
/// The final post is in the tournament's thread, rooted at its announcement `root`. The
/// places are shown as written, in the text and in its HTML: "1. alice" is no list item (a list
/// would renumber the place after a shared one).
async fn assert_final(
    world: &World,
    asker: &Person,
    (id, root): (i64, &OwnedEventId),
    (winner, format, table): (&str, &str, &str),
    people: &[&Person],
) {
    let bot = world.bot_id();
    let over = format!("Tournament #{id} is over. Winner: ");
    let Seen::Notice {
        body, thread, html, ..
    } = world.alice.notice(&bot, &over).await
    else {
        unreachable!()
    };
    assert_eq!(
        thread.as_ref(),
        Some(root),
        "in the tournament's thread: {body}"
    );
    let html = html.unwrap_or_default();
    assert!(!html.contains("<ol") && !html.contains("<li"), "{html}");
    let body = shortened(&body, people);
    assert!(body.contains(&format!("{over}{winner}")), "{body}");
    let (_, rows) = body
        .split_once("Final standings:\n")
        .unwrap_or_else(|| panic!("no final standings in: {body}"));
    assert_eq!(rows.trim_end(), table, "{body}");
    assert_eq!(state(world, id).await, (TournamentState::Over, 3));

    asker
        .say(&world.room, &format!("!tournament standings {id}"), None)
        .await;
    let heading = format!("Tournament #{id} ({format}), final standings:");
    let Seen::Notice { body, .. } = asker.notice(&bot, &heading).await else {
        unreachable!()
    };
    let body = shortened(&body, people);
    // An answer to the asker alone, which Matrix cannot hide: addressed to them.
    let (to, rows) = body
        .split_once(&format!("{heading}\n"))
        .unwrap_or_else(|| panic!("not the standings: {body}"));
    assert_eq!(to, format!("{}: ", shortened(asker.id.as_str(), people)));
    assert_eq!(rows.trim_end(), table, "{body}");

    // The pictures: the final post's and the answer's.
    let filename = format!("tournament-{id}-standings.png");
    let pictures = || -> Vec<Seen> {
        asker
            .seen()
            .into_iter()
            .filter(|s| {
                matches!(s, Seen::Image { sender, filename: f, body, .. }
                    if *sender == bot && f.as_deref() == Some(filename.as_str())
                        && body.contains("final standings"))
            })
            .collect()
    };
    asker
        .wait_for("the two pictures of the final standings", |_| {
            pictures().len() >= 2
        })
        .await;
    for picture in pictures() {
        let Seen::Image { body, source, .. } = picture else {
            unreachable!()
        };
        let description = shortened(&body, people);
        assert!(
            description.ends_with(&described(table)),
            "the description:\n{description}\nthe table:\n{}",
            described(table)
        );
        let png = asker.download(&source).await;
        image::load_from_memory(&png).expect("the standings are a PNG");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_round_robin_is_played_on_matrix_to_its_final_standings() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let more = world.more_people(&["carol", "dave"]).await;
    let (alice, bob, carol, dave) = (&world.alice, &world.bob, &more[0], &more[1]);
    let (announcement, text, id) = announce(&world, alice, "format=round-robin").await;
    assert!(text.contains("round robin"), "{text}");
    // Bob types `!click 1` under the announcement, Carol reacts with its key, Dave types the
    // command with the number, and Alice without (the only tournament here).
    join_by_click(&world, bob, id).await;
    join_by_key(&world, carol, &announcement, &text, id).await;
    join_by_command(&world, dave, id, true).await;
    let last = join_by_command(&world, alice, id, false).await;
    assert!(last.contains("(4 players)"), "{last}");
    alice
        .say(&world.room, &format!("!tournament start {id}"), None)
        .await;
    let Seen::Notice { body, .. } = alice
        .notice(&bot, &format!("starts tournament #{id}"))
        .await
    else {
        unreachable!()
    };
    assert!(body.contains("round 1 of 3"), "{body}");

    // Each pair meets once: alice beats bob and dave and draws with carol; bob beats carol
    // and draws with dave; dave beats carol.
    let results: Results = &[
        ("alice", "bob", Some("alice")),
        ("alice", "carol", None),
        ("alice", "dave", Some("alice")),
        ("bob", "carol", Some("bob")),
        ("bob", "dave", None),
        ("carol", "dave", Some("dave")),
    ];
    let people = [alice, bob, carol, dave];
    let mut met = Vec::new();
    for round in 1..=3 {
        let boards = round_announced(&world, id, round, 2).await;
        assert_eq!(state(&world, id).await, (TournamentState::Running, round));
        for board in &boards {
            let mut pair = [short_name(&board.white), short_name(&board.black)];
            pair.sort();
            assert!(!met.contains(&pair), "{pair:?} meet twice");
            met.push(pair);
        }
        let all: Vec<&Board> = boards.iter().collect();
        play(&world, &all, results, &people).await;
        if round < 3 {
            // The next round comes with the standings so far, in the tournament's thread.
            let standings = format!("Standings after round {round}:");
            let Seen::Notice { thread, .. } = alice.notice(&bot, &standings).await else {
                unreachable!()
            };
            assert_eq!(thread.as_ref(), Some(&announcement), "{standings}");
        }
    }
    assert_eq!(met.len(), 6, "everyone met everyone");

    // The final standings, worked out by hand in tests/bot/tournaments.rs: alice 1 + ½ + 1 =
    // 2½; bob 0 + 1 + ½ = 1½; dave 0 + ½ + 1 = 1½; carol ½. Sonneborn-Berger: alice 1½ (bob)
    // + ¼ (half of carol's ½) + 1½ (dave) = 3¼; bob ½ (carol) + ¾ (half of dave's 1½) = 1¼;
    // dave ¾ (half of bob's) + ½ (carol) = 1¼; carol 1¼ (half of alice's 2½). Bob and dave
    // are equal on both: they share 2nd–3rd.
    let table = "1. alice 2½ (SB 3¼)\n\
                 2–3. bob 1½ (SB 1¼)\n\
                 2–3. dave 1½ (SB 1¼)\n\
                 4. carol ½ (SB 1¼)";
    let final_terms = ("alice", "round robin", table);
    assert_final(&world, carol, (id, &announcement), final_terms, &people).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_swiss_in_an_encrypted_room_goes_on_across_a_restart_to_its_final_standings() {
    let mut world = World::new(true).await;
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let people = world.more_people(&names).await;
    let everyone: Vec<&Person> = people.iter().collect();
    let (announcement, text, id) = announce(&world, &people[0], "format=swiss rounds=3").await;
    assert!(text.contains("Swiss"), "{text}");
    for (i, player) in people.iter().enumerate() {
        match i % 3 {
            0 => join_by_command(&world, player, id, true).await,
            1 => join_by_click(&world, player, id).await,
            _ => join_by_key(&world, player, &announcement, &text, id).await,
        };
    }
    people[0]
        .say(&world.room, &format!("!tournament start {id}"), None)
        .await;
    let bot = world.bot_id();
    let Seen::Notice { body, .. } = world
        .alice
        .notice(&bot, &format!("starts tournament #{id}"))
        .await
    else {
        unreachable!()
    };
    assert!(body.contains("round 1 of 3"), "{body}");
    // Round 1: ann beats dan, ben and eve draw, fay beats cat. Round 2: ann and fay draw,
    // ben beats cat, eve beats dan. Round 3: ann beats ben, fay beats eve, cat beats dan.
    let results: Results = &[
        ("ann", "dan", Some("ann")),
        ("ben", "eve", None),
        ("cat", "fay", Some("fay")),
        ("ann", "fay", None),
        ("ben", "cat", Some("ben")),
        ("dan", "eve", Some("eve")),
        ("ann", "ben", Some("ann")),
        ("eve", "fay", Some("fay")),
        ("cat", "dan", Some("cat")),
    ];
    // The pairings (White first) the Dutch system makes from these results, as explained in
    // tests/bot/tournaments.rs.
    let pairings = [
        [("ann", "dan"), ("eve", "ben"), ("cat", "fay")],
        [("fay", "ann"), ("ben", "cat"), ("dan", "eve")],
        [("ann", "ben"), ("eve", "fay"), ("cat", "dan")],
    ];
    for (round, expected) in (1..).zip(pairings) {
        let boards = round_announced(&world, id, round, 3).await;
        let paired: Vec<(String, String)> = boards
            .iter()
            .map(|b| (short_name(&b.white), short_name(&b.black)))
            .collect();
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(w, b)| (w.to_string(), b.to_string()))
            .collect();
        assert_eq!(paired, expected, "round {round}");
        if round != 2 {
            let all: Vec<&Board> = boards.iter().collect();
            play(&world, &all, results, &everyone).await;
            continue;
        }
        // Round 2: board 1 is played, then the bot is restarted with boards 2 and 3 under way.
        play(&world, &[&boards[0]], results, &everyone).await;
        let pairings_before = pairings_shown(&world, &people[1], id, 1).await;
        let store_before = store(&world);
        let before = store_before.tournament_boards(id).await.unwrap();
        assert_eq!(before.len(), 6, "{before:?}");
        assert!(matches!(before[3].end, BoardEnd::Drawn), "{before:?}");
        world.restart().await;
        // Nothing changed: the same round, the same boards and games, still where they were.
        assert_eq!(state(&world, id).await, (TournamentState::Running, 2));
        let store_after = store(&world);
        assert_eq!(store_after.tournament_boards(id).await.unwrap(), before);
        for board in &boards {
            let game = store_after.game(board.game).await.unwrap().unwrap();
            assert_eq!(game.place_id, format!("{}|{}", world.room, board.root));
        }
        let pairings_after = pairings_shown(&world, &people[1], id, 2).await;
        assert_eq!(pairings_after, pairings_before);
        // The rest of the round is played in the same threads, after the restart.
        play(&world, &[&boards[1], &boards[2]], results, &everyone).await;
    }

    // By hand, as in tests/bot/tournaments.rs. Points: fay 1 + ½ + 1, ann 1 + ½ + 1, ben ½ + 1
    // + 0, eve ½ + 1 + 0, cat 0 + 0 + 1, dan 0. Buchholz (opponents' final scores): fay cat 1
    // + ann 2½ + eve 1½ = 5; ann dan 0 + fay 2½ + ben 1½ = 4; ben eve 1½ + cat 1 + ann 2½ = 5;
    // eve ben 1½ + dan 0 + fay 2½ = 4; cat fay 2½ + ben 1½ + dan 0 = 4; dan ann 2½ + eve 1½ +
    // cat 1 = 5. Cut-1 drops the lowest: 4 for everyone. Sonneborn-Berger: fay 1 (cat) + 1¼
    // (half of ann) + 1½ (eve) = 3¾; ann 0 (dan) + 1¼ (half of fay) + 1½ (ben) = 2¾; ben ¾
    // (half of eve) + 1 (cat) = 1¾; eve ¾ (half of ben) + 0 (dan) = ¾; cat 0 (dan); dan 0.
    let table = "1. fay 2½ (BH 5, BH-C1 4, SB 3¾)\n\
                 2. ann 2½ (BH 4, BH-C1 4, SB 2¾)\n\
                 3. ben 1½ (BH 5, BH-C1 4, SB 1¾)\n\
                 4. eve 1½ (BH 4, BH-C1 4, SB ¾)\n\
                 5. cat 1 (BH 4, BH-C1 4, SB 0)\n\
                 6. dan 0 (BH 5, BH-C1 4, SB 0)";
    let final_terms = ("fay", "Swiss", table);
    assert_final(
        &world,
        &people[1],
        (id, &announcement),
        final_terms,
        &everyone,
    )
    .await;
    // Each round's boards and standings were posted once, the restart notwithstanding.
    let bot = world.bot_id();
    for round in 1..=3 {
        let heading = format!("Tournament #{id}, round {round}, board ");
        assert_eq!(notices_with(&world.alice, &bot, &heading).len(), 3);
    }
    for words in [
        "Standings after round 1:".to_string(),
        "Standings after round 2:".to_string(),
        format!("Tournament #{id} is over"),
    ] {
        assert_eq!(notices_with(&world.alice, &bot, &words).len(), 1, "{words}");
    }
}

/// `who` asks for the pairings of tournament `id`; returns the `nth` answer seen.
async fn pairings_shown(world: &World, who: &Person, id: i64, nth: usize) -> String {
    let bot = world.bot_id();
    who.say(&world.room, &format!("!tournament pairings {id}"), None)
        .await;
    let heading = format!("Tournament #{id}, round 2 of 3:");
    who.wait_for(&format!("the pairings ({nth})"), |_| {
        notices_with(who, &bot, &heading).len() >= nth
    })
    .await;
    let Seen::Notice { body, .. } = notices_with(who, &bot, &heading).remove(nth - 1) else {
        unreachable!()
    };
    body
}

/// Every room that is not in a Space with another is a server of its own (issue 33): from her
/// own room, where she is the admin, Mallory is answered about the tournament of Alice's room
/// exactly as about a number never given, and nothing changes in it or is posted there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_number_from_another_room_is_refused_like_a_number_never_given() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let (_, _, id) = announce(&world, &world.alice, "format=swiss rounds=3").await;
    join_by_command(&world, &world.bob, id, true).await;
    let store = store(&world);
    let entrants_before = store.entrants(id).await.unwrap();
    let in_room = |who: &Person| {
        who.seen()
            .iter()
            .filter(|s| matches!(s, Seen::Notice { room, sender, .. } if *room == world.room && *sender == bot))
            .count()
    };
    let posted_before = in_room(&world.alice);

    let mallory = Person::new("mallory").await;
    let hers = mallory.create_room(false, &[&bot]).await;
    mallory.wait_members(&hers, &[&mallory.id, &bot]).await;
    let answers = || -> Vec<String> {
        mallory
            .seen()
            .into_iter()
            .filter_map(|s| match s {
                Seen::Notice {
                    sender, body, room, ..
                } if sender == bot && room == hers => Some(body),
                _ => None,
            })
            .collect()
    };
    let never = id + 1000;
    let mut asked = 0;
    for word in ["join", "leave", "start", "cancel", "standings", "pairings"] {
        let mut refusals = Vec::new();
        for n in [id, never] {
            mallory
                .say(&hers, &format!("!tournament {word} {n}"), None)
                .await;
            asked += 1;
            mallory
                .wait_for(&format!("the answer to {word} {n}"), |_| {
                    answers().len() >= asked
                })
                .await;
            let answer = answers()[asked - 1].clone();
            refusals.push(answer.replace(&format!("#{n}"), "#N"));
        }
        assert_eq!(
            refusals[0],
            format!(
                "{}: There is no tournament #N here; !tournament lists them.",
                mallory.id
            ),
            "{word}"
        );
        assert_eq!(refusals[0], refusals[1], "{word}");
    }
    // Her room lists no tournament.
    mallory.say(&hers, "!tournament", None).await;
    mallory.notice(&bot, "No tournament here yet").await;
    assert_eq!(answers().len(), asked + 1, "{:#?}", answers());

    // Nothing changed: the same entrants, still open, and nothing more posted in Alice's room.
    assert_eq!(store.entrants(id).await.unwrap(), entrants_before);
    assert_eq!(state(&world, id).await, (TournamentState::Open, 0));
    assert_eq!(in_room(&world.alice), posted_before);
}
