//! `/forget-me`: a person asks the bot to forget them. Their id and names are replaced by an
//! anonymous stand-in ("Anonymous 3F2A1C") in every record the bot keeps of them, so that the
//! games they played still replay and their opponents' ratings and tournament tables still add
//! up, but nobody can tell the records were theirs (see `store::forget` and `PRIVACY.md`).
//!
//! Where it reaches: asked in a server's channel or room, the records of that server only,
//! since a place's commands touch nothing of another; asked in a direct conversation with the
//! bot, which belongs to no server, every record of the person in every server, and their
//! settings (`/notify`, `/vacation`) too: that is the way to be forgotten by a server one has
//! left.
//!
//! It cannot be undone, so it asks first (`/forget-me yes` does it), and it waits until the
//! person's games and tournaments in reach are over: a game cannot go on with a player nobody
//! is any more.

use super::{
    base::Service,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    start::random_seed,
};
use crate::store::{Forgetting, Forgotten};

/// How many games a refusal lists by number.
const LISTED: usize = 5;

impl Service {
    /// `/forget-me` (asks first) and `/forget-me yes` (forgets).
    pub(crate) async fn forget_me(&self, req: &Request, confirmed: bool) -> ServiceResult {
        let server = (!req.place.is_direct()).then_some(req.place.server.as_str());
        let user = &req.user;
        let games = self.store.unfinished_games_of(&user.id, server).await?;
        if !games.is_empty() {
            return Err(ServiceError::refused(format!(
                "First finish, resign or leave {} {} (/games lists yours); then send \
                 /forget-me again.",
                if games.len() == 1 { "game" } else { "games" },
                numbers(&games)
            )));
        }
        let tournaments = self
            .store
            .unfinished_tournaments_of(&user.id, server)
            .await?;
        if !tournaments.is_empty() {
            return Err(ServiceError::refused(format!(
                "First leave (or, if you announced it, cancel) tournament {}; then send \
                 /forget-me again.",
                numbers(&tournaments)
            )));
        }
        let reach = match server {
            Some(_) => "this server",
            None => "every server where you played with this bot",
        };
        if !confirmed {
            return Ok(Reply::text(format!(
                "/forget-me replaces your name and id by an anonymous one in every game, \
                 rating and tournament of {reach}, for good: your games and ratings stay for \
                 the others, but nobody (you neither) can tell they were yours. Your follows \
                 (/subscribe) end and your open seeks are withdrawn{}. To go on, send \
                 /forget-me yes.",
                if server.is_none() {
                    "; your /notify and /vacation settings are removed"
                } else {
                    ""
                }
            )));
        }
        let (anonymous_id, anonymous_name) = self.new_stand_in().await?;
        let mut names = vec![user.name.clone()];
        if let Some(stored) = self.store.player_name(&user.id).await?
            && !names.contains(&stored)
        {
            names.push(stored);
        }
        let forgotten = self
            .store
            .forget_person(&Forgetting {
                user_id: &user.id,
                names: &names,
                anonymous_id: &anonymous_id,
                anonymous_name: &anonymous_name,
                server,
                now: self.now_ms(),
            })
            .await?;
        tracing::info!(
            games = forgotten.games,
            ratings = forgotten.ratings,
            everywhere = server.is_none(),
            "a person was forgotten"
        );
        if forgotten == Forgotten::default() {
            return Ok(Reply::text(format!(
                "Done: the bot kept no games, ratings or tournaments of yours in {reach}."
            )));
        }
        Ok(Reply::text(format!(
            "Done: in {reach}, {} now {} {anonymous_name}. Whatever you do from now on is \
             recorded under your name again.",
            what_changed(forgotten),
            if is_one(forgotten) { "names" } else { "name" },
        )))
    }

    /// A stand-in id and name nobody has: `anonymous:3f2a1c`, `Anonymous 3F2A1C`.
    async fn new_stand_in(&self) -> ServiceResult<(String, String)> {
        for _ in 0..16 {
            let number = random_seed() & 0xff_ffff;
            let id = format!("anonymous:{number:06x}");
            if self.store.player_name(&id).await?.is_none() {
                return Ok((id, format!("Anonymous {number:06X}")));
            }
        }
        Err(ServiceError::refused(
            "The bot could not pick an anonymous name just now; send /forget-me yes again.",
        ))
    }
}

/// "3 games, 2 ratings and 1 tournament".
fn what_changed(forgotten: Forgotten) -> String {
    let parts: Vec<String> = [
        (forgotten.games, "game", "games"),
        (forgotten.ratings, "rating", "ratings"),
        (forgotten.tournaments, "tournament", "tournaments"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| plural(n as usize, one, many))
    .collect();
    match parts.as_slice() {
        [] => String::new(),
        [only] => only.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

/// True when one record changed (the sentence says "names", not "name").
fn is_one(forgotten: Forgotten) -> bool {
    forgotten.games + forgotten.ratings + forgotten.tournaments <= 1
}

/// "1 game", "3 games".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "#12, #15 and 2 more".
fn numbers(ids: &[i64]) -> String {
    let shown: Vec<String> = ids.iter().take(LISTED).map(|id| format!("#{id}")).collect();
    match ids.len().saturating_sub(LISTED) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::{Forgotten, numbers, what_changed};

    #[test]
    fn the_answer_counts_in_words() {
        let changed = |games, ratings, tournaments| {
            what_changed(Forgotten {
                games,
                ratings,
                tournaments,
            })
        };
        assert_eq!(changed(1, 0, 0), "1 game");
        assert_eq!(changed(3, 2, 0), "3 games and 2 ratings");
        assert_eq!(changed(3, 1, 2), "3 games, 1 rating and 2 tournaments");
    }

    #[test]
    fn long_lists_of_games_are_cut() {
        assert_eq!(numbers(&[4, 7]), "#4, #7");
        assert_eq!(
            numbers(&[1, 2, 3, 4, 5, 6, 7]),
            "#1, #2, #3, #4, #5 and 2 more"
        );
    }
}
