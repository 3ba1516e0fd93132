//! Answers that change nothing: a user's open games and the leaderboards (help is `help`'s,
//! piece diagrams `piece`'s, a game's history and record `history`'s).

use super::{
    base::Service,
    house::in_its_house,
    reply::{Reply, ServiceError, ServiceResult},
    request::Place,
    request::Request,
    request::User,
    words::{join_names, sentence},
};
use crate::{
    rules::{GAMES, GameId},
    store::GameState,
};

/// How many people a leaderboard shows.
const LEADERBOARD_SIZE: i64 = 10;

pub(crate) fn parse_game(name: &str) -> ServiceResult<GameId> {
    GameId::parse(name).map_err(|e| ServiceError::refused(sentence(&e.to_string())))
}

impl Service {
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
                // The status line says whom a challenge waits for ("Waiting for bob to
                // accept"): said once.
                Some(_) if loaded.row.state == GameState::Challenge => String::new(),
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
                "{}{}{} — {}{left}{}",
                loaded.label(),
                if opponents.is_empty() {
                    String::new()
                } else {
                    format!(" {opponents}")
                },
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
        if game.trim().is_empty() {
            return self.leaders_of_every_game(&place.server).await;
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

/// How many leaders of each game `/leaderboard` without a game shows.
const LEADERS_PER_GAME: i64 = 3;

impl Service {
    /// `/leaderboard` without a game: the first few of every game played on this server, and
    /// how to see one game's whole table.
    async fn leaders_of_every_game(&self, server: &str) -> ServiceResult {
        let mut lines = Vec::new();
        for spec in &GAMES {
            let kind = spec.id;
            let leaders: Vec<String> = if kind.is_cooperative() {
                let scores = self
                    .store
                    .best_scores(server, kind, LEADERS_PER_GAME)
                    .await?;
                scores
                    .iter()
                    .map(|s| format!("{} points", s.points))
                    .collect()
            } else {
                let rows = self
                    .store
                    .leaderboard(server, kind, LEADERS_PER_GAME)
                    .await?;
                rows.iter()
                    .map(|r| format!("{} {:.0}", r.name, r.rating))
                    .collect()
            };
            if !leaders.is_empty() {
                lines.push(format!("• {}: {}", spec.name, leaders.join(", ")));
            }
        }
        if lines.is_empty() {
            return Ok(Reply::text(
                "Nobody has finished a rated or scored game on this server yet. Once someone \
                 has, /leaderboard lists each game's leaders, and /leaderboard GAME (such as \
                 /leaderboard chess) its whole table.",
            ));
        }
        Ok(Reply::text(format!(
            "Leaders on this server (/leaderboard GAME shows a whole table):\n{}",
            lines.join("\n")
        )))
    }
}
