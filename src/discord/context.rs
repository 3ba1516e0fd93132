//! What every command, click and error handler of the Discord adapter reaches: a leaf that the
//! adapter's other files import, so that the module that wires them together imports them and
//! not the other way round.

use std::sync::Arc;

use super::threads;
use crate::service::Service;

/// What every command and click can reach.
pub struct Data {
    pub service: Arc<Service>,
    /// Channels already told that games are played there because threads could not be made
    /// (shared with the delivery loop, which opens the threads of announcements it posts).
    pub(super) explained_no_threads: threads::Explained,
}

/// What a command handler returns when it fails.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The context of a command: poise's, with the adapter's data.
pub type Ctx<'a> = poise::Context<'a, Data, Error>;
