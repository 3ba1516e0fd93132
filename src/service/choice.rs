//! A [`Choice`]: something a user can click instead of typing. It is a [`Command`] bound to a
//! game at one board version, so that a click on an older board is refused rather than played
//! on a position its user never saw.

use super::command::Command;
use crate::rules::Color;

/// Something to click (a Discord button, a Matrix reaction key, a numbered console choice):
/// a [`Command`] bound to a game at one version, so a stale one is refused with "this board has
/// moved on". Clicking it is [`Command::Click`] with its [`Choice::encode`]d id, or with its
/// number in the list offered where it was shown.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Choice {
    pub label: String,
    pub game: i64,
    pub version: i64,
    pub command: Command,
}

/// How a choice should look: agreeing, refusing, playing, or anything else.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Tone {
    Yes,
    No,
    Play,
    Other,
}

impl Choice {
    /// A compact id for a button (at most 100 characters on Discord):
    /// `v1:GAME:VERSION:ACTION[:ARGUMENT]`. The action words are those of the first buttons
    /// ever posted, so buttons already in chats keep working.
    pub fn encode(&self) -> String {
        let (action, argument) = match &self.command {
            Command::Move(notation) => ("play", notation.as_str()),
            Command::Draw => ("draw-yes", ""),
            Command::DeclineDraw => ("draw-no", ""),
            Command::Undo => ("undo-yes", ""),
            Command::DeclineUndo => ("undo-no", ""),
            Command::Join(side) => ("join", side.map_or("", Color::name)),
            // Only an acceptance of a seek is ever a button: "accept N GAME".
            Command::Seek(text) => ("seek", text.strip_prefix("accept ").unwrap_or(text)),
            // Only joining or leaving a tournament is a button: "join N".
            Command::Tournament(text) => ("tournament", text.as_str()),
            other => (other.spec().map_or("", |spec| spec.name), ""),
        };
        format!("v1:{}:{}:{action}:{argument}", self.game, self.version)
    }

    /// Reads [`Choice::encode`] back (the label is not part of the id). Only commands that
    /// need no more than the game and one word can be buttons.
    pub fn decode(id: &str) -> Option<Choice> {
        let mut parts = id.splitn(5, ':');
        if parts.next()? != "v1" {
            return None;
        }
        let game = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let action = parts.next()?;
        let argument = parts.next().unwrap_or("");
        let command = match action {
            "play" if !argument.is_empty() => Command::Move(argument.to_string()),
            "draw-yes" => Command::Draw,
            "draw-no" => Command::DeclineDraw,
            "undo-yes" => Command::Undo,
            "undo-no" => Command::DeclineUndo,
            "join" => Command::Join(match argument {
                "White" => Some(Color::White),
                "Black" => Some(Color::Black),
                "" => None,
                _ => return None,
            }),
            "seek" if !argument.is_empty() => Command::Seek(format!("accept {argument}")),
            "tournament" if !argument.is_empty() => Command::Tournament(argument.to_string()),
            "accept" => Command::Accept,
            "decline" => Command::Decline,
            "leave" => Command::Leave,
            "board" => Command::Board,
            "resign" => Command::Resign,
            "history" => Command::History,
            "rematch" => Command::Rematch,
            _ => return None,
        };
        Some(Choice {
            label: String::new(),
            game,
            version,
            command,
        })
    }

    /// How the choice should look.
    pub fn tone(&self) -> Tone {
        match self.command {
            Command::Accept | Command::Draw | Command::Undo => Tone::Yes,
            Command::Decline | Command::DeclineDraw | Command::DeclineUndo | Command::Resign => {
                Tone::No
            }
            Command::Move(_) | Command::Join(_) | Command::Seek(_) | Command::Tournament(_) => {
                Tone::Play
            }
            _ => Tone::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_survives_its_button_id() {
        let commands = [
            Command::Move("d4d5&k4k5".into()),
            Command::Move("e7e8=Q".into()),
            Command::Accept,
            Command::Decline,
            Command::Draw,
            Command::DeclineDraw,
            Command::Undo,
            Command::DeclineUndo,
            Command::Rematch,
            Command::Join(Some(Color::Black)),
            Command::Join(None),
            Command::Board,
            Command::Resign,
            Command::Seek("accept 12 katarenga".into()),
        ];
        for command in commands {
            let choice = Choice {
                label: String::new(),
                game: 42,
                version: 7,
                command,
            };
            let id = choice.encode();
            assert!(id.len() <= 100, "{id}");
            assert_eq!(Choice::decode(&id), Some(choice));
        }
        assert_eq!(Choice::decode("v1:1:2:fly:"), None);
        assert_eq!(Choice::decode("v1:x:2:accept:"), None);
        assert_eq!(Choice::decode("v1:1:2:play:"), None);
        // The ids of the buttons posted before commands were one table still read.
        for (old, command) in [
            ("v1:3:9:accept:", Command::Accept),
            ("v1:3:9:draw-no:", Command::DeclineDraw),
            ("v1:3:9:join:White", Command::Join(Some(Color::White))),
            ("v1:3:9:play:e2e4", Command::Move("e2e4".into())),
        ] {
            assert_eq!(Choice::decode(old).map(|c| c.command), Some(command));
        }
    }
}
