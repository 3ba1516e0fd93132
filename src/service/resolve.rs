//! Finding the game a command is about (the one named, else the one open where it is asked)
//! and loading it: from memory when it is kept at the database's version, else replayed from
//! its record and checked. Also remembering people's display names.

use std::sync::PoisonError;

use super::{
    base::Service,
    cache::Cached,
    loaded::{Loaded, refused_damaged},
    replay::restore,
    reply::{ServiceError, ServiceResult},
    request::Request,
    request::User,
    typed::about,
};
use crate::store::{GameRow, GameState};

impl Service {
    /// Remembers a user's display name (written only when new or changed).
    pub(crate) async fn remember(&self, user: &User) -> ServiceResult<()> {
        // A lock poisoned by a panic elsewhere still holds sound names (each insert is whole).
        let names = || self.names.lock().unwrap_or_else(PoisonError::into_inner);
        let known = names().get(&user.id) == Some(&user.name);
        if !known {
            self.store.upsert_player(&user.id, &user.name).await?;
            names().insert(user.id.clone(), user.name.clone());
        }
        Ok(())
    }

    /// Finds the game a request is about: the one named (when the request may reach it, see
    /// `house`), else the one open in its place (the user's own when there are several); with
    /// `finished_ok`, the last game there.
    pub(crate) async fn resolve(&self, req: &Request, finished_ok: bool) -> ServiceResult<GameRow> {
        if let Some(id) = req.game {
            return self.reachable_game(req, id).await;
        }
        let channel = &req.place.channel;
        let open = self.store.open_games_in_place(channel).await?;
        if open.is_empty() {
            let last = self.store.last_game_in_place(channel).await?;
            return match last {
                Some(last) if finished_ok => Ok(last),
                // In a game's thread, "no game here" would puzzle: say that its game ended.
                Some(last) => Err(ServiceError::refused(format!(
                    "There is no game in progress here: game #{} ({}) is over ({}). Start a \
                     new one with /new, or name a game by its number (/games lists yours).",
                    last.id,
                    last.variant.name(),
                    last.outcome.as_deref().unwrap_or("finished")
                ))),
                None => Err(ServiceError::refused(
                    "There is no game in progress here. Start one with /new, or name a game by \
                     its number (/games lists yours).",
                )),
            };
        }
        if open.len() == 1 {
            return Ok(open.into_iter().next().expect("one game"));
        }
        let user = &req.user;
        let mut mine = Vec::new();
        for row in &open {
            let in_game = row.challenged.as_deref() == Some(user.id.as_str())
                || self
                    .store
                    .participants(row.id)
                    .await?
                    .iter()
                    .any(|p| p.user_id == user.id);
            if in_game {
                mine.push(row.clone());
            }
        }
        if mine.len() == 1 {
            return Ok(mine.remove(0));
        }
        Err(which_game(req, &open))
    }

    /// Resolves and loads a game for an action: a game whose record is damaged is refused.
    pub(crate) async fn load(&self, req: &Request, finished_ok: bool) -> ServiceResult<Loaded> {
        let loaded = self.look(req, finished_ok).await?;
        if loaded.damaged {
            return Err(refused_damaged(&loaded));
        }
        Ok(loaded)
    }

    /// Resolves and loads a game to look at it: a damaged record shows what it can.
    pub(crate) async fn look(&self, req: &Request, finished_ok: bool) -> ServiceResult<Loaded> {
        let row = self.resolve(req, finished_ok).await?;
        self.load_row(row).await
    }

    /// Rebuilds the game of a row (from the cache when it is at this version) and its people.
    /// A damaged record comes back with [`Loaded::damaged`] set; callers that act refuse it.
    /// A record of a game this bot no longer hosts is refused here (the store still reads it,
    /// so that it can be listed and aborted).
    pub(crate) async fn load_row(&self, row: GameRow) -> ServiceResult<Loaded> {
        let kind = row.variant.known().ok_or_else(|| {
            ServiceError::refused(format!(
                "Game #{} is a game this bot no longer knows ({}).",
                row.id,
                row.variant.as_str()
            ))
        })?;
        let (game, people, damaged) = match self.cache.get(row.id, row.version, row.revision) {
            Some(hit) => hit,
            None => {
                let log = self.store.log_at(row.id, row.version).await?;
                let (game, damaged) = restore(kind, &row, &log)?;
                let people = self.store.participants(row.id).await?;
                // A damaged record is cached too, so that it is reported once, not at every
                // look; any write bumps the version and so checks it again.
                self.cache.put(
                    row.id,
                    Cached {
                        version: row.version,
                        revision: row.revision,
                        game: game.clone_game(),
                        people: people.clone(),
                        damaged,
                    },
                );
                (game, people, damaged)
            }
        };
        let challenged_name = match &row.challenged {
            Some(id) if row.state == GameState::Challenge => self.store.player_name(id).await?,
            _ => None,
        };
        Ok(Loaded {
            row,
            kind,
            game,
            people,
            challenged_name,
            damaged,
        })
    }
}

/// The most games a refusal that asks which one names, each with the command to type.
const NAMED: usize = 4;

/// The refusal when several games are open in a place and none is the asker's own: the exact
/// command to type for each ("/board #2 (Chess)"), as the asker typed it.
pub(crate) fn which_game(req: &Request, open: &[GameRow]) -> ServiceError {
    let typed = req.typed.as_deref().unwrap_or("/board");
    let ways: Vec<String> = open
        .iter()
        .take(NAMED)
        .map(|r| format!("{} ({})", about(typed, r.id), r.title()))
        .collect();
    let more = if open.len() > NAMED {
        format!(
            "; {} more are open (/games lists yours)",
            open.len() - NAMED
        )
    } else {
        String::new()
    };
    ServiceError::refused(format!(
        "Several games are open here; say which one: {}{more}.",
        either(&ways)
    ))
}

/// "a, b or c".
fn either(ways: &[String]) -> String {
    match ways {
        [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => ways.concat(),
    }
}
