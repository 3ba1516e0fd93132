//! The replays drawn for the outbox (see `animated`): which posts' replays are being drawn, and
//! those drawn and waiting for the delivery loop to take them again. A leaf, so that the
//! service can hold it without this file importing the service.

use std::{
    collections::{HashMap, HashSet},
    sync::{Arc, Mutex, MutexGuard},
};

use super::reply::Reply;

/// Replays being drawn, and those drawn, by outbox post. Cheap to clone: the clones share them.
#[derive(Clone, Default)]
pub(crate) struct AutoReplays {
    drawing: Arc<Mutex<HashSet<i64>>>,
    ready: Arc<Mutex<HashMap<i64, Result<Reply, String>>>>,
}

impl AutoReplays {
    /// The drawn replay of `post` (or why it could not be drawn), taken out of waiting.
    pub fn take(&self, post: i64) -> Option<Result<Reply, String>> {
        let done = lock(&self.ready).remove(&post)?;
        lock(&self.drawing).remove(&post);
        Some(done)
    }

    /// Marks `post`'s replay as being drawn; false when it already is.
    pub fn start(&self, post: i64) -> bool {
        lock(&self.drawing).insert(post)
    }

    /// Keeps `post`'s drawn replay until the delivery loop takes it.
    pub fn done(&self, post: i64, drawn: Result<Reply, String>) {
        lock(&self.ready).insert(post, drawn);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
