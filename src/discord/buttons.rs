//! The one handler for every button. A button's id is the service's encoding of the action,
//! the game and the game's version, so nothing is kept in memory: buttons keep working after a
//! restart, and a button from an older board is refused by the service ("this board has moved
//! on").

use poise::serenity_prelude::{self as serenity, ComponentInteraction};

use super::{
    Data,
    call::place_of,
    deliver::deliver,
    errors::APOLOGY,
    message::{Outgoing, service_user},
    respond::Origin,
};

/// Handles a click: acknowledges it, asks the service, shows the result.
pub async fn clicked(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    let mut origin = Origin {
        http: ctx.http.clone(),
        id: click.id,
        token: click.token.clone(),
        channel: click.channel_id,
        guild: click.guild_id,
        deferred: false,
    };
    let place = place_of(click.guild_id, click.channel_id);
    let user = service_user(&click.user, click.member.as_ref());
    let outcome = async {
        origin.defer().await?;
        let result = data
            .service
            .click(&crate::service::Request::new(user.clone(), place.clone()), &click.data.custom_id)
            .await;
        deliver(&mut origin, data, result).await
    }
    .await;
    if let Err(error) = outcome {
        tracing::error!(%error, button = %click.data.custom_id, "a button click failed");
        let apology = if origin.deferred {
            origin
                .another_public(Outgoing::text(APOLOGY))
                .await
                .map(drop)
        } else {
            origin.private(Outgoing::text(APOLOGY)).await
        };
        if let Err(error) = apology {
            tracing::warn!(%error, "cannot even apologise for a failed click");
        }
    }
}
