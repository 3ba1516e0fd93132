//! What every slash command does around its one service call: who is asking and where, the
//! deferral for commands that draw a board, running the command and showing the result.

use std::sync::{Arc, atomic::Ordering};

use poise::serenity_prelude::{self as serenity, Message};

use super::{Ctx, Data, Error, message::service_user, respond::Origin};
use crate::service::{Command, Place, Reply, Request, Service, ServiceResult, User};

/// One slash command being handled.
pub struct Call<'a> {
    pub ctx: poise::ApplicationContext<'a, Data, Error>,
    pub origin: Origin,
    pub place: Place,
    pub user: User,
    /// May end any game here (see [`is_admin`]).
    pub admin: bool,
}

/// Runs `command` for a slash command about game `game` (the game of the place when `None`),
/// acknowledging first when the answer draws a board. Returns the call, and the reply with
/// the public message it became, when there is one.
pub async fn run<'a>(
    ctx: Ctx<'a>,
    game: Option<i64>,
    command: Command,
) -> Result<(Call<'a>, Option<(Reply, Message)>), Error> {
    // A clean stop waits for the answer to be shown too (the service refuses a command that
    // comes once the bot stops).
    let _inside = ctx.data().service.come_in();
    let mut call = if command.draws() {
        Call::deferred(ctx).await?
    } else {
        Call::immediate(ctx)?
    };
    let request = Request::new(call.user.clone(), call.place.clone())
        .about(game)
        .admin(call.admin);
    let service = call.service();
    let result = service
        .run_showing_notes(request, command, &mut call.origin)
        .await;
    let reply = result.as_ref().ok().cloned();
    let posted = call.finish(result).await;
    Ok((call, reply.zip(posted)))
}

/// [`run`] for a command that must first fetch what it carries (a `/variant new` file):
/// acknowledged at once, since fetching may take longer than Discord waits for an answer; a
/// refusal from `fetch` is shown as the command's own.
pub async fn run_fetched<'a>(
    ctx: Ctx<'a>,
    fetch: impl std::future::Future<Output = ServiceResult<Command>>,
) -> Result<(), Error> {
    let _inside = ctx.data().service.come_in();
    let mut call = Call::deferred(ctx).await?;
    let result = match fetch.await {
        Ok(command) => {
            let request = Request::new(call.user.clone(), call.place.clone()).admin(call.admin);
            let service = call.service();
            service
                .run_showing_notes(request, command, &mut call.origin)
                .await
        }
        Err(why) => Err(why),
    };
    call.finish(result).await;
    Ok(())
}

impl<'a> Call<'a> {
    /// For a command that draws a board: says "thinking…" first (Discord's three seconds).
    pub async fn deferred(ctx: Ctx<'a>) -> Result<Call<'a>, Error> {
        let mut call = Call::immediate(ctx)?;
        poise::Context::Application(call.ctx).defer().await?;
        call.origin.deferred = true;
        Ok(call)
    }

    /// For a quick command answered directly.
    pub fn immediate(ctx: Ctx<'a>) -> Result<Call<'a>, Error> {
        let poise::Context::Application(app) = ctx else {
            return Err("only slash commands are served".into());
        };
        let interaction = app.interaction;
        let origin = Origin {
            http: app.framework.serenity_context.http.clone(),
            id: interaction.id,
            token: interaction.token.clone(),
            channel: interaction.channel_id,
            deferred: false,
            answered: false,
        };
        Ok(Call {
            ctx: app,
            place: place_of(interaction.guild_id, interaction.channel_id),
            user: service_user(&interaction.user, interaction.member.as_deref()),
            admin: is_admin(interaction.member.as_deref()),
            origin,
        })
    }

    pub fn service(&self) -> Arc<Service> {
        self.data().service.clone()
    }

    pub fn data(&self) -> &'a Data {
        poise::Context::Application(self.ctx).data()
    }

    /// Shows the result (a failure to show it is handled there: see [`Service::present`]);
    /// returns the public message posted here, if any.
    pub async fn finish(&mut self, result: ServiceResult) -> Option<Message> {
        let service = self.service();
        let shown = service.present(&mut self.origin, result).await;
        // The interaction is answered now (or answering it failed); poise's own replies, such
        // as the error handler's apology, must come as followups.
        self.ctx
            .has_sent_initial_response
            .store(true, Ordering::SeqCst);
        shown
    }
}

/// A server admin, for `/abort`: a member whose permissions in this channel (Discord sends
/// them with every interaction) include Manage Server or Manage Messages, which Discord grants
/// to administrators too. Outside a server there is no member, so no admin.
pub fn is_admin(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.administrator() || p.manage_guild() || p.manage_messages())
}

/// The service's place for a channel: the server and the channel or thread, or, outside any
/// server, a direct conversation with the bot.
pub fn place_of(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> Place {
    match guild {
        Some(guild) => Place::new(guild.to_string(), channel.to_string()),
        None => Place::direct(channel.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use poise::serenity_prelude::{ChannelId, GuildId, Member, Permissions};

    use super::{is_admin, place_of};

    fn member(permissions: Option<Permissions>) -> Member {
        let mut member = Member::default();
        member.permissions = permissions;
        member
    }

    #[test]
    fn admins_are_members_who_manage_the_server_or_its_messages() {
        for admin in [
            Permissions::MANAGE_GUILD,
            Permissions::MANAGE_MESSAGES,
            Permissions::ADMINISTRATOR,
            Permissions::all(),
        ] {
            assert!(is_admin(Some(&member(Some(admin)))), "{admin:?}");
        }
        let player = Permissions::SEND_MESSAGES | Permissions::VIEW_CHANNEL;
        assert!(!is_admin(Some(&member(Some(player)))));
        assert!(!is_admin(Some(&member(None))), "permissions unknown");
        assert!(!is_admin(None), "a direct message has no admin");
    }

    #[test]
    fn a_channel_outside_any_server_is_a_direct_conversation() {
        let channel = ChannelId::new(12);
        let dm = place_of(None, channel);
        assert!(dm.direct);
        assert_eq!(dm.channel, "12");
        let server = place_of(Some(GuildId::new(34)), channel);
        assert!(!server.direct);
        assert_eq!(
            (server.server.as_str(), server.channel.as_str()),
            ("34", "12")
        );
    }
}
