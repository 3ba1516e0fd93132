//! Chromopolis seen through the shared [`Game`] interface: status (with the owner's pending
//! unbinding choice), play, pictures with stacks of bound pieces, and piece diagrams with force.

use super::{
    board::{Kind, Piece, geometry, tables},
    movegen::{self, Move},
    notation,
    position::{Key, Position},
    text,
};
use crate::rules::{
    Action, ActionError, Actor, BoardView, Color, Game, GameId, Mark, Outcome, PieceInfo,
    PieceView, Played, Square, Status,
};

/// The reconstructed setup of `docs/rules.md` §4.2.
pub const START: &str = "lankal/1pppppp/7/7/1PPPPPP/LANKAL w - 0 1";

#[derive(Clone, Debug)]
pub struct ChromopolisGame {
    position: Position,
    /// Keys of the positions since the last binding, unbinding or pawn move.
    history: Vec<Key>,
    last_move: Vec<Square>,
}

pub fn piece_view(piece: Piece, bound: bool) -> PieceView {
    PieceView {
        kind: piece.kind.sprite().into(),
        name: piece.kind.name().into(),
        symbol: piece.kind.symbol().to_string(),
        color: piece.color,
        bound,
    }
}

impl ChromopolisGame {
    pub fn new(position: Position) -> ChromopolisGame {
        let history = vec![position.key()];
        ChromopolisGame {
            position,
            history,
            last_move: Vec::new(),
        }
    }

    pub fn start() -> ChromopolisGame {
        ChromopolisGame::new(text::parse(START).expect("the start position is valid"))
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    fn apply(&mut self, m: Move) -> movegen::Effect {
        let effect = movegen::apply(&mut self.position, m);
        if let Move::Move { from, to, .. } = m {
            self.last_move = vec![from, to];
        }
        if effect.irreversible() {
            self.history.clear();
        }
        self.history.push(self.position.key());
        effect
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        if let Some(loser) = pos.bound_king() {
            return Some(Outcome::Win {
                winner: loser.other(),
                reason: format!("{loser}'s King is bound"),
            });
        }
        if !pos.pending.is_empty() {
            return None;
        }
        if pos.halfmove >= 100 {
            return Some(Outcome::Draw {
                reason: "50 moves each without a binding, an unbinding or a pawn move".into(),
            });
        }
        let now = pos.key();
        if self.history.iter().filter(|&k| *k == now).count() >= 3 {
            return Some(Outcome::Draw {
                reason: "threefold repetition".into(),
            });
        }
        if movegen::legal_moves(pos).is_empty() {
            return Some(Outcome::Draw {
                reason: format!("{} has no legal move", pos.side),
            });
        }
        None
    }

    fn perft_inner(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        let moves = movegen::legal_moves(&self.position);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.apply(m);
                next.perft_inner(depth - 1)
            })
            .sum()
    }
}

impl Game for ChromopolisGame {
    fn id(&self) -> GameId {
        GameId::Chromopolis
    }

    fn position_text(&self) -> String {
        text::write(&self.position)
    }

    fn status(&self) -> Status {
        if let Some(outcome) = self.outcome() {
            return Status::Over(outcome);
        }
        let side = self.position.side;
        let prompt = match self.position.pending.first() {
            Some(&square) => {
                let choices: Vec<String> = self
                    .position
                    .bound_kinds(square, side)
                    .iter()
                    .map(|k| format!("{} (unbind {square} {})", k.name(), k.symbol()))
                    .collect();
                format!(
                    "{side}: choose which bound piece to unbind on {square}: {}",
                    choices.join(" or ")
                )
            }
            None => format!("{side} to move"),
        };
        Status::Ongoing {
            actor: Actor::Side(side),
            prompt,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        movegen::legal_moves(&self.position)
            .into_iter()
            .map(|m| {
                let (from, to) = match m {
                    Move::Move { from, to, .. } => (Some(from), Some(to)),
                    Move::Unbind { square, .. } => (None, Some(square)),
                };
                Action {
                    notation: notation::canonical(m),
                    from,
                    to,
                    partner: None,
                }
            })
            .collect()
    }

    fn play(&mut self, input: &str) -> Result<Played, ActionError> {
        if let Some(outcome) = self.outcome() {
            return Err(ActionError::GameOver(outcome.to_string()));
        }
        let m = notation::parse(&self.position, input)?;
        let before = self.position.clone();
        let effect = self.apply(m);
        let mut description = notation::describe(&before, &self.position, m, &effect);
        if let Some(outcome) = self.outcome() {
            description.push_str(&format!(" — {outcome}"));
        }
        Ok(Played {
            notation: notation::canonical(m),
            description,
        })
    }

    fn view(&self) -> BoardView {
        let pos = &self.position;
        let mut pieces = Vec::new();
        for square in geometry().squares() {
            if let Some(piece) = pos.at(square) {
                pieces.push((square, piece_view(piece, false)));
            }
            pieces.extend(pos.bound_on(square).map(|p| (square, piece_view(p, true))));
        }
        let state = match self.status() {
            Status::Over(outcome) => outcome.to_string(),
            Status::Ongoing { prompt, .. } => prompt,
        };
        BoardView {
            geometry: Some(geometry().clone()),
            pieces,
            marks: pos.pending.iter().map(|&s| (s, Mark::Origin)).collect(),
            last_move: self.last_move.clone(),
            header: format!("Chromopolis · move {} · {state}", pos.fullmove),
            perspective: Some(pos.side),
            ..BoardView::default()
        }
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        Kind::ALL
            .into_iter()
            .map(|k| PieceInfo {
                name: k.name().into(),
                symbol: k.symbol().to_string(),
                betza: format!("moves {}, force {}", k.move_betza(), k.force_betza()),
                description: k.description().into(),
            })
            .collect()
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        let kind = Kind::parse(piece).ok_or_else(|| {
            ActionError::Illegal(format!(
                "Chromopolis has no piece called \"{}\"; its pieces are King (K), Knight (N), Advocate (A), Prelate (L) and Pawn (P)",
                piece.trim().chars().take(30).collect::<String>()
            ))
        })?;
        // Near the middle, on the b file's far side so the wrap across the a file shows.
        let from = Square::new(1, if kind == Kind::Pawn { 1 } else { 2 }).expect("b2/b3");
        let t = tables();
        let mut marks: Vec<(Square, Mark)> = t
            .moves(Color::White, kind, from)
            .iter()
            .map(|s| (s, Mark::Move))
            .collect();
        marks.extend(
            t.force(Color::White, kind, from)
                .iter()
                .map(|s| (s, Mark::Force)),
        );
        marks.push((from, Mark::Origin));
        let piece = Piece {
            color: Color::White,
            kind,
        };
        Ok(BoardView {
            geometry: Some(geometry().clone()),
            pieces: vec![(from, piece_view(piece, false))],
            marks,
            header: format!(
                "{} ({}): moves {}, force {} (the board wraps: a is next to b and g)",
                kind.name(),
                kind.symbol(),
                kind.move_betza(),
                kind.force_betza()
            ),
            perspective: Some(Color::White),
            ..BoardView::default()
        })
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_inner(depth)
    }
}
