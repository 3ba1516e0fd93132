//! A sharded deployment (`DISCORD_SHARDS`): two `chatrang discord` processes, each running
//! one of the bot's two gateway shards, on one PostgreSQL. The fake Discord routes each
//! server's events to its shard's session as Discord does, and direct messages to shard 0.
//! Each process serves the games of its servers, and one process acts on a game the other
//! started, since the database holds every game.

use std::{
    path::Path,
    process::{Child, Command},
    time::Duration,
};

use chatrang::store::{LogKind, Store};

use crate::{
    fake::{Channel, Fake, GUILD_ID, Person, Recorded, int_option, option, user_option},
    postgres::{create_database, postgres_server, with_database},
};

/// A server whose events Discord sends to shard 0 of 2 (`(id >> 22) % 2 == 0`); the fake's
/// usual server, [`GUILD_ID`], is on shard 1.
const GUILD_ON_SHARD_0: &str = "1000000000004194307";

/// Kills the bot process when the test ends, passed or failed.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `chatrang discord` on `database`, running `shards`, with its log in `log`.
fn bot(fake: &Fake, database: &str, shards: &str, log: &Path) -> Process {
    let log = std::fs::File::create(log).unwrap();
    Process(
        Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .arg("discord")
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_SHARDS", shards)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("DATABASE_URL", database)
            .env("RUST_LOG", "info")
            .env_remove("DISCORD_GUILD_ID")
            .stderr(log.try_clone().unwrap())
            .stdout(log)
            .spawn()
            .unwrap(),
    )
}

/// Two people playing chess in a channel of one server.
pub(crate) struct Table {
    pub(crate) lobby: Channel,
    pub(crate) white: Person,
    pub(crate) black: Person,
}

impl Table {
    /// White challenges Black, and Black accepts in the game's thread; returns the game's
    /// number and its thread.
    pub(crate) async fn start_game(&self, fake: &Fake, store: &Store) -> (i64, Channel) {
        let token = fake.slash(
            &self.white,
            &self.lobby,
            "new",
            vec![
                option("game", "chess"),
                user_option("opponent", &self.black),
            ],
        );
        let challenge = fake.wait_answer(&token).await;
        assert!(!challenge.is_ephemeral(), "{}", challenge.content());
        let lobby = format!("/channels/{}/messages/", self.lobby.id);
        let made = fake
            .wait_for("a thread for the game", |r| {
                r.path.contains(&lobby) && r.path.ends_with("/threads")
            })
            .await;
        let thread =
            Channel::thread(made.answer["id"].as_str().unwrap()).in_guild(&self.lobby.guild);
        let game = wait_until_moved(store, &self.white, &thread).await;
        let accepted = play(fake, &self.black, &thread, "accept", vec![]).await;
        assert!(
            accepted.content().contains("accepts"),
            "{}",
            accepted.content()
        );
        (game, thread)
    }
}

/// Waits until `who`'s game is in `thread` (the bot moves it there once the thread exists);
/// returns its number.
async fn wait_until_moved(store: &Store, who: &Person, thread: &Channel) -> i64 {
    for _ in 0..1_500 {
        let games = store.open_games_of_user(&who.id).await.unwrap();
        if let Some(game) = games.iter().find(|g| g.place_id == thread.id) {
            return game.id;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the game never moved to its thread {}", thread.id);
}

/// A slash command in a server channel, and its answer.
async fn play(
    fake: &Fake,
    who: &Person,
    channel: &Channel,
    command: &str,
    options: Vec<serde_json::Value>,
) -> Recorded {
    let token = fake.slash(who, channel, command, options);
    fake.wait_answer(&token).await
}

pub(crate) async fn moved(fake: &Fake, who: &Person, thread: &Channel, notation: &str) -> Recorded {
    play(fake, who, thread, "move", vec![option("move", notation)]).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_each_serve_their_shard_of_the_servers_on_one_postgres() {
    assert_eq!((GUILD_ON_SHARD_0.parse::<u64>().unwrap() >> 22) % 2, 0);
    assert_eq!((GUILD_ID.parse::<u64>().unwrap() >> 22) % 2, 1);
    let Some(server) = postgres_server() else {
        return;
    };
    let name = format!("chatrang_shards_{}", std::process::id());
    create_database(&server.admin_url, &name).await;
    let database = with_database(&server.admin_url, &name);
    let fake = Fake::start_sharded(2).await;
    let logs = tempfile::tempdir().unwrap();

    // One process at a time, so that each shard's session is known to be its process's.
    let _first = bot(&fake, &database, "0/2", &logs.path().join("first.log"));
    fake.wait_identified(0).await;
    let registered = fake.wait_ready(1).await;
    assert_eq!(fake.identified_shards(), vec![[0, 2]]);
    let _second = bot(&fake, &database, "1/2", &logs.path().join("second.log"));
    fake.wait_identified(1).await;
    assert_eq!(fake.identified_shards(), vec![[0, 2], [1, 2]]);
    let store = Store::open(&database).await.unwrap();

    let east = Table {
        lobby: Channel::text(1200000000000000001).in_guild(GUILD_ON_SHARD_0),
        white: Person::new(1300000000000000001, "alice"),
        black: Person::new(1300000000000000002, "bob"),
    };
    let west = Table {
        lobby: Channel::text(1200000000000000002),
        white: Person::new(1300000000000000003, "carol"),
        black: Person::new(1300000000000000004, "dave"),
    };
    let (_, east_thread) = east.start_game(&fake, &store).await;
    let (west_game, west_thread) = west.start_game(&fake, &store).await;
    for (table, thread) in [(&east, &east_thread), (&west, &west_thread)] {
        let answer = moved(&fake, &table.white, thread, "e2e4").await;
        assert!(answer.content().contains("e2–e4"), "{}", answer.content());
    }

    // Dave answers his move in a direct message, which Discord sends to shard 0: the first
    // process plays it in the game the second one started, and posts it in the game's thread.
    let dm = Channel::direct(1600000000000000001);
    let posted = fake.channel_messages(&west_thread.id).len();
    let token = fake.slash_dm(
        &west.black,
        &dm,
        "move",
        vec![option("move", "e7e5"), int_option("game", west_game)],
    );
    let answer = fake.wait_answer(&token).await;
    assert!(
        answer
            .content()
            .contains(&format!("played in <#{}>", west_thread.id)),
        "{}",
        answer.content()
    );
    let in_thread = fake.wait_channel_message(&west_thread.id, posted).await;
    assert!(
        in_thread.content().contains("e7–e5"),
        "{}",
        in_thread.content()
    );

    // The second process sees that move: Carol's next one is played after it, and Dave's
    // move again is out of turn.
    let next = moved(&fake, &west.white, &west_thread, "g1f3").await;
    assert!(next.content().contains("g1–f3"), "{}", next.content());
    let again = moved(&fake, &west.black, &west_thread, "e7e5").await;
    assert!(again.is_ephemeral(), "{}", again.content());
    let moves: Vec<String> = store
        .log(west_game)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == LogKind::Move)
        .filter_map(|e| e.notation)
        .collect();
    assert_eq!(moves.len(), 3, "{moves:?}");

    // Each of the 9 commands was answered once, by the process of its shard; the commands
    // were registered once, by the process with shard 0.
    let answered = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .count();
    assert_eq!(answered, 9, "{}", fake.dump());
    assert_eq!(registered.len(), 1);
    assert_eq!(fake.registrations().len(), 1, "{}", fake.dump());
    assert_eq!(fake.channel_messages(&west_thread.id).len(), posted + 1);
    let second_log = std::fs::read_to_string(logs.path().join("second.log")).unwrap();
    assert!(
        second_log.contains("shard 1 of 2") && second_log.contains("by the process with shard 0"),
        "{second_log}"
    );
}
