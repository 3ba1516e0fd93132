//! What every event handler of the Matrix adapter reaches, and why the bot stops: a leaf that
//! the adapter's other files import, so that the module that wires them together imports them
//! and not the other way round.

use std::{
    collections::HashSet,
    sync::{Arc, Mutex},
};

use matrix_sdk::ruma::{OwnedEventId, OwnedUserId};

use super::{config::Config, rooms::RoomQueues};
use crate::service::Service;

/// What every event handler can reach.
pub struct Bot {
    pub service: Arc<Service>,
    pub config: Config,
    /// The bot's own user id.
    pub me: OwnedUserId,
    /// Each room's events, handled in order and apart from other rooms.
    pub rooms: RoomQueues,
    /// The messages an edit of which was handled, so that a second edit does not run again.
    pub edited: Mutex<HashSet<OwnedEventId>>,
}

/// Why the bot could not start or stopped serving.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    #[error("cannot set up the Matrix client: {0}")]
    Setup(String),
    #[error("cannot log in to the homeserver: {0}")]
    Login(String),
    #[error("cannot use {0}: {1}")]
    Files(std::path::PathBuf, std::io::Error),
    #[error("the sync with the homeserver failed: {0}")]
    Sync(String),
}
