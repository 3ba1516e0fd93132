//! What every service command gives back: a structured reply that adapters translate, and the
//! one error type whose text is the sentence the user sees.

use std::fmt;

/// A person as an adapter knows them: a stable id (Discord snowflake, Matrix id, console name)
/// and the name to show.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct User {
    pub id: String,
    pub name: String,
}

impl User {
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> User {
        User {
            id: id.into(),
            name: name.into(),
        }
    }
}

/// Where a command was given: a server (guild, Matrix server, `console`) and a channel, thread
/// or room in it. Leaderboards are per server; a place holds any number of games.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Place {
    pub server: String,
    pub channel: String,
}

impl Place {
    pub fn new(server: impl Into<String>, channel: impl Into<String>) -> Place {
        Place {
            server: server.into(),
            channel: channel.into(),
        }
    }
}

/// A board picture.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Image {
    pub png: Vec<u8>,
    /// A file name for the attachment: `game-12-move-31.png`.
    pub filename: String,
}

/// A file to download, such as a game's record.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Attachment {
    pub filename: String,
    pub content: Vec<u8>,
}

/// Something a user can click instead of typing (a Discord button, a numbered console choice).
/// It is bound to the game's version, so a stale one is refused with "this board has moved on".
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Choice {
    pub label: String,
    pub game: i64,
    pub version: i64,
    pub action: ChoiceAction,
}

/// What a click does.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ChoiceAction {
    /// Play this notation (a pending decision or a move).
    Play(String),
    AcceptChallenge,
    DeclineChallenge,
    AcceptDraw,
    DeclineDraw,
    AcceptUndo,
    DeclineUndo,
    Rematch,
    /// Join a group game on this side.
    Join(crate::rules::Color),
}

impl Choice {
    /// A compact id for a button (at most 100 characters on Discord):
    /// `v1:GAME:VERSION:ACTION[:ARGUMENT]`.
    pub fn encode(&self) -> String {
        let (action, argument) = match &self.action {
            ChoiceAction::Play(notation) => ("play", notation.as_str()),
            ChoiceAction::AcceptChallenge => ("accept", ""),
            ChoiceAction::DeclineChallenge => ("decline", ""),
            ChoiceAction::AcceptDraw => ("draw-yes", ""),
            ChoiceAction::DeclineDraw => ("draw-no", ""),
            ChoiceAction::AcceptUndo => ("undo-yes", ""),
            ChoiceAction::DeclineUndo => ("undo-no", ""),
            ChoiceAction::Rematch => ("rematch", ""),
            ChoiceAction::Join(side) => ("join", side.name()),
        };
        format!("v1:{}:{}:{action}:{argument}", self.game, self.version)
    }

    /// Reads [`Choice::encode`] back (the label is not part of the id).
    pub fn decode(id: &str) -> Option<Choice> {
        let mut parts = id.splitn(5, ':');
        if parts.next()? != "v1" {
            return None;
        }
        let game = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let action = parts.next()?;
        let argument = parts.next().unwrap_or("");
        let action = match action {
            "play" if !argument.is_empty() => ChoiceAction::Play(argument.to_string()),
            "accept" => ChoiceAction::AcceptChallenge,
            "decline" => ChoiceAction::DeclineChallenge,
            "draw-yes" => ChoiceAction::AcceptDraw,
            "draw-no" => ChoiceAction::DeclineDraw,
            "undo-yes" => ChoiceAction::AcceptUndo,
            "undo-no" => ChoiceAction::DeclineUndo,
            "rematch" => ChoiceAction::Rematch,
            "join" => ChoiceAction::Join(match argument {
                "White" => crate::rules::Color::White,
                "Black" => crate::rules::Color::Black,
                _ => return None,
            }),
            _ => return None,
        };
        Some(Choice {
            label: String::new(),
            game,
            version,
            action,
        })
    }
}

/// The game a reply is about, so adapters can route it (a thread) and tag buttons.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct GameRef {
    pub id: i64,
    pub version: i64,
}

/// The answer to a command. Adapters show `text`, attach `image` and `attachment`, offer
/// `choices` as buttons and mention exactly the users in `notify` (who must act now).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    pub text: String,
    /// The board as text (the console prints it; chat adapters may put it in a code block
    /// when there is no image).
    pub board_text: Option<String>,
    pub image: Option<Image>,
    pub attachment: Option<Attachment>,
    pub choices: Vec<Choice>,
    /// User ids to mention because it is their turn or their decision.
    pub notify: Vec<String>,
    pub game: Option<GameRef>,
    /// True when the reply changes a game everyone in the place should see (a move, a new
    /// game); false for private answers such as a list of moves.
    pub public: bool,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }
}

/// Why a command did nothing. `Display` is the sentence for the user; adapters show it
/// privately.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ServiceError {
    /// The user asked for something the rules or the game's state do not allow.
    Refused(String),
    /// The database failed; it was logged, and the user should try again.
    Unavailable,
}

impl ServiceError {
    pub fn refused(text: impl Into<String>) -> ServiceError {
        ServiceError::Refused(text.into())
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::Refused(text) => f.write_str(text),
            ServiceError::Unavailable => f.write_str(
                "The game store is not answering right now; nothing was lost. Please try again \
                 in a moment.",
            ),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<crate::store::StoreError> for ServiceError {
    fn from(error: crate::store::StoreError) -> ServiceError {
        tracing::error!(%error, "database error");
        ServiceError::Unavailable
    }
}

pub type ServiceResult<T = Reply> = Result<T, ServiceError>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn every_choice_survives_its_button_id() {
        let actions = [
            ChoiceAction::Play("d4d5&k4k5".into()),
            ChoiceAction::Play("e7e8=Q".into()),
            ChoiceAction::AcceptChallenge,
            ChoiceAction::DeclineChallenge,
            ChoiceAction::AcceptDraw,
            ChoiceAction::DeclineDraw,
            ChoiceAction::AcceptUndo,
            ChoiceAction::DeclineUndo,
            ChoiceAction::Rematch,
            ChoiceAction::Join(Color::Black),
        ];
        for action in actions {
            let choice = Choice {
                label: String::new(),
                game: 42,
                version: 7,
                action,
            };
            let id = choice.encode();
            assert!(id.len() <= 100, "{id}");
            assert_eq!(Choice::decode(&id), Some(choice));
        }
        assert_eq!(Choice::decode("v1:1:2:fly:"), None);
        assert_eq!(Choice::decode("v1:x:2:accept:"), None);
        assert_eq!(Choice::decode("v1:1:2:play:"), None);
    }
}
