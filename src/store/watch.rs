//! Whether a command changed anything. The service runs each command inside
//! [`watch_writes`]; the store's writes of what people asked for (a game, a vote, a setting)
//! note themselves here. When a command fails half-way (a bug that panics), the service can
//! then say truthfully whether anything was changed.
//!
//! Delivery bookkeeping (the outbox, a timer claimed by the timer loop) and the display-name
//! cache do not count: they are not what the person asked for, and they run in their own tasks.

use std::{
    future::Future,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
};

tokio::task_local! {
    static WROTE: Arc<AtomicBool>;
}

/// Runs `work`, setting `wrote` when one of its writes is committed. The flag lives outside
/// the future so that it can be read even when the future panicked.
pub async fn watch_writes<F: Future>(wrote: Arc<AtomicBool>, work: F) -> F::Output {
    WROTE.scope(wrote, work).await
}

/// A write was committed on behalf of the command being watched (if any).
pub(crate) fn wrote() {
    // Outside a watched command (a delivery loop, a test) there is nothing to tell.
    let _ = WROTE.try_with(|flag| flag.store(true, Ordering::SeqCst));
}
