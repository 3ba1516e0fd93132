//! The decisions of `docs/rules.md` that no other test pinned: one test per decision, named after
//! it, organised by game. Each test sets up a position (or an army) where the decision applies
//! and, where it makes sense, one where it must not, so that breaking the decision fails it.

use std::{sync::mpsc, thread, time::Duration};

use chatrang_rules::{
    Actor, Color, Game, GameId, Options, Outcome, Square, Status,
    catalonia::{
        CataloniaGame, Position,
        board::Board,
        dice::Dice,
        pieces::{Kind, Piece},
    },
    picka::{Army, ListRules, examples::example_list, validate::problems},
    registry,
};

use super::helpers::{board, catalonia_board, chess, has, moves_from, sorted, sq, targets};

// ---- 2. Pick-a-team chess and its siblings --------------------------------------------------

/// A Pick-a-team game (any of the four) from a position string; the player-defined games use
/// the built-in example lists.
fn picka(id: GameId, text: &str) -> Box<dyn Game> {
    registry::load(id, text).unwrap_or_else(|e| panic!("{id:?} {text}: {e}"))
}

/// A position on a `side` × `side` board with these pieces (as for `helpers::board`),
/// `to_move` to move, with no rights and no en-passant square.
fn square_board(side: u8, pieces: &str, to_move: &str) -> String {
    format!("{} {to_move} - - 0 1", board(side, side, pieces))
}

/// The built-in example list of a side with one line replaced.
fn example_with(id: GameId, color: Color, old: &str, new: &str) -> String {
    let text = example_list(id, color).expect("an example list");
    assert!(text.contains(old), "{old} is not in the {color} example");
    text.replacen(old, new, 1)
}

/// The list-rule problems of an army text in a game.
fn list_problems(id: GameId, text: &str) -> Vec<String> {
    let army = Army::parse(text).unwrap_or_else(|e| panic!("{e}"));
    problems(&army, &ListRules::for_game(id).expect("a game with lists"))
}

/// The promotion letters offered for the moves from `from` to `to`, sorted; panics if a move
/// between them does not promote.
fn promotions(game: &dyn Game, from: &str, to: &str) -> Vec<String> {
    let prefix = format!("{from}{to}");
    let mut letters: Vec<String> = moves_from(game, from)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .map(|m| {
            m.strip_prefix(&format!("{prefix}="))
                .unwrap_or_else(|| panic!("{m} does not promote"))
                .to_string()
        })
        .collect();
    letters.sort();
    letters
}

/// §2.4: no en passant in Version One, Version Two and Patch. A pawn that multi-steps past an
/// enemy pawn cannot be taken in passing, even when the position string names the square;
/// Easy Patch, whose orthodox pawns have en passant, shows the same position would allow it.
#[test]
fn no_en_passant_in_version_one_version_two_and_patch() {
    for (id, n) in [
        (GameId::PickATeam, 10),
        (GameId::PickATeamV2, 10),
        (GameId::Patch, 8),
    ] {
        let mut game = picka(id, &square_board(n, &format!("K:h1 k:h{n} P:e2 p:d4"), "w"));
        game.play("e2e4").unwrap();
        assert_eq!(moves_from(&*game, "d4"), ["d4d3"], "{id:?}");
        let text = game.position_text();
        assert_eq!(text.split_whitespace().nth(3), Some("-"), "{id:?}: {text}");
        // Nor does an en-passant square written into the position string (if it is accepted).
        let after = board(n, n, &format!("K:h1 k:h{n} P:e4 p:d4"));
        if let Ok(game) = registry::load(id, &format!("{after} b - e3 0 1")) {
            assert_eq!(moves_from(&*game, "d4"), ["d4d3"], "{id:?} with e3 given");
        }
    }
    let mut easy = picka(GameId::EasyPatch, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    easy.play("e2e4").unwrap();
    assert!(has(&*easy, "d4e3"), "Easy Patch pawns take en passant");
}

/// §2.4: player-defined pieces may not use `e` (en passant), in any of the three games.
#[test]
fn player_defined_pieces_may_not_use_en_passant() {
    let e = Army::parse("King, K, K, royal\nPawn, P, fmWfceF, pawn")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("piece 2 (\"Pawn, P, fmWfceF, pawn\")")
            && e.contains("'e' at character 6: there is no en passant in Pick-a-team armies"),
        "{e}"
    );
    // Without the `e` the same piece is read.
    assert!(Army::parse("King, K, K, royal\nPawn, P, fmWfcF, pawn").is_ok());
    for (id, old, new) in [
        (
            GameId::PickATeamV2,
            "Pawn, P, fmWfcF, pawn",
            "Pawn, P, fmWfceF, pawn",
        ),
        (
            GameId::Patch,
            "Pawn, P, fmWfcF, pawn",
            "Pawn, P, fmWfceF, pawn",
        ),
        (GameId::EasyPatch, "Camel, L, C", "Camel, L, eC"),
    ] {
        let options =
            Options::default().with("white-army", example_with(id, Color::White, old, new));
        let e = registry::new_game(id, &options, 0).unwrap_err().to_string();
        assert!(
            e.starts_with("White's army:") && e.contains("no en passant"),
            "{id:?}: {e}"
        );
    }
}

/// §2.4: no castling in any of the four games. A King and Rooks standing as for castling
/// have only their single steps, `O-O` is refused, a position string may not grant castling
/// rights, and a finished draft grants none.
#[test]
fn no_castling_in_any_of_the_four_pick_a_team_games() {
    let ten = "r4k3r/10/10/10/10/10/10/10/10/R4K3R";
    let cases = [
        (GameId::PickATeam, ten, "f1", "e1 e2 f2 g2 g1"),
        (GameId::PickATeamV2, ten, "f1", "e1 e2 f2 g2 g1"),
        (
            GameId::Patch,
            "r3k2r/8/8/8/8/8/8/R3K2R",
            "e1",
            "d1 d2 e2 f2 f1",
        ),
        (
            GameId::EasyPatch,
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R",
            "e1",
            "d1 f1",
        ),
    ];
    for (id, rows, king, steps) in cases {
        let mut game = picka(id, &format!("{rows} w - - 0 1"));
        let expected: Vec<&str> = steps.split_whitespace().collect();
        assert_eq!(targets(&*game, king), sorted(&expected), "{id:?}");
        for castle in ["O-O", "O-O-O", "0-0"] {
            assert!(game.play(castle).is_err(), "{id:?}: {castle} accepted");
        }
        for rights in ["KQkq", "K", "q"] {
            assert!(
                registry::load(id, &format!("{rows} w {rights} - 0 1")).is_err(),
                "{id:?}: castling rights {rights} accepted"
            );
        }
        let mut drafted = registry::new_game(id, &Options::default(), 3).unwrap();
        while drafted.position_text().contains(" draft") {
            let first = drafted.legal_actions()[0].notation.clone();
            drafted.play(&first).unwrap();
        }
        let text = drafted.position_text();
        assert_eq!(text.split_whitespace().nth(2), Some("-"), "{id:?}: {text}");
    }
}

/// §2.4: the Blocking Prince, which cannot be captured, still serves as a Pao's screen and a
/// Grasshopper's hurdle, whatever its colour; a Pao checks through it.
#[test]
fn the_blocking_prince_is_a_cannon_screen_and_a_grasshopper_hurdle() {
    let v1 = |pieces: &str, side: &str| picka(GameId::PickATeam, &square_board(10, pieces, side));
    for prince in ["[PR]", "[pr]"] {
        // The Pao on a1 captures the Rook on a8 over the Prince on a5.
        let game = v1(&format!("K:j1 k:j10 C:a1 {prince}:a5 r:a8"), "w");
        let file: Vec<String> = targets(&*game, "a1")
            .into_iter()
            .filter(|s| s.starts_with('a'))
            .collect();
        assert_eq!(file, sorted(&["a2", "a3", "a4", "a8"]), "{prince}");
        // The Grasshopper on e1 lands just beyond the Prince on e5, capturing there.
        let game = v1(&format!("K:j1 k:j10 G:e1 {prince}:e5 r:e6"), "w");
        assert!(has(&*game, "e1e6") && !has(&*game, "e1e7"), "{prince}");
        let game = v1(&format!("K:j1 k:j10 G:e1 {prince}:e5"), "w");
        assert!(has(&*game, "e1e6"), "{prince}");
        // A Black King behind the Prince is in check from the Pao.
        let game = v1(&format!("K:j1 k:a8 C:a1 {prince}:a5"), "b");
        assert_eq!(
            game.view().check,
            [Square::parse("a8").unwrap()],
            "{prince}"
        );
    }
    // Without the Prince: no screen, no hurdle, no check.
    let game = v1("K:j1 k:j10 C:a1 r:a8", "w");
    assert!(!has(&*game, "a1a8"));
    let game = v1("K:j1 k:j10 G:e1 r:e6", "w");
    assert!(!has(&*game, "e1e6") && has(&*game, "e1e7"));
    let game = v1("K:j1 k:a8 C:a1", "b");
    assert!(game.view().check.is_empty());
}

/// §2.4: Easy Patch's orthodox pawns must promote, to any non-royal, non-pawn type of the game
/// (either list's, picked or not): never to a King, a Pawn, or a pawn-family piece of a list.
#[test]
fn easy_patch_pawns_promote_to_any_non_royal_non_pawn_type() {
    let mut game = picka(GameId::EasyPatch, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        promotions(&*game, "e7", "e8"),
        sorted(&["Q", "R", "B", "N", "A", "C", "L", "G", "CE", "CA"])
    );
    let e = game.play("e7e8").unwrap_err().to_string();
    assert!(e.contains("promotion"), "{e}");
    game.play("e7e8=CA").unwrap();
    assert!(
        game.position_text().starts_with("k3[CA]3/"),
        "{}",
        game.position_text()
    );
    // A pawn-family piece of a list is no promotion choice.
    let white = example_with(
        GameId::EasyPatch,
        Color::White,
        "Camel, L, C",
        "Soldier, S, fsW, pawn",
    );
    let options = Options::default()
        .with("white-army", white)
        .with("position", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let game = registry::new_game(GameId::EasyPatch, &options, 0).unwrap();
    assert_eq!(
        promotions(&*game, "e7", "e8"),
        sorted(&["Q", "R", "B", "N", "A", "C", "G", "CE", "CA"])
    );
}

/// §2.4: in Version Two, Patch and Easy Patch a piece a list marks `pawn` must promote on the
/// last rank (Black: rank 1) to any non-royal, non-pawn type; a piece not so marked does not
/// promote, nor does a pawn-family move that stays off the last rank.
#[test]
fn player_defined_pawn_family_pieces_promote_on_the_last_rank() {
    // Version Two: the Berolina Pawn moves diagonally forward onto rank 10.
    let v2 = picka(
        GameId::PickATeamV2,
        &square_board(10, "K:a1 k:a10 [BP]:e9 W:h9", "w"),
    );
    let v2_types = [
        "Q", "R", "B", "N", "A", "C", "L", "Z", "NR", "W", "F", "D", "E", "H", "T", "G", "CE",
        "EL", "AB", "X", "CR",
    ];
    assert_eq!(promotions(&*v2, "e9", "d10"), sorted(&v2_types));
    assert_eq!(promotions(&*v2, "e9", "f10"), sorted(&v2_types));
    assert_eq!(moves_from(&*v2, "e9").len(), 2 * v2_types.len());
    assert!(has(&*v2, "h9h10"), "a Wazir does not promote");

    // Patch: White's Chinese Pawn onto rank 8; Black's Soldier down onto rank 1, while its
    // sideways steps on rank 2 stay Soldier moves.
    let patch_types = [
        "Q", "R", "B", "N", "A", "C", "Z", "W", "F", "D", "E", "H", "G", "CE", "EL", "T",
    ];
    let white = picka(GameId::Patch, &square_board(8, "K:a1 k:a8 [CP]:e7", "w"));
    assert_eq!(promotions(&*white, "e7", "e8"), sorted(&patch_types));
    let mut black = picka(GameId::Patch, &square_board(8, "K:a1 k:a8 s:e2", "b"));
    assert_eq!(promotions(&*black, "e2", "e1"), sorted(&patch_types));
    assert!(has(&*black, "e2d2") && has(&*black, "e2f2"));
    assert!(black.play("e2e1").is_err());
    black.play("e2e1=Q").unwrap();
    assert!(
        black.position_text().contains("/K3q3 w "),
        "{}",
        black.position_text()
    );

    // Easy Patch: a list's pawn-family Soldier promotes like the orthodox pawns.
    let list = example_with(
        GameId::EasyPatch,
        Color::White,
        "Camel, L, C",
        "Soldier, S, fsW, pawn",
    );
    let options = Options::default()
        .with("white-army", list)
        .with("position", "k7/4S3/8/8/8/8/8/4K3 w - - 0 1");
    let easy = registry::new_game(GameId::EasyPatch, &options, 0).unwrap();
    assert_eq!(
        promotions(&*easy, "e7", "e8"),
        sorted(&["Q", "R", "B", "N", "A", "C", "G", "CE", "CA"])
    );
}

/// §2.4: a piece may not be both royal and pawn family, whichever mark comes first; either
/// mark alone is fine.
#[test]
fn a_piece_may_not_be_both_royal_and_pawn_family() {
    for entry in ["Prince, PC, K, royal, pawn", "Prince, PC, K, pawn, royal"] {
        let e = Army::parse(entry).unwrap_err().to_string();
        assert!(
            e.contains("a piece cannot be both royal and pawn family"),
            "{entry}: {e}"
        );
    }
    for entry in ["Prince, PC, K, royal", "Prince, PC, K, pawn"] {
        assert!(Army::parse(entry).is_ok(), "{entry}");
    }
    let white = example_with(
        GameId::PickATeamV2,
        Color::White,
        "King, K, K, royal",
        "King, K, K, royal, pawn",
    );
    let options = Options::default().with("white-army", white);
    let e = registry::new_game(GameId::PickATeamV2, &options, 0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot be both royal and pawn family"), "{e}");
}

/// §2.4, list rule 4: a piece that only hops (the Grasshopper) reaches no square of an empty
/// board, so it counts as weak. Each example Black list, one weak piece made strong, is
/// exactly at the minimum only because its Grasshopper counts; one more and it falls short,
/// with the Grasshopper named among the weak.
#[test]
fn list_rule_4_counts_hop_only_pieces_as_weak() {
    for (id, min) in [(GameId::PickATeamV2, 10), (GameId::Patch, 8)] {
        let one = example_with(id, Color::Black, "Wazir, W, W", "Mann, W, K");
        assert_eq!(list_problems(id, &one), Vec::<String>::new(), "{id:?}");
        let two = one.replacen("Ferz, F, F", "Camel, F, C", 1);
        let found = list_problems(id, &two);
        assert_eq!(found.len(), 1, "{id:?}: {found:?}");
        assert!(
            found[0].starts_with(&format!("only {} pieces (", min - 1))
                && found[0].contains("Grasshopper")
                && found[0].ends_with(&format!("at least {min} must")),
            "{id:?}: {found:?}"
        );
    }
}

/// §2.4, list rule 5: pieces with the same movement but different pawn marks are different
/// pieces; with the same marks they are the same piece and the list is refused.
#[test]
fn list_rule_5_allows_the_same_movement_with_a_different_pawn_mark() {
    let id = GameId::PickATeamV2;
    // The example already has "Chinese Pawn, CP, fW, pawn".
    let footman = example_with(id, Color::White, "Camel, L, C", "Footman, L, fW");
    assert_eq!(list_problems(id, &footman), Vec::<String>::new());
    let twin = example_with(id, Color::White, "Camel, L, C", "Footman, L, fW, pawn");
    assert_eq!(
        list_problems(id, &twin),
        ["Footman and Chinese Pawn move the same way; no two pieces may be the same"]
    );
}

/// §2.4: a clash of name between the lists (pieces not identical) adds "(Black's list)" to
/// Black's piece, which keeps its letter unless that clashes too; White's piece and pieces
/// written identically in both lists keep their names.
#[test]
fn a_name_clash_across_lists_adds_blacks_list_to_blacks_piece() {
    let id = GameId::EasyPatch;
    let named = |black: String| {
        let options = Options::default().with("black-army", black);
        let game = registry::new_game(id, &options, 0).unwrap();
        let mut pieces: Vec<(String, String)> = game
            .pieces()
            .into_iter()
            .map(|p| (p.name, p.symbol))
            .collect();
        pieces.sort();
        pieces
    };
    let find = |pieces: &[(String, String)], name: &str| {
        pieces
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
            .collect::<Vec<_>>()
    };
    // White's Archbishop is A, BN; Black brings another Archbishop, AB, BW.
    let pieces = named(example_with(
        id,
        Color::Black,
        "Grasshopper, G, gQ",
        "Archbishop, AB, BW",
    ));
    assert_eq!(find(&pieces, "Archbishop"), ["A"]);
    assert_eq!(find(&pieces, "Archbishop (Black's list)"), ["AB"]);
    assert_eq!(find(&pieces, "Queen"), ["Q"]);
    assert!(find(&pieces, "Queen (Black's list)").is_empty());
    // Name and letter both clash: the name is marked and the letter replaced.
    let pieces = named(example_with(
        id,
        Color::Black,
        "Grasshopper, G, gQ",
        "Archbishop, A, BW",
    ));
    assert_eq!(find(&pieces, "Archbishop"), ["A"]);
    let renamed = find(&pieces, "Archbishop (Black's list)");
    assert_eq!(renamed.len(), 1, "{pieces:?}");
    assert_ne!(renamed[0], "A");
}

// ---- 3. Katarenga ---------------------------------------------------------------------------

/// §3.5: there is no "double win". Entering the second camp while the opponent has no pawn
/// home ends the game exactly as when the opponent has one: an ordinary win, same reason.
#[test]
fn katarenga_has_no_double_win() {
    let finish = |text: &str| {
        let mut game = registry::load(GameId::Katarenga, text).unwrap_or_else(|e| panic!("{e}"));
        game.play("b8-camp").unwrap();
        game.status()
    };
    // Black has no pawn in a camp, then one (beyond a1).
    let shutout = finish("AJS2 1Ppppppp/8/8/8/8/8/8/2PPPPPP w P--- - 9");
    let ordinary = finish("AJS2 1Ppppppp/8/8/8/8/8/8/2PPPPPP w P-p- - 9");
    assert_eq!(shutout, ordinary);
    match shutout {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(!reason.to_lowercase().contains("double"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

// ---- 4. Chromopolis -------------------------------------------------------------------------

/// §4.7: with unbinding choices owed on several squares, the owner chooses square by square in
/// board order (rank 1 first, then file a to g: e2 before c3), each choice before the next
/// square is asked, and only then does the turn pass.
#[test]
fn chromopolis_unbinding_choices_are_made_square_by_square_in_board_order() {
    // White's King on d2 applies force to c3 and e2, the Knight on a4 to c3; the Knight
    // moving e4–g3 applies force to e2. Two kinds lie bound on each square.
    let text = "4k1/7/N3N2/2.[NA]4/3K.[AL]2/6 w - 0 1";
    let mut game = registry::load(GameId::Chromopolis, text).unwrap_or_else(|e| panic!("{e}"));
    let legal = crate::helpers::legal;
    let said = game.play("e4g3").unwrap().description;
    assert!(said.contains("must choose"), "{said}");
    let saved = game.position_text();
    assert!(saved.contains(" w e2,c3 "), "{saved}");
    assert_eq!(legal(&*game), ["unbind e2 A", "unbind e2 L"]);
    assert!(game.play("unbind c3 N").is_err(), "c3 asked before e2");
    assert_eq!(game.position_text(), saved);
    game.play("unbind e2 L").unwrap();
    assert_eq!(legal(&*game), ["unbind c3 A", "unbind c3 N"]);
    assert!(matches!(
        game.status(),
        Status::Ongoing {
            actor: Actor::Side(Color::White),
            ..
        }
    ));
    game.play("unbind c3 N").unwrap();
    assert!(matches!(
        game.status(),
        Status::Ongoing {
            actor: Actor::Side(Color::Black),
            ..
        }
    ));
    let text = game.position_text();
    assert!(
        text.starts_with("4k1/7/N6/2N[A]3N/3KL[A]2/6 b - "),
        "{text}"
    );
}

// ---- 5. Catalonia ---------------------------------------------------------------------------

/// A square by name.
/// A Catalonia game on `b` at `turns` (like "1/15"), random, with the dice at `dice`, waiting
/// for `phase`, after `history`.
fn catalonia(b: &Board, turns: &str, dice: u64, phase: &str, history: &str) -> CataloniaGame {
    let text = format!(
        "{} {turns} random {dice:016x} {phase} {history} -",
        b.to_text()
    );
    chatrang_rules::catalonia::Catalonia::game(
        Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}")),
    )
}

/// A dice state whose next rolls are these (file die, rank die) pairs.
fn dice_rolling(rolls: &[(u8, u8)]) -> u64 {
    (0..u64::MAX)
        .find(|&seed| {
            let mut d = Dice::new(seed);
            rolls.iter().all(|&(f, r)| d.d6() == f && d.d6() == r)
        })
        .unwrap()
}

/// Plays `action` on another thread and gives up after a few seconds, so that a bomb rolled
/// for ever fails the test instead of hanging it.
fn play_within_seconds(mut game: CataloniaGame, action: &str) -> (CataloniaGame, String) {
    let (send, receive) = mpsc::channel();
    let action = action.to_string();
    thread::spawn(move || {
        let said = game.play(&action).map(|p| p.description);
        let _ = send.send((game, said));
    });
    let (game, said) = receive
        .recv_timeout(Duration::from_secs(20))
        .expect("the action did not finish: the bomb is rolled for ever");
    (game, said.unwrap_or_else(|e| panic!("{e}")))
}

/// §5.6: a Peasant may escape by its double step, treated as a leap like every escape. The
/// White Peasant bombed on d2 can join a chain only on d4, across the pit on d3, which it
/// could never cross as a move; a Peasant on its 3rd rank has no double step.
#[test]
fn a_catalonia_peasant_may_escape_by_its_double_step() {
    let white_peasant = Piece::new(Color::White, Kind::Peasant);
    // d2 → e3 → e5 → f4 → d2 is a chain; from d4 the Peasant joins d4 → e5 → f4 → e3 → d4.
    let b = catalonia_board(
        &[
            ("d2", 'P'),
            ("e3", 'g'),
            ("f4", 'G'),
            ("e5", 'g'),
            ("a8", 'n'),
        ],
        &["d3"],
    );
    assert_eq!(b.moves_from(sq("d2")), [sq("d1")]);
    assert_eq!(
        b.escape_squares(white_peasant, sq("d2")),
        [sq("d1"), sq("d4")]
    );
    let mut g = catalonia(
        &b,
        "2/15",
        dice_rolling(&[(3, 1)]),
        "black-moves-second",
        "1:16:a1.b1.c1.d1",
    );
    let said = g.play("a8c7").unwrap().description;
    assert!(said.contains("escapes to d4, the one square"), "{said}");
    let after = g.rules().position.board();
    assert!(after.is_pit(sq("d2")) && after.is_pit(sq("d3")));
    assert_eq!(after.piece_at(sq("d4")), Some(white_peasant));
    // From its 3rd (or 1st) rank a Peasant escapes by single steps only.
    let empty = Board::empty();
    assert_eq!(
        empty.escape_squares(white_peasant, sq("d3")),
        [sq("d2"), sq("d4")]
    );
    assert_eq!(empty.escape_squares(white_peasant, sq("d1")), [sq("d2")]);
    // Black's Peasants double-step down from rank 7.
    let black_peasant = Piece::new(Color::Black, Kind::Peasant);
    assert_eq!(
        empty.escape_squares(black_peasant, sq("e7")),
        [sq("e5"), sq("e6"), sq("e8")]
    );
}

/// Every square from b2 to g7 except those named.
fn bomb_squares_except(except: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for file in 'b'..='g' {
        for rank in 2..=7 {
            let name = format!("{file}{rank}");
            if !except.contains(&name.as_str()) {
                out.push(name);
            }
        }
    }
    out
}

/// §5.6: when every square from b2 to g7 is a pit, no bomb falls: the turn is scored and ends
/// without a new pit or a lost piece. With one square still free the bomb finds it.
#[test]
fn catalonia_drops_no_bomb_when_every_square_from_b2_to_g7_is_a_pit() {
    // a1 → b1 → d1 → c1 → a1 is a chain of Gentlemen on the rim; Black's Lady makes the move.
    let pieces = [
        ("a1", 'G'),
        ("b1", 'g'),
        ("c1", 'G'),
        ("d1", 'g'),
        ("a8", 'l'),
    ];
    for free in [None, Some("g7")] {
        let pits = bomb_squares_except(&free.into_iter().collect::<Vec<_>>());
        let pit_names: Vec<&str> = pits.iter().map(String::as_str).collect();
        let b = catalonia_board(&pieces, &pit_names);
        let g = catalonia(&b, "1/15", 1, "black-moves-second", "-");
        let (g, said) = play_within_seconds(g, "a8a7");
        let after = g.rules().position.board();
        assert_eq!(g.rules().position.history()[0].points, 16, "{said}");
        assert_eq!(after.pits().len(), 36, "{said}");
        assert_eq!(after.piece_count(), 5, "{said}");
        assert_eq!(g.rules().position.turn(), 2, "{said}");
        match free {
            None => assert!(said.contains("no bomb"), "{said}"),
            Some(square) => {
                assert!(after.is_pit(sq(square)));
                assert!(!said.contains("no bomb"), "{said}");
            }
        }
    }
}

/// §5.6: the chain is looked for after both sides have moved. A chain White's move makes and
/// Black's move breaks is not scored (before the first chain: no score, no bomb); the same
/// chain kept by Black's move is.
#[test]
fn a_catalonia_chain_broken_by_the_second_move_is_not_scored() {
    // White's Gentleman f4–d4 closes c3 → c4 → d4 → c3 … with Black's d3 and c4.
    let b = catalonia_board(
        &[
            ("c3", 'G'),
            ("d3", 'g'),
            ("c4", 'g'),
            ("f4", 'G'),
            ("a8", 'n'),
        ],
        &[],
    );
    for (black, scored) in [("d3e2", false), ("a8c7", true)] {
        let mut g = catalonia(&b, "1/15", dice_rolling(&[(6, 6)]), "white-moves", "-");
        assert!(g.view().arrows.is_empty(), "no chain before White's move");
        g.play("f4d4").unwrap();
        assert_eq!(g.view().arrows.len(), 4, "White's move makes a chain of 4");
        let said = g.play(black).unwrap().description;
        if scored {
            assert_eq!(g.rules().position.history()[0].points, 16, "{said}");
            assert!(g.rules().position.board().is_pit(sq("g7")), "{said}");
        } else {
            assert!(g.rules().position.history().is_empty(), "{said}");
            assert!(said.contains("no chain yet"), "{said}");
            assert_eq!(g.rules().position.board().pits().len(), 0, "{said}");
        }
        assert_eq!(g.rules().position.turn(), 2, "{said}");
    }
}

// ---- 6. Rules common to every game ----------------------------------------------------------

/// §6: games are named by their id or their display name, in any letter case (the service's
/// commands read game names with `GameId::parse`); other names are refused.
#[test]
fn games_are_accepted_by_display_name_in_any_letter_case() {
    for id in GameId::ALL {
        let name = id.display_name();
        for text in [
            name.to_string(),
            name.to_uppercase(),
            name.to_lowercase(),
            format!("  {name}  "),
            id.slug().to_string(),
            id.slug().to_uppercase(),
        ] {
            assert_eq!(GameId::parse(&text), Ok(id), "{text:?}");
        }
    }
    assert_eq!(
        GameId::parse("PICK-A-TEAM CHESS, VERSION TWO"),
        Ok(GameId::PickATeamV2)
    );
    assert_eq!(GameId::parse("easy patch"), Ok(GameId::EasyPatch));
    for unknown in ["Version Two", "chess960", "Chromopolis 2", ""] {
        assert!(GameId::parse(unknown).is_err(), "{unknown:?} accepted");
    }
}

// ---- 7. Orthodox chess ----------------------------------------------------------------------

/// §7: insufficient material is not detected: bare Kings, or a King with one minor piece, play
/// on (only the fifty-move rule, repetition or agreement end such games).
#[test]
fn chess_does_not_detect_insufficient_material() {
    for text in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",
        "8/8/8/2b1k3/8/8/8/2B1K3 w - - 0 1",
    ] {
        let game = chess(text);
        assert!(
            matches!(game.status(), Status::Ongoing { .. }),
            "{text}: {:?}",
            game.status()
        );
        assert!(!game.legal_actions().is_empty(), "{text}");
    }
    // Taking the last piece leaves bare Kings, and the game goes on.
    let mut game = chess("8/8/8/8/8/8/4q3/4K2k w - - 0 1");
    game.play("e1e2").unwrap();
    assert!(
        matches!(game.status(), Status::Ongoing { .. }),
        "{:?}",
        game.status()
    );
}
