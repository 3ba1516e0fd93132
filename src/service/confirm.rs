//! Asking before an act that cannot be taken back: `/resign` alone answers the player, and
//! only them, with a button that resigns (and says `/resign yes` does it at once), as chess
//! sites ask before a resignation. Every platform shows the button through the same choices
//! as any other, bound to the board's version, so a confirmation left lying after the game
//! has moved on is refused rather than resigning a position the player never saw.

use super::{
    base::Service,
    choice::Choice,
    command::Command,
    loaded::refused_not_playing,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    show::game_ref,
};
use crate::store::GameState;

impl Service {
    /// `/resign` without "yes": the question, with the button that resigns.
    pub(crate) async fn ask_to_resign(&self, req: &Request) -> ServiceResult {
        let loaded = self.load(req, false).await?;
        if loaded.row.state != GameState::Active {
            return Err(refused_not_playing(&loaded));
        }
        let side = loaded
            .side_of(&req.user.id)
            .ok_or_else(|| ServiceError::refused("Only the players of this game can resign."))?;
        let (question, label) = if loaded.kind.is_cooperative() {
            (
                format!(
                    "Abandon game {} for everyone? It ends with no score.",
                    loaded.label()
                ),
                "Abandon the game",
            )
        } else {
            (
                format!("Resign game {} for {side}? {} wins.", loaded.label(), !side),
                "Resign",
            )
        };
        Ok(Reply {
            text: format!(
                "{question} Click {label} to confirm, or type /resign yes; to play on, do \
                 nothing."
            ),
            choices: vec![Choice {
                label: label.to_string(),
                game: loaded.row.id,
                version: loaded.row.version,
                command: Command::Resign,
            }],
            game: Some(game_ref(&loaded)),
            ..Reply::default()
        })
    }
}
