//! What the sides agree on or concede: draw offers, undo requests (which need the other
//! side's consent) and resignation. In group games any member speaks for the side.

use super::{
    Place, Reply, Service, ServiceError, ServiceResult, User,
    context::{Loaded, replay},
    play::refused_not_playing,
    start::conflict,
};
use crate::{
    rules::{Color, Game, Outcome},
    store::{Commit, GameRow, GameState, LogEntry, NewLogEntry},
};

/// An offer waiting for the other side.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Offer {
    Draw(Color),
    Undo(Color),
}

fn pending(row: &GameRow) -> Option<Offer> {
    let text = row.pending.as_deref()?;
    let (kind, side) = text.split_once(':')?;
    let side = crate::store::parse_side(side)?;
    match kind {
        "draw" => Some(Offer::Draw(side)),
        "undo" => Some(Offer::Undo(side)),
        _ => None,
    }
}

fn offer_text(kind: &str, side: Color) -> String {
    format!("{kind}:{}", crate::store::side_text(side))
}

impl Service {
    /// Loads a game in play and the side of the user, who must be one of its players.
    async fn player_of(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
        what: &str,
    ) -> ServiceResult<(Loaded, Color)> {
        let loaded = self.load(place, user, game, false).await?;
        if loaded.row.state != GameState::Active {
            return Err(refused_not_playing(&loaded));
        }
        let side = loaded.side_of(&user.id).ok_or_else(|| {
            ServiceError::refused(format!("Only the players of this game can {what}."))
        })?;
        Ok((loaded, side))
    }

    /// Writes one decision; `game` is the new position when it changed, `end` how the game
    /// ended (and whether it was abandoned rather than finished).
    async fn decide(
        &self,
        loaded: &Loaded,
        mut next: GameRow,
        game: Option<Box<dyn Game>>,
        entry: NewLogEntry,
        end: Option<(Outcome, bool)>,
    ) -> ServiceResult<Loaded> {
        let game = game.unwrap_or_else(|| loaded.game.clone_game());
        next.position = game.position_text();
        let mut after = Loaded {
            row: next,
            kind: loaded.kind,
            game,
            people: loaded.people.clone(),
            challenged_name: loaded.challenged_name.clone(),
            damaged: false,
        };
        let mut commit = Commit::new(after.row.clone(), loaded.row.version).log(entry);
        if let Some((outcome, abandoned)) = end {
            commit.game.state = GameState::Over;
            commit.game.outcome = Some(outcome.to_string());
            commit.game.pending = None;
            let (result, ratings) = self.finish(&after, &outcome, abandoned).await?;
            commit.result = Some(result);
            commit.ratings = ratings;
        }
        let version = self.store.commit(&commit).await.map_err(conflict)?;
        after.row = commit.game;
        after.row.version = version;
        self.cache_put(
            after.row.id,
            version,
            after.game.clone_game(),
            after.people.clone(),
        );
        Ok(after)
    }

    /// Offers a draw, or accepts the other side's offer.
    pub async fn draw(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let (loaded, side) = self.player_of(place, user, game, "offer a draw").await?;
        if loaded.kind.is_cooperative() {
            return Err(ServiceError::refused(format!(
                "{} is cooperative: there is no draw. Play on, or /resign to abandon the game \
                 for everyone.",
                loaded.kind
            )));
        }
        let mut next = loaded.row.clone();
        let log = |kind, text: &str| entry(kind, user, side, text);
        match pending(&loaded.row) {
            Some(Offer::Draw(by)) if by != side => {
                let outcome = Outcome::Draw {
                    reason: "by agreement".to_string(),
                };
                let text = format!("{} accepts the draw.", user.name);
                let after = self
                    .decide(
                        &loaded,
                        next,
                        None,
                        log("draw-accept", &text),
                        Some((outcome, false)),
                    )
                    .await?;
                Ok(self
                    .game_reply(&after, format!("Game {}: {text}", after.label()))
                    .await)
            }
            Some(Offer::Draw(_)) => Err(ServiceError::refused(format!(
                "You have already offered a draw; waiting for {}.",
                loaded.names(!side)
            ))),
            Some(Offer::Undo(_)) => Err(ServiceError::refused(
                "An undo request is waiting; answer it first.",
            )),
            None => {
                next.pending = Some(offer_text("draw", side));
                let text = format!(
                    "{} ({side}) offers a draw. {}: /draw to accept, or decline.",
                    user.name,
                    loaded.names(!side)
                );
                let after = self
                    .decide(&loaded, next, None, log("draw-offer", &text), None)
                    .await?;
                let mut reply = self
                    .game_reply(&after, format!("Game {}: {text}", after.label()))
                    .await;
                reply.notify = after.user_ids(!side);
                Ok(reply)
            }
        }
    }

    /// Declines the other side's draw offer, or withdraws one's own.
    pub async fn decline_draw(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
    ) -> ServiceResult {
        let (loaded, side) = self
            .player_of(place, user, game, "answer a draw offer")
            .await?;
        let text = match pending(&loaded.row) {
            Some(Offer::Draw(by)) if by != side => format!("{} declines the draw.", user.name),
            Some(Offer::Draw(_)) => format!("{} withdraws the draw offer.", user.name),
            _ => return Err(ServiceError::refused("There is no draw offer to decline.")),
        };
        self.clear_offer(&loaded, user, side, "draw-decline", text)
            .await
    }

    async fn clear_offer(
        &self,
        loaded: &Loaded,
        user: &User,
        side: Color,
        kind: &'static str,
        text: String,
    ) -> ServiceResult {
        let mut next = loaded.row.clone();
        next.pending = None;
        let after = self
            .decide(loaded, next, None, entry(kind, user, side, &text), None)
            .await?;
        Ok(self
            .game_reply(&after, format!("Game {}: {text}", after.label()))
            .await)
    }

    /// Asks to take back the last move, or allows the other side's request.
    pub async fn undo(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let (loaded, side) = self.player_of(place, user, game, "ask for an undo").await?;
        let log = self.store.log(loaded.row.id).await?;
        // The game loaded, so its log replays: a log that does not is refused as damaged.
        let moves = super::context::effective_moves(&log).map_err(|error| {
            tracing::error!(game = loaded.row.id, %error, "the log does not read");
            ServiceError::refused(super::context::DAMAGED)
        })?;
        let Some(last) = moves.last().map(|m| m.entry.clone()) else {
            return Err(ServiceError::refused("There is no move to take back."));
        };
        let mut next = loaded.row.clone();
        match pending(&loaded.row) {
            Some(Offer::Undo(by)) if by != side => {
                let game = take_back(&loaded.row, &log)?;
                next.pending = None;
                let text = format!(
                    "{} allows the undo: {} is taken back.",
                    user.name, last.description
                );
                let mut entry = entry("undo", user, side, &text);
                entry.notation = last.notation.clone();
                let after = self.decide(&loaded, next, Some(game), entry, None).await?;
                Ok(self
                    .game_reply(&after, format!("Game {}: {text}", after.label()))
                    .await)
            }
            Some(Offer::Undo(_)) => Err(ServiceError::refused(format!(
                "You have already asked for an undo; waiting for {}.",
                loaded.names(!side)
            ))),
            Some(Offer::Draw(_)) => Err(ServiceError::refused(
                "A draw offer is waiting; answer it first.",
            )),
            None => {
                next.pending = Some(offer_text("undo", side));
                let text = format!(
                    "{} ({side}) asks to take back the last move ({}). {}: /undo to allow it, \
                     or refuse.",
                    user.name,
                    last.description,
                    loaded.names(!side)
                );
                let after = self
                    .decide(
                        &loaded,
                        next,
                        None,
                        entry("undo-ask", user, side, &text),
                        None,
                    )
                    .await?;
                let mut reply = self
                    .game_reply(&after, format!("Game {}: {text}", after.label()))
                    .await;
                reply.notify = after.user_ids(!side);
                Ok(reply)
            }
        }
    }

    /// Refuses the other side's undo request, or withdraws one's own.
    pub async fn decline_undo(
        &self,
        place: &Place,
        user: &User,
        game: Option<i64>,
    ) -> ServiceResult {
        let (loaded, side) = self
            .player_of(place, user, game, "answer an undo request")
            .await?;
        let text = match pending(&loaded.row) {
            Some(Offer::Undo(by)) if by != side => format!("{} refuses the undo.", user.name),
            Some(Offer::Undo(_)) => format!("{} withdraws the undo request.", user.name),
            _ => return Err(ServiceError::refused("There is no undo request to refuse.")),
        };
        self.clear_offer(&loaded, user, side, "undo-decline", text)
            .await
    }

    /// Resigns for the user's side; in a cooperative game, abandons it for everyone.
    pub async fn resign(&self, place: &Place, user: &User, game: Option<i64>) -> ServiceResult {
        let (loaded, side) = self.player_of(place, user, game, "resign").await?;
        let next = loaded.row.clone();
        let (outcome, abandoned, text) = if loaded.kind.is_cooperative() {
            (
                Outcome::Score {
                    points: 0,
                    reason: format!("abandoned by {}", user.name),
                },
                true,
                format!("{} abandons the game for everyone.", user.name),
            )
        } else {
            (
                Outcome::Win {
                    winner: !side,
                    reason: format!("{side} resigned"),
                },
                false,
                format!("{} resigns for {side}.", user.name),
            )
        };
        let after = self
            .decide(
                &loaded,
                next,
                None,
                entry("resign", user, side, &text),
                Some((outcome, abandoned)),
            )
            .await?;
        let mut reply: Reply = self
            .game_reply(&after, format!("Game {}: {text}", after.label()))
            .await;
        reply.notify = after.user_ids(!side);
        Ok(reply)
    }
}

fn entry(kind: &'static str, user: &User, side: Color, text: &str) -> NewLogEntry {
    NewLogEntry {
        kind,
        user_id: user.id.clone(),
        side: Some(side),
        notation: None,
        description: text.to_string(),
    }
}

/// The game with its last move in effect taken back, replayed from the record.
fn take_back(row: &GameRow, log: &[LogEntry]) -> ServiceResult<Box<dyn Game>> {
    let mut log = log.to_vec();
    log.push(LogEntry {
        seq: row.version + 1,
        kind: "undo".to_string(),
        user_id: String::new(),
        side: None,
        notation: None,
        description: String::new(),
        at: 0,
    });
    replay(row, &log).map_err(|error| {
        tracing::error!(game = row.id, %error, "replay for undo failed");
        ServiceError::refused(
            "This game's record cannot be replayed, so the move cannot be taken back.",
        )
    })
}
