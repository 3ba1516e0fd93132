//! `/piece`: one piece of a game alone on a board with its moves marked, and its
//! description; kept apart from `info` (help and lists) because it draws a picture.

use super::{
    base::Service,
    info::parse_game,
    reply::{Reply, ServiceError, ServiceResult},
    words::sentence,
};
use crate::rules::{Color, GameId};

impl Service {
    /// The names of a game's pieces (for autocomplete); empty for a name that is no game.
    pub fn piece_names(&self, game: &str) -> Vec<String> {
        GameId::parse(game)
            .ok()
            .and_then(|kind| kind.spec().pieces().ok())
            .map(|pieces| pieces.into_iter().map(|p| p.name).collect())
            .unwrap_or_default()
    }

    /// One piece of a game alone on the board with its moves marked, and its description.
    pub(crate) async fn piece(&self, game: &str, piece: &str) -> ServiceResult {
        let kind = parse_game(game)?;
        let example = kind.spec().example().map_err(|e| {
            ServiceError::refused(format!("{kind} cannot show pieces: {}", sentence(&e.0)))
        })?;
        let view = example
            .piece_diagram(piece)
            .map_err(|e| ServiceError::refused(sentence(&e.to_string())))?;
        let wanted = piece.trim();
        let info = example
            .pieces()
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(wanted) || p.symbol.eq_ignore_ascii_case(wanted));
        let text = match &info {
            Some(p) => format!(
                "{} {} ({}, XBetza {}): {}.",
                kind, p.name, p.symbol, p.betza, p.description
            ),
            None => view.header.clone(),
        };
        // Named from the game's own table, never from what was typed: a file name made of
        // outside text could name a path (the console writes pictures to disk).
        let filename = match &info {
            Some(p) => format!("{}-{}.png", kind.slug(), file_word(&p.name)),
            None => format!("{}-piece.png", kind.slug()),
        };
        let description = format!("Diagram: {text}");
        let (board_text, image) = self.paint(view, Color::White, filename, description).await;
        Ok(Reply {
            text,
            board_text: Some(board_text),
            image,
            ..Reply::default()
        })
    }
}

/// A piece's name as a word of a file name: lower-case letters, digits and dashes.
fn file_word(name: &str) -> String {
    name.chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}
