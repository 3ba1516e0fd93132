//! Looking at a game's board: `/board` as the game shows it, `/board white|black|flip` turned
//! another way, `/board text` in words rank by rank, and `/pieces`, where each piece of a side
//! stands. Looking changes nothing and mentions nobody. Words are for screen readers and for
//! anyone without the picture; a text longer than a message goes whole in an attached file.

use super::{
    base::Service,
    budget::{MESSAGE_BUDGET, first_that_fit},
    describe,
    orientation::{BoardAsk, board_ask},
    reply::{Attachment, Reply, ServiceError, ServiceResult},
    request::Request,
    words::shown,
};
use crate::{
    render::{board_in_words, pieces_in_words},
    rules::Color,
    store::GameState,
};

impl Service {
    /// Shows a game's board and whose turn it is; anyone may look. A game whose record is
    /// damaged shows its last saved board, saying that it is stopped.
    pub(crate) async fn board(&self, req: &Request) -> ServiceResult {
        self.board_turned(req, None).await
    }

    /// `/board` with an argument: the picture from a side or turned round, or the board in
    /// words.
    pub(crate) async fn board_as(&self, req: &Request, how: &str) -> ServiceResult {
        match board_ask(how)? {
            BoardAsk::Words => self.board_in_words(req).await,
            ask => self.board_turned(req, Some(ask)).await,
        }
    }

    /// The usual reply about the game, its picture drawn as the game draws it (a player looking
    /// at a game that has not started sees it from their side), or as `ask` says.
    async fn board_turned(&self, req: &Request, ask: Option<BoardAsk>) -> ServiceResult {
        let loaded = self.look(req, true).await?;
        let mut reply = self
            .game_reply(&loaded, format!("Game {}", loaded.label()))
            .await;
        // Looking is not acting: nobody is mentioned.
        reply.notify.clear();
        let view = loaded.game.view();
        let shown_side = loaded.orientation(&view, &loaded.game.status());
        let usual = match loaded.side_of(&req.user.id) {
            Some(side)
                if matches!(
                    loaded.row.state,
                    GameState::Challenge | GameState::Gathering
                ) =>
            {
                side
            }
            _ => shown_side,
        };
        let side = match ask {
            None | Some(BoardAsk::Words) => usual,
            Some(BoardAsk::From(side)) => side,
            Some(BoardAsk::Flipped) => !usual,
        };
        if side != shown_side {
            let description = describe::position(loaded.row.id, &view);
            let filename = format!("game-{}-{}.png", loaded.row.id, loaded.row.version);
            let (text, image) = self.paint(view, side, filename, description).await;
            reply.board_text = Some(text);
            reply.image = image;
        }
        Ok(reply)
    }

    /// The board in words, rank by rank from the top of the game's usual picture.
    async fn board_in_words(&self, req: &Request) -> ServiceResult {
        let loaded = self.look(req, true).await?;
        let view = loaded.game.view();
        let side = loaded.orientation(&view, &loaded.game.status());
        let words = board_in_words(&view, side);
        let text = format!("Game {}. {}\n{words}", loaded.label(), loaded.status_line());
        Ok(fitted(text, &format!("game-{}-board.txt", loaded.row.id)))
    }

    /// `/pieces [white|black]`: where each piece of one side, or of both, stands.
    pub(crate) async fn pieces(&self, req: &Request, side: &str) -> ServiceResult {
        let sides = sides(side, "/pieces")?;
        let loaded = self.look(req, true).await?;
        let view = loaded.game.view();
        let lines: Vec<String> = sides.iter().map(|&s| pieces_in_words(&view, s)).collect();
        let text = format!("Game {}:\n{}", loaded.label(), lines.join("\n"));
        Ok(fitted(text, &format!("game-{}-pieces.txt", loaded.row.id)))
    }
}

/// The sides a `/pieces` or `/army` argument names: both when empty.
pub(crate) fn sides(word: &str, command: &str) -> Result<Vec<Color>, ServiceError> {
    match word.trim().to_lowercase().as_str() {
        "" | "both" | "all" => Ok(vec![Color::White, Color::Black]),
        "white" | "w" => Ok(vec![Color::White]),
        "black" | "b" => Ok(vec![Color::Black]),
        _ => Err(ServiceError::refused(format!(
            "Say {command} white or {command} black, or {command} alone for both sides; \"{}\" \
             is no side.",
            shown(word.trim())
        ))),
    }
}

/// A private reply of `text`; when it is longer than a message, the lines that fit, a note,
/// and the whole text in an attached file named `filename`.
pub(crate) fn fitted(text: String, filename: &str) -> Reply {
    if text.chars().count() <= MESSAGE_BUDGET {
        return Reply::text(text);
    }
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let note = |left: usize| format!("({left} more lines: the whole text is in {filename}.)");
    let kept = first_that_fit(&lines, MESSAGE_BUDGET, note);
    let mut shown: Vec<String> = lines[..kept].to_vec();
    shown.push(note(lines.len() - kept));
    Reply {
        text: shown.join("\n"),
        attachment: Some(Attachment {
            filename: filename.to_string(),
            content: text.into_bytes(),
        }),
        ..Reply::default()
    }
}
