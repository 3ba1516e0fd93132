//! Every server is its own house (issue 33), on Discord: a member of another server, with every
//! permission there, and a stranger in a direct message are answered about any game of this
//! server exactly as about a number never used, privately, and nothing is posted in the game's
//! thread nor changed; autocomplete offers a person only the games of the server they type in.

use super::World;
use crate::fake::{Channel, Person, int_option, option};

/// Another server, where Mallory is a member with every permission (an admin there).
const OTHER_GUILD: &str = "1000000000000000099";

/// Every slash command that names a game, with the options that would act on it.
fn commands_about_a_game() -> Vec<(&'static str, Vec<serde_json::Value>)> {
    vec![
        ("accept", vec![]),
        ("decline", vec![]),
        ("join", vec![]),
        ("leave", vec![]),
        ("move", vec![option("move", "e7e5")]),
        ("moves", vec![option("from", "e7")]),
        ("board", vec![]),
        ("resign", vec![]),
        ("draw", vec![]),
        ("undo", vec![]),
        ("rematch", vec![]),
        ("history", vec![]),
        ("abort", vec![]),
        ("hint", vec![]),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_servers_admin_and_a_stranger_in_a_dm_reach_no_game_of_this_server() {
    let world = World::new().await;
    let service = world.bot.as_ref().unwrap().service.clone();
    let store = service.store().clone();
    let thread = world.game().await;
    world.play(&world.alice, &thread, "e2e4").await;
    let game = store.open_games_of_user(&world.alice.id).await.unwrap()[0].id;
    let before = store.game(game).await.unwrap().unwrap();
    let in_thread = world.fake.channel_messages(&thread.id).len();
    let never_used = game + 1000;

    let mallory = Person::admin(1300000000000000099, "mallory");
    let elsewhere = Channel::text(1200000000000000099).in_guild(OTHER_GUILD);
    let dm = Channel::direct(1600000000000000099);
    for (name, options) in commands_about_a_game() {
        for from_dm in [false, true] {
            let mut answers = Vec::new();
            for id in [never_used, game] {
                let mut given = options.clone();
                given.push(int_option("game", id));
                let token = if from_dm {
                    world.fake.slash_dm(&mallory, &dm, name, given.clone())
                } else {
                    world.fake.slash(&mallory, &elsewhere, name, given.clone())
                };
                let answer = world.fake.wait_answer(&token).await;
                assert!(answer.is_ephemeral(), "/{name}: {}", answer.content());
                answers.push(answer.content().replace(&format!("#{id}"), "#N"));
            }
            let place = if from_dm {
                "a direct message"
            } else {
                "another server"
            };
            assert_eq!(answers[0], answers[1], "/{name} from {place}");
            // A direct message has no moderator: /abort is refused there before any game is
            // looked for. Everything else is answered as a number never used.
            if !(from_dm && name == "abort") {
                assert_eq!(
                    answers[1], "There is no game #N; /games lists yours.",
                    "/{name} from {place}"
                );
            }
        }
    }
    assert_eq!(
        store.game(game).await.unwrap().unwrap(),
        before,
        "nothing changed"
    );
    assert_eq!(
        world.fake.channel_messages(&thread.id).len(),
        in_thread,
        "nothing was posted in the game's thread"
    );
    // Alice's games: listed and suggested in this server, not in another one.
    let token = world.fake.slash(&world.alice, &elsewhere, "games", vec![]);
    let listed = world.fake.wait_answer(&token).await;
    assert!(
        !listed.content().contains(&format!("#{game}")),
        "{}",
        listed.content()
    );
    for (channel, offered) in [(&world.lobby, true), (&elsewhere, false)] {
        let token = world.fake.autocomplete(
            &world.alice,
            channel,
            "board",
            // Discord sends what is typed into an integer option as text while it is typed.
            vec![serde_json::json!({"name": "game", "type": 4, "value": "", "focused": true})],
        );
        let answer = world.fake.wait_answer(&token).await;
        let choices = answer.json["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            choices.iter().any(|c| c["value"] == game),
            offered,
            "{:?}",
            answer.json
        );
    }
    // In its own server the same admin rights do end the game.
    let moderator = Person::moderator(1300000000000000098, "moderator");
    let token = world.fake.slash(
        &moderator,
        &world.lobby,
        "abort",
        vec![int_option("game", game)],
    );
    let aborted = world.fake.wait_answer(&token).await;
    assert!(
        aborted.content().contains("aborted") || aborted.content().contains("Done"),
        "{}",
        aborted.content()
    );
    let row = store.game(game).await.unwrap().unwrap();
    assert!(row.outcome.unwrap().starts_with("aborted by moderator"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_the_bot_itself_is_refused_with_the_way_to_play_it() {
    let world = World::new().await;
    let chessbot = Person::new(crate::fake::BOT_ID.parse().unwrap(), "chessbot");
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "new",
        vec![
            option("game", "chess"),
            crate::fake::user_option("opponent", &chessbot),
        ],
    );
    let answer = world.fake.wait_answer(&token).await;
    assert!(answer.is_ephemeral(), "{}", answer.content());
    assert_eq!(answer.content(), chatrang::service::PLAY_THE_BOT);
    let store = world.bot.as_ref().unwrap().service.store().clone();
    assert!(
        store
            .open_games_of_user(&world.alice.id)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        !world
            .fake
            .requests()
            .iter()
            .any(|r| r.path.ends_with("/threads")),
        "no thread was opened"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_servers_leaderboard_and_limits_show_nothing_of_this_one() {
    let world = World::new().await;
    let thread = world.game().await;
    let token = world.fake.slash(
        &world.bob,
        &thread,
        "resign",
        vec![int_option("confirm", 0)],
    );
    world.fake.wait_answer(&token).await;
    let elsewhere = Channel::text(1200000000000000099).in_guild(OTHER_GUILD);
    let mallory = Person::admin(1300000000000000099, "mallory");
    let ask = |channel: &Channel, command: &str, options| {
        world.fake.slash(&mallory, channel, command, options)
    };
    let here = world
        .fake
        .wait_answer(&ask(
            &world.lobby,
            "leaderboard",
            vec![option("game", "chess")],
        ))
        .await;
    assert!(here.content().contains("alice"), "{}", here.content());
    let there = world
        .fake
        .wait_answer(&ask(
            &elsewhere,
            "leaderboard",
            vec![option("game", "chess")],
        ))
        .await;
    assert!(
        !there.content().contains("alice") && !there.content().contains("bob"),
        "{}",
        there.content()
    );
    // Mallory's limits for her own server leave this server's as they were.
    let token = ask(&elsewhere, "limits", vec![int_option("challenges", 1)]);
    world.fake.wait_answer(&token).await;
    let token = world
        .fake
        .slash(&world.alice, &world.lobby, "limits", vec![]);
    let ours = world.fake.wait_answer(&token).await;
    assert!(
        ours.content().contains("challenges=5"),
        "{}",
        ours.content()
    );
}
