//! How good a chess-like position is, for any army: piece values and square bonuses derived
//! from each piece's move table, so that player-defined pieces (Pick-a-team's XBetza armies)
//! are valued as fairly as the orthodox ones.
//!
//! A piece's value grows with its mobility on a board where each square is occupied with
//! probability 0.3 (so a long slide counts for less than its length), with the curve fitted
//! so that orthodox chess gives about 3, 3.4, 4.9 and 9.1 pawns for the Knight, Bishop, Rook
//! and Queen. Pawn-family pieces are worth a pawn and gain as they near promotion; a royal
//! piece has no material value (losing it ends the game) but wants its home rank and its
//! pawn shield while the enemy has pieces, and the centre once they are gone (`royal_eval`).
//! Light pieces left on their home rank cost a little while the board is full: development.

use super::{
    board::Board,
    cell::{cell_color, cell_type},
    moves::{Move, MoveKind},
    pawn_structure::pawn_terms,
    piece::TypeId,
    royal_eval::{Forces, royal_terms},
    values::EvalTables,
    variant::Variant,
};
use crate::{Color, Square, xbetza::Hop};

/// The chance that a square along a ray is free, for the mobility that sets piece values.
const FREE: f64 = 0.7;
/// value = SCALE · mobility ^ POWER (fitted to the orthodox pieces at [`FREE`]).
const SCALE: f64 = 45.3;
const POWER: f64 = 1.13;
const PAWN: i32 = 100;
/// Centipawns per square of mobility above the piece's average: the centralisation bonus.
const CENTRE: f64 = 4.0;
const TEMPO: i32 = 10;
/// In the middlegame, per light piece (worth less than [`LIGHT`]) still on its home rank.
const UNDEVELOPED: i16 = 15;
const LIGHT: i32 = 450;
/// In the middlegame, per rank a royal piece stands above its home rank (up to three)...
const ROYAL_ADVANCE: f64 = 25.0;
/// ...and per file it stands away from the middle of the board (a castled King is safer).
const ROYAL_WING: f64 = 8.0;

impl Variant {
    /// Piece values and square bonuses for the search (see [`EvalTables`]), built the first
    /// time they are asked for.
    pub(crate) fn eval_tables(&self) -> &EvalTables {
        self.eval.get_or_init(|| tables(self))
    }
}

/// Computes a variant's evaluation tables.
fn tables(v: &Variant) -> EvalTables {
    let types = v.types().len();
    let mut value = vec![0; types];
    let mut square = vec![0i16; types * 2 * 256];
    let mut royal_centre = vec![0i16; 256];
    let mut undeveloped = vec![0i16; types * 2 * 256];
    let mut advance = vec![-1.0f32; types * 2 * 256];
    for t in 0..types as TypeId {
        let piece = v.piece_type(t);
        let per_square: Vec<(Square, f64)> = v
            .squares
            .iter()
            .map(|&sq| (sq, mobility(v, t, Color::White, sq)))
            .collect();
        let average =
            per_square.iter().map(|(_, m)| m).sum::<f64>() / per_square.len().max(1) as f64;
        value[t as usize] = if piece.royal {
            0
        } else if piece.pawn {
            PAWN
        } else {
            (SCALE * average.powf(POWER)).round() as i32
        };
        for color in Color::ALL {
            for &sq in &v.squares {
                let bonus = if piece.royal {
                    0.0
                } else if piece.pawn {
                    advance_bonus(v, t, color, sq)
                } else {
                    CENTRE * (mobility(v, t, color, sq) - average)
                };
                let at = (t as usize * 2 + color.index()) * 256 + sq.index();
                square[at] = bonus.round() as i16;
                if piece.pawn
                    && let Some(done) = advance_done(v, t, color, sq)
                {
                    advance[at] = done as f32;
                }
                let light = !piece.royal && !piece.pawn && value[t as usize] < LIGHT;
                if light && v.geometry().relative_rank(sq, color) == 0 {
                    undeveloped[at] = UNDEVELOPED;
                }
            }
        }
        if piece.royal {
            for (sq, m) in &per_square {
                royal_centre[sq.index()] = (CENTRE * (m - average)).round() as i16;
            }
        }
    }
    let mut royal_home = vec![0i16; 2 * 256];
    let middle = f64::from(v.geometry().files() - 1) / 2.0;
    for color in Color::ALL {
        for &sq in &v.squares {
            let advance = f64::from(v.geometry().relative_rank(sq, color).min(3));
            let wing = (f64::from(sq.file()) - middle).abs();
            royal_home[color.index() * 256 + sq.index()] =
                (ROYAL_WING * wing - ROYAL_ADVANCE * advance).round() as i16;
        }
    }
    // Games that start from an empty board (the Pick-a-team draft) count a chess army.
    let full_material = match start_material(v, &value) {
        m if m > 0 => m,
        _ => 6000,
    };
    EvalTables {
        value,
        square,
        royal_centre,
        royal_home,
        undeveloped,
        advance,
        full_material,
    }
}

/// How many squares a piece reaches from `sq`, each weighted by the chance the way there is
/// free; move-only and capture-only reach count half, hops half again.
fn mobility(v: &Variant, t: TypeId, color: Color, sq: Square) -> f64 {
    let mut total = 0.0;
    for ray in v.rays(t, color, sq) {
        let mode = match (ray.moves(), ray.captures()) {
            (true, true) => 1.0,
            (false, false) => 0.0,
            _ => 0.5,
        };
        let hop = if ray.hop == Hop::None { 1.0 } else { 0.5 };
        let steps = v.ray_steps(ray).len();
        let first = ray.pass_first as usize;
        for i in first..steps {
            total += mode * hop * FREE.powi((i - first) as i32);
        }
    }
    total
}

/// A pawn-family piece's bonus for nearing its promotion rank, growing with the square of
/// the distance covered; pieces without promotion get none.
fn advance_bonus(v: &Variant, t: TypeId, color: Color, sq: Square) -> f64 {
    advance_done(v, t, color, sq).map_or(0.0, |done| 60.0 * done * done)
}

/// How much of its way to promotion a pawn-family piece on `sq` has covered, 0.0 on its
/// start rank to 1.0 on the promotion rank; `None` for a piece that never promotes.
fn advance_done(v: &Variant, t: TypeId, color: Color, sq: Square) -> Option<f64> {
    let piece = v.piece_type(t);
    let goal = piece.promotions.iter().map(|p| p.relative_rank).min()?;
    let start = piece.initial_ranks.first().copied().unwrap_or(1).min(goal);
    let rank = v.geometry().relative_rank(sq, color);
    let span = f64::from(goal.saturating_sub(start).max(1));
    Some(f64::from(rank.saturating_sub(start)).min(span) / span)
}

/// The non-pawn, non-royal material of the variant's start position (both sides).
fn start_material(v: &Variant, value: &[i32]) -> i32 {
    super::fen::Setup::parse(v, &v.rules.start_position)
        .map(|setup| {
            setup
                .pieces
                .iter()
                .filter(|(_, _, t)| !v.piece_type(*t).pawn)
                .map(|(_, _, t)| value[*t as usize])
                .sum()
        })
        .unwrap_or(0)
}

/// The static evaluation of `board` for the side to move, in centipawns.
pub(crate) fn evaluate(board: &Board, v: &Variant) -> i32 {
    let e = v.eval_tables();
    let mut score = [0i32; 2];
    let mut forces = [Forces::default(); 2];
    let mut undeveloped = [0i32; 2];
    for &sq in &v.squares {
        let c = board.at(sq);
        if c == 0 {
            continue;
        }
        let (color, t) = (cell_color(c), cell_type(c));
        let piece = v.piece_type(t);
        score[color.index()] += e.value[t as usize] + e.square_bonus(t, color, sq.index());
        undeveloped[color.index()] += e.undeveloped(t, color, sq.index());
        if piece.pawn {
            forces[color.index()].pawns += 1;
        } else {
            forces[color.index()].officers += e.value[t as usize];
        }
    }
    // 1.0 with all the pieces on the board, 0.0 with none: the royal hides early, leads late.
    let material = forces[0].officers + forces[1].officers;
    let phase = f64::from(material.min(e.full_material)) / f64::from(e.full_material);
    let royal = royal_terms(board, v, e, forces, phase);
    let pawns = pawn_terms(board, v, e, phase);
    for color in Color::ALL {
        let i = color.index();
        score[i] += royal[i] + pawns[i] - (phase * f64::from(undeveloped[i])).round() as i32;
    }
    let us = board.side;
    score[us.index()] - score[us.other().index()] + TEMPO
}

/// What a capture or promotion gains at once: the victim's value less a tenth of the
/// attacker's (so cheap attackers go first), plus a promotion's gain. `None` for quiet moves.
pub(crate) fn capture_gain(board: &Board, v: &Variant, m: Move) -> Option<i32> {
    let e = v.eval_tables();
    let attacker = cell_type(board.at(m.from));
    let victim = match m.kind {
        MoveKind::EnPassant { .. } => Some(PAWN),
        _ => {
            let c = board.at(m.to);
            (c != 0 && cell_color(c) != board.side).then(|| {
                let t = cell_type(c);
                if v.piece_type(t).royal {
                    100 * PAWN
                } else {
                    e.value[t as usize]
                }
            })
        }
    };
    let promotion = m
        .promotion
        .map(|p| e.value[p as usize] - e.value[attacker as usize]);
    match (victim, promotion) {
        (None, None) => None,
        (victim, promotion) => {
            Some(victim.unwrap_or(0) - e.value[attacker as usize] / 10 + promotion.unwrap_or(0))
        }
    }
}
