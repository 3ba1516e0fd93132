//! Naming moves the way a game's players write them on a score sheet, by replaying the game
//! alongside its log: chess moves get their SAN and the position's move number, Catalonia's
//! actions the turn they belong to. A game names its moves through its row in the table of
//! games ([`crate::GameSpec::score_sheet`]); a game without one is written in the notation its
//! log stores, numbered as its sides alternate (the bot's sheet does that).

use crate::{
    Chance, Color, Game, Rolls,
    catalonia::{self, Catalonia, CataloniaGame, Phase},
    chess,
    chesslike::{Position, notation, san::san},
};

/// The actions a game takes before play begins (Katarenga's choice of baseline, a Pick-a-team
/// draft), told apart by their notation. The score sheet writes them apart, under `label`,
/// and numbers play from 1, as the board counts its moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct SetupPhase {
    /// What the sheet writes before them: "Draft".
    pub label: &'static str,
    /// How every one of them begins, in canonical notation: `pick `.
    pub prefix: &'static str,
}

impl SetupPhase {
    /// Whether the action `notation` belongs to the setup.
    pub fn holds(&self, notation: &str) -> bool {
        notation.starts_with(self.prefix)
    }
}

/// What the replay says of one action.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Named {
    /// A move with a number of its own: the move number, whether the move opens it (White's
    /// move in chess), and its name (SAN in chess).
    Move {
        /// The number players give the move.
        number: u32,
        /// The move is the first of its number.
        opens: bool,
        /// The move as players write it.
        text: String,
    },
    /// An action of a numbered turn (Catalonia), written in the log's notation: the turn, and
    /// whether the turn had not begun (a game set up in the middle of a turn begins `N...`).
    Turn {
        /// The turn the action belongs to.
        turn: u32,
        /// The turn had not begun before this action.
        fresh: bool,
    },
}

/// A game replayed for its score sheet, move by move.
pub trait SheetReplay: Send {
    /// Names the action `notation` (which rolled `rolls`) and plays it; `None` when it does
    /// not replay (a damaged record), after which the replay names nothing more.
    fn name(&mut self, notation: &str, rolls: &Rolls) -> Option<Named>;

    /// Steps back over the last action named (the sheet has just taken it back).
    fn take_back(&mut self);
}

/// The replay of a game for its score sheet from its start position string, when the game
/// names its moves and the position reads.
pub type NewSheetReplay = fn(start: &str) -> Option<Box<dyn SheetReplay>>;

/// A chess game's sheet: SAN and move numbers.
pub fn chess(start: &str) -> Option<Box<dyn SheetReplay>> {
    let position = Position::from_text(chess::variant(), start).ok()?;
    Some(Box::new(Stack::new(position, chess_move)))
}

/// A Catalonia game's sheet: every action on the line of its turn.
pub fn catalonia(start: &str) -> Option<Box<dyn SheetReplay>> {
    let position = catalonia::Position::from_text(start).ok()?;
    Some(Box::new(Stack::new(
        Catalonia::game(position),
        catalonia_action,
    )))
}

/// One state for every action in effect and the start (the last one is now), so that taking
/// a move back replays nothing.
struct Stack<S> {
    states: Vec<S>,
    step: fn(&S, &str, &Rolls) -> Option<(Named, S)>,
}

impl<S> Stack<S> {
    fn new(start: S, step: fn(&S, &str, &Rolls) -> Option<(Named, S)>) -> Stack<S> {
        Stack {
            states: vec![start],
            step,
        }
    }
}

impl<S: Send> SheetReplay for Stack<S> {
    fn name(&mut self, notation: &str, rolls: &Rolls) -> Option<Named> {
        let now = self.states.last()?;
        let (named, next) = (self.step)(now, notation, rolls)?;
        self.states.push(next);
        Some(named)
    }

    fn take_back(&mut self) {
        if self.states.len() > 1 {
            self.states.pop();
        }
    }
}

/// A chess move's name, and the position after it.
fn chess_move(now: &Position, notation: &str, _: &Rolls) -> Option<(Named, Position)> {
    let m = notation::parse(now, notation, &now.legal_moves()).ok()?;
    let named = Named::Move {
        number: u32::from(now.board().fullmove),
        opens: now.side_to_move() == Color::White,
        text: san(now, m),
    };
    let mut next = now.clone();
    next.play_unchecked(m);
    Some((named, next))
}

/// A Catalonia action's turn, and the game after it (with the dice the log recorded).
fn catalonia_action(
    now: &CataloniaGame,
    notation: &str,
    rolls: &Rolls,
) -> Option<(Named, CataloniaGame)> {
    let position = &now.rules().position;
    let named = Named::Turn {
        turn: u32::from(position.turn()),
        fresh: matches!(
            position.phase(),
            Phase::Move {
                second: false,
                may_swap: true,
                ..
            }
        ),
    };
    let mut next = now.clone();
    next.play_with(notation, Chance::Recorded(&rolls.0)).ok()?;
    Some((named, next))
}
