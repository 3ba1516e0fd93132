//! Gathering the players of a game before and while it is played: accepting or declining a
//! challenge, and joining or leaving a side of a group game. Nobody joins a game started in a
//! direct conversation, whose board only its creator sees.

use super::{
    base::Service,
    loaded::Loaded,
    outbox::News,
    reply::{ServiceError, ServiceResult},
    request::Request,
    resolve::which_game,
    write::{Change, conflict, log_line},
};
use crate::{
    rules::Color,
    store::{GameRow, GameState, LogKind},
};

impl Service {
    /// Accepts a challenge (the named opponent, or anyone for an open challenge).
    pub(crate) async fn accept(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let loaded = self.load(req, false).await?;
        let row = &loaded.row;
        if row.state != GameState::Challenge {
            return Err(not_a_challenge(&loaded));
        }
        if row.creator == user.id {
            return Err(ServiceError::refused(
                "You cannot accept your own challenge; wait for someone else, or /leave to \
                 withdraw it.",
            ));
        }
        if loaded.in_direct_conversation() {
            return Err(loaded.refused_direct());
        }
        if let Some(challenged) = &row.challenged
            && *challenged != user.id
        {
            return Err(ServiceError::refused(format!(
                "This challenge is for {}.",
                loaded
                    .challenged_name
                    .clone()
                    .unwrap_or_else(|| challenged.clone())
            )));
        }
        self.remember(user).await?;
        let creator_side = loaded.side_of(&row.creator).unwrap_or(Color::White);
        let mut next = row.clone();
        next.state = GameState::Active;
        next.challenged = Some(user.id.clone());
        let text = format!("{} accepts and plays {}.", user.name, !creator_side);
        let mut change = Change::new(next).log(log_line(
            LogKind::Accept,
            user,
            Some(!creator_side),
            text.clone(),
        ));
        change.join.push((user.id.clone(), !creator_side));
        let news = News::board(format!("Game {}: {text}", loaded.label()));
        self.publish(&loaded, change, news).await.map_err(conflict)
    }

    /// Declines a challenge addressed to the user; the creator withdraws their own.
    pub(crate) async fn decline(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let loaded = self.load(req, false).await?;
        let row = &loaded.row;
        if row.state != GameState::Challenge {
            return Err(not_a_challenge(&loaded));
        }
        let text = if row.creator == user.id {
            format!("{} withdraws the challenge.", user.name)
        } else if row.challenged.as_deref() == Some(user.id.as_str()) {
            format!("{} declines the challenge.", user.name)
        } else if row.challenged.is_none() {
            return Err(ServiceError::refused(
                "This is an open challenge; there is nothing to decline, just leave it for \
                 someone else.",
            ));
        } else {
            return Err(ServiceError::refused(format!(
                "Only {} can decline this challenge.",
                loaded.challenged_name.clone().unwrap_or_default()
            )));
        };
        let mut next = row.clone();
        next.state = GameState::Cancelled;
        next.outcome = Some(text.trim_end_matches('.').to_string());
        let change = Change::new(next).log(log_line(LogKind::Decline, user, None, text.clone()));
        let creator = Some(row.creator.clone()).filter(|id| *id != user.id);
        let news = News::text(format!("Game {}: {text}", loaded.label()))
            .notify(creator.into_iter().collect());
        self.publish(&loaded, change, news).await.map_err(conflict)
    }

    /// Joins a side of a group game (the smaller team when no side is given). Without a
    /// number, the team game here the asker is not in yet (see `gathering_game`).
    pub(crate) async fn join(&self, req: &Request, side: Option<Color>) -> ServiceResult {
        let user = &req.user;
        let req = &self.gathering_game(req, joinable).await?;
        let loaded = self.load(req, false).await?;
        let row = &loaded.row;
        if !row.group_game {
            return Err(ServiceError::refused(format!(
                "Game {} is a two-player game; /accept a challenge instead.",
                loaded.label()
            )));
        }
        if !row.state.is_open() {
            return Err(ServiceError::refused(format!(
                "Game {} is over; start a new one with /new.",
                loaded.label()
            )));
        }
        if loaded.in_direct_conversation() && loaded.side_of(&user.id).is_none() {
            return Err(loaded.refused_direct());
        }
        let side = side.unwrap_or_else(|| {
            let (w, b) = (
                loaded.members(Color::White).len(),
                loaded.members(Color::Black).len(),
            );
            if b < w { Color::Black } else { Color::White }
        });
        if let Some(current) = loaded.side_of(&user.id) {
            if current == side {
                return Err(ServiceError::refused(format!(
                    "You already play {side} in this game."
                )));
            }
            if row.state == GameState::Active {
                return Err(ServiceError::refused(format!(
                    "You play {current} in this game; sides cannot be changed once it has begun."
                )));
            }
        }
        self.remember(user).await?;
        let mut next = row.clone();
        let other_has_members = !loaded.members(!side).is_empty();
        let starts = row.state == GameState::Gathering && other_has_members;
        if starts {
            next.state = GameState::Active;
        }
        let text = format!("{} joins {side}.", user.name);
        let mut change =
            Change::new(next).log(log_line(LogKind::Join, user, Some(side), text.clone()));
        change.join.push((user.id.clone(), side));
        let text = if starts {
            format!(
                "Game {}: {text} Both sides have players: the game begins.",
                loaded.label()
            )
        } else {
            format!("Game {}: {text}", loaded.label())
        };
        self.publish(&loaded, change, News::board(text))
            .await
            .map_err(conflict)
    }

    /// The request about the one game open here that `fits` the asker, when it names no game
    /// and exactly one fits; when several fit, a refusal that shows how to name each; when
    /// none does, the request as it is, for the usual choice (`resolve`). So
    /// `/join` finds the team game gathering players, and `/leave` the game that can be left,
    /// even where the asker also plays another game.
    async fn gathering_game(
        &self,
        req: &Request,
        fits: fn(&GameRow, bool) -> bool,
    ) -> ServiceResult<Request> {
        if req.game.is_some() {
            return Ok(req.clone());
        }
        let mut fitting = Vec::new();
        for row in self.store.open_games_in_place(&req.place.channel).await? {
            let user = req.user.id.as_str();
            let is_in = row.challenged.as_deref() == Some(user)
                || self
                    .store
                    .participants(row.id)
                    .await?
                    .iter()
                    .any(|p| p.user_id == user);
            if fits(&row, is_in) {
                fitting.push(row);
            }
        }
        match fitting.as_slice() {
            [] => Ok(req.clone()),
            [one] => Ok(req.clone().about(Some(one.id))),
            several => Err(which_game(req, several)),
        }
    }

    /// Leaves a game that has not started, or a team that keeps other members.
    pub(crate) async fn leave(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let req = &self.gathering_game(req, leavable).await?;
        let loaded = self.load(req, false).await?;
        let row = &loaded.row;
        let Some(side) = loaded.side_of(&user.id) else {
            if row.challenged.as_deref() == Some(user.id.as_str()) {
                return self.decline(&req.clone().about(Some(row.id))).await;
            }
            return Err(ServiceError::refused(format!(
                "You are not in game {}.",
                loaded.label()
            )));
        };
        if row.state == GameState::Challenge {
            return self.decline(&req.clone().about(Some(row.id))).await;
        }
        let team = loaded.members(side);
        let mut next = row.clone();
        match row.state {
            GameState::Active if !row.group_game => {
                return Err(ServiceError::refused(
                    "You are playing this game; /resign to end it.",
                ));
            }
            GameState::Active if team.len() <= 1 => {
                return Err(ServiceError::refused(format!(
                    "You are the last player of {side}; /resign instead, or wait until someone \
                     else joins {side}."
                )));
            }
            GameState::Gathering if loaded.people.len() <= 1 => {
                next.state = GameState::Cancelled;
                next.outcome = Some("everyone left".to_string());
            }
            _ => {}
        }
        let text = format!("{} leaves {side}.", user.name);
        let mut change =
            Change::new(next).log(log_line(LogKind::Leave, user, Some(side), text.clone()));
        change.leave.push(user.id.clone());
        let news = News::board(format!("Game {}: {text}", loaded.label())).notify(Vec::new());
        self.publish(&loaded, change, news).await.map_err(conflict)
    }
}

/// A game the asker may join: a team game they are not in.
fn joinable(row: &GameRow, is_in: bool) -> bool {
    row.group_game && !is_in
}

/// A game the asker may leave: one they are in that is not a two-player game under way.
fn leavable(row: &GameRow, is_in: bool) -> bool {
    is_in && (row.group_game || row.state != GameState::Active)
}

fn not_a_challenge(loaded: &Loaded) -> ServiceError {
    ServiceError::refused(match loaded.row.state {
        GameState::Active | GameState::Gathering => {
            format!("Game {} has already started.", loaded.label())
        }
        _ => format!("Game {} is over.", loaded.label()),
    })
}
