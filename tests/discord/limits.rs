//! Limits per person on Discord (issue 33): one person's burst of open challenges stops at the
//! server's limit with a private sentence and no more threads; `/limits` is shown to anyone and
//! changed by a moderator only; a 6,000-character argument is never repeated back whole.

use super::World;
use crate::fake::{Person, int_option, option};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_challenges_stops_at_the_limit_with_a_private_sentence() {
    let world = World::new().await;
    let threads = || {
        world
            .fake
            .requests()
            .into_iter()
            .filter(|r| r.path.ends_with("/threads") && r.status < 300)
            .count()
    };
    let mut tokens = Vec::new();
    for _ in 0..8 {
        tokens.push(world.fake.slash(
            &world.alice,
            &world.lobby,
            "new",
            vec![option("game", "chess")],
        ));
    }
    let mut refused = 0;
    for token in &tokens {
        let answer = world.fake.wait_answer(token).await;
        if answer.content().starts_with("You have 5 challenges") {
            assert!(answer.is_ephemeral(), "{}", answer.content());
            assert!(answer.content().contains("/limits"), "{}", answer.content());
            refused += 1;
        }
    }
    assert_eq!(refused, 3, "eight challenges at once, five allowed");
    world
        .fake
        .wait_for("five threads", |_| threads() >= 5)
        .await;
    let store = world.bot.as_ref().unwrap().service.store().clone();
    assert_eq!(
        store
            .open_games_of_user(&world.alice.id)
            .await
            .unwrap()
            .len(),
        5
    );
    assert_eq!(threads(), 5, "no thread for a refused challenge");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_are_shown_to_anyone_and_set_by_moderators_only() {
    let world = World::new().await;
    let token = world
        .fake
        .slash(&world.alice, &world.lobby, "limits", vec![]);
    let shown = world.fake.wait_answer(&token).await;
    assert!(
        shown.content().contains("challenges=5"),
        "{}",
        shown.content()
    );
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "limits",
        vec![int_option("challenges", 50)],
    );
    let answer = world.fake.wait_answer(&token).await;
    assert!(answer.is_ephemeral());
    assert!(
        answer
            .content()
            .starts_with("Only a moderator of this server"),
        "{}",
        answer.content()
    );
    let moderator = Person::moderator(1300000000000000004, "dana");
    let token = world.fake.slash(
        &moderator,
        &world.lobby,
        "limits",
        vec![int_option("challenges", 1), int_option("bot_games", 0)],
    );
    let set = world.fake.wait_answer(&token).await;
    assert!(!set.is_ephemeral(), "the channel sees its new limits");
    assert!(
        set.content().contains("challenges=1") && set.content().contains("bot-games=0"),
        "{}",
        set.content()
    );
    world.challenge().await;
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "new",
        vec![option("game", "chess")],
    );
    let refused = world.fake.wait_answer(&token).await;
    assert!(
        refused.content().starts_with("You have 1 challenges"),
        "{}",
        refused.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_thousand_character_argument_is_not_repeated_back() {
    let world = World::new().await;
    let thread = world.game().await;
    // Letters that never repeat a run, so that any 41 of them in the answer are an echo.
    let mut state = 7u64;
    let typed: String = (0..6000)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            char::from(b'a' + ((state >> 33) % 26) as u8)
        })
        .collect();
    for (command, name) in [("moves", "from"), ("move", "move"), ("piece", "name")] {
        let mut options = vec![option(name, &typed)];
        if command == "piece" {
            options.push(option("game", "chess"));
        }
        let token = world.fake.slash(&world.alice, &thread, command, options);
        let answer = world.fake.wait_answer(&token).await;
        let text = answer.content().to_string();
        assert!(answer.is_ephemeral(), "/{command}: {text}");
        let echoed = (0..typed.len() - 40).any(|start| text.contains(&typed[start..start + 41]));
        assert!(
            !echoed,
            "/{command} repeats more than 40 characters: {} characters in all",
            text.len()
        );
        assert!(text.len() < 400, "/{command}: {text}");
    }
}
