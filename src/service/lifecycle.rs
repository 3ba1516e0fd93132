//! What the process around the service asks of it: to stop cleanly (see `doors`), and whether
//! it is healthy, for `/healthz` (see `crate::http`): the database answers and the chat
//! platform's connection is up (see `health`).

use std::time::Duration;

use super::{base::Service, doors::Closed, doors::Inside};

impl Service {
    /// Counts a command in for as long as the returned guard lives (an adapter holds one
    /// while it answers, so that a stop waits for the answer too); `None` once the bot stops.
    pub fn come_in(&self) -> Option<Inside> {
        self.doors.enter()
    }

    /// Stops taking commands (each is refused with a sentence saying to send it again) and
    /// waits for those being carried out to finish, for `grace` at most.
    pub async fn close_doors(&self, grace: Duration) -> Closed {
        let closed = self.doors.close(grace).await;
        match closed.cut_short {
            0 => tracing::info!("no command is left running"),
            n => tracing::warn!(
                commands = n,
                "the grace period ended with commands still running: what they had not \
                 committed is rolled back"
            ),
        }
        closed
    }

    /// The adapter's connection is up.
    pub fn connected(&self) {
        self.connection.set(Ok(()));
    }

    /// The adapter's connection is down, for `why` ("connecting to the Discord gateway").
    pub fn disconnected(&self, why: impl Into<String>) {
        self.connection.set(Err(why.into()));
    }

    /// Healthy, or why not: the database does not answer, or the connection is down.
    pub async fn health(&self) -> Result<(), String> {
        let answered = tokio::time::timeout(Duration::from_secs(3), self.store.ping());
        match answered.await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => return Err(format!("the database does not answer: {error}")),
            Err(_) => return Err("the database did not answer within 3 s".to_string()),
        }
        self.connection.get()
    }
}
