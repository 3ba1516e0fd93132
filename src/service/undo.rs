//! `/undo`: taking moves back, with the other side's consent. A player takes back their own
//! last move, as chess sites do: asked at one's own turn, that is the opponent's reply and
//! one's own move before it; asked at the opponent's turn, one's own move alone. In a
//! cooperative game (Catalonia) everyone plays together, so the last move goes back, whoever
//! made it.

use super::{
    base::Service,
    loaded::DAMAGED,
    outbox::News,
    replay::{MoveInEffect, effective_moves, replay},
    reply::{ServiceError, ServiceResult},
    request::Request,
    write::{Change, log_line},
};
use crate::{
    rules::{Color, Game},
    store::{GameRow, LogEntry, LogKind, Offer},
};

impl Service {
    /// Asks to take back one's own last move (and what was played after it), or allows the
    /// other side's request.
    pub(crate) async fn undo(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let (loaded, side) = self.player_of(req, "ask for an undo").await?;
        let log = self.store.log_at(loaded.row.id, loaded.row.version).await?;
        // The game loaded, so its log replays: a log that does not is refused as damaged.
        let moves = effective_moves(&log).map_err(|error| {
            tracing::error!(game = loaded.row.id, %error, "the log does not read");
            ServiceError::refused(DAMAGED)
        })?;
        if moves.is_empty() {
            return Err(ServiceError::refused("There is no move to take back."));
        }
        let allowing = match loaded.row.pending {
            Some(Offer::Undo(by)) if by == side => {
                return Err(ServiceError::refused(format!(
                    "You have already asked for an undo; waiting for {}.",
                    loaded.names(!side)
                )));
            }
            Some(Offer::Draw(_)) => {
                return Err(ServiceError::refused(
                    "A draw offer is waiting; answer it first.",
                ));
            }
            Some(Offer::Undo(_)) => true,
            None if loaded.bot().is_some_and(|(bot, _)| bot != side) => {
                return Err(ServiceError::refused(format!(
                    "{} does not take moves back: play on.",
                    loaded.names(!side)
                )));
            }
            None => false,
        };
        // The moves of the side that asked go back: this side's, or the other's when allowing.
        let asker = if allowing { !side } else { side };
        let Some(count) = moves_to_take_back(&moves, asker, loaded.kind.is_cooperative()) else {
            return Err(ServiceError::refused(
                "You have made no move yet, so there is none of yours to take back.",
            ));
        };
        let taken: Vec<&LogEntry> = moves[moves.len() - count..]
            .iter()
            .map(|m| m.entry)
            .collect();
        let (what, are) = described(&taken);
        let mut next = loaded.row.clone();
        if allowing {
            let game = take_back(&loaded.row, &log, count)?;
            next.pending = None;
            let text = format!("{} allows the undo: {what} {are} taken back.", user.name);
            // One `undo` line a move, the newest first: each takes back the move in effect.
            let mut change = Change::new(next).game(game);
            for entry in taken.iter().rev() {
                let mut line = log_line(LogKind::Undo, user, Some(side), &text);
                line.notation = entry.notation.clone();
                change = change.log(line);
            }
            let news = News::board(format!("Game {}: {text}", loaded.label()));
            return self.decide(&loaded, change, news).await;
        }
        next.pending = Some(Offer::Undo(side));
        let text = format!(
            "{} ({side}) asks to take back {what}. {}: /undo to allow it, or /undo no to refuse.",
            user.name,
            loaded.names(!side)
        );
        let entry = log_line(LogKind::UndoAsk, user, Some(side), &text);
        let news =
            News::board(format!("Game {}: {text}", loaded.label())).notify(loaded.humans_of(!side));
        self.decide(&loaded, Change::new(next).log(entry), news)
            .await
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
}

/// How many of the moves in effect go back when `asker` takes back their last move: that move
/// and every move after it. In a cooperative game, the last move alone. `None` when `asker`
/// has no move in effect.
fn moves_to_take_back(
    moves: &[MoveInEffect<'_>],
    asker: Color,
    cooperative: bool,
) -> Option<usize> {
    if cooperative {
        return (!moves.is_empty()).then_some(1);
    }
    let own = moves.iter().rposition(|m| m.entry.side == Some(asker))?;
    Some(moves.len() - own)
}

/// "the last move (White: Pawn e2–e4)" or "the last 2 moves (White: …; Black: …)", and the verb
/// that agrees with it.
fn described(taken: &[&LogEntry]) -> (String, &'static str) {
    let moves: Vec<&str> = taken.iter().map(|e| e.description.as_str()).collect();
    match moves.as_slice() {
        [one] => (format!("the last move ({one})"), "is"),
        many => (
            format!("the last {} moves ({})", many.len(), many.join("; ")),
            "are",
        ),
    }
}

/// The game with its last `count` moves in effect taken back, replayed from the record.
fn take_back(row: &GameRow, log: &[LogEntry], count: usize) -> ServiceResult<Box<dyn Game>> {
    let mut log = log.to_vec();
    for i in 0..count {
        log.push(LogEntry {
            seq: row.version + 1 + i as i64,
            kind: LogKind::Undo,
            user_id: String::new(),
            side: None,
            notation: None,
            description: String::new(),
            at: 0,
        });
    }
    replay(row, &log).map_err(|error| {
        tracing::error!(game = row.id, %error, "replay for undo failed");
        ServiceError::refused(
            "This game's record cannot be replayed, so the move cannot be taken back.",
        )
    })
}
