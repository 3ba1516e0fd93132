//! Seeks and subscriptions on Discord (issue 37): a moderator names a role for a game's seeks,
//! a member subscribes, and a new seek pings exactly that role and that member (no other role,
//! nobody else); a second seek that meets it starts the game in a thread of its own with both
//! players; refusals are private.

use chatrang::store::GameState;

use super::World;
use crate::fake::{Channel, Person, option, role_option};

const ROLE: &str = "1500000000000000007";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_pings_the_games_role_and_followers_and_a_matching_seek_starts_a_thread() {
    let world = World::new().await;
    let moderator = Person::moderator(1300000000000000009, "mod");
    let carol = Person::new(1300000000000000003, "carol");

    let token = world.fake.slash(
        &world.bob,
        &world.lobby,
        "subscribe",
        vec![
            option("game", "katarenga"),
            role_option("role", ROLE, "katarenga-fans"),
        ],
    );
    let refused = world.fake.wait_answer(&token).await;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("moderators"),
        "{}",
        refused.content()
    );

    let token = world.fake.slash(
        &moderator,
        &world.lobby,
        "subscribe",
        vec![
            option("game", "katarenga"),
            role_option("role", ROLE, "katarenga-fans"),
        ],
    );
    let set = world.fake.wait_answer(&token).await;
    assert!(
        set.content().contains(&format!("<@&{ROLE}>")),
        "{}",
        set.content()
    );
    assert!(
        set.allowed_roles().is_empty(),
        "saying the role pings nobody"
    );
    let token = world.fake.slash(
        &carol,
        &world.lobby,
        "subscribe",
        vec![option("game", "katarenga")],
    );
    world.fake.wait_answer(&token).await;

    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "seek",
        vec![
            option("games", "katarenga,cataclysm"),
            option("deadline", "1d"),
        ],
    );
    let offer = world.fake.wait_answer(&token).await;
    assert!(!offer.is_ephemeral(), "a seek is shown to the channel");
    assert!(
        offer
            .content()
            .starts_with(&format!("<@&{ROLE}> <@{}>", carol.id)),
        "{}",
        offer.content()
    );
    assert_eq!(offer.allowed_roles(), vec![ROLE.to_string()]);
    assert_eq!(offer.allowed_users(), vec![carol.id.clone()]);
    assert!(!offer.may_ping_crowds());

    let token = world.fake.slash(
        &world.bob,
        &world.lobby,
        "seek",
        vec![option("games", "cataclysm"), option("deadline", "1d")],
    );
    let answered = world.fake.wait_answer(&token).await;
    assert!(
        answered.allowed_users().contains(&world.alice.id),
        "Alice is told: {}",
        answered.content()
    );
    let thread = world
        .fake
        .wait_for("a thread for the game", |r| r.path.ends_with("/threads"))
        .await;
    let thread = Channel::thread(thread.answer["id"].as_str().unwrap());
    let game: i64 = answered
        .content()
        .split("Game #")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no game number in: {}", answered.content()));
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let moved = async {
        loop {
            let row = store.game(game).await.unwrap().unwrap();
            if row.place_id == thread.id {
                return row;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let row = tokio::time::timeout(std::time::Duration::from_secs(30), moved)
        .await
        .expect("the game moves to its thread");
    assert_eq!(row.state, GameState::Active);
    assert_eq!(row.variant.as_str(), "cataclysm");
    assert_eq!(row.timing.per_turn_ms, Some(86_400_000));
    let people = store.participants(game).await.unwrap();
    assert_eq!(people.len(), 2);

    let token = world.fake.slash(
        &carol,
        &world.lobby,
        "seek",
        vec![option("games", "kriegspiel")],
    );
    let unknown = world.fake.wait_answer(&token).await;
    assert!(unknown.is_ephemeral(), "{}", unknown.content());
    assert!(
        unknown.content().contains("kriegspiel"),
        "{}",
        unknown.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeks_play_button_starts_the_game_in_a_thread() {
    let world = World::new().await;
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "seek",
        vec![option("games", "katarenga,chess")],
    );
    let offer = world.fake.wait_answer(&token).await;
    let buttons = offer.button_ids();
    assert_eq!(buttons.len(), 2, "a Play button per game: {buttons:?}");
    let chess = buttons
        .iter()
        .find(|id| id.ends_with("chess"))
        .expect("a button for chess");
    let token = world.fake.click(&world.bob, &offer.answer, chess);
    let played = world.fake.wait_answer(&token).await;
    assert!(
        played.content().contains("A seek is answered"),
        "{}",
        played.content()
    );
    world
        .fake
        .wait_for("a thread for the game", |r| r.path.ends_with("/threads"))
        .await;
    let token = world.fake.click(
        &Person::new(1300000000000000004, "dave"),
        &offer.answer,
        chess,
    );
    let late = world.fake.wait_answer(&token).await;
    assert!(late.is_ephemeral(), "{}", late.content());
    assert!(
        late.content().starts_with("There is no open seek #"),
        "{}",
        late.content()
    );
}
