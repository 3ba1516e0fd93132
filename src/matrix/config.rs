//! The Matrix adapter's settings, read from the environment once at start-up so that a missing
//! setting is reported before anything connects.

use std::{env, fmt, path::PathBuf};

/// The file in the bot's folder that keeps its Matrix session (the login and device).
pub const SESSION_FILE: &str = "session.json";

/// Why the settings cannot be used; the sentence says what to set.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "MATRIX_HOMESERVER is not set; set it to the homeserver's URL, such as \
         https://matrix.example.org (see the README's Matrix section)"
    )]
    NoHomeserver,
    #[error("MATRIX_HOMESERVER must be an http:// or https:// URL, not \"{0}\"")]
    BadHomeserver(String),
    #[error(
        "MATRIX_USER and MATRIX_PASSWORD are needed for the first login (the session is kept \
         in {0} afterwards)"
    )]
    NoLogin(String),
    #[error(
        "MATRIX_PREFIX must be one character that is not a letter or digit, such as !, not \"{0}\""
    )]
    BadPrefix(String),
}

/// Everything `chatrang matrix` needs besides the database.
#[derive(Clone)]
pub struct Config {
    /// The homeserver's URL (`MATRIX_HOMESERVER`).
    pub homeserver: String,
    /// The bot's user, such as `chatrang` or `@chatrang:example.org` (`MATRIX_USER`), and its
    /// password (`MATRIX_PASSWORD`): only for the first login.
    pub login: Option<(String, String)>,
    /// What starts a command (`MATRIX_PREFIX`, default `!`).
    pub prefix: char,
    /// Invites are accepted only from these servers (`MATRIX_ALLOWED_SERVERS`, comma
    /// separated); empty: from anyone.
    pub allowed_servers: Vec<String>,
    /// Where the session and the end-to-end keys are kept: `DIR/matrix/`.
    pub dir: PathBuf,
}

/// Never print the password, even in a debug dump.
impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("homeserver", &self.homeserver)
            .field("user", &self.login.as_ref().map(|(user, _)| user))
            .field("prefix", &self.prefix)
            .field("allowed_servers", &self.allowed_servers)
            .field("dir", &self.dir)
            .finish()
    }
}

/// The raw values, as the environment gives them.
#[derive(Clone, Debug, Default)]
pub struct Values {
    pub homeserver: Option<String>,
    pub user: Option<String>,
    pub password: Option<String>,
    pub prefix: Option<String>,
    pub allowed_servers: Option<String>,
}

impl Values {
    pub fn from_env() -> Values {
        Values {
            homeserver: env::var("MATRIX_HOMESERVER").ok(),
            user: env::var("MATRIX_USER").ok(),
            password: env::var("MATRIX_PASSWORD").ok(),
            prefix: env::var("MATRIX_PREFIX").ok(),
            allowed_servers: env::var("MATRIX_ALLOWED_SERVERS").ok(),
        }
    }
}

impl Config {
    /// The settings for the data directory `data`: `data/matrix/` keeps the session.
    pub fn new(values: Values, data: &std::path::Path) -> Result<Config, ConfigError> {
        let dir = data.join("matrix");
        let homeserver = values
            .homeserver
            .map(|h| h.trim().trim_end_matches('/').to_string())
            .filter(|h| !h.is_empty())
            .ok_or(ConfigError::NoHomeserver)?;
        if !homeserver.starts_with("http://") && !homeserver.starts_with("https://") {
            return Err(ConfigError::BadHomeserver(homeserver));
        }
        let login = match (values.user, values.password) {
            (Some(user), Some(password)) if !user.trim().is_empty() && !password.is_empty() => {
                Some((user.trim().to_string(), password))
            }
            _ => None,
        };
        if login.is_none() && !dir.join(SESSION_FILE).exists() {
            return Err(ConfigError::NoLogin(dir.display().to_string()));
        }
        let typed = values.prefix.unwrap_or_else(|| "!".to_string());
        let mut chars = typed.trim().chars();
        let prefix = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_alphanumeric() && !c.is_whitespace() => c,
            _ => return Err(ConfigError::BadPrefix(typed)),
        };
        let allowed_servers = values
            .allowed_servers
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_lowercase())
            .filter(|s| !s.is_empty())
            .collect();
        Ok(Config {
            homeserver,
            login,
            prefix,
            allowed_servers,
            dir,
        })
    }

    /// Whether an invite from `user` (`@name:server`) may be accepted.
    pub fn accepts_invites_from(&self, user: &str) -> bool {
        let server = user.split_once(':').map_or("", |(_, s)| s).to_lowercase();
        self.allowed_servers.is_empty() || self.allowed_servers.contains(&server)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> Values {
        Values {
            homeserver: Some("http://127.0.0.1:8008/".into()),
            user: Some("chatrang".into()),
            password: Some("secret".into()),
            ..Values::default()
        }
    }

    #[test]
    fn a_complete_setting_is_read_with_the_defaults() {
        let config = Config::new(values(), std::path::Path::new("/tmp/data")).unwrap();
        assert_eq!(config.homeserver, "http://127.0.0.1:8008");
        assert_eq!(config.prefix, '!');
        assert_eq!(config.dir, std::path::Path::new("/tmp/data/matrix"));
        assert!(config.accepts_invites_from("@alice:anywhere.org"));
        assert!(
            !format!("{config:?}").contains("secret"),
            "the password stays hidden"
        );
    }

    #[test]
    fn missing_or_bad_settings_say_what_to_set() {
        let dir = tempfile_dir();
        let mut v = values();
        v.homeserver = None;
        assert_eq!(Config::new(v, &dir).unwrap_err(), ConfigError::NoHomeserver);
        let mut v = values();
        v.homeserver = Some("matrix.org".into());
        assert!(matches!(
            Config::new(v, &dir),
            Err(ConfigError::BadHomeserver(_))
        ));
        let mut v = values();
        v.password = None;
        assert!(matches!(Config::new(v, &dir), Err(ConfigError::NoLogin(_))));
        let mut v = values();
        v.prefix = Some("go go".into());
        assert!(matches!(
            Config::new(v, &dir),
            Err(ConfigError::BadPrefix(_))
        ));
    }

    #[test]
    fn invites_can_be_limited_to_some_servers() {
        let mut v = values();
        v.allowed_servers = Some("Example.org, localhost".into());
        let config = Config::new(v, std::path::Path::new("/tmp/data")).unwrap();
        assert!(config.accepts_invites_from("@alice:example.org"));
        assert!(config.accepts_invites_from("@bob:localhost"));
        assert!(!config.accepts_invites_from("@eve:elsewhere.net"));
    }

    /// A directory without a kept session.
    fn tempfile_dir() -> std::path::PathBuf {
        std::env::temp_dir().join(format!("chatrang-matrix-config-{}", std::process::id()))
    }
}
