//! What the bot counts and times for `/metrics` (see `crate::http`). Each figure is recorded
//! through the `metrics` crate where it happens; without `--http` no recorder is installed and
//! every call here costs next to nothing. The names are Prometheus's conventions: a
//! `_total` counter, `_seconds` histograms and gauges.

use std::time::Duration;

use metrics::{counter, gauge, histogram};

use super::{base::Service, reply::ServiceError};

/// Says what each figure is (the `# HELP` lines of `/metrics`).
pub fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        "chatrang_commands_total",
        "Commands carried out, by name and result."
    );
    describe_histogram!(
        "chatrang_command_seconds",
        Unit::Seconds,
        "The time to carry out a command, by name."
    );
    describe_counter!("chatrang_moves_total", "Moves played and kept, by game.");
    describe_histogram!(
        "chatrang_timer_lag_seconds",
        Unit::Seconds,
        "How late timers fired after they fell due."
    );
    describe_histogram!(
        "chatrang_render_seconds",
        Unit::Seconds,
        "The time to draw a board."
    );
    describe_histogram!(
        "chatrang_bot_think_seconds",
        Unit::Seconds,
        "The bot's think time per move."
    );
    describe_gauge!(
        "chatrang_bot_searches_waiting",
        "The bot's searches waiting for a search slot."
    );
    describe_counter!(
        "chatrang_platform_errors_total",
        "Error answers of the chat platform, by HTTP status."
    );
    describe_histogram!(
        "chatrang_database_seconds",
        Unit::Seconds,
        "The time the database takes to answer a trivial query."
    );
    describe_gauge!("chatrang_outbox_waiting", "Posts waiting in the outbox.");
    describe_gauge!(
        "chatrang_outbox_oldest_seconds",
        Unit::Seconds,
        "The age of the oldest post waiting in the outbox."
    );
}

/// A command carried out: counted by name and result, and timed.
pub(crate) fn command(
    name: &'static str,
    result: &Result<super::Reply, ServiceError>,
    took: Duration,
) {
    let result = match result {
        Ok(_) => "ok",
        Err(ServiceError::Refused(_)) => "refused",
        Err(_) => "failed",
    };
    counter!("chatrang_commands_total", "command" => name, "result" => result).increment(1);
    histogram!("chatrang_command_seconds", "command" => name).record(took.as_secs_f64());
}

/// A move played and kept, by a person or the bot, in a game of `game`.
pub(crate) fn moved(game: &'static str) {
    counter!("chatrang_moves_total", "game" => game).increment(1);
}

/// How late a timer fired after it fell due.
pub(crate) fn timer_lag(late_ms: i64) {
    histogram!("chatrang_timer_lag_seconds").record(late_ms.max(0) as f64 / 1e3);
}

/// The time to draw one picture.
pub(crate) fn rendered(took: Duration) {
    histogram!("chatrang_render_seconds").record(took.as_secs_f64());
}

/// The bot's search: its think time, and how many searches wait for a slot meanwhile.
pub(crate) fn thought(took: Duration) {
    histogram!("chatrang_bot_think_seconds").record(took.as_secs_f64());
}

/// How many of the bot's searches wait for a slot now.
pub(crate) fn searches_waiting(waiting: usize) {
    gauge!("chatrang_bot_searches_waiting").set(waiting as f64);
}

/// An error answer from the chat platform, by HTTP status (429 for a rate limit).
pub fn platform_error(platform: &'static str, status: u16) {
    counter!("chatrang_platform_errors_total", "platform" => platform, "status" => status.to_string())
        .increment(1);
}

impl Service {
    /// Reads what is measured in the database rather than counted as it happens: the posts
    /// waiting in the outbox and the age of the oldest, and the time the database takes to
    /// answer. Called before each scrape.
    pub async fn sample_gauges(&self) {
        let started = std::time::Instant::now();
        if let Ok(()) = self.store.ping().await {
            histogram!("chatrang_database_seconds").record(started.elapsed().as_secs_f64());
        }
        if let Some(outbox) = &self.outbox
            && let Ok((waiting, oldest)) = self.store.outbox_depth(&outbox.platform).await
        {
            gauge!("chatrang_outbox_waiting").set(waiting as f64);
            // Posts are stamped with the system's clock when written.
            let age = oldest.map_or(0, |created| crate::store::now_ms() - created);
            gauge!("chatrang_outbox_oldest_seconds").set(age.max(0) as f64 / 1e3);
        }
    }
}
