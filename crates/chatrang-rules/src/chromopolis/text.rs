//! The Chromopolis position string, written and read back:
//! `<ranks 6 to 1> <w|b> <unbinding choices owed> <half-moves> <move number>`, for example
//! the start `lankal/1pppppp/7/7/1PPPPPP/LANKAL w - 0 1`.
//!
//! Each rank lists the squares that exist, file a first (ranks 1 and 6 have no a square, so
//! they start at b). A letter is an unbound piece (upper case White, lower case Black), a
//! number counts empty squares, and bound pieces follow in brackets: `N[pa]` is a White Knight
//! standing on a bound Black Pawn and a bound Black Advocate; `.[P]` is a square holding only
//! a bound White Pawn (the dot says no unbound piece stands there). The third part lists the squares where the side to act
//! must still choose which bound piece to unbind (`c4,e4`), or `-`.

use super::{
    board::{Kind, Piece, geometry, last_rank},
    position::Position,
};
use crate::{
    Color, SetupError, Square,
    board_field::{self, CellCodec, Holes},
    limits,
};

/// No side may have more pieces than this (the start has 13).
const MAX_PIECES: usize = 40;

fn rank_squares(rank: u8) -> Vec<Square> {
    (0..7)
        .filter_map(|file| Square::new(file, rank))
        .filter(|&s| geometry().contains(s))
        .collect()
}

pub(crate) fn write(pos: &Position) -> String {
    let mut rows = Vec::new();
    for rank in (0..6).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for square in rank_squares(rank) {
            let bound: String = pos.bound_on(square).map(Piece::letter).collect();
            let unbound = pos.at(square);
            if unbound.is_none() && bound.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push(unbound.map_or('.', Piece::letter));
            if !bound.is_empty() {
                row.push('[');
                row.push_str(&bound);
                row.push(']');
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let pending = if pos.pending.is_empty() {
        "-".to_string()
    } else {
        pos.pending
            .iter()
            .map(Square::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{} {} {pending} {} {}",
        rows.join("/"),
        pos.side.letter(),
        pos.halfmove,
        pos.fullmove
    )
}

fn bad(what: impl Into<String>) -> SetupError {
    SetupError(format!(
        "{}; a Chromopolis position looks like \"lankal/1pppppp/7/7/1PPPPPP/LANKAL w - 0 1\" (see /help chromopolis)",
        what.into()
    ))
}

fn piece(c: char) -> Result<Piece, SetupError> {
    Piece::from_letter(c).ok_or_else(|| {
        bad(format!(
            "\"{c}\" is not a piece; the pieces are K N A L P (White) and k n a l p (Black)"
        ))
    })
}

pub(crate) fn parse(text: &str) -> Result<Position, SetupError> {
    if let Some(found) = limits::over(text, limits::CHROMOPOLIS_POSITION) {
        return Err(bad(format!(
            "that position has {found} characters; a Chromopolis position has at most {}",
            limits::CHROMOPOLIS_POSITION
        )));
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(bad(format!(
            "a position has 5 parts separated by spaces, not {}",
            fields.len()
        )));
    }
    let mut pos = Position::empty();
    for (square, (piece, bound)) in
        board_field::read(fields[0], geometry(), Holes::Skipped, &Stacks)?
    {
        pos.set(square, piece);
        for piece in bound {
            if pos.bound.len() >= 2 * MAX_PIECES {
                return Err(bad("there are too many pieces"));
            }
            pos.add_bound(square, piece);
        }
    }
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(bad("the second part says whose turn it is: w or b")),
    };
    if fields[2] != "-" {
        for name in fields[2].split(',') {
            let square = geometry()
                .parse_square(name)
                .map_err(|e| bad(e.to_string()))?;
            pos.pending.push(square);
        }
    }
    pos.halfmove = fields[3]
        .parse()
        .ok()
        .filter(|&n: &u32| n <= 100)
        .ok_or_else(|| bad("the half-move count must be a whole number from 0 to 100"))?;
    pos.fullmove = fields[4]
        .parse()
        .ok()
        .filter(|&n: &u32| (1..=100_000).contains(&n))
        .ok_or_else(|| bad("the move number must be a whole number from 1"))?;
    validate(&pos)?;
    Ok(pos)
}

/// A Chromopolis square's contents: an unbound piece's letter (`K`, `p`) or `.` for none,
/// followed by the bound pieces in brackets (`K[pp]`, `.[n]`).
struct Stacks;

impl CellCodec for Stacks {
    type Cell = (Option<Piece>, Vec<Piece>);
    type Error = SetupError;

    fn read(&self, square: Square, text: &str) -> Result<(Self::Cell, usize), SetupError> {
        let first = text.chars().next().unwrap_or(' ');
        let unbound = match first {
            '.' => None,
            c => Some(piece(c)?),
        };
        let used = first.len_utf8();
        let Some(inner) = text[used..].strip_prefix('[') else {
            return match unbound {
                Some(_) => Ok(((unbound, Vec::new()), used)),
                None => Err(bad(format!(
                    "on {square}, a \".\" must be followed by bound pieces in brackets, such as .[p]"
                ))),
            };
        };
        let end = inner
            .find(']')
            .ok_or_else(|| bad(format!("a \"[\" on {square} is never closed by \"]\"")))?;
        if end == 0 {
            return Err(bad(format!("the brackets on {square} are empty")));
        }
        let bound = inner[..end].chars().map(piece).collect::<Result<_, _>>()?;
        Ok(((unbound, bound), used + end + 2))
    }
}

/// The rules a setup must keep: one King each, no pawn on the a file or its last rank, and
/// choices owed only where they can be made.
fn validate(pos: &Position) -> Result<(), SetupError> {
    let all: Vec<(Square, Piece)> = pos.unbound().chain(pos.bound.iter().copied()).collect();
    for color in Color::ALL {
        let kings = all
            .iter()
            .filter(|(_, p)| p.color == color && p.kind == Kind::King)
            .count();
        if kings != 1 {
            return Err(bad(format!("{color} needs exactly one King, not {kings}")));
        }
        if all.iter().filter(|(_, p)| p.color == color).count() > MAX_PIECES {
            return Err(bad(format!("{color} has more than {MAX_PIECES} pieces")));
        }
    }
    for &(square, piece) in &all {
        if piece.kind != Kind::Pawn {
            continue;
        }
        if square.file() == 0 {
            return Err(bad(format!(
                "a pawn cannot stand on the a file ({square}): pawns never leave their file and the a file has no last rank"
            )));
        }
        if square.rank() == last_rank(piece.color) {
            return Err(bad(format!(
                "the {} pawn on {square} stands on its last rank, where it must already have promoted",
                piece.color
            )));
        }
    }
    let bound_kings: Vec<Color> = pos
        .bound
        .iter()
        .filter(|(_, p)| p.kind == Kind::King)
        .map(|(_, p)| p.color)
        .collect();
    if bound_kings.len() > 1 {
        return Err(bad("both Kings cannot be bound"));
    }
    let mut previous: Option<Square> = None;
    for &square in &pos.pending {
        if previous.is_some_and(|p| p >= square) {
            return Err(bad(
                "list the squares awaiting an unbinding choice once each, in board order",
            ));
        }
        previous = Some(square);
        if !bound_kings.is_empty()
            || pos.at(square).is_some()
            || pos.bound_kinds(square, pos.side).len() < 2
        {
            return Err(bad(format!(
                "{} cannot be asked to choose a piece to unbind on {square}: that needs two or more kinds of its bound pieces there and no unbound piece",
                pos.side
            )));
        }
    }
    Ok(())
}
