//! Which of the bot's gateway shards this process runs (`DISCORD_SHARDS`). Discord splits a
//! big bot's servers among shards, one gateway connection each: a server's events go to shard
//! `(server id >> 22) % total`, and direct messages to shard 0. A large deployment runs
//! several processes, each with its own range of the shards and all on one PostgreSQL, which
//! holds every game; any process can answer on any channel, so a process only needs the
//! events of its own shards.

use std::fmt;

/// Shards `first` to `last` (both included) of `total`.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// Discord's own ceiling is far lower; this only keeps a typo from opening a million
/// connections.
const MOST_SHARDS: u32 = 10_000;

impl ShardRange {
    /// Reads `FIRST-LAST/TOTAL` (`0-3/8`: shards 0 to 3 of 8) or `ID/TOTAL` (`2/4`: shard 2 of
    /// 4). Shards are numbered from 0, as Discord numbers them. The refusal says what is wrong.
    pub fn parse(text: &str) -> Result<ShardRange, String> {
        let text = text.trim();
        let (range, total) = text
            .split_once('/')
            .ok_or_else(|| "it has no \"/TOTAL\"".to_string())?;
        let number = |part: &str, what: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| format!("{what} \"{}\" is not a whole number", part.trim()))
        };
        let total = number(total, "the total")?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (
                number(first, "the first shard")?,
                number(last, "the last shard")?,
            ),
            None => {
                let only = number(range, "the shard")?;
                (only, only)
            }
        };
        if total == 0 || total > MOST_SHARDS {
            return Err(format!("the total must be from 1 to {MOST_SHARDS}"));
        }
        if first > last {
            return Err(format!(
                "the first shard ({first}) comes after the last ({last})"
            ));
        }
        if last >= total {
            return Err(format!(
                "shards are numbered 0 to {} when there are {total}",
                total - 1
            ));
        }
        Ok(ShardRange { first, last, total })
    }

    /// Whether this process has shard 0, which receives the direct messages, and which
    /// registers the slash commands: one registration is enough for every process, and
    /// Discord limits how often commands may be registered.
    pub fn has_first_shard(&self) -> bool {
        self.first == 0
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.total)
        } else {
            write!(
                f,
                "shards {} to {} of {}",
                self.first, self.last, self.total
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ShardRange;

    fn range(first: u32, last: u32, total: u32) -> ShardRange {
        ShardRange { first, last, total }
    }

    #[test]
    fn a_range_or_one_shard_of_a_total_is_read() {
        assert_eq!(ShardRange::parse("0-3/8"), Ok(range(0, 3, 8)));
        assert_eq!(ShardRange::parse(" 4 - 7 / 8 "), Ok(range(4, 7, 8)));
        assert_eq!(ShardRange::parse("2/4"), Ok(range(2, 2, 4)));
        assert_eq!(ShardRange::parse("0/1"), Ok(range(0, 0, 1)));
        assert_eq!(range(0, 3, 8).to_string(), "shards 0 to 3 of 8");
        assert_eq!(range(2, 2, 4).to_string(), "shard 2 of 4");
    }

    #[test]
    fn a_range_outside_its_total_is_refused_with_the_reason() {
        let refused = |text: &str| ShardRange::parse(text).unwrap_err();
        assert_eq!(
            refused("4/4"),
            "shards are numbered 0 to 3 when there are 4"
        );
        assert_eq!(
            refused("0-4/4"),
            "shards are numbered 0 to 3 when there are 4"
        );
        assert_eq!(
            refused("3-1/4"),
            "the first shard (3) comes after the last (1)"
        );
        assert_eq!(refused("0/0"), "the total must be from 1 to 10000");
        assert_eq!(refused("2"), "it has no \"/TOTAL\"");
        assert_eq!(
            refused("a-1/4"),
            "the first shard \"a\" is not a whole number"
        );
        assert_eq!(refused("0-1/-4"), "the total \"-4\" is not a whole number");
    }

    #[test]
    fn only_the_process_with_shard_0_registers_the_commands() {
        assert!(range(0, 1, 4).has_first_shard());
        assert!(!range(2, 3, 4).has_first_shard());
    }
}
