//! The bot killed (`kill -9`) in the middle of its work, as a crash would, and started again:
//! no command is lost and nothing is shown twice. The bot runs as its own process
//! (`chatrang matrix`) behind the proxy, which holds the homeserver's answer to a post so that
//! the kill comes while the bot is at a chosen point:
//!
//! * a move whose change is written, its notice taken by the homeserver but not yet
//!   acknowledged to the bot;
//! * the other player's move, received and waiting in its room's queue behind that post;
//! * `!help`, a command that writes nothing, received and waiting behind it too.

use std::time::Duration;

use chatrang::store::{Store, sqlite_url};
use matrix_sdk::ruma::OwnedUserId;

use super::{
    PATIENCE, Person, Seen, accepted_game, binary::Binary, moves_in_thread, notices_in_thread,
    pictures_in_thread, proxy::Proxy, synapse,
};

/// The bot's pictures whose description names `last_move` as the last move.
fn boards_showing(who: &Person, bot: &OwnedUserId, last_move: &str) -> usize {
    let described = format!("last move {last_move}");
    who.seen()
        .iter()
        .filter(|s| {
            matches!(s, Seen::Image { sender, body, .. }
                if sender == bot && body.contains(&described))
        })
        .count()
}

/// The descriptions of the bot's pictures after a move shown more than once (the challenge and
/// the accepted game both show the starting position).
fn boards_shown_twice(who: &Person, bot: &OwnedUserId) -> Vec<String> {
    let mut bodies: Vec<String> = who
        .seen()
        .into_iter()
        .filter_map(|s| match s {
            Seen::Image { sender, body, .. } if sender == *bot && body.contains("last move") => {
                Some(body)
            }
            _ => None,
        })
        .collect();
    bodies.sort();
    let mut twice: Vec<String> = bodies
        .windows(2)
        .filter(|pair| pair[0] == pair[1])
        .map(|pair| pair[0].clone())
        .collect();
    twice.dedup();
    twice
}

/// The answers to `!help` the person saw (the bot's notices listing the commands, outside any
/// thread).
fn help_answers(who: &Person, bot: &OwnedUserId) -> usize {
    who.seen()
        .iter()
        .filter(|s| {
            matches!(s, Seen::Notice { sender, body, thread: None, .. }
                if sender == bot && body.contains("Commands"))
        })
        .count()
}

/// Waits until `done` holds, failing with `what` after [`PATIENCE`].
async fn until(what: &str, done: impl Fn() -> bool) {
    let waited = tokio::time::timeout(PATIENCE, async {
        while !done() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("never: {what}"));
}

/// Each round: White's move is written and its notice held by the homeserver's answer; Black's
/// move and Alice's `!help` arrive behind it; the bot is killed and started again. Three kills;
/// after each, every command is answered exactly once, and the record has exactly the moves
/// played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_caught_by_a_kill_are_handled_once_after_the_restart() {
    let proxy = Proxy::start(&synapse().url).await;
    let login = synapse().register("chatrang");
    let data = tempfile::tempdir().unwrap();
    let mut bot = Binary::start(data.path(), &proxy.url, &login, 0);
    let (alice, bob) = (Person::new("alice").await, Person::new("bob").await);
    let bot_id = OwnedUserId::try_from(format!("@{}:{}", login.0, alice.id.server_name())).unwrap();
    let room = alice.create_room(false, &[&bot_id, &bob.id]).await;
    bob.join(&room).await;
    alice
        .wait_members(&room, &[&alice.id, &bob.id, &bot_id])
        .await;
    let root = accepted_game(&alice, &bob, &bot_id, &room).await;
    // The challenge's board and the accepted game's.
    until("the accepted game's board", || {
        pictures_in_thread(&alice, &bot_id, &root) == 2
    })
    .await;

    let rounds = [
        ("e2e4", "e2–e4", "e7e5", "e7–e5"),
        ("g1f3", "g1–f3", "b8c6", "b8–c6"),
        ("f1c4", "f1–c4", "f8c5", "f8–c5"),
    ];
    for (n, (white, white_shown, black, black_shown)) in rounds.into_iter().enumerate() {
        let held_before = proxy.answers_held();
        proxy.hold_next_answer("/send/m.room.message/");
        // As a command, whose refusal would show if it ran twice (a bare word that is no
        // legal move gets no answer).
        alice
            .say(&room, &format!("!move {white}"), Some(&root))
            .await;
        until("the bot's post of White's move held", || {
            proxy.answers_held() > held_before
        })
        .await;
        bob.say(&room, black, Some(&root)).await;
        alice.say(&room, "!help", None).await;
        // The bot's long poll hears of them within a round trip; give it ample time.
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!(
            notices_in_thread(&bob, &bot_id, &root, black_shown),
            0,
            "Black's move waited behind the held post"
        );
        let _ = bot.kill();
        proxy.release();
        bot = Binary::start(data.path(), &proxy.url, &login, n + 1);

        until("Black's move answered after the restart", || {
            notices_in_thread(&alice, &bot_id, &root, black_shown) >= 1
        })
        .await;
        until("!help answered after the restart", || {
            help_answers(&alice, &bot_id) > n
        })
        .await;
        // White's post, held when the bot was killed, is posted again by the new process once
        // the dead one's claim on it has run out: its notice is the one the homeserver already
        // has, and the board is Black's move's by then (a late post shows no old board).
        until("White's post delivered by the outbox", || {
            bot.logged().contains("delivered a waiting post")
        })
        .await;
        until("the board after Black's move", || {
            boards_showing(&alice, &bot_id, black_shown) == 1
        })
        .await;
        // Anything shown twice would come within moments of the rest.
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!(
            notices_in_thread(&alice, &bot_id, &root, white_shown),
            1,
            "White's move shown once"
        );
        assert_eq!(
            notices_in_thread(&alice, &bot_id, &root, black_shown),
            1,
            "Black's move shown once"
        );
        assert_eq!(
            help_answers(&alice, &bot_id),
            n + 1,
            "each !help answered once"
        );
        assert_eq!(boards_showing(&alice, &bot_id, black_shown), 1);
        // Nothing else either: a move run again would be refused ("not your turn") here.
        assert_eq!(
            notices_in_thread(&alice, &bot_id, &root, ""),
            1 + 2 * (n + 1),
            "the acceptance, and each move's notice, only: {:#?}",
            alice.notices_of(&bot_id)
        );
        assert_eq!(boards_shown_twice(&alice, &bot_id), Vec::<String>::new());
    }
    let _ = bot.kill();

    let store = Store::open(&sqlite_url(&data.path().join("chatrang.db")))
        .await
        .unwrap();
    let moves = moves_in_thread(&store, &room, &root).await;
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"]);
    store.close().await;
}
