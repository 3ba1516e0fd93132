//! Showing a game in a reply: the board drawn off the async runtime, whose turn it is, and
//! the buttons that make sense now.

use super::{
    base::Service,
    choice::Choice,
    command::Command,
    describe,
    loaded::Loaded,
    painter::{BoardPainter, NoPicture},
    reply::{GameRef, Image, Reply},
};
use crate::{
    rules::{BoardView, Color},
    store::{GameRow, GameState, Offer},
};

impl Service {
    /// Draws a board on the blocking pool: the text, and the PNG when the painter has one,
    /// named `filename` and described by `description` (`describe`).
    pub(crate) async fn paint(
        &self,
        view: BoardView,
        orientation: Color,
        filename: String,
        description: String,
    ) -> (String, Option<Image>) {
        let painter = self.painter.clone();
        let drawn = tokio::task::spawn_blocking(move || {
            let started = std::time::Instant::now();
            let text = painter.text(&view, orientation);
            let png = painter.png(&view, orientation);
            super::metered::rendered(started.elapsed());
            (text, png)
        })
        .await;
        match drawn {
            Ok((text, Ok(png))) => (
                text,
                Some(Image {
                    bytes: png,
                    filename,
                    description,
                }),
            ),
            Ok((text, Err(why))) => {
                tracing::debug!(%why, "no board picture");
                (text, None)
            }
            Err(error) => {
                tracing::error!(%error, "the painter failed");
                (String::new(), None)
            }
        }
    }

    /// Draws a picture that is not a board (a chart, a table) on the blocking pool with
    /// `draw`; `None` when the painter draws none.
    pub(crate) async fn picture(
        &self,
        filename: String,
        description: String,
        draw: impl FnOnce(&dyn BoardPainter) -> Result<Vec<u8>, NoPicture> + Send + 'static,
    ) -> Option<Image> {
        let painter = self.painter.clone();
        match tokio::task::spawn_blocking(move || draw(painter.as_ref())).await {
            Ok(Ok(png)) => Some(Image {
                bytes: png,
                filename,
                description,
            }),
            Ok(Err(why)) => {
                tracing::debug!(%why, %filename, "no picture");
                None
            }
            Err(error) => {
                tracing::error!(%error, %filename, "the painter failed");
                None
            }
        }
    }

    /// The usual reply about a game: `text`, the board, whose turn it is (mentioned), and
    /// the choices open now.
    pub(crate) async fn game_reply(&self, loaded: &Loaded, text: String) -> Reply {
        let view = loaded.game.view();
        let orientation = loaded.orientation(&view, &loaded.game.status());
        let filename = format!("game-{}-{}.png", loaded.row.id, loaded.row.version);
        let description = describe::position(loaded.row.id, &view);
        let (board_text, image) = self.paint(view, orientation, filename, description).await;
        let mut status = match self.time_left(loaded).await {
            Some(left) => format!("{} · {left}.", loaded.status_line().trim_end_matches('.')),
            None => loaded.status_line(),
        };
        if let Some(votes) = self.votes_line(loaded).await {
            status = format!("{status}\n{votes}");
        }
        Reply {
            text: if text.is_empty() {
                status
            } else {
                format!("{text}\n{status}")
            },
            board_text: Some(board_text),
            image,
            // The bot's own turn mentions nobody: the bot is not told to move by itself.
            notify: if loaded.bot_to_act().is_some() {
                Vec::new()
            } else {
                loaded.to_act()
            },
            choices: choices_for(loaded),
            game: Some(game_ref(loaded)),
            public: true,
            ..Reply::default()
        }
    }
}

/// The reply's reference to the game `loaded` is.
pub(crate) fn game_ref(loaded: &Loaded) -> GameRef {
    GameRef {
        id: loaded.row.id,
        version: loaded.row.version,
        name: loaded.title(),
        place: loaded.row.place_id.clone(),
    }
}

/// How the outcome of a game a moderator aborted begins (`abort`).
pub(crate) const ABORTED_BY: &str = "aborted by ";

/// The game ended by `/abort`, not by play.
pub(crate) fn was_aborted(row: &GameRow) -> bool {
    row.state == GameState::Over
        && row
            .outcome
            .as_deref()
            .is_some_and(|o| o.starts_with(ABORTED_BY))
}

/// The buttons that make sense for a game now.
pub(crate) fn choices_for(loaded: &Loaded) -> Vec<Choice> {
    if loaded.damaged {
        return Vec::new();
    }
    let choice = |label: &str, command| Choice {
        label: label.to_string(),
        game: loaded.row.id,
        version: loaded.row.version,
        command,
    };
    match loaded.row.state {
        GameState::Challenge if loaded.row.challenged.is_none() => {
            vec![choice("Accept", Command::Accept)]
        }
        GameState::Challenge => vec![
            choice("Accept", Command::Accept),
            choice("Decline", Command::Decline),
        ],
        GameState::Gathering => vec![
            choice("Join White", Command::Join(Some(Color::White))),
            choice("Join Black", Command::Join(Some(Color::Black))),
        ],
        // An aborted game ended by a moderator's decision, not by play: no rematch of it.
        GameState::Over if was_aborted(&loaded.row) => Vec::new(),
        GameState::Over => vec![choice("Rematch", Command::Rematch)],
        GameState::Cancelled => Vec::new(),
        GameState::Active => match loaded.row.pending {
            Some(Offer::Draw(_)) => vec![
                choice("Accept draw", Command::Draw),
                choice("Decline draw", Command::DeclineDraw),
            ],
            Some(Offer::Undo(_)) => vec![
                choice("Allow undo", Command::Undo),
                choice("Refuse undo", Command::DeclineUndo),
            ],
            // The bot's own decisions are its to make: no buttons for them.
            None if loaded.bot_to_act().is_some() => Vec::new(),
            None => decision_choices(loaded),
        },
    }
}

/// A pending decision (an action that is not a move from one square to another, such as a
/// draft pick, a baseline or a bomb target) gets one button per answer, when there are few.
fn decision_choices(loaded: &Loaded) -> Vec<Choice> {
    let actions = loaded.game.legal_actions();
    let is_decision = !actions.is_empty()
        && actions.len() <= 25
        && actions.iter().all(|a| a.from.is_none() || a.to.is_none());
    if !is_decision {
        return Vec::new();
    }
    actions
        .into_iter()
        .map(|a| Choice {
            label: a.notation.clone(),
            game: loaded.row.id,
            version: loaded.row.version,
            command: Command::Move(a.notation),
        })
        .collect()
}
