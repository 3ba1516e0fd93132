//! Who asks, where, and about which game: what every command of the bot is given besides its
//! own arguments. Adapters build one per event; the service never asks the platform again.

use super::progress::Progress;

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

/// The server every direct conversation belongs to, as the games started in one are stored
/// (the Discord adapter wrote it for direct messages before places knew they were direct).
pub(crate) const DIRECT_SERVER: &str = "dm";

/// Where a command was given: a server (guild, Matrix server, `console`) and a channel, thread
/// or room in it, or a direct conversation between one person and the bot. Leaderboards are
/// per server; a place holds any number of games.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Place {
    pub server: String,
    pub channel: String,
    /// A direct conversation (a Discord DM): nobody but the person and the bot sees it, so
    /// games with other people are not started there and it has no leaderboard.
    pub direct: bool,
}

impl Place {
    /// A channel, thread or room of a server.
    pub fn new(server: impl Into<String>, channel: impl Into<String>) -> Place {
        Place {
            server: server.into(),
            channel: channel.into(),
            direct: false,
        }
    }

    /// A direct conversation with the bot, such as a Discord DM channel.
    pub fn direct(channel: impl Into<String>) -> Place {
        Place {
            server: DIRECT_SERVER.to_string(),
            channel: channel.into(),
            direct: true,
        }
    }

    /// A direct conversation, or a place of the server every direct conversation once shared
    /// (the Discord adapter's `dm` before places knew they were direct): one person's, not a
    /// server's.
    pub fn is_direct(&self) -> bool {
        self.direct || self.server == DIRECT_SERVER
    }
}

/// One person's command in one place.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Request {
    /// Who gives the command.
    pub user: User,
    /// The server and the channel, thread or room it is given in.
    pub place: Place,
    /// The game the command names by number; `None` means the game open in this place.
    pub game: Option<i64>,
    /// The user may end any game of this server (`/abort`). The adapter decides: on Discord a
    /// member who manages the server or its messages, in the console whoever types. It counts
    /// only for games of the server of `place` (see `house`).
    pub admin: bool,
    /// The platform's name for the message that gave the command ("matrix:$event"), when the
    /// platform may hand the same message over again after a crash: the command's writes
    /// record it, so that the adapter can tell it was handled (see `store::handling`).
    pub source: Option<String>,
    /// The command as a person types it, without its game ("/board", "/move e4"): set by
    /// [`crate::service::Service::run`], so that a refusal asking which game can show the
    /// exact command to type ("/board #2").
    pub typed: Option<String>,
    /// Where to send notes while the command runs (see `progress`); `None`: no notes.
    pub progress: Option<Progress>,
}

impl Request {
    /// A request by `user` in `place` about the game open there, from someone who is no admin.
    pub fn new(user: User, place: Place) -> Request {
        Request {
            user,
            place,
            game: None,
            admin: false,
            source: None,
            typed: None,
            progress: None,
        }
    }

    /// The same request about game number `game` (or the place's game for `None`).
    pub fn about(mut self, game: Option<i64>) -> Request {
        self.game = game;
        self
    }

    /// The same request from a server admin (or not).
    pub fn admin(mut self, admin: bool) -> Request {
        self.admin = admin;
        self
    }

    /// The same request, its notes while it runs sent to `progress`.
    pub fn with_progress(mut self, progress: Progress) -> Request {
        self.progress = Some(progress);
        self
    }

    /// The same request, given by the message `source`.
    pub fn from_message(mut self, source: impl Into<String>) -> Request {
        self.source = Some(source.into());
        self
    }
}
