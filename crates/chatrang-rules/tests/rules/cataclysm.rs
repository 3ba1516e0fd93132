//! One test per Cataclysm rule of docs/rules.md §1, each with a position where the rule applies
//! and one where it must not.

use chatrang_rules::{GameId, Options, registry};

use super::helpers::{cataclysm, has, moves_from, sorted, targets};

const KINGS: &str = "K:i2 k:h11";

/// Own pieces on all eight squares around h6, except those listed.
fn ring_around_h6(except: &[&str]) -> String {
    ["g5", "h5", "i5", "g6", "i6", "g7", "h7", "i7"]
        .iter()
        .filter(|s| !except.contains(s))
        .map(|s| format!("P:{s}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn sorceress_first_step_must_land_on_an_empty_square() {
    let boxed_in = cataclysm(&format!("{KINGS} S:h6 {}", ring_around_h6(&[])), "w", "-");
    assert!(targets(&*boxed_in, "h6").is_empty());
    let one_gap = cataclysm(
        &format!("{KINGS} S:h6 {}", ring_around_h6(&["g6"])),
        "w",
        "-",
    );
    assert_eq!(targets(&*one_gap, "h6"), sorted(&["g6", "f5", "f6", "f7"]));
}

#[test]
fn sorceress_capture_on_the_first_step_ends_the_move() {
    let game = cataclysm(
        &format!("{KINGS} S:h6 p:g6 {}", ring_around_h6(&["g6"])),
        "w",
        "-",
    );
    assert_eq!(targets(&*game, "h6"), sorted(&["g6"]));
}

#[test]
fn sorceress_second_step_may_capture() {
    let game = cataclysm(
        &format!("{KINGS} S:h6 c:f6 {}", ring_around_h6(&["g6"])),
        "w",
        "-",
    );
    assert!(targets(&*game, "h6").contains(&"f6".to_string()));
}

#[test]
fn sorceress_makes_no_null_move_and_reaches_24_squares_in_the_open() {
    let game = cataclysm(&format!("{KINGS} S:h6"), "w", "-");
    let t = targets(&*game, "h6");
    assert_eq!(t.len(), 24);
    assert!(!t.contains(&"h6".to_string()));
}

/// Destinations of the Grand Rook on d4 up the d file.
fn up_the_d_file(pieces: &str) -> Vec<String> {
    let game = cataclysm(&format!("{KINGS} G:d4 {pieces}"), "w", "-");
    targets(&*game, "d4")
        .into_iter()
        .filter(|s| s.starts_with('d') && s[1..].parse::<u8>().unwrap() > 4)
        .collect()
}

#[test]
fn grand_rook_with_no_screen_moves_and_captures_like_a_rook() {
    assert_eq!(
        up_the_d_file("r:d9"),
        sorted(&["d5", "d6", "d7", "d8", "d9"])
    );
}

#[test]
fn grand_rook_captures_over_exactly_one_screen() {
    assert_eq!(up_the_d_file("P:d6 r:d9"), sorted(&["d5", "d9"]));
    // The screen may be of either colour.
    assert_eq!(up_the_d_file("p:d6 r:d9"), sorted(&["d5", "d6", "d9"]));
}

#[test]
fn grand_rook_cannot_capture_over_two_screens() {
    assert_eq!(up_the_d_file("P:d6 p:d7 r:d9"), sorted(&["d5", "d7"]));
    assert_eq!(up_the_d_file("P:d6 P:d7 r:d9"), sorted(&["d5"]));
}

#[test]
fn grand_rook_gives_check_through_a_screen() {
    let game = cataclysm("K:i2 k:h11 G:h4 p:h8", "b", "-");
    assert!(prompt(&*game).contains("check"), "{}", prompt(&*game));
    let unscreened = cataclysm("K:i2 k:h11 G:g4 p:h8", "b", "-");
    assert!(!prompt(&*unscreened).contains("check"));
}

fn prompt(game: &dyn chatrang_rules::Game) -> String {
    match game.status() {
        chatrang_rules::Status::Ongoing { prompt, .. } => prompt,
        chatrang_rules::Status::Over(o) => o.to_string(),
    }
}

fn start() -> Box<dyn chatrang_rules::Game> {
    registry::new_game(GameId::Cataclysm, &Options::default(), 0).unwrap()
}

#[test]
fn two_pawn_move_advances_two_unmoved_pawns_anywhere_on_the_rank() {
    let game = start();
    assert!(has(&*game, "d4d5&k4k5"));
    assert!(has(&*game, "a4a5&p4p5"));
    let count = game
        .legal_actions()
        .iter()
        .filter(|a| a.notation.contains('&'))
        .count();
    assert_eq!(count, 16 * 15 / 2);
    let mut game = start();
    game.play("d4d5&k4k5").unwrap();
    let text = game.position_text();
    assert!(text.contains("/3P6P5/"), "{text}");
}

#[test]
fn two_pawn_move_is_forbidden_when_a_pawn_would_attack_an_enemy_piece() {
    let game = cataclysm(&format!("{KINGS} P:a4 P:d4 P:k4 c:e6"), "w", "-");
    assert!(has(&*game, "a4a5&k4k5"));
    assert!(!has(&*game, "a4a5&d4d5"));
    assert!(!has(&*game, "d4d5&k4k5"));
    // A single step that attacks is still an ordinary legal move.
    assert!(has(&*game, "d4d5"));
}

#[test]
fn two_pawn_move_needs_both_pawns_unmoved() {
    let game = cataclysm(&format!("{KINGS} P:a4 P:d5 P:k4"), "w", "-");
    assert!(has(&*game, "a4a5&k4k5"));
    assert!(!has(&*game, "d5d6&k4k5"));
    assert!(!has(&*game, "a4a5&d5d6"));
}

#[test]
fn two_pawn_move_needs_both_squares_empty_and_the_king_safe() {
    let blocked = cataclysm(&format!("{KINGS} P:a4 P:d4 P:k4 p:d5"), "w", "-");
    assert!(!has(&*blocked, "a4a5&d4d5"));
    let in_check = cataclysm("K:i2 k:h11 r:i9 P:a4 P:b4", "w", "-");
    assert!(!has(&*in_check, "a4a5&b4b5"));
}

#[test]
fn two_pawn_move_creates_no_en_passant_right() {
    let mut game = cataclysm(&format!("{KINGS} P:d4 P:k4 p:c5"), "w", "-");
    game.play("d4d5&k4k5").unwrap();
    assert_eq!(game.position_text().split_whitespace().nth(3), Some("-"));
    assert!(!has(&*game, "c5d4"));
}

#[test]
fn pawn_double_step_and_en_passant() {
    let mut game = cataclysm(&format!("{KINGS} P:e4 p:d6"), "w", "-");
    assert!(has(&*game, "e4e6"));
    game.play("e4e6").unwrap();
    assert_eq!(game.position_text().split_whitespace().nth(3), Some("e5"));
    assert!(has(&*game, "d6e5"));
    game.play("d6e5").unwrap();
    let text = game.position_text();
    assert!(!text.contains('P'), "the white pawn is taken: {text}");
}

#[test]
fn en_passant_lapses_after_one_move() {
    let mut game = cataclysm(&format!("{KINGS} P:e4 p:d6 P:a4"), "w", "-");
    game.play("e4e6").unwrap();
    game.play("h11h10").unwrap();
    game.play("a4a5").unwrap();
    assert!(!has(&*game, "d6e5"));
}

#[test]
fn pawn_double_step_needs_both_squares_empty() {
    let game = cataclysm(&format!("{KINGS} P:e4 c:e5"), "w", "-");
    assert!(!has(&*game, "e4e6"));
    let game = cataclysm(&format!("{KINGS} P:e4 c:e6"), "w", "-");
    assert!(!has(&*game, "e4e6"));
    assert!(has(&*game, "e4e5"));
}

#[test]
fn promotion_on_rank_10_tiger_or_elephant_or_stay() {
    let game = cataclysm(&format!("{KINGS} P:e9"), "w", "-");
    assert_eq!(
        moves_from(&*game, "e9"),
        sorted(&["e9e10", "e9e10=T", "e9e10=E"])
    );
}

#[test]
fn promotion_on_rank_11_tiger_elephant_duke_centaur_or_stay() {
    let game = cataclysm(&format!("{KINGS} P:e10"), "w", "-");
    assert_eq!(
        moves_from(&*game, "e10"),
        sorted(&["e10e11", "e10e11=T", "e10e11=E", "e10e11=D", "e10e11=C"])
    );
}

#[test]
fn promotion_on_rank_12_is_compulsory_to_queen_grand_rook_bishop_or_sorceress() {
    let game = cataclysm(&format!("{KINGS} P:e11 c:f12"), "w", "-");
    assert_eq!(
        moves_from(&*game, "e11"),
        sorted(&[
            "e11e12=Q", "e11e12=G", "e11e12=B", "e11e12=S", "e11f12=Q", "e11f12=G", "e11f12=B",
            "e11f12=S"
        ])
    );
    let refused = registry::load(
        GameId::Cataclysm,
        &format!(
            "{} w - - 0 1",
            super::helpers::board(16, 12, "K:i2 k:h11 P:e12")
        ),
    );
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("must already have promoted")
    );
}

#[test]
fn a_pawn_that_stayed_gets_the_next_ranks_choice() {
    let mut game = cataclysm(&format!("{KINGS} P:e9"), "w", "-");
    game.play("e9e10").unwrap();
    game.play("h11h10").unwrap();
    assert!(has(&*game, "e10e11=D"));
}

#[test]
fn black_promotes_on_ranks_3_2_and_1() {
    let game = cataclysm(&format!("{KINGS} p:e4 p:c3 p:n2"), "b", "-");
    assert_eq!(
        moves_from(&*game, "e4"),
        sorted(&["e4e3", "e4e3=T", "e4e3=E"])
    );
    assert_eq!(moves_from(&*game, "c3").len(), 5);
    assert_eq!(
        moves_from(&*game, "n2"),
        sorted(&["n2n1=Q", "n2n1=G", "n2n1=B", "n2n1=S"])
    );
}

#[test]
fn kings_leap_to_an_empty_corner() {
    let game = cataclysm(KINGS, "w", "Kk");
    assert!(has(&*game, "i2a1"));
    assert!(has(&*game, "i2p1"));
    let black = cataclysm(KINGS, "b", "Kk");
    assert!(has(&*black, "h11a12"));
    assert!(has(&*black, "h11p12"));
}

#[test]
fn kings_leap_needs_the_corner_empty() {
    let game = cataclysm(&format!("{KINGS} G:a1"), "w", "Kk");
    assert!(!has(&*game, "i2a1"));
    assert!(has(&*game, "i2p1"));
    let start = start();
    assert!(!has(&*start, "i2a1") && !has(&*start, "i2p1"));
}

#[test]
fn kings_leap_is_not_allowed_out_of_check() {
    let game = cataclysm(&format!("{KINGS} r:i9"), "w", "Kk");
    assert!(!has(&*game, "i2a1"));
    assert!(!has(&*game, "i2p1"));
}

#[test]
fn kings_leap_may_not_land_in_check() {
    let game = cataclysm(&format!("{KINGS} r:a9"), "w", "Kk");
    assert!(!has(&*game, "i2a1"));
    assert!(has(&*game, "i2p1"));
}

#[test]
fn kings_leap_is_lost_once_the_king_has_moved() {
    let mut game = cataclysm(&format!("{KINGS} p:a9"), "w", "Kk");
    for m in ["i2j2", "a9a8", "j2i2", "a8a7"] {
        game.play(m).unwrap();
    }
    assert!(!has(&*game, "i2a1"));
    assert_eq!(game.position_text().split_whitespace().nth(2), Some("k"));
    // Without the right in the position string there is no leap either.
    let game = cataclysm(KINGS, "w", "-");
    assert!(!has(&*game, "i2a1"));
}

#[test]
fn no_castling_in_cataclysm() {
    let mut game = cataclysm("K:i2 k:h11 R:p2 R:a2", "w", "Kk");
    let error = game.play("O-O").unwrap_err().to_string();
    assert!(error.contains("castling is not possible"), "{error}");
    assert!(!has(&*game, "i2k2"));
}

#[test]
fn the_start_position_follows_rules_md_with_its_typos_fixed() {
    let game = start();
    let view = game.view();
    let at = |sq: &str| {
        view.pieces
            .iter()
            .find(|(s, _)| s.to_string() == sq)
            .map(|(_, p)| (p.symbol.clone(), p.color))
    };
    use chatrang_rules::Color::{Black, White};
    for sq in ["a2", "a3", "p2", "p3"] {
        assert_eq!(at(sq), Some(("T".into(), White)), "{sq}");
    }
    assert_eq!(at("g9"), Some(("P".into(), Black)));
    assert_eq!(at("c11"), Some(("B".into(), Black)));
    assert_eq!(at("n11"), Some(("B".into(), Black)));
    assert_eq!(at("c12"), None);
    assert_eq!(at("i2"), Some(("K".into(), White)));
    assert_eq!(at("h11"), Some(("K".into(), Black)));
    assert_eq!(view.pieces.len(), 2 * 38);
}
