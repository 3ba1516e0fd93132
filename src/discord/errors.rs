//! The central error handler. Refusals never get here (the service's sentences are shown as
//! private replies by [`crate::service::Service::present`]); what does is unexpected: Discord refusing a request,
//! a broken option. It is logged, and the user gets a short private apology; a failure to send
//! the apology is logged too, never a panic.

use poise::{CreateReply, FrameworkError};

use super::{Data, Error};
use crate::service::APOLOGY;

pub async fn on_error(error: FrameworkError<'_, Data, Error>) {
    match error {
        FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            apologise(ctx).await;
        }
        FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            tracing::warn!(command = %ctx.command().qualified_name, %error, ?input, "bad option");
            let text = format!("I could not read that option: {error}.");
            if let Err(error) = ctx
                .send(CreateReply::default().content(text).ephemeral(true))
                .await
            {
                tracing::warn!(%error, "cannot answer a bad option");
            }
        }
        FrameworkError::CommandPanic { payload, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, ?payload, "command panicked");
            apologise(ctx).await;
        }
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                tracing::error!(%error, "the error handler could not answer");
            }
        }
    }
}

async fn apologise(ctx: poise::Context<'_, Data, Error>) {
    let reply = CreateReply::default().content(APOLOGY).ephemeral(true);
    if let Err(error) = ctx.send(reply).await {
        tracing::warn!(%error, "cannot send the apology");
    }
}
