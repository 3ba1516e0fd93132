//! What the sides agree on or concede: draw offers and resignation (undo requests, which also
//! need the other side's consent, are in `undo`). In group games any member speaks for the
//! side.

use super::{
    base::Service,
    bot::bot_user,
    loaded::{Loaded, refused_not_playing},
    outbox::News,
    reply::{ServiceError, ServiceResult},
    request::Request,
    request::User,
    write::{Change, conflict, log_line},
};
use crate::{
    rules::{Color, Outcome},
    store::{GameState, LogKind, Offer},
};

impl Service {
    /// Loads a game in play and the side of the user, who must be one of its players.
    pub(super) async fn player_of(
        &self,
        req: &Request,
        what: &str,
    ) -> ServiceResult<(Loaded, Color)> {
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
    pub(super) async fn decide(
        &self,
        loaded: &Loaded,
        change: Change,
        news: News,
    ) -> ServiceResult {
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
                    "{} ({side}) offers a draw. {}: /draw to accept, or /draw no to decline.",
                    user.name,
                    loaded.names(!side)
                );
                let change = Change::new(next).log(log(LogKind::DrawOffer, &text));
                let news = News::board(format!("Game {}: {text}", loaded.label()))
                    .notify(loaded.humans_of(!side));
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

    pub(super) async fn clear_offer(
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
            News::board(format!("Game {}: {text}", loaded.label())).notify(loaded.humans_of(!side));
        self.decide(&loaded, change, news).await
    }
}
