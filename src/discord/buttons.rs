//! The one handler for every button. A button's id is the service's encoding of the command,
//! the game and the game's version, handed back to the service as [`Command::Click`] (the
//! command `/click N` and Matrix's reactions also are), so nothing is kept in memory: buttons
//! keep working after a restart, and a button from an older board is refused by the service
//! ("this board has moved on").

use poise::serenity_prelude::{self as serenity, ComponentInteraction};

use super::{
    Data,
    call::{is_admin, place_of},
    game_thread,
    message::service_user,
    respond::Origin,
    threads,
};
use crate::service::{Command, Pick, Request};

/// Handles a click: acknowledges it, asks the service, shows the result.
pub async fn clicked(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    // A clean stop waits for the answer to be shown too.
    let _inside = data.service.come_in();
    let mut origin = Origin {
        http: ctx.http.clone(),
        id: click.id,
        token: click.token.clone(),
        channel: click.channel_id,
        deferred: false,
        answered: false,
    };
    if let Err(error) = origin.defer().await {
        // Without the acknowledgement Discord shows "interaction failed"; nothing was done.
        tracing::error!(%error, button = %click.data.custom_id, "cannot acknowledge a click");
        return;
    }
    let request = Request::new(
        service_user(&click.user, click.member.as_ref()),
        place_of(click.guild_id, click.channel_id),
    )
    .admin(is_admin(click.member.as_ref()));
    let command = Command::Click(Pick::Id(click.data.custom_id.clone()));
    let result = data.service.run(&request, command).await;
    // A click that starts a game (a seek's "Play" button) gives it a thread, as /new does.
    let announced = result
        .as_ref()
        .ok()
        .filter(|reply| reply.announces)
        .cloned();
    let posted = data.service.present(&mut origin, result).await;
    let kind = click.channel.as_ref().map(|channel| channel.kind);
    if let (Some(reply), Some(message)) = (announced, posted)
        && threads::can_hold_threads(click.guild_id, kind)
    {
        game_thread::give(&origin, data, &reply, &message).await;
    }
}
