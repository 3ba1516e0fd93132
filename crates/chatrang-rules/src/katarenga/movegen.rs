//! Katarenga moves: what a pawn may do from the colour of its square, camp entries, the
//! baseline decision, and playing a move (with the automatic pass).

use std::sync::OnceLock;

use super::{
    board::Hue,
    position::{Edge, Phase, Position, geometry, index_of, square_of},
};
use crate::{ByColor, Color, move_table, xbetza::Betza};

/// One action of the game.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Move {
    /// Black's opening decision: this edge is Black's baseline.
    Baseline(Edge),
    /// A pawn moves (or captures) from one square to another (indices `rank * 8 + file`).
    /// A piece moves (or captures) between two squares, by index.
    Step {
        /// The square it leaves.
        from: u8,
        /// The square it reaches.
        to: u8,
    },
    /// A pawn on the opponent's baseline leaves the board into a free enemy camp.
    /// A piece enters the enemy's camp from its last rank.
    Camp {
        /// The square it leaves.
        from: u8,
    },
}

/// How a pawn moves from each colour (in the order of [`Hue`]), in XBetza: red slides like a rook, yellow like a
/// bishop, green leaps like a knight, blue steps like a king. Red and yellow slides also stop
/// on the first square of their own colour, a rule of this game applied while walking a ray.
const BETZA: [(Hue, &str); 4] = [
    (Hue::Red, "R"),
    (Hue::Yellow, "B"),
    (Hue::Green, "N"),
    (Hue::Blue, "K"),
];

/// For each colour and square, the rays of that colour's movement as square indices, nearest
/// first: compiled once from [`BETZA`] by `move_table`, as every game's pieces are.
struct Reach([Vec<Vec<Vec<u8>>>; 4]);

fn reach() -> &'static Reach {
    static REACH: OnceLock<Reach> = OnceLock::new();
    REACH.get_or_init(|| {
        let g = geometry();
        Reach(BETZA.map(|(_, betza)| {
            let betza = Betza::parse(betza).expect("the four movements are XBetza");
            (0..64)
                .map(|i| {
                    move_table::compile(&betza, g, Color::White, square_of(i), false)
                        .iter()
                        .map(|ray| {
                            ray.steps
                                .iter()
                                .filter_map(|step| index_of(step.to).map(|to| to as u8))
                                .collect()
                        })
                        .collect()
                })
                .collect()
        }))
    })
}

/// The squares a pawn of `color` on `from` may move to, captures included unless the side's
/// first move is still due. Calls `found` once per target.
pub(crate) fn pawn_targets(
    pos: &Position,
    color: Color,
    from: usize,
    mut found: impl FnMut(usize),
) {
    let may_capture = !pos.first_move_due[color];
    let mut land = |to: usize| match pos.cells[to] {
        None => {
            found(to);
            true
        }
        Some(c) if c != color && may_capture => {
            found(to);
            false
        }
        Some(_) => false,
    };
    let hue = pos.hues[from];
    // `BETZA` lists the colours in the order of `Hue`.
    debug_assert_eq!(BETZA[hue as usize].0, hue);
    for ray in &reach().0[hue as usize][from] {
        for &to in ray {
            let to = usize::from(to);
            // Stop on the first occupied square (after capturing if allowed) and on the first
            // square of the pawn's own colour. A leap's ray has one square.
            if !land(to) || pos.hues[to] == hue {
                break;
            }
        }
    }
}

/// Every legal action of the side (or the decision) now, ignoring whether the game is over.
pub(crate) fn legal_moves(pos: &Position) -> Vec<Move> {
    match pos.phase {
        Phase::ChooseBaseline => Edge::ALL.into_iter().map(Move::Baseline).collect(),
        Phase::Turn(color) => moves_of(pos, color),
    }
}

/// The moves `color` would have if it were their turn.
pub(crate) fn moves_of(pos: &Position, color: Color) -> Vec<Move> {
    let mut out = Vec::new();
    let camp_free = pos.camps[color].contains(&false);
    for from in 0..64 {
        if pos.cells[from] != Some(color) {
            continue;
        }
        pawn_targets(pos, color, from, |to| {
            out.push(Move::Step {
                from: from as u8,
                to: to as u8,
            })
        });
        if camp_free && from / 8 == Position::target_rank(color) {
            out.push(Move::Camp { from: from as u8 });
        }
    }
    out
}

/// True if `color` has any legal move (cheaper than listing them).
pub(crate) fn can_move(pos: &Position, color: Color) -> bool {
    let camp_free = pos.camps[color].contains(&false);
    (0..64).any(|from| {
        if pos.cells[from] != Some(color) {
            return false;
        }
        if camp_free && from / 8 == Position::target_rank(color) {
            return true;
        }
        let mut any = false;
        pawn_targets(pos, color, from, |_| any = true);
        any
    })
}

/// Which camp a pawn entering from `from` takes: the one on its side of the board if free,
/// else the other. (Both camps count the same, so the bot chooses rather than ask.)
pub(crate) fn camp_for(pos: &Position, color: Color, from: usize) -> usize {
    let near = usize::from(from % 8 >= 4);
    if pos.camps[color][near] {
        1 - near
    } else {
        near
    }
}

/// What one action changed, for descriptions and the repetition history.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Effect {
    pub(crate) captured: bool,
    /// The camp entered, if any.
    pub(crate) camp: Option<usize>,
    /// The side that had no legal move and was passed over.
    pub(crate) passed: Option<Color>,
    /// True if the position can never come back (capture, camp, first move, baseline).
    pub(crate) irreversible: bool,
}

/// Plays a move already known to be legal, then skips a side that cannot move (if the other
/// can). Winning is judged by the caller from the resulting position.
pub(crate) fn apply(pos: &mut Position, m: Move) -> Effect {
    let mut effect = Effect {
        captured: false,
        camp: None,
        passed: None,
        irreversible: true,
    };
    let mover = match (pos.phase, m) {
        (Phase::ChooseBaseline, Move::Baseline(edge)) => {
            pos.arrangement = pos.arrangement.turned(edge.turns_to_top());
            pos.hues = pos.arrangement.hues();
            for file in 0..8 {
                pos.cells[file] = Some(Color::White);
                pos.cells[56 + file] = Some(Color::Black);
            }
            pos.phase = Phase::Turn(Color::White);
            return effect;
        }
        (Phase::Turn(color), _) => color,
        (Phase::ChooseBaseline, _) => return effect,
    };
    let first = std::mem::replace(&mut pos.first_move_due[mover], false);
    match m {
        Move::Step { from, to } => {
            effect.captured = pos.cells[to as usize].is_some();
            pos.cells[to as usize] = pos.cells[from as usize].take();
        }
        Move::Camp { from } => {
            let camp = camp_for(pos, mover, from as usize);
            pos.cells[from as usize] = None;
            pos.camps[mover][camp] = true;
            effect.camp = Some(camp);
        }
        Move::Baseline(_) => {}
    }
    effect.irreversible = first || effect.captured || effect.camp.is_some();
    if mover == Color::Black {
        pos.fullmove += 1;
    }
    let next = mover.other();
    pos.phase = Phase::Turn(next);
    if winner(pos).is_none() && !can_move(pos, next) && can_move(pos, mover) {
        pos.phase = Phase::Turn(mover);
        effect.passed = Some(next);
        if next == Color::Black {
            pos.fullmove += 1;
        }
    }
    effect
}

/// The side that has won, and why: two pawns in camp, or the opponent down to fewer than two
/// pawns.
pub(crate) fn winner(pos: &Position) -> Option<(Color, String)> {
    if pos.phase == Phase::ChooseBaseline {
        return None;
    }
    for color in Color::ALL {
        if pos.camped(color) == 2 {
            return Some((color, "two pawns in the enemy camps".to_string()));
        }
    }
    let left = ByColor::from_fn(|c| pos.pawns_left(c));
    for color in Color::ALL {
        if left[color.other()] < 2 {
            return Some((
                color,
                format!("{} has fewer than two pawns left", color.other()),
            ));
        }
    }
    None
}
