//! Playing: moves and pending decisions (typed or clicked), the legal moves for autocomplete,
//! and the moves of one piece (showing the board is `board_as`'s).

use super::{
    base::Service,
    budget::{MESSAGE_BUDGET, chars, first_that_fit},
    describe,
    loaded::{Loaded, refused_not_playing},
    named_pieces::pieces_moves,
    outbox::News,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    request::User,
    words::{sentence, shown},
    write::{Change, conflict},
};
use crate::{
    rules::{ActionError, Actor, Chance, Color, Rolls, Square, Status, square_names},
    store::{GameState, LogKind, NewLogEntry, StoreError},
};

/// How often a move is re-judged when another action on the same game won the race.
const ATTEMPTS: usize = 3;

/// Autocomplete lists at most this many moves (Discord's limit).
pub const MAX_SUGGESTIONS: usize = 25;

/// What autocomplete offers while a move is typed: the asker's legal moves, or, when they
/// may not move now, none and the sentence saying why.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Suggestions {
    pub moves: Vec<String>,
    /// Why there are no moves to offer (it is the other side's turn, the asker is not in the
    /// game, the game is not in play); `None` when the asker may move.
    pub note: Option<String>,
}

impl Service {
    /// Makes a move or answers a pending decision. With `expected_version` (a clicked button),
    /// the game must not have changed since the button was drawn.
    pub(crate) async fn act(
        &self,
        req: &Request,
        input: &str,
        expected_version: Option<i64>,
    ) -> ServiceResult {
        let mut req = req.clone();
        for _ in 0..ATTEMPTS {
            let loaded = self.load(&req, false).await?;
            // Later attempts stay on the same game even if the place's games changed.
            req.game = Some(loaded.row.id);
            if let Some(version) = expected_version
                && version != loaded.row.version
            {
                return Err(moved_on());
            }
            match self.try_act(&loaded, &req.user, input).await {
                Err(Attempt::Lost) if expected_version.is_none() => continue,
                Err(Attempt::Lost) => return Err(moved_on()),
                Err(Attempt::Failed(error)) => return Err(error),
                Ok(reply) => return Ok(reply),
            }
        }
        Err(conflict(StoreError::Conflict))
    }

    async fn try_act(&self, loaded: &Loaded, user: &User, input: &str) -> Result<Reply, Attempt> {
        let side = mover_side(loaded, &user.id).map_err(Attempt::Failed)?;
        // A side of one votes alone: its vote is simply its move.
        if loaded.row.timing.votes && loaded.to_act().len() > 1 {
            let mut game = loaded.game.clone_game();
            return match game.play(input.trim()) {
                Ok(played) => self.vote(loaded, user, side, &played.notation).await,
                Err(e) => explain(loaded, input, &e).map_err(Attempt::Failed),
            };
        }
        self.play_as(loaded, user, Some(side), input, &user.name, false)
            .await
    }

    /// Plays `input` in the game as `user` (for `side`), with `who` named as the one who
    /// played it in the news, and publishes the board. `unheld`: nobody answers a command
    /// with it (the clock's move), so the delivery loop posts it at once.
    pub(crate) async fn play_as(
        &self,
        loaded: &Loaded,
        user: &User,
        side: Option<Color>,
        input: &str,
        who: &str,
        unheld: bool,
    ) -> Result<Reply, Attempt> {
        let row = &loaded.row;
        let mut game = loaded.game.clone_game();
        let (played, rolls) = match game.play_with(input.trim(), Chance::Draw) {
            Ok(done) => done,
            Err(e) => return explain(loaded, input, &e).map_err(Attempt::Failed),
        };
        let mut next = row.clone();
        next.pending = None;
        let mut change = Change::new(next).game(game).log(NewLogEntry {
            kind: LogKind::Move,
            user_id: user.id.clone(),
            side,
            notation: Some(played.notation.clone()),
            description: played.description.clone(),
        });
        // The dice the move rolled go in the log with it: a replay takes them from there.
        if !rolls.is_empty() {
            change = change.log(roll_entry(user, side, row.version + 1, &rolls));
        }
        let text = format!("Game {}: {who} — {}", loaded.label(), played.description);
        let news = News::board(text);
        let news = if unheld { news.unheld() } else { news };
        match self.publish(loaded, change, news).await {
            Ok(reply) => {
                super::metered::moved(loaded.kind.slug());
                Ok(reply)
            }
            Err(StoreError::Conflict) => Err(Attempt::Lost),
            Err(other) => Err(Attempt::Failed(other.into())),
        }
    }

    /// The asker's legal moves that start with `prefix` (any letter case), sorted, at most
    /// 25: for autocomplete. When the asker may not move now (the game is not in play, they
    /// are not in it, or it is the other side's turn) there are none, and the note says why
    /// (the sentence a move would be refused with), so a list never invites a refused move.
    /// Never an error for a bad prefix.
    pub async fn legal_moves(&self, req: &Request, prefix: &str) -> ServiceResult<Suggestions> {
        let loaded = self.load(req, false).await?;
        if let Err(why) = mover_side(&loaded, &req.user.id) {
            return Ok(Suggestions {
                moves: Vec::new(),
                note: Some(why.to_string()),
            });
        }
        let prefix = prefix.trim().to_lowercase();
        let mut moves: Vec<String> = loaded
            .game
            .legal_actions()
            .into_iter()
            .map(|a| a.notation)
            .filter(|n| n.to_lowercase().starts_with(&prefix))
            .collect();
        moves.sort();
        moves.truncate(MAX_SUGGESTIONS);
        Ok(Suggestions { moves, note: None })
    }

    /// `/moves [text]`: the moves of the piece on a square (with the board marked), or else
    /// the legal moves starting with the text, as many as fit in [`MESSAGE_BUDGET`] and how
    /// many more there are.
    pub(crate) async fn moves(&self, req: &Request, text: &str) -> ServiceResult {
        let loaded = self.load(req, false).await?;
        if loaded.row.state != GameState::Active {
            return Err(refused_not_playing(&loaded));
        }
        let text = text.trim();
        let view = loaded.game.view();
        let geometry = view.geometry.clone();
        // A letter and a number is meant as a square, on this board or not ("z9").
        let looks_like_square = {
            let mut chars = text.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && (1..=2).contains(&chars.as_str().len())
                && chars.all(|c| c.is_ascii_digit())
        };
        if looks_like_square && let Some(geometry) = &geometry {
            let square = geometry.parse_square(text).map_err(|_| {
                ServiceError::refused(format!("{} is not a square on this board.", shown(text)))
            })?;
            return self.piece_moves(&loaded, square).await;
        }
        let mut all: Vec<String> = loaded
            .game
            .legal_actions()
            .into_iter()
            .map(|a| a.notation)
            .filter(|n| n.to_lowercase().starts_with(&text.to_lowercase()))
            .collect();
        all.sort();
        let count = all.len();
        if count == 0
            && let Some(reply) = pieces_moves(&loaded, text)
        {
            return Ok(reply);
        }
        let body = if count == 0 && text.is_empty() {
            "There are no legal moves now.".to_string()
        } else if count == 0 {
            format!("No legal move starts with \"{}\".", shown(text))
        } else {
            let intro = format!(
                "{count} legal move{} ({}): ",
                if count == 1 { "" } else { "s" },
                loaded.status_line().trim_end_matches('.')
            );
            let room = MESSAGE_BUDGET.saturating_sub(chars(&intro));
            let kept = first_that_fit(&all, room, more_moves);
            let mut body = intro + all[..kept].join(" ").as_str();
            if kept < count {
                if kept > 0 {
                    body.push(' ');
                }
                body.push_str(&more_moves(count - kept));
            }
            body
        };
        Ok(Reply::text(body))
    }

    async fn piece_moves(&self, loaded: &Loaded, square: Square) -> ServiceResult {
        let view = loaded.game.view();
        let piece = view
            .pieces
            .iter()
            .find(|(s, _)| *s == square)
            .map(|(_, p)| p.clone());
        let actions: Vec<_> = loaded
            .game
            .legal_actions()
            .into_iter()
            .filter(|a| a.move_of(square).is_some())
            .collect();
        let Some(piece) = piece else {
            return Err(ServiceError::refused(format!(
                "There is no piece on {square}."
            )));
        };
        if actions.is_empty() && !loaded.game.legal_actions().iter().any(|a| a.from.is_some()) {
            // A draft pick or another decision is awaited: no piece moves on the board yet.
            return Err(ServiceError::refused(format!(
                "No piece moves on the board now: {}",
                loaded.status_line()
            )));
        }
        if actions.is_empty() {
            let why = match loaded.game.status() {
                Status::Ongoing {
                    actor: Actor::Side(side),
                    ..
                } if side != piece.color => format!(" (it is {side}'s turn)"),
                _ => String::new(),
            };
            return Err(ServiceError::refused(format!(
                "The {} {} on {square} has no legal move now{why}.",
                piece.color, piece.name
            )));
        }
        let view = crate::render::moves_view(&view, square, &actions);
        let orientation = piece.color;
        let filename = format!("game-{}-{}-{square}.png", loaded.row.id, loaded.row.version);
        let list: Vec<String> = actions.into_iter().map(|a| a.notation).collect();
        let marks = format!(
            "the moves of the {} {} on {square}: {}",
            piece.color,
            piece.name,
            list.join(" ")
        );
        let description = describe::marked(loaded.row.id, &view, &marks);
        let (board_text, image) = self.paint(view, orientation, filename, description).await;
        Ok(Reply {
            text: format!(
                "The {} {} on {square} can play: {}",
                piece.color,
                piece.name,
                list.join(" ")
            ),
            board_text: Some(board_text),
            image,
            ..Reply::default()
        })
    }
}

/// The log line of the dice a move rolled, right after the move (log line `move_seq`): the
/// faces as notation (`3,5`), and a sentence for the record.
fn roll_entry(user: &User, side: Option<Color>, move_seq: i64, rolls: &Rolls) -> NewLogEntry {
    let faces: Vec<String> = rolls.0.iter().map(u32::to_string).collect();
    NewLogEntry {
        kind: LogKind::Roll,
        user_id: user.id.clone(),
        side,
        notation: Some(rolls.to_text()),
        description: format!("dice rolled by move {move_seq}: {}", faces.join(", ")),
    }
}

/// Why an action did not happen: a sentence for the user, or lost a race to another action.
pub(crate) enum Attempt {
    Lost,
    Failed(ServiceError),
}

pub(crate) fn moved_on() -> ServiceError {
    ServiceError::refused("This board has moved on; pick from the choices of the latest message.")
}

/// The side `user_id` moves for now, or the sentence saying why they may not move: the game
/// is not in play, they are not in it, or it is the other side's turn. Moves and their
/// autocomplete both ask here, so a suggestion is never a move that would be refused.
fn mover_side(loaded: &Loaded, user_id: &str) -> Result<Color, ServiceError> {
    if loaded.row.state != GameState::Active {
        return Err(refused_not_playing(loaded));
    }
    let Some(side) = loaded.side_of(user_id) else {
        return Err(ServiceError::refused(
            "Only the players of this game can move.",
        ));
    };
    match loaded.game.status() {
        Status::Over(outcome) => Err(ServiceError::refused(format!(
            "The game is over ({outcome})."
        ))),
        Status::Ongoing {
            actor: Actor::Side(to_act),
            ..
        } if to_act != side => Err(ServiceError::refused(format!(
            "It is {to_act}'s turn; you play {side}."
        ))),
        Status::Ongoing { .. } => Ok(side),
    }
}

/// The end of a `/moves` list cut to fit: how many moves it leaves out.
fn more_moves(count: usize) -> String {
    format!("… and {count} more (type the start of a move to narrow the list)")
}

/// Answers a move the rules did not play. A move that only lacks its promotion gets the
/// choices, privately, one button per piece, each bound to this board version; any other
/// refusal becomes the sentence for the user, naming a square that is not on the board when
/// the input mentions one.
fn explain(loaded: &Loaded, input: &str, error: &ActionError) -> ServiceResult {
    if let ActionError::NeedsPromotion { bare, choices, .. } = error {
        return Ok(loaded.promotion_question(bare, choices));
    }
    if let Some(geometry) = loaded.game.view().geometry {
        for token in square_tokens(input) {
            if let Ok(square) = Square::parse(&token)
                && !geometry.contains(square)
            {
                return Err(ServiceError::refused(format!(
                    "{token} is not a square on this board."
                )));
            }
        }
    }
    Err(ServiceError::refused(sentence(&error.to_string())))
}

/// The square names in a move, such as `e2` and `e9` in `e2e9`.
fn square_tokens(input: &str) -> Vec<String> {
    square_names(&input.trim().to_lowercase())
        .into_iter()
        .map(|(_, name)| name.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::square_tokens;

    #[test]
    fn squares_are_found_in_coordinate_moves() {
        assert_eq!(square_tokens("e2e9"), vec!["e2", "e9"]);
        assert_eq!(square_tokens("Nf3"), vec!["f3"]);
        assert_eq!(square_tokens("a11=T"), vec!["a11"]);
        assert!(square_tokens("O-O").is_empty());
    }
}
