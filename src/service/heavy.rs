//! Heavy work (drawing a replay) kept out of the way of live games. A job runs on a thread of
//! its own at a lower CPU priority (nice 10), so that on a busy machine the scheduler serves
//! the threads that answer moves first; and one job runs at a time, so that at most one core
//! goes to it. Each person has one job in the queue at most, and is told how many wait ahead
//! (see `progress`), or, when their job runs at once but takes more than a few seconds, that it
//! is being made.

use std::{
    collections::HashSet,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use super::{progress::Progress, reply::ServiceError};

/// The queue of heavy jobs. Cheap to clone: the clones share the queue.
#[derive(Clone)]
pub(crate) struct HeavyWork {
    inner: Arc<Inner>,
    /// How long a job that did not wait runs before its asker is told it is being made.
    patience: Duration,
}

impl Default for HeavyWork {
    fn default() -> Self {
        HeavyWork {
            inner: Arc::default(),
            patience: PATIENCE,
        }
    }
}

/// A job that runs longer than this without having waited in the queue gets a note: a person
/// who asked does not wonder for long whether the bot heard.
const PATIENCE: Duration = Duration::from_secs(4);

#[derive(Default)]
struct Inner {
    /// One job at a time.
    turn: tokio::sync::Mutex<()>,
    /// Who has a job queued or running.
    busy: Mutex<HashSet<String>>,
    /// Jobs queued or running.
    waiting: AtomicUsize,
}

/// The CPU priority of a heavy job's thread: 10 of the 19 steps below normal.
const NICENESS: i32 = 10;

impl HeavyWork {
    /// A queue whose jobs' askers are told after `patience` that their job is being made.
    #[cfg(test)]
    fn with_patience(patience: Duration) -> Self {
        HeavyWork {
            patience,
            ..HeavyWork::default()
        }
    }

    /// Jobs queued or running now.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.inner.waiting.load(Ordering::SeqCst)
    }

    /// Runs `job` for `who` when its turn comes, on a thread of its own at a lower priority.
    /// Refused while `who` has a job queued or running (`what` names it in the refusal). When
    /// other jobs are ahead, `progress` is told how many; when none are but the job runs
    /// longer than the patience, `progress` is told it is being made.
    pub async fn run<T: Send + 'static>(
        &self,
        who: &str,
        what: &str,
        progress: Option<&Progress>,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let (_entry, ahead) = self.enter(who, what)?;
        if ahead > 0 {
            tracing::info!(what, ahead, "heavy work waits its turn");
            if let Some(progress) = progress {
                progress.say(format!(
                    "Your {what} is queued, {ahead} ahead; it will be posted here when it is \
                     ready."
                ));
            }
        }
        let _turn = self.inner.turn.lock().await;
        let (done, result) = tokio::sync::oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("chatrang-heavy".into())
            .spawn(move || {
                lower_priority();
                let _ = done.send(job());
            });
        if let Err(error) = spawned {
            tracing::error!(%error, "cannot start a thread for heavy work");
            return Err(ServiceError::Failed { changed: false });
        }
        let mut result = std::pin::pin!(result);
        if ahead == 0
            && let Some(progress) = progress
        {
            tokio::select! {
                done = &mut result => return finished(what, done),
                () = tokio::time::sleep(self.patience) => progress.say(format!(
                    "Your {what} is being made; it will be posted here when it is ready."
                )),
            }
        }
        finished(what, result.await)
    }

    /// Counts `who`'s job in, until the returned guard is dropped; also the jobs ahead of it.
    fn enter(&self, who: &str, what: &str) -> Result<(Entry, usize), ServiceError> {
        let mut busy = self.inner.busy.lock().unwrap_or_else(|e| e.into_inner());
        if !busy.insert(who.to_string()) {
            return Err(ServiceError::refused(format!(
                "Your {what} is still being made; it will be posted here as soon as it is \
                 ready."
            )));
        }
        let ahead = self.inner.waiting.fetch_add(1, Ordering::SeqCst);
        let entry = Entry {
            inner: self.inner.clone(),
            who: who.to_string(),
        };
        Ok((entry, ahead))
    }
}

/// A job's result as it came back from its thread. A job that panicked dropped its sender:
/// the panic was printed by the thread.
fn finished<T>(
    what: &str,
    result: Result<T, tokio::sync::oneshot::error::RecvError>,
) -> Result<T, ServiceError> {
    result.map_err(|_| {
        tracing::error!(what, "heavy work panicked");
        ServiceError::Failed { changed: false }
    })
}

/// A job counted in the queue; dropping it counts it out (also when its command is dropped).
struct Entry {
    inner: Arc<Inner>,
    who: String,
}

impl Drop for Entry {
    fn drop(&mut self) {
        let mut busy = self.inner.busy.lock().unwrap_or_else(|e| e.into_inner());
        busy.remove(&self.who);
        self.inner.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Lowers the calling thread's CPU priority. On Linux a thread's nice value is its own
/// (`setpriority` with the thread's id); elsewhere this does nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid and setpriority take and return plain integers and touch no memory.
        let result = unsafe {
            let tid = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, NICENESS)
        };
        if result != 0 {
            tracing::debug!("cannot lower a heavy job's priority");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_job_per_person_and_the_queue_counts_them() {
        let heavy = HeavyWork::default();
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let first = {
            let heavy = heavy.clone();
            tokio::spawn(async move {
                heavy
                    .run("alice", "replay", None, move || {
                        wait.recv().ok();
                        7
                    })
                    .await
            })
        };
        while heavy.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        let again = heavy.run("alice", "replay", None, || 0).await;
        assert!(matches!(again, Err(ServiceError::Refused(t)) if t.contains("still being made")));
        // Bob's job waits behind Alice's, and he is told so before it runs.
        let (progress, mut notes) = Progress::channel();
        let second = {
            let heavy = heavy.clone();
            tokio::spawn(async move { heavy.run("bob", "review", Some(&progress), || 9).await })
        };
        let note = notes.recv().await.expect("a note");
        assert_eq!(
            note,
            "Your review is queued, 1 ahead; it will be posted here when it is ready."
        );
        assert_eq!(heavy.waiting(), 2);
        go.send(()).unwrap();
        assert_eq!(first.await.unwrap().unwrap(), 7);
        assert_eq!(second.await.unwrap().unwrap(), 9);
        assert_eq!(heavy.waiting(), 0);
        // Alone in the queue: no note.
        let (progress, mut notes) = Progress::channel();
        assert_eq!(
            heavy
                .run("alice", "replay", Some(&progress), || 8)
                .await
                .unwrap(),
            8
        );
        drop(progress);
        assert!(notes.recv().await.is_none());
    }

    #[tokio::test]
    async fn a_job_that_runs_long_says_it_is_being_made_once() {
        let heavy = HeavyWork::with_patience(Duration::from_millis(20));
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let (progress, mut notes) = Progress::channel();
        let job = {
            let heavy = heavy.clone();
            tokio::spawn(async move {
                heavy
                    .run("carol", "review", Some(&progress), move || {
                        wait.recv().ok();
                        5
                    })
                    .await
            })
        };
        let note = tokio::time::timeout(Duration::from_secs(10), notes.recv()).await;
        assert_eq!(
            note.expect("a note within the test's time").as_deref(),
            Some("Your review is being made; it will be posted here when it is ready.")
        );
        go.send(()).unwrap();
        assert_eq!(job.await.unwrap().unwrap(), 5);
        assert!(notes.recv().await.is_none(), "one note, not two");
    }
}
