//! Each room's events handled in order, and rooms apart from each other. matrix-sdk runs the
//! event handlers of a sync one after the other inside its sync loop, so one slow answer (a
//! homeserver that makes the bot wait before it may post) would hold every other room, and
//! the next sync, behind it. Handlers hand their work to the room's queue instead: a task per
//! room runs it in the order the events came, while other rooms go on. The outbox's posts take
//! their room's turn too, so a reaction to a post's key is handled once the post's choices are
//! remembered, and a room's messages go out in order.

use std::{collections::HashMap, future::Future, panic::AssertUnwindSafe, pin::Pin, sync::Mutex};

use futures_util::FutureExt;
use matrix_sdk::ruma::OwnedRoomId;
use tokio::sync::{mpsc, watch};

/// One event's handling.
type Job = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The rooms' queues of work, each with its own task.
#[derive(Default)]
pub struct RoomQueues {
    queues: Mutex<HashMap<OwnedRoomId, Queue>>,
}

/// One room's queue: where its jobs go, how many were queued, and how many are done.
struct Queue {
    jobs: mpsc::UnboundedSender<Job>,
    queued: u64,
    done: watch::Receiver<u64>,
}

impl Queue {
    /// A queue and the task that runs its jobs one after the other. A job that panics is
    /// logged and counted as done, so the room's later events are still handled.
    fn start() -> Queue {
        let (jobs, mut waiting) = mpsc::unbounded_channel::<Job>();
        let (count, done) = watch::channel(0u64);
        tokio::spawn(async move {
            while let Some(job) = waiting.recv().await {
                if AssertUnwindSafe(job).catch_unwind().await.is_err() {
                    tracing::error!("handling a Matrix event panicked; the room goes on");
                }
                count.send_modify(|n| *n += 1);
            }
        });
        Queue {
            jobs,
            queued: 0,
            done,
        }
    }
}

impl RoomQueues {
    /// Runs `job` after the jobs queued before it for `room`, apart from other rooms.
    pub fn run_in_order(&self, room: OwnedRoomId, job: impl Future<Output = ()> + Send + 'static) {
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let queue = queues.entry(room).or_insert_with(Queue::start);
        // The task ends only when its queue is dropped, so it is there to take the job.
        if queue.jobs.send(Box::pin(job)).is_ok() {
            queue.queued += 1;
        }
    }

    /// Runs `job` in `room`'s turn, as [`RoomQueues::run_in_order`] does, and waits for its
    /// result. `None` only if the job panicked.
    pub async fn run_in_turn<T: Send + 'static>(
        &self,
        room: OwnedRoomId,
        job: impl Future<Output = T> + Send + 'static,
    ) -> Option<T> {
        let (done, result) = tokio::sync::oneshot::channel();
        self.run_in_order(room, async move {
            let _ = done.send(job.await);
        });
        result.await.ok()
    }

    /// Resolves once every job queued so far, in every room, is done; jobs queued later do
    /// not hold it. The sync loop saves a position only after this, so that no event before
    /// it is left unhandled by a crash.
    pub fn all_done_so_far(&self) -> impl Future<Output = ()> + Send + 'static {
        let queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let waiting: Vec<(watch::Receiver<u64>, u64)> = queues
            .values()
            .filter(|queue| *queue.done.borrow() < queue.queued)
            .map(|queue| (queue.done.clone(), queue.queued))
            .collect();
        async move {
            for (mut done, queued) in waiting {
                // An error means the room's task is gone, and with it its jobs.
                let _ = done.wait_for(|n| *n >= queued).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::{sync::Arc, time::Duration};

    use tokio::sync::Notify;

    use super::*;

    fn room(id: &str) -> OwnedRoomId {
        OwnedRoomId::try_from(id).unwrap()
    }

    #[tokio::test]
    async fn a_rooms_jobs_run_in_order_and_a_held_room_does_not_hold_another() {
        let queues = RoomQueues::default();
        let done = Arc::new(Mutex::new(Vec::new()));
        let release = Arc::new(Notify::new());
        let (a, b) = (room("!a:example.org"), room("!b:example.org"));
        for n in 1..=3 {
            let (done, release) = (done.clone(), release.clone());
            queues.run_in_order(a.clone(), async move {
                if n == 1 {
                    release.notified().await;
                }
                done.lock().unwrap().push(format!("a{n}"));
            });
        }
        let (sender, answered) = tokio::sync::oneshot::channel();
        let other = done.clone();
        queues.run_in_order(b, async move {
            other.lock().unwrap().push("b1".to_string());
            let _ = sender.send(());
        });
        answered.await.unwrap();
        assert_eq!(
            *done.lock().unwrap(),
            ["b1"],
            "room b went on while a was held"
        );
        release.notify_one();
        for _ in 0..200 {
            if done.lock().unwrap().len() == 4 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(*done.lock().unwrap(), ["b1", "a1", "a2", "a3"]);
    }

    #[tokio::test]
    async fn all_done_so_far_waits_for_the_jobs_queued_before_it_only() {
        let queues = RoomQueues::default();
        let release = Arc::new(Notify::new());
        let held = release.clone();
        queues.run_in_order(room("!a:example.org"), async move {
            held.notified().await;
        });
        queues.run_in_order(room("!b:example.org"), async {});
        let settled = tokio::spawn(queues.all_done_so_far());
        // A job queued after the barrier, held forever, does not hold it.
        queues.run_in_order(room("!b:example.org"), std::future::pending());
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            !settled.is_finished(),
            "room a's first job is still running"
        );
        release.notify_one();
        tokio::time::timeout(Duration::from_secs(5), settled)
            .await
            .expect("done once room a's job is")
            .unwrap();
    }

    #[tokio::test]
    async fn a_job_that_panics_counts_as_done_and_the_room_goes_on() {
        let queues = RoomQueues::default();
        let a = room("!a:example.org");
        queues.run_in_order(a.clone(), async { panic!("a bug in one event") });
        let after = queues.run_in_turn(a, async { 7 }).await;
        assert_eq!(after, Some(7));
        tokio::time::timeout(Duration::from_secs(5), queues.all_done_so_far())
            .await
            .expect("the panicked job counts as done");
    }
}
