//! Limits per person in each server, so that one person cannot flood a place: how many open
//! challenges (and gathering group games) they may have, how many games they may start in a
//! minute, and how many games against the bot they may play at once. A server's moderators
//! change them with `/limits`; anyone may look.
//!
//! The counts are read just before a new game is written, under a lock that new games take one
//! at a time (`Service::new_games`): a burst of commands arriving together is counted one by
//! one. Two processes on one database each have their own lock, but a server's commands all
//! reach the same process.

use super::{
    base::Service,
    bot::{BOT_ID, level_of},
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    words::shown,
};
use crate::{
    rules::Color,
    store::{GameRow, GameState, PlaceLimits, now_ms},
};

/// The limits of a server whose moderators set none.
pub const DEFAULT_LIMITS: PlaceLimits = PlaceLimits {
    open_challenges: 5,
    games_per_minute: 10,
    bot_games: 3,
};

/// The largest value a moderator may set for any limit.
const MOST: i64 = 100;

/// The names `/limits` takes, with what each sets, in the order it shows them.
const NAMES: [(&str, &str); 3] = [
    (
        "challenges",
        "open challenges and gathering group games per person",
    ),
    ("per-minute", "games one person may start in a minute"),
    ("bot-games", "games against the bot per person at once"),
];

/// Where a moderator learns they may change a limit.
const CHANGE: &str = "a moderator can change it with /limits";

impl Service {
    /// The limits of the request's server.
    async fn limits_of(&self, server: &str) -> ServiceResult<PlaceLimits> {
        Ok(self
            .store
            .place_limits(server)
            .await?
            .unwrap_or(DEFAULT_LIMITS))
    }

    /// Refuses a new game that would take its creator past a limit of its server. `members`
    /// are the new game's people and sides.
    pub(crate) async fn within_limits(
        &self,
        row: &GameRow,
        members: &[(String, Color)],
    ) -> ServiceResult<()> {
        let (server, creator) = (row.server_id.as_str(), row.creator.as_str());
        let limits = self.limits_of(server).await?;
        let started = self
            .store
            .games_started_since(server, creator, now_ms() - 60_000)
            .await?;
        if started >= limits.games_per_minute {
            return Err(ServiceError::refused(format!(
                "You started {started} games in the last minute, the most this server allows; \
                 wait a minute and try again ({CHANGE})."
            )));
        }
        if members.iter().any(|(id, _)| level_of(id).is_some()) {
            let playing = self.store.bot_games_of(server, creator, BOT_ID).await?;
            if playing >= limits.bot_games {
                return Err(ServiceError::refused(format!(
                    "You are playing {playing} games against the bot in this server, the most \
                     one person may at once; finish or /resign one first ({CHANGE})."
                )));
            }
        } else if matches!(row.state, GameState::Challenge | GameState::Gathering) {
            let waiting = self.store.waiting_games_by(server, creator).await?;
            if waiting >= limits.open_challenges {
                return Err(ServiceError::refused(format!(
                    "You have {waiting} challenges and group games waiting for players in this \
                     server, the most one person may; wait for them, or withdraw one with \
                     /decline (/games lists them; {CHANGE})."
                )));
            }
        }
        Ok(())
    }

    /// `/limits`: shows the server's limits per person, or, for its moderators, sets them
    /// (`challenges=3 per-minute=5 bot-games=2`, any of them).
    pub(crate) async fn limits(&self, req: &Request, arg: &str) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(
                "Limits belong to a server: ask for /limits in one of its channels.",
            ));
        }
        let server = &req.place.server;
        let mut limits = self.limits_of(server).await?;
        let arg = arg.trim();
        if arg.is_empty() {
            return Ok(Reply::text(describe(
                "This server's limits per person",
                limits,
            )));
        }
        if !req.admin {
            return Err(ServiceError::refused(
                "Only a moderator of this server can change its limits; /limits alone shows \
                 them.",
            ));
        }
        for word in arg.split_whitespace() {
            let (name, value) = word.split_once('=').unwrap_or((word, ""));
            let name = name.to_lowercase();
            let slot = match name.as_str() {
                "challenges" => &mut limits.open_challenges,
                "per-minute" | "per_minute" => &mut limits.games_per_minute,
                "bot-games" | "bot_games" => &mut limits.bot_games,
                _ => {
                    return Err(ServiceError::refused(format!(
                        "\"{}\" is not a limit; write challenges=5, per-minute=10 or \
                         bot-games=3.",
                        shown(&name)
                    )));
                }
            };
            *slot = match value.parse::<i64>() {
                Ok(n) if (0..=MOST).contains(&n) => n,
                _ => {
                    return Err(ServiceError::refused(format!(
                        "A limit is a number from 0 to {MOST}, such as {name}=5; \"{}\" is not \
                         one.",
                        shown(value)
                    )));
                }
            };
        }
        self.store
            .set_place_limits(server, limits, &req.user.id)
            .await?;
        Ok(Reply {
            public: true,
            ..Reply::text(describe(
                &format!("{} sets this server's limits per person", req.user.name),
                limits,
            ))
        })
    }
}

/// "Title: 5 open challenges…" with each limit and its name for `/limits`.
fn describe(title: &str, limits: PlaceLimits) -> String {
    let values = [
        limits.open_challenges,
        limits.games_per_minute,
        limits.bot_games,
    ];
    let lines: Vec<String> = NAMES
        .iter()
        .zip(values)
        .map(|((name, what), value)| format!("• {name}={value}: {what}"))
        .collect();
    format!(
        "{title}:\n{}\nModerators change them with /limits challenges=5 per-minute=10 \
         bot-games=3 (any of them, 0 to {MOST}).",
        lines.join("\n")
    )
}
