//! Katarenga's [`Rules`]: the game loop's view of a position, pictures and diagrams.

use super::{
    board::Hue,
    movegen::{self, Move},
    notation,
    position::{Edge, Key, Phase, Position, geometry, index_of, square_of},
    text,
};
use crate::{
    ActionError, Actor, BoardEdge, BoardView, Color, GameId, Mark, Outcome, OutsideSlot, PieceInfo,
    PieceView, Square, Tile,
    kit::{Match, Rules, Touched},
    search::{self, Found, Limits},
};

/// Katarenga's rules on one position; [`KatarengaGame`] is its game.
#[derive(Clone, Debug)]
pub struct Katarenga {
    position: Position,
    last_move: Vec<Square>,
    /// The camp the last move entered (its owner and which of the two), highlighted with
    /// the square the pawn left.
    entered_camp: Option<(Color, usize)>,
}

/// A Katarenga game in progress.
pub type KatarengaGame = Match<Katarenga>;

fn pawn_view(color: Color) -> PieceView {
    PieceView {
        kind: "pawn".into(),
        name: "Pawn".into(),
        symbol: "P".into(),
        color,
        bound: false,
    }
}

/// The compass names of Black's baseline choice beside the edges they name (see
/// `position::Edge`: north is the rank 8 edge), so that the picture Black chooses from says
/// which edge each word means whichever way it is turned.
fn edge_names() -> Vec<(BoardEdge, String)> {
    Edge::ALL
        .into_iter()
        .map(|edge| {
            let side = match edge {
                Edge::North => BoardEdge::North,
                Edge::East => BoardEdge::East,
                Edge::South => BoardEdge::South,
                Edge::West => BoardEdge::West,
            };
            (side, edge.name().to_string())
        })
        .collect()
}

/// What each square colour does to a pawn standing on it, for the picture's legend.
fn tile_meanings() -> Vec<(Tile, String)> {
    Hue::ALL
        .into_iter()
        .map(|hue| {
            let meaning = match hue {
                Hue::Red => "red: like a rook, up to the next red",
                Hue::Yellow => "yellow: like a bishop, up to the next yellow",
                Hue::Green => "green: leaps like a knight",
                Hue::Blue => "blue: one step, like a king",
            };
            (hue.tile(), meaning.to_string())
        })
        .collect()
}

impl Katarenga {
    /// The game from this position.
    pub fn game(position: Position) -> KatarengaGame {
        Match::new(Katarenga {
            position,
            last_move: Vec::new(),
            entered_camp: None,
        })
    }

    pub(crate) fn position(&self) -> &Position {
        &self.position
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
                    last_move: self.entered_camp == Some((color, i)),
                });
            }
        }
        slots
    }
}

impl Rules for Katarenga {
    type Move = Move;
    type Key = Key;
    type Effect = movegen::Effect;

    fn id(&self) -> GameId {
        GameId::Katarenga
    }

    fn text(&self) -> String {
        text::write(&self.position)
    }

    fn key(&self) -> Key {
        self.position.key()
    }

    fn decided(&self) -> Option<Outcome> {
        movegen::winner(&self.position).map(|(winner, reason)| Outcome::Win { winner, reason })
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend(movegen::legal_moves(&self.position));
    }

    /// The side to move is passed over when it cannot move and the other can (see
    /// `movegen::apply`), so no legal move means that neither side can move.
    fn without_moves(&self) -> Outcome {
        Outcome::Draw {
            reason: "neither side can move".into(),
        }
    }

    fn prompt(&self) -> (Actor, String) {
        match self.position.phase {
            Phase::ChooseBaseline => (
                Actor::Side(Color::Black),
                "Black: choose your baseline edge: baseline north (the rank 8 edge), east (h-file), south (rank 1) or west (a-file)".into(),
            ),
            Phase::Turn(side) => (Actor::Side(side), format!("{side} to move")),
        }
    }

    fn parse(&self, input: &str, legal: &[Move]) -> Result<Move, ActionError> {
        notation::parse(&self.position, input, legal)
    }

    fn canonical(&self, m: Move) -> String {
        notation::canonical(m)
    }

    fn touched(&self, m: Move) -> Touched {
        match m {
            Move::Step { from, to } => {
                Touched::step(square_of(from as usize), square_of(to as usize))
            }
            Move::Camp { from } => Touched {
                from: Some(square_of(from as usize)),
                ..Touched::default()
            },
            Move::Baseline(_) => Touched::default(),
        }
    }

    fn apply(&mut self, m: Move) -> movegen::Effect {
        self.last_move = match m {
            Move::Step { from, to } => vec![square_of(from as usize), square_of(to as usize)],
            Move::Camp { from } => vec![square_of(from as usize)],
            Move::Baseline(_) => Vec::new(),
        };
        let mover = match self.position.phase {
            Phase::Turn(side) => Some(side),
            Phase::ChooseBaseline => None,
        };
        let effect = movegen::apply(&mut self.position, m);
        self.entered_camp = mover.zip(effect.camp);
        effect
    }

    fn think(&self, history: &[Key], limits: &Limits<'_>) -> Option<Found<Move>> {
        search::search(self, history, limits)
    }

    fn irreversible(effect: &movegen::Effect) -> bool {
        effect.irreversible
    }

    fn describe(before: &Self, _after: &Self, m: Move, effect: &movegen::Effect) -> String {
        let mut description = notation::describe(&before.position, m);
        if let Some(passed) = effect.passed {
            description.push_str(&format!(
                "; {passed} has no legal move and passes, {} moves again",
                passed.other()
            ));
        }
        description
    }

    fn view(&self, state: &str) -> BoardView {
        let pos = &self.position;
        // Before the choice the board is shown north up, whoever looks, so the edges Black
        // chooses between are where their names say.
        let perspective = match pos.phase {
            Phase::ChooseBaseline => Color::White,
            Phase::Turn(side) => side,
        };
        BoardView {
            geometry: Some(geometry().clone()),
            pieces: (0..64)
                .filter_map(|i| pos.cells[i].map(|c| (square_of(i), pawn_view(c))))
                .collect(),
            tiles: (0..64)
                .map(|i| (square_of(i), pos.hues[i].tile()))
                .collect(),
            last_move: self.last_move.clone(),
            outside: self.camps(),
            edge_names: if pos.phase == Phase::ChooseBaseline {
                edge_names()
            } else {
                Vec::new()
            },
            tile_meanings: tile_meanings(),
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
            description: "moves by the colour of the square it stands on: red slides orthogonally and yellow diagonally, each up to the first square of its colour; green leaps like a knight; blue steps like a king; it captures by landing on an enemy pawn".into(),
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
        alone.first_move_due = crate::ByColor::new(false, false);
        let mut marks = Vec::new();
        movegen::pawn_targets(&alone, Color::White, from, |to| {
            marks.push((square_of(to), Mark::MoveOrCapture))
        });
        marks.push((square_of(from), Mark::Origin));
        Ok(BoardView {
            geometry: Some(geometry().clone()),
            pieces: vec![(square_of(from), pawn_view(Color::White))],
            tiles: (0..64)
                .map(|i| (square_of(i), pos.hues[i].tile()))
                .collect(),
            marks,
            tile_meanings: tile_meanings(),
            header: format!(
                "Pawn on a {} square ({})",
                pos.hues[from].name(),
                square_of(from)
            ),
            perspective: Some(Color::White),
            ..BoardView::default()
        })
    }
}
