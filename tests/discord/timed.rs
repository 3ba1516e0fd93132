//! Timed play on Discord: the scheduler loop the adapter runs posts a reminder in the game's
//! thread, mentioning exactly who must act.

use std::time::Duration;

use super::{World, game_of, option};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_is_posted_in_the_games_thread_with_a_mention_of_who_must_act() {
    let world = World::new().await;
    let (challenge, accepted, thread) = world
        .game_with("chess", vec![option("deadline", "1d")])
        .await;
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
