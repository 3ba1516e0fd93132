//! Perft: counting the leaf nodes of the legal move tree, the standard correctness check of a
//! move generator against published counts.

use super::{board::Board, variant::Variant};

/// Counts leaf nodes `depth` plies deep. The last ply is counted, not played (bulk counting).
pub(crate) fn perft(board: &Board, v: &Variant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // A game the bare-king rule or the capture of the royal piece has ended has no moves, as
    // in Fairy-Stockfish.
    let royal_taken = v.rules.end.royal_capture && board.royal[board.side.index()].is_none();
    if royal_taken || board.bare_king_winner(v).is_some() {
        return 0;
    }
    if depth == 1 {
        return board.count_legal(v);
    }
    let mut moves = Vec::with_capacity(128);
    board.legal_moves(v, &mut moves);
    let mut total = 0;
    for &m in &moves {
        let mut next = board.clone();
        next.make(v, m);
        total += perft(&next, v, depth - 1);
    }
    total
}
