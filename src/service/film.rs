//! A replay's frames, from a game's record: the stored setup, then the position after each
//! move in effect, each captioned with the move as the score sheet names and numbers it
//! (`12. Nf3`, `12... e5`, `Draft, White: pick K e10`). Catalonia's frames are its turn phases
//! (each move, swap and decision is one), and a Pick-a-team draft shows each pick appearing on
//! the board, since every action of the log is a frame.

use super::{
    orientation::picture_side, replay::effective_moves, reply::ServiceError, sheet::Sheet,
};
use crate::{
    render::animation::Still,
    rules::{Chance, Color, GameId, registry},
    store::{GameRow, LogEntry},
};

/// The most moves one replay shows: a longer game shows its last ones unless asked for others.
pub(crate) const MOST_MOVES: usize = 300;

/// How long a frame stays, in hundredths of a second, by `speed=`.
pub(crate) const SPEEDS: [(&str, u16); 3] = [("slow", 200), ("normal", 100), ("fast", 50)];

/// The first frame stays at least this long, so that people see where the game began.
const FIRST_HOLD: u16 = 150;
/// The final position stays this much longer than a move.
const LAST_HOLD: u16 = 400;

/// Which moves a replay shows: by the numbers players give them (chess's move numbers,
/// Catalonia's turns); a setup (a draft, a baseline) comes before move 1.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Span {
    pub from: Option<u32>,
    pub to: Option<u32>,
}

/// A replay's frames and how to draw them.
pub(crate) struct Film {
    pub stills: Vec<Still>,
    pub orientation: Color,
    /// The moves shown, and the moves in effect in the whole game.
    pub shown: usize,
    pub moves: usize,
    /// The first and last move shown, as captioned ("12. Nf3").
    pub first: String,
    pub last: String,
    /// The game's last move is the last frame.
    pub to_the_end: bool,
    /// A long game was cut to its last [`MOST_MOVES`] moves.
    pub cut: bool,
}

/// The frames of game `row` (its log up to its version is `log`) over `span`, each move held
/// `hold` hundredths of a second. Refused when the record does not replay or the span holds
/// no move.
pub(crate) fn film(
    row: &GameRow,
    log: &[LogEntry],
    span: Span,
    hold: u16,
) -> Result<Film, ServiceError> {
    let damaged = || {
        ServiceError::refused(format!(
            "Game #{}'s record does not replay, so it has no replay; /history shows its moves.",
            row.id
        ))
    };
    let kind = GameId::from_stored(row.variant.as_str()).map_err(|_| damaged())?;
    let mut game = registry::load(kind, &row.initial_position).map_err(|_| damaged())?;
    let moves = effective_moves(log).map_err(|_| damaged())?;
    if moves.is_empty() {
        return Err(ServiceError::refused(format!(
            "Game #{} has no moves yet, so there is nothing to replay.",
            row.id
        )));
    }
    let sheet = Sheet::of(kind, &row.initial_position, log);
    let plies = sheet.plies();
    let mut views = vec![game.view()];
    let mut captions = vec!["Start".to_string()];
    let mut numbers = Vec::new();
    for (i, played) in moves.iter().enumerate() {
        let notation = played.entry.notation.as_deref().unwrap_or("");
        game.play_with(notation, Chance::Recorded(&played.rolls.0))
            .map_err(|_| damaged())?;
        views.push(game.view());
        let (caption, number) = match plies.get(i) {
            Some(ply) => (format!("{} {}", ply.mark(), ply.text), ply.number),
            None => (notation.to_string(), 0),
        };
        captions.push(caption);
        numbers.push(number);
    }
    let wanted = |n: u32| span.from.is_none_or(|f| n >= f) && span.to.is_none_or(|t| n <= t);
    let (Some(first), Some(last)) = (
        numbers.iter().position(|&n| wanted(n)),
        numbers.iter().rposition(|&n| wanted(n)),
    ) else {
        let (low, high) = (numbers.iter().min(), numbers.iter().max());
        return Err(ServiceError::refused(format!(
            "Game #{} has no moves in that range; its moves are numbered {} to {}.",
            row.id,
            low.copied().unwrap_or(0),
            high.copied().unwrap_or(0)
        )));
    };
    // Move i (from 0) leads to position i + 1: the frames are the position before the first
    // move shown, then the one after each.
    let cut = last + 1 - first > MOST_MOVES;
    let first = if cut { last + 1 - MOST_MOVES } else { first };
    let to_the_end = last + 1 == moves.len();
    let final_view = views[last + 1].clone();
    let orientation = picture_side(&row.options, &final_view, &game.status());
    let mut stills: Vec<Still> = (first..=last + 1)
        .map(|p| Still {
            view: views[p].clone(),
            caption: captions[p].clone(),
            hold,
        })
        .collect();
    if let Some(opening) = stills.first_mut() {
        opening.hold = hold.max(FIRST_HOLD);
    }
    if let Some(end) = stills.last_mut() {
        end.hold = hold.saturating_add(LAST_HOLD);
        if let (true, Some(outcome)) = (to_the_end, &row.outcome) {
            end.caption = format!("{} · {outcome}", end.caption);
        }
    }
    Ok(Film {
        stills,
        orientation,
        shown: last + 1 - first,
        moves: moves.len(),
        first: captions[first + 1].clone(),
        last: captions[last + 1].clone(),
        to_the_end,
        cut,
    })
}
