//! `/hint` in Catalonia: the move pair (or the decision) the bot's partner planner finds
//! best for the turn, drawn as arrows on the board, for the asker alone.

use super::{
    base::Service,
    loaded::refused_not_playing,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
};
use crate::{
    rules::{Actor, Status, search::Level, two_squares},
    store::GameState,
};

impl Service {
    pub(crate) async fn hint(&self, req: &Request) -> ServiceResult {
        let loaded = self.load(req, false).await?;
        if !loaded.kind.is_cooperative() {
            return Err(ServiceError::refused(format!(
                "Hints are for cooperative games such as Catalonia; in {} you are on your own.",
                loaded.kind
            )));
        }
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
        let chain = (f64::from(thought.score.max(0))).sqrt().round() as i32;
        let outcome = match chain {
            0 => "no chain yet, but the pieces defend each other most".to_string(),
            n => format!("a chain of {n} ({} points this turn)", n * n),
        };
        let text = format!("Hint for game {}: {line}: {outcome}.", loaded.label());
        let mut view = loaded.game.view();
        view.arrows = thought.pv.iter().filter_map(|m| two_squares(m)).collect();
        let orientation = loaded.orientation(&view, &loaded.game.status());
        let filename = format!("hint-{}-{}.png", loaded.row.id, loaded.row.version);
        let (board_text, image) = self.paint(view, orientation, filename).await;
        Ok(Reply {
            text,
            board_text: Some(board_text),
            image,
            public: false,
            ..Reply::default()
        })
    }
}

fn side_of(actor: Actor) -> crate::rules::Color {
    match actor {
        Actor::Side(side) => side,
        Actor::Anyone => crate::rules::Color::White,
    }
}
