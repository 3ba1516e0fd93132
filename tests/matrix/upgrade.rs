//! A room upgrade does not strand the room's games. Upgrading a room makes a new room whose
//! `m.room.create` names the old one as its predecessor, and ends the old one with an
//! `m.room.tombstone` naming the new one. The bot follows the tombstone: it announces each open
//! game of the old room in the new room with its board, the game goes on in the thread of that
//! announcement, and the new room keeps the old room's leaderboard. A room that only names
//! another as its predecessor gets nothing of it.

use matrix_sdk::ruma::{
    OwnedEventId, OwnedRoomId, OwnedUserId, RoomVersionId,
    api::client::room::{create_room, upgrade_room},
    events::room::create::PreviousRoom,
    serde::Raw,
};

use super::{Person, Seen, World, fools_mate, in_thread};

/// Upgrades `room` as a client's "upgrade this room" does: the homeserver makes the new room
/// and tombstones the old one; then the client invites the old room's members.
async fn upgrade(world: &World, room: &OwnedRoomId) -> OwnedRoomId {
    let request = upgrade_room::v3::Request::new(room.clone(), RoomVersionId::V11);
    let new = world
        .alice
        .client
        .send(request)
        .await
        .unwrap()
        .replacement_room;
    let new_room = world.alice.room(&new).await;
    for person in [&world.bot_id(), &world.bob.id] {
        new_room.invite_user_by_id(person).await.unwrap();
    }
    world.bob.join(&new).await;
    new
}

/// The bot's announcement, in the main timeline of `room`, that game `id` continues there.
async fn announcement(who: &Person, bot: &OwnedUserId, room: &OwnedRoomId, id: i64) -> Seen {
    let words = format!("Game #{id}");
    who.wait_for(&format!("game #{id} announced in {room}"), |s| {
        matches!(s, Seen::Notice { room: r, sender, body, thread: None, .. }
            if r == room && sender == bot && body.contains(&words) && body.contains("continues here"))
    })
    .await
}

/// Alice's first game with Bob is won by Bob (for the leaderboard); her second is under way
/// (1. e4). Returns the second game's thread.
async fn a_finished_game_and_one_in_progress(world: &World) -> OwnedEventId {
    let bot = world.bot_id();
    let first = world.game().await;
    fools_mate(world, &world.room, &first).await;
    let second = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&second)).await;
    in_thread(&world.bob, &bot, &second, "e2–e4").await;
    second
}

/// The game in progress is announced in the new room with its board, pinging who is to move;
/// a move in the announcement's thread is played; the finished game is not announced; and the
/// new room's leaderboard is the old room's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgraded_rooms_game_goes_on_in_the_new_room_on_the_same_leaderboard() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    a_finished_game_and_one_in_progress(&world).await;
    let new = upgrade(&world, &world.room).await;

    let Seen::Notice {
        event: root,
        mentions,
        body,
        ..
    } = announcement(&world.alice, &bot, &new, 2).await
    else {
        unreachable!()
    };
    assert_eq!(mentions, vec![world.bob.id.clone()], "{body}");
    world
        .alice
        .wait_for("the game's board in the announcement's thread", |s| {
            matches!(s, Seen::Image { room, sender, thread, .. }
                if *room == new && *sender == bot && thread.as_ref() == Some(&root))
        })
        .await;
    world.bob.say(&new, "e7e5", Some(&root)).await;
    let Seen::Notice { room, .. } = in_thread(&world.alice, &bot, &root, "e7–e5").await else {
        unreachable!()
    };
    assert_eq!(room, new);
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let game = store.game(2).await.unwrap().unwrap();
    assert_eq!(game.place_id, format!("{new}|{root}"));

    world.alice.say(&new, "!leaderboard chess", None).await;
    let Seen::Notice { body, .. } = world.alice.notice(&bot, "Glicko").await else {
        unreachable!()
    };
    assert!(body.contains("1 game: 1 won"), "{body}");
    let first_announced = world.alice.seen().iter().any(|s| {
        matches!(s, Seen::Notice { room, body, .. } if *room == new && body.contains("Game #1"))
    });
    assert!(!first_announced, "the finished game stays in the old room");
}

/// Mallory makes a room that names Alice's room as its predecessor: it gets no game and no
/// leaderboard of Alice's room, before Alice's room is upgraded and after, when its tombstone
/// names another room (the one that does get the game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_that_only_claims_a_predecessor_gets_nothing_of_it() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    a_finished_game_and_one_in_progress(&world).await;
    let mallory = Person::new("mallory").await;
    let mut request = create_room::v3::Request::new();
    let mut creation = create_room::v3::CreationContent::new();
    creation.predecessor = Some(PreviousRoom::new(world.room.clone()));
    request.creation_content = Some(Raw::new(&creation).unwrap());
    request.invite = vec![bot.clone()];
    let hers = mallory.client.create_room(request).await.unwrap();
    let hers = hers.room_id().to_owned();
    mallory.wait_members(&hers, &[&bot]).await;

    nothing_of(&mallory, &bot, &hers).await;

    let new = upgrade(&world, &world.room).await;
    announcement(&world.alice, &bot, &new, 2).await;
    nothing_of(&mallory, &bot, &hers).await;
    let said: Vec<Seen> = mallory
        .seen()
        .into_iter()
        .filter(
            |s| matches!(s, Seen::Notice { room, .. } | Seen::Image { room, .. } if *room == hers),
        )
        .collect();
    assert_eq!(said.len(), 4, "only the answers to her commands: {said:#?}");
}

/// Asks in Mallory's room about Alice's game (#2) and the leaderboard, and is answered as about
/// a game and a leaderboard that do not exist.
async fn nothing_of(mallory: &Person, bot: &OwnedUserId, hers: &OwnedRoomId) {
    for (command, answer) in [
        ("!board #2", "There is no game #2"),
        (
            "!leaderboard chess",
            "Nobody has finished a rated game of Chess",
        ),
    ] {
        let answers = || {
            let said = mallory.notices_of(bot);
            said.iter().filter(|b| b.contains(answer)).count()
        };
        let before = answers();
        mallory.say(hers, command, None).await;
        mallory
            .wait_for(&format!("the answer to {command}"), |_| answers() > before)
            .await;
    }
}
