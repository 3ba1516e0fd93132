//! Variants defined by players (`docs/variants.md`): the definitions in `tests/data/variants/`
//! against the perft counts Fairy-Stockfish publishes for the same games (its `tests/perft.sh`),
//! the canonical text, the rules a definition switches, and one refusal per kind of mistake.

use chatrang_rules::{
    Color, Game, Outcome, Status,
    chesslike::{ChessLike, Position},
    custom::{self, Definition, DefinitionError},
};

/// A definition from the test data, read or the test fails with its refusal.
fn definition(file: &str) -> Definition {
    let path = format!("{}/tests/data/variants/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    custom::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A position of a definition's variant: its start, or a position string.
fn position(d: &Definition, fen: Option<&str>) -> Position {
    match fen {
        None => d
            .start_position()
            .unwrap_or_else(|e| panic!("{}: {e}", d.name)),
        Some(fen) => {
            let variant = d.compile().unwrap_or_else(|e| panic!("{}: {e}", d.name));
            Position::from_text(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
        }
    }
}

/// Fairy-Stockfish's published counts (`tests/perft.sh` in its repository): the variant's file
/// here, the position (`None`: the start), the depth and the count.
const PUBLISHED: &[(&str, Option<&str>, u32, u64)] = &[
    ("losalamos.ini", None, 5, 191_846),
    (
        "losalamos.ini",
        Some("6/2P3/6/1K1k2/6/6 w - - 0 1"),
        6,
        187_431,
    ),
    (
        "berolina.ini",
        Some("k7/6P1/8/8/8/2K2p2/4p3/8 w - - 0 1"),
        3,
        1_983,
    ),
    ("makruk.ini", None, 4, 273_026),
    ("shatranj.ini", None, 4, 68_122),
    ("amazon.ini", None, 4, 318_185),
    ("nightrider.ini", None, 4, 419_019),
    ("grasshopper.ini", None, 4, 635_298),
    ("courier.ini", None, 4, 500_337),
    ("capablanca.ini", None, 4, 805_128),
    ("embassy.ini", None, 4, 809_539),
    ("janus.ini", None, 4, 772_074),
    ("grand.ini", None, 3, 259_514),
    (
        "grand.ini",
        Some("r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3"),
        2,
        5_768,
    ),
];

#[test]
fn defined_variants_count_the_moves_fairy_stockfish_publishes() {
    let mut wrong = Vec::new();
    for &(file, fen, depth, expected) in PUBLISHED {
        let d = definition(file);
        let count = position(&d, fen).perft(depth);
        if count != expected {
            wrong.push(format!(
                "{file} {fen:?} depth {depth}: {count}, published {expected}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_definition_writes_a_canonical_text_that_reads_to_itself() {
    for (file, ..) in PUBLISHED {
        let d = definition(file);
        let text = d.to_text();
        assert_eq!(custom::parse(&text).as_ref(), Ok(&d), "{file}:\n{text}");
        assert_eq!(custom::parse(&text).unwrap().to_text(), text);
    }
}

#[test]
fn building_on_chess_gives_chess_and_its_twenty_moves() {
    let d = custom::parse("[Plain:chess]").unwrap();
    assert_eq!(d.pieces.len(), 6);
    let start = d.start_position().unwrap();
    assert_eq!(start.legal_moves().len(), 20);
    assert_eq!(start.perft(3), 8_902);
    // Castling is the orthodox one: from a position that allows it, both sides are there.
    let castles = position(&d, Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    assert_eq!(castles.perft(1), 26);
}

#[test]
fn castling_on_ten_files_goes_where_the_definition_says() {
    use chatrang_rules::chesslike::notation::canonical;
    let capablanca = definition("capablanca.ini");
    let rooks = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let start = position(&capablanca, Some(rooks));
    let castles: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| canonical(&start, m))
        .filter(|m| m.starts_with("f1") && (m.ends_with("i1") || m.ends_with("c1")))
        .collect();
    assert_eq!(castles, ["f1i1", "f1c1"]);
    let mut kingside = start.clone();
    let m = start
        .legal_moves()
        .into_iter()
        .find(|&m| canonical(&start, m) == "f1i1")
        .unwrap();
    kingside.play(m).unwrap();
    // The King on i1, the Rook beside it on h1; White's rights are gone, Black's are not.
    assert_eq!(
        kingside.to_text(),
        "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1"
    );
    // Fairy-Stockfish's counts (`go perft` with its own Capablanca and Janus chess): with
    // both castlings, with a Rook on d2 that stops neither but checks on the way, and Janus
    // chess's King going to b and i.
    let janus = definition("janus.ini");
    for (d, fen, depth, expected) in [
        (&capablanca, rooks, 1, 28),
        (&capablanca, rooks, 3, 18_317),
        (&capablanca, rooks, 4, 472_725),
        (
            &capablanca,
            "r4k3r/10/10/10/10/10/3r6/R4K3R w KQkq - 0 1",
            3,
            21_307,
        ),
        (
            &janus,
            "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",
            3,
            18_296,
        ),
    ] {
        assert_eq!(position(d, Some(fen)).perft(depth), expected, "{fen}");
    }
}

#[test]
fn grand_chess_promotes_within_its_limits_and_never_stays_a_pawn_on_the_last_rank() {
    use chatrang_rules::chesslike::notation::canonical;
    let grand = definition("grand.ini");
    // White has its Queen and both Rooks: a pawn may become an Archbishop, a Chancellor, a
    // Bishop or a Knight; it may stay a pawn on the ninth rank but not on the tenth.
    let fen = "4k5/P8P/4P5/10/10/10/10/10/10/RR2K4Q w - - 0 1";
    let start = position(&grand, Some(fen));
    let mut pawn_moves: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| canonical(&start, m))
        .filter(|m| ["a9", "e8", "j9"].iter().any(|from| m.starts_with(from)))
        .collect();
    pawn_moves.sort();
    let expected = [
        "a9a10=A", "a9a10=B", "a9a10=C", "a9a10=N", "e8e9", "e8e9=A", "e8e9=B", "e8e9=C", "e8e9=N",
        "j9j10=A", "j9j10=B", "j9j10=C", "j9j10=N",
    ];
    assert_eq!(pawn_moves, expected);
    // Fairy-Stockfish's counts (`go perft` with its own Grand chess).
    assert_eq!(start.perft(1), 56);
    assert_eq!(start.perft(3), 9_227);
}

#[test]
fn castling_off_and_en_passant_off_take_those_moves_away() {
    let on = custom::parse("[A:chess]").unwrap();
    let off = custom::parse("[B:chess]\ncastling = false\nenPassant = false").unwrap();
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
    // With the rights field empty the castling moves are gone from both.
    assert_eq!(position(&on, Some(castles)).perft(1), 24);
    assert_eq!(position(&off, Some(castles)).perft(1), 24);
    // White's e-pawn may take the d-pawn that just passed it, only with en passant.
    let passing = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(position(&on, Some(passing)).perft(1), 7);
    let off_variant = off.compile().unwrap();
    let no_ep = Position::from_text(off_variant, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(no_ep.perft(1), 6);
}

#[test]
fn a_bare_king_loses_where_the_definition_plays_that_rule() {
    let shatranj = definition("shatranj.ini");
    assert!(shatranj.bare_king);
    // Fairy-Stockfish's counts (`go perft` with its own Shatranj), which stop where a King
    // is bare: after Rxa8 and a Black reply, or after Kxd2.
    for (fen, depth, expected) in [
        ("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", 3, 2_901),
        ("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", 4, 43_870),
        ("4k3/8/8/8/8/8/3r4/R3K3 b - - 0 1", 4, 47_870),
    ] {
        assert_eq!(
            position(&shatranj, Some(fen)).perft(depth),
            expected,
            "{fen}"
        );
    }
    let play = |d: &Definition, moves: &[&str]| {
        let mut game = ChessLike::game(position(d, Some("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")));
        for m in moves {
            game.play(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        }
        game.status()
    };
    // Bared, Black may still answer (it could take back the last piece but one); then it has lost.
    assert!(matches!(play(&shatranj, &["a1a8"]), Status::Ongoing { .. }));
    match play(&shatranj, &["a1a8", "e8d7"]) {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!((winner, reason.as_str()), (Color::White, "bare king"));
        }
        other => panic!("{other:?}"),
    }
    // Without the rule the game goes on.
    let plain = custom::parse(&shatranj.to_text().replace("bareKing = true\n", "")).unwrap();
    assert!(!plain.bare_king);
    assert!(matches!(
        play(&plain, &["a1a8", "e8d7"]),
        Status::Ongoing { .. }
    ));
    // Fairy-Stockfish's own keys for the rule read as the same rule.
    let keys = "[S:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\nextinctionClaim = true";
    assert!(custom::parse(keys).unwrap().bare_king);
}

#[test]
fn the_move_count_and_repetition_rules_take_the_definitions_numbers() {
    let status_after = |d: &Definition, fen: &str, moves: &[&str]| {
        let mut game = ChessLike::game(position(d, Some(fen)));
        for m in moves {
            game.play(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        }
        game.status()
    };
    // 139 half-moves played: one more draws under a seventy-move rule, and not under chess's.
    let clock = "4k2r/8/8/8/8/8/8/R3K3 w - - 139 90";
    let seventy = definition("shatranj.ini");
    assert_eq!(seventy.move_rule, 70);
    match status_after(&seventy, clock, &["a1a2"]) {
        Status::Over(Outcome::Draw { reason }) => assert_eq!(reason, "70-move rule"),
        other => panic!("{other:?}"),
    }
    let chess = custom::parse("[C:chess]").unwrap();
    assert!(matches!(
        status_after(&chess, "4k3/8/8/8/8/8/8/R3K3 w - - 98 90", &["a1a2"]),
        Status::Ongoing { .. }
    ));
    assert!(matches!(
        status_after(
            &chess,
            "4k3/8/8/8/8/8/8/R3K3 w - - 98 90",
            &["a1a2", "e8e7"]
        ),
        Status::Over(Outcome::Draw { .. })
    ));
    let none = custom::parse("[N:chess]\nnMoveRule = 0\nnFoldRule = 0").unwrap();
    assert!(matches!(
        status_after(&none, "4k3/8/8/8/8/8/8/R3K3 w - - 999 90", &["a1a2"]),
        Status::Ongoing { .. }
    ));
    // Twofold repetition: the Rook out and back with the Kings doing the same.
    let shuffle = ["a1a2", "e8e7", "a2a1", "e7e8"];
    let twofold = custom::parse("[T:chess]\nnFoldRule = 2").unwrap();
    match status_after(&twofold, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &shuffle) {
        Status::Over(Outcome::Draw { reason }) => assert_eq!(reason, "2-fold repetition"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        status_after(&chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &shuffle),
        Status::Ongoing { .. }
    ));
    assert!(matches!(
        status_after(
            &none,
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &[&shuffle[..], &shuffle[..], &shuffle[..]].concat()
        ),
        Status::Ongoing { .. }
    ));
}

#[test]
fn the_stalemate_value_decides_who_wins_a_stalemate() {
    // Black to move, not in check, no move: the King on a6 and the Rook on b2 box in a8.
    let boxed = "k7/8/K7/8/8/8/1R6/8 b - - 0 1";
    let winner = |d: &Definition| match ChessLike::game(position(d, Some(boxed))).status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(reason, "stalemate");
            Some(winner)
        }
        Status::Over(Outcome::Draw { reason }) => {
            assert_eq!(reason, "stalemate");
            None
        }
        other => panic!("{}: {other:?}", d.name),
    };
    let chess = custom::parse("[A:chess]\ncastling = false").unwrap();
    assert_eq!(winner(&chess), None);
    assert_eq!(winner(&definition("shatranj.ini")), Some(Color::White));
    let win = custom::parse("[W:chess]\ncastling = false\nstalemateValue = win").unwrap();
    assert_eq!(winner(&win), Some(Color::Black));
}

#[test]
fn promotion_regions_choices_and_optional_promotion_are_read() {
    let makruk = definition("makruk.ini");
    assert_eq!(makruk.promotion_ranks, vec![5, 6, 7]);
    assert_eq!(makruk.promotion_choices, vec!["M".to_string()]);
    // A Makruk pawn reaching its sixth rank becomes a Met: the one move there is e5e6=M.
    let p = position(&makruk, Some("4k3/8/8/4P3/8/8/8/3K4 w - - 0 1"));
    let moves: Vec<String> = ChessLike::game(p)
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .filter(|n| n.starts_with("e5"))
        .collect();
    assert_eq!(moves, vec!["e5e6=M".to_string()]);
    let optional = custom::parse("[O:chess]\nmandatoryPawnPromotion = false").unwrap();
    let p = position(&optional, Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    // Four promotions and staying a pawn, plus the King's five moves.
    assert_eq!(p.perft(1), 10);
}

/// One refusal: the definition, and a phrase its sentence must contain.
const REFUSED: &[(&str, &str)] = &[
    ("", "the definition is empty"),
    ("# nothing", "the definition is empty"),
    (
        "[A:chess]\nmaxFile 9",
        "line 2 (\"maxFile 9\") is not a key = value line",
    ),
    ("[A:chess\n", "is not a heading"),
    ("[A:chess]\n[B:chess]", "line 2 starts a second definition"),
    (
        "[A:capablanca]",
        "\"capablanca\" is not a variant to build on",
    ),
    ("[!!!:chess]", "the name \"!!!\" needs letters"),
    ("maxFile = 8", "the variant has no name"),
    (
        "[A:chess]\nwings = 2",
        "line 2: \"wings\" is not a key of a definition",
    ),
    (
        "[A:chess]\npieceDrops = true",
        "line 2: pieceDrops is a Fairy-Stockfish rule this bot does not play",
    ),
    (
        "[A:chess]\npromotionLimit = q1",
        "line 2: promotionLimit = \"q1\" should be letters with how many",
    ),
    (
        "[A:chess]\npromotionLimit = x:1",
        "line 2: promotionLimit names \"X\", which is not a piece of this game",
    ),
    (
        "[A:chess]\nnMoveRule = fifty",
        "line 2: nMoveRule = \"fifty\" should be a number of moves from 0",
    ),
    (
        "[A:chess]\nnFoldRule = 1",
        "line 2: nFoldRule = \"1\" should be how many times a position must occur",
    ),
    (
        "[A:chess]\nextinctionValue = loss\nextinctionPieceTypes = q",
        "King and Queen are both royal; a game here has one royal piece",
    ),
    (
        "[A:chess]\nextinctionValue = loss\nextinctionPieceTypes = qr",
        "the extinction rules played here are Shatranj's bare king",
    ),
    (
        "[A:chess]\nimmobilityIllegal = maybe",
        "line 2: immobilityIllegal = \"maybe\" should be true or false",
    ),
    (
        "[A:chess]\nmaxFile = 8\nmaxFile = 9",
        "line 3 gives maxFile again",
    ),
    (
        "[A:chess]\nmaxFile = 17",
        "should be a number of files from 1 to 16",
    ),
    (
        "[A:chess]\nmaxRank = 13",
        "should be a number of ranks from 1 to 12",
    ),
    (
        "[A:chess]\ncastling = maybe",
        "castling = \"maybe\" should be true or false",
    ),
    (
        "[A:chess]\npromotionRegionWhite = e8",
        "regions are whole ranks here",
    ),
    (
        "[A:chess]\npromotionRegionWhite = *8\npromotionRegionBlack = *2",
        "the mirror of White's region",
    ),
    (
        "[A:chess]\npromotionPieceTypes = qz",
        "names \"Z\", which is not a piece of this game",
    ),
    ("[A:chess]\nstalemateValue = half", "draw, loss or win"),
    ("[A:chess]\ncustomPiece1 = a:Q9x", "line 2: in \"Q9x\""),
    (
        "[A:chess]\npiece = Wizard, N, FC",
        "Knight and Wizard both use the letter N",
    ),
    ("[A:chess]\nknight = nn", "should be one letter"),
    ("[A]\nmaxFile = 8", "the definition has no pieces"),
    (
        "[A]\nknight = n\nstartFen = 8/8/8/8/8/8/8/N7 w - - 0 1",
        "no piece is royal",
    ),
    (
        "[A:chess]\npiece = Regent, G, K, royal",
        "King and Regent are both royal",
    ),
    (
        "[A:chess]\nmaxFile = 10\nstartFen = rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w KQkq - 0 1\ncastlingKingFile = a",
        "castling does not fit this board",
    ),
    (
        "[A:chess]\ncastlingKingsideFile = z",
        "castlingKingsideFile = \"z\" should be a file's letter on this board",
    ),
    (
        "[A:chess]\npromotionPieceTypes = -",
        "the pawns promote, but to nothing",
    ),
    (
        "[A:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
        "the start position does not fit",
    ),
    (
        "[A:chess]\nmaxFile = 9\ncastling = false",
        "the start position does not fit",
    ),
];

#[test]
fn each_kind_of_mistake_gets_its_sentence() {
    for (text, phrase) in REFUSED {
        let refusal = custom::parse(text).and_then(|d| d.start_position().map(|_| ()));
        match refusal {
            Err(e) => {
                let said = e.to_string();
                assert!(said.contains(phrase), "{text:?}: {said:?} lacks {phrase:?}");
            }
            Ok(()) => panic!("{text:?} was accepted"),
        }
    }
}

#[test]
fn a_definition_over_the_size_limit_is_refused_before_it_is_read() {
    let fits = format!("[A:chess]\n#{}", "x".repeat(custom::MAX_TEXT - 11));
    assert!(custom::parse(&fits).is_ok());
    let over = format!("{fits}x");
    assert_eq!(
        custom::parse(&over),
        Err(DefinitionError::TooLong(custom::MAX_TEXT + 1))
    );
}

#[test]
fn a_refusal_quotes_at_most_forty_characters_of_what_was_typed() {
    let long_key = "k".repeat(200);
    let said = custom::parse(&format!("[A:chess]\n{long_key} = 1"))
        .unwrap_err()
        .to_string();
    assert!(said.len() < 120, "{said}");
    assert!(
        said.contains(&format!("{}…", "k".repeat(custom::QUOTED))),
        "{said}"
    );
}

#[test]
fn holes_and_a_cylinder_shape_the_board() {
    let d = custom::parse(
        "[Ring]\nmaxFile = 4\nmaxRank = 4\nholes = b2 c2 b3 c3\ncylinder = true\nking = k\n\
         rook = r\nstartFen = k3/1**1/1**1/K2R w - - 0 1\ncastling = false",
    )
    .unwrap();
    assert!(d.cylinder);
    assert_eq!(d.holes.len(), 4);
    let start = d.start_position().unwrap();
    // The King on a1: a2, b1 (b2 is a hole), and over the edge d2 and d1 is the Rook's.
    // The Rook on d1: c1, b1 and along the d file d2, d3; wrapping to a1 is the King's.
    let moves: Vec<String> = ChessLike::game(start)
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    assert!(moves.contains(&"a1d2".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with("b2")), "{moves:?}");
}

#[test]
fn the_readme_example_is_grasshopper_chess() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).expect("the README reads");
    let example = readme
        .split("```ini\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README shows a definition");
    let d = custom::parse(example).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.name, "Grasshopper chess");
    assert_eq!(position(&d, None).perft(4), 635_298);
}

#[test]
fn every_published_definition_passes_the_sanity_run() {
    let limits = custom::SanityLimits {
        games: 20,
        ..custom::SanityLimits::SAVE
    };
    for (file, ..) in PUBLISHED {
        let d = definition(file);
        let report = custom::sanity_run(&d, &limits).unwrap_or_else(|e| panic!("{file}: {e}"));
        // Perft 3 unless the estimate passes the node limit, and every game played.
        assert_eq!(report.perft.len(), 3, "{file}: {report:?}");
        assert_eq!(report.perft[0], d.start_position().unwrap().perft(1));
        assert_eq!(report.games, 20, "{file}");
        assert!(report.plies >= 20, "{file}: {report:?}");
    }
}

#[test]
fn the_sanity_run_is_bounded_and_refuses_a_start_without_moves() {
    let grand = definition("grand.ini");
    // A node limit below the third depth's estimate stops the perft at depth 2.
    let small = custom::SanityLimits {
        perft_nodes: 10_000,
        games: 2,
        plies_per_game: 5,
        ..custom::SanityLimits::SAVE
    };
    let report = custom::sanity_run(&grand, &small).unwrap();
    assert_eq!(report.perft.len(), 2);
    assert_eq!(report.plies, 10);
    assert_eq!(report.ended, 0);
    // The same seed plays the same games.
    assert_eq!(custom::sanity_run(&grand, &small), Ok(report));
    // Black to move with its King boxed in by the King and the Rook: no move at the start.
    let stuck = custom::parse("[Stuck:chess]\nstartFen = k7/8/K7/8/8/8/1R6/8 b - - 0 1").unwrap();
    assert_eq!(
        custom::sanity_run(&stuck, &small),
        Err(custom::SanityError::NoMoveAtStart)
    );
    // Random games of Shatranj end by its rules (the bare king, stalemate, seventy moves).
    let shatranj = definition("shatranj.ini");
    let long = custom::SanityLimits {
        games: 10,
        ..custom::SanityLimits::SAVE
    };
    let report = custom::sanity_run(&shatranj, &long).unwrap();
    assert!(report.ended > 0, "{report:?}");
}

#[test]
fn the_caller_may_stop_a_sanity_run_between_its_parts() {
    let grand = definition("grand.ini");
    let limits = custom::SanityLimits {
        games: 5,
        plies_per_game: 3,
        ..custom::SanityLimits::SAVE
    };
    // Three perft depths, then two games: the sixth question stops it after game 2.
    let mut asked = 0;
    let stopped = custom::sanity_run_while(&grand, &limits, &mut || {
        asked += 1;
        asked <= 5
    });
    assert_eq!(stopped, Err(custom::SanityError::Stopped { games: 2 }));
    assert!(
        stopped.unwrap_err().to_string().contains("too slow"),
        "the sentence says why"
    );
    // Stopped before its first perft depth, no game was played.
    assert_eq!(
        custom::sanity_run_while(&grand, &limits, &mut || false),
        Err(custom::SanityError::Stopped { games: 0 })
    );
    // Never stopped, it is the plain run.
    assert_eq!(
        custom::sanity_run_while(&grand, &limits, &mut || true),
        custom::sanity_run(&grand, &limits)
    );
}

#[test]
fn a_berolina_pawn_that_passed_diagonally_is_found_for_en_passant() {
    let berolina = definition("berolina.ini");
    // Black's pawn went d7-f5 past e6 (the sanity run's random game found that this
    // position did not read back when only the square straight beyond e6 was looked at).
    let fen = "r1bqkbnr/ppp3pp/3p2p1/5pP1/8/1PNP4/P2P2PP/R1BQKBNR w KQkq e6 0 7";
    assert_eq!(position(&berolina, Some(fen)).to_text(), fen);
    // No pawn of Black's beyond e6, straight or to either side: refused.
    let variant = berolina.compile().unwrap();
    let alone = "r1bqkbnr/ppp3pp/3p2p1/6P1/8/1PNP4/P2P2PP/R1BQKBNR w KQkq e6 0 7";
    assert!(Position::from_text(variant, alone).is_err());
}

#[test]
fn a_narrow_board_with_castling_left_on_writes_a_text_that_reads() {
    // Castling is on by default but never happens here (no rights in the start position):
    // the canonical text must not write the default g file, which six files do not have
    // (the fuzzer's find).
    let text = "[Los Alamos]\nmaxFile = 6\nmaxRank = 6\nking = k\nqueen = q\nrook = r\n\
                knight = n\npawn = p\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n\
                promotionPieceTypes = qrn";
    let d = custom::parse(text).unwrap();
    let written = d.to_text();
    assert!(!written.contains("castlingKingsideFile"), "{written}");
    assert_eq!(custom::parse(&written), Ok(d));
}

#[test]
fn where_the_king_may_be_captured_checks_do_not_bind_and_taking_it_wins() {
    // Fairy-Stockfish's way to write it: the King replaced by a Commoner whose extinction
    // loses. Its counts (`go perft`, this section in a VariantPath file): chess's to depth 3,
    // then the King's captures; a King beside the Queen may step into her reach.
    let fsf = "[King capture:chess]\nking = -\ncommoner = k\ncastling = false\n\
               extinctionValue = loss\nextinctionPieceTypes = k";
    let d = custom::parse(fsf).unwrap();
    assert!(d.king_capture);
    let king = d.pieces.iter().find(|p| p.symbol == "K").unwrap();
    assert!(king.royal && king.picture == "king", "{king:?}");
    for (fen, depth, expected) in [
        (None, 3, 8_902),
        (None, 4, 197_742),
        (Some("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"), 1, 5),
        (Some("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"), 4, 16_882),
        (Some("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"), 4, 319_611),
    ] {
        assert_eq!(position(&d, fen).perft(depth), expected, "{fen:?} {depth}");
    }
    // Our own key reads as the same rule, and the canonical text keeps it.
    let ours = custom::parse("[K:chess]\ncastling = false\nkingCapture = true").unwrap();
    assert!(ours.king_capture);
    assert_eq!(custom::parse(&ours.to_text()), Ok(ours.clone()));
    // The King steps next to the Queen; she takes it, and Black has won.
    let mut game = ChessLike::game(position(&ours, Some("4k3/8/8/8/8/8/4q3/3K4 w - - 0 1")));
    game.play("d1d2").unwrap();
    game.play("e2d2").unwrap();
    match game.status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(
                (winner, reason.as_str()),
                (Color::Black, "royal piece captured")
            );
        }
        other => panic!("{other:?}"),
    }
    // Castling with such a King is refused; without castling rights it is left alone.
    let castles = custom::parse("[C:chess]\nkingCapture = true").unwrap();
    assert_eq!(
        castles.compile().map(|_| ()),
        Err(DefinitionError::CastlingWithKingCapture)
    );
}
