//! Tournaments on Discord (issue 37), end to end through the fake: `/tournament new` announces
//! one with Join and Leave buttons, players join by the button or by `/tournament join`, the
//! creator starts it, and every round's games are announced in the channel by the delivery loop
//! (each gets its own thread, where it is played with `/resign` and `/draw`); the rounds'
//! standings and the final standings are posted in the tournament's own thread, opened from
//! its announcement, and `/tournament standings` gives the table in words
//! and as a picture. The results are those of the service-level tests (tests/bot/tournaments.rs),
//! so the hand-computed tie-breaks there are checked here through Discord. A tournament's
//! number or Join button used in another server is refused privately, as a number never given.

use chatrang::store::TournamentState;
use serde_json::{Value, json};

use super::World;
use crate::fake::{Channel, Person, Recorded, int_option, option};

/// Another server, where Mallory is a member with every permission.
pub(crate) const OTHER_GUILD: &str = "1000000000000000077";

/// `/resign`'s `confirm` choice that resigns at once (Yes, the first choice).
pub(crate) const YES: i64 = 0;

/// How a game between two players ends, by their names: the winner's name, or `None` for a
/// draw.
type Results<'a> = &'a [(&'a str, &'a str, Option<&'a str>)];

/// `/tournament`'s `action` option for the action `name`, as Discord sends a choice: the value
/// the bot registered for it.
fn action(world: &World, name: &str) -> Value {
    let registration = &world.fake.registrations()[0];
    let command = registration
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "tournament")
        .expect("/tournament is registered");
    let option = command["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "action")
        .expect("/tournament has an action option");
    let choice = option["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no action {name}: {option}"));
    json!({"name": "action", "type": option["type"], "value": choice["value"]})
}

/// The `number` option naming tournament `id`.
pub(crate) fn number_option(id: i64) -> Value {
    int_option("number", id)
}

/// Runs `/tournament` with the action `name` and more options; returns what was shown.
pub(crate) async fn tournament(
    world: &World,
    who: &Person,
    channel: &Channel,
    name: &str,
    more: Vec<Value>,
) -> Recorded {
    let mut options = vec![action(world, name)];
    options.extend(more);
    let token = world.fake.slash(who, channel, "tournament", options);
    world.fake.wait_answer(&token).await
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

/// The Join button of tournament `id`'s announcement; its id names the tournament, not a game.
pub(crate) fn join_button(announcement: &Recorded, id: i64) -> String {
    let ids = announcement.button_ids();
    ids.iter()
        .find(|b| b.ends_with(&format!(":tournament:join {id}")))
        .unwrap_or_else(|| panic!("no Join button in {ids:?}"))
        .clone()
}

/// `creator` announces a chess tournament in the lobby with `terms`; returns the announcement,
/// the tournament's number, and the thread opened from the announcement for its news.
async fn announce(world: &World, creator: &Person, terms: Vec<Value>) -> (Recorded, i64, Channel) {
    announce_game(world, creator, ("chess", "Chess"), terms).await
}

/// The same for `game` (its id and name): its thread is named "Tournament #N · Name".
pub(crate) async fn announce_game(
    world: &World,
    creator: &Person,
    (game, name): (&str, &str),
    terms: Vec<Value>,
) -> (Recorded, i64, Channel) {
    let mut more = vec![option("game", game)];
    more.extend(terms);
    let announcement = tournament(world, creator, &world.lobby, "new", more).await;
    assert!(!announcement.is_ephemeral(), "{}", announcement.content());
    let id = number(announcement.content());
    let from = format!(
        "/api/v10/channels/{}/messages/{}/threads",
        world.lobby.id,
        announcement.answer["id"].as_str().unwrap()
    );
    let made = world
        .fake
        .wait_for("the tournament's thread", |r| {
            r.path == from && r.status < 300
        })
        .await;
    assert_eq!(made.json["name"], format!("Tournament #{id} · {name}"));
    let thread = Channel::thread(made.answer["id"].as_str().unwrap());
    (announcement, id, thread)
}

/// `who` clicks the announcement's Join button, and is in.
async fn join_by_button(world: &World, who: &Person, announcement: &Recorded, id: i64) {
    let click = world
        .fake
        .click(who, &announcement.answer, &join_button(announcement, id));
    let joined = world.fake.wait_answer(&click).await;
    assert!(!joined.is_ephemeral(), "{}", joined.content());
    assert!(
        joined
            .content()
            .contains(&format!("{} joins tournament #{id}", who.name)),
        "{}",
        joined.content()
    );
}

/// `who` types `/tournament join` with the tournament's number, and is in.
async fn join_by_command(world: &World, who: &Person, id: i64) {
    let joined = tournament(world, who, &world.lobby, "join", vec![number_option(id)]).await;
    assert!(!joined.is_ephemeral(), "{}", joined.content());
    assert!(
        joined
            .content()
            .contains(&format!("{} joins tournament #{id}", who.name)),
        "{}",
        joined.content()
    );
}

/// One game of a round, as its announcement in the channel names it.
#[derive(Debug)]
struct Board {
    white: String,
    black: String,
    /// The thread the game is played in, opened from its announcement.
    thread: Channel,
}

/// The messages the delivery loop posted in `channel` that announce a board of round `round`
/// of tournament `id`, in the order posted.
fn announcements(world: &World, channel: &Channel, id: i64, round: i64) -> Vec<Recorded> {
    let heading = format!("Tournament #{id}, round {round}, board ");
    world
        .fake
        .channel_messages(&channel.id)
        .into_iter()
        .filter(|m| m.content().contains(&heading))
        .collect()
}

/// The players of an announcement: "…, board 2: bob (White) – dave (Black)."
fn players(announcement: &Recorded) -> (String, String) {
    let text = announcement.content();
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

/// Waits until the `count` boards of round `round` are announced in the lobby (channel
/// messages of the delivery loop, board 1 first, each pinging its two players) and each game
/// is in the thread opened from its announcement; returns them.
async fn round_announced(world: &World, id: i64, round: i64, count: usize) -> Vec<Board> {
    world
        .fake
        .wait_for(&format!("the {count} boards of round {round}"), |_| {
            announcements(world, &world.lobby, id, round).len() >= count
        })
        .await;
    let posted = announcements(world, &world.lobby, id, round);
    assert_eq!(posted.len(), count, "round {round}: {posted:?}");
    let mut boards = Vec::new();
    for (i, announcement) in posted.iter().enumerate() {
        assert!(
            announcement
                .content()
                .contains(&format!("round {round}, board {}: ", i + 1)),
            "{}",
            announcement.content()
        );
        assert_eq!(announcement.allowed_users().len(), 2, "both players pinged");
        let (white, black) = players(announcement);
        let from = format!(
            "/api/v10/channels/{}/messages/{}/threads",
            world.lobby.id,
            announcement.answer["id"].as_str().unwrap()
        );
        let made = world
            .fake
            .wait_for(&format!("the thread of {white}–{black}"), |r| {
                r.path == from && r.status < 300
            })
            .await;
        let thread = Channel::thread(made.answer["id"].as_str().unwrap());
        // The thread is named "Game #N · Chess".
        let name = made.json["name"].as_str().unwrap();
        let game: i64 = name
            .trim_start_matches("Game #")
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number in the thread's name {name}"));
        world.wait_until_game_moved(game, &thread).await;
        boards.push(Board {
            white,
            black,
            thread,
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

/// Plays every board to the result `results` gives it, in the game's thread: the loser
/// `/resign`s at once, or White offers a draw with `/draw` and Black takes it the same way.
async fn play_round(world: &World, boards: &[Board], results: Results<'_>, people: &[&Person]) {
    let person = |name: &str| {
        *people
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("nobody called {name}"))
    };
    for board in boards {
        let (white, black) = (person(&board.white), person(&board.black));
        let slash = |who: &Person, name: &str, options: Vec<Value>| {
            world.fake.slash(who, &board.thread, name, options)
        };
        match result_between(results, &board.white, &board.black) {
            Some(winner) => {
                let loser = if winner == white.name { black } else { white };
                let token = slash(loser, "resign", vec![int_option("confirm", YES)]);
                let resigned = world.fake.wait_answer(&token).await;
                assert!(!resigned.is_ephemeral(), "{}", resigned.content());
                assert!(
                    resigned
                        .content()
                        .contains(&format!("{} resigns", loser.name)),
                    "{}",
                    resigned.content()
                );
            }
            None => {
                let token = slash(white, "draw", vec![]);
                let offered = world.fake.wait_answer(&token).await;
                assert!(
                    offered.content().contains("offers a draw"),
                    "{}",
                    offered.content()
                );
                let token = slash(black, "draw", vec![]);
                let drawn = world.fake.wait_answer(&token).await;
                assert!(!drawn.is_ephemeral(), "{}", drawn.content());
                assert!(
                    drawn
                        .content()
                        .contains(&format!("{} accepts the draw", black.name)),
                    "{}",
                    drawn.content()
                );
            }
        }
    }
}

/// Waits for the bot's message in `channel` that contains `words`.
async fn posted_in(world: &World, channel: &Channel, words: &str) -> Recorded {
    crate::delivery::posted(world, channel, words).await
}

pub(crate) async fn state(world: &World, id: i64) -> (TournamentState, i64) {
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let t = store.tournament(id).await.unwrap().unwrap();
    (t.state, t.round)
}

/// Tournament `id` (its `format` named as people read it) is over after 3 rounds: the bot
/// posted in the tournament's thread `news` that `winner` won, with the final `table`, and
/// `/tournament standings` answers with the same table. Nothing of its news is in the channel.
async fn assert_final(
    world: &World,
    asker: &Person,
    (id, news): (i64, &Channel),
    winner: &str,
    format: &str,
    table: &str,
) {
    let over = posted_in(
        world,
        news,
        &format!("Tournament #{id} is over. Winner: {winner}"),
    )
    .await;
    let in_channel = world.fake.channel_messages(&world.lobby.id);
    assert!(
        !in_channel
            .iter()
            .any(|m| m.content().contains("is over") || m.content().contains("Standings after")),
        "the tournament's news stays in its thread"
    );
    assert!(
        over.shown()
            .ends_with(&format!("Final standings:\n{table}")),
        "{}",
        over.content()
    );
    assert_eq!(state(world, id).await, (TournamentState::Over, 3));
    let heading = format!("Tournament #{id} ({format}), final standings:\n{table}");
    assert_standings(world, asker, id, &heading).await;
}

/// `/tournament standings` answers with the table in words (exactly `table`) and as a PNG
/// with a description for screen readers.
async fn assert_standings(world: &World, asker: &Person, id: i64, table: &str) {
    let answer = tournament(
        world,
        asker,
        &world.lobby,
        "standings",
        vec![number_option(id)],
    )
    .await;
    assert_eq!(answer.shown(), table);
    let pngs = answer.pngs();
    assert_eq!(pngs.len(), 1, "{:?}", answer.files);
    assert_eq!(
        pngs[0].filename,
        format!("tournament-{id}-standings.png"),
        "{:?}",
        pngs[0].filename
    );
    image::load_from_memory(&pngs[0].bytes).expect("the standings are a PNG");
    let attachments = answer
        .json
        .get("attachments")
        .or_else(|| answer.json.pointer("/data/attachments"))
        .cloned()
        .unwrap_or_default();
    assert!(
        attachments.to_string().contains("final standings"),
        "the alt text: {attachments}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_round_robin_is_played_on_discord_to_its_final_standings() {
    let world = World::new().await;
    let (alice, bob) = (&world.alice, &world.bob);
    let carol = Person::new(1300000000000000003, "carol");
    let dave = Person::new(1300000000000000004, "dave");
    let (announcement, id, news) = announce(
        &world,
        alice,
        vec![option("format", "round-robin"), option("deadline", "1d")],
    )
    .await;
    assert!(
        announcement.content().contains("round robin"),
        "{}",
        announcement.content()
    );
    // Bob and Carol click Join under the announcement; Dave types the command, and Alice
    // types it without a number (the only tournament here).
    join_by_button(&world, bob, &announcement, id).await;
    join_by_button(&world, &carol, &announcement, id).await;
    join_by_command(&world, &dave, id).await;
    let joined = tournament(&world, alice, &world.lobby, "join", vec![]).await;
    assert!(
        joined.content().contains("alice joins tournament"),
        "{}",
        joined.content()
    );
    assert!(
        joined.content().contains("(4 players)"),
        "{}",
        joined.content()
    );
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
        started.content().contains("round 1 of 3"),
        "{}",
        started.content()
    );

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
    let people = [alice, bob, &carol, &dave];
    let mut met = Vec::new();
    for round in 1..=3 {
        let boards = round_announced(&world, id, round, 2).await;
        assert_eq!(state(&world, id).await, (TournamentState::Running, round));
        for board in &boards {
            let mut pair = [board.white.clone(), board.black.clone()];
            pair.sort();
            assert!(!met.contains(&pair), "{pair:?} meet twice");
            met.push(pair);
        }
        play_round(&world, &boards, results, &people).await;
        if round < 3 {
            // The next round opens in the tournament's thread with the standings so far.
            posted_in(&world, &news, &format!("Standings after round {round}:")).await;
        }
    }
    assert_eq!(met.len(), 6, "everyone met everyone");

    // The final standings, worked out by hand in tests/bot/tournaments.rs: alice 2½ (SB 3¼);
    // bob and dave 1½ (SB 1¼), equal on both, share 2nd–3rd; carol ½ (SB 1¼).
    let table = "1. alice 2½ (SB 3¼)\n\
                 2–3. bob 1½ (SB 1¼)\n\
                 2–3. dave 1½ (SB 1¼)\n\
                 4. carol ½ (SB 1¼)";
    assert_final(&world, &carol, (id, &news), "alice", "round robin", table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_swiss_of_three_rounds_is_played_on_discord_to_its_final_standings() {
    let world = World::new().await;
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let people: Vec<Person> = names
        .iter()
        .zip(1300000000000000011..)
        .map(|(name, id)| Person::new(id, name))
        .collect();
    let (announcement, id, news) = announce(
        &world,
        &people[0],
        vec![option("format", "swiss"), int_option("rounds", 3)],
    )
    .await;
    for (i, player) in people.iter().enumerate() {
        if i % 2 == 0 {
            join_by_button(&world, player, &announcement, id).await;
        } else {
            join_by_command(&world, player, id).await;
        }
    }
    let started = tournament(
        &world,
        &people[0],
        &world.lobby,
        "start",
        vec![number_option(id)],
    )
    .await;
    assert!(
        started.content().contains("round 1 of 3"),
        "{}",
        started.content()
    );
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
    let everyone: Vec<&Person> = people.iter().collect();
    for (round, expected) in (1..).zip(pairings) {
        let boards = round_announced(&world, id, round, 3).await;
        let paired: Vec<(&str, &str)> = boards
            .iter()
            .map(|b| (b.white.as_str(), b.black.as_str()))
            .collect();
        assert_eq!(paired, expected, "round {round}");
        play_round(&world, &boards, results, &everyone).await;
    }

    let table = "1. fay 2½ (BH 5, BH-C1 4, SB 3¾)\n\
                 2. ann 2½ (BH 4, BH-C1 4, SB 2¾)\n\
                 3. ben 1½ (BH 5, BH-C1 4, SB 1¾)\n\
                 4. eve 1½ (BH 4, BH-C1 4, SB ¾)\n\
                 5. cat 1 (BH 4, BH-C1 4, SB 0)\n\
                 6. dan 0 (BH 5, BH-C1 4, SB 0)";
    assert_final(&world, &people[1], (id, &news), "fay", "Swiss", table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_servers_join_and_join_button_are_refused_privately_like_an_unknown_number() {
    let world = World::new().await;
    let (announcement, id, _) = announce(
        &world,
        &world.alice,
        vec![option("format", "swiss"), int_option("rounds", 3)],
    )
    .await;
    join_by_command(&world, &world.bob, id).await;
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let entrants_before = store.entrants(id).await.unwrap();

    let mallory = Person::admin(1300000000000000099, "mallory");
    let elsewhere = Channel::text(1200000000000000077).in_guild(OTHER_GUILD);
    let never_used = id + 1000;
    // `/tournament join N` there: the same private words as for a number never given.
    let refusal = |answer: &Recorded, n: i64| {
        assert!(answer.is_ephemeral(), "{}", answer.content());
        answer.content().replace(&format!("#{n}"), "#N")
    };
    let theirs = tournament(
        &world,
        &mallory,
        &elsewhere,
        "join",
        vec![number_option(id)],
    )
    .await;
    let never = tournament(
        &world,
        &mallory,
        &elsewhere,
        "join",
        vec![number_option(never_used)],
    )
    .await;
    let words = refusal(&never, never_used);
    assert!(words.contains("no tournament #N here"), "{words}");
    assert_eq!(refusal(&theirs, id), words);

    // The announcement's Join button, copied into the other server, and a Join button of a
    // number never given: the same private words again.
    // (The fake knows the other channel's server from the commands above.)
    let mut copied = announcement.answer.clone();
    copied["channel_id"] = json!(elsewhere.id);
    let click = world
        .fake
        .click(&mallory, &copied, &join_button(&announcement, id));
    assert_eq!(refusal(&world.fake.wait_answer(&click).await, id), words);
    let forged = join_button(&announcement, id)
        .replace(&format!("join {id}"), &format!("join {never_used}"));
    let click = world.fake.click(&mallory, &copied, &forged);
    assert_eq!(
        refusal(&world.fake.wait_answer(&click).await, never_used),
        words
    );

    // Nothing changed: the same entrants, still open, and nothing posted in either channel.
    assert_eq!(store.entrants(id).await.unwrap(), entrants_before);
    assert_eq!(state(&world, id).await, (TournamentState::Open, 0));
    assert!(world.fake.channel_messages(&elsewhere.id).is_empty());
    assert!(world.fake.channel_messages(&world.lobby.id).is_empty());
}
