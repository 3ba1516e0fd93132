//! The rematch: a new game like a finished one with the sides swapped, or the return game of
//! a match when the game's rules give one.

use std::collections::BTreeMap;

use super::{
    base::Service,
    outbox::News,
    reply::{ServiceError, ServiceResult},
    request::Request,
    show::was_aborted,
    start::SERVER_GAMES,
    write::log_line,
};
use crate::{
    rules::{Color, GameId},
    store::{GameRow, GameState, LogKind},
};

impl Service {
    /// A new game like a finished one, with the sides swapped (same options and seed, so a
    /// random board comes out the same).
    pub(crate) async fn rematch(&self, req: &Request) -> ServiceResult {
        let user = &req.user;
        let loaded = self.load(req, true).await?;
        let row = &loaded.row;
        if row.state != GameState::Over {
            return Err(ServiceError::refused(format!(
                "Game {} has not finished; a rematch can start when it ends.",
                loaded.label()
            )));
        }
        if was_aborted(row) {
            return Err(ServiceError::refused(format!(
                "Game {} was aborted by a moderator, so it has no rematch; start a new game \
                 with /new.",
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
        // The rematch lives where it is asked for; asked in a direct conversation, where the
        // other side could not see it, it goes where the game was played, in a server channel.
        if !req.place.direct {
            next.server_id = req.place.server.clone();
            next.place_id = req.place.channel.clone();
        } else if loaded.in_direct_conversation() {
            return Err(ServiceError::refused(SERVER_GAMES));
        }
        next.position = row.initial_position.clone();
        let mut what = "a rematch";
        if let Some((options, position)) = return_game(loaded.kind, row) {
            next.options = options;
            next.initial_position = position.clone();
            next.position = position;
            what = "the return game (the same board)";
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
        let mut news = News::board(text.clone());
        if let Some(challenged) = next.challenged.clone() {
            news = news.notify(vec![challenged]);
        }
        let log = [log_line(LogKind::Start, user, Some(!my_old_side), text)];
        self.create_and_announce(&next, &swapped, &log, news, false)
            .await
    }
}

/// The rematch of a game whose rules give one from the finished position (the return game of
/// a match, `docs/rules.md` §3.3: the same board turned 180°, the other player moving first):
/// its options and start position. `None` for a game without such a rule, and when the rule
/// gives nothing for this position (the rematch is then simply a new game like the first).
fn return_game(kind: GameId, row: &GameRow) -> Option<(BTreeMap<String, String>, String)> {
    let spec = kind.spec();
    let options = (spec.rematch?)(&row.position)?;
    let game = (spec.new)(&options, row.seed).ok()?;
    Some((options.0, game.position_text()))
}
