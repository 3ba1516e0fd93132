//! How a game is timed and what a change does to its timers: the values a game's record and a
//! change carry, apart from the queries that store them (`timers.rs`), so that the records
//! import no query.

use serde_json::{Map, Value, json};

/// What the game does when the side to act runs out of time.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum OnTimeout {
    /// The usual: a competitive game is lost on time; a cooperative game or a group's pending
    /// decision goes on with a move or decision the bot makes for the late side.
    #[default]
    Usual,
    /// Keep waiting (and reminding).
    Wait,
}

/// How a game is timed. The default is an untimed game.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Timing {
    /// The time for each move or decision, in milliseconds; `None`: untimed.
    pub per_turn_ms: Option<i64>,
    /// Reminders at half time and with an hour left.
    pub remind: bool,
    pub on_timeout: OnTimeout,
    /// A group side's moves are votes of its members.
    pub votes: bool,
}

impl Timing {
    /// Whether anything about the game is timed or voted (else nothing is stored).
    pub fn is_untimed(&self) -> bool {
        self.per_turn_ms.is_none() && !self.votes
    }

    /// The stored text: a JSON object, or `None` for an untimed game.
    pub fn encode(&self) -> Option<String> {
        if self.is_untimed() {
            return None;
        }
        let on_timeout = match self.on_timeout {
            OnTimeout::Usual => "usual",
            OnTimeout::Wait => "wait",
        };
        Some(
            json!({
                "per_turn_ms": self.per_turn_ms,
                "remind": self.remind,
                "on_timeout": on_timeout,
                "votes": self.votes,
            })
            .to_string(),
        )
    }

    /// Reads a stored timing; `None` when the text is not one (the caller reports it).
    pub fn decode(text: Option<&str>) -> Option<Timing> {
        let Some(text) = text else {
            return Some(Timing::default());
        };
        let value: Map<String, Value> = serde_json::from_str(text).ok()?;
        let on_timeout = match value.get("on_timeout").and_then(Value::as_str) {
            Some("wait") => OnTimeout::Wait,
            Some("usual") | None => OnTimeout::Usual,
            Some(_) => return None,
        };
        Some(Timing {
            per_turn_ms: value.get("per_turn_ms").and_then(Value::as_i64),
            remind: value.get("remind").and_then(Value::as_bool).unwrap_or(true),
            on_timeout,
            votes: value.get("votes").and_then(Value::as_bool).unwrap_or(false),
        })
    }
}

/// What a timer does when it fires.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TimerKind {
    /// Reminds who must act that half their time is gone.
    HalfTime,
    /// Reminds who must act that an hour is left.
    LastHour,
    /// The time is up.
    Deadline,
    /// The bot must act (its move, or its side's decision): due at once.
    BotMove,
}

impl TimerKind {
    pub const ALL: [TimerKind; 4] = [
        TimerKind::HalfTime,
        TimerKind::LastHour,
        TimerKind::Deadline,
        TimerKind::BotMove,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TimerKind::HalfTime => "half-time",
            TimerKind::LastHour => "last-hour",
            TimerKind::Deadline => "deadline",
            TimerKind::BotMove => "bot-move",
        }
    }

    pub(super) fn decode(text: &str) -> Option<TimerKind> {
        TimerKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// A timer to set with a change (see [`TimerUpdate`]).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct NewTimer {
    pub kind: TimerKind,
    /// When it fires (a vacation moves it later).
    pub due_at: i64,
}

/// What a change does to its game's timers.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub enum TimerUpdate {
    /// The same turn goes on: the timers move to the new version as they are.
    #[default]
    Keep,
    /// A new turn (or the end of the game): the game's timers are these.
    Replace(Vec<NewTimer>),
    /// The same turn goes on, and these timers are set too (each replacing any of its kind):
    /// the bot's answer within a turn.
    KeepWith(Vec<NewTimer>),
}

impl TimerUpdate {
    /// This update with `timer` set as well.
    pub fn with(self, timer: NewTimer) -> TimerUpdate {
        match self {
            TimerUpdate::Keep => TimerUpdate::KeepWith(vec![timer]),
            TimerUpdate::Replace(mut timers) => {
                timers.push(timer);
                TimerUpdate::Replace(timers)
            }
            TimerUpdate::KeepWith(mut timers) => {
                timers.push(timer);
                TimerUpdate::KeepWith(timers)
            }
        }
    }

    /// Whether the update sets a timer of `kind`.
    pub fn sets(&self, kind: TimerKind) -> bool {
        match self {
            TimerUpdate::Keep => false,
            TimerUpdate::Replace(timers) | TimerUpdate::KeepWith(timers) => {
                timers.iter().any(|t| t.kind == kind)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_reads_back_as_written_and_an_untimed_game_stores_nothing() {
        let timing = Timing {
            per_turn_ms: Some(86_400_000),
            remind: false,
            on_timeout: OnTimeout::Wait,
            votes: true,
        };
        assert_eq!(Timing::decode(timing.encode().as_deref()), Some(timing));
        assert_eq!(Timing::default().encode(), None);
        assert_eq!(Timing::decode(None), Some(Timing::default()));
        assert_eq!(Timing::decode(Some("not json")), None);
        assert_eq!(Timing::decode(Some(r#"{"on_timeout": "explode"}"#)), None);
    }
}
