//! Delivery that never loses a board. A change that people must see (a move, an accepted
//! challenge, a resignation) writes its post to the outbox in the same transaction as the
//! change ([`Service::publish`]). The command's answer normally carries the board, and the
//! adapter marks the post delivered ([`Service::delivered`]); when the platform refuses that
//! answer, the adapter hands the post to the delivery loop ([`Service::not_delivered`]), which
//! posts it, retrying with backoff until the platform accepts it or the channel is gone.
//!
//! The loop is the same for every platform: a platform only says how to post one reply
//! ([`Poster`]). It is the timers' loop too: posts are a claimed queue ([`DuePosts`], see
//! `queue`), due and retried by the service's clock. Posts are claimed before they are posted,
//! so two bot processes on one PostgreSQL never post the same one; a post is marked delivered
//! once, so a restart neither loses nor repeats it (except the one that was being posted at the
//! moment of a crash, which is posted again once the dead process's lease runs out, see
//! `lease`: adapters make such a repeat harmless where the platform allows, as Discord's
//! message nonce and Matrix's transaction ids do).

use std::time::Duration;

use super::{
    base::Service,
    guard::guarded,
    loaded::Loaded,
    outbox::{News, Outbox, PostFailure, Poster},
    queue::Due,
    reply::{Image, Reply, ServiceError},
    show::game_ref,
    write::Change,
};
use crate::store::{NewPost, Post, PostKind, StoreError, TournamentState, post_key};

/// This process's posts as a claimed queue (see `queue`): those of its platform, due by the
/// service's clock, held for [`Outbox::held_for`] while they are posted by `poster`.
pub(crate) struct DuePosts<'a, P> {
    pub service: &'a Service,
    pub outbox: &'a Outbox,
    pub poster: &'a P,
}

impl<P: Poster> Due for DuePosts<'_, P> {
    type Row = Post;
    type Said = ();
    const KIND: &'static str = "posts";

    fn hold(&self) -> Duration {
        self.outbox.held_for
    }

    async fn due(&self, now: i64, limit: i64) -> Result<Vec<Post>, StoreError> {
        let platform = &self.outbox.platform;
        self.service.store.due_posts(platform, now, limit).await
    }

    async fn owner(&self, now: i64) -> Result<i64, StoreError> {
        self.service.lease.holder(&self.service.store, now).await
    }

    async fn claim(
        &self,
        post: &Post,
        now: i64,
        until: i64,
        owner: i64,
    ) -> Result<bool, StoreError> {
        let store = &self.service.store;
        store.claim_post(post.id, now, until, owner).await
    }

    /// Posts one after another, in the order they were written. A post whose outcome cannot be
    /// written stays claimed until its claim runs out, and is posted again then.
    async fn handle(&self, claimed: Vec<Post>, _now: i64) -> Result<Vec<()>, StoreError> {
        let mut failed = None;
        for post in &claimed {
            let done = self
                .service
                .deliver_one(self.outbox, self.poster, post)
                .await;
            if let Err(error) = done {
                tracing::warn!(post = post.id, %error, "cannot write what became of a post");
                failed = Some(error);
            }
        }
        failed.map_or(Ok(Vec::new()), Err)
    }

    async fn next(&self) -> Result<Option<i64>, StoreError> {
        self.service
            .store
            .next_post_due(&self.outbox.platform)
            .await
    }

    fn wake(&self) -> &tokio::sync::Notify {
        self.service.outbox_wake.as_ref()
    }
}

impl Service {
    /// The outbox row for `news` as a post of `kind`, when the service delivers through an
    /// outbox: written now by the service's clock, and, unless the news is unheld, held by this
    /// process (its lease alive, see `lease`) while the command answers with it.
    pub(crate) async fn outbox_post(
        &self,
        news: &News,
        kind: PostKind,
    ) -> Result<Option<NewPost>, StoreError> {
        let Some(outbox) = &self.outbox else {
            return Ok(None);
        };
        let now = self.now_ms();
        let holder = if news.unheld {
            None
        } else {
            Some(self.lease.holder(&self.store, now).await?)
        };
        Ok(Some(news.post_as(kind, outbox, now, holder)))
    }

    /// Writes `change` with its news in the outbox, and returns the reply that shows it.
    pub(crate) async fn publish(
        &self,
        loaded: &Loaded,
        mut change: Change,
        news: News,
    ) -> Result<Reply, StoreError> {
        change.news = Some(news.clone());
        let after = self.write(loaded, change).await?;
        Ok(self.news_reply(&after, &news).await)
    }

    /// The reply showing `news` about the game as it is in `after`.
    pub(crate) async fn news_reply(&self, after: &Loaded, news: &News) -> Reply {
        let mut reply = if news.with_board {
            self.game_reply(after, news.text.clone()).await
        } else {
            Reply {
                text: news.text.clone(),
                game: Some(game_ref(after)),
                public: true,
                ..Reply::default()
            }
        };
        if let Some(notify) = &news.notify {
            reply.notify = notify.clone();
        }
        reply.notify = self.mentions(after, reply.notify).await;
        reply.outbox = self.outbox.is_some();
        reply.post_key = reply
            .outbox
            .then(|| post_key(after.row.id, after.row.version, PostKind::Board));
        reply
    }

    /// The adapter posted `reply`: its outbox post is done. Without an outbox, nothing to do.
    /// A later post of the game that waited for this one (the bot's reply) may go now.
    pub async fn delivered(&self, reply: &Reply) {
        let (true, Some(game)) = (reply.outbox, &reply.game) else {
            return;
        };
        match self.store.board_delivered(game.id, game.version).await {
            Ok(_) => self.outbox_wake.notify_one(),
            // The post stays in the outbox and will be posted once more: a repeat, not a loss.
            Err(error) => tracing::warn!(game = game.id, %error, "cannot mark a delivered board"),
        }
    }

    /// The platform refused `reply`: the delivery loop posts it as soon as it can.
    pub async fn not_delivered(&self, reply: &Reply, why: &str) {
        let (true, Some(game), Some(outbox)) = (reply.outbox, &reply.game, &self.outbox) else {
            return;
        };
        let retry_at = self.now_ms() + outbox.first_retry.as_millis() as i64;
        match self
            .store
            .board_not_delivered(game.id, game.version, why, retry_at)
            .await
        {
            Ok(()) => self.outbox_wake.notify_one(),
            // The claim runs out by itself, and the loop takes the post then.
            Err(error) => tracing::warn!(game = game.id, %error, "cannot release a board post"),
        }
    }

    /// Posts one claimed post: marked delivered when the platform takes it, due again after
    /// a backoff when it fails, dropped when its channel or game is gone.
    async fn deliver_one<P: Poster>(
        &self,
        outbox: &Outbox,
        poster: &P,
        post: &Post,
    ) -> Result<(), StoreError> {
        if post.kind == PostKind::Replay {
            return self.deliver_replay(poster, post).await;
        }
        let reply = match guarded("post", self.post_reply(post)).await {
            Ok(Some(reply)) => reply,
            Ok(None) => {
                tracing::info!(
                    post = post.id,
                    game = post.game_id,
                    "post dropped: its game is gone, or moved on since this note"
                );
                return self
                    .store
                    .drop_post(post.id, "the game is gone or moved on")
                    .await;
            }
            // A post whose reading failed (logged by the guard) is tried again, later each time.
            Err(ServiceError::Unavailable | ServiceError::Failed { .. }) => {
                let retry_at = self.now_ms() + outbox.backoff(post.attempts).as_millis() as i64;
                return self
                    .store
                    .post_failed(post.id, "the game could not be read", retry_at)
                    .await;
            }
            Err(ServiceError::Refused(why)) => {
                tracing::warn!(post = post.id, %why, "post dropped: the game does not load");
                return self.store.drop_post(post.id, &why).await;
            }
        };
        match poster.post(&reply).await {
            Ok(()) => {
                tracing::info!(
                    post = post.id,
                    game = post.game_id,
                    attempts = post.attempts + 1,
                    "delivered a waiting post"
                );
                self.store.post_delivered(post.id).await
            }
            Err(PostFailure::Gone(why)) => {
                tracing::warn!(post = post.id, game = post.game_id, %why, "post dropped: its channel is gone");
                self.store.drop_post(post.id, &why).await
            }
            Err(PostFailure::Retry { why, after }) => {
                let wait = after.unwrap_or_default().max(outbox.backoff(post.attempts));
                tracing::info!(post = post.id, %why, ?wait, "a post will be tried again");
                let retry_at = self.now_ms() + wait.as_millis() as i64;
                self.store.post_failed(post.id, &why, retry_at).await
            }
        }
    }

    /// Posts a game's replay once it is drawn (see `animated`): until then the post stays
    /// claimed and nothing is posted. A replay that cannot be drawn (its record does not
    /// replay, the painter draws no pictures) is dropped: the game's own posts are all out.
    async fn deliver_replay<P: Poster>(&self, poster: &P, post: &Post) -> Result<(), StoreError> {
        let reply = match self.auto_replay(post) {
            None => return Ok(()),
            Some(Ok(reply)) => reply,
            Some(Err(why)) => {
                tracing::info!(post = post.id, game = post.game_id, %why, "no replay posted");
                return self.store.drop_post(post.id, &why).await;
            }
        };
        match poster.post(&reply).await {
            Ok(()) => self.store.post_delivered(post.id).await,
            Err(PostFailure::Gone(why)) => self.store.drop_post(post.id, &why).await,
            Err(PostFailure::Retry { why, after }) => {
                let wait = after.unwrap_or_default().max(Duration::from_secs(2));
                tracing::info!(post = post.id, %why, ?wait, "a replay will be posted again");
                let retry_at = self.now_ms() + wait.as_millis() as i64;
                self.store.post_failed(post.id, &why, retry_at).await
            }
        }
    }

    /// Where the news of the tournament game `game` belongs to is posted (the tournament's
    /// thread, else its place), and its standings picture once a round is over; `None` for no tournament's.
    async fn tournament_news(
        &self,
        game: i64,
    ) -> Result<Option<(String, Option<Image>)>, ServiceError> {
        let Some(id) = self.store.tournament_of_game(game).await? else {
            return Ok(None);
        };
        let Some(t) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let picture = if t.round >= 2 || t.state == TournamentState::Over {
            self.standings(&t).await?.image
        } else {
            None
        };
        Ok(Some((t.news_place().to_string(), picture)))
    }

    /// The reply a waiting post stands for, rebuilt from its game: the board with its buttons
    /// and mentions while the game is still at the post's version; once the game has moved on,
    /// the text alone with a note (the newer board has its own post). `None` when the game is
    /// gone, or when the post is a timer's note and the game has moved on (a reminder to move
    /// is wrong once the move is made).
    async fn post_reply(&self, post: &Post) -> Result<Option<Reply>, ServiceError> {
        let Some(row) = self.store.game(post.game_id).await? else {
            return Ok(None);
        };
        let news = News {
            text: post.text.clone(),
            notify: post.notify.clone(),
            with_board: post.with_board,
            unheld: true,
        };
        if post.kind.expires() && row.version != post.version {
            return Ok(None);
        }
        let loaded = self.load_row(row).await?;
        if post.kind == PostKind::Tournament {
            let mut reply = self.news_reply(&loaded, &news).await;
            reply.post_key = Some(post_key(post.game_id, post.version, post.kind));
            // A tournament's news is for all its players: it goes to the tournament's place,
            // not to the thread its carrying game moved into (Discord's game threads), with
            // the standings picture.
            if let Some((place, picture)) = self.tournament_news(post.game_id).await? {
                if let Some(game) = &mut reply.game {
                    game.place = place;
                }
                reply.image = picture;
            }
            // News of the tournament, not a change of its carrying game: no adapter takes it
            // for the game's own post (Matrix would move the game into the news's thread).
            reply.public = false;
            return Ok(Some(reply));
        }
        let announces = post.kind == PostKind::Start;
        let key = post_key(post.game_id, post.version, post.kind);
        if loaded.row.version == post.version {
            let mut reply = self.news_reply(&loaded, &news).await;
            reply.announces = announces;
            reply.post_key = Some(key);
            return Ok(Some(reply));
        }
        let mut reply = self.news_reply(&loaded, &News::text(&news.text)).await;
        reply
            .text
            .push_str("\n(Posted late: the game has moved on since; /board shows it now.)");
        reply.notify.clear();
        reply.announces = announces;
        reply.post_key = Some(key);
        if let Some(game) = &mut reply.game {
            game.version = post.version;
        }
        Ok(Some(reply))
    }
}
