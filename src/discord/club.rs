//! The club's slash commands: `/seek` and `/subscribe`. Like every command here they only turn
//! Discord's options into the service's words (the same the console and Matrix type).

use poise::serenity_prelude as serenity;

use super::{Ctx, Error, call, game_thread};
use crate::service::Command;

/// `/seek`: with games, an offer; with `accept`, take seek N; with nothing, the open seeks.
#[poise::command(slash_command)]
pub async fn seek(
    ctx: Ctx<'_>,
    #[description = "The games you would play, such as cataclysm,katarenga (off withdraws)"]
    games: Option<String>,
    #[description = "Time per move of the game, such as 1d or 12h (untimed when empty)"]
    deadline: Option<String>,
    #[description = "Rated (default) or casual"] rated: Option<bool>,
    #[description = "How long the seek waits, such as 6h or 2d (a day when empty)"] expires: Option<
        String,
    >,
    #[description = "Accept the open seek with this number instead"]
    #[min = 1]
    accept: Option<i64>,
) -> Result<(), Error> {
    let text = match accept {
        Some(number) => format!("accept {number} {}", games.unwrap_or_default()),
        None => [
            games,
            deadline.map(|d| format!("deadline={d}")),
            rated.map(|r| format!("rated={}", if r { "yes" } else { "no" })),
            expires.map(|e| format!("expires={e}")),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" "),
    };
    let poise::Context::Application(app) = ctx else {
        return Err("only slash commands are served".into());
    };
    let opens_thread = game_thread::opens_thread(&app);
    let (call, posted) = call::run(ctx, None, Command::Seek(text.trim().to_string())).await?;
    if opens_thread {
        game_thread::after_command(&call, posted).await;
    }
    Ok(())
}

/// `/subscribe`: follow a game's seeks here, stop (`off`), or (moderators) name a role.
#[poise::command(slash_command)]
pub async fn subscribe(
    ctx: Ctx<'_>,
    #[description = "The game (your subscriptions when empty)"] game: Option<String>,
    #[description = "Stop following it"] off: Option<bool>,
    #[description = "Moderators: a role to mention for its seeks"] role: Option<serenity::Role>,
    #[description = "Moderators: mention no role for its seeks any more"] no_role: Option<bool>,
) -> Result<(), Error> {
    let mut text = game.unwrap_or_default();
    if off == Some(true) {
        text.push_str(" off");
    } else if let Some(role) = role {
        text.push_str(&format!(" role={}", role.id));
    } else if no_role == Some(true) {
        text.push_str(" role=off");
    }
    call::run(ctx, None, Command::Subscribe(text.trim().to_string()))
        .await
        .map(drop)
}

/// What `/tournament` does.
#[derive(Debug, poise::ChoiceParameter)]
pub enum TournamentAction {
    #[name = "list"]
    List,
    #[name = "new"]
    New,
    #[name = "join"]
    Join,
    #[name = "leave"]
    Leave,
    #[name = "start"]
    Start,
    #[name = "cancel"]
    Cancel,
    #[name = "standings"]
    Standings,
    #[name = "pairings"]
    Pairings,
}

/// `/tournament`: announce one (with a game), join, leave, start, standings, pairings.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn tournament(
    ctx: Ctx<'_>,
    #[description = "What to do (the tournaments here when empty)"] action: Option<
        TournamentAction,
    >,
    #[description = "The tournament's number, when several could be meant"]
    #[min = 1]
    number: Option<i64>,
    #[description = "new: the game, such as chess or katarenga"] game: Option<String>,
    #[description = "new: round-robin (everyone meets everyone) or swiss"] format: Option<String>,
    #[description = "new: a Swiss's number of rounds (1 to 15)"]
    #[min = 1]
    #[max = 15]
    rounds: Option<i64>,
    #[description = "new: time per move, such as 2d (the default) or 12h"] deadline: Option<String>,
    #[description = "new: rated (default) or casual"] rated: Option<bool>,
    #[description = "new: starts by itself after this long, such as 1d"] start: Option<String>,
    #[description = "new: a round robin played twice, with both colours"] double: Option<bool>,
    #[description = "join: a duplicate event's group to play in together (Catalonia)"]
    group: Option<String>,
) -> Result<(), Error> {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let word = match action.unwrap_or(TournamentAction::List) {
        TournamentAction::List => "list",
        TournamentAction::New => "new",
        TournamentAction::Join => "join",
        TournamentAction::Leave => "leave",
        TournamentAction::Start => "start",
        TournamentAction::Cancel => "cancel",
        TournamentAction::Standings => "standings",
        TournamentAction::Pairings => "pairings",
    };
    let text = [
        Some(word.to_string()),
        game,
        format.map(|f| format!("format={f}")),
        rounds.map(|r| format!("rounds={r}")),
        deadline.map(|d| format!("deadline={d}")),
        rated.map(|r| format!("rated={}", yes_no(r))),
        start.map(|s| format!("start={s}")),
        double.map(|d| format!("double={}", yes_no(d))),
        group.map(|g| format!("group={g}")),
        number.map(|n| n.to_string()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    let opens_thread = match ctx {
        poise::Context::Application(app) => game_thread::opens_thread(&app),
        poise::Context::Prefix(_) => false,
    };
    let (call, posted) = call::run(ctx, None, Command::Tournament(text)).await?;
    if opens_thread {
        game_thread::after_tournament(&call, posted).await;
    }
    Ok(())
}
