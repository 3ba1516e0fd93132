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

/// While the bot thinks about its move (level 5 thinks up to two seconds), the room shows it
/// typing; once its move is posted, it is typing no more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_is_shown_typing_while_it_thinks_and_not_after() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let alice = &world.alice;
    alice
        .say(&world.room, "!new chess ai=5 as=black", None)
        .await;
    let typing = |s: &Seen| matches!(s, Seen::Typing { users } if users.contains(&bot));
    alice.wait_for("the bot typing", typing).await;
    alice
        .wait_for("the bot's first move", |s| {
            matches!(s, Seen::Notice { sender, thread: Some(_), mentions, .. }
                if *sender == bot && mentions.contains(&alice.id))
        })
        .await;
    let seen = alice.seen();
    let first_typing = seen.iter().position(typing).unwrap();
    let first_move = seen
        .iter()
        .position(|s| matches!(s, Seen::Notice { sender, thread: Some(_), .. } if *sender == bot))
        .unwrap();
    assert!(
        first_typing < first_move,
        "typing shown before the move came"
    );
    // The newest typing state the room gave, once it no longer has the bot.
    let bot_typing_now = || {
        alice
            .seen()
            .into_iter()
            .rev()
            .find_map(|s| match s {
                Seen::Typing { users } => Some(users.contains(&bot)),
                _ => None,
            })
            .unwrap_or(false)
    };
    // Fails (after a minute) if the notice is never withdrawn.
    alice
        .wait_for("the bot typing no more", |_| !bot_typing_now())
        .await;
}
