//! `chatrang check-config [discord|matrix|console]`: the settings the bot would run with (from
//! the flags, the environment and the settings file; see `config`), each with where it came
//! from and the secrets hidden, then what is missing or wrong. Nothing is started and nothing
//! is written. The exit status is non-zero when something is wrong, so that a deployment script
//! can stop there.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
};

use crate::{
    config::{Loaded, Source},
    store::{DATABASE_FILE, data_dir},
};

/// The chat platforms (and the console) a check may be for.
const PLATFORMS: [&str; 3] = ["discord", "matrix", "console"];

/// What a check found: the report to print, and the problems in it.
#[derive(Debug, Default)]
pub struct Report {
    pub text: String,
    pub problems: usize,
}

impl Report {
    fn line(&mut self, name: &str, value: impl AsRef<str>) {
        let _ = writeln!(self.text, "  {name:<22} {}", value.as_ref());
    }

    fn problem(&mut self, what: impl AsRef<str>) {
        let _ = writeln!(self.text, "  ✗ {}", what.as_ref());
        self.problems += 1;
    }
}

/// Checks the settings for `platform` (every platform set up when `None`) with the data
/// directory `data` (`--data`), as loaded by `config::load`.
pub fn check(platform: Option<&str>, data: Option<PathBuf>, loaded: &Loaded) -> Report {
    let mut report = Report::default();
    let platform = platform.map(str::to_lowercase);
    if let Some(named) = &platform
        && !PLATFORMS.contains(&named.as_str())
    {
        report.problem(format!(
            "\"{}\" is not something the bot runs; check discord, matrix or console",
            named.chars().take(40).collect::<String>()
        ));
        return report;
    }
    let _ = writeln!(report.text, "Settings:");
    report.line(
        "settings file",
        loaded
            .file
            .as_ref()
            .map_or("none (--config or CHATRANG_CONFIG)".to_string(), |f| {
                f.display().to_string()
            }),
    );
    let dir = data_dir(data.clone());
    common(&mut report, data, loaded);
    let wanted = |name: &str| platform.as_deref().is_none_or(|p| p == name);
    if wanted("discord") {
        discord(&mut report, loaded, platform.is_some());
    }
    if wanted("matrix") {
        matrix(&mut report, &dir, loaded, platform.is_some());
    }
    let _ = match report.problems {
        0 => writeln!(report.text, "The settings are fine."),
        1 => writeln!(report.text, "1 setting needs fixing."),
        n => writeln!(report.text, "{n} settings need fixing."),
    };
    report
}

/// The settings every way of running shares: the data, the database, the stop, the log.
fn common(report: &mut Report, data: Option<PathBuf>, loaded: &Loaded) {
    let from_flag = data.is_some();
    let dir = data_dir(data);
    let origin = if from_flag {
        "--data".to_string()
    } else if std::env::var_os("CHATRANG_DATA").is_some() {
        from("CHATRANG_DATA", loaded)
    } else {
        "the default".to_string()
    };
    match data_state(&dir) {
        Ok(note) => report.line(
            "data directory",
            format!("{} ({origin}){note}", dir.display()),
        ),
        Err(why) => report.problem(format!(
            "the data directory {} {why}: give --data or CHATRANG_DATA a folder the bot may \
             write",
            dir.display()
        )),
    }
    match std::env::var("DATABASE_URL").ok() {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => report
            .line(
                "database",
                format!(
                    "PostgreSQL {} ({})",
                    redacted_url(&url),
                    from("DATABASE_URL", loaded)
                ),
            ),
        Some(url) if !url.starts_with("sqlite:") => report.problem(format!(
            "DATABASE_URL must be a postgres:// URL (or unset, for SQLite in the data \
             directory); it starts \"{}\"",
            url.split("://")
                .next()
                .unwrap_or("")
                .chars()
                .take(20)
                .collect::<String>()
        )),
        _ => report.line(
            "database",
            format!("SQLite, {}", dir.join(DATABASE_FILE).display()),
        ),
    }
    match crate::stopping::grace_from_env() {
        Ok(grace) => report.line(
            "stop grace period",
            format!(
                "{} s ({})",
                grace.as_secs_f64(),
                from_or_default("CHATRANG_STOP_GRACE", loaded)
            ),
        ),
        Err(why) => report.problem(why),
    }
    match crate::logging::log_format() {
        Ok(format) => {
            let format = match format {
                crate::logging::LogFormat::Text => "text",
                crate::logging::LogFormat::Json => "JSON",
            };
            let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| "the default".into());
            report.line("log", format!("{format}, filter {filter}"));
        }
        Err(why) => report.problem(why),
    }
    if let Ok(games) = std::env::var(crate::service::CAPACITY_VARIABLE) {
        match games.trim().parse::<usize>() {
            Ok(n) if n > 0 => report.line("games kept in memory", n.to_string()),
            _ => report.problem(format!(
                "CHATRANG_CACHE_GAMES is how many games are kept in memory, a positive \
                 number; \"{}\" is not",
                games.chars().take(40).collect::<String>()
            )),
        }
    }
}

fn discord(report: &mut Report, loaded: &Loaded, required: bool) {
    if std::env::var_os("DISCORD_TOKEN").is_none() && !required {
        report.line("Discord", "not set up (no DISCORD_TOKEN)");
        return;
    }
    match crate::discord::Config::from_env() {
        Ok(config) => {
            report.line(
                "Discord token",
                format!(
                    "set, {} characters, hidden ({})",
                    config.token.chars().count(),
                    from("DISCORD_TOKEN", loaded)
                ),
            );
            report.line(
                "Discord commands",
                config.guild_id.map_or("in every server".to_string(), |id| {
                    format!("in server {id} only (DISCORD_GUILD_ID)")
                }),
            );
            if let Ok(shards) = std::env::var("DISCORD_SHARDS") {
                report.line("Discord shards", shards.trim());
            }
        }
        Err(why) => report.problem(why.to_string()),
    }
}

fn matrix(report: &mut Report, dir: &Path, loaded: &Loaded, required: bool) {
    if std::env::var_os("MATRIX_HOMESERVER").is_none() && !required {
        report.line("Matrix", "not set up (no MATRIX_HOMESERVER)");
        return;
    }
    match crate::matrix::Config::new(crate::matrix::Values::from_env(), dir) {
        Ok(config) => {
            report.line("Matrix homeserver", &config.homeserver);
            report.line(
                "Matrix login",
                match &config.login {
                    Some((user, _)) => format!(
                        "{user}, password hidden ({})",
                        from("MATRIX_PASSWORD", loaded)
                    ),
                    None => format!("the session kept in {}", config.dir.display()),
                },
            );
            report.line("Matrix prefix", config.prefix.to_string());
            report.line(
                "Matrix invites",
                if config.allowed_servers.is_empty() {
                    "from anyone".to_string()
                } else {
                    format!("from {}", config.allowed_servers.join(", "))
                },
            );
        }
        Err(why) => report.problem(why.to_string()),
    }
}

/// Where `key` came from, in words.
fn from(key: &str, loaded: &Loaded) -> String {
    match loaded.source(key) {
        Source::Environment => key.to_string(),
        Source::File(file) => format!("{key} in {}", file.display()),
        Source::SecretFile(file) => format!("{key}_FILE, {}", file.display()),
    }
}

/// Where `key` came from, or "the default" when it is not set.
fn from_or_default(key: &str, loaded: &Loaded) -> String {
    match std::env::var_os(key) {
        Some(_) => from(key, loaded),
        None => "the default".to_string(),
    }
}

/// A URL with its password hidden: `postgres://bot:•••@db/chatrang`.
pub fn redacted_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return "(hidden)".to_string();
    };
    let Some((credentials, host)) = rest.rsplit_once('@') else {
        return url.to_string();
    };
    let user = credentials.split(':').next().unwrap_or("");
    format!("{scheme}://{user}:•••@{host}")
}

/// "" when the bot may write in `dir`, a note when it will be made at the first start, or
/// what is wrong.
fn data_state(dir: &Path) -> Result<&'static str, &'static str> {
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => Err("is not a folder"),
        Ok(_) if !may_write(dir) => Err("is read-only for the bot"),
        Ok(_) => Ok(""),
        Err(_) => {
            // Made at the first start, inside its nearest existing parent.
            let parent = dir
                .ancestors()
                .skip(1)
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        p
                    }
                })
                .find(|p| p.exists());
            match parent {
                Some(parent) if parent.is_dir() && may_write(parent) => {
                    Ok(", made at the first start")
                }
                _ => Err("does not exist and cannot be made"),
            }
        }
    }
}

/// Whether this process may write in `path` (the access check the kernel makes, owner,
/// group and all).
fn may_write(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c_path) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: access reads the NUL-terminated path and nothing else.
    unsafe { libc::access(c_path.as_ptr(), libc::W_OK) == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_password_is_hidden() {
        assert_eq!(
            redacted_url("postgres://bot:s3cret@db:5432/chatrang"),
            "postgres://bot:•••@db:5432/chatrang"
        );
        assert_eq!(
            redacted_url("postgresql://a:b:c@h/d"),
            "postgresql://a:•••@h/d"
        );
        assert_eq!(
            redacted_url("postgres://db/chatrang"),
            "postgres://db/chatrang"
        );
    }
}
