//! Naming and numbering moves for the score sheet by replaying the game alongside its log:
//! chess moves get their SAN and the position's move number, Catalonia's actions their turn.
//! Other games need no replay (their sheet is the log's notation, numbered as the sides
//! alternate; see `sheet`), and neither does a game whose replay has failed.

use crate::rules::{
    Chance, Color, Game, GameId, Rolls,
    catalonia::{self, Catalonia, CataloniaGame, Phase},
    chess,
    chesslike::{Position, notation, san::san},
};

/// What the replay says of one action.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) enum Named {
    /// A chess move: its move number, whether it is White's (which opens the number), its SAN.
    Chess {
        number: u32,
        opens: bool,
        san: String,
    },
    /// A Catalonia action: the turn it belongs to, and whether the turn had not begun (a
    /// game set up in the middle of a turn begins with `N...`).
    Turn { turn: u32, fresh: bool },
}

/// The game as the sheet goes: a state for every move in effect and the start (the last one
/// is now), so that an undo steps back without replaying anything.
pub(crate) struct Namer {
    states: States,
}

enum States {
    Chess(Vec<Position>),
    Catalonia(Vec<CataloniaGame>),
    /// A game named from its log alone, or a replay that failed (a damaged record).
    Log,
}

impl Namer {
    /// The replay of a game of `kind` from `start`, its stored initial position.
    pub fn new(kind: GameId, start: &str) -> Namer {
        let states = match kind {
            GameId::Chess => Position::from_text(chess::variant(), start)
                .map(|p| States::Chess(vec![p]))
                .unwrap_or(States::Log),
            GameId::Catalonia => catalonia::Position::from_text(start)
                .map(|p| States::Catalonia(vec![Catalonia::game(p)]))
                .unwrap_or(States::Log),
            _ => States::Log,
        };
        Namer { states }
    }

    /// Names the action `notation` (which rolled `rolls`) and plays it. `None` when the game
    /// is named from its log, or when the action does not replay: the replay stops there for
    /// good, and the rest of the sheet comes from the log.
    pub fn name(&mut self, notation: &str, rolls: &Rolls) -> Option<Named> {
        let named = match &mut self.states {
            States::Chess(stack) => {
                stack
                    .last()
                    .and_then(|now| chess_move(now, notation))
                    .map(|(named, next)| {
                        stack.push(next);
                        named
                    })
            }
            States::Catalonia(stack) => stack
                .last()
                .and_then(|now| catalonia_action(now, notation, rolls))
                .map(|(named, next)| {
                    stack.push(next);
                    named
                }),
            States::Log => None,
        };
        if named.is_none() {
            self.states = States::Log;
        }
        named
    }

    /// Steps back over the last move in effect (the sheet has just taken it back).
    pub fn take_back(&mut self) {
        match &mut self.states {
            States::Chess(stack) if stack.len() > 1 => drop(stack.pop()),
            States::Catalonia(stack) if stack.len() > 1 => drop(stack.pop()),
            _ => {}
        }
    }
}

/// A chess move's name, and the position after it.
fn chess_move(now: &Position, notation: &str) -> Option<(Named, Position)> {
    let m = notation::parse(now, notation, &now.legal_moves()).ok()?;
    let named = Named::Chess {
        number: u32::from(now.board().fullmove),
        opens: now.side_to_move() == Color::White,
        san: san(now, m),
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
