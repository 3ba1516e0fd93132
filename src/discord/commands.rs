//! The slash commands. Each one is a thin shell around one service call: it reads the options,
//! asks the service, and shows the reply. The doc comment of each command is its description
//! in Discord's command list.

use poise::serenity_prelude as serenity;

use super::{Ctx, Error, autocomplete, call::Call, options, threads};
use crate::{
    rules::Color,
    service::{NewGame, User},
};

/// A side, as a choice list.
#[derive(Copy, Clone, Debug, poise::ChoiceParameter)]
pub enum Side {
    White,
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// Every command the bot offers, before the game lists are filled in by [`options`].
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        new(),
        accept(),
        decline(),
        join(),
        leave(),
        play(),
        moves(),
        board(),
        resign(),
        draw(),
        undo(),
        rematch(),
        history(),
        games(),
        leaderboard(),
        help(),
        piece(),
        abort(),
    ]
}

/// Start a game: challenge someone, make an open challenge, or gather teams.
#[poise::command(slash_command)]
pub async fn new(
    ctx: Ctx<'_>,
    #[description = "The game to play"] game: String,
    #[description = "Who you challenge (leave empty for an open challenge)"] opponent: Option<
        serenity::User,
    >,
    #[description = "Your side (White unless you say)"] side: Option<Side>,
    #[description = "Play in teams: anyone may join a side, any member moves for it"] teams: Option<
        bool,
    >,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let request = NewGame {
        game,
        opponent: opponent.map(|u| User::new(u.id.to_string(), u.display_name())),
        side: side.map(Color::from),
        teams: teams.unwrap_or(false),
        options: options::game_options_given(call.ctx.args),
        ..NewGame::default()
    };
    let result = call
        .service()
        .new_game(&crate::service::Request::new(call.user.clone(), call.place.clone()), request)
        .await;
    let reply = result.as_ref().ok().cloned();
    let posted = call.finish(result).await?;
    if let (Some(reply), Some(message)) = (reply, posted)
        && threads::can_hold_threads(&call.origin, call.channel_kind())
    {
        threads::open_for_game(&call.origin, call.data(), &reply, &message).await;
    }
    Ok(())
}

/// Accept a challenge.
#[poise::command(slash_command)]
pub async fn accept(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().accept(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Decline a challenge (or withdraw your own).
#[poise::command(slash_command)]
pub async fn decline(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().decline(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Join a side of a team game.
#[poise::command(slash_command)]
pub async fn join(
    ctx: Ctx<'_>,
    #[description = "The side to join (the smaller team unless you say)"] side: Option<Side>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call
        .service()
        .join(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game), side.map(Color::from))
        .await;
    call.finish(result).await.map(drop)
}

/// Leave a team game that has not started, or withdraw a challenge.
#[poise::command(slash_command)]
pub async fn leave(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().leave(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Make a move or answer the game's question (the list offers the legal ones).
#[poise::command(slash_command, rename = "move")]
pub async fn play(
    ctx: Ctx<'_>,
    #[description = "The move, such as e2e4"]
    #[rename = "move"]
    #[autocomplete = "autocomplete::legal_moves"]
    notation: String,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call
        .service()
        .act(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game), &notation, None)
        .await;
    call.finish(result).await.map(drop)
}

/// The legal moves, or the moves of the piece on a square (shown on the board).
#[poise::command(slash_command)]
pub async fn moves(
    ctx: Ctx<'_>,
    #[description = "A square (e2) or the start of a move"] from: Option<String>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call
        .service()
        .moves(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game), from.as_deref().unwrap_or(""))
        .await;
    call.finish(result).await.map(drop)
}

/// Show the board and whose turn it is.
#[poise::command(slash_command)]
pub async fn board(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().board(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Resign the game.
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().resign(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Offer a draw, or accept the one offered.
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().draw(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Ask to take back the last move, or allow the other side's request.
#[poise::command(slash_command)]
pub async fn undo(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().undo(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Play again with the sides swapped.
#[poise::command(slash_command)]
pub async fn rematch(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().rematch(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// The moves played so far, with the record to download.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().history(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game)).await;
    call.finish(result).await.map(drop)
}

/// Your games in progress.
#[poise::command(slash_command)]
pub async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    let mut call = Call::immediate(ctx)?;
    let result = call.service().my_games(&call.user).await;
    call.finish(result).await.map(drop)
}

/// The best players of a game in this server.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Ctx<'_>,
    #[description = "The game"] game: String,
) -> Result<(), Error> {
    let mut call = Call::immediate(ctx)?;
    let result = call.service().leaderboard(&crate::service::Request::new(call.user.clone(), call.place.clone()), &game).await;
    call.finish(result).await.map(drop)
}

/// The games and commands, or the rules of one game.
#[poise::command(slash_command)]
pub async fn help(
    ctx: Ctx<'_>,
    #[description = "The game to explain"] game: Option<String>,
) -> Result<(), Error> {
    let mut call = Call::immediate(ctx)?;
    let result = call.service().help(game.as_deref());
    call.finish(result).await.map(drop)
}

/// How a piece of a game moves, on a diagram.
#[poise::command(slash_command)]
pub async fn piece(
    ctx: Ctx<'_>,
    #[description = "The game"] game: String,
    #[description = "The piece"]
    #[autocomplete = "autocomplete::pieces"]
    name: String,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let result = call.service().piece(&game, &name).await;
    call.finish(result).await.map(drop)
}

/// Server admins: end any open game at once, unrated (for a stuck or damaged game).
#[poise::command(slash_command)]
pub async fn abort(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let mut call = Call::deferred(ctx).await?;
    let admin = is_admin(call.ctx.interaction.member.as_deref());
    let result = call
        .service()
        .abort(&crate::service::Request::new(call.user.clone(), call.place.clone()).about(game).admin(admin))
        .await;
    call.finish(result).await.map(drop)
}

/// A server admin, for `/abort`: a member whose permissions in this channel (Discord sends
/// them with every command) include Manage Server or Manage Messages, which Discord grants
/// to administrators too. Outside a server there is no member, so no admin.
pub fn is_admin(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.administrator() || p.manage_guild() || p.manage_messages())
}

#[cfg(test)]
mod tests {
    use poise::serenity_prelude::{Member, Permissions};

    use super::is_admin;

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
}
