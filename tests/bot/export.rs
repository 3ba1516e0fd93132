//! `chatrang export` (issue 39), run as the real binary on a SQLite data directory: every
//! finished game lands in the PGN file (chess-like games) or the records file (the others),
//! each record the very file `/history` attaches, and in the JSON Lines file with its players,
//! result and whole log; `--place` keeps one server's games; games still being played, and
//! other servers' games under `--place`, are left out.

use std::{path::Path, sync::Arc};

use chatrang::{
    service::{Command, NewGame, Place, Service, TextPainter, User},
    store::{DATABASE_FILE, Store, sqlite_url},
};
use serde_json::Value;

use crate::{
    backups::{chatrang, said},
    common::{ITALIAN, ITALIAN_RECORDED, ask, ok, person, play, req, two_player},
};

/// `chatrang export ARGS --data DATA`: whether it succeeded, and what it said.
fn export(data: &Path, args: &[&str]) -> (bool, String) {
    let output = chatrang(data, &[&["export"], args].concat());
    (output.status.success(), said(&output))
}

/// The record `/history` attaches to game `id`.
async fn history_record(service: &Service, who: &User, place: &Place, id: i64) -> String {
    let reply = ok(service
        .run(&ask(place, who, Some(id)), Command::History)
        .await);
    String::from_utf8(reply.attachment.expect("a record").content).unwrap()
}

/// A game of `game` in `place` between two people, accepted, that Black resigns at once.
async fn resigned_at_once(service: &Service, place: &Place, game: &str) -> i64 {
    let (white, black) = (person("carol"), person("dave"));
    let reply = ok(service
        .run(
            &ask(place, &white, None),
            Command::New(NewGame {
                game: game.into(),
                opponent: Some(black.clone()),
                seed: Some(3),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a new game").id;
    ok(service
        .run(&ask(place, &black, Some(id)), Command::Accept)
        .await);
    ok(service
        .run(&ask(place, &black, Some(id)), Command::Resign)
        .await);
    id
}

fn lines(file: &Path) -> Vec<Value> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_writes_every_finished_game_as_pgn_records_and_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&sqlite_url(&dir.path().join(DATABASE_FILE)))
        .await
        .unwrap();
    let service = Service::new(store, Arc::new(TextPainter));
    let (alice, bob) = (person("alice"), person("bob"));
    let here = Place::new("server-1", "channel-1");
    let there = Place::new("server-2", "channel-2");

    let italian = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, italian, &alice, &bob, &ITALIAN).await;
    ok(service
        .run(&req(&bob, Some(italian)), Command::Resign)
        .await);
    let katarenga = resigned_at_once(&service, &here, "katarenga").await;
    let elsewhere = resigned_at_once(&service, &there, "chess").await;
    let still_playing = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, still_playing, &alice, &bob, &["e4"]).await;

    let out = dir.path().join("games");
    let (done, said) = export(dir.path(), &[out.to_str().unwrap()]);
    assert!(done, "{said}");
    assert!(said.starts_with("Exported 3 finished games:"), "{said}");

    // The PGN file holds the two chess games, each exactly as /history attaches it.
    let pgn = std::fs::read_to_string(dir.path().join("games.pgn")).unwrap();
    let expected = format!(
        "{}\n{}",
        history_record(&service, &alice, &here, italian).await,
        history_record(&service, &person("carol"), &there, elsewhere).await
    );
    assert_eq!(pgn, expected);
    assert!(pgn.contains("10. Nbd2 Re8 1-0"), "{pgn}");
    // The records file holds the Katarenga game in its own notation.
    let records = std::fs::read_to_string(dir.path().join("games.records.txt")).unwrap();
    assert_eq!(
        records,
        history_record(&service, &alice, &here, katarenga).await
    );
    assert!(records.contains("[Variant \"katarenga\"]"), "{records}");

    // Every finished game is a line of JSON with its players, result and whole log.
    let games = lines(&dir.path().join("games.jsonl"));
    let ids: Vec<i64> = games.iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [italian, katarenga, elsewhere]);
    let first = &games[0];
    assert_eq!(first["white"][0]["name"], "alice");
    assert_eq!(first["black"][0]["id"], "id-bob");
    assert_eq!(first["result"], "1-0");
    assert_eq!(first["winner"], "white");
    assert_eq!(first["server"], "server-1");
    assert_eq!(
        first["record"],
        Value::from(history_record(&service, &alice, &here, italian).await)
    );
    let moves: Vec<&str> = first["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["kind"] == "move")
        .map(|entry| entry["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ITALIAN_RECORDED);
    assert_eq!(games[1]["result"], "1-0");
    assert_eq!(games[1]["game"], "katarenga");
    assert!(
        first["ended_at"].as_str().unwrap().ends_with('Z'),
        "{}",
        first["ended_at"]
    );

    // One server's games only; an unknown server is refused with the ones that have games.
    let (done, said) = export(dir.path(), &["--place", "server-2", out.to_str().unwrap()]);
    assert!(done, "{said}");
    let games = lines(&dir.path().join("games.jsonl"));
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"].as_i64(), Some(elsewhere));
    assert!(
        std::fs::read_to_string(dir.path().join("games.records.txt"))
            .unwrap()
            .is_empty()
    );
    let (done, said) = export(dir.path(), &["--place", "server-9", "other"]);
    assert!(!done);
    assert!(
        said.contains("server server-9 has no finished game")
            && said.contains("server-1 (2), server-2 (1)"),
        "{said}"
    );
    // No half file is left behind by an export that could not write.
    let (done, said) = export(
        dir.path(),
        &[dir.path().join("missing/games").to_str().unwrap()],
    );
    assert!(!done, "{said}");
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
