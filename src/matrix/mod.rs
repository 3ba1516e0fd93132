//! The Matrix adapter: the bot in Matrix rooms, encrypted ones included, on matrix-sdk. Like
//! the Discord adapter it only translates: a message or a reaction becomes a service
//! [`crate::service::Request`] and [`crate::service::Command`], a reply becomes events.
//!
//! * Invites are accepted (optionally only from `MATRIX_ALLOWED_SERVERS`); DMs are rooms.
//! * Commands start with `MATRIX_PREFIX` (`!`), or address the bot by name; in a game's
//!   thread a message that is only a legal move by the player to act is played.
//! * Each game lives in a thread rooted at its challenge; replies are notices, boards images.
//! * Choices are a numbered list the bot pre-reacts to; a reaction (or `!click N`) picks one.
//! * Changes are delivered through the service's outbox, so a board refused by the homeserver
//!   is posted when it accepts it.
//! * Texts are the service's Markdown as HTML and plain text; a board picture has a caption
//!   that says what it shows.
//! * A room upgrade moves the room's open games to the new room (`upgrade`), which keeps the
//!   old room's leaderboards (`community`).
//!
//! [`start`] logs in (or restores the kept session) and syncs, through network failures too
//! (`sync`); [`run`] is `chatrang matrix`.

mod bot;
mod channel;
mod community;
mod config;
mod incoming;
mod markdown;
mod outgoing;
mod place;
mod poster;
mod related;
mod rooms;
mod session;
mod sync;
mod typing;
mod upgrade;

use std::sync::Arc;

pub use bot::{Bot, MatrixError};
pub use config::{Config, ConfigError, Values};
use matrix_sdk::{Client, config::SyncSettings};
use tokio::task::JoinHandle;

use crate::{service::Service, stopping::Stop};

/// What `chatrang matrix` logs when `RUST_LOG` does not say: the bot's own news at `info`, its
/// libraries' only when something is wrong (matrix-sdk notes every sync round at `info`), and
/// not matrix-sdk's warnings that there is no room key backup, which it repeats for every key
/// it would have backed up (a third of the log otherwise): the bot keeps its keys in its own
/// store and sets up no backup.
pub const DEFAULT_LOG: &str = "warn,chatrang=info,matrix_sdk_crypto::backups=error";

/// A bot syncing with its homeserver.
pub struct Running {
    pub client: Client,
    sync: JoinHandle<Result<(), matrix_sdk::Error>>,
    delivery: JoinHandle<()>,
    typing: JoinHandle<()>,
    stop_delivery: tokio::sync::watch::Sender<bool>,
}

impl Running {
    /// Stops syncing and delivering. The sync position and the keys are in the store, so the
    /// next start goes on from here.
    pub async fn stop(self) {
        let _ = self.stop_delivery.send(true);
        if let Err(error) = self.delivery.await {
            tracing::error!(%error, "the delivery loop failed");
        }
        self.sync.abort();
        let _ = self.sync.await;
        self.typing.abort();
    }

    /// Runs until the sync ends for good (the homeserver refused the session), or until
    /// `stop` is asked for (SIGTERM, SIGINT): then no command is taken any more, those in
    /// flight finish, and the bot stops cleanly (see [`Running::stop`]).
    pub async fn wait(mut self, service: &Service, mut stop: Stop) -> Result<(), MatrixError> {
        let ended = tokio::select! {
            ended = &mut self.sync => Some(ended),
            () = stop.requested() => None,
        };
        match ended {
            Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(error))) => Err(MatrixError::Sync(error.to_string())),
            Some(Err(error)) => Err(MatrixError::Sync(error.to_string())),
            None => {
                service.close_doors(stop.for_commands()).await;
                self.stop().await;
                tracing::info!("stopped");
                Ok(())
            }
        }
    }
}

/// Logs in (or restores the session kept in `config.dir`) and starts serving.
pub async fn start(config: Config, service: Arc<Service>) -> Result<Running, MatrixError> {
    let logged_in = session::log_in(&config).await?;
    let client = logged_in.client;
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Login("no user id after login".to_string()))?
        .to_owned();
    service.add_own_account(me.as_str());
    let account = format!("matrix:{me}");
    let resume = if logged_in.first_login {
        // What happened in the rooms before the bot's first start is history, not commands:
        // take the sync position first, then listen.
        let history = client
            .sync_once(SyncSettings::default())
            .await
            .map_err(|e| MatrixError::Sync(e.to_string()))?;
        Some(history.next_batch)
    } else {
        // The events after the position the bot saved come again: those it handled before a
        // crash are skipped, the others handled (see `sync`).
        service
            .resume_position(&account)
            .await
            .map_err(|e| MatrixError::Setup(e.to_string()))?
    };
    let bot = Arc::new(Bot {
        service: service.clone(),
        config,
        me,
        rooms: rooms::RoomQueues::default(),
        edited: Default::default(),
    });
    client.add_event_handler_context(bot.clone());
    client.add_event_handler(incoming::on_invite);
    client.add_event_handler(incoming::on_message);
    client.add_event_handler(incoming::on_reaction);
    upgrade::follow(&client, &bot);
    // Invites that arrived before the handlers were listening.
    for room in client.invited_rooms() {
        tokio::spawn(incoming::join(room));
    }
    let sync = tokio::spawn(sync::keep_syncing(client.clone(), bot.clone(), resume));
    let typing = tokio::spawn(typing::show_thinking(
        client.clone(),
        service.watch_thinking(),
    ));
    let (stop_delivery, stop) = tokio::sync::watch::channel(false);
    let poster = poster::MatrixPoster {
        bot: bot.clone(),
        client: client.clone(),
    };
    let delivery = tokio::spawn(async move { service.run_background(poster, stop).await });
    tracing::info!(user = %bot.me, "connected to Matrix");
    Ok(Running {
        client,
        sync,
        delivery,
        typing,
        stop_delivery,
    })
}

/// `chatrang matrix`: serves until the sync ends or a stop signal.
pub async fn run(config: Config, service: Arc<Service>, stop: Stop) -> Result<(), MatrixError> {
    start(config, service.clone())
        .await?
        .wait(&service, stop)
        .await
}
