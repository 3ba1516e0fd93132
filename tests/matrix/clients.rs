//! The habits of Matrix clients the bot understands: an edit that fixes a mistyped command, a
//! reply (with the quoted fallback of clients without rich replies, and no thread) that answers
//! a game's message, and read receipts.

use matrix_sdk::ruma::events::{
    receipt::{ReceiptThread, ReceiptType},
    relation::{InReplyTo, Replacement, Reply, Thread},
    room::message::{Relation, RoomMessageEventContent, RoomMessageEventContentWithoutRelation},
};

use super::{Seen, World, in_thread};

/// A command with a typo is refused; its author's edit that fixes it is played, once, even
/// when edited again; an edit of a command that ran (`main.rs`) or of a bare move that was
/// played stays unplayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_that_fixes_a_mistyped_command_is_played_once() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    let room = world.alice.room(&world.room).await;
    let mut typo = RoomMessageEventContent::text_plain("!mvoe e2e4");
    typo.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    let original = room.send(typo).await.unwrap().response.event_id;
    world.alice.notice(&bot, "mvoe").await;
    let edit = |text: &str| {
        let mut edit = RoomMessageEventContent::text_plain(format!("* {text}"));
        edit.relates_to = Some(Relation::Replacement(Replacement::new(
            original.clone(),
            RoomMessageEventContentWithoutRelation::text_plain(text),
        )));
        edit
    };
    room.send(edit("!move e2e4")).await.unwrap();
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    // Edited once more, into another move: not played.
    room.send(edit("!move d2d4")).await.unwrap();
    world.bob.say(&world.room, "e7e5", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "e7–e5").await;

    // A bare move that was played, edited at the player's next turn: not played either.
    let mut bare = RoomMessageEventContent::text_plain("g1f3");
    bare.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    let played = room.send(bare).await.unwrap().response.event_id;
    in_thread(&world.bob, &bot, &root, "g1–f3").await;
    world.bob.say(&world.room, "b8c6", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "b8–c6").await;
    let mut edit = RoomMessageEventContent::text_plain("* f1c4");
    edit.relates_to = Some(Relation::Replacement(Replacement::new(
        played,
        RoomMessageEventContentWithoutRelation::text_plain("f1c4"),
    )));
    room.send(edit).await.unwrap();
    // The room's events are handled in order: once `!board` is answered, the edit was seen.
    let before = world.alice.notices_of(&bot).len();
    world.alice.say(&world.room, "!board", Some(&root)).await;
    world
        .alice
        .wait_for("the answer to !board", |_| {
            world.alice.notices_of(&bot).len() > before
        })
        .await;

    let said = world.alice.notices_of(&bot);
    assert!(said.iter().all(|b| !b.contains("d2–d4")), "{said:#?}");
    assert!(said.iter().all(|b| !b.contains("f1–c4")), "{said:#?}");
    assert_eq!(said.iter().filter(|b| b.contains("e2–e4")).count(), 1);
}

/// A client without threads answers the bot's board with a reply: the quoted fallback is left
/// out, and the bare move counts in the game of the message it answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bare_move_sent_as_a_reply_with_a_quoted_fallback_is_played_in_its_game() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    let Seen::Notice { event: board, .. } = in_thread(&world.bob, &bot, &root, "e2–e4").await
    else {
        unreachable!()
    };
    let mut reply = RoomMessageEventContent::text_plain(format!(
        "> <{bot}> Game #1: alice played e2–e4.\n> bob to move.\n\ne7e5"
    ));
    reply.relates_to = Some(Relation::Reply(Reply::new(InReplyTo::new(board))));
    world.bob.room(&world.room).await.send(reply).await.unwrap();
    in_thread(&world.alice, &bot, &root, "e7–e5").await;

    // A reply to the challenge itself, the thread's root, counts in its game too.
    let mut reply = RoomMessageEventContent::text_plain("g1f3");
    reply.relates_to = Some(Relation::Reply(Reply::new(InReplyTo::new(root.clone()))));
    world
        .alice
        .room(&world.room)
        .await
        .send(reply)
        .await
        .unwrap();
    in_thread(&world.bob, &bot, &root, "g1–f3").await;
}

/// The bot marks a command it answered as read, as a person's client would.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_the_bot_answered_is_marked_read() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let room = world.alice.room(&world.room).await;
    let help = RoomMessageEventContent::text_plain("!help");
    let asked = room.send(help).await.unwrap().response.event_id;
    world.alice.notice(&bot, "Commands").await;
    let marked = async {
        loop {
            let receipt = room
                .load_user_receipt(ReceiptType::Read, ReceiptThread::Unthreaded, &bot)
                .await
                .unwrap();
            if receipt.is_some_and(|(event, _)| event == asked) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(super::PATIENCE, marked).await.unwrap();
}
