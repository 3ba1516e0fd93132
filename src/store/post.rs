//! What a change asks the bot to post: the values written to the outbox with the change, apart
//! from the outbox's queries (`outbox.rs`), so that the records import no query.

/// What kind of post a row is: a game's board, or a timer's note (see `super::timers`).
/// There is at most one of each kind per game version.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum PostKind {
    /// The board after a change, with what happened and who must act now.
    Board,
    /// A new game's announcement: where a platform gives each game a thread, the thread
    /// starts from it, whoever posts it (the command's answer or the delivery loop).
    Start,
    /// A reminder to who must act: half their time is gone.
    HalfTime,
    /// A reminder to who must act: an hour is left.
    LastHour,
    /// The time is up and the game waits (`on-timeout=wait`).
    TimeUp,
    /// A tournament's news carried by one of its games: a round's pairings, the final
    /// standings. Still news when the game has moved on, and posted without its board, in the
    /// tournament's place (not in the thread the game moved to).
    Tournament,
    /// A finished game's replay (an animated GIF), posted in its thread after its last board.
    /// Drawn when it is taken for posting, off the delivery loop (see `auto_replay`).
    Replay,
}

impl PostKind {
    const ALL: [PostKind; 7] = [
        PostKind::Board,
        PostKind::Start,
        PostKind::HalfTime,
        PostKind::LastHour,
        PostKind::TimeUp,
        PostKind::Tournament,
        PostKind::Replay,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PostKind::Board => "board",
            PostKind::Start => "start",
            PostKind::HalfTime => "half-time",
            PostKind::LastHour => "last-hour",
            PostKind::TimeUp => "time-up",
            PostKind::Tournament => "tournament",
            PostKind::Replay => "replay",
        }
    }

    pub(super) fn decode(text: &str) -> Option<PostKind> {
        PostKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// A note that only makes sense at its game's version (unlike a board, which is still
    /// news when posted late).
    pub fn expires(self) -> bool {
        !matches!(
            self,
            PostKind::Board | PostKind::Start | PostKind::Tournament | PostKind::Replay
        )
    }
}

/// A name for one post that stays the same however often it is posted: its game, version and
/// kind (a board and a new game's announcement share one, as a version has at most one of
/// them). A platform that can make a repeated post harmless keys it by this (Matrix's
/// transaction ids, Discord's nonces), so a post repeated after a crash, which the platform
/// took but the bot never heard back about, shows once.
pub fn post_key(game: i64, version: i64, kind: PostKind) -> String {
    let kind = match kind {
        PostKind::Board | PostKind::Start => "",
        PostKind::HalfTime => "h",
        PostKind::LastHour => "l",
        PostKind::TimeUp => "t",
        PostKind::Tournament => "r",
        PostKind::Replay => "p",
    };
    format!("g{game}v{version}{kind}")
}

/// A post to write with a change ([`super::Commit::posts`]); the game and its version are the
/// commit's.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPost {
    pub platform: String,
    pub kind: PostKind,
    /// When the change is made, by the service's clock: the post is due from then (the
    /// store reads no clock for when a post is due).
    pub at: i64,
    pub text: String,
    /// The people to mention; `None`: whoever must act at the post's version.
    pub notify: Option<Vec<String>>,
    pub with_board: bool,
    /// How long the process that writes the post keeps it to itself, in milliseconds: it is
    /// about to post it as the answer to the command. Zero hands it to the loop at once.
    pub held_for_ms: i64,
    /// The process that holds it meanwhile (see `processes`): if that process dies, its lease
    /// runs out and another posts it, without waiting for `held_for_ms`. `None` when not held.
    pub held_by: Option<i64>,
}
