//! How the chat platform's connection stands, for `/healthz` (see `lifecycle`): the adapter
//! says (Discord: the gateway; Matrix: the sync); the console has none to lose.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// How the chat platform's connection stands.
#[derive(Debug)]
pub(crate) struct Connection(Mutex<Result<(), String>>);

impl Default for Connection {
    /// Up: a service without an adapter that says otherwise (the console) is always connected.
    fn default() -> Self {
        Connection(Mutex::new(Ok(())))
    }
}

impl Connection {
    /// Up, or down and why.
    pub(crate) fn set(&self, state: Result<(), String>) {
        *self.lock() = state;
    }

    pub(crate) fn get(&self) -> Result<(), String> {
        self.lock().clone()
    }

    fn lock(&self) -> MutexGuard<'_, Result<(), String>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
