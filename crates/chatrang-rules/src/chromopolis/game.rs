//! Chromopolis's [`Rules`]: the game loop's view of a position (with the owner's pending
//! unbinding choice), pictures with stacks of bound pieces, and piece diagrams with force.

use super::{
    board::{Kind, Piece, geometry, tables},
    movegen::{self, Move},
    notation,
    position::{Key, Position},
    text,
};
use crate::{
    ActionError, Actor, BoardView, Color, GameId, Mark, Outcome, PieceInfo, Square,
    kit::{Match, Rules, Touched},
    search::{self, Found, Limits},
};

/// The reconstructed setup of `docs/rules.md` §4.2.
pub const START: &str = "lankal/1pppppp/7/7/1PPPPPP/LANKAL w - 0 1";

/// Chromopolis's rules on one position; [`ChromopolisGame`] is its game.
#[derive(Clone, Debug)]
pub struct Chromopolis {
    position: Position,
    last_move: Vec<Square>,
}

/// A Chromopolis game in progress.
pub type ChromopolisGame = Match<Chromopolis>;

impl Chromopolis {
    /// The game from this position.
    pub(crate) fn game(position: Position) -> ChromopolisGame {
        Match::new(Chromopolis {
            position,
            last_move: Vec::new(),
        })
    }

    /// A game from the usual start.
    pub(crate) fn start() -> ChromopolisGame {
        Chromopolis::game(text::parse(START).expect("the start position is valid"))
    }

    pub(crate) fn position(&self) -> &Position {
        &self.position
    }
}

impl Rules for Chromopolis {
    type Move = Move;
    type Key = Key;
    type Effect = movegen::Effect;

    const FIFTY_MOVES: Option<&'static str> =
        Some("50 moves each without a binding, an unbinding or a pawn move");

    fn id(&self) -> GameId {
        GameId::Chromopolis
    }

    fn text(&self) -> String {
        text::write(&self.position)
    }

    fn key(&self) -> Key {
        self.position.key()
    }

    fn decided(&self) -> Option<Outcome> {
        self.position.bound_king().map(|loser| Outcome::Win {
            winner: loser.other(),
            reason: format!("{loser}'s King is bound"),
        })
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend(movegen::legal_moves(&self.position));
    }

    fn without_moves(&self) -> Outcome {
        Outcome::Draw {
            reason: format!("{} has no legal move", self.position.side),
        }
    }

    fn draws_wait(&self) -> bool {
        !self.position.pending.is_empty()
    }

    fn halfmove_clock(&self) -> u32 {
        self.position.halfmove
    }

    fn prompt(&self) -> (Actor, String) {
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
        (Actor::Side(side), prompt)
    }

    fn parse(&self, input: &str, legal: &[Move]) -> Result<Move, ActionError> {
        notation::parse(&self.position, input, legal)
    }

    fn canonical(&self, m: Move) -> String {
        notation::canonical(m)
    }

    fn touched(&self, m: Move) -> Touched {
        match m {
            Move::Move { from, to, .. } => Touched::step(from, to),
            Move::Unbind { square, .. } => Touched {
                to: Some(square),
                ..Touched::default()
            },
        }
    }

    fn apply(&mut self, m: Move) -> movegen::Effect {
        if let Move::Move { from, to, .. } = m {
            self.last_move = vec![from, to];
        }
        movegen::apply(&mut self.position, m)
    }

    fn think(&self, history: &[Key], limits: &Limits<'_>) -> Option<Found<Move>> {
        search::search(self, history, limits)
    }

    fn irreversible(effect: &movegen::Effect) -> bool {
        effect.irreversible()
    }

    fn describe(before: &Self, after: &Self, m: Move, effect: &movegen::Effect) -> String {
        notation::describe(&before.position, &after.position, m, effect)
    }

    fn view(&self, state: &str) -> BoardView {
        let pos = &self.position;
        let mut pieces = Vec::new();
        for square in geometry().squares() {
            if let Some(piece) = pos.at(square) {
                pieces.push((square, piece.view(false)));
            }
            pieces.extend(pos.bound_on(square).map(|p| (square, p.view(true))));
        }
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
            pieces: vec![(from, piece.view(false))],
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
}
