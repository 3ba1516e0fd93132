//! Notes a command sends its asker while it runs, before its reply: heavy work that waits its
//! turn says how many jobs are ahead ("Your review is queued, 2 ahead"), so that a person who
//! asked does not think the bot deaf. The adapter that gives a request a [`Progress`] shows
//! each note as it comes (Discord: a private follow-up; Matrix: a notice where the command
//! was given; the console: a line); a request without one gets no notes.

use tokio::sync::mpsc;

/// The sending end of a request's notes.
#[derive(Clone, Debug)]
pub struct Progress(mpsc::UnboundedSender<String>);

/// Two requests are equal whatever their notes' channel.
impl PartialEq for Progress {
    fn eq(&self, other: &Progress) -> bool {
        self.0.same_channel(&other.0)
    }
}

impl Eq for Progress {}

impl Progress {
    /// A channel for one request's notes: give the [`Progress`] to the request, and show what
    /// the receiver gets while the command runs.
    pub fn channel() -> (Progress, mpsc::UnboundedReceiver<String>) {
        let (send, receive) = mpsc::unbounded_channel();
        (Progress(send), receive)
    }

    /// Sends a note; an adapter that stopped listening is no error.
    pub(crate) fn say(&self, note: String) {
        let _ = self.0.send(note);
    }
}

/// Where an adapter shows a command's notes.
pub trait ShowNotes {
    /// Shows one note to the person who gave the command.
    fn show(&mut self, note: String) -> impl Future<Output = ()> + Send;
}
