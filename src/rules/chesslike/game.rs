//! The chess-like games seen through the shared [`Game`] interface.

use super::{moves::MoveKind, notation, position::Position, variant::Variant};
use crate::rules::{
    Action, ActionError, Actor, BoardView, Color, Game, GameId, Mark, PieceInfo, PieceView, Played,
    Square, Status, move_table::Ray, xbetza::Hop,
};

#[derive(Clone, Debug)]
pub struct ChessLikeGame {
    pub position: Position,
}

impl ChessLikeGame {
    pub fn new(position: Position) -> ChessLikeGame {
        ChessLikeGame { position }
    }

    fn variant(&self) -> &Variant {
        self.position.variant()
    }
}

/// How a piece of the given type looks.
pub fn piece_view(v: &Variant, color: Color, type_id: u8) -> PieceView {
    let t = v.piece_type(type_id);
    PieceView {
        kind: t.kind.clone(),
        name: t.name.clone(),
        symbol: t.symbol.clone(),
        color,
        bound: false,
    }
}

/// Marks for every square the rays reach on an empty board.
pub fn reach_marks(rays: &[Ray]) -> Vec<(Square, Mark)> {
    let mut marks: Vec<(Square, Mark)> = Vec::new();
    for ray in rays {
        let mark = match (ray.hop, ray.modes.moves, ray.modes.captures) {
            (Hop::None, true, true) => Mark::MoveOrCapture,
            (Hop::None, true, false) => Mark::Move,
            (Hop::None, false, _) => Mark::Capture,
            _ => Mark::Hop,
        };
        let steps = if ray.hop == Hop::None {
            &ray.steps[ray.pass_first as usize..]
        } else {
            // A hop needs a screen; show the squares beyond the first as reachable by hopping.
            ray.steps.get(1..).unwrap_or(&[])
        };
        for step in steps {
            match marks.iter_mut().find(|(s, _)| *s == step.to) {
                Some((_, existing)) => {
                    *existing = match (*existing, mark) {
                        (a, b) if a == b => a,
                        (Mark::Hop, b) | (b, Mark::Hop) => b,
                        _ => Mark::MoveOrCapture,
                    }
                }
                None => marks.push((step.to, mark)),
            }
        }
    }
    marks
}

/// One piece of the named type (by name or symbol) alone on an empty board, its reach marked.
pub fn piece_diagram(v: &Variant, piece: &str) -> Result<BoardView, ActionError> {
    let wanted = piece.trim();
    let type_id = v
        .types()
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(wanted) || t.symbol.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            let names: Vec<&str> = v.types().iter().map(|t| t.name.as_str()).collect();
            ActionError::Illegal(format!(
                "{} has no piece called \"{}\"; its pieces are {}",
                v.rules.game.display_name(),
                wanted.chars().take(30).collect::<String>(),
                names.join(", ")
            ))
        })? as u8;
    let g = v.geometry();
    let t = v.piece_type(type_id);
    // Stand it near the middle, or on an initial rank if it has initial moves, or on its
    // second rank if it has multi-steps (so they show, and any backward step too).
    let rank = t
        .initial_ranks
        .first()
        .copied()
        .or_else(|| (!t.multi_steps.is_empty()).then_some(1))
        .unwrap_or((g.ranks() - 1) / 2);
    let from = Square::new((g.files() - 1) / 2, rank)
        .filter(|&s| g.contains(s))
        .or_else(|| g.squares().next())
        .ok_or_else(|| ActionError::Illegal("this board has no squares".into()))?;
    let rays = v.uncompiled_rays(type_id, Color::White, from);
    // Hops are marked apart from plain moves, so that a square reached both ways (the Pao's
    // rook moves and its cannon captures) shows both marks.
    let (hops, plain): (Vec<Ray>, Vec<Ray>) = rays.into_iter().partition(|r| r.hop != Hop::None);
    let mut marks = reach_marks(&plain);
    marks.extend(reach_marks(&hops));
    marks.push((from, Mark::Origin));
    Ok(BoardView {
        geometry: Some(g.clone()),
        pieces: vec![(from, piece_view(v, Color::White, type_id))],
        marks,
        header: format!("{} ({}): {}", t.name, t.symbol, t.betza.text),
        perspective: Some(Color::White),
        ..BoardView::default()
    })
}

impl Game for ChessLikeGame {
    fn id(&self) -> GameId {
        self.variant().rules.game
    }

    fn position_text(&self) -> String {
        self.position.to_text()
    }

    fn status(&self) -> Status {
        match self.position.outcome() {
            Some(outcome) => Status::Over(outcome),
            None => {
                let side = self.position.side_to_move();
                let check = if self.position.in_check() {
                    " (in check)"
                } else {
                    ""
                };
                Status::Ongoing {
                    actor: Actor::Side(side),
                    prompt: format!("{side} to move{check}"),
                }
            }
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.position
            .legal_moves()
            .into_iter()
            .map(|m| Action {
                notation: notation::canonical(&self.position, m),
                from: Some(m.from),
                to: Some(m.to),
                partner: match m.kind {
                    MoveKind::TwoPawn { from2, to2 } => Some((from2, to2)),
                    MoveKind::Castle { rook_from, rook_to } => Some((rook_from, rook_to)),
                    _ => None,
                },
            })
            .collect()
    }

    fn play(&mut self, input: &str) -> Result<Played, ActionError> {
        if let Some(outcome) = self.position.outcome() {
            return Err(ActionError::GameOver(outcome.to_string()));
        }
        let m = notation::parse(&self.position, input)?;
        let notation = notation::canonical(&self.position, m);
        let mut description = notation::describe(&self.position, m);
        self.position.play_unchecked(m);
        match self.position.outcome() {
            Some(outcome) => description.push_str(&format!(" — {outcome}")),
            None if self.position.in_check() => description.push_str(", check"),
            None => {}
        }
        Ok(Played {
            notation,
            description,
        })
    }

    fn view(&self) -> BoardView {
        let v = self.variant();
        let board = self.position.board();
        let pieces = v
            .squares
            .iter()
            .filter_map(|&sq| board.piece_at(sq).map(|(c, t)| (sq, piece_view(v, c, t))))
            .collect();
        let mut last_move = Vec::new();
        if let Some(m) = self.position.last_move() {
            last_move.extend([m.from, m.to]);
            if let MoveKind::TwoPawn { from2, to2 } = m.kind {
                last_move.extend([from2, to2]);
            }
        }
        let side = board.side;
        let check = if self.position.in_check() {
            board.royal[side.index()].into_iter().collect()
        } else {
            Vec::new()
        };
        let state = match self.status() {
            Status::Over(outcome) => outcome.to_string(),
            Status::Ongoing { prompt, .. } => prompt,
        };
        BoardView {
            geometry: Some(v.geometry().clone()),
            pieces,
            last_move,
            check,
            header: format!(
                "{} · move {} · {}",
                v.rules.game.display_name(),
                board.fullmove,
                state
            ),
            perspective: Some(side),
            ..BoardView::default()
        }
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        self.variant()
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
        piece_diagram(self.variant(), piece)
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self.position.board(), self.variant(), depth)
    }
}
