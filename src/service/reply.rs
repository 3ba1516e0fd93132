//! What every service command gives back: a structured reply that adapters translate, and the
//! one error type whose text is the sentence the user sees.

use std::fmt;

use super::choice::Choice;

/// A picture: a board, a chart or table (PNG), or a replay (an animated GIF).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Image {
    /// The file's bytes, PNG or GIF (see [`Image::mime`]).
    pub bytes: Vec<u8>,
    /// A file name for the attachment: `game-12-move-31.png`.
    pub filename: String,
    /// What the picture shows, in words, for people who cannot see it (`describe`): a
    /// platform gives it as the picture's alt text or caption.
    pub description: String,
}

impl Image {
    /// The picture's media type, read from its first bytes: `image/gif` for a replay, else
    /// `image/png`.
    pub fn mime(&self) -> &'static str {
        if self.bytes.starts_with(b"GIF8") {
            "image/gif"
        } else {
            "image/png"
        }
    }

    /// The picture's width and height in pixels, read from its header, if it has one.
    pub fn size(&self) -> Option<(u32, u32)> {
        let b = &self.bytes;
        if b.starts_with(b"\x89PNG\r\n\x1a\n") && b.len() >= 24 {
            let read = |at: usize| u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
            Some((read(16), read(20)))
        } else if b.starts_with(b"GIF8") && b.len() >= 10 {
            let read = |at: usize| u32::from(u16::from_le_bytes([b[at], b[at + 1]]));
            Some((read(6), read(8)))
        } else {
            None
        }
    }
}

/// A file to download, such as a game's record.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Attachment {
    pub filename: String,
    pub content: Vec<u8>,
}

/// The game a reply is about, so adapters can route the reply to where the game lives and name
/// a thread for it without asking the database.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GameRef {
    pub id: i64,
    pub version: i64,
    /// The game's name for people ("Cataclysm").
    pub name: String,
    /// The channel, thread or room the game lives in (where its messages belong).
    pub place: String,
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
    /// Pictures shown after `image`, in order (a review's boards of its costliest moves).
    pub more_images: Vec<Image>,
    pub attachment: Option<Attachment>,
    pub choices: Vec<Choice>,
    /// User ids to mention because it is their turn or their decision (or, for a new seek,
    /// because they follow its game).
    pub notify: Vec<String>,
    /// A role to mention as well (a Discord role a server's moderators chose for a game's
    /// seeks); platforms without roles leave it out and mention `notify` alone.
    pub mention_role: Option<String>,
    pub game: Option<GameRef>,
    /// True when the reply changes a game everyone in the place should see (a move, a new
    /// game); false for private answers such as a list of moves.
    pub public: bool,
    /// The reply announces a new game: an adapter that gives each game a thread of its own
    /// starts it from the message that shows this reply (see `PostKind::Start`).
    pub announces: bool,
    /// The reply announces tournament `.0`, titled `.1`: an adapter that gives each
    /// tournament a thread starts it from the message that shows this reply and reports it
    /// with [`crate::service::Service::tournament_thread`], so that the rounds and standings
    /// are posted there instead of the channel.
    pub opens_tournament: Option<(i64, String)>,
    /// The reply is also waiting in the outbox (it shows a change): the adapter that posts it
    /// reports [`crate::service::Service::delivered`] or
    /// [`crate::service::Service::not_delivered`], and the delivery loop does the rest.
    pub outbox: bool,
    /// The outbox post this reply shows ([`crate::store::post_key`]), the same each time it is
    /// posted: a platform that can refuse a repeat keys the post by it.
    pub post_key: Option<String>,
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
    /// A bug stopped the command half-way (a panic, logged); `changed` says whether it had
    /// already saved a change.
    Failed { changed: bool },
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
            ServiceError::Failed { changed: false } => f.write_str(
                "Something went wrong on my side, and nothing was changed. Please try again; if \
                 it keeps happening, tell the server's admins.",
            ),
            ServiceError::Failed { changed: true } => f.write_str(
                "Something went wrong on my side after your command was saved. Look at the \
                 board before you act again.",
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
    use super::Image;

    #[test]
    fn a_pictures_size_and_type_are_read_from_its_header() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&640u32.to_be_bytes());
        png.extend_from_slice(&480u32.to_be_bytes());
        let image = |bytes: Vec<u8>| Image {
            bytes,
            filename: String::new(),
            description: String::new(),
        };
        assert_eq!(image(png.clone()).size(), Some((640, 480)));
        assert_eq!(image(png).mime(), "image/png");
        let gif = b"GIF89a\x80\x02\xe0\x01".to_vec();
        assert_eq!(image(gif.clone()).size(), Some((640, 480)));
        assert_eq!(image(gif).mime(), "image/gif");
        assert_eq!(image(b"not a picture".to_vec()).size(), None);
    }
}
