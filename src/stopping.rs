//! How the bot is told to stop: SIGTERM (what `docker stop`, systemd and Kubernetes send) or
//! SIGINT (Ctrl-C). The first asks for a clean stop: the adapter stops taking commands, lets
//! those in flight finish within the grace period (see the service's `doors`), hands back what
//! it claimed and closes its connection. A second signal stops at once.

use std::time::Duration;

use tokio::sync::watch;

/// How long a clean stop may take unless `CHATRANG_STOP_GRACE` says otherwise: Docker's own
/// wait before it kills is 10 s, systemd's 90 s.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(10);

/// The grace period from `CHATRANG_STOP_GRACE` (seconds, such as `10` or `2.5`), else the
/// default; a value that does not read is an error naming it.
pub fn grace_from_env() -> Result<Duration, String> {
    match std::env::var("CHATRANG_STOP_GRACE") {
        Err(_) => Ok(DEFAULT_GRACE),
        Ok(text) => read_grace(&text),
    }
}

/// A grace period in seconds: positive, at most an hour.
pub fn read_grace(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 3600.0 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!(
            "CHATRANG_STOP_GRACE is the seconds a clean stop may take, such as 10; \"{}\" is \
             not that",
            text.chars().take(40).collect::<String>()
        )),
    }
}

/// A switch that turns true when the process is told to stop, for the adapters to watch. The
/// signals are listened to from here on (so one that comes at once is not missed); a second
/// signal ends the process at once. Called inside the async runtime.
pub fn on_signals() -> watch::Receiver<bool> {
    use tokio::signal::unix::{SignalKind, signal};
    let (tell, told) = watch::channel(false);
    let (mut term, mut int) = match (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) {
        (Ok(term), Ok(int)) => (term, int),
        (Err(error), _) | (_, Err(error)) => {
            // The default dispositions stay: a signal stops the process at once, as before.
            tracing::error!(%error, "cannot listen for SIGTERM and SIGINT");
            return told;
        }
    };
    tokio::spawn(async move {
        let mut signalled = async || {
            tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            }
        };
        let signal = signalled().await;
        tracing::info!(signal, "stopping cleanly; a second signal stops at once");
        let _ = tell.send(true);
        let signal = signalled().await;
        tracing::warn!(signal, "stopping at once");
        std::process::exit(1);
    });
    told
}

/// What an adapter is given to stop by: the switch, and how long its clean stop may take.
#[derive(Clone, Debug)]
pub struct Stop {
    pub told: watch::Receiver<bool>,
    pub grace: Duration,
}

impl Stop {
    /// A stop that never comes (tests that run an adapter in the process).
    pub fn never() -> Stop {
        // With its sender gone the switch stays off (see `requested`).
        let (_, told) = watch::channel(false);
        Stop {
            told,
            grace: DEFAULT_GRACE,
        }
    }

    /// Waits until the stop is asked for (never, when its sender is gone).
    pub async fn requested(&mut self) {
        if self.told.wait_for(|stop| *stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Whether the stop was asked for.
    pub fn is_requested(&self) -> bool {
        *self.told.borrow()
    }

    /// The part of the grace period given to the commands in flight; the rest is for handing
    /// back claims and closing the connection.
    pub fn for_commands(&self) -> Duration {
        self.grace.mul_f64(0.75)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grace_period_reads_as_seconds() {
        assert_eq!(read_grace("10"), Ok(Duration::from_secs(10)));
        assert_eq!(read_grace(" 2.5 "), Ok(Duration::from_millis(2500)));
        for wrong in ["", "0", "-3", "ten", "7200"] {
            let error = read_grace(wrong).unwrap_err();
            assert!(error.contains("CHATRANG_STOP_GRACE"), "{wrong}: {error}");
        }
    }
}
