//! The adapter's settings, read from the environment once at start-up so that a missing token
//! is reported before anything connects.

use std::{env, fmt};

use super::shards::ShardRange;

/// Why the settings cannot be used; the sentence says what to set.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set; create a bot at the Discord developer portal and put its \
         token in DISCORD_TOKEN (see the README)"
    )]
    NoToken,
    #[error("DISCORD_GUILD_ID must be a server id (a number), not \"{0}\"")]
    BadGuild(String),
    #[error(
        "DISCORD_SHARDS \"{0}\" cannot be used: {1}; write FIRST-LAST/TOTAL, such as 0-1/4 for \
         shards 0 and 1 of 4, or ID/TOTAL, such as 2/4 (see the README)"
    )]
    BadShards(String, String),
}

/// Everything `chatrang discord` needs besides the database.
#[derive(Clone)]
pub struct Config {
    /// The bot token (`DISCORD_TOKEN`).
    pub token: String,
    /// Register the commands in this server only (`DISCORD_GUILD_ID`): they appear at once,
    /// while global registration can take up to an hour to reach every client.
    pub guild_id: Option<u64>,
    /// Send every request to this base URL instead of Discord (`DISCORD_API_BASE`). For tests
    /// against a fake Discord on 127.0.0.1 only; setting it also turns serenity's rate limiter
    /// off, because the rate limiter ignores the base URL and would reach the real Discord.
    pub api_base: Option<String>,
    /// The gateway shards this process runs (`DISCORD_SHARDS`); `None`: the one shard of a
    /// bot that needs no sharding.
    pub shards: Option<ShardRange>,
}

/// Never print the token, even in a debug dump.
impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("shards", &self.shards)
            .finish()
    }
}

impl Config {
    /// Reads `DISCORD_TOKEN`, `DISCORD_GUILD_ID`, `DISCORD_API_BASE` and `DISCORD_SHARDS`.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_values(
            env::var("DISCORD_TOKEN").ok(),
            env::var("DISCORD_GUILD_ID").ok(),
            env::var("DISCORD_API_BASE").ok(),
        )?
        .with_shards(env::var("DISCORD_SHARDS").ok())
    }

    /// Sets the shard range from `DISCORD_SHARDS`'s text (empty or absent: no sharding).
    pub fn with_shards(mut self, text: Option<String>) -> Result<Config, ConfigError> {
        self.shards = match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => Some(
                ShardRange::parse(text)
                    .map_err(|why| ConfigError::BadShards(text.to_string(), why))?,
            ),
        };
        Ok(self)
    }

    /// Validates raw values (kept apart from the environment so it can be tested).
    pub fn from_values(
        token: Option<String>,
        guild_id: Option<String>,
        api_base: Option<String>,
    ) -> Result<Config, ConfigError> {
        let token = token
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or(ConfigError::NoToken)?;
        let guild_id = match guild_id
            .map(|g| g.trim().to_string())
            .filter(|g| !g.is_empty())
        {
            None => None,
            Some(text) => Some(
                text.parse::<u64>()
                    .ok()
                    .filter(|id| *id != 0)
                    .ok_or(ConfigError::BadGuild(text))?,
            ),
        };
        let api_base = api_base
            .map(|b| b.trim().trim_end_matches('/').to_string())
            .filter(|b| !b.is_empty());
        Ok(Config {
            token,
            guild_id,
            api_base,
            shards: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Config;

    #[test]
    fn a_missing_token_is_refused_with_the_way_to_get_one() {
        let error = Config::from_values(None, None, None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("DISCORD_TOKEN"), "{error}");
    }

    #[test]
    fn a_guild_id_must_be_a_number() {
        let error = Config::from_values(Some("t".into()), Some("my-server".into()), None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("my-server"), "{error}");
        let config = Config::from_values(Some("t".into()), Some(" 42 ".into()), None).unwrap();
        assert_eq!(config.guild_id, Some(42));
    }

    #[test]
    fn the_base_url_loses_its_trailing_slash() {
        let config =
            Config::from_values(Some("t".into()), None, Some("http://127.0.0.1:9/".into()))
                .unwrap();
        assert_eq!(config.api_base.as_deref(), Some("http://127.0.0.1:9"));
    }

    #[test]
    fn a_shard_range_is_read_and_a_bad_one_says_how_to_write_it() {
        let config = Config::from_values(Some("t".into()), None, None).unwrap();
        let sharded = config.clone().with_shards(Some(" 0-1/4 ".into())).unwrap();
        assert_eq!(
            sharded.shards.map(|s| s.to_string()).as_deref(),
            Some("shards 0 to 1 of 4")
        );
        assert_eq!(
            config.clone().with_shards(Some(" ".into())).unwrap().shards,
            None
        );
        let error = config
            .with_shards(Some("4/4".into()))
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("DISCORD_SHARDS \"4/4\" cannot be used: shards are numbered 0 to 3")
                && error.contains("FIRST-LAST/TOTAL"),
            "{error}"
        );
    }

    #[test]
    fn the_token_never_appears_in_debug_output() {
        let config = Config::from_values(Some("secret-token".into()), None, None).unwrap();
        assert!(!format!("{config:?}").contains("secret-token"));
    }
}
