//! `/piece`: one piece alone on a board with its moves marked, and its description; kept
//! apart from `info` (help and lists) because it draws a picture. The piece is looked up in
//! the game open where it is asked when that game is of the kind named (or when no game is
//! named), so the pieces its players defined (an Amazon in Easy Patch) are found; a game
//! named alone lists its pieces, and `/piece` alone in a game's place lists both armies.

use super::{
    army::{army_reply, line},
    base::Service,
    board_as::fitted,
    loaded::Loaded,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    words::{file_word, sentence, shown},
};
use crate::rules::{Color, Game, GameId, registry};

/// What `/piece` says when it has neither a game nor a game open where it is asked.
const SAY_GAME_AND_PIECE: &str = "Say the game and the piece: /piece cataclysm Grand Rook \
     (/piece cataclysm lists its pieces).";

impl Service {
    /// The names of a game's pieces (for autocomplete); empty for a name that is no game.
    pub fn piece_names(&self, game: &str) -> Vec<String> {
        GameId::parse(game)
            .ok()
            .and_then(|kind| kind.spec().pieces().ok())
            .map(|pieces| pieces.into_iter().map(|p| p.name).collect())
            .unwrap_or_default()
    }

    /// `/piece [GAME] [PIECE]`: a piece's diagram, or a list of pieces (see the file's doc).
    pub(crate) async fn piece(&self, req: &Request, game: &str, piece: &str) -> ServiceResult {
        let (game, piece) = (game.trim(), piece.trim());
        let named = GameId::parse(game).ok();
        // One of this server's own variants, by its name: its pieces from its saved start.
        if named.is_none()
            && let Some(row) = self.place_variant(req, game).await?
        {
            let example = super::variant::example(&row.definition)?;
            if piece.is_empty() {
                return Ok(catalogue_of(&row.name, &row.key, example.as_ref()));
            }
            return self
                .diagram(registry::DEFINED.id, example.as_ref(), piece, &row.name)
                .await;
        }
        // The game open here (or named with #N), when it can answer: a look that fails (no
        // game here, several) only means the example game answers.
        let here = self.look(req, true).await.ok();
        let here = here.filter(|loaded| named.is_none_or(|kind| kind == loaded.kind));
        let piece = match named {
            Some(_) => piece.to_string(),
            None => format!("{game} {piece}").trim().to_string(),
        };
        match (named, here) {
            (_, Some(loaded)) if piece.is_empty() => {
                Ok(army_reply(&loaded, &[Color::White, Color::Black]))
            }
            (_, Some(loaded)) => {
                let label = format!("game {}", loaded.label());
                self.diagram(loaded.kind, loaded.game.as_ref(), &piece, &label)
                    .await
                    .map_err(|why| here_hint(why, &loaded))
            }
            (Some(kind), None) => {
                let example = kind.spec().example().map_err(|e| {
                    ServiceError::refused(format!("{kind} cannot show pieces: {}", sentence(&e.0)))
                })?;
                if piece.is_empty() {
                    return Ok(catalogue(kind, example.as_ref()));
                }
                self.diagram(kind, example.as_ref(), &piece, kind.display_name())
                    .await
            }
            (None, None) if piece.is_empty() => Err(ServiceError::refused(SAY_GAME_AND_PIECE)),
            (None, None) => Err(ServiceError::refused(format!(
                "\"{}\" is not a game, and no game is open here to look it up in. {SAY_GAME_AND_PIECE}",
                shown(game)
            ))),
        }
    }

    /// One piece of `game` alone on the board with its moves marked, and its description.
    async fn diagram(
        &self,
        kind: GameId,
        game: &dyn Game,
        piece: &str,
        whose: &str,
    ) -> ServiceResult {
        let view = game
            .piece_diagram(piece)
            .map_err(|e| ServiceError::refused(sentence(&e.to_string())))?;
        let info = game
            .pieces()
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(piece) || p.symbol.eq_ignore_ascii_case(piece));
        let text = match &info {
            // A piece a server defined has its XBetza and nothing more.
            Some(p) if p.description.trim().is_empty() => {
                format!("{whose}: {} ({}, XBetza {}).", p.name, p.symbol, p.betza)
            }
            Some(p) => format!(
                "{whose}: {} ({}, XBetza {}): {}.",
                p.name,
                p.symbol,
                p.betza,
                p.description.trim_end_matches('.')
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

/// A refusal about the game open here, with where to read its pieces.
fn here_hint(why: ServiceError, loaded: &Loaded) -> ServiceError {
    match why {
        ServiceError::Refused(text) => ServiceError::refused(format!(
            "{} (game {}: /army lists its pieces.)",
            text.trim_end(),
            loaded.label()
        )),
        other => other,
    }
}

/// A game's pieces, one line each, from its example game.
fn catalogue(kind: GameId, example: &dyn Game) -> Reply {
    catalogue_of(kind.display_name(), kind.slug(), example)
}

/// The pieces of the game called `name` (typed as `slug`), one line each.
fn catalogue_of(name: &str, slug: &str, example: &dyn Game) -> Reply {
    let lines: Vec<String> = example.pieces().iter().map(line).collect();
    let text = format!(
        "The pieces of {name}:\n{}\n/piece {slug} NAME draws one with its moves. In a game's \
         place, /army lists the pieces its players chose.",
        lines.join("\n"),
    );
    fitted(text, &format!("{}-pieces.txt", file_word(slug)))
}
