//! The Katarenga position string, written and read back:
//! `<board code> <pawns, rank 8 first> <w|b|baseline> <camps> <first moves due> <move number>`,
//! for example `AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP w ---- wb 1`.
//!
//! Camps are four characters for the camps beyond a8, h8, a1 and h1: `P` (a White pawn, in
//! the first two) or `p` (a Black pawn, in the last two) or `-`. "First moves due" lists the
//! sides that have not yet moved (`wb`, `w`, `b` or `-`).

use super::{
    board::Arrangement,
    movegen,
    position::{Phase, Position, geometry, index_of},
};
use crate::{
    ByColor, Color, SetupError, Square,
    board_field::{self, CellCodec, Holes},
    limits,
};

pub(crate) fn write(pos: &Position) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match pos.cells[rank * 8 + file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(if c == Color::White { 'P' } else { 'p' });
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = match pos.phase {
        Phase::ChooseBaseline => "baseline",
        Phase::Turn(Color::White) => "w",
        Phase::Turn(Color::Black) => "b",
    };
    let camp = |taken: bool, letter: char| if taken { letter } else { '-' };
    let camps: String = [
        camp(pos.camps.white[0], 'P'),
        camp(pos.camps.white[1], 'P'),
        camp(pos.camps.black[0], 'p'),
        camp(pos.camps.black[1], 'p'),
    ]
    .into_iter()
    .collect();
    let mut first: String = Color::ALL
        .into_iter()
        .filter(|&c| pos.first_move_due[c])
        .map(Color::letter)
        .collect();
    if first.is_empty() {
        first.push('-');
    }
    format!(
        "{} {} {side} {camps} {first} {}",
        pos.arrangement.code(),
        rows.join("/"),
        pos.fullmove
    )
}

fn bad(what: impl Into<String>) -> SetupError {
    SetupError(format!(
        "{}; a Katarenga position looks like \"AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP w ---- wb 1\"",
        what.into()
    ))
}

/// A Katarenga square holds a pawn: `P` White, `p` Black.
struct Pawns;

impl CellCodec for Pawns {
    type Cell = Color;
    type Error = SetupError;

    fn read(&self, _: Square, text: &str) -> Result<(Color, usize), SetupError> {
        match text.chars().next() {
            Some('P') => Ok((Color::White, 1)),
            Some('p') => Ok((Color::Black, 1)),
            other => Err(bad(format!(
                "\"{}\" is not a pawn (P or p) or a number of empty squares",
                other.unwrap_or(' ')
            ))),
        }
    }
}

pub(crate) fn parse(text: &str) -> Result<Position, SetupError> {
    if let Some(found) = limits::over(text, limits::KATARENGA_POSITION) {
        return Err(bad(format!(
            "that position has {found} characters; a Katarenga position has at most {}",
            limits::KATARENGA_POSITION
        )));
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(bad(format!(
            "a position has 6 parts separated by spaces, not {}",
            fields.len()
        )));
    }
    let arrangement = Arrangement::parse(fields[0]).map_err(|e| bad(e.to_string()))?;
    let mut pos = Position::new(arrangement);
    for (square, color) in board_field::read(fields[1], geometry(), Holes::Skipped, &Pawns)? {
        pos.cells[index_of(square).expect("a square of the board")] = Some(color);
    }
    pos.phase = match fields[2] {
        "w" => Phase::Turn(Color::White),
        "b" => Phase::Turn(Color::Black),
        "baseline" => Phase::ChooseBaseline,
        other => {
            return Err(bad(format!(
                "\"{}\" should say whose turn it is: w, b or baseline",
                other.chars().take(12).collect::<String>()
            )));
        }
    };
    let camps: Vec<char> = fields[3].chars().collect();
    let camp_ok = camps.len() == 4
        && camps[..2].iter().all(|&c| c == 'P' || c == '-')
        && camps[2..].iter().all(|&c| c == 'p' || c == '-');
    if !camp_ok {
        return Err(bad(
            "the camps are four characters for the camps beyond a8, h8, a1 and h1: P or - for the first two, p or - for the last two",
        ));
    }
    pos.camps = ByColor::new(
        [camps[0] == 'P', camps[1] == 'P'],
        [camps[2] == 'p', camps[3] == 'p'],
    );
    pos.first_move_due = match fields[4] {
        "wb" => ByColor::new(true, true),
        "w" => ByColor::new(true, false),
        "b" => ByColor::new(false, true),
        "-" => ByColor::new(false, false),
        _ => {
            return Err(bad(
                "the fifth part lists the sides still to make their first move: wb, w, b or -",
            ));
        }
    };
    pos.fullmove = fields[5]
        .parse()
        .ok()
        .filter(|&n: &u32| (1..=100_000).contains(&n))
        .ok_or_else(|| bad("the move number must be a whole number from 1"))?;
    validate(&pos)?;
    normalise(&mut pos);
    Ok(pos)
}

fn validate(pos: &Position) -> Result<(), SetupError> {
    if pos.phase == Phase::ChooseBaseline {
        let untouched = pos.cells.iter().all(Option::is_none)
            && pos.camped(Color::White) + pos.camped(Color::Black) == 0
            && pos.first_move_due == ByColor::new(true, true);
        if !untouched {
            return Err(bad(
                "while Black is choosing a baseline the board is empty, the camps are free and no one has moved",
            ));
        }
        return Ok(());
    }
    for color in Color::ALL {
        if pos.pawns_left(color) > 8 {
            return Err(bad(format!("{color} has more than 8 pawns")));
        }
    }
    if movegen::winner(pos).is_some()
        && Color::ALL
            .into_iter()
            .all(|c| pos.camped(c) == 2 || pos.pawns_left(c.other()) < 2)
    {
        return Err(bad("both sides cannot have won"));
    }
    Ok(())
}

/// A side to move without a legal move is passed over at once, as in play.
fn normalise(pos: &mut Position) {
    if let Phase::Turn(side) = pos.phase
        && movegen::winner(pos).is_none()
        && !movegen::can_move(pos, side)
        && movegen::can_move(pos, side.other())
    {
        pos.phase = Phase::Turn(side.other());
    }
}
