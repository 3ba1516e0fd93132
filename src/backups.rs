//! `chatrang backup FILE` and `chatrang restore FILE`: the way a SQLite database is kept safe
//! and put back. A backup may be made while the bot runs (see `store::backup`). A restore is
//! made with the bot stopped: the copy is checked (sound, and a database of this bot, brought
//! up to this version's tables) before anything is replaced, and the database it replaces is
//! kept beside it, so that a restore never loses anything either.

use std::path::{Path, PathBuf};

use crate::store::{DATABASE_FILE, Store, StoreError, data_dir, database_url, now_ms, sqlite_url};

/// Why a backup or a restore was not made, in a sentence for the person at the terminal.
pub type Refusal = String;

/// Copies the database of `data` (or `DATABASE_URL`'s) into `file`; says what it copied.
pub async fn backup(data: Option<PathBuf>, file: &Path) -> Result<String, Refusal> {
    let dir = data_dir(data);
    let store = open_sqlite(&dir).await?;
    let started = std::time::Instant::now();
    store.backup_into(file).await.map_err(words)?;
    let took = started.elapsed();
    store.close().await;
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    let copy = Store::open(&sqlite_url(file)).await.map_err(words)?;
    let contents = copy.contents().await.map_err(words)?;
    copy.close().await;
    Ok(format!(
        "Backed up {} into {}: {}, {:.1} MB in {:.0} ms.",
        dir.join(DATABASE_FILE).display(),
        file.display(),
        counted(&contents),
        size as f64 / 1e6,
        took.as_secs_f64() * 1e3
    ))
}

/// Puts the backup `file` in place of the database of `data`, the bot being stopped (unless
/// `force`); the database replaced is kept as `chatrang.db.before-restore-TIME`.
pub async fn restore(data: Option<PathBuf>, file: &Path, force: bool) -> Result<String, Refusal> {
    let dir = data_dir(data);
    if !file.is_file() {
        return Err(format!(
            "{} is not a file; name a backup made by chatrang backup",
            file.display()
        ));
    }
    let current = dir.join(DATABASE_FILE);
    sqlite_url_of(&dir)?;
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot make the data directory {}: {e}", dir.display()))?;
    // The copy is checked on a file of its own, so that the backup itself is never changed.
    let restoring = dir.join(format!("{DATABASE_FILE}.restoring"));
    remove_database_files(&restoring)?;
    std::fs::copy(file, &restoring)
        .map_err(|e| format!("cannot copy {} into {}: {e}", file.display(), dir.display()))?;
    let checked = check_copy(&restoring).await;
    let contents = match checked {
        Ok(contents) => contents,
        Err(why) => {
            let _ = remove_database_files(&restoring);
            return Err(format!("{} cannot be restored: {why}", file.display()));
        }
    };
    let stamp = now_ms() / 1000;
    let aside = dir.join(format!("{DATABASE_FILE}.before-restore-{stamp}"));
    if current.exists() {
        let store = Store::open(&sqlite_url(&current)).await.map_err(words)?;
        if !force && store.has_live_process(now_ms()).await.map_err(words)? {
            store.close().await;
            let _ = remove_database_files(&restoring);
            return Err(
                "a bot is running on this database: stop it first (a bot killed without a \
                 clean stop counts as running for 10 more seconds), or pass --force"
                    .to_string(),
            );
        }
        store.backup_into(&aside).await.map_err(words)?;
        store.close().await;
        remove_database_files(&current)?;
    }
    std::fs::rename(&restoring, &current)
        .map_err(|e| format!("cannot put the backup in place: {e}"))?;
    let kept = if aside.exists() {
        format!(" The database it replaced is kept as {}.", aside.display())
    } else {
        String::new()
    };
    Ok(format!(
        "Restored {} into {}: {}.{kept}",
        file.display(),
        current.display(),
        counted(&contents)
    ))
}

/// "3 games (2 finished), 41 moves", with "1 game" and "1 move" when there is one.
fn counted(contents: &crate::store::Contents) -> String {
    let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{} ({} finished), {}",
        plural(contents.games, "game", "games"),
        contents.finished,
        plural(contents.moves, "move", "moves")
    )
}

/// Opens the SQLite database of `dir`; refused when `DATABASE_URL` names PostgreSQL.
async fn open_sqlite(dir: &Path) -> Result<Store, Refusal> {
    Store::open(&sqlite_url_of(dir)?).await.map_err(words)
}

/// The URL of the SQLite database of `dir`; refused when `DATABASE_URL` names PostgreSQL.
fn sqlite_url_of(dir: &Path) -> Result<String, Refusal> {
    let url = database_url(dir, std::env::var("DATABASE_URL").ok().as_deref());
    if !url.starts_with("sqlite:") {
        return Err(
            "DATABASE_URL names PostgreSQL: back it up with pg_dump and restore it with \
             pg_restore (see the README's backups)"
                .to_string(),
        );
    }
    Ok(url)
}

/// Opens the copy at `file` (bringing its tables up to this version), and checks it is sound.
async fn check_copy(file: &Path) -> Result<crate::store::Contents, Refusal> {
    let store = Store::open(&sqlite_url(file))
        .await
        .map_err(|e| format!("it is not a database of this bot ({e})"))?;
    let checked = async {
        store.integrity().await?;
        store.contents().await
    }
    .await;
    store.close().await;
    checked.map_err(words)
}

/// Removes a SQLite database and its journal files; a file that is not there is no error.
fn remove_database_files(file: &Path) -> Result<(), Refusal> {
    for suffix in ["", "-wal", "-shm"] {
        let mut name = file.as_os_str().to_owned();
        name.push(suffix);
        match std::fs::remove_file(&name) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot remove {}: {e}", Path::new(&name).display())),
        }
    }
    Ok(())
}

fn words(error: StoreError) -> Refusal {
    error.to_string()
}
