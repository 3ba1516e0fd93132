//! Playing the bot on Matrix: a game started in the room's main timeline lives in the thread of
//! its announcement, even when the bot makes the first move.

use chatrang::store::LogKind;

use super::{Seen, World, in_thread};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_playing_white_moves_in_the_games_thread_and_the_game_stays_there() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let alice = &world.alice;
    alice
        .say(&world.room, "!new chess ai=1 as=black", None)
        .await;
    let Seen::Notice {
        event: root,
        thread,
        ..
    } = alice
        .wait_for("the game's announcement", |s| {
            matches!(s, Seen::Notice { sender, body, .. }
                if *sender == bot && body.contains("against Chatrang level 1"))
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(thread, None, "the announcement is in the room's timeline");

    // The bot's first move comes in the announcement's thread, pinging Alice, and nothing of
    // the game lands in the room's main timeline.
    alice
        .wait_for("the bot's first move in the thread", |s| {
            matches!(s, Seen::Notice { sender, thread, mentions, .. }
                if *sender == bot && thread.as_ref() == Some(&root) && mentions.contains(&alice.id))
        })
        .await;
    assert!(
        !alice.seen().iter().any(|s| matches!(s,
            Seen::Notice { sender, thread: None, event, .. } if *sender == bot && *event != root)
            || matches!(s, Seen::Image { sender, thread: None, .. } if *sender == bot)),
        "nothing but the announcement is outside the thread: {:#?}",
        alice.seen()
    );

    // Alice answers in the thread (a7a6 is legal after any first move of White's), and the
    // game is still the thread's.
    alice.say(&world.room, "a7a6", Some(&root)).await;
    in_thread(alice, &bot, &root, "a7–a6").await;
    let store = world.bot.as_ref().unwrap().service.store();
    let place = format!("{}|{root}", world.room);
    let game = store.last_game_in_place(&place).await.unwrap();
    let game = game.expect("the game lives in its thread");
    let moves = store.log(game.id).await.unwrap();
    let moves = moves.iter().filter(|e| e.kind == LogKind::Move).count();
    assert!(moves >= 2, "the bot's move and Alice's are recorded");
}
