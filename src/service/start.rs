//! Starting games and gathering their players: new games and challenges, accept and decline,
//! joining and leaving a side of a group game, and the rematch with sides swapped.

use std::{
    collections::BTreeMap,
    hash::{BuildHasher, RandomState},
};

use super::{
    Place, Reply, Service, ServiceError, ServiceResult, User,
    context::{Loaded, sentence},
};
use crate::{
    rules::{Color, GameId, Options},
    store::{Commit, GameRow, GameState, NewLogEntry, now_ms},
};

/// What `/new` asks for.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct NewGame {
    /// A game's id or display name, in any letter case.
    pub game: String,
    /// The opponent of a two-player game; `None` makes an open challenge anyone may accept.
    pub opponent: Option<User>,
    /// The creator's side; White unless stated.
    pub side: Option<Color>,
    /// Play in teams of any size, where any member acts for the side. Implied by team lists
    /// and by cooperative games.
    pub teams: bool,
    /// Team members named at the start (group games).
    pub white: Vec<User>,
    pub black: Vec<User>,
    /// Game options by name, as the game's row in the table of games lists them.
    pub options: Vec<(String, String)>,
    /// The seed of every random choice of the game; random when `None`.
    pub seed: Option<u64>,
}

fn random_seed() -> u64 {
    RandomState::new().hash_one(now_ms())
}

fn log_entry(kind: &'static str, user: &User, side: Option<Color>, text: String) -> NewLogEntry {
    NewLogEntry {
        kind,
        user_id: user.id.clone(),
        side,
        notation: None,
        description: text,
    }
}

impl Service {
    /// Starts a game in a place: a challenge to one opponent, an open challenge, or a group
    /// game with teams.
    pub async fn new_game(&self, place: &Place, creator: &User, new: NewGame) -> ServiceResult {
        let kind = GameId::parse(&new.game)
            .map_err(|e| ServiceError::refused(sentence(&e.to_string())))?;
        let spec = kind.spec();
        let specs = spec.options;
        let mut options = BTreeMap::new();
        for (name, value) in &new.options {
            let name = name.trim().to_lowercase();
            if !specs.iter().any(|s| s.name == name) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(ServiceError::refused(if known.is_empty() {
                    format!("{kind} has no options; start it without \"{name}\".")
                } else {
                    format!(
                        "{kind} has no option \"{name}\"; its options are {}.",
                        known.join(", ")
                    )
                }));
            }
            options.insert(name, value.trim().to_string());
        }
        let seed = new.seed.unwrap_or_else(random_seed);
        let game = (spec.new)(&Options(options.clone()), seed).map_err(|e| {
            ServiceError::refused(format!("Cannot start {kind}: {}", sentence(&e.0)))
        })?;
        let group =
            new.teams || !new.white.is_empty() || !new.black.is_empty() || kind.is_cooperative();
        let my_side = new.side.unwrap_or(Color::White);
        let mut people: Vec<(User, Color)> = Vec::new();
        let mut challenged = None;
        if group {
            for (team, side) in [(&new.white, Color::White), (&new.black, Color::Black)] {
                for user in team {
                    if let Some((_, other)) = people.iter().find(|(u, _)| u.id == user.id) {
                        if *other != side {
                            return Err(ServiceError::refused(format!(
                                "{} cannot be on both sides.",
                                user.name
                            )));
                        }
                        continue;
                    }
                    people.push((user.clone(), side));
                }
            }
            if let Some(opponent) = &new.opponent
                && !people.iter().any(|(u, _)| u.id == opponent.id)
            {
                people.push((opponent.clone(), !my_side));
            }
            if !people.iter().any(|(u, _)| u.id == creator.id) {
                people.push((creator.clone(), my_side));
            }
        } else {
            if let Some(opponent) = &new.opponent {
                if opponent.id == creator.id {
                    return Err(ServiceError::refused(
                        "You cannot challenge yourself; name someone else, or leave the opponent \
                         out to make an open challenge.",
                    ));
                }
                challenged = Some(opponent.clone());
            }
            people.push((creator.clone(), my_side));
        }
        self.remember(creator).await?;
        for (user, _) in &people {
            self.remember(user).await?;
        }
        if let Some(user) = &challenged {
            self.remember(user).await?;
        }
        let has = |side| people.iter().any(|(_, s)| *s == side);
        let state = if !group {
            GameState::Challenge
        } else if has(Color::White) && has(Color::Black) {
            GameState::Active
        } else {
            GameState::Gathering
        };
        let position = game.position_text();
        let text = match (&challenged, group) {
            (Some(opponent), _) => format!(
                "{} challenges {} to {kind} ({} plays {}).",
                creator.name, opponent.name, creator.name, my_side
            ),
            (None, false) => format!(
                "{} offers an open challenge to {kind} ({} plays {}); anyone may /accept it.",
                creator.name, creator.name, my_side
            ),
            (None, true) => format!("{} starts a group game of {kind}.", creator.name),
        };
        let row = GameRow {
            id: 0,
            variant: kind.id().to_string(),
            server_id: place.server.clone(),
            place_id: place.channel.clone(),
            options,
            seed,
            initial_position: position.clone(),
            position,
            version: 0,
            state,
            group_game: group,
            creator: creator.id.clone(),
            challenged: challenged.as_ref().map(|u| u.id.clone()),
            pending: None,
            outcome: None,
            rematch_of: None,
            created_at: 0,
            updated_at: 0,
        };
        let members: Vec<(String, Color)> =
            people.iter().map(|(u, s)| (u.id.clone(), *s)).collect();
        let id = self
            .store
            .create_game(
                &row,
                &members,
                &[log_entry("start", creator, Some(my_side), text.clone())],
            )
            .await?;
        self.announce(
            id,
            format!("Game #{id}: {text}"),
            challenged.map(|u| vec![u.id]),
        )
        .await
    }

    /// Reloads a game just written and replies about it; `notify` overrides who is mentioned.
    async fn announce(&self, id: i64, text: String, notify: Option<Vec<String>>) -> ServiceResult {
        let row = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ServiceError::refused(format!("There is no game #{id}.")))?;
        let loaded = self.load_row(row).await?;
        let mut reply = self.game_reply(&loaded, text).await;
        if let Some(notify) = notify {
            reply.notify = notify;
        }
        Ok(reply)
    }

    /// Accepts a challenge (the named opponent, or anyone for an open challenge).
    pub async fn accept(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let loaded = self.load(place, user, game, false).await?;
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
        let mut commit = Commit::new(next, row.version).log(log_entry(
            "accept",
            user,
            Some(!creator_side),
            text.clone(),
        ));
        commit.join.push((user.id.clone(), !creator_side));
        self.store.commit(&commit).await.map_err(conflict)?;
        self.announce(row.id, format!("Game {}: {text}", loaded.label()), None)
            .await
    }

    /// Declines a challenge addressed to the user; the creator withdraws their own.
    pub async fn decline(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let loaded = self.load(place, user, game, false).await?;
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
        let commit =
            Commit::new(next, row.version).log(log_entry("decline", user, None, text.clone()));
        self.store.commit(&commit).await.map_err(conflict)?;
        let mut reply = Reply::text(format!("Game {}: {text}", loaded.label()));
        reply.public = true;
        reply.notify = vec![row.creator.clone()]
            .into_iter()
            .filter(|id| *id != user.id)
            .collect();
        Ok(reply)
    }

    /// Joins a side of a group game (the smaller team when no side is given).
    pub async fn join(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
        side: Option<Color>,
    ) -> ServiceResult {
        let loaded = self.load(place, user, game, false).await?;
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
        let mut commit =
            Commit::new(next, row.version).log(log_entry("join", user, Some(side), text.clone()));
        commit.join.push((user.id.clone(), side));
        self.store.commit(&commit).await.map_err(conflict)?;
        let text = if starts {
            format!(
                "Game {}: {text} Both sides have players: the game begins.",
                loaded.label()
            )
        } else {
            format!("Game {}: {text}", loaded.label())
        };
        self.announce(row.id, text, None).await
    }

    /// Leaves a game that has not started, or a team that keeps other members.
    pub async fn leave(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let loaded = self.load(place, user, game, false).await?;
        let row = &loaded.row;
        let Some(side) = loaded.side_of(&user.id) else {
            if row.challenged.as_deref() == Some(user.id.as_str()) {
                return self.decline(place, user, Some(row.id)).await;
            }
            return Err(ServiceError::refused(format!(
                "You are not in game {}.",
                loaded.label()
            )));
        };
        if row.state == GameState::Challenge {
            return self.decline(place, user, Some(row.id)).await;
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
        let mut commit =
            Commit::new(next, row.version).log(log_entry("leave", user, Some(side), text.clone()));
        commit.leave.push(user.id.clone());
        self.store.commit(&commit).await.map_err(conflict)?;
        self.announce(
            row.id,
            format!("Game {}: {text}", loaded.label()),
            Some(Vec::new()),
        )
        .await
    }

    /// A new game like a finished one, with the sides swapped (same options and seed, so a
    /// random board comes out the same).
    pub async fn rematch(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let loaded = self.load(place, user, game, true).await?;
        let row = &loaded.row;
        if row.state != GameState::Over {
            return Err(ServiceError::refused(format!(
                "Game {} has not finished; a rematch can start when it ends.",
                loaded.label()
            )));
        }
        let Some(my_old_side) = loaded.side_of(&user.id) else {
            return Err(ServiceError::refused(format!(
                "Only the players of game {} can ask for a rematch.",
                loaded.label()
            )));
        };
        self.remember(user).await?;
        let mut next = row.clone();
        next.id = 0;
        next.creator = user.id.clone();
        next.pending = None;
        next.outcome = None;
        next.rematch_of = Some(row.id);
        next.place_id = place.channel.clone();
        next.position = row.initial_position.clone();
        let mut what = "a rematch";
        if let Some((options, position)) = return_game(row) {
            next.options = options;
            next.initial_position = position.clone();
            next.position = position;
            what = "the return game (the same board turned 180°)";
        }
        let swapped: Vec<(String, Color)> = if row.group_game {
            next.state = GameState::Active;
            next.challenged = None;
            loaded
                .people
                .iter()
                .map(|p| (p.user_id.clone(), !p.side))
                .collect()
        } else {
            next.state = GameState::Challenge;
            next.challenged = loaded
                .people
                .iter()
                .find(|p| p.user_id != user.id)
                .map(|p| p.user_id.clone());
            vec![(user.id.clone(), !my_old_side)]
        };
        let text = format!(
            "{} asks for {what} of #{} with sides swapped ({} now plays {}).",
            user.name, row.id, user.name, !my_old_side
        );
        let id = self
            .store
            .create_game(
                &next,
                &swapped,
                &[log_entry("start", user, Some(!my_old_side), text.clone())],
            )
            .await?;
        let notify = next.challenged.clone().map(|c| vec![c]);
        self.announce(id, format!("Game #{id}: {text}"), notify)
            .await
    }
}

/// The rematch of a game whose rules give one from the finished position (the return game of
/// a match, `docs/rules.md` §3.3: the same board turned 180°, the other player moving first):
/// its options and start position. `None` for a game without such a rule, and when the rule
/// gives nothing for this position (the rematch is then simply a new game like the first).
fn return_game(row: &GameRow) -> Option<(BTreeMap<String, String>, String)> {
    let spec = GameId::parse(&row.variant).ok()?.spec();
    let options = (spec.rematch?)(&row.position)?;
    let game = (spec.new)(&options, row.seed).ok()?;
    Some((options.0, game.position_text()))
}

impl Service {
    /// Moves a game to another channel or thread (an adapter that opens a thread for each
    /// new game calls this). The version does not change, so its buttons keep working.
    pub async fn move_to_place(&self, game: i64, place: &Place) -> ServiceResult<()> {
        for _ in 0..3 {
            let row = self
                .store
                .game(game)
                .await?
                .ok_or_else(|| ServiceError::refused(format!("There is no game #{game}.")))?;
            let mut next = row.clone();
            next.place_id = place.channel.clone();
            match self.store.commit(&Commit::new(next, row.version)).await {
                Ok(_) => return Ok(()),
                Err(crate::store::StoreError::Conflict) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(conflict(crate::store::StoreError::Conflict))
    }
}

fn not_a_challenge(loaded: &Loaded) -> ServiceError {
    ServiceError::refused(match loaded.row.state {
        GameState::Active | GameState::Gathering => {
            format!("Game {} has already started.", loaded.label())
        }
        _ => format!("Game {} is over.", loaded.label()),
    })
}

/// A write that lost a race becomes a clear sentence; other errors are logged.
pub(crate) fn conflict(error: crate::store::StoreError) -> ServiceError {
    match error {
        crate::store::StoreError::Conflict => ServiceError::refused(
            "Someone else changed this game at the same moment; look at the board and try again.",
        ),
        other => other.into(),
    }
}
