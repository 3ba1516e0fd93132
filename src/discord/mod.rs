//! The Discord adapter: slash commands with autocomplete, buttons, one thread per game, built
//! on poise over serenity. It is thin on purpose: every decision is the service's; this module
//! only translates interactions into service calls and [`crate::service::Reply`] values into
//! messages.
//!
//! [`start`] connects and returns a handle; [`run`] is `chatrang discord`. Tests point
//! [`Config::api_base`] at a fake Discord on 127.0.0.1.

mod autocomplete;
mod buttons;
mod call;
mod club;
mod commands;
mod config;
mod context;
mod deliver;
mod errors;
mod game_thread;
mod looking;
mod message;
mod options;
mod poster;
mod respond;
mod shards;
mod sharing;
mod threads;
mod variants;

use std::sync::Arc;

pub use config::{Config, ConfigError};
pub use context::{Ctx, Data, Error};
use poise::serenity_prelude::{
    self as serenity, ClientBuilder, FullEvent, GatewayIntents, GuildId, HttpBuilder, Interaction,
    Permissions, ShardManager,
};
pub use shards::ShardRange;
use tokio::task::JoinHandle;

use crate::{service::Service, stopping::Stop};

/// Why the bot could not connect or stopped serving.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    #[error("cannot set up the Discord client: {0}")]
    Setup(serenity::Error),
    #[error("the Discord connection failed: {0}")]
    Connection(serenity::Error),
    #[error("the Discord client task failed: {0}")]
    Task(tokio::task::JoinError),
}

/// The permissions the bot asks for in its invite link (the README explains each).
pub fn permissions() -> Permissions {
    Permissions::VIEW_CHANNEL
        | Permissions::SEND_MESSAGES
        | Permissions::SEND_MESSAGES_IN_THREADS
        | Permissions::CREATE_PUBLIC_THREADS
        | Permissions::ATTACH_FILES
        | Permissions::READ_MESSAGE_HISTORY
}

/// The link a server owner opens to add the bot with those permissions.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot%20applications.commands&permissions={}",
        permissions().bits()
    )
}

/// A connected bot.
pub struct Running {
    shards: Arc<ShardManager>,
    task: JoinHandle<Result<(), serenity::Error>>,
    /// The outbox's delivery loop, and the switch that stops it.
    delivery: JoinHandle<()>,
    stop_delivery: tokio::sync::watch::Sender<bool>,
}

impl Running {
    /// Disconnects and waits until the client has stopped. The delivery loop finishes the
    /// post it is sending; what is left waits in the outbox for the next start.
    pub async fn stop(self) {
        let _ = self.stop_delivery.send(true);
        if let Err(error) = self.delivery.await {
            tracing::error!(%error, "the delivery loop failed");
        }
        self.shards.shutdown_all().await;
        match self.task.await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(%error, "the Discord client stopped with an error"),
            Err(error) => tracing::error!(%error, "the Discord client task failed"),
        }
    }

    /// Runs until the connection ends for good, or until `stop` is asked for (SIGTERM,
    /// SIGINT): then no command is taken any more, those in flight finish, and the bot stops
    /// cleanly (see [`Running::stop`]).
    pub async fn wait(mut self, service: &Service, mut stop: Stop) -> Result<(), DiscordError> {
        let ended = tokio::select! {
            ended = &mut self.task => Some(ended),
            () = stop.requested() => None,
        };
        match ended {
            Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(error))) => Err(DiscordError::Connection(error)),
            Some(Err(error)) => Err(DiscordError::Task(error)),
            None => {
                service.close_doors(stop.for_commands()).await;
                self.stop().await;
                tracing::info!("stopped");
                Ok(())
            }
        }
    }
}

/// Connects to Discord (or to `config.api_base`) and starts serving commands.
pub async fn start(config: &Config, service: Arc<Service>) -> Result<Running, DiscordError> {
    service.disconnected("connecting to the Discord gateway");
    let mut http = HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // serenity's rate limiter builds its requests without the proxy base, so with a base
        // URL it must be off or requests would leave for the real Discord.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let mut commands = commands::all();
    options::customise(&mut commands);
    let guild = config.guild_id.map(GuildId::new);
    let shard_range = config.shards;
    let registers = shard_range.is_none_or(|s| s.has_first_shard());
    let delivering = service.clone();
    let explained = threads::Explained::default();
    let explained_for_commands = explained.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |error| Box::pin(errors::on_error(error)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                service.add_own_account(&ready.user.id.to_string());
                let commands = &framework.options().commands;
                let registered = match (registers, guild) {
                    (false, _) => "by the process with shard 0",
                    (true, Some(guild)) => {
                        poise::builtins::register_in_guild(ctx, commands, guild).await?;
                        "in the test server"
                    }
                    (true, None) => {
                        poise::builtins::register_globally(ctx, commands).await?;
                        "globally"
                    }
                };
                tracing::info!(
                    user = %ready.user.name,
                    invite = %invite_url(ready.application.id.get()),
                    shards = %shard_range.map_or("all".to_string(), |s| s.to_string()),
                    "connected to Discord; commands registered {registered}"
                );
                Ok(Data {
                    service,
                    explained_no_threads: explained_for_commands,
                })
            })
        })
        .build();
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .map_err(DiscordError::Setup)?;
    let shards = client.shard_manager.clone();
    let (stop_delivery, stop) = tokio::sync::watch::channel(false);
    let poster = poster::DiscordPoster {
        http: client.http.clone(),
        service: delivering.clone(),
        explained,
    };
    let delivery = tokio::spawn(async move { delivering.run_background(poster, stop).await });
    let task = tokio::spawn(async move {
        match shard_range {
            // serenity's range is inclusive at both ends, despite its type.
            Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
            None => client.start().await,
        }
    });
    Ok(Running {
        shards,
        task,
        delivery,
        stop_delivery,
    })
}

/// `chatrang discord`: serves until the connection ends or a stop signal. The composition root
/// (`crate::cli`) has opened the store and built the service.
pub async fn run(config: Config, service: Arc<Service>, stop: Stop) -> Result<(), DiscordError> {
    start(&config, service.clone())
        .await?
        .wait(&service, stop)
        .await
}

/// Everything poise does not handle itself: button clicks.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    // How the gateway stands, for /healthz.
    match event {
        FullEvent::Ready { .. } | FullEvent::Resume { .. } => {
            framework.user_data.service.connected()
        }
        FullEvent::ShardStageUpdate { event } => {
            if event.new == serenity::gateway::ConnectionStage::Connected {
                framework.user_data.service.connected();
            } else {
                framework.user_data.service.disconnected(format!(
                    "the Discord gateway is {} (shard {})",
                    event.new, event.shard_id
                ));
            }
        }
        _ => {}
    }
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(click),
    } = event
    {
        buttons::clicked(framework.serenity_context, framework.user_data, click).await;
    }
    Ok(())
}
