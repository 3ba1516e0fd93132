//! The scheduler: fires the timers of timed games when they fall due (see `timing` for how
//! they are set). A reminder mentions who must act; at the deadline a competitive game is lost
//! on time, or, with `on-timeout=wait`, the game says the time is up and keeps waiting.
//!
//! Timers are a claimed queue ([`DueTimers`], see `queue`), run by the one loop of each bot
//! process beside its posts (see `driver`); the console fires them when its simulated clock
//! moves. A timer is claimed before it fires (a compare-and-set, so of several processes on
//! one PostgreSQL only one takes it) and its effect is written by a write guarded by the
//! game's version, which also removes the timer: so a timer fires at most once, and a claim
//! left by a crash ends with the dead process's lease and lets another process fire it. Timers that fell due while no
//! bot ran fire once at the next start, and their message says they are late.

use std::time::Duration;

use super::{
    base::Service,
    guard::guarded,
    loaded::Loaded,
    outbox::News,
    play::Attempt,
    queue::{self, Due},
    reply::{Reply, ServiceError},
    timing::{span, turn_timers},
    write::{Change, log_line},
};
use crate::{
    rules::{Actor, Color, Outcome, Status},
    store::{GameState, LogKind, OnTimeout, PostKind, StoreError, Timer, TimerKind},
};

/// How long a process keeps a timer it is firing to itself.
const CLAIM: Duration = Duration::from_secs(120);
/// How late a timer may fire before its message says it is late.
const ON_TIME: i64 = 60_000;

/// What a timer's message says about the turn: who must act, what they are asked, and how
/// late the timer fires (empty when on time).
struct Said {
    who: String,
    prompt: String,
    late: String,
}

/// Who acts for the clock in a game's record.
fn the_clock() -> super::request::User {
    super::request::User::new("chatrang:clock", "the clock")
}

/// The timers as a claimed queue (see `queue`): due by the service's clock, held for [`CLAIM`]
/// while they fire.
pub(crate) struct DueTimers<'a>(pub &'a Service);

impl Due for DueTimers<'_> {
    type Row = Timer;
    type Said = Reply;
    const KIND: &'static str = "timers";

    fn hold(&self) -> Duration {
        CLAIM
    }

    async fn due(&self, now: i64, limit: i64) -> Result<Vec<Timer>, StoreError> {
        self.0.store.due_timers(now, limit).await
    }

    async fn owner(&self, now: i64) -> Result<i64, StoreError> {
        self.0.lease.holder(&self.0.store, now).await
    }

    async fn claim(
        &self,
        timer: &Timer,
        now: i64,
        until: i64,
        owner: i64,
    ) -> Result<bool, StoreError> {
        self.0.store.claim_timer(timer.id, now, until, owner).await
    }

    /// Reminders and deadlines fire in order; the bot's turns of different games think side
    /// by side (as many at once as there are search slots).
    async fn handle(&self, claimed: Vec<Timer>, now: i64) -> Result<Vec<Reply>, StoreError> {
        let service = self.0;
        let mut said = Vec::new();
        let (bots, clocks): (Vec<Timer>, Vec<Timer>) = claimed
            .into_iter()
            .partition(|t| t.kind == TimerKind::BotMove);
        for timer in &clocks {
            let fired = guarded("timer", service.fire(timer, now)).await;
            service.fired(timer, fired, &mut said).await?;
        }
        let fired = futures_util::future::join_all(
            bots.iter()
                .map(|t| guarded("bot move", service.fire(t, now))),
        )
        .await;
        for (timer, fired) in bots.iter().zip(fired) {
            service.fired(timer, fired, &mut said).await?;
        }
        Ok(said)
    }

    async fn next(&self) -> Result<Option<i64>, StoreError> {
        self.0.store.next_timer_due().await
    }

    fn wake(&self) -> &tokio::sync::Notify {
        &self.0.timer_wake
    }
}

impl Service {
    /// Fires every timer due by the service's clock; returns what was said, in order (the
    /// console prints it; with an outbox it is also written there for the delivery loop).
    /// The loop of a chat adapter does the same (see `driver`); the console calls this when
    /// its clock moves.
    pub async fn fire_due_timers(&self) -> Result<Vec<Reply>, StoreError> {
        queue::drain(&DueTimers(self), &*self.clock).await
    }

    /// Keeps what a fired timer said; a timer whose game refuses it is dropped, one that met
    /// an unavailable database is left for its claim to run out and fire again.
    async fn fired(
        &self,
        timer: &Timer,
        fired: Result<Option<Reply>, ServiceError>,
        said: &mut Vec<Reply>,
    ) -> Result<(), StoreError> {
        match fired {
            Ok(Some(reply)) => said.push(reply),
            Ok(None) => {}
            Err(ServiceError::Unavailable) => {
                tracing::warn!(
                    timer = timer.id,
                    "a timer could not fire: the database is unavailable"
                );
            }
            // Logged by the guard; the timer fires again when its claim runs out.
            Err(ServiceError::Failed { .. }) => {}
            Err(ServiceError::Refused(why)) => {
                tracing::warn!(timer = timer.id, game = timer.game_id, %why, "a timer is dropped");
                self.store.drop_timer(timer.id).await?;
            }
        }
        Ok(())
    }

    /// Fires one claimed timer; `None` when its game has moved on (the timer is removed).
    async fn fire(&self, timer: &Timer, now: i64) -> Result<Option<Reply>, ServiceError> {
        super::metered::timer_lag(now - timer.due_at);
        let row = self.store.game(timer.game_id).await?;
        let Some(row) = row.filter(|r| r.state == GameState::Active && r.version == timer.version)
        else {
            self.store.drop_timer(timer.id).await?;
            return Ok(None);
        };
        let loaded = self.load_row(row).await?;
        if timer.kind == TimerKind::BotMove {
            let reply = self.bot_moves(&loaded).await?;
            if reply.is_none() {
                self.store.drop_timer(timer.id).await?;
            }
            return Ok(reply);
        }
        let Status::Ongoing { actor, prompt } = loaded.game.status() else {
            self.store.drop_timer(timer.id).await?;
            return Ok(None);
        };
        let late = if now - timer.due_at > ON_TIME {
            format!(
                " (late by {}: the bot was not running)",
                span(now - timer.due_at)
            )
        } else {
            String::new()
        };
        let who = match actor {
            Actor::Side(side) => loaded.names(side),
            Actor::Anyone => "anyone in the game".to_string(),
        };
        let label = loaded.label();
        match timer.kind {
            TimerKind::HalfTime | TimerKind::LastHour => {
                let left = self.time_left(&loaded).await.unwrap_or_default();
                let text = format!("Game {label}: a reminder{late}: {prompt} ({who}) · {left}.");
                let kind = match timer.kind {
                    TimerKind::HalfTime => PostKind::HalfTime,
                    _ => PostKind::LastHour,
                };
                self.note(timer, &loaded, text, kind, false).await
            }
            TimerKind::Deadline => {
                let said = Said { who, prompt, late };
                self.time_up(timer, &loaded, actor, &said).await
            }
            TimerKind::BotMove => Ok(None),
        }
    }

    /// The deadline: a side's vote decides by its most votes; else the bot makes the late
    /// side's decision (or every move, in a cooperative game); else a competitive game is
    /// lost on time; else (or with `on-timeout=wait`) the game waits and says so.
    async fn time_up(
        &self,
        timer: &Timer,
        loaded: &Loaded,
        actor: Actor,
        said: &Said,
    ) -> Result<Option<Reply>, ServiceError> {
        let Said { who, prompt, late } = said;
        let label = loaded.label();
        let side = match actor {
            Actor::Side(side) => Some(side),
            Actor::Anyone => None,
        };
        if loaded.row.timing.votes
            && let Some(leader) = self.tally(loaded).await?.leader()
        {
            let by = format!("Time is up{late}: the most votes of {who} decide");
            return self.play_for(loaded, side, leader, &by).await;
        }
        if loaded.row.timing.on_timeout == OnTimeout::Usual {
            let game = loaded.game.clone_game();
            let stand_in = tokio::task::spawn_blocking(move || game.stand_in())
                .await
                .ok()
                .flatten();
            if let Some(action) = stand_in {
                let by = format!("Time is up{late} for {who}, so the bot plays for them");
                return self.play_for(loaded, side, &action, &by).await;
            }
            if let Some(side) = side
                && !loaded.kind.is_cooperative()
            {
                let text =
                    format!("Time is up{late}: {who} did not act in time; {side} loses on time.");
                let outcome = Outcome::Win {
                    winner: !side,
                    reason: format!("{side} ran out of time"),
                };
                let change = Change::new(loaded.row.clone())
                    .log(log_line(LogKind::Timeout, &the_clock(), Some(side), &text))
                    .end(outcome, false);
                let news = News::board(format!("Game {label}: {text}"))
                    .notify(loaded.people.iter().map(|p| p.user_id.clone()).collect())
                    .unheld();
                return match self.publish(loaded, change, news).await {
                    Ok(reply) => Ok(Some(reply)),
                    // Someone acted at the last moment: that move stands.
                    Err(StoreError::Conflict) => Ok(None),
                    Err(other) => Err(other.into()),
                };
            }
        }
        let text = format!(
            "Game {label}: time is up{late} for {who} ({prompt}); the game waits, and the clock \
             starts again."
        );
        self.note(timer, loaded, text, PostKind::TimeUp, true).await
    }

    /// Plays `action` for a late `side` as the clock; `by` says why. `None` when someone
    /// acted first (their action stands).
    async fn play_for(
        &self,
        loaded: &Loaded,
        side: Option<Color>,
        action: &str,
        by: &str,
    ) -> Result<Option<Reply>, ServiceError> {
        match self
            .play_as(loaded, &the_clock(), side, action, by, true)
            .await
        {
            Ok(reply) => Ok(Some(reply)),
            Err(Attempt::Lost) => Ok(None),
            Err(Attempt::Failed(error)) => Err(error),
        }
    }

    /// Says `text` to who must act, as a post of `kind`; `rearm` starts the turn's timers
    /// again. Written only if the game is still where the timer left it.
    async fn note(
        &self,
        timer: &Timer,
        loaded: &Loaded,
        text: String,
        kind: PostKind,
        rearm: bool,
    ) -> Result<Option<Reply>, ServiceError> {
        let news = News::text(text).notify(loaded.to_act());
        let news = news.unheld();
        let now = self.now_ms();
        let post = self.outbox_post(&news, kind).await?;
        let timers = rearm.then(|| turn_timers(&loaded.row.timing, now));
        let fired = self
            .store
            .fire_note(timer, post.as_ref(), timers.as_deref())
            .await?;
        if !fired {
            return Ok(None);
        }
        if post.is_some() {
            // Nobody answers with a timer's note: it is posted at once.
            self.outbox_wake.notify_one();
        }
        Ok(Some(self.news_reply(loaded, &news).await))
    }
}
