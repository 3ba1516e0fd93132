//! An oracle for the fast legal-move generator. The fast path decides legality with reverse
//! attack probes and skips the test for moves that cannot expose the king; the slow path here
//! plays every pseudo-legal move and asks whether any enemy reply captures the king. Both must
//! agree in every position reached by random play, for chess and Cataclysm.

use std::collections::BTreeSet;

use chatrang_rules::{
    cataclysm, chess,
    chesslike::{Board, Move, Position, Variant, special},
};

/// A small deterministic generator for the random games.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn king_capturable(board: &Board, v: &Variant) -> bool {
    let mut replies = Vec::new();
    board.pseudo_moves(v, &mut replies);
    let victim = board.side.other();
    replies
        .iter()
        .any(|m| board.royal[victim.index()] == Some(m.to))
}

fn slow_legal(board: &Board, v: &Variant) -> BTreeSet<String> {
    let mut pseudo = Vec::new();
    board.pseudo_moves(v, &mut pseudo);
    let mut special_moves = Vec::new();
    special::add_special_moves(board, v, &mut special_moves);
    pseudo
        .into_iter()
        .chain(special_moves)
        .filter(|&m| {
            let mut after = board.clone();
            after.make(v, m);
            !king_capturable(&after, v)
        })
        .map(key)
        .collect()
}

fn key(m: Move) -> String {
    format!("{m:?}")
}

fn compare(variant: std::sync::Arc<Variant>, games: usize, plies: usize, seed: u64) {
    let mut rng = Xorshift(seed);
    let mut positions = 0;
    for _ in 0..games {
        let mut position = Position::start(variant.clone());
        for _ in 0..plies {
            let board = position.board().clone();
            let mut fast = Vec::new();
            board.legal_moves(&variant, &mut fast);
            let fast_set: BTreeSet<String> = fast.iter().copied().map(key).collect();
            assert_eq!(
                fast_set.len(),
                fast.len(),
                "duplicate moves in {}",
                position.to_text()
            );
            assert_eq!(
                fast_set,
                slow_legal(&board, &variant),
                "in {}",
                position.to_text()
            );
            assert_eq!(
                board.count_legal(&variant),
                fast.len() as u64,
                "perft's count of the last ply in {}",
                position.to_text()
            );
            // The check flag agrees with "could the opponent take the king if it were their move".
            let mut passed = board.clone();
            passed.side = passed.side.other();
            passed.ep = None;
            assert_eq!(
                board.in_check(&variant),
                king_capturable(&passed, &variant),
                "check in {}",
                position.to_text()
            );
            positions += 1;
            if fast.is_empty() {
                break;
            }
            position.play_unchecked(fast[rng.below(fast.len())]);
        }
    }
    assert!(positions > games, "the games were played");
}

#[test]
fn fast_generator_agrees_with_the_slow_oracle_in_chess() {
    compare(chess::variant(), 60, 120, 0x1234_5678);
}

#[test]
fn fast_generator_agrees_with_the_slow_oracle_in_cataclysm() {
    compare(cataclysm::variant(), 12, 150, 0x9876_5432);
}
