//! The outbox's terms: how a process delivers ([`Outbox`]), what a change tells its channel
//! ([`News`], written to the outbox with the change), and how a platform posts one reply
//! ([`Poster`]). The delivery itself is in `deliver`.

use std::{future::Future, time::Duration};

use super::reply::Reply;
use crate::store::{NewPost, PostKind};

/// How one bot process delivers its platform's posts.
#[derive(Clone, Debug)]
pub struct Outbox {
    /// The platform whose posts this process delivers (`discord`, `matrix`).
    pub platform: String,
    /// How long a command keeps its own post before the loop may take it, and how long the
    /// loop keeps a post it is posting: the time to answer with the board (an upload may be
    /// slow). Only while this process lives: a dead process's posts are taken as soon as its
    /// lease runs out (see `lease`).
    pub held_for: Duration,
    /// The wait before the first retry; it doubles with every failure.
    pub first_retry: Duration,
    /// The longest wait between two attempts.
    pub longest_wait: Duration,
    /// How often the loop looks for posts written by other processes or released by claims
    /// that ran out.
    pub poll: Duration,
}

impl Outbox {
    /// The production settings for `platform`.
    pub fn new(platform: impl Into<String>) -> Outbox {
        Outbox {
            platform: platform.into(),
            held_for: Duration::from_secs(120),
            first_retry: Duration::from_secs(2),
            longest_wait: Duration::from_secs(600),
            poll: Duration::from_secs(30),
        }
    }

    /// The same with a different first retry (tests use milliseconds).
    pub fn retrying_after(mut self, first_retry: Duration) -> Outbox {
        self.first_retry = first_retry;
        self.poll = self.poll.min(first_retry * 10);
        self
    }

    /// The wait after `attempts` failures: doubling from the first retry, capped.
    pub(crate) fn backoff(&self, attempts: i64) -> Duration {
        let doublings = attempts.clamp(0, 20) as u32;
        self.first_retry
            .saturating_mul(2u32.saturating_pow(doublings))
            .min(self.longest_wait)
    }
}

/// Why a platform did not take a post.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PostFailure {
    /// Try again later (a server error, a rate limit, no connection); `after` is the wait the
    /// platform asked for, if it said.
    Retry {
        why: String,
        after: Option<Duration>,
    },
    /// The channel is gone or the bot may not post there any more: the post is dropped.
    Gone(String),
}

/// How a platform posts one reply where its game lives (`reply.game.place`).
pub trait Poster: Send + Sync {
    fn post(&self, reply: &Reply) -> impl Future<Output = Result<(), PostFailure>> + Send;
}

/// What a change tells the people in the game's channel: the post written with it.
#[derive(Clone, Debug)]
pub(crate) struct News {
    pub text: String,
    /// The people to mention; `None`: whoever must act after the change.
    pub notify: Option<Vec<String>>,
    pub with_board: bool,
    /// Nobody waits to post it as a command's answer (a timer's news): the delivery loop may
    /// post it at once.
    pub unheld: bool,
}

impl News {
    /// The board after the change, with `text` above it.
    pub fn board(text: impl Into<String>) -> News {
        News {
            text: text.into(),
            notify: None,
            with_board: true,
            unheld: false,
        }
    }

    /// Only `text`: the change leaves nothing to look at (a declined challenge).
    pub fn text(text: impl Into<String>) -> News {
        News {
            with_board: false,
            ..News::board(text)
        }
    }

    /// Mentions exactly these people instead of whoever must act.
    pub fn notify(mut self, users: Vec<String>) -> News {
        self.notify = Some(users);
        self
    }

    /// Posted by the delivery loop at once: no command answers with it.
    pub fn unheld(mut self) -> News {
        self.unheld = true;
        self
    }

    /// The outbox row for this news, a post of `kind` for `outbox`'s platform written at `now`
    /// by the service's clock. Unless the news is unheld, process `holder` keeps it for
    /// `outbox.held_for` to answer the command with it (no holder: nobody keeps it).
    pub fn post_as(
        &self,
        kind: PostKind,
        outbox: &Outbox,
        now: i64,
        holder: Option<i64>,
    ) -> NewPost {
        let held_by = holder.filter(|_| !self.unheld);
        NewPost {
            platform: outbox.platform.clone(),
            kind,
            at: now,
            text: self.text.clone(),
            notify: self.notify.clone(),
            with_board: self.with_board,
            held_for_ms: match held_by {
                Some(_) => outbox.held_for.as_millis() as i64,
                None => 0,
            },
            held_by,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Outbox;

    #[test]
    fn the_wait_doubles_and_stops_at_the_longest() {
        let outbox = Outbox::new("test");
        assert_eq!(outbox.backoff(0), Duration::from_secs(2));
        assert_eq!(outbox.backoff(1), Duration::from_secs(4));
        assert_eq!(outbox.backoff(3), Duration::from_secs(16));
        assert_eq!(outbox.backoff(12), Duration::from_secs(600));
        assert_eq!(outbox.backoff(i64::MAX), Duration::from_secs(600));
    }
}
