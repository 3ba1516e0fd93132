//! [`Command::Click`]: picking a choice the bot offered. A Discord button and a Matrix reaction
//! key carry the choice's id; `/click N` (typed in the console, in a room, or as Discord's slash
//! command) names it by its number in the newest list offered where it is typed. All come here,
//! so every platform refuses a missing, stale or foreign choice in the same words.

use super::{
    base::Service,
    choice::Choice,
    command::{Command, Pick},
    play::moved_on,
    reply::{ServiceError, ServiceResult},
    request::Request,
    words::shown,
};

/// What a click gets when its id is not one this bot writes.
const NOT_UNDERSTOOD: &str =
    "This choice is not understood; it may come from an older version of the bot.";

impl Service {
    /// Runs a clicked choice: the game and version come from the choice, not from the place.
    pub(crate) async fn click(&self, req: &Request, pick: Pick) -> ServiceResult {
        let id = match pick {
            Pick::Id(id) => id,
            Pick::Number(typed) => self.numbered(req, &typed).await?,
        };
        let Some(choice) = Choice::decode(&id) else {
            return Err(ServiceError::refused(NOT_UNDERSTOOD));
        };
        if let Command::Click(_) = choice.command {
            return Err(ServiceError::refused(NOT_UNDERSTOOD));
        }
        // A seek's button names the seek, not a game: the seek itself is looked for only in
        // the server the click is made in.
        if let Command::Seek(_) | Command::Tournament(_) = choice.command {
            return self.dispatch(req, choice.command, None).await;
        }
        // A choice copied from another server's message finds nothing, as a number would not.
        let row = self.reachable_game(req, choice.game).await?;
        // A rematch stays good after the game ends; every other choice only at its version.
        if choice.command != Command::Rematch && row.version != choice.version {
            return Err(moved_on());
        }
        let req = req.clone().about(Some(choice.game));
        self.dispatch(&req, choice.command, Some(choice.version))
            .await
    }

    /// The id of choice number `typed` in the newest list offered where the request is made:
    /// only that place's lists, so a number never reaches another place's choices.
    async fn numbered(&self, req: &Request, typed: &str) -> ServiceResult<String> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Err(ServiceError::refused(
                "Say which choice by its number: /click 1",
            ));
        }
        let Ok(n) = typed.parse::<i64>() else {
            return Err(ServiceError::refused(format!(
                "\"{}\" is not a choice's number; say which by its number: /click 1",
                shown(typed)
            )));
        };
        let offered = self.store.newest_choices(&req.place.channel).await?;
        if offered.is_empty() {
            return Err(ServiceError::refused(
                "There are no choices here to pick from; /board shows the game with its \
                 choices again, and /help lists the commands to type.",
            ));
        }
        let count = offered.len();
        match offered.into_iter().find(|c| c.position == n) {
            Some(found) => Ok(found.choice),
            None => Err(ServiceError::refused(format!(
                "There is no choice {n}; the last list here has {count}. /board shows the \
                 game with its choices again."
            ))),
        }
    }
}
