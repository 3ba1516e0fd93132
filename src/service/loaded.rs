//! A game loaded for a command: its record, the game rebuilt from it, its people, and the
//! sentences every command says about it (who plays, whose turn, why it cannot be played, which
//! promotion to choose).

use super::{
    choice::Choice,
    command::Command,
    orientation::picture_side,
    reply::{Reply, ServiceError},
    request::DIRECT_SERVER,
    words::join_names,
};
use crate::{
    rules::{Actor, BoardView, Color, Game, GameId, Promotion, Status},
    store::{GameRow, GameState, Participant},
};

/// What every action on a game with a damaged record is told.
pub(crate) const DAMAGED: &str = "This game's record is damaged; a moderator can /abort it.";

/// A game with everything a command needs to judge a request.
pub(crate) struct Loaded {
    pub row: GameRow,
    pub kind: GameId,
    /// The game as the record has it; for a damaged record, the best picture of it there is
    /// (the snapshot, else the replay), for looking only.
    pub game: Box<dyn Game>,
    pub people: Vec<Participant>,
    /// The name of the user a challenge is addressed to.
    pub challenged_name: Option<String>,
    /// The record disagrees with itself (its replay fails, or ends elsewhere than the
    /// snapshot). Nothing may change such a game but an admin's `/abort`: playing on would
    /// build on a position nobody can vouch for.
    pub damaged: bool,
}

impl Loaded {
    /// The side a user plays, if they are in the game.
    pub fn side_of(&self, user_id: &str) -> Option<Color> {
        self.people
            .iter()
            .find(|p| p.user_id == user_id)
            .map(|p| p.side)
    }

    pub fn members(&self, side: Color) -> Vec<&Participant> {
        self.people.iter().filter(|p| p.side == side).collect()
    }

    /// "alice" or "alice, bob and carol", or "nobody yet".
    pub fn names(&self, side: Color) -> String {
        let names: Vec<&str> = self.members(side).iter().map(|p| p.name.as_str()).collect();
        join_names(&names)
    }

    /// The game was started in a direct conversation with the bot (a Discord DM, before
    /// challenges were refused there): nobody but its creator sees the messages posted there.
    pub fn in_direct_conversation(&self) -> bool {
        self.row.server_id == DIRECT_SERVER
    }

    /// The refusal for someone who would join a game started in a direct conversation, which
    /// they could not see.
    pub fn refused_direct(&self) -> ServiceError {
        let creator = self
            .people
            .iter()
            .find(|p| p.user_id == self.row.creator)
            .map_or("its creator", |p| p.name.as_str());
        ServiceError::refused(format!(
            "Game {} was started in a direct message, where only {creator} sees its board. \
             Challenges and group games are played in a server channel now: ask {creator} to \
             start it again there.",
            self.label()
        ))
    }

    /// The game's number and name: "#12 (its name)".
    pub fn label(&self) -> String {
        format!("#{} ({})", self.row.id, self.title())
    }

    /// The name people read: its game's, or its defined variant's own.
    pub fn title(&self) -> String {
        self.row.title()
    }

    /// The user ids who must act now, by the rules' status (which the game keeps, so asking
    /// costs nothing).
    pub fn to_act(&self) -> Vec<String> {
        if self.row.state != GameState::Active || self.damaged {
            return Vec::new();
        }
        match self.game.status() {
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => self
                .members(side)
                .iter()
                .map(|p| p.user_id.clone())
                .collect(),
            Status::Ongoing {
                actor: Actor::Anyone,
                ..
            } => self.people.iter().map(|p| p.user_id.clone()).collect(),
            Status::Over(_) => Vec::new(),
        }
    }

    pub fn user_ids(&self, side: Color) -> Vec<String> {
        self.members(side)
            .iter()
            .map(|p| p.user_id.clone())
            .collect()
    }

    /// The private question a move written without its promotion gets: one choice per
    /// piece the pawn may become, labelled with the piece's name ("Queen (a7a8=Q)") and bound
    /// to this board version, so a click plays the move unless the game has moved on.
    pub fn promotion_question(&self, bare: &str, choices: &[Promotion]) -> Reply {
        let example = choices.first().map_or("", |c| c.notation.as_str());
        Reply {
            text: format!("Choose the promotion for {bare} (or type it, such as {example}):"),
            choices: choices
                .iter()
                .map(|c| Choice {
                    label: format!("{} ({})", c.piece, c.notation),
                    game: self.row.id,
                    version: self.row.version,
                    command: Command::Move(c.notation.clone()),
                })
                .collect(),
            public: false,
            ..Reply::default()
        }
    }

    /// A line saying whose turn it is or how the game ended.
    pub fn status_line(&self) -> String {
        if self.damaged && self.row.state.is_open() {
            return DAMAGED.to_string();
        }
        match self.row.state {
            GameState::Challenge => match &self.row.challenged {
                Some(_) => format!(
                    "Waiting for {} to accept.",
                    self.challenged_name()
                        .unwrap_or_else(|| "the opponent".into())
                ),
                None => "Open challenge: anyone may /accept it.".to_string(),
            },
            GameState::Gathering => format!(
                "Gathering players. White: {}. Black: {}. Join with /join white or /join black.",
                self.names(Color::White),
                self.names(Color::Black)
            ),
            GameState::Cancelled => "This game was cancelled.".to_string(),
            GameState::Over => format!(
                "Game over: {}.",
                self.row.outcome.as_deref().unwrap_or("finished")
            ),
            GameState::Active => match self.game.status() {
                Status::Ongoing { actor, prompt } => {
                    let who = match actor {
                        Actor::Side(side) => self.names(side),
                        Actor::Anyone => "anyone in the game".to_string(),
                    };
                    format!("{prompt} ({who}).")
                }
                Status::Over(outcome) => format!("Game over: {outcome}."),
            },
        }
    }

    fn challenged_name(&self) -> Option<String> {
        self.challenged_name
            .clone()
            .or_else(|| self.row.challenged.clone())
    }

    /// The side a picture of this game is drawn from now (see `orientation`): the game's
    /// orientation option while it is played, the winner's side when it is over.
    pub fn orientation(&self, view: &BoardView, status: &Status) -> Color {
        picture_side(&self.row.options, view, status)
    }
}

/// The refusal of every action on a damaged game.
pub(crate) fn refused_damaged(loaded: &Loaded) -> ServiceError {
    ServiceError::refused(format!("Game {} is stopped. {DAMAGED}", loaded.label()))
}

/// Refuses an action on a game that is not in play, saying what the game waits for.
pub(crate) fn refused_not_playing(loaded: &Loaded) -> ServiceError {
    ServiceError::refused(match loaded.row.state {
        GameState::Challenge => format!(
            "Game {} has not started yet. {}",
            loaded.label(),
            loaded.status_line()
        ),
        GameState::Gathering => format!(
            "Game {} has not started yet. {}",
            loaded.label(),
            loaded.status_line()
        ),
        GameState::Over => format!(
            "Game {} is over ({}).",
            loaded.label(),
            loaded.row.outcome.as_deref().unwrap_or("finished")
        ),
        GameState::Cancelled => format!("Game {} was cancelled.", loaded.label()),
        GameState::Active => format!("Game {} is in play.", loaded.label()),
    })
}
