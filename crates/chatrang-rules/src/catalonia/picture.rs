//! What a Catalonia post draws: the pits, the chain as arrows, the pending decision's squares,
//! and the scores in the header. While a turn is being scored and bombed, and in the post
//! that ends it, the chain drawn is the one that scored (not the shorter one the bomb left)
//! and the square where the bomb fell is marked; once someone moves, the chain on the board
//! now. The header gives scores only: a turn's points once it is scored, and the total.

use super::{
    pieces::geometry,
    position::{Phase, Position, TurnRecord},
};
use crate::{Actor, BoardView, Color, Mark, Square, Status, Tile};

/// The picture of `p`, whose longest chain now is `chain`, in the state `state` (whose turn,
/// or the result).
pub(crate) fn view(p: &Position, chain: &[Square], state: &str) -> BoardView {
    let board = p.board();
    let pieces = board
        .pieces()
        .map(|(s, piece)| (s, piece.view(false)))
        .collect();
    let tiles = board.pits().iter().map(|s| (s, Tile::Pit)).collect();
    let scored = shown_record(p);
    let drawn = scored.map_or(chain, |r| r.chain.as_slice());
    let arrows = (0..drawn.len())
        .map(|i| (drawn[i], drawn[(i + 1) % drawn.len()]))
        .collect();
    let mut marks = decision_marks(p);
    if let Some(bomb) = scored.and_then(|r| r.bomb) {
        marks.push((bomb, Mark::Capture));
    }
    let perspective = match p.status() {
        Status::Ongoing {
            actor: Actor::Side(c),
            ..
        } => c,
        _ => Color::White,
    };
    BoardView {
        geometry: Some(geometry().clone()),
        pieces,
        tiles,
        marks,
        arrows,
        last_move: p.last.clone(),
        header: header(p, scored, state),
        perspective: Some(perspective),
        ..BoardView::default()
    }
}

/// The scored turn a post shows: the current one while it is bombed and settled, the one
/// just ended until someone moves in the next, the last one once the game is over.
fn shown_record(p: &Position) -> Option<&TurnRecord> {
    let last = p.history().last()?;
    let shown = match p.phase() {
        Phase::Target { .. } | Phase::Escape { .. } | Phase::Trapped { .. } | Phase::Over => true,
        Phase::Move { second: false, .. } | Phase::SwapProposed => last.turn + 1 == p.turn(),
        Phase::Move { second: true, .. } => false,
    };
    shown.then_some(last)
}

/// The squares of the pending decision: where the piece may escape, the bomb's targets, the
/// trapped Peasants.
fn decision_marks(p: &Position) -> Vec<(Square, Mark)> {
    let mut marks = Vec::new();
    match p.phase() {
        Phase::Escape { from, piece } => {
            marks.push((*from, Mark::Origin));
            marks.extend(
                p.qualifying_escapes(*piece, *from)
                    .into_iter()
                    .map(|s| (s, Mark::Move)),
            );
        }
        Phase::Target { .. } => {
            marks.extend(p.target_options().into_iter().map(|s| (s, Mark::Capture)))
        }
        Phase::Trapped { side } => marks.extend(
            p.board()
                .trapped_peasants(*side)
                .into_iter()
                .map(|s| (s, Mark::Capture)),
        ),
        _ => {}
    }
    marks
}

/// `Catalonia · turn 4/15 · turn 3 scored 100 · total 100 · White to move`: the turn, the
/// points of the turn shown (this one once scored, or the one just ended), the total.
fn header(p: &Position, scored: Option<&TurnRecord>, state: &str) -> String {
    let points = match scored {
        Some(r) if r.turn == p.turn() => format!(" · this turn {}", r.points),
        Some(r) => format!(" · turn {} scored {}", r.turn, r.points),
        None => String::new(),
    };
    format!(
        "Catalonia · turn {}/{}{points} · total {} · {}",
        p.turn(),
        p.limit(),
        p.total(),
        state
    )
}
