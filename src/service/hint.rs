//! `/hint` in a game with a partner (Catalonia): the move pair (or the decision) the bot's partner planner finds
//! best for the turn, drawn as arrows on the board, for the asker alone.

use super::{
    base::Service,
    describe,
    loaded::refused_not_playing,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
};
use crate::{
    rules::{Actor, GAMES, Status, search::Level, two_squares},
    store::GameState,
};

impl Service {
    pub(crate) async fn hint(&self, req: &Request) -> ServiceResult {
        let loaded = self.load(req, false).await?;
        let Some(hint) = loaded.kind.spec().hint else {
            return Err(ServiceError::refused(format!(
                "Hints are for games with a partner ({}); in {} you are on your own.",
                games_with_hints(),
                loaded.kind
            )));
        };
        if loaded.row.state != GameState::Active {
            return Err(refused_not_playing(&loaded));
        }
        let Status::Ongoing { actor, .. } = loaded.game.status() else {
            return Err(refused_not_playing(&loaded));
        };
        let thought = self
            .think(&loaded, Level::MAX)
            .await
            .ok_or_else(|| ServiceError::refused("There is nothing to decide now."))?;
        let first = match actor {
            Actor::Side(side) => side.to_string(),
            Actor::Anyone => "anyone".to_string(),
        };
        let line = match thought.pv.as_slice() {
            [one, reply] => format!("{first} {one}, then {} {reply}", !side_of(actor)),
            _ => format!("{first}: {}", thought.notation),
        };
        let outcome = hint(thought.score);
        let text = format!("Hint for game {}: {line}: {outcome}.", loaded.label());
        let mut view = loaded.game.view();
        view.hints = thought.pv.iter().filter_map(|m| two_squares(m)).collect();
        let orientation = loaded.orientation(&view, &loaded.game.status());
        let filename = format!("hint-{}-{}.png", loaded.row.id, loaded.row.version);
        let marks = format!("the hint's line as arrows ({line})");
        let description = describe::marked(loaded.row.id, &view, &marks);
        let (board_text, image) = self.paint(view, orientation, filename, description).await;
        Ok(Reply {
            text,
            board_text: Some(board_text),
            image,
            public: false,
            ..Reply::default()
        })
    }
}

/// The names of the games `/hint` helps in, from the table of games.
fn games_with_hints() -> String {
    let names: Vec<&str> = GAMES
        .iter()
        .filter(|game| game.hint.is_some())
        .map(|game| game.name)
        .collect();
    names.join(", ")
}

fn side_of(actor: Actor) -> crate::rules::Color {
    match actor {
        Actor::Side(side) => side,
        Actor::Anyone => crate::rules::Color::White,
    }
}
