//! Playing against the bot: `/new chess ai=3` makes the bot the opponent (one fixed account
//! per level, "Chatrang level 3 (about 1600)", rated like anyone, so the leaderboard stays honest), and
//! `/new catalonia solo` makes it the other side of a cooperative game.
//!
//! The bot's turn is a timer due at once (kind `bot-move`, see `timing`), so it survives a
//! restart and fires once among several processes like every other timer. Thinking runs on
//! the blocking pool, at most [`Service::searches`] at a time, so bot games never starve the
//! runtime nor each other. Its move is written through the same guarded path as anyone's.

use std::time::Instant;

use super::{
    base::Service,
    loaded::Loaded,
    play::Attempt,
    reply::{Reply, ServiceError},
    request::User,
};
use crate::{
    rules::{Actor, Color, OptionSpec, Status, search::Level},
    store::GameState,
};

/// The id every bot account starts with; the level follows.
pub(crate) const BOT_ID: &str = "chatrang:level";

/// The account that plays at `level`, named with its measured strength ("Chatrang level 3
/// (about 1600)") so that its opponents know what they face. The id holds the level only, so
/// the account and its rating stay when a new measurement renames it.
pub(crate) fn bot_user(level: Level) -> User {
    User::new(
        format!("{BOT_ID}{}", level.number()),
        format!(
            "Chatrang level {} ({})",
            level.number(),
            level.strength_text()
        ),
    )
}

/// The level a user id plays at, when it is a bot account.
pub(crate) fn level_of(user_id: &str) -> Option<Level> {
    let n: u8 = user_id.strip_prefix(BOT_ID)?.parse().ok()?;
    Level::new(n).ok()
}

/// What `/new` asked of the bot: `ai` (level 3), `ai=N`, or `solo` (Catalonia's partner).
pub(crate) fn take_bot(options: &mut Vec<(String, String)>) -> Result<Option<Level>, ServiceError> {
    let mut level = None;
    let mut rest = Vec::new();
    for (name, value) in options.drain(..) {
        match name.trim().to_lowercase().as_str() {
            "ai" | "bot" | "solo" => {
                let value = value.trim();
                level = Some(if value.is_empty() || value == "on" {
                    Level::DEFAULT
                } else {
                    Level::parse(value).map_err(|e| {
                        ServiceError::refused(format!("{}. Try ai=3.", capitalised(&e.to_string())))
                    })?
                });
            }
            _ => rest.push((name, value)),
        }
    }
    *options = rest;
    Ok(level)
}

/// The option `/new` takes for a game against the bot, so that adapters can offer it.
pub const BOT_OPTIONS: [OptionSpec; 1] = [OptionSpec {
    name: "ai",
    description: "play the bot at this level, 1 to 5 (3 if empty; /help bot: how strong); Catalonia: your partner",
}];

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl Loaded {
    /// The members of `side` to mention: everyone but the bot, which is never told anything
    /// (it moves when its turn comes, and an offer to it is answered by the bot's rules).
    pub(crate) fn humans_of(&self, side: Color) -> Vec<String> {
        self.user_ids(side)
            .into_iter()
            .filter(|id| level_of(id).is_none())
            .collect()
    }
}

impl Loaded {
    /// The bot's side and level, in a game against the bot.
    pub(crate) fn bot(&self) -> Option<(Color, Level)> {
        self.people
            .iter()
            .find_map(|p| level_of(&p.user_id).map(|level| (p.side, level)))
    }

    /// The bot's side and level when it must act now: its move, or a decision of its side.
    pub(crate) fn bot_to_act(&self) -> Option<(Color, Level)> {
        if self.row.state != GameState::Active || self.damaged {
            return None;
        }
        let (side, level) = self.bot()?;
        match self.game.status() {
            Status::Ongoing {
                actor: Actor::Side(to_act),
                ..
            } if to_act == side => Some((side, level)),
            _ => None,
        }
    }
}

impl Service {
    /// The bot's turn: it thinks on the blocking pool and plays its move. `None` when the
    /// game moved on meanwhile (nothing is written).
    pub(crate) async fn bot_moves(&self, loaded: &Loaded) -> Result<Option<Reply>, ServiceError> {
        let Some((side, level)) = loaded.bot_to_act() else {
            return Ok(None);
        };
        let _shown = self.thinking_in(loaded.row.id, &loaded.row.place_id);
        let Some(thought) = self.think(loaded, level).await else {
            return Ok(None);
        };
        let user = bot_user(level);
        match self
            .play_as(
                loaded,
                &user,
                Some(side),
                &thought.notation,
                &user.name,
                true,
            )
            .await
        {
            Ok(reply) => Ok(Some(reply)),
            Err(Attempt::Lost) => Ok(None),
            Err(Attempt::Failed(error)) => Err(error),
        }
    }

    /// The bot's search at `level` on the game, on the blocking pool once a search slot is
    /// free; stopped after the level's think time at the latest.
    pub(crate) async fn think(
        &self,
        loaded: &Loaded,
        level: Level,
    ) -> Option<crate::rules::search::Thought> {
        self.searches_waiting
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let slot = self.searches.acquire().await;
        let waiting = self
            .searches_waiting
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        super::metered::searches_waiting(waiting - 1);
        let _slot = slot.ok()?;
        let game = loaded.game.clone_game();
        let seed = loaded.row.seed ^ (loaded.row.version as u64).rotate_left(32);
        tokio::task::spawn_blocking(move || {
            let started = Instant::now();
            let cap = level.think_time();
            let stop = move || started.elapsed() > cap;
            let thought = game.think(&level.limits(seed).with_stop(&stop));
            super::metered::thought(started.elapsed());
            thought
        })
        .await
        .ok()
        .flatten()
    }

    /// Whether the bot accepts a draw offered by its opponent: when its own evaluation says
    /// it stands worse by at least half a pawn.
    pub(crate) async fn bot_accepts_draw(
        &self,
        loaded: &Loaded,
        bot_side: Color,
        level: Level,
    ) -> bool {
        let Some(thought) = self.think(loaded, level.min(Level::DEFAULT)).await else {
            return false;
        };
        let to_act = match loaded.game.status() {
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => side,
            _ => return false,
        };
        let for_bot = if to_act == bot_side {
            thought.score
        } else {
            -thought.score
        };
        for_bot <= -DRAW_MARGIN
    }
}

/// How much worse (in centipawns) the bot must stand to accept a draw.
const DRAW_MARGIN: i32 = 50;
