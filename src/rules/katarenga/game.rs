//! Katarenga seen through the shared [`Game`] interface: status, play, pictures, diagrams.

use super::{
    board::Hue,
    movegen::{self, Move},
    notation,
    position::{Edge, Key, Phase, Position, index_of, square_of},
    text,
};
use crate::rules::{
    Action, ActionError, Actor, BoardView, Color, Game, GameId, Geometry, Mark, Outcome,
    OutsideSlot, PieceInfo, PieceView, Played, Square, Status,
};

#[derive(Clone, Debug)]
pub struct KatarengaGame {
    position: Position,
    /// Keys of the positions since the last move that cannot be undone, for repetition.
    history: Vec<Key>,
    last_move: Vec<Square>,
}

fn pawn_view(color: Color) -> PieceView {
    PieceView {
        kind: "pawn".into(),
        name: "Pawn".into(),
        symbol: "P".into(),
        color,
        bound: false,
    }
}

fn geometry() -> Geometry {
    Geometry::rectangle(8, 8).expect("8×8 is a board")
}

impl KatarengaGame {
    pub fn new(position: Position) -> KatarengaGame {
        let history = vec![position.key()];
        KatarengaGame {
            position,
            history,
            last_move: Vec::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Makes Black's baseline choice (used for the option `baseline`); does nothing once made.
    pub fn choose_baseline(&mut self, edge: Edge) {
        if self.position.phase == Phase::ChooseBaseline {
            self.apply(Move::Baseline(edge));
        }
    }

    fn apply(&mut self, m: Move) -> movegen::Effect {
        self.last_move = match m {
            Move::Step { from, to } => vec![square_of(from as usize), square_of(to as usize)],
            Move::Camp { from } => vec![square_of(from as usize)],
            Move::Baseline(_) => Vec::new(),
        };
        let effect = movegen::apply(&mut self.position, m);
        if effect.irreversible {
            self.history.clear();
        }
        self.history.push(self.position.key());
        effect
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        if let Some((winner, reason)) = movegen::winner(pos) {
            return Some(Outcome::Win { winner, reason });
        }
        let side = pos.side_to_move()?;
        let now = pos.key();
        if self.history.iter().filter(|&&k| k == now).count() >= 3 {
            return Some(Outcome::Draw {
                reason: "threefold repetition".into(),
            });
        }
        if !movegen::can_move(pos, side) && !movegen::can_move(pos, side.other()) {
            return Some(Outcome::Draw {
                reason: "neither side can move".into(),
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

    fn camps(&self) -> Vec<OutsideSlot> {
        if self.position.phase == Phase::ChooseBaseline {
            return Vec::new();
        }
        let mut slots = Vec::new();
        for color in Color::ALL {
            let rank = Position::target_rank(color);
            for (i, file) in [0usize, 7].into_iter().enumerate() {
                slots.push(OutsideSlot {
                    label: format!("camp for {color}"),
                    beside: square_of(rank * 8 + file),
                    owner: color,
                    piece: self.position.camps[color][i].then(|| pawn_view(color)),
                });
            }
        }
        slots
    }
}

impl Game for KatarengaGame {
    fn id(&self) -> GameId {
        GameId::Katarenga
    }

    fn position_text(&self) -> String {
        text::write(&self.position)
    }

    fn status(&self) -> Status {
        if let Some(outcome) = self.outcome() {
            return Status::Over(outcome);
        }
        match self.position.phase {
            Phase::ChooseBaseline => Status::Ongoing {
                actor: Actor::Side(Color::Black),
                prompt: "Black: choose your baseline (baseline north, east, south or west)".into(),
            },
            Phase::Turn(side) => Status::Ongoing {
                actor: Actor::Side(side),
                prompt: format!("{side} to move"),
            },
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
                    Move::Step { from, to } => {
                        (Some(square_of(from as usize)), Some(square_of(to as usize)))
                    }
                    Move::Camp { from } => (Some(square_of(from as usize)), None),
                    Move::Baseline(_) => (None, None),
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
        let mut description = notation::describe(&self.position, m);
        let effect = self.apply(m);
        if let Some(passed) = effect.passed {
            description.push_str(&format!(
                "; {passed} has no legal move and passes, {} moves again",
                passed.other()
            ));
        }
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
        let state = match self.status() {
            Status::Over(outcome) => outcome.to_string(),
            Status::Ongoing { prompt, .. } => prompt,
        };
        // Before the choice the board is shown north up, whoever looks, so the edges Black
        // chooses between are where their names say.
        let perspective = match pos.phase {
            Phase::ChooseBaseline => Color::White,
            Phase::Turn(side) => side,
        };
        BoardView {
            geometry: Some(geometry()),
            pieces: (0..64)
                .filter_map(|i| pos.cells[i].map(|c| (square_of(i), pawn_view(c))))
                .collect(),
            tiles: (0..64)
                .map(|i| (square_of(i), pos.hues[i].tile()))
                .collect(),
            last_move: self.last_move.clone(),
            outside: self.camps(),
            header: format!(
                "Katarenga · board {} · move {} · {state}",
                pos.arrangement.code(),
                pos.fullmove
            ),
            perspective: Some(perspective),
            ..BoardView::default()
        }
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        vec![PieceInfo {
            name: "Pawn".into(),
            symbol: "P".into(),
            betza: "by its square: red R, yellow B (each up to the first square of its colour), green N, blue K".into(),
            description: "moves by the colour of the square it stands on: red slides orthogonally and yellow diagonally, each up to the first square of its colour; green leaps like a knight; blue steps like a king. Captures by landing on an enemy pawn.".into(),
        }]
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        let wanted = piece.trim().to_ascii_lowercase();
        let hue = match wanted.as_str() {
            "pawn" | "p" => None,
            "red" => Some(Hue::Red),
            "yellow" => Some(Hue::Yellow),
            "green" => Some(Hue::Green),
            "blue" => Some(Hue::Blue),
            _ => {
                return Err(ActionError::Illegal(format!(
                    "Katarenga has only pawns; ask for pawn, or for a colour (red, yellow, green, blue) to see how a pawn moves from it, not \"{}\"",
                    wanted.chars().take(30).collect::<String>()
                )));
            }
        };
        // A pawn on the central square of that colour nearest d4, on this game's board.
        let pos = &self.position;
        let d4 = index_of(Square::new(3, 3).expect("d4")).expect("on board");
        let distance = |i: usize| {
            let (f, r) = ((i % 8) as i32, (i / 8) as i32);
            (f - 3).abs().max((r - 3).abs()) * 8 + (f - 3).abs() + (r - 3).abs()
        };
        let from = match hue {
            None => d4,
            Some(h) => (0..64)
                .filter(|&i| pos.hues[i] == h)
                .min_by_key(|&i| distance(i))
                .unwrap_or(d4),
        };
        let mut alone = Position::new(pos.arrangement);
        alone.hues = pos.hues;
        alone.cells[from] = Some(Color::White);
        alone.first_move_due = crate::rules::ByColor::new(false, false);
        let mut marks = Vec::new();
        movegen::pawn_targets(&alone, Color::White, from, |to| {
            marks.push((square_of(to), Mark::MoveOrCapture))
        });
        marks.push((square_of(from), Mark::Origin));
        Ok(BoardView {
            geometry: Some(geometry()),
            pieces: vec![(square_of(from), pawn_view(Color::White))],
            tiles: (0..64)
                .map(|i| (square_of(i), pos.hues[i].tile()))
                .collect(),
            marks,
            header: format!(
                "Pawn on a {} square ({})",
                pos.hues[from].name(),
                square_of(from)
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
