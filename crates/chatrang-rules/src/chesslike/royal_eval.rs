//! The royal piece's part of the evaluation: its safety while the enemy has pieces, and the
//! drive that mates a bare royal once the enemy has nothing left.
//!
//! Measured from outside (issue 40), the bot lost by slow slides, not blunders: it pushed the
//! pawns in front of its own King, walked the King instead of castling and left its minor
//! pieces at home. It also could not mate with King and Rook against King, because nothing
//! told the search that a cornered King is closer to mate. These terms say both.

use super::{board::Board, values::EvalTables, variant::Variant};
use crate::{Color, Square};

/// Middlegame, per friendly piece next to the royal.
const SHELTER: f64 = 8.0;
/// Middlegame, per pawn-family piece on the three squares straight in front of the royal...
const SHIELD_NEAR: f64 = 12.0;
/// ...and per one on the three squares beyond those.
const SHIELD_FAR: f64 = 6.0;
/// Once the enemy has nothing but its royal: per half square the bare royal stands away from
/// the middle of the board (pushing it to the edge and the corner is the way to mate it)...
const MOP_EDGE: i32 = 5;
/// ...and per square the winning royal stands closer to it (the royal helps to mate).
const MOP_NEAR: i32 = 10;
/// The least material (a Rook's worth, nearly) that can mate a bare royal by force.
const MOP_MATERIAL: i32 = 450;

/// What each side has besides its royal piece, gathered in the evaluation's one pass.
#[derive(Clone, Copy, Default)]
pub(super) struct Forces {
    /// Material of the pieces that are neither pawns nor royal, in centipawns.
    pub officers: i32,
    /// How many pawn-family pieces.
    pub pawns: u32,
}

/// The royal terms for both sides, White's minus Black's, at game phase `phase` (1.0 with
/// every piece on the board, 0.0 with none).
pub(super) fn royal_terms(
    board: &Board,
    v: &Variant,
    e: &EvalTables,
    forces: [Forces; 2],
    phase: f64,
) -> [i32; 2] {
    let mut score = [0; 2];
    for color in Color::ALL {
        let Some(royal) = board.royal[color.index()] else {
            continue;
        };
        let centre = f64::from(e.royal_centre[royal.index()]);
        let middlegame = f64::from(e.royal_home(color, royal.index())) - 0.75 * centre
            + SHELTER * shelter(board, v, color, royal)
            + shield(board, v, color, royal);
        let endgame = 1.25 * centre;
        score[color.index()] += (phase * middlegame + (1.0 - phase) * endgame).round() as i32;
    }
    for winner in Color::ALL {
        score[winner.index()] += mop_up(board, v, forces, winner);
    }
    score
}

/// Friendly pieces on the eight squares around the royal.
fn shelter(board: &Board, v: &Variant, color: Color, royal: Square) -> f64 {
    neighbours(v, royal)
        .filter(|&s| board.piece_at(s).is_some_and(|(c, _)| c == color))
        .count() as f64
}

/// The pawn shield: the side's own pawns on the files beside and under the royal, one and
/// two ranks in front of it. Pushing them opens lines to the royal.
fn shield(board: &Board, v: &Variant, color: Color, royal: Square) -> f64 {
    let forward: i8 = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let own_pawn = |sq: Option<Square>| {
        sq.and_then(|s| board.piece_at(s))
            .is_some_and(|(c, t)| c == color && v.piece_type(t).pawn)
    };
    let mut total = 0.0;
    for file in -1i8..=1 {
        if own_pawn(v.geometry().offset(royal, file, forward)) {
            total += SHIELD_NEAR;
        } else if own_pawn(v.geometry().offset(royal, file, 2 * forward)) {
            total += SHIELD_FAR;
        }
    }
    total
}

/// When `winner`'s opponent has only its royal and `winner` has mating material: a bonus for
/// the bare royal near the edge and the corner, and for `winner`'s royal near it.
fn mop_up(board: &Board, v: &Variant, forces: [Forces; 2], winner: Color) -> i32 {
    let loser = winner.other();
    let bare = forces[loser.index()].officers == 0 && forces[loser.index()].pawns == 0;
    if !bare || forces[winner.index()].officers < MOP_MATERIAL {
        return 0;
    }
    let Some(hunted) = board.royal[loser.index()] else {
        return 0;
    };
    let edge = MOP_EDGE * from_middle(v, hunted);
    let near = board.royal[winner.index()].map_or(0, |hunter| {
        let span = i32::from(v.geometry().files().max(v.geometry().ranks()));
        MOP_NEAR * (span - distance(v, hunter, hunted))
    });
    edge + near
}

/// How far `sq` stands from the middle of the board, in half squares along the files and the
/// ranks (a cylinder has no edge across its files, so only its ranks count). A measure of the
/// royal's own mobility would not do: it is the same on every square off the edge.
fn from_middle(v: &Variant, sq: Square) -> i32 {
    let across = |at: u8, size: u8| (2 * i32::from(at) - (i32::from(size) - 1)).abs();
    let files = if v.geometry().wraps_files() {
        0
    } else {
        across(sq.file(), v.geometry().files())
    };
    files + across(sq.rank(), v.geometry().ranks())
}

/// King-step distance between two squares (the short way round on a cylinder).
fn distance(v: &Variant, a: Square, b: Square) -> i32 {
    let ranks = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    let mut files = (i32::from(a.file()) - i32::from(b.file())).abs();
    if v.geometry().wraps_files() {
        files = files.min(i32::from(v.geometry().files()) - files);
    }
    files.max(ranks)
}

fn neighbours(v: &Variant, sq: Square) -> impl Iterator<Item = Square> + '_ {
    (-1i8..=1)
        .flat_map(move |df| (-1i8..=1).map(move |dr| (df, dr)))
        .filter(|&(df, dr)| (df, dr) != (0, 0))
        .filter_map(move |(df, dr)| v.geometry().offset(sq, df, dr))
}

#[cfg(test)]
mod tests {
    use crate::{chess, chesslike::Position};

    /// The evaluation for White, whoever is to move.
    fn for_white(fen: &str) -> i32 {
        let p = Position::from_text(chess::variant(), fen).expect("a legal position");
        let score = super::super::eval::evaluate(p.board(), &chess::variant());
        match p.side_to_move() {
            crate::Color::White => score,
            crate::Color::Black => -score,
        }
    }

    const CASTLED: &str = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1";

    #[test]
    fn pushing_the_pawns_in_front_of_the_castled_king_costs() {
        let home = for_white(&format!("{CASTLED} w - - 0 1"));
        let pushed = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P1PP/2N2N2/PPPP1P2/R1BQ1RK1 w - - 0 1";
        assert!(
            for_white(pushed) < home - 20,
            "g4 and h4 strip the King: {} against {home}",
            for_white(pushed)
        );
    }

    #[test]
    fn a_king_walked_up_the_board_in_the_middlegame_stands_worse_than_a_castled_one() {
        let castled = for_white(&format!("{CASTLED} w - - 0 1"));
        let walked = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2NK1/PPPP1PPP/R1BQ1R2 w - - 0 1";
        assert!(
            for_white(walked) < castled - 40,
            "a King on g3: {} against {castled}",
            for_white(walked)
        );
    }

    #[test]
    fn a_bare_king_in_the_corner_with_the_winning_king_near_scores_more() {
        let centre = for_white("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let corner = for_white("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        assert!(corner > centre + 50, "{corner} against {centre}");
    }

    #[test]
    fn no_drive_without_mating_material() {
        // King and Bishop cannot mate: where the bare King stands is worth nothing to White.
        let centre = for_white("8/8/8/3k4/8/8/8/2B1K3 w - - 0 1");
        let edge = for_white("k7/8/8/8/8/8/8/2B1K3 w - - 0 1");
        assert!(
            edge - centre < 40,
            "no mop-up with a Bishop: {edge} against {centre}"
        );
    }
}
