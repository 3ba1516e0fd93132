//! Each room's events handled in order, and rooms apart from each other. matrix-sdk runs the
//! event handlers of a sync one after the other inside its sync loop, so one slow answer (a
//! homeserver that makes the bot wait before it may post) would hold every other room, and
//! the next sync, behind it. Handlers hand their work to the room's queue instead: a task per
//! room runs it in the order the events came, while other rooms go on. The outbox's posts take
//! their room's turn too, so a reaction to a post's key is handled once the post's choices are
//! remembered, and a room's messages go out in order.

use std::{collections::HashMap, future::Future, pin::Pin, sync::Mutex};

use matrix_sdk::ruma::OwnedRoomId;
use tokio::sync::mpsc;

/// One event's handling.
type Job = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The rooms' queues of work, each with its own task.
#[derive(Default)]
pub struct RoomQueues {
    queues: Mutex<HashMap<OwnedRoomId, mpsc::UnboundedSender<Job>>>,
}

impl RoomQueues {
    /// Runs `job` after the jobs queued before it for `room`, apart from other rooms.
    pub fn run_in_order(&self, room: OwnedRoomId, job: impl Future<Output = ()> + Send + 'static) {
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let queue = queues.entry(room).or_insert_with(|| {
            let (queue, mut jobs) = mpsc::unbounded_channel::<Job>();
            tokio::spawn(async move {
                while let Some(job) = jobs.recv().await {
                    job.await;
                }
            });
            queue
        });
        // The task ends only when its queue is dropped, so it is there to take the job.
        let _ = queue.send(Box::pin(job));
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
}
