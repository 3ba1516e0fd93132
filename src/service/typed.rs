//! A command written out as a person types it in a chat (`/move e4`, `/join black`), so that a
//! refusal that needs a game's number can show the exact command to type ("/board #2") rather
//! than describe it.

use super::{
    command::{Command, Pick},
    words::shown,
};

impl Command {
    /// The command as typed, with its arguments but without a game's number: "/board",
    /// "/move e4", "/draw no". Commands that name no game come out as their name alone.
    pub fn typed(&self) -> String {
        let name = self.spec().map_or("help", |spec| spec.name);
        let argument = match self {
            Command::Join(Some(side)) => side.to_string().to_lowercase(),
            Command::Move(text) | Command::Moves(text) => shown(text.trim()),
            Command::DeclineDraw | Command::DeclineUndo => "no".to_string(),
            Command::Resign => "yes".to_string(),
            Command::Click(Pick::Number(text)) => shown(text.trim()),
            _ => String::new(),
        };
        if argument.is_empty() {
            format!("/{name}")
        } else {
            format!("/{name} {argument}")
        }
    }

    /// The command as typed about game `id`: "/board #2", "/move e4 #2".
    pub fn typed_about(&self, id: i64) -> String {
        about(&self.typed(), id)
    }
}

/// A typed command with a game's number after it.
pub(crate) fn about(typed: &str, id: i64) -> String {
    format!("{typed} #{id}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn a_command_is_written_as_it_is_typed() {
        assert_eq!(Command::Board.typed_about(2), "/board #2");
        assert_eq!(Command::Move(" e4 ".into()).typed_about(3), "/move e4 #3");
        assert_eq!(Command::Join(Some(Color::Black)).typed(), "/join black");
        assert_eq!(Command::Join(None).typed(), "/join");
        assert_eq!(Command::DeclineUndo.typed(), "/undo no");
        assert_eq!(Command::Moves(String::new()).typed(), "/moves");
    }
}
