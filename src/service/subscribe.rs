//! `/subscribe GAME` (and `off`): who wants to hear when someone in the server seeks a game of
//! it. A new seek mentions them. On Discord a server's moderators may also name a role for a
//! game (`/subscribe GAME role=@Role`): the seek then mentions that role as well, and only
//! that role among all the server's roles.

use super::{
    base::Service,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    words::{sentence, shown},
};
use crate::rules::GameId;

/// The most people one post mentions by name; a server with more followers of a game should
/// give them a role.
pub(crate) const MOST_MENTIONED: usize = 30;

/// Why subscriptions are kept per server.
const SERVER_SUBSCRIPTIONS: &str = "Subscriptions belong to a server: subscribe in one of its \
     channels.";

/// Whom a new seek in some games mentions.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Mentions {
    /// The followers of the games (the seeker left out), at most [`MOST_MENTIONED`].
    pub people: Vec<String>,
    /// The role a moderator chose for the first of the games that has one.
    pub role: Option<String>,
}

/// The people and the role a new seek in `games` mentions in a server, except `seeker`.
pub(crate) async fn news_of(
    service: &Service,
    server: &str,
    games: &[GameId],
    seeker: &str,
) -> ServiceResult<Mentions> {
    let mut mentions = Mentions::default();
    for game in games {
        for user in service.store.subscribers(server, game.slug()).await? {
            if user != seeker
                && !mentions.people.contains(&user)
                && mentions.people.len() < MOST_MENTIONED
            {
                mentions.people.push(user);
            }
        }
        if mentions.role.is_none() {
            mentions.role = service.store.subscription_role(server, game.slug()).await?;
        }
    }
    Ok(mentions)
}

/// What `/subscribe …` asks.
#[derive(Clone, Debug, Eq, PartialEq)]
enum Ask {
    List,
    On(Vec<String>),
    Off(Vec<String>),
    Role(Vec<String>, Option<String>),
}

fn read(text: &str) -> Result<Ask, ServiceError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Ok(Ask::List);
    };
    let games: Vec<String> = first
        .split(',')
        .filter(|g| !g.trim().is_empty())
        .map(str::to_string)
        .collect();
    match rest {
        [] => Ok(Ask::On(games)),
        [off] if matches!(off.to_lowercase().as_str(), "off" | "stop" | "no") => {
            Ok(Ask::Off(games))
        }
        [role] if role.to_lowercase().starts_with("role=") => {
            let value = &role["role=".len()..];
            if matches!(value.to_lowercase().as_str(), "off" | "none") {
                return Ok(Ask::Role(games, None));
            }
            let id = value.trim_start_matches("<@&").trim_end_matches('>');
            let id = id.trim_start_matches("@&");
            if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
                return Err(ServiceError::refused(format!(
                    "A role is named by mentioning it (role=@Players) or role=off; \"{}\" is not \
                     one.",
                    shown(value)
                )));
            }
            Ok(Ask::Role(games, Some(id.to_string())))
        }
        _ => Err(ServiceError::refused(format!(
            "Write /subscribe GAME to follow a game's seeks, or /subscribe GAME off; \"{}\" is \
             more than that.",
            shown(text.trim())
        ))),
    }
}

fn games(names: &[String]) -> ServiceResult<Vec<GameId>> {
    names
        .iter()
        .map(|name| {
            GameId::parse(name.trim()).map_err(|e| ServiceError::refused(sentence(&e.to_string())))
        })
        .collect()
}

fn names(games: &[GameId]) -> String {
    games
        .iter()
        .map(|g| g.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Service {
    /// `/subscribe`: list, start or stop following games' seeks here; moderators name a role.
    pub(crate) async fn subscribe(&self, req: &Request, text: &str) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(SERVER_SUBSCRIPTIONS));
        }
        let server = &req.place.server;
        let now = self.now_ms();
        match read(text)? {
            Ask::List => {
                let mine = self.store.subscriptions_of(server, &req.user.id).await?;
                let mine: Vec<GameId> = mine.iter().filter_map(|g| GameId::parse(g).ok()).collect();
                Ok(Reply::text(if mine.is_empty() {
                    "You follow no game here. /subscribe cataclysm mentions you whenever \
                     someone here seeks a game of Cataclysm."
                        .to_string()
                } else {
                    format!(
                        "You follow {} here: a new seek of one of them mentions you. \
                         /subscribe GAME off stops it.",
                        names(&mine)
                    )
                }))
            }
            Ask::On(list) => {
                let games = games(&list)?;
                self.remember(&req.user).await?;
                for game in &games {
                    self.store
                        .subscribe(server, game.slug(), &req.user.id, now)
                        .await?;
                }
                Ok(Reply::text(format!(
                    "You will be mentioned when someone here seeks a game of {}. /subscribe {} \
                     off stops it.",
                    names(&games),
                    list.join(",")
                )))
            }
            Ask::Off(list) => {
                let games = games(&list)?;
                let mut any = false;
                for game in &games {
                    any |= self
                        .store
                        .unsubscribe(server, game.slug(), &req.user.id)
                        .await?;
                }
                Ok(Reply::text(if any {
                    format!("You no longer follow {} here.", names(&games))
                } else {
                    format!("You did not follow {} here.", names(&games))
                }))
            }
            Ask::Role(list, role) => {
                if !req.admin {
                    return Err(ServiceError::refused(
                        "Only the server's moderators choose a role for a game's seeks; \
                         /subscribe GAME follows it yourself.",
                    ));
                }
                let games = games(&list)?;
                for game in &games {
                    self.store
                        .set_subscription_role(
                            server,
                            game.slug(),
                            role.as_deref(),
                            &req.user.id,
                            now,
                        )
                        .await?;
                }
                Ok(Reply::text(match role {
                    Some(role) => format!(
                        "New seeks of {} here will mention <@&{role}> (and the people who \
                         follow the game).",
                        names(&games)
                    ),
                    None => format!("New seeks of {} mention no role now.", names(&games)),
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subscribe_reads_games_off_and_roles() {
        assert_eq!(read(""), Ok(Ask::List));
        assert_eq!(read("chess"), Ok(Ask::On(vec!["chess".into()])));
        assert_eq!(
            read("chess,katarenga off"),
            Ok(Ask::Off(vec!["chess".into(), "katarenga".into()]))
        );
        assert_eq!(
            read("chess role=<@&123>"),
            Ok(Ask::Role(vec!["chess".into()], Some("123".into())))
        );
        assert_eq!(
            read("chess role=off"),
            Ok(Ask::Role(vec!["chess".into()], None))
        );
        assert!(read("chess role=@everyone").is_err());
        assert!(read("chess please now").is_err());
    }
}
