//! File names of pictures and records come only from ids and the bot's own tables, never from
//! what was typed: the console writes them to disk, and a chat platform shows them.

use chatrang::service::{Command, Service, ServiceError, default_painter};

use crate::common::{Backend, TestDb, person, req};

/// A file name that cannot leave its directory or surprise anyone.
fn is_plain(name: &str) -> bool {
    let (stem, extension) = name.rsplit_once('.').unwrap_or((name, ""));
    !stem.is_empty()
        && matches!(extension, "png" | "pgn" | "txt")
        && stem
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn piece_pictures_are_named_from_the_table_whatever_was_typed() {
    let db = TestDb::new(Backend::Sqlite).await.expect("SQLite");
    let service = Service::new(db.open().await, default_painter());
    let asker = person("alice");
    let typed = [
        "../../../etc/passwd",
        "queen/../../x",
        "Q",
        "queen",
        "fmWfcF",
        "a b\\c",
        "\u{202e}gnp.exe",
    ];
    let mut drawn = 0;
    for game in Service::games() {
        let names = service.piece_names(game.key);
        for piece in typed.iter().map(|t| t.to_string()).chain(names) {
            let command = Command::Piece {
                game: game.key.to_string(),
                piece: piece.clone(),
            };
            match service.run(&req(&asker, None), command).await {
                Ok(reply) => {
                    if let Some(image) = reply.image {
                        assert!(
                            is_plain(&image.filename),
                            "{} {piece:?} is drawn as {:?}",
                            game.key,
                            image.filename
                        );
                        drawn += 1;
                    }
                }
                Err(ServiceError::Refused(_)) => {}
                Err(other) => panic!("{} {piece:?}: {other}", game.key),
            }
        }
    }
    assert!(drawn > 20, "the pieces of every game are drawn ({drawn})");
}
