//! `chatrang export [--place SERVER] FILE`: every finished game, for people who want their
//! games. Three files are written beside each other, named after FILE without its extension:
//!
//! * `NAME.pgn`: the chess-like games, one after another, as any chess program reads them;
//! * `NAME.records.txt`: the other games in the project's record format (the same layout, in
//!   each game's own notation; see `service::pgn`);
//! * `NAME.jsonl`: every game as one JSON object a line, with its players, result, options,
//!   seed, positions, whole log and record.
//!
//! Each file is written under a temporary name and renamed when complete, so an export cut
//! short never leaves a half file under the real name. The database is only read: the export
//! may run while the bot plays (a game that ends meanwhile is in the next export).

use std::{
    io::Write,
    path::{Path, PathBuf},
    sync::Arc,
};

use crate::{
    service::{Service, TextPainter},
    store::{Store, data_dir, database_url},
};

/// Why an export was not made, in a sentence for the person at the terminal.
pub type Refusal = String;

/// Exports the finished games of `place` (a server's id; every server for `None`) from the
/// database of `data` (or `DATABASE_URL`'s) into the three files named after `file`; says
/// what it wrote.
pub async fn export(
    data: Option<PathBuf>,
    place: Option<String>,
    file: &Path,
) -> Result<String, Refusal> {
    let dir = data_dir(data);
    let url = database_url(&dir, std::env::var("DATABASE_URL").ok().as_deref());
    if url.starts_with("sqlite:") && !dir.join(crate::store::DATABASE_FILE).exists() {
        return Err(format!(
            "there is no database in {}; name the bot's data directory with --data",
            dir.display()
        ));
    }
    let store = Store::open(&url).await.map_err(|e| e.to_string())?;
    let written = write_all(&store, place.as_deref(), file).await;
    store.close().await;
    written
}

/// Reads every finished game of `place` and writes the three files.
async fn write_all(store: &Store, place: Option<&str>, file: &Path) -> Result<String, Refusal> {
    let ids = store
        .finished_game_ids(place)
        .await
        .map_err(|e| e.to_string())?;
    if ids.is_empty() {
        return Err(nothing_to_export(store, place).await);
    }
    let service = Service::new(store.clone(), Arc::new(TextPainter));
    let names = Names::of(file);
    let mut pgn = Partial::create(&names.pgn)?;
    let mut records = Partial::create(&names.records)?;
    let mut lines = Partial::create(&names.jsonl)?;
    let (mut chess_like, mut others, mut unreadable) = (0, 0, Vec::new());
    for id in ids {
        let game = match service.export_game(id).await {
            Ok(game) => game,
            Err(why) => {
                unreadable.push(format!("#{id} ({why})"));
                continue;
            }
        };
        let (out, count) = if game.is_pgn {
            (&mut pgn, &mut chess_like)
        } else {
            (&mut records, &mut others)
        };
        if *count > 0 {
            out.write(b"\n")?;
        }
        out.write(game.record.as_bytes())?;
        *count += 1;
        lines.write(game.json.to_string().as_bytes())?;
        lines.write(b"\n")?;
    }
    for partial in [pgn, records, lines] {
        partial.finish()?;
    }
    let mut said = format!(
        "Exported {} finished {}{}: {} ({chess_like} chess-like), {} ({others} other), {} \
         (all {}).",
        chess_like + others,
        if chess_like + others == 1 {
            "game"
        } else {
            "games"
        },
        place.map_or(String::new(), |p| format!(" of server {p}")),
        names.pgn.display(),
        names.records.display(),
        names.jsonl.display(),
        chess_like + others,
    );
    if !unreadable.is_empty() {
        said.push_str(&format!(
            " Left out, as the bot cannot read them: {}.",
            unreadable.join(", ")
        ));
    }
    Ok(said)
}

/// The refusal when `place` has no finished game: which servers have some, if any.
async fn nothing_to_export(store: &Store, place: Option<&str>) -> Refusal {
    let servers = store
        .servers_with_finished_games()
        .await
        .unwrap_or_default();
    let Some(place) = place.filter(|_| !servers.is_empty()) else {
        return "there is no finished game to export yet".to_string();
    };
    let listed: Vec<String> = servers
        .iter()
        .take(10)
        .map(|(server, games)| format!("{server} ({games})"))
        .collect();
    format!(
        "server {} has no finished game; the servers that have some are: {}",
        place.chars().take(40).collect::<String>(),
        listed.join(", ")
    )
}

/// The three files named after the one asked for.
struct Names {
    pgn: PathBuf,
    records: PathBuf,
    jsonl: PathBuf,
}

impl Names {
    /// `games`, `games.pgn` or `games.jsonl` all give `games.pgn`, `games.records.txt` and
    /// `games.jsonl`.
    fn of(file: &Path) -> Names {
        let known = ["pgn", "jsonl", "txt", "json"];
        let base = match file.extension().and_then(|e| e.to_str()) {
            Some(ext) if known.contains(&ext) => file.with_extension(""),
            _ => file.to_path_buf(),
        };
        let base = base
            .to_str()
            .and_then(|b| b.strip_suffix(".records"))
            .map_or(base.clone(), PathBuf::from);
        let named = |suffix: &str| {
            let mut name = base.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        };
        Names {
            pgn: named(".pgn"),
            records: named(".records.txt"),
            jsonl: named(".jsonl"),
        }
    }
}

/// A file being written under a temporary name, renamed into place by [`Partial::finish`];
/// dropped unfinished (an error on the way), its temporary file is removed.
struct Partial {
    file: Option<std::io::BufWriter<std::fs::File>>,
    temporary: PathBuf,
    target: PathBuf,
}

impl Partial {
    fn create(target: &Path) -> Result<Partial, Refusal> {
        let mut temporary = target.as_os_str().to_owned();
        temporary.push(".partial");
        let temporary = PathBuf::from(temporary);
        let file = std::fs::File::create(&temporary)
            .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        Ok(Partial {
            file: Some(std::io::BufWriter::new(file)),
            temporary,
            target: target.to_path_buf(),
        })
    }

    fn failed(&self, e: impl std::fmt::Display) -> Refusal {
        format!("cannot write {}: {e}", self.temporary.display())
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Refusal> {
        match self.file.as_mut() {
            Some(file) => file.write_all(bytes).map_err(|e| self.failed(e)),
            None => Err(self.failed("it is closed")),
        }
    }

    fn finish(mut self) -> Result<(), Refusal> {
        let Some(file) = self.file.take() else {
            return Err(self.failed("it is closed"));
        };
        let file = file.into_inner().map_err(|e| self.failed(e))?;
        file.sync_all().map_err(|e| self.failed(e))?;
        std::fs::rename(&self.temporary, &self.target)
            .map_err(|e| format!("cannot write {}: {e}", self.target.display()))
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        // After `finish` the temporary name is gone already; otherwise the half file goes.
        let _ = std::fs::remove_file(&self.temporary);
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::Names;

    #[test]
    fn the_three_files_are_named_after_the_one_asked_for() {
        for asked in [
            "out/games",
            "out/games.pgn",
            "out/games.jsonl",
            "out/games.records.txt",
        ] {
            let names = Names::of(Path::new(asked));
            assert_eq!(names.pgn, Path::new("out/games.pgn"), "{asked}");
            assert_eq!(names.records, Path::new("out/games.records.txt"), "{asked}");
            assert_eq!(names.jsonl, Path::new("out/games.jsonl"), "{asked}");
        }
        let names = Names::of(Path::new("club.2026"));
        assert_eq!(names.pgn, Path::new("club.2026.pgn"));
    }
}
