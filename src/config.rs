//! Where the settings come from, besides the flags: the environment, then an optional settings
//! file (`--config FILE` or `CHATRANG_CONFIG`: `KEY=value` lines, the format Docker's
//! `env_file` and systemd's `EnvironmentFile` read), whose values count only where the
//! environment has none. Secrets may also be read from files (`DISCORD_TOKEN_FILE`,
//! `MATRIX_PASSWORD_FILE`, `DATABASE_URL_FILE`), as Docker and systemd hand out secrets, so
//! that they never sit in an environment listing.
//!
//! Everything is put in the process's environment once, at the start, before any thread:
//! every part of the program reads its settings from there.

use std::path::{Path, PathBuf};

/// The settings that are secrets: never printed, and each may come from a file.
pub const SECRETS: [&str; 3] = ["DISCORD_TOKEN", "MATRIX_PASSWORD", "DATABASE_URL"];

/// Where one setting came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Environment,
    /// The settings file.
    File(PathBuf),
    /// The file a `…_FILE` variable named.
    SecretFile(PathBuf),
}

/// What loading found: where each setting that came from elsewhere than the environment came
/// from, and the settings file used.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub file: Option<PathBuf>,
    pub from: Vec<(String, Source)>,
}

impl Loaded {
    /// Where `key` came from: the environment unless it is listed.
    pub fn source(&self, key: &str) -> Source {
        self.from
            .iter()
            .find(|(k, _)| k == key)
            .map_or(Source::Environment, |(_, source)| source.clone())
    }
}

/// Puts the settings file's values (where the environment has none) and the secrets read from
/// files into the environment. Call it first thing, before any thread is started.
pub fn load(flag: Option<&Path>) -> Result<Loaded, String> {
    let mut loaded = Loaded::default();
    let file = flag
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("CHATRANG_CONFIG").map(PathBuf::from));
    if let Some(file) = file {
        let entries = dotenvy::from_path_iter(&file).map_err(|error| {
            format!("cannot read the settings file {}: {error}", file.display())
        })?;
        for entry in entries {
            let (key, value) = entry.map_err(|error| {
                format!(
                    "the settings file {} has a line that does not read as KEY=value: {error}",
                    file.display()
                )
            })?;
            if std::env::var_os(&key).is_none() {
                set(&key, &value);
                loaded.from.push((key, Source::File(file.clone())));
            }
        }
        loaded.file = Some(file);
    }
    for key in SECRETS {
        let file_key = format!("{key}_FILE");
        let Some(path) = std::env::var_os(&file_key).map(PathBuf::from) else {
            continue;
        };
        if std::env::var_os(key).is_some() && loaded.source(key) == Source::Environment {
            return Err(format!(
                "both {key} and {file_key} are set; keep one of them"
            ));
        }
        let secret = std::fs::read_to_string(&path).map_err(|error| {
            format!(
                "{file_key} names {}, which cannot be read: {error}",
                path.display()
            )
        })?;
        set(key, secret.trim_end_matches(['\r', '\n']));
        loaded.from.retain(|(k, _)| k != key);
        loaded
            .from
            .push((key.to_string(), Source::SecretFile(path)));
    }
    Ok(loaded)
}

fn set(key: &str, value: &str) {
    // SAFETY: called by `load` at the start of `main`, before any thread exists, so nothing
    // reads the environment while it changes.
    unsafe { std::env::set_var(key, value) };
}
