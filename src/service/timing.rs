//! Timed play, the service's part: reading `/new`'s timing options (`deadline=1d`,
//! `remind=off`, `on-timeout=wait`, `vote=on`), setting the timers of the side that must act
//! when a turn begins, and saying how long it has left.
//!
//! A turn's clock starts when the side or the question changes (a move, a decision), or the
//! game begins; anything else (a draw offer, someone joining) leaves it running.

use std::time::Duration;

use super::{base::Service, loaded::Loaded, reply::ServiceError, words::shown};
use crate::{
    rules::{OptionSpec, Status},
    store::{GameState, NewTimer, OnTimeout, StoreError, TimerKind, TimerUpdate, Timing, Vacation},
};

/// The shortest and the longest time per move or decision.
pub const SHORTEST_TURN: Duration = Duration::from_secs(10 * 60);
pub const LONGEST_TURN: Duration = Duration::from_secs(14 * 24 * 3600);
/// The second reminder comes with this much time left.
pub(crate) const LAST_HOUR: i64 = 3_600_000;
/// How long a bot that moves first waits for its game to be moved into a thread.
const PLACE_WAIT: Duration = Duration::from_secs(10);

/// The `/new` options that time a game rather than change its rules, for every game.
pub const TIMING_OPTIONS: [OptionSpec; 4] = [
    OptionSpec {
        name: "deadline",
        description: "time per move or decision, 10m to 14d (such as 1d or 12h)",
    },
    OptionSpec {
        name: "remind",
        description: "on (default) or off: reminders at half time and with an hour left",
    },
    OptionSpec {
        name: "on-timeout",
        description: "usual (lose on time, or the bot decides) or wait (keep waiting)",
    },
    OptionSpec {
        name: "vote",
        description: "on: a team's moves are votes of its members",
    },
];

/// Takes the timing options out of `/new`'s options and reads them; the rest are the game's.
pub fn take_timing(options: &mut Vec<(String, String)>) -> Result<Timing, ServiceError> {
    let mut timing = Timing {
        remind: true,
        ..Timing::default()
    };
    let mut rest = Vec::new();
    for (name, value) in options.drain(..) {
        let key = name.trim().to_lowercase();
        if !TIMING_OPTIONS.iter().any(|o| o.name == key) {
            rest.push((name, value));
            continue;
        }
        let value = value.trim();
        match key.as_str() {
            "deadline" => timing.per_turn_ms = per_turn(value)?,
            "remind" => timing.remind = on_off(&key, value)?,
            "vote" => timing.votes = on_off(&key, value)?,
            _ => {
                timing.on_timeout = match value.to_lowercase().as_str() {
                    "wait" => OnTimeout::Wait,
                    "play" | "lose" | "usual" => OnTimeout::Usual,
                    _ => {
                        return Err(ServiceError::refused(format!(
                            "The on-timeout option is \"wait\" (keep waiting and reminding) or \
                             \"usual\" (a late side loses, or the bot plays for it); not \"{}\".",
                            shown(value)
                        )));
                    }
                }
            }
        }
    }
    *options = rest;
    Ok(timing)
}

/// A deadline option: a duration from 10 minutes to 14 days, or "none".
pub(crate) fn per_turn(value: &str) -> Result<Option<i64>, ServiceError> {
    let lower = value.to_lowercase();
    if matches!(lower.as_str(), "none" | "off") {
        return Ok(None);
    }
    let refused = || {
        ServiceError::refused(format!(
            "A deadline is a time per move from 10m to 14d, such as deadline=1d, deadline=12h \
             or deadline=90m (or deadline=none); \"{}\" is not one.",
            shown(value)
        ))
    };
    let time = humantime::parse_duration(&lower).map_err(|_| refused())?;
    if !(SHORTEST_TURN..=LONGEST_TURN).contains(&time) {
        return Err(refused());
    }
    Ok(Some(time.as_millis() as i64))
}

/// An option that is on or off.
fn on_off(name: &str, value: &str) -> Result<bool, ServiceError> {
    match value.to_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(ServiceError::refused(format!(
            "The {name} option is \"on\" or \"off\"; not \"{}\".",
            shown(value)
        ))),
    }
}

/// The timers of a turn that begins at `now`: the deadline, and the reminders at half time and
/// with an hour left when asked for (the second only when it comes after the first).
pub(crate) fn turn_timers(timing: &Timing, now: i64) -> Vec<NewTimer> {
    let Some(per_turn) = timing.per_turn_ms else {
        return Vec::new();
    };
    let at = |ms: i64| NewTimer {
        kind: TimerKind::Deadline,
        due_at: now + ms,
    };
    let mut timers = vec![at(per_turn)];
    if timing.remind {
        timers.push(NewTimer {
            kind: TimerKind::HalfTime,
            ..at(per_turn / 2)
        });
        if per_turn - LAST_HOUR > per_turn / 2 {
            timers.push(NewTimer {
                kind: TimerKind::LastHour,
                ..at(per_turn - LAST_HOUR)
            });
        }
    }
    timers
}

/// Who must do what: a turn begins when this changes.
fn turn(loaded: &Loaded) -> Option<Status> {
    (loaded.row.state == GameState::Active).then(|| loaded.game.status())
}

impl Service {
    /// What a change from `before` to `after` does to the game's timers (and votes): a new
    /// turn (or a changed game, which is a move or a decision) sets them afresh; a game no
    /// longer in play has none; anything else keeps them.
    pub(crate) async fn timers_after(
        &self,
        before: &Loaded,
        after: &Loaded,
        moved: bool,
        ended: bool,
    ) -> Result<TimerUpdate, StoreError> {
        let update = self.turn_timers_after(before, after, moved, ended).await?;
        Ok(match ended {
            false if after.bot_to_act().is_some() => update.with(self.bot_timer()),
            _ => update,
        })
    }

    /// The bot's turn: a timer due now, which the timer loop fires at once.
    pub(crate) fn bot_timer(&self) -> NewTimer {
        NewTimer {
            kind: TimerKind::BotMove,
            due_at: self.now_ms(),
        }
    }

    /// The bot's first move in a game its adapter is about to move into a thread: due when
    /// the game has moved (see `move_to_place`), or after [`PLACE_WAIT`] if it never does.
    pub(crate) fn bot_timer_after_place(&self) -> NewTimer {
        NewTimer {
            kind: TimerKind::BotMove,
            due_at: self.now_ms() + PLACE_WAIT.as_millis() as i64,
        }
    }

    /// The timers of the turn (deadline and reminders) after a change.
    async fn turn_timers_after(
        &self,
        before: &Loaded,
        after: &Loaded,
        moved: bool,
        ended: bool,
    ) -> Result<TimerUpdate, StoreError> {
        let timing = &after.row.timing;
        if timing.is_untimed() && before.row.timing.is_untimed() {
            return Ok(TimerUpdate::Keep);
        }
        let playing = !ended && matches!(turn(after), Some(Status::Ongoing { .. }));
        if playing && !moved && turn(before) == turn(after) {
            return Ok(TimerUpdate::Keep);
        }
        if !playing || timing.per_turn_ms.is_none() {
            return Ok(TimerUpdate::Replace(Vec::new()));
        }
        let start = self.clock_start(after).await?;
        Ok(TimerUpdate::Replace(turn_timers(timing, start)))
    }

    /// When the clock of a turn that begins now starts: now, or when the one person who
    /// must act comes back from vacation.
    pub(crate) async fn clock_start(&self, loaded: &Loaded) -> Result<i64, StoreError> {
        let now = self.now_ms();
        Ok(match self.away(loaded).await? {
            Some((_, vacation)) => vacation.end.max(now),
            None => now,
        })
    }

    /// The one person who must act (alone on their side), with their vacation, when they are
    /// on vacation now.
    pub(crate) async fn away(
        &self,
        loaded: &Loaded,
    ) -> Result<Option<(String, Vacation)>, StoreError> {
        let to_act = loaded.to_act();
        let [one] = to_act.as_slice() else {
            return Ok(None);
        };
        let now = self.now_ms();
        Ok(self
            .store
            .vacation_of(one)
            .await?
            .filter(|v| v.is_on(now))
            .map(|v| (one.clone(), v)))
    }

    /// "17 h left" for a timed game in play, from its deadline timer; while the one person
    /// to act is on vacation, the time they will have when they are back.
    pub(crate) async fn time_left(&self, loaded: &Loaded) -> Option<String> {
        if loaded.row.timing.per_turn_ms.is_none() || loaded.row.state != GameState::Active {
            return None;
        }
        let read = async {
            let timers = self.store.timers_of_game(loaded.row.id).await?;
            let away = self.away(loaded).await?;
            Ok::<_, StoreError>((timers, away))
        };
        let (timers, away) = match read.await {
            Ok(found) => found,
            Err(error) => {
                tracing::warn!(game = loaded.row.id, %error, "cannot read the game's timers");
                return None;
            }
        };
        let deadline = timers.iter().find(|t| t.kind == TimerKind::Deadline)?;
        let now = self.now_ms();
        let from = away.as_ref().map_or(now, |(_, v)| v.end.max(now));
        let left = round_up_to_minute(deadline.due_at - from);
        Some(match away {
            Some((user, vacation)) => {
                let name = loaded
                    .people
                    .iter()
                    .find(|p| p.user_id == user)
                    .map_or(user.as_str(), |p| p.name.as_str());
                format!(
                    "{} left, paused while {name} is on vacation (back in {})",
                    span(left),
                    span(round_up_to_minute(vacation.end - now))
                )
            }
            None => format!("{} left", span(left)),
        })
    }
}

/// Rounded up to the minute, for what is left: just after a move a day is "1 d left", not
/// "23 h 59 min".
fn round_up_to_minute(ms: i64) -> i64 {
    (ms.max(0) as u64).div_ceil(60_000) as i64 * 60_000
}

/// A time span as people say it on a board: "2 d 3 h", "17 h", "25 min", "less than a minute".
pub fn span(ms: i64) -> String {
    let minutes = ms / 60_000;
    let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    match (days, hours, mins) {
        (0, 0, 0) => "less than a minute".to_string(),
        (0, 0, m) => format!("{m} min"),
        (0, h, 0) => format!("{h} h"),
        (0, h, m) => format!("{h} h {m} min"),
        (d, 0, _) => format!("{d} d"),
        (d, h, _) => format!("{d} d {h} h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn timing_options_are_taken_out_and_the_games_own_stay() {
        let mut given = options(&[("Deadline", "1d"), ("size", "8"), ("remind", "off")]);
        let timing = take_timing(&mut given).unwrap();
        assert_eq!(timing.per_turn_ms, Some(86_400_000));
        assert!(!timing.remind);
        assert_eq!(timing.on_timeout, OnTimeout::Usual);
        assert_eq!(given, options(&[("size", "8")]));
        let mut none = options(&[]);
        assert_eq!(take_timing(&mut none).unwrap().per_turn_ms, None);
    }

    #[test]
    fn a_deadline_is_from_ten_minutes_to_fourteen_days() {
        for ok in ["10m", "90m", "12h", "1d", "14d", "2d 12h"] {
            assert!(per_turn(ok).is_ok(), "{ok}");
        }
        for bad in ["9m", "15d", "soon", "", "-1d"] {
            let why = per_turn(bad).unwrap_err().to_string();
            assert!(why.contains("from 10m to 14d"), "{bad}: {why}");
        }
        assert_eq!(per_turn("None").unwrap(), None);
        let mut wrong = options(&[("on-timeout", "explode")]);
        assert!(take_timing(&mut wrong).is_err());
    }

    #[test]
    fn a_turn_reminds_at_half_time_and_with_an_hour_left() {
        let day = Timing {
            per_turn_ms: Some(24 * LAST_HOUR),
            remind: true,
            ..Timing::default()
        };
        let due: Vec<(TimerKind, i64)> = turn_timers(&day, 1000)
            .into_iter()
            .map(|t| (t.kind, t.due_at))
            .collect();
        assert_eq!(
            due,
            vec![
                (TimerKind::Deadline, 1000 + 24 * LAST_HOUR),
                (TimerKind::HalfTime, 1000 + 12 * LAST_HOUR),
                (TimerKind::LastHour, 1000 + 23 * LAST_HOUR),
            ]
        );
        // With two hours or less, "an hour left" would not come after half time.
        let short = Timing {
            per_turn_ms: Some(2 * LAST_HOUR),
            ..day.clone()
        };
        assert_eq!(turn_timers(&short, 0).len(), 2);
        let quiet = Timing {
            remind: false,
            ..day
        };
        assert_eq!(turn_timers(&quiet, 0).len(), 1);
    }

    #[test]
    fn time_left_reads_as_people_say_it() {
        assert_eq!(span(17 * LAST_HOUR + 5 * 60_000), "17 h 5 min");
        assert_eq!(span(51 * LAST_HOUR), "2 d 3 h");
        assert_eq!(span(25 * 60_000), "25 min");
        assert_eq!(span(59_000), "less than a minute");
        assert_eq!(span(48 * LAST_HOUR), "2 d");
    }
}
