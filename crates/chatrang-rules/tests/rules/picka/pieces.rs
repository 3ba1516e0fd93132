//! Pick-a-team, Version One: every one of the 30 types reaches exactly the squares `docs/rules.md`
//! §2.1 gives it, on an empty 10×10 board and among blockers, enemies to capture and screens.
//! Targets are the piece's own movement (pseudo-legal moves), read from the engine's board.

use chatrang_rules::{
    Color, Square,
    chesslike::{Board, Move, Variant},
    picka::PickRules,
};

/// Places pieces written as `<symbol><square>` (upper case White, lower case Black) and returns
/// the sorted squares the piece on `from` can move to.
fn targets(pieces: &str, from: &str) -> Vec<String> {
    let rules = PickRules::version_one();
    let v: &Variant = &rules.variant;
    let mut board = Board::empty();
    let mut side = Color::White;
    let from = Square::parse(from).unwrap();
    for token in pieces.split_whitespace() {
        let digits = token.bytes().rev().take_while(u8::is_ascii_digit).count();
        let cut = token.len() - digits - 1;
        let (symbol, square) = token.split_at(cut);
        let color = if symbol.chars().all(|c| c.is_ascii_uppercase()) {
            Color::White
        } else {
            Color::Black
        };
        let t = v
            .type_by_symbol(symbol)
            .unwrap_or_else(|| panic!("no type {symbol}"));
        let sq = Square::parse(square).unwrap();
        board.set(v, sq, Some((color, t)));
        if sq == from {
            side = color;
        }
    }
    board.side = side;
    let mut moves: Vec<Move> = Vec::new();
    board.pseudo_moves(v, &mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

fn squares(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Asserts the targets of the piece on `from` among `pieces`.
fn check(pieces: &str, from: &str, expected: &str) {
    assert_eq!(
        targets(pieces, from),
        squares(expected),
        "the piece on {from} in \"{pieces}\""
    );
}

#[test]
fn king_steps_one_square_any_way() {
    check("Ke5", "e5", "d4 d5 d6 e4 e6 f4 f5 f6");
    check("Ke5 Pd5 pf6", "e5", "d4 d6 e4 e6 f4 f5 f6");
}

#[test]
fn royal_knight_leaps_as_a_knight() {
    check("RNe5", "e5", "c4 c6 d3 d7 f3 f7 g4 g6");
    check("RNe5 Pd7 pf3 Pe6 Pd5", "e5", "c4 c6 d3 f3 f7 g4 g6");
}

#[test]
fn queen_rides_ranks_files_and_diagonals() {
    check(
        "Qe5",
        "e5",
        "e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 j5 \
         f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1",
    );
    check(
        "Qe5 Pe7 pc3 ph5",
        "e5",
        "e6 e4 e3 e2 e1 d5 c5 b5 a5 f5 g5 h5 f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3",
    );
}

#[test]
fn rook_rides_ranks_and_files() {
    check(
        "Re5",
        "e5",
        "e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 j5",
    );
    check("Re5 Pe3 pe8 Pb5", "e5", "e4 e6 e7 e8 c5 d5 f5 g5 h5 i5 j5");
}

#[test]
fn knight_leaps_over_pieces() {
    check("Nb1", "b1", "a3 c3 d2");
    check("Nb1 Pd2 pa3 Pb2 Pc2 Pa2", "b1", "a3 c3");
}

#[test]
fn bishop_rides_diagonals() {
    check(
        "Be5",
        "e5",
        "f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1",
    );
    check("Be5 Pg7 pc3", "e5", "f6 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3");
}

#[test]
fn chinese_nightrider_repeats_lame_knight_steps() {
    check(
        "CNe5",
        "e5",
        "a3 a7 c1 c4 c6 c9 d3 d7 f3 f7 g1 g4 g6 g9 i3 i7",
    );
    // e6 blocks both upward directions; g6 is captured and ends the ride; h4 blocks the step
    // g4–i3 and f2 the step f3–g1 without being captured; the own piece on c4 stops that line.
    check("CNe5 Pe6 pg6 ph4 Pc4 pf2", "e5", "a7 c1 c6 d3 f3 g4 g6");
}

#[test]
fn pao_moves_as_a_rook_and_captures_over_exactly_one_screen() {
    check(
        "Ce5",
        "e5",
        "e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 j5",
    );
    // Screens of either colour: e7 (own) for e9, e3 (enemy) for e1, c5 (own) for a5. It
    // cannot take the enemy on e3 directly, nor anything with two screens.
    check(
        "Ce5 Pe7 pe9 pe10 pe3 pe1 Pc5 pa5",
        "e5",
        "a5 d5 e1 e4 e6 e9 f5 g5 h5 i5 j5",
    );
}

#[test]
fn blocking_prince_steps_but_never_captures() {
    check("PRe5", "e5", "d4 d5 d6 e4 e6 f4 f5 f6");
    check("PRe5 Pd5 pf6", "e5", "d4 d6 e4 e6 f4 f5");
}

#[test]
fn blocking_prince_cannot_be_captured() {
    // The Rook, Knight and Pao around it can reach everything but the Prince's square.
    check("PRe5 re9", "e9", "a9 b9 c9 d9 f9 g9 h9 i9 j9 e10 e8 e7 e6");
    check("PRe5 nf7", "f7", "d6 d8 e9 g9 h6 h8 g5");
    check("PRe5 Pe3 ce1", "e1", "a1 b1 c1 d1 f1 g1 h1 i1 j1 e2");
}

#[test]
fn grasshopper_lands_just_beyond_the_first_piece() {
    check("Ge5", "e5", "");
    // e6 own hurdle → e7; g7 enemy hurdle → h8; c5 hurdle then b5 enemy → takes b5; e3 hurdle
    // then e2 own → nothing; g3 hurdle → h2.
    check("Ge5 Pe6 pg7 pc5 pb5 Pe3 Pe2 Pg3", "e5", "e7 h8 b5 h2");
}

#[test]
fn pawns_move_and_capture_by_their_kind_with_two_steps_from_the_third_rank() {
    // On e3 (its 3rd rank) every pawn may also go two steps in its moving direction(s).
    for (symbols, expected) in [
        (["P", "MP"], "e4 e5"),
        (["CP", "MC"], "e4 e5"),
        (["BP", "MB"], "d4 c5 f4 g5"),
        (["XP", "MX"], "d4 c5 f4 g5"),
        (["DP", "DC"], "e1 e2 e4 e5"),
        (["DB", "DX"], "e1 e2 d4 c5 f4 g5"),
        (["FP", "FC"], "e2 e4 e5"),
        (["FB", "FX"], "e2 d4 c5 f4 g5"),
    ] {
        for s in symbols {
            check(&format!("{s}e3"), "e3", expected);
        }
    }
}

#[test]
fn the_rules_example_berolina_pawn_on_e2_reaches_six_squares() {
    check("BPe2", "e2", "d3 c4 b5 f3 g4 h5");
    // From the 1st rank too; from the 4th only single steps.
    check("BPe1", "e1", "d2 c3 b4 f2 g3 h4");
    check("BPe4", "e4", "d5 f5");
}

#[test]
fn pawns_capture_as_their_kind_says() {
    // On e5: enemies on d6, e6 and e4, an own piece on f6.
    for (symbol, expected) in [
        ("P", "d6"),
        ("CP", "e6"),
        ("BP", "e6"),
        ("XP", "d6"),
        ("MP", "d6"),
        ("MC", "e6"),
        ("MB", "e6"),
        ("MX", "d6"),
        // Defending pawns retreat only onto empty squares: the enemy on e4 stops them.
        ("DP", "d6"),
        ("DC", "e6"),
        ("DB", "e6"),
        ("DX", "d6"),
        // Fish pawns may take straight back.
        ("FP", "d6 e4"),
        ("FC", "e6 e4"),
        ("FB", "e6 e4"),
        ("FX", "d6 e4"),
    ] {
        check(&format!("{symbol}e5 pd6 pe6 Pf6 pe4"), "e5", expected);
    }
}

#[test]
fn defending_pawn_retreats_any_distance_without_capturing() {
    check("DPe7 Pe3", "e7", "e4 e5 e6 e8");
    check("DXe7 pe4", "e7", "e5 e6 d8 f8");
}

#[test]
fn japanese_spear_rides_straight_forward_only() {
    check("JSe5", "e5", "e6 e7 e8 e9 e10");
    check("JSe5 Pe8", "e5", "e6 e7");
    check("JSe5 pe8", "e5", "e6 e7 e8");
}

#[test]
fn arabic_spear_moves_forward_and_captures_diagonally_forward() {
    check("ASe5", "e5", "e6 e7 e8 e9 e10");
    check("ASe5 pe8 pg7 Pd6 pc7", "e5", "e6 e7 g7");
}

#[test]
fn berolina_spear_moves_diagonally_forward_and_captures_forward() {
    check("BSe5", "e5", "f6 g7 h8 i9 j10 d6 c7 b8 a9");
    check("BSe5 pg7 pe8 Pb8", "e5", "c7 d6 e8 f6");
}

#[test]
fn diagonal_spear_rides_diagonally_forward_only() {
    check("DSe5", "e5", "f6 g7 h8 i9 j10 d6 c7 b8 a9");
    check("DSe5 pg7 Pc7", "e5", "d6 f6 g7");
}

#[test]
fn spears_on_the_last_rank_are_stuck() {
    for s in ["JS", "AS", "BS", "DS"] {
        check(&format!("{s}e10"), "e10", "");
    }
}

#[test]
fn black_pieces_move_down_the_board() {
    check("jse6", "e6", "e5 e4 e3 e2 e1");
    check("pe9 Pd8", "e9", "d8 e8 e7 e6");
    check("bpe8", "e8", "d7 c6 f7 g6");
}

#[test]
fn every_type_of_version_one_is_tested_here() {
    let rules = PickRules::version_one();
    let symbols: Vec<&str> = rules
        .variant
        .types()
        .iter()
        .map(|t| t.symbol.as_str())
        .collect();
    assert_eq!(symbols.len(), 30);
    let source = include_str!("pieces.rs");
    for s in symbols {
        let used = source.contains(&format!("\"{s}e"))
            || source.contains(&format!("\"{s}\""))
            || source.contains(&format!("\"{s}b"));
        assert!(used, "{s} has no target test");
    }
}

#[test]
fn piece_diagrams_show_pawns_on_their_second_rank_with_multi_steps() {
    use chatrang_rules::{GameId, Mark, Options, registry};
    let game = registry::new_game(GameId::PickATeam, &Options::default(), 0).unwrap();
    let diagram = game.piece_diagram("Defending Berolina Pawn").unwrap();
    let mut reach: Vec<String> = diagram
        .marks
        .iter()
        .filter(|(_, m)| *m != Mark::Origin)
        .map(|(s, _)| s.to_string())
        .collect();
    reach.sort();
    assert_eq!(reach, squares("e1 d3 c4 b5 f3 g4 h5 e3"));
    assert!(game.piece_diagram("Dragon").is_err());
}
