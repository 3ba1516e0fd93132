//! The slash commands. Each one only turns Discord's options into a [`Command`] and runs it
//! through the service ([`call::run`]); what a command does, and its description in Discord's
//! list, come from the service's table of commands ([`crate::service::COMMANDS`], applied by
//! [`super::options::customise`]).

use poise::serenity_prelude as serenity;

use super::{Ctx, Error, autocomplete, call, club, game_thread, looking, options};
use crate::{
    rules::Color,
    service::{Command, NewGame, Pick, User},
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

/// When the bot mentions a person, as a choice list.
#[derive(Copy, Clone, Debug, Eq, PartialEq, poise::ChoiceParameter)]
pub enum Mentions {
    #[name = "all: every move of my games"]
    All,
    #[name = "turn: when I must act, and reminders"]
    Turn,
    #[name = "off: never"]
    Off,
}

/// An answer to the other side's offer, as a choice list.
#[derive(Copy, Clone, Debug, Eq, PartialEq, poise::ChoiceParameter)]
pub enum Answer {
    Yes,
    No,
}

/// Every command the bot offers, before [`options::customise`] fills in descriptions and game
/// lists.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        new(),
        accept(),
        decline(),
        join(),
        leave(),
        play(),
        moves(),
        looking::board(),
        looking::pieces(),
        looking::army(),
        resign(),
        draw(),
        undo(),
        rematch(),
        history(),
        super::sharing::replay(),
        super::sharing::review(),
        games(),
        leaderboard(),
        rating(),
        help(),
        piece(),
        abort(),
        limits(),
        super::sharing::settings(),
        super::variants::variant(),
        club::seek(),
        club::subscribe(),
        club::tournament(),
        vacation(),
        notify(),
        hint(),
        click(),
        super::sharing::forget_me(),
    ]
}

/// Runs a command about a game and shows the answer.
async fn run(ctx: Ctx<'_>, game: Option<i64>, command: Command) -> Result<(), Error> {
    call::run(ctx, game, command).await.map(drop)
}

/// `/new` (see the service's table of commands); a new game gets its own thread.
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
    let poise::Context::Application(app) = ctx else {
        return Err("only slash commands are served".into());
    };
    let opens_thread = game_thread::opens_thread(&app);
    let request = NewGame {
        game,
        opponent: opponent.map(|u| User::new(u.id.to_string(), u.display_name())),
        side: side.map(Color::from),
        teams: teams.unwrap_or(false),
        options: options::game_options_given(app.args),
        opens_thread,
        ..NewGame::default()
    };
    let (call, posted) = call::run(ctx, None, Command::New(request)).await?;
    if opens_thread {
        game_thread::after_command(&call, posted).await;
    }
    Ok(())
}

/// `/accept`.
#[poise::command(slash_command)]
pub async fn accept(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Accept).await
}

/// `/decline`.
#[poise::command(slash_command)]
pub async fn decline(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Decline).await
}

/// `/join`.
#[poise::command(slash_command)]
pub async fn join(
    ctx: Ctx<'_>,
    #[description = "The side to join (the smaller team unless you say)"] side: Option<Side>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Join(side.map(Color::from))).await
}

/// `/leave`.
#[poise::command(slash_command)]
pub async fn leave(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Leave).await
}

/// `/move`.
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
    run(ctx, game, Command::Move(notation)).await
}

/// `/moves`.
#[poise::command(slash_command)]
pub async fn moves(
    ctx: Ctx<'_>,
    #[description = "A square (e2) or the start of a move"] from: Option<String>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Moves(from.unwrap_or_default())).await
}

/// `/resign`: asks to confirm with a button, unless `confirm` says yes.
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Ctx<'_>,
    #[description = "Yes: resign at once; without it, you are asked to confirm with a button"]
    confirm: Option<Answer>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let command = match confirm {
        Some(Answer::Yes) => Command::Resign,
        _ => Command::AskToResign,
    };
    run(ctx, game, command).await
}

/// `/draw`.
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Ctx<'_>,
    #[description = "No: decline the offer (or withdraw yours); yes, the default, offers or accepts"]
    answer: Option<Answer>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let command = match answer {
        Some(Answer::No) => Command::DeclineDraw,
        _ => Command::Draw,
    };
    run(ctx, game, command).await
}

/// `/undo`.
#[poise::command(slash_command)]
pub async fn undo(
    ctx: Ctx<'_>,
    #[description = "No: refuse the request (or withdraw yours); yes, the default, asks or allows"]
    answer: Option<Answer>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let command = match answer {
        Some(Answer::No) => Command::DeclineUndo,
        _ => Command::Undo,
    };
    run(ctx, game, command).await
}

/// `/rematch`.
#[poise::command(slash_command)]
pub async fn rematch(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Rematch).await
}

/// `/history`.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::History).await
}

/// `/games`.
#[poise::command(slash_command)]
pub async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, None, Command::Games).await
}

/// `/leaderboard`.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Ctx<'_>,
    #[description = "The game (every game's leaders without one)"] game: Option<String>,
) -> Result<(), Error> {
    run(ctx, None, Command::Leaderboard(game.unwrap_or_default())).await
}

/// `/rating`: a person is picked from Discord's list of members, as `/new`'s opponent is.
#[poise::command(slash_command)]
pub async fn rating(
    ctx: Ctx<'_>,
    #[description = "Whose ratings (yours when empty)"] user: Option<serenity::User>,
    #[description = "The game (every game you played here when empty)"] game: Option<String>,
) -> Result<(), Error> {
    let user = user.map(|u| User::new(u.id.to_string(), u.display_name()));
    let game = game.unwrap_or_default();
    run(ctx, None, Command::Rating { user, game }).await
}

/// `/help`.
#[poise::command(slash_command)]
pub async fn help(
    ctx: Ctx<'_>,
    #[description = "A game, a command, or teams or timed (the list when empty)"]
    #[autocomplete = "autocomplete::help_subjects"]
    game: Option<String>,
) -> Result<(), Error> {
    run(ctx, None, Command::Help(game)).await
}

/// `/piece`.
#[poise::command(slash_command)]
pub async fn piece(
    ctx: Ctx<'_>,
    #[description = "The game (the one here when not given)"] game: Option<String>,
    #[description = "The piece (without it: the game's pieces)"]
    #[autocomplete = "autocomplete::pieces"]
    name: Option<String>,
) -> Result<(), Error> {
    let (game, piece) = (game.unwrap_or_default(), name.unwrap_or_default());
    run(ctx, None, Command::Piece { game, piece }).await
}

/// `/abort` (server admins only: the service refuses anyone else).
#[poise::command(slash_command)]
pub async fn abort(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Abort).await
}

/// `/limits` (anyone looks; the service lets only moderators set them).
#[poise::command(slash_command)]
pub async fn limits(
    ctx: Ctx<'_>,
    #[description = "Open challenges and gathering group games per person"]
    #[min = 0]
    #[max = 100]
    challenges: Option<i64>,
    #[description = "Games one person may start in a minute"]
    #[min = 0]
    #[max = 100]
    per_minute: Option<i64>,
    #[description = "Games against the bot per person at once"]
    #[min = 0]
    #[max = 100]
    bot_games: Option<i64>,
) -> Result<(), Error> {
    let set: Vec<String> = [
        ("challenges", challenges),
        ("per-minute", per_minute),
        ("bot-games", bot_games),
    ]
    .into_iter()
    .filter_map(|(name, value)| value.map(|v| format!("{name}={v}")))
    .collect();
    run(ctx, None, Command::Limits(set.join(" "))).await
}

/// `/vacation`.
#[poise::command(slash_command)]
pub async fn vacation(
    ctx: Ctx<'_>,
    #[description = "How long (such as 3d or 36h, up to 14d), or off to end it early"]
    length: Option<String>,
) -> Result<(), Error> {
    run(ctx, None, Command::Vacation(length.unwrap_or_default())).await
}

/// `/notify`.
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Ctx<'_>,
    #[description = "When the bot mentions you"] when: Option<Mentions>,
) -> Result<(), Error> {
    let when = match when {
        Some(Mentions::All) => "all",
        Some(Mentions::Turn) => "turn",
        Some(Mentions::Off) => "off",
        None => "",
    };
    run(ctx, None, Command::Notify(when.to_string())).await
}

/// `/hint` (Catalonia).
#[poise::command(slash_command)]
pub async fn hint(
    ctx: Ctx<'_>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, game, Command::Hint).await
}

// The same command, with the same answers, as a button, Matrix's `!click` and the console's.
/// `/click`: the choice of that number in the last list here, as its button.
#[poise::command(slash_command)]
pub async fn click(
    ctx: Ctx<'_>,
    #[description = "The choice's number in the last list here"] number: i64,
) -> Result<(), Error> {
    run(ctx, None, Command::Click(Pick::Number(number.to_string()))).await
}
