//! `/replay` (a game as an animated picture), `/review` (the engine's review of a finished
//! game), `/settings` (a server's settings, such as whether replays are posted when games
//! end) and `/forget-me` (a person's records made anonymous). Each only turns Discord's
//! options into a [`Command`] the service reads.

use super::{Ctx, Error, autocomplete, call};
use crate::service::Command;

/// How fast `/replay` plays, as a choice list.
#[derive(Copy, Clone, Debug, Eq, PartialEq, poise::ChoiceParameter)]
pub enum Speed {
    #[name = "slow: 2 seconds a move"]
    Slow,
    #[name = "normal: 1 second a move"]
    Normal,
    #[name = "fast: half a second a move"]
    Fast,
}

impl Speed {
    /// The word the service reads.
    fn word(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
        }
    }
}

/// `/replay`.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
    #[description = "The first move shown (its number, as the score sheet counts)"]
    #[min = 1]
    from: Option<i64>,
    #[description = "The last move shown"]
    #[min = 1]
    to: Option<i64>,
    #[description = "How fast it plays"] speed: Option<Speed>,
) -> Result<(), Error> {
    let mut words = Vec::new();
    if let Some(from) = from {
        words.push(format!("from={from}"));
    }
    if let Some(to) = to {
        words.push(format!("to={to}"));
    }
    if let Some(speed) = speed {
        words.push(format!("speed={}", speed.word()));
    }
    call::run(ctx, game, Command::Replay(words.join(" ")))
        .await
        .map(drop)
}

/// `/review`.
#[poise::command(slash_command)]
pub async fn review(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    call::run(ctx, game, Command::Review).await.map(drop)
}

/// `/settings` (anyone looks; the service lets only moderators change them).
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Ctx<'_>,
    #[description = "Post a game's replay in its thread when it ends"] replays: Option<bool>,
) -> Result<(), Error> {
    let set = match replays {
        Some(true) => "replays=on",
        Some(false) => "replays=off",
        None => "",
    };
    call::run(ctx, None, Command::Settings(set.to_string()))
        .await
        .map(drop)
}

/// The answer `/forget-me` asks for, as a choice list: only "yes" does it.
#[derive(Copy, Clone, Debug, Eq, PartialEq, poise::ChoiceParameter)]
pub enum Confirm {
    #[name = "yes: forget me, for good"]
    Yes,
}

/// `/forget-me`: without `confirm`, what it would do; with it, done.
#[poise::command(slash_command, rename = "forget-me")]
pub async fn forget_me(
    ctx: Ctx<'_>,
    #[description = "Choose yes once you have read what it does"] confirm: Option<Confirm>,
) -> Result<(), Error> {
    call::run(ctx, None, Command::ForgetMe(confirm.is_some()))
        .await
        .map(drop)
}
