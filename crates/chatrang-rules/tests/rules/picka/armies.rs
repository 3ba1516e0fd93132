//! The list rules of `docs/rules.md` §2.2 on all three board sizes: each rule accepted and refused,
//! with the exact sentence a player reads. The built-in example lists are the starting point;
//! each test changes one piece to break one rule.

use chatrang_rules::{
    Color, GameId, Options,
    picka::{Army, ListRules, examples::example_list, validate::problems},
    registry,
};

fn example(id: GameId, color: Color) -> String {
    example_list(id, color).unwrap().to_string()
}

/// The problems of a list for a game.
fn check(id: GameId, text: &str) -> Vec<String> {
    let army = Army::parse(text).unwrap_or_else(|e| panic!("{e}"));
    problems(&army, &ListRules::for_game(id).unwrap())
}

/// The example list with one line replaced.
fn with(id: GameId, color: Color, old: &str, new: &str) -> String {
    let text = example(id, color);
    assert!(text.contains(old), "{old} is not in the example");
    text.replacen(old, new, 1)
}

const V2: GameId = GameId::PickATeamV2;
const PATCH: GameId = GameId::Patch;
const EASY: GameId = GameId::EasyPatch;

#[test]
fn the_built_in_lists_satisfy_their_games_rules() {
    for id in [V2, PATCH, EASY] {
        for color in Color::ALL {
            assert_eq!(
                check(id, &example(id, color)),
                Vec::<String>::new(),
                "{id:?} {color}"
            );
        }
    }
}

#[test]
fn lists_have_exactly_20_16_or_7_pieces() {
    for (id, size) in [(V2, 20), (PATCH, 16), (EASY, 7)] {
        let text = example(id, Color::White);
        let shorter: Vec<&str> = text.lines().skip(1).collect();
        let found = check(id, &shorter.join("\n"));
        let expected = format!(
            "{} needs lists of exactly {size} pieces; this one has {}",
            id.display_name(),
            size - 1
        );
        assert!(found.contains(&expected), "{found:?}");
    }
}

#[test]
fn rule_1_exactly_one_royal_piece() {
    for id in [V2, PATCH] {
        let none = with(id, Color::White, "King, K, K, royal", "Mann, K, K");
        assert_eq!(
            check(id, &none),
            vec![
                "the list needs exactly one royal piece; it has none (add royal after the \
                 XBetza of one piece)"
            ]
        );
        let two = with(id, Color::White, "Wazir, W, W", "Wazir, W, W, royal");
        assert_eq!(
            check(id, &two),
            vec!["the list needs exactly one royal piece; it has 2 (King, Wazir)"]
        );
    }
}

#[test]
fn rule_1_the_royal_never_reaches_more_than_8_squares() {
    for id in [V2, PATCH] {
        let big = with(
            id,
            Color::White,
            "King, K, K, royal",
            "Emperor, K, KD, royal",
        );
        assert_eq!(
            check(id, &big),
            vec![
                "Emperor is royal and can reach 12 squares from c3; a royal piece may reach at \
                 most 8"
            ]
        );
        // Hops count: on an empty board this one reaches 8, but with screens many more.
        let hopper = with(
            id,
            Color::White,
            "King, K, K, royal",
            "Hopper, K, KgR, royal",
        );
        let found = check(id, &hopper);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("Hopper is royal and can reach "),
            "{found:?}"
        );
        // A Royal Knight reaches exactly 8: allowed.
        let knight = with(
            id,
            Color::White,
            "King, K, K, royal",
            "Royal Knight, K, N, royal",
        );
        let found = check(id, &knight);
        assert!(!found.iter().any(|p| p.contains("royal")), "{found:?}");
    }
}

#[test]
fn rule_2_nothing_reaches_the_last_rank_from_the_first_when_two_ranks_are_full() {
    // A camel-rider goes 1 → 4 → 7 → 10 over free squares on 10×10, but not to 8 on 8×8.
    let v2 = with(V2, Color::White, "Zebra, Z, Z", "Camelrider, Z, CC");
    let found = check(V2, &v2);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("Camelrider standing on a1 can reach ")
            && found[0].ends_with(
                "10 in one move when ranks 1 and 2 are full; no piece may reach the last rank \
                 from the first"
            ),
        "{found:?}"
    );
    let patch = with(PATCH, Color::White, "Zebra, Z, Z", "Camelrider, Z, CC");
    assert!(!check(PATCH, &patch).iter().any(|p| p.contains("last rank")));
    // A cannon jumps the piece in front and slides on to the last rank.
    for (id, last) in [(V2, "a10"), (PATCH, "a8")] {
        let cannon = with(id, Color::Black, "Grasshopper, G, gQ", "Pao, G, mRcpR");
        assert_eq!(
            check(id, &cannon),
            vec![format!(
                "Pao standing on a1 can reach {last} in one move when ranks 1 and 2 are full; \
                 no piece may reach the last rank from the first"
            )]
        );
    }
    // The Grasshopper lands on rank 3 at most: allowed (it is in the Black examples).
    // Easy Patch has no such rule: its Black example has a Cannon.
    assert!(example(EASY, Color::Black).contains("mRcpR"));
}

#[test]
fn rule_3_no_piece_reaches_more_than_40_squares() {
    let dragon = with(V2, Color::White, "Archbishop, A, BN", "Dragon, A, QN");
    assert_eq!(
        check(V2, &dragon),
        vec!["Dragon can reach 43 squares from e5 on an empty board; at most 40 are allowed"]
    );
    // The same piece reaches 35 on 8×8: allowed there.
    for id in [PATCH, EASY] {
        let dragon = with(id, Color::White, "Archbishop, A, BN", "Dragon, A, QN");
        assert_eq!(check(id, &dragon), Vec::<String>::new(), "{id:?}");
        let amazon = with(id, Color::White, "Archbishop, A, BN", "Amazon, A, QNC");
        assert_eq!(
            check(id, &amazon),
            vec!["Amazon can reach 43 squares from d4 on an empty board; at most 40 are allowed"],
            "{id:?}"
        );
    }
}

#[test]
fn rule_4_enough_weak_pieces() {
    let v2 = with(V2, Color::White, "Wazir, W, W", "Mann, W, K");
    let found = check(V2, &v2);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("only 9 pieces (Ferz, Dabbaba, Alfil, Threeleaper, Tripper, Pawn,")
            && found[0].ends_with(
                "can reach at most 4 squares from every square of an empty board; at least 10 \
                 must"
            ),
        "{found:?}"
    );
    let patch = with(PATCH, Color::White, "Wazir, W, W", "Mann, W, K");
    let found = check(PATCH, &patch);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("only 7 pieces ") && found[0].ends_with("at least 8 must"));
    // Easy Patch lists need no weak pieces: its examples have none.
    assert_eq!(
        check(EASY, &example(EASY, Color::White)),
        Vec::<String>::new()
    );
}

#[test]
fn rule_5_no_two_pieces_move_alike() {
    for id in [V2, PATCH, EASY] {
        let twin = with(id, Color::White, "Rook, R, R", "Rook, R, R\nWoody, WO, WR");
        let found = check(id, &twin);
        assert!(
            found.contains(
                &"Rook and Woody move the same way; no two pieces may be the same".into()
            ),
            "{id:?}: {found:?}"
        );
    }
    // A royal King and a non-royal Mann are different pieces.
    let mann = with(V2, Color::White, "Camel, L, C", "Mann, L, WF");
    assert_eq!(check(V2, &mann), Vec::<String>::new());
}

#[test]
fn names_and_letters_are_unique_within_a_list() {
    let same_name = with(V2, Color::White, "Camel, L, C", "Rook, L, C");
    assert!(
        check(V2, &same_name)
            .contains(&"two pieces are called Rook; give each piece its own name".into())
    );
    let same_letter = with(PATCH, Color::White, "Zebra, Z, Z", "Zebra, R, Z");
    assert!(
        check(PATCH, &same_letter).contains(
            &"Rook and Zebra both use the letter R; give each piece its own letter".into()
        )
    );
}

#[test]
fn easy_patch_lists_have_no_royal_piece() {
    let royal = with(EASY, Color::White, "Camel, L, C", "Camel, L, C, royal");
    assert_eq!(
        check(EASY, &royal),
        vec![
            "Camel is marked royal, but in Easy Patch the Kings already stand on the board; \
             remove the royal mark"
        ]
    );
}

#[test]
fn a_new_game_with_a_bad_list_says_what_is_wrong_with_each_side() {
    let options = Options::default()
        .with(
            "white-army",
            with(V2, Color::White, "Archbishop, A, BN", "Dragon, A, QN"),
        )
        .with("black-army", "King, K, K, royal; Rook, R, R");
    let e = registry::new_game(V2, &options, 0).unwrap_err().to_string();
    assert!(
        e.starts_with("White's army does not fit Pick-a-team chess, Version Two:\n• Dragon"),
        "{e}"
    );
    assert!(e.contains("\nBlack's army does not fit"), "{e}");
    assert!(e.contains("this one has 2"), "{e}");

    let options = Options::default().with("black-army", "King, K, K, royal\nDragon, D, QX");
    let e = registry::new_game(PATCH, &options, 0)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "Black's army: piece 2 (\"Dragon, D, QX\"): in \"QX\", 'X' at character 2: not a piece \
         letter (W F D N A H C Z G K R B Q)"
    );
    let options = Options::default().with("white-army", "");
    assert!(registry::new_game(EASY, &options, 0).is_err());
    let options = Options::default().with("white-army", "Queen, Q, Q");
    assert!(registry::new_game(GameId::PickATeam, &options, 0).is_err());
}

#[test]
fn own_lists_make_the_pool_and_travel_in_the_position_string() {
    let white = with(EASY, Color::White, "Camel, L, C", "Dragon, D, QN");
    let options = Options::default().with("white-army", white.as_str());
    let game = registry::new_game(EASY, &options, 0).unwrap();
    assert!(game.view().pool.iter().any(|p| p.name == "Dragon"));
    let text = game.position_text();
    assert!(text.contains(" | White: Queen, Q, Q; ") && text.contains("Dragon, D, QN"));
    let loaded = registry::load(EASY, &text).unwrap();
    assert_eq!(loaded.position_text(), text);
    assert!(loaded.view().pool.iter().any(|p| p.name == "Dragon"));
}

#[test]
fn clashing_letters_across_lists_are_renamed_and_identical_pieces_shared() {
    // White's Chancellor is C; Black's Cannon also says C.
    let black = with(EASY, Color::Black, "Cannon, CA, mRcpR", "Cannon, C, mRcpR");
    let options = Options::default().with("black-army", black.as_str());
    let game = registry::new_game(EASY, &options, 0).unwrap();
    let pieces = game.pieces();
    let cannon = pieces.iter().find(|p| p.name == "Cannon").unwrap();
    assert_eq!(cannon.symbol, "CA");
    // Queen, Rook, Bishop and Knight are in both lists: one type each, two in the pool.
    let queens = game
        .view()
        .pool
        .iter()
        .filter(|p| p.name == "Queen")
        .count();
    assert_eq!(queens, 2);
    assert_eq!(pieces.iter().filter(|p| p.name == "Queen").count(), 1);
}
