//! Timed play on Discord: the scheduler loop the adapter runs posts a reminder in the game's
//! thread, mentioning exactly who must act.

use std::time::Duration;

use super::{World, game_of, option, user_option};
use crate::fake::Channel;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_is_posted_in_the_games_thread_with_a_mention_of_who_must_act() {
    let world = World::new().await;
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "new",
        vec![
            option("game", "chess"),
            user_option("opponent", &world.bob),
            option("deadline", "1d"),
        ],
    );
    let challenge = world.fake.wait_answer(&token).await;
    let thread = world
        .fake
        .wait_for("a thread for the game", |r| r.path.ends_with("/threads"))
        .await;
    let thread = Channel::thread(thread.answer["id"].as_str().unwrap());
    world.wait_until_moved(&challenge, &thread).await;
    let token = world.fake.slash(&world.bob, &thread, "accept", vec![]);
    let accepted = world.fake.wait_answer(&token).await;
    assert!(
        accepted
            .content()
            .contains("White to move (alice) · 1 d left."),
        "{}",
        accepted.content()
    );
    let game = game_of(&challenge);
    let bot = world.bot.as_ref().unwrap();
    bot.clock.advance(Duration::from_secs(12 * 3600));
    let reminder = world
        .fake
        .wait_for("the reminder in the thread", |r| {
            r.status < 300 && r.content().contains("a reminder")
        })
        .await;
    assert!(
        reminder.path.contains(&thread.id),
        "posted in the thread: {}",
        reminder.path
    );
    assert!(
        reminder.content().contains(&format!(
            "Game #{game} (Chess): a reminder: White to move (alice)"
        )),
        "{}",
        reminder.content()
    );
    assert!(
        reminder.content().contains("12 h left"),
        "{}",
        reminder.content()
    );
    assert_eq!(reminder.allowed_users(), vec![world.alice.id.to_string()]);
    assert!(
        reminder
            .content()
            .contains(&format!("<@{}>", world.alice.id)),
        "{}",
        reminder.content()
    );
    assert!(!reminder.may_ping_crowds());
}
