//! What the sides agree on or concede: draw offers, undo requests (which need the other
//! side's consent) and resignation. In group games any member speaks for the side.

use super::{
    base::Service,
    bot::bot_user,
    loaded::{DAMAGED, Loaded, refused_not_playing},
    outbox::News,
    replay::{effective_moves, replay},
    reply::{ServiceError, ServiceResult},
    request::Request,
    request::User,
    write::{Change, conflict, log_line},
};
use crate::{
    rules::{Color, Game, Outcome},
    store::{GameRow, GameState, LogEntry, LogKind, Offer},
};

impl Service {
    /// Loads a game in play and the side of the user, who must be one of its players.
    async fn player_of(&self, req: &Request, what: &str) -> ServiceResult<(Loaded, Color)> {
        let loaded = self.load(req, false).await?;
        if loaded.row.state != GameState::Active {
            return Err(refused_not_playing(&loaded));
        }
        let side = loaded.side_of(&req.user.id).ok_or_else(|| {
            ServiceError::refused(format!("Only the players of this game can {what}."))
        })?;
        Ok((loaded, side))
    }

    /// Writes one decision with the news of it; a lost race becomes the sentence that says so.
    async fn decide(&self, loaded: &Loaded, change: Change, news: News) -> ServiceResult {
        self.publish(loaded, change, news).await.map_err(conflict)
    }

    /// Offers a draw, or accepts the other side's offer.
    pub(crate) async fn draw(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let (loaded, side) = self.player_of(req, "offer a draw").await?;
        if loaded.kind.is_cooperative() {
            return Err(ServiceError::refused(format!(
                "{} is cooperative: there is no draw. Play on, or /resign to abandon the game \
                 for everyone.",
                loaded.kind
            )));
        }
        let mut next = loaded.row.clone();
        let log = |kind, text: &str| log_line(kind, user, Some(side), text);
        match loaded.row.pending {
            Some(Offer::Draw(by)) if by != side => {
                let outcome = Outcome::Draw {
                    reason: "by agreement".to_string(),
                };
                let text = format!("{} accepts the draw.", user.name);
                let change = Change::new(next)
                    .log(log(LogKind::DrawAccept, &text))
                    .end(outcome, false);
                let news = News::board(format!("Game {}: {text}", loaded.label()));
                self.decide(&loaded, change, news).await
            }
            Some(Offer::Draw(_)) => Err(ServiceError::refused(format!(
                "You have already offered a draw; waiting for {}.",
                loaded.names(!side)
            ))),
            Some(Offer::Undo(_)) => Err(ServiceError::refused(
                "An undo request is waiting; answer it first.",
            )),
            None if loaded.bot().is_some_and(|(bot, _)| bot != side) => {
                self.offer_draw_to_bot(&loaded, user, side).await
            }
            None => {
                next.pending = Some(Offer::Draw(side));
                let text = format!(
                    "{} ({side}) offers a draw. {}: /draw to accept, or decline.",
                    user.name,
                    loaded.names(!side)
                );
                let change = Change::new(next).log(log(LogKind::DrawOffer, &text));
                let news = News::board(format!("Game {}: {text}", loaded.label()))
                    .notify(loaded.user_ids(!side));
                self.decide(&loaded, change, news).await
            }
        }
    }

    /// A draw offered to the bot, answered at once by its evaluation: the offer and the
    /// answer are written together.
    async fn offer_draw_to_bot(&self, loaded: &Loaded, user: &User, side: Color) -> ServiceResult {
        let (bot_side, level) = loaded.bot().expect("a game against the bot");
        let bot = bot_user(level);
        let offer = format!("{} ({side}) offers a draw.", user.name);
        let accepts = self.bot_accepts_draw(loaded, bot_side, level).await;
        let mut change = Change::new(loaded.row.clone()).log(log_line(
            LogKind::DrawOffer,
            user,
            Some(side),
            &offer,
        ));
        let answer = if accepts {
            let answer = format!("{} accepts the draw.", bot.name);
            change = change
                .log(log_line(LogKind::DrawAccept, &bot, Some(bot_side), &answer))
                .end(
                    Outcome::Draw {
                        reason: "by agreement".to_string(),
                    },
                    false,
                );
            answer
        } else {
            let answer = format!("{} declines the draw: it likes its position.", bot.name);
            change = change.log(log_line(
                LogKind::DrawDecline,
                &bot,
                Some(bot_side),
                &answer,
            ));
            answer
        };
        let news = News::board(format!("Game {}: {offer} {answer}", loaded.label()));
        self.decide(loaded, change, news).await
    }

    /// Declines the other side's draw offer, or withdraws one's own.
    pub(crate) async fn decline_draw(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let (loaded, side) = self.player_of(req, "answer a draw offer").await?;
        let text = match loaded.row.pending {
            Some(Offer::Draw(by)) if by != side => format!("{} declines the draw.", user.name),
            Some(Offer::Draw(_)) => format!("{} withdraws the draw offer.", user.name),
            _ => return Err(ServiceError::refused("There is no draw offer to decline.")),
        };
        self.clear_offer(&loaded, user, side, LogKind::DrawDecline, text)
            .await
    }

    async fn clear_offer(
        &self,
        loaded: &Loaded,
        user: &User,
        side: Color,
        kind: LogKind,
        text: String,
    ) -> ServiceResult {
        let mut next = loaded.row.clone();
        next.pending = None;
        let change = Change::new(next).log(log_line(kind, user, Some(side), &text));
        let news = News::board(format!("Game {}: {text}", loaded.label()));
        self.decide(loaded, change, news).await
    }

    /// Asks to take back the last move, or allows the other side's request.
    pub(crate) async fn undo(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let (loaded, side) = self.player_of(req, "ask for an undo").await?;
        let log = self.store.log_at(loaded.row.id, loaded.row.version).await?;
        // The game loaded, so its log replays: a log that does not is refused as damaged.
        let moves = effective_moves(&log).map_err(|error| {
            tracing::error!(game = loaded.row.id, %error, "the log does not read");
            ServiceError::refused(DAMAGED)
        })?;
        let Some(last) = moves.last().map(|m| m.entry.clone()) else {
            return Err(ServiceError::refused("There is no move to take back."));
        };
        let mut next = loaded.row.clone();
        match loaded.row.pending {
            Some(Offer::Undo(by)) if by != side => {
                let game = take_back(&loaded.row, &log)?;
                next.pending = None;
                let text = format!(
                    "{} allows the undo: {} is taken back.",
                    user.name, last.description
                );
                let mut entry = log_line(LogKind::Undo, user, Some(side), &text);
                entry.notation = last.notation.clone();
                let news = News::board(format!("Game {}: {text}", loaded.label()));
                self.decide(&loaded, Change::new(next).game(game).log(entry), news)
                    .await
            }
            Some(Offer::Undo(_)) => Err(ServiceError::refused(format!(
                "You have already asked for an undo; waiting for {}.",
                loaded.names(!side)
            ))),
            Some(Offer::Draw(_)) => Err(ServiceError::refused(
                "A draw offer is waiting; answer it first.",
            )),
            None if loaded.bot().is_some_and(|(bot, _)| bot != side) => Err(ServiceError::refused(
                format!("{} does not take moves back: play on.", loaded.names(!side)),
            )),
            None => {
                next.pending = Some(Offer::Undo(side));
                let text = format!(
                    "{} ({side}) asks to take back the last move ({}). {}: /undo to allow it, \
                     or refuse.",
                    user.name,
                    last.description,
                    loaded.names(!side)
                );
                let entry = log_line(LogKind::UndoAsk, user, Some(side), &text);
                let news = News::board(format!("Game {}: {text}", loaded.label()))
                    .notify(loaded.user_ids(!side));
                self.decide(&loaded, Change::new(next).log(entry), news)
                    .await
            }
        }
    }

    /// Refuses the other side's undo request, or withdraws one's own.
    pub(crate) async fn decline_undo(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let (loaded, side) = self.player_of(req, "answer an undo request").await?;
        let text = match loaded.row.pending {
            Some(Offer::Undo(by)) if by != side => format!("{} refuses the undo.", user.name),
            Some(Offer::Undo(_)) => format!("{} withdraws the undo request.", user.name),
            _ => return Err(ServiceError::refused("There is no undo request to refuse.")),
        };
        self.clear_offer(&loaded, user, side, LogKind::UndoDecline, text)
            .await
    }

    /// Resigns for the user's side; in a cooperative game, abandons it for everyone.
    pub(crate) async fn resign(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let (loaded, side) = self.player_of(req, "resign").await?;
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
        let change = Change::new(next)
            .log(log_line(LogKind::Resign, user, Some(side), &text))
            .end(outcome, abandoned);
        let news =
            News::board(format!("Game {}: {text}", loaded.label())).notify(loaded.user_ids(!side));
        self.decide(&loaded, change, news).await
    }
}

/// The game with its last move in effect taken back, replayed from the record.
fn take_back(row: &GameRow, log: &[LogEntry]) -> ServiceResult<Box<dyn Game>> {
    let mut log = log.to_vec();
    log.push(LogEntry {
        seq: row.version + 1,
        kind: LogKind::Undo,
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
