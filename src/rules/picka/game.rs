//! A Pick-a-team game through the shared [`Game`] interface: the draft, then play on the
//! chess-like engine. The position string is the draft's or the engine's, followed for the
//! player-defined games by both lists (`… | White: … | Black: …`), so it stands alone.

use std::sync::Arc;

use super::{
    draft::{Draft, Pick},
    setup::PickRules,
};
use crate::rules::{
    Action, ActionError, Actor, BoardView, ByColor, Color, Game, GameId, Mark, PieceInfo, Played,
    Status,
    chesslike::{
        ChessLikeGame, Position, Setup,
        game::{piece_diagram, piece_view},
    },
};

#[derive(Clone, Debug)]
pub struct PickGame {
    rules: Arc<PickRules>,
    phase: Phase,
}

#[derive(Clone, Debug)]
enum Phase {
    Draft(Draft),
    Play(ChessLikeGame),
}

impl PickGame {
    /// A new game at the start of its draft.
    pub fn new(rules: Arc<PickRules>) -> PickGame {
        PickGame {
            phase: Phase::Draft(Draft::new(rules.clone())),
            rules,
        }
    }

    /// Reads the board part of a position string (without the lists): a draft when it ends
    /// with the word `draft`, otherwise a position in play.
    pub fn from_board_text(rules: Arc<PickRules>, text: &str) -> Result<PickGame, String> {
        let text = text.trim();
        let v = rules.variant.clone();
        let phase = match text.strip_suffix("draft") {
            Some(board) => {
                let setup = Setup::parse(&v, board.trim()).map_err(|e| e.to_string())?;
                Phase::Draft(Draft::from_setup(rules.clone(), &setup)?)
            }
            None => Phase::Play(ChessLikeGame::new(
                Position::from_text(v, text).map_err(|e| e.to_string())?,
            )),
        };
        Ok(PickGame { rules, phase })
    }

    pub fn rules(&self) -> &Arc<PickRules> {
        &self.rules
    }

    /// True while pieces are still being picked.
    pub fn in_draft(&self) -> bool {
        matches!(self.phase, Phase::Draft(_))
    }

    fn draft_prompt(&self, draft: &Draft) -> String {
        let us = draft.picker();
        let which = match draft.place_in_turn() {
            (1, 2) => " (first of two)",
            (2, 2) => " (second of two)",
            _ => "",
        };
        let royal = if draft.royal_required(us) {
            "; the first pick must be royal"
        } else {
            ""
        };
        format!(
            "{us} to pick{which}: a piece from the pool and an empty square of rank {}{royal}",
            draft.open_rank(us)
        )
    }

    /// What to write during the draft, with a pick that is legal now as the example.
    fn draft_hint(&self, d: &Draft) -> String {
        let example = d
            .legal_picks()
            .first()
            .map_or_else(|| "pick K e1".to_string(), |&p| d.notation(p));
        format!(
            "the draft is still on: {} picks a piece and places it, such as {example}",
            d.picker()
        )
    }

    fn play_pick(&mut self, pick: Pick) -> Result<Played, ActionError> {
        let Phase::Draft(draft) = &self.phase else {
            return Err(ActionError::Illegal("the draft is over".into()));
        };
        if let Some(reason) = draft.refusal(pick.0, pick.1) {
            return Err(ActionError::Illegal(reason));
        }
        let mut next = draft.clone();
        let us = next.picker();
        let piece = self.rules.variant.piece_type(pick.0);
        let notation = next.notation(pick);
        let mut description = format!(
            "{us} picks the {} ({}) and places it on {}",
            piece.name, piece.symbol, pick.1
        );
        next.place(pick);
        if !next.is_complete() {
            self.phase = Phase::Draft(next);
            return Ok(Played {
                notation,
                description,
            });
        }
        let position = next.position().map_err(|e| {
            ActionError::Illegal(format!("this pick would make an impossible position: {e}"))
        })?;
        let game = ChessLikeGame::new(position);
        description.push_str(" — the draft is complete; ");
        match game.status() {
            Status::Over(outcome) => description.push_str(&outcome.to_string()),
            Status::Ongoing { prompt, .. } => description.push_str(&prompt),
        }
        self.phase = Phase::Play(game);
        Ok(Played {
            notation,
            description,
        })
    }

    /// The armies part of the position string, or nothing for Version One.
    fn armies_text(&self) -> String {
        match &self.rules.armies {
            Some(armies) => format!(
                " | White: {} | Black: {}",
                armies[Color::White].to_line(),
                armies[Color::Black].to_line()
            ),
            None => String::new(),
        }
    }
}

/// Splits a position string into its board part and the lists it carries, if any.
pub fn split_text(text: &str) -> Result<(&str, Option<ByColor<&str>>), String> {
    let mut parts = text.split('|');
    let board = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.map(str::trim).collect();
    if rest.is_empty() {
        return Ok((board, None));
    }
    let list = |label: &str| {
        rest.iter().find_map(|p| {
            let (head, tail) = p.split_once(':')?;
            head.trim()
                .eq_ignore_ascii_case(label)
                .then_some(tail.trim())
        })
    };
    match (list("white"), list("black"), rest.len()) {
        (Some(w), Some(b), 2) => Ok((board, Some(ByColor::new(w, b)))),
        _ => Err(
            "after the board, a position may carry the two lists as | White: … | Black: …".into(),
        ),
    }
}

impl Game for PickGame {
    fn id(&self) -> GameId {
        self.rules.game
    }

    fn position_text(&self) -> String {
        let board = match &self.phase {
            Phase::Draft(d) => d.to_text(),
            Phase::Play(g) => g.position_text(),
        };
        format!("{board}{}", self.armies_text())
    }

    fn status(&self) -> Status {
        match &self.phase {
            Phase::Draft(d) => Status::Ongoing {
                actor: Actor::Side(d.picker()),
                prompt: self.draft_prompt(d),
            },
            Phase::Play(g) => g.status(),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match &self.phase {
            Phase::Draft(d) => d
                .legal_picks()
                .into_iter()
                .map(|p| Action {
                    notation: d.notation(p),
                    from: None,
                    to: Some(p.1),
                    partner: None,
                })
                .collect(),
            Phase::Play(g) => g.legal_actions(),
        }
    }

    fn play(&mut self, input: &str) -> Result<Played, ActionError> {
        let trimmed = input.trim();
        let says_pick = trimmed.to_ascii_lowercase().starts_with("pick") || trimmed.contains('@');
        match &self.phase {
            Phase::Draft(d) => match d.parse(input) {
                Ok(pick) => self.play_pick(pick),
                // A single word that is no pick is most likely a move made too early.
                Err(ActionError::Unreadable { .. })
                    if !says_pick
                        && !trimmed.is_empty()
                        && trimmed.len() <= 40
                        && !trimmed.contains(' ') =>
                {
                    Err(ActionError::Illegal(self.draft_hint(d)))
                }
                Err(e) => Err(e),
            },
            Phase::Play(g) if says_pick => Err(match g.status() {
                Status::Over(outcome) => ActionError::GameOver(outcome.to_string()),
                Status::Ongoing { .. } => ActionError::Illegal(
                    "the draft is over; move a piece instead, such as e2e4".into(),
                ),
            }),
            Phase::Play(_) => match &mut self.phase {
                Phase::Play(g) => g.play(input),
                Phase::Draft(_) => unreachable!("the phase was just matched"),
            },
        }
    }

    fn view(&self) -> BoardView {
        let d = match &self.phase {
            Phase::Play(g) => return g.view(),
            Phase::Draft(d) => d,
        };
        let v = &self.rules.variant;
        let us = d.picker();
        let pieces = v
            .squares
            .iter()
            .filter_map(|&sq| d.board.piece_at(sq).map(|(c, t)| (sq, piece_view(v, c, t))))
            .collect();
        let pool = d
            .remaining()
            .into_iter()
            .flat_map(|(t, n)| (0..n).map(move |_| piece_view(v, us, t)))
            .collect();
        let marks = d
            .open_squares(us)
            .into_iter()
            .map(|s| (s, Mark::Move))
            .collect();
        BoardView {
            geometry: Some(v.geometry().clone()),
            pieces,
            marks,
            pool,
            last_move: d.last.into_iter().collect(),
            header: format!(
                "{} · draft, pick {} of {} · {}",
                self.rules.game.display_name(),
                d.picks + 1,
                d.total(),
                self.draft_prompt(d)
            ),
            perspective: Some(us),
            ..BoardView::default()
        }
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        self.rules
            .variant
            .types()
            .iter()
            .map(|t| PieceInfo {
                name: t.name.clone(),
                symbol: t.symbol.clone(),
                betza: t.betza.text.clone(),
                description: t.description.clone(),
            })
            .collect()
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        piece_diagram(&self.rules.variant, piece)
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn perft(&self, depth: u32) -> u64 {
        match &self.phase {
            Phase::Play(g) => g.perft(depth),
            Phase::Draft(_) if depth == 0 => 1,
            Phase::Draft(d) => {
                let picks = d.legal_picks();
                if depth == 1 {
                    return picks.len() as u64;
                }
                picks
                    .into_iter()
                    .map(|p| {
                        let mut next = self.clone();
                        next.play_pick(p).map_or(0, |_| next.perft(depth - 1))
                    })
                    .sum()
            }
        }
    }
}
