//! Suggestions while the user types: the legal moves, their own games, a game's pieces. Each
//! asks the service; a failure (no game here, say) just offers nothing, since Discord shows no
//! error text for autocomplete.

use poise::serenity_prelude::{CreateAutocompleteResponse, ResolvedValue};

use super::{Ctx, message::service_user};
use crate::service::{Place, Suggestions, User};

/// Discord shows at most 25 suggestions; a label and a value have at most 100 characters.
const MAX_CHOICES: usize = 25;
const MAX_NAME: usize = 100;

/// The legal moves starting with what was typed; when the user may not move now, one choice
/// whose label says why (the service's sentence, such as "It is White's turn; you play
/// Black."). Discord has no disabled choice, so its value is that same sentence: sent as a
/// move, it is refused with the same words while the turn is the other side's, and once the
/// turn comes round it is no move in any game's notation (chess answers "Could not read …"),
/// so picking it never plays anything. (An empty value would arrive as an empty move, whose
/// refusal says less.)
pub async fn legal_moves(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let Some((place, user, game)) = asker(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    match ctx
        .data()
        .service
        .legal_moves(
            &crate::service::Request::new(user.clone(), place.clone()).about(game),
            partial,
        )
        .await
    {
        Ok(Suggestions {
            note: Some(why), ..
        }) => {
            let why: String = why.chars().take(MAX_NAME).collect();
            CreateAutocompleteResponse::new().add_string_choice(why.clone(), why)
        }
        Ok(Suggestions { moves, note: None }) => moves
            .into_iter()
            .take(MAX_CHOICES)
            .fold(CreateAutocompleteResponse::new(), |response, notation| {
                response.add_string_choice(notation.clone(), notation)
            }),
        Err(error) => {
            tracing::debug!(%error, "no move suggestions");
            CreateAutocompleteResponse::new()
        }
    }
}

/// The user's open games, described, matching what was typed.
pub async fn games(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let Some((place, user, _)) = asker(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().trim_start_matches('#').to_lowercase();
    match ctx.data().service.game_list(&user, &place).await {
        Ok(list) => list
            .into_iter()
            .filter(|(id, text)| {
                id.to_string().starts_with(&typed) || text.to_lowercase().contains(&typed)
            })
            .take(MAX_CHOICES)
            .fold(CreateAutocompleteResponse::new(), |response, (id, text)| {
                response.add_int_choice(text.chars().take(MAX_NAME).collect::<String>(), id)
            }),
        Err(error) => {
            tracing::debug!(%error, "no game suggestions");
            CreateAutocompleteResponse::new()
        }
    }
}

/// The pieces of the game chosen in the same command.
pub async fn pieces(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let poise::Context::Application(app) = ctx else {
        return CreateAutocompleteResponse::new();
    };
    let game = app.args.iter().find_map(|arg| match arg.value {
        ResolvedValue::String(value) if arg.name == "game" => Some(value),
        _ => None,
    });
    let Some(game) = game else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().to_lowercase();
    ctx.data()
        .service
        .piece_names(game)
        .into_iter()
        .filter(|name| name.to_lowercase().starts_with(&typed))
        .take(MAX_CHOICES)
        .fold(CreateAutocompleteResponse::new(), |response, name| {
            response.add_string_choice(name.clone(), name)
        })
}

/// What `/help` explains (games, topics, commands) starting with what was typed.
pub async fn help_subjects(_ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let typed = partial.trim().trim_start_matches('/').to_lowercase();
    crate::service::Service::help_subjects()
        .into_iter()
        .filter(|name| name.starts_with(&typed))
        .take(MAX_CHOICES)
        .fold(CreateAutocompleteResponse::new(), |response, name| {
            response.add_string_choice(name.clone(), name)
        })
}

/// Who is typing, where, and the game number already given in the same command.
fn asker(ctx: Ctx<'_>) -> Option<(Place, User, Option<i64>)> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    let interaction = app.interaction;
    let game = app.args.iter().find_map(|arg| match arg.value {
        ResolvedValue::Integer(id) if arg.name == "game" => Some(id),
        _ => None,
    });
    Some((
        super::call::place_of(interaction.guild_id, interaction.channel_id),
        service_user(&interaction.user, interaction.member.as_deref()),
        game,
    ))
}
