//! A bug in one command must not take the bot down. [`guarded`] runs a command (or a timer
//! firing, or the reading of a waiting post) so that a panic inside it becomes
//! [`ServiceError::Failed`]: the person is told that something went wrong and whether anything
//! was changed, the panic is logged, and the task serving them, and every other, goes on.
//!
//! Nothing the service shares can be left broken by such a panic: its locks are taken only
//! around plain map operations and are taken back from a poisoned state (a panic elsewhere
//! cannot leave half an entry), and a write to the database is one transaction, which either
//! committed before the panic or is rolled back when its connection is dropped.

use std::{
    any::Any,
    future::Future,
    panic::AssertUnwindSafe,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
};

use futures_util::FutureExt;

use super::reply::{ServiceError, ServiceResult};
use crate::store::watch_writes;

/// Runs `work`; a panic inside it is logged and answered with [`ServiceError::Failed`],
/// saying whether `work` had committed a change before it failed.
pub(crate) async fn guarded<T>(
    what: &str,
    work: impl Future<Output = ServiceResult<T>>,
) -> ServiceResult<T> {
    let wrote = Arc::new(AtomicBool::new(false));
    // Unwind safety: `work` borrows the service, whose shared state survives a panic (see the
    // module's doc); nothing half-done is read after it.
    let outcome = AssertUnwindSafe(watch_writes(wrote.clone(), work))
        .catch_unwind()
        .await;
    outcome.unwrap_or_else(|panic| {
        let changed = wrote.load(Ordering::SeqCst);
        tracing::error!(
            what,
            changed,
            panic = panic_text(panic.as_ref()),
            "a command panicked; the bot carries on"
        );
        Err(ServiceError::Failed { changed })
    })
}

/// The message a panic was raised with, when it has one.
fn panic_text(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panic_before_any_write_says_nothing_was_changed() {
        let answer: ServiceResult<()> = guarded("test", async { panic!("a bug") }).await;
        assert_eq!(answer, Err(ServiceError::Failed { changed: false }));
    }

    #[tokio::test]
    async fn a_panic_after_a_write_says_the_command_was_saved() {
        let answer: ServiceResult<()> = guarded("test", async {
            crate::store::wrote();
            panic!("a bug after the commit")
        })
        .await;
        assert_eq!(answer, Err(ServiceError::Failed { changed: true }));
        assert!(
            ServiceError::Failed { changed: true }
                .to_string()
                .contains("after your command was saved")
        );
    }

    #[tokio::test]
    async fn a_command_that_does_not_panic_is_answered_as_it_answers() {
        let answer = guarded("test", async { Ok::<_, ServiceError>(7) }).await;
        assert_eq!(answer, Ok(7));
    }
}
