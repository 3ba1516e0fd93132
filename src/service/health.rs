//! Whether the bot is healthy, as `/healthz` says it (see `crate::http`): the database answers
//! and the chat platform's connection is up. The adapter tells the service how its connection
//! stands (Discord: the gateway; Matrix: the sync); the console has none to lose.

use std::sync::Mutex;

use super::base::Service;

/// How the chat platform's connection stands.
#[derive(Debug)]
pub(crate) struct Connection(Mutex<Result<(), String>>);

impl Default for Connection {
    /// Up: a service without an adapter that says otherwise (the console) is always connected.
    fn default() -> Self {
        Connection(Mutex::new(Ok(())))
    }
}

impl Service {
    /// The adapter's connection is up.
    pub fn connected(&self) {
        *self.lock_connection() = Ok(());
    }

    /// The adapter's connection is down, for `why` ("connecting to the Discord gateway").
    pub fn disconnected(&self, why: impl Into<String>) {
        *self.lock_connection() = Err(why.into());
    }

    /// Healthy, or why not: the database does not answer, or the connection is down.
    pub async fn health(&self) -> Result<(), String> {
        let answered = tokio::time::timeout(std::time::Duration::from_secs(3), self.store.ping());
        match answered.await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => return Err(format!("the database does not answer: {error}")),
            Err(_) => return Err("the database did not answer within 3 s".to_string()),
        }
        self.lock_connection().clone()
    }

    fn lock_connection(&self) -> std::sync::MutexGuard<'_, Result<(), String>> {
        self.connection
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
