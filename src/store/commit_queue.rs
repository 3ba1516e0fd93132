//! The commits waiting for the SQLite writer: a leaf the store holds, apart from the writer
//! (`games.rs`) that drains it.

use super::{StoreError, records::Commit};

/// A commit waiting for the SQLite writer, and where to send its result.
pub(crate) struct Queued {
    pub(super) commit: Commit,
    pub(super) done: tokio::sync::oneshot::Sender<Result<i64, StoreError>>,
}

/// The commits waiting for the SQLite writer.
#[derive(Default)]
pub(crate) struct CommitQueue(std::sync::Mutex<Vec<Queued>>);

impl std::fmt::Debug for CommitQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CommitQueue")
    }
}

impl CommitQueue {
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Queued>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
