//! The chess-like games' [`Rules`]: the engine's position seen by the game loop, with the
//! pictures and piece diagrams of every game built on it.

use super::{
    moves::{Move, MoveKind},
    notation,
    position::Position,
    variant::Variant,
};
use crate::{
    ActionError, Actor, BoardView, Color, GameId, Mark, Outcome, PieceInfo, PieceView, Square,
    kit::{Match, Rules, Touched},
    move_table::Ray,
    search::{self, Evaluate, Found, Limits},
    xbetza::Hop,
};

/// The rules of a chess-like game on one position; [`ChessLikeGame`] is its game.
#[derive(Clone, Debug)]
pub struct ChessLike {
    /// The state of the game.
    pub position: Position,
}

/// A chess-like game in progress.
pub type ChessLikeGame = Match<ChessLike>;

impl ChessLike {
    pub(crate) fn new(position: Position) -> ChessLike {
        ChessLike { position }
    }

    /// The game from this position.
    pub fn game(position: Position) -> ChessLikeGame {
        Match::new(ChessLike::new(position))
    }

    fn variant(&self) -> &Variant {
        self.position.variant()
    }
}

/// How a piece of the given type looks.
pub(crate) fn piece_view(v: &Variant, color: Color, type_id: u8) -> PieceView {
    let t = v.piece_type(type_id);
    PieceView {
        kind: t.kind.clone(),
        name: t.name.clone(),
        symbol: t.symbol.clone(),
        color,
        bound: false,
    }
}

/// The piece types of a variant, for `/piece` and the legend.
pub(crate) fn piece_infos(v: &Variant) -> Vec<PieceInfo> {
    v.types()
        .iter()
        .map(|t| PieceInfo {
            name: t.name.clone(),
            symbol: t.symbol.clone(),
            betza: t.betza.text.clone(),
            description: t.description.clone(),
        })
        .collect()
}

/// Marks for every square the rays reach on an empty board.
pub(crate) fn reach_marks(rays: &[Ray]) -> Vec<(Square, Mark)> {
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
pub(crate) fn piece_diagram(v: &Variant, piece: &str) -> Result<BoardView, ActionError> {
    let wanted = piece.trim();
    let type_id = v
        .types()
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(wanted) || t.symbol.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            let names: Vec<&str> = v.types().iter().map(|t| t.name.as_str()).collect();
            ActionError::Illegal(format!(
                "{} has no piece called \"{}\"; its pieces are {}",
                v.display_name(),
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

impl Rules for ChessLike {
    type Move = Move;
    type Key = u64;
    /// Whether the move reset the fifty-move count (a capture or a pawn move).
    type Effect = bool;

    const FIFTY_MOVES: Option<&'static str> = Some("fifty-move rule");

    fn id(&self) -> GameId {
        self.variant().rules.game
    }

    fn text(&self) -> String {
        let text = self.position.to_text();
        match self.variant().defined() {
            // A defined variant's position carries its definition (see `custom::played`).
            Some(label) => format!("{text}|{}", label.packed),
            None => text,
        }
    }

    fn key(&self) -> u64 {
        self.position.key()
    }

    fn decided(&self) -> Option<Outcome> {
        self.position.outcome_without_moves()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.position.board().legal_moves(self.variant(), out);
    }

    fn without_moves(&self) -> Outcome {
        self.position.outcome_without_legal_moves()
    }

    fn prompt(&self) -> (Actor, String) {
        let side = self.position.side_to_move();
        let check = if self.position.in_check() {
            " (in check)"
        } else {
            ""
        };
        (Actor::Side(side), format!("{side} to move{check}"))
    }

    fn parse(&self, input: &str, legal: &[Move]) -> Result<Move, ActionError> {
        notation::parse(&self.position, input, legal)
    }

    fn canonical(&self, m: Move) -> String {
        notation::canonical(&self.position, m)
    }

    fn touched(&self, m: Move) -> Touched {
        Touched {
            partner: match m.kind {
                MoveKind::TwoPawn { from2, to2 } => Some((from2, to2)),
                MoveKind::Castle { rook_from, rook_to } => Some((rook_from, rook_to)),
                _ => None,
            },
            ..Touched::step(m.from, m.to)
        }
    }

    fn apply(&mut self, m: Move) -> bool {
        self.position.play_unchecked(m);
        self.position.board().halfmove == 0
    }

    fn irreversible(reset: &bool) -> bool {
        *reset
    }

    fn describe(before: &Self, _after: &Self, m: Move, _: &bool) -> String {
        notation::describe(&before.position, m)
    }

    fn ongoing_note(&self) -> Option<&'static str> {
        self.position.in_check().then_some(", check")
    }

    fn halfmove_clock(&self) -> u32 {
        u32::from(self.position.board().halfmove)
    }

    fn repetition_limit(&self) -> Option<usize> {
        self.variant().rules.end.repetitions
    }

    fn move_rule_plies(&self) -> Option<u32> {
        self.variant().rules.end.move_rule_plies
    }

    fn view(&self, state: &str) -> BoardView {
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
        BoardView {
            geometry: Some(v.geometry().clone()),
            pieces,
            last_move,
            check,
            header: format!("{} · move {} · {state}", v.display_name(), board.fullmove,),
            perspective: Some(side),
            ..BoardView::default()
        }
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        piece_infos(self.variant())
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        piece_diagram(self.variant(), piece)
    }

    fn think(&self, history: &[u64], limits: &Limits<'_>) -> Option<Found<Move>> {
        search::search(self, history, limits)
    }

    fn fast_perft(&self, depth: u32) -> Option<u64> {
        Some(super::perft::perft(
            self.position.board(),
            self.variant(),
            depth,
        ))
    }
}

impl Evaluate for ChessLike {
    fn side(&self) -> Color {
        self.position.side_to_move()
    }

    fn evaluate(&self) -> i32 {
        super::eval::evaluate(self.position.board(), self.variant())
    }

    fn capture_gain(&self, m: Move) -> Option<i32> {
        super::eval::capture_gain(self.position.board(), self.variant(), m)
    }

    fn frontier_pruning(&self) -> bool {
        true
    }

    fn losing_capture(&self, m: Move) -> bool {
        super::exchange::losing_capture(self.position.board(), self.variant(), m)
    }

    fn in_check(&self) -> bool {
        self.position.in_check()
    }

    fn null_move(&self) -> Option<Self> {
        let position = self.position.after_pass()?;
        Some(ChessLike { position })
    }

    fn history_slot(&self, m: Move) -> usize {
        m.from.index() * 256 + m.to.index()
    }
}
