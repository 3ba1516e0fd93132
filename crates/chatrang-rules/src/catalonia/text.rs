//! The position string: everything a game needs to go on after loading, in one line.
//!
//! `<board> <turn>/<limit> <random|nonrandom> <dice> <pending decision> <history> <last
//! squares>`, for example
//! `1nblgbn1/1pppppp1/8/8/8/8/1PPPPPP1/1NBLGBN1 1/15 random chacha8:000000000000002a:0 white-moves - -`.
//! The dice are `chacha8:<seed>:<rolls made>`, or, in a game started before the rolls were
//! recorded, the old generator's state in 16 hex digits (see [`super::dice`]).
//! The board rows run from rank 8 to rank 1 (`*` is a pit). The pending decision is one of
//! `white-moves`, `white-moves-no-swap` (after a declined swap), `black-moves-first`,
//! `white-moves-second`, `black-moves-second`, `swap-proposed`, `target-near-c4`,
//! `target-in-chain`, `escape-L-c4` (the escaping piece's letter and the square it left),
//! `trapped-white`, `trapped-black`, `over`. The history lists scored turns as
//! `turn:points:chain squares`, then `:` and where the turn's bomb fell once it has, joined by
//! `,` (`3:25:c3.d5.e3.f5.g7:e4,4:0:-`); records written before the bomb was noted have none.

use super::{
    board::{Board, BoardTextError},
    chain::MAX_PIECES,
    dice::{Dice, DiceTextError},
    pieces::Piece,
    position::{Phase, Position, TURN_RANGE, TurnRecord},
};
use crate::{BoardSquareError, Color, Square, limits};

/// Why a Catalonia position string cannot be loaded: a field that cannot be read, or parts
/// that cannot stand together (a decision with no choices would leave the game stuck).
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PositionTextError {
    #[error(
        "this position string has {0} characters; a Catalonia position has at most {max}",
        max = limits::CATALONIA_POSITION
    )]
    /// Refused: this position string has … characters; a Catalonia position has at most `max`.
    TooLong(usize),
    #[error(
        "a Catalonia position has 7 fields (board, turn/limit, random or nonrandom, dice, decision, history, last squares); this one has {0}"
    )]
    /// Refused: a Catalonia position has 7 fields (board, turn/limit, random or nonrandom, dice, decision, history, last squares); this one has ….
    FieldCount(usize),
    #[error(transparent)]
    /// The board field is wrong.
    Board(#[from] BoardTextError),
    #[error("\"{0:.12}\" should be the turn and the limit, like 3/15")]
    /// Refused: "…" should be the turn and the limit, like 3/15.
    Turns(String),
    #[error(
        "turn {turn} of {limit} is impossible: the limit is 5 to 30 and the turn 1 to the limit"
    )]
    /// Refused: turn `turn` of `limit` is impossible: the limit is 5 to 30 and the turn 1 to the limit.
    ImpossibleTurn {
        /// The turn written.
        turn: u8,
        /// The turn limit written.
        limit: u8,
    },
    #[error("\"{0:.12}\" should be random or nonrandom")]
    /// Refused: "…" should be random or nonrandom.
    Mode(String),
    #[error(transparent)]
    /// The dice field is wrong.
    Dice(#[from] DiceTextError),
    /// A square of the decision, the history or the last move.
    #[error(transparent)]
    Square(#[from] BoardSquareError),
    #[error("\"{0:.12}\" should name the escaping piece")]
    /// Refused: "…" should name the escaping piece.
    EscapingPiece(String),
    #[error("\"{0:.24}\" is not a pending decision of Catalonia")]
    /// Refused: "…" is not a pending decision of Catalonia.
    Decision(String),
    #[error("\"{0:.30}\" should be turn:points:chain")]
    /// Refused: "…" should be turn:points:chain.
    HistoryEntry(String),
    #[error("the history entry of turn {0} is inconsistent")]
    /// Refused: the history entry of turn … is inconsistent.
    InconsistentHistory(u8),
    #[error("a piece cannot be waiting to escape from {0} here")]
    /// Refused: a piece cannot be waiting to escape from … here.
    NoEscape(Square),
    #[error("{0} has no legal move, so it cannot be {0}'s move")]
    /// Refused: … has no legal move, so it cannot be …'s move.
    NoMove(Color),
    #[error("the bomb cannot be waiting for a target near {0}")]
    /// Refused: the bomb cannot be waiting for a target near ….
    NoTargetNear(Square),
    #[error(
        "the bomb can only wait for a chain piece in the non-random variant, with a chain on the board"
    )]
    /// Refused: the bomb can only wait for a chain piece in the non-random variant, with a chain on the board.
    NoChainTarget,
}

impl Position {
    /// The position string; [`Position::from_text`] reads it back.
    pub fn to_text(&self) -> String {
        let history = if self.history.is_empty() {
            "-".to_string()
        } else {
            self.history
                .iter()
                .map(|r| {
                    let bomb = r.bomb.map_or(String::new(), |b| format!(":{b}"));
                    format!("{}:{}:{}{bomb}", r.turn, r.points, squares_text(&r.chain))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{} {}/{} {} {} {} {} {}",
            self.board.to_text(),
            self.turn,
            self.limit,
            if self.random { "random" } else { "nonrandom" },
            self.dice.to_text(),
            phase_text(&self.phase),
            history,
            squares_text(&self.last)
        )
    }

    /// Reads [`Position::to_text`] back, checking that the parts agree with each other.
    pub fn from_text(text: &str) -> Result<Position, PositionTextError> {
        if let Some(found) = limits::over(text, limits::CATALONIA_POSITION) {
            return Err(PositionTextError::TooLong(found));
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, turns, mode, dice, phase, history, last] = fields.as_slice() else {
            return Err(PositionTextError::FieldCount(fields.len()));
        };
        let board = Board::from_text(board)?;
        let (turn, limit) = turns
            .split_once('/')
            .and_then(|(t, l)| Some((t.parse::<u8>().ok()?, l.parse::<u8>().ok()?)))
            .ok_or_else(|| PositionTextError::Turns(turns.to_string()))?;
        if !TURN_RANGE.contains(&limit) || turn == 0 || turn > limit {
            return Err(PositionTextError::ImpossibleTurn { turn, limit });
        }
        let random = match *mode {
            "random" => true,
            "nonrandom" => false,
            other => return Err(PositionTextError::Mode(other.to_string())),
        };
        let dice = Dice::parse(dice)?;
        let phase = parse_phase(phase)?;
        let history = parse_history(history)?;
        let last = parse_squares(last)?;
        let position = Position {
            board,
            turn,
            limit,
            random,
            dice,
            phase,
            history,
            last,
        };
        position.check()?;
        Ok(position)
    }

    /// The cross-checks a loaded position must pass.
    fn check(&self) -> Result<(), PositionTextError> {
        let mut previous = 0;
        for r in &self.history {
            let k = r.chain.len() as u32;
            let bomb_off = r.bomb.is_some_and(|b| !self.board.is_pit(b));
            if r.turn <= previous
                || r.turn > self.turn
                || r.points != k * k
                || (1..4).contains(&k)
                || bomb_off
            {
                return Err(PositionTextError::InconsistentHistory(r.turn));
            }
            previous = r.turn;
        }
        let bad = match &self.phase {
            Phase::Escape { from, piece } => (!self.board.is_pit(*from)
                || self.board.piece_count() >= MAX_PIECES
                || self.qualifying_escapes(*piece, *from).len() < 2)
                .then_some(PositionTextError::NoEscape(*from)),
            // A decision without choices would leave the game stuck.
            Phase::Move { side, .. } => self
                .board
                .legal_moves(*side)
                .is_empty()
                .then_some(PositionTextError::NoMove(*side)),
            Phase::Target { center: Some(c) } => {
                (!self.random || !self.board.is_free(*c) || self.target_options().len() < 2)
                    .then_some(PositionTextError::NoTargetNear(*c))
            }
            Phase::Target { center: None } => (self.random || self.target_options().is_empty())
                .then_some(PositionTextError::NoChainTarget),
            _ => None,
        };
        if let Some(error) = bad {
            return Err(error);
        }
        Ok(())
    }
}

fn squares_text(squares: &[Square]) -> String {
    if squares.is_empty() {
        "-".into()
    } else {
        squares
            .iter()
            .map(Square::to_string)
            .collect::<Vec<_>>()
            .join(".")
    }
}

fn parse_squares(text: &str) -> Result<Vec<Square>, PositionTextError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split('.').map(square_on_board).collect()
}

fn phase_text(phase: &Phase) -> String {
    match phase {
        Phase::Move {
            side: Color::White,
            second: false,
            may_swap: true,
        } => "white-moves".into(),
        Phase::Move {
            side: Color::White,
            second: false,
            ..
        } => "white-moves-no-swap".into(),
        Phase::Move {
            side: Color::Black,
            second: false,
            ..
        } => "black-moves-first".into(),
        Phase::Move {
            side: Color::White,
            second: true,
            ..
        } => "white-moves-second".into(),
        Phase::Move {
            side: Color::Black,
            second: true,
            ..
        } => "black-moves-second".into(),
        Phase::SwapProposed => "swap-proposed".into(),
        Phase::Target { center: Some(c) } => format!("target-near-{c}"),
        Phase::Target { center: None } => "target-in-chain".into(),
        Phase::Escape { from, piece } => format!("escape-{}-{from}", piece.letter()),
        Phase::Trapped { side } => format!("trapped-{}", side.name().to_lowercase()),
        Phase::Over => "over".into(),
    }
}

fn parse_phase(text: &str) -> Result<Phase, PositionTextError> {
    let mover = |side, second, may_swap| Phase::Move {
        side,
        second,
        may_swap,
    };
    Ok(match text {
        "white-moves" => mover(Color::White, false, true),
        "white-moves-no-swap" => mover(Color::White, false, false),
        "black-moves-first" => mover(Color::Black, false, false),
        "white-moves-second" => mover(Color::White, true, false),
        "black-moves-second" => mover(Color::Black, true, false),
        "swap-proposed" => Phase::SwapProposed,
        "target-in-chain" => Phase::Target { center: None },
        "trapped-white" => Phase::Trapped { side: Color::White },
        "trapped-black" => Phase::Trapped { side: Color::Black },
        "over" => Phase::Over,
        other => {
            if let Some(square) = other.strip_prefix("target-near-") {
                Phase::Target {
                    center: Some(square_on_board(square)?),
                }
            } else if let Some(rest) = other.strip_prefix("escape-") {
                let mut chars = rest.chars();
                let piece = chars
                    .next()
                    .and_then(Piece::from_letter)
                    .ok_or_else(|| PositionTextError::EscapingPiece(rest.to_string()))?;
                let from = square_on_board(chars.as_str().trim_start_matches('-'))?;
                Phase::Escape { from, piece }
            } else {
                return Err(PositionTextError::Decision(other.to_string()));
            }
        }
    })
}

fn square_on_board(text: &str) -> Result<Square, PositionTextError> {
    Ok(super::pieces::geometry().parse_square(text)?)
}

fn parse_history(text: &str) -> Result<Vec<TurnRecord>, PositionTextError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|entry| {
            let bad = || PositionTextError::HistoryEntry(entry.to_string());
            let mut parts = entry.splitn(4, ':');
            let turn = parts.next().and_then(|t| t.parse().ok()).ok_or_else(bad)?;
            let points = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
            let chain = parse_squares(parts.next().ok_or_else(bad)?)?;
            // Where the bomb fell: written since it is shown, absent from older records.
            let bomb = parts.next().map(square_on_board).transpose()?;
            Ok(TurnRecord {
                turn,
                points,
                chain,
                bomb,
            })
        })
        .collect()
}
