//! Answers that change nothing: help, a user's open games, and the leaderboards (a game's
//! history and record are `history`'s, piece diagrams `piece`'s).

use super::{
    base::Service,
    command::command_list,
    house::in_its_house,
    reply::{Reply, ServiceError, ServiceResult},
    request::Place,
    request::Request,
    request::User,
    timing::TIMING_OPTIONS,
    words::{join_names, sentence},
};
use crate::{
    rules::{GAMES, GameId},
    store::GameState,
};

/// How many people a leaderboard shows.
const LEADERBOARD_SIZE: i64 = 10;

/// What the list of commands adds in a direct conversation.
const DIRECT_HELP: &str = "\nIn this direct message you can read the help and piece diagrams, \
     list all your games (/games) and play them by number; challenges and group games start in a \
     server channel, where everyone sees the board.";

/// What `/help GAME` says about timed play, which every game offers.
fn timed_help(cooperative: bool) -> String {
    let options: Vec<&str> = TIMING_OPTIONS.iter().map(|o| o.name).collect();
    let timeout = if cooperative {
        "when time is up the bot makes the late side's move (the one with the longest chain) \
         or decision"
    } else {
        "when time is up a late move loses on time; a late decision inside a turn or a draft \
         pick is made by the bot"
    };
    format!(
        "\nTimed play ({}): deadline=1d gives each move or decision a day, with reminders at \
         half time and with an hour left; {timeout} (on-timeout=wait keeps waiting instead). \
         vote=on makes a team's moves votes of its members. /vacation and /notify are yours.",
        options.join(", ")
    )
}

pub(super) fn parse_game(name: &str) -> ServiceResult<GameId> {
    GameId::parse(name).map_err(|e| ServiceError::refused(sentence(&e.to_string())))
}

impl Service {
    /// The list of games, or one game's rules summary and start options. In a direct
    /// conversation the list also says what can be done there.
    pub(crate) fn help(&self, game: Option<&str>, place: &Place) -> ServiceResult {
        let Some(name) = game.filter(|g| !g.trim().is_empty()) else {
            let games: Vec<String> = GAMES
                .iter()
                .map(|g| format!("• {} (`{}`)", g.name, g.slug))
                .collect();
            let mut text = format!(
                "Chatrang hosts these games:\n{}\n/help GAME tells the rules of one.\n{}",
                games.join("\n"),
                command_list('/')
            );
            if place.direct {
                text.push_str(DIRECT_HELP);
            }
            return Ok(Reply::text(text));
        };
        let kind = parse_game(name)?;
        let spec = kind.spec();
        let mut text = spec.help.to_string();
        if !spec.options.is_empty() {
            text.push_str("\nOptions when starting (/new ");
            text.push_str(spec.slug);
            text.push_str(" name=value):");
            for option in spec.options {
                text.push_str(&format!("\n• {}: {}", option.name, option.description));
            }
        }
        text.push_str(if spec.cooperative {
            "\nEveryone plays together in two teams (/join white or /join black); any member \
             acts for their team. Start it in a server channel, where everyone can see the \
             board. The best final scores are on /leaderboard."
        } else {
            "\nPlay one against one (/new with an @opponent, or an open challenge), or in \
             teams (/new … team) where any member of the side to move may move; games are \
             started in a server channel, where everyone can see the board. Draws by \
             agreement (/draw), resignation (/resign) and undo with the other side's consent \
             (/undo) are always available."
        });
        text.push_str(&timed_help(spec.cooperative));
        Ok(Reply::text(text))
    }

    /// The games a user plays in or is challenged to, with whose turn it is: in a server,
    /// that server's; in their direct conversation with the bot, all of them.
    pub(crate) async fn my_games(&self, user: &User, place: &Place) -> ServiceResult {
        let games = self.game_list(user, place).await?;
        let elsewhere = if place.is_direct() {
            ""
        } else {
            "\nOnly this server's games are listed here; a direct message to the bot lists all \
             of yours."
        };
        if games.is_empty() {
            return Ok(Reply::text(format!(
                "You have no open games{}. Start one with /new, or /help to see the games.{elsewhere}",
                if place.is_direct() {
                    ""
                } else {
                    " in this server"
                }
            )));
        }
        let lines: Vec<String> = games.iter().map(|(_, line)| format!("• {line}")).collect();
        Ok(Reply::text(format!(
            "Your open games:\n{}{elsewhere}",
            lines.join("\n")
        )))
    }

    /// The user's open games as (id, one-line description), the ones waiting for them first,
    /// then latest activity first: for `/games` and for autocompleting a game option. Asked in
    /// a server, only that server's games: a list shown there must not show another's.
    pub async fn game_list(&self, user: &User, place: &Place) -> ServiceResult<Vec<(i64, String)>> {
        let rows = self.store.open_games_of_user(&user.id).await?;
        let rows = rows
            .into_iter()
            .filter(|row| place.is_direct() || in_its_house(place, row));
        let mut games = Vec::new();
        let mut waiting = Vec::new();
        for row in rows {
            let (id, variant) = (row.id, row.variant.as_str().to_string());
            let loaded = match self.load_row(row).await {
                Ok(loaded) => loaded,
                // A record too damaged to show is still listed, so that it can be found.
                Err(ServiceError::Refused(why)) => {
                    games.push((id, format!("#{id} ({variant}) — {why}")));
                    continue;
                }
                Err(other) => return Err(other),
            };
            let side = loaded.side_of(&user.id);
            let challenged = loaded.row.state == GameState::Challenge
                && loaded.row.challenged.as_deref() == Some(user.id.as_str());
            let yours = loaded.to_act().contains(&user.id) || challenged;
            let opponents = match side {
                Some(side) if loaded.members(!side).is_empty() => {
                    "waiting for an opponent".to_string()
                }
                Some(side) => format!("vs {}", loaded.names(!side)),
                None => format!(
                    "challenged by {}",
                    loaded.people.first().map_or("someone", |p| p.name.as_str())
                ),
            };
            let left = self
                .time_left(&loaded)
                .await
                .map(|left| format!(" · {left}"))
                .unwrap_or_default();
            let line = format!(
                "{} {opponents}{} — {}{left}{}",
                loaded.label(),
                side.map(|s| format!(", you play {s}")).unwrap_or_default(),
                loaded.status_line().trim_end_matches('.'),
                if yours { " — your move" } else { "" }
            );
            if yours {
                waiting.push((loaded.row.id, line));
            } else {
                games.push((loaded.row.id, line));
            }
        }
        waiting.extend(games);
        Ok(waiting)
    }

    /// A server's leaderboard for one game: Glicko-2 ratings, or the best cooperative scores.
    /// A direct conversation has none: the sentence says where to ask.
    pub(crate) async fn leaderboard(&self, req: &Request, game: &str) -> ServiceResult {
        let place = &req.place;
        if place.direct {
            return Err(ServiceError::refused(
                "Leaderboards belong to a server: ask for /leaderboard in one of its channels \
                 to see its players. Here, /games lists your own games.",
            ));
        }
        let kind = parse_game(game)?;
        if kind.is_cooperative() {
            let scores = self
                .store
                .best_scores(&place.server, kind, LEADERBOARD_SIZE)
                .await?;
            if scores.is_empty() {
                return Ok(Reply::text(format!(
                    "No game of {kind} has been scored on this server yet."
                )));
            }
            let lines: Vec<String> = scores
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let names: Vec<&str> = s.players.iter().map(String::as_str).collect();
                    format!(
                        "{}. {} points — {} (game #{})",
                        i + 1,
                        s.points,
                        join_names(&names),
                        s.game_id
                    )
                })
                .collect();
            return Ok(Reply::text(format!(
                "Best {kind} scores on this server:\n{}",
                lines.join("\n")
            )));
        }
        let rows = self
            .store
            .leaderboard(&place.server, kind, LEADERBOARD_SIZE)
            .await?;
        if rows.is_empty() {
            return Ok(Reply::text(format!(
                "Nobody has finished a rated game of {kind} on this server yet."
            )));
        }
        let lines: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                format!(
                    "{}. {} — {:.0} (±{:.0}) · {} game{}: {} won, {} drawn, {} lost",
                    i + 1,
                    r.name,
                    r.rating,
                    2.0 * r.deviation,
                    r.games,
                    if r.games == 1 { "" } else { "s" },
                    r.wins,
                    r.draws,
                    r.losses
                )
            })
            .collect();
        Ok(Reply::text(format!(
            "{kind} ratings on this server (Glicko-2):\n{}",
            lines.join("\n")
        )))
    }
}
