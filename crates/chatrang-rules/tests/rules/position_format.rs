//! The position string: exact round trips (16 files, two-digit runs, holes, rights, en passant,
//! clocks) and errors that say what is wrong and where.

use std::sync::Arc;

use chatrang_rules::{
    Color, GAMES, GameId, Geometry, Square,
    chesslike::{EndRules, PieceType, Position, RightsKind, Stalemate, Variant, VariantRules},
    registry,
};
use proptest::prelude::*;

proptest! {
    /// Every game of the table reads any text as a position or refuses it, never panics, and
    /// what it reads writes back to a string that reads to itself.
    #[test]
    fn any_text_as_a_position_is_read_or_refused_without_panicking(
        row in 0..GAMES.len(),
        text in ".{0,120}",
    ) {
        let spec = &GAMES[row];
        if let Ok(game) = (spec.load)(&text) {
            let again = (spec.load)(&game.position_text()).unwrap();
            prop_assert_eq!(again.position_text(), game.position_text());
        }
    }
}

fn round_trip(id: GameId, text: &str) {
    let game = registry::load(id, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(game.position_text(), text);
}

#[test]
fn start_positions_round_trip() {
    round_trip(
        GameId::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    round_trip(GameId::Cataclysm, chatrang_rules::cataclysm::START);
}

#[test]
fn positions_during_play_round_trip() {
    round_trip(
        GameId::Chess,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    );
    round_trip(GameId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 17 40");
    round_trip(
        GameId::Cataclysm,
        "16/7k8/16/16/16/16/3pP11/16/16/16/8K7/16 b - e5 0 12",
    );
    // Every position reached in a game reloads to the same string.
    let mut game = registry::new_game(GameId::Cataclysm, &Default::default(), 0).unwrap();
    for m in [
        "e4e6",
        "d9d7",
        "e6d7",
        "c11d10",
        "i2a1",
        "h11h10",
        "d4d5&k4k5",
    ] {
        if game.play(m).is_err() {
            continue;
        }
        round_trip(GameId::Cataclysm, &game.position_text());
    }
}

fn error(id: GameId, text: &str) -> String {
    registry::load(id, text).unwrap_err().to_string()
}

#[test]
fn malformed_positions_say_what_is_wrong() {
    let chess = GameId::Chess;
    let cases = [
        ("", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6",
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "w or b",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "rights",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "fields"),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "Black has no royal",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
            "more than one royal",
        ),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "Black is in check"),
        ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "rights"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant on e3"),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "must already have promoted",
        ),
        ("[KK]3k3/8/8/8/8/8/8/4K3 w - - 0 1", "not a piece"),
        ("[K3k3/8/8/8/8/8/8/4K3 w - - 0 1", "unclosed"),
    ];
    for (text, expected) in cases {
        let e = error(chess, text);
        assert!(
            e.contains(expected),
            "{text:?} gave {e:?}, expected it to mention {expected:?}"
        );
    }
    let e = error(
        GameId::Cataclysm,
        "17/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1",
    );
    assert!(e.contains("16 files"), "{e}");
}

/// A small variant with a hole, to test `*` and that sliders stop at missing squares.
fn holed_variant() -> Arc<Variant> {
    let hole = Square::parse("c3").unwrap();
    let types = vec![
        PieceType::new("King", "K", "king", "K").unwrap().royal(),
        PieceType::new("Rook", "R", "rook", "R").unwrap(),
        PieceType::new("Wide", "WD", "custom", "WD").unwrap(),
    ];
    Arc::new(
        Variant::new(VariantRules {
            game: GameId::Chess,
            geometry: Geometry::rectangle(5, 5).unwrap().with_holes([hole]),
            types,
            rights: RightsKind::None,
            two_pawn_move: false,
            royal_capture_wins: false,
            stalemate: Stalemate::Draw,
            end: EndRules::CHESS,
            start_position: "4k/5/R1*2/5/[WD]3K w - - 0 1".into(),
        })
        .unwrap(),
    )
}

#[test]
fn holes_and_two_letter_symbols_round_trip() {
    let v = holed_variant();
    let p = Position::start(v.clone());
    assert_eq!(p.to_text(), "4k/5/R1*2/5/[WD]3K w - - 0 1");
    let moved = Position::from_text(v.clone(), "4k/5/R1*2/5/[wd]3K b - - 0 1").unwrap();
    assert_eq!(
        moved
            .board()
            .piece_at(Square::parse("a1").unwrap())
            .map(|(c, _)| c),
        Some(Color::Black)
    );
    assert!(
        Position::from_text(v.clone(), "4k/5/R4/5/[WD]3K w - - 0 1")
            .unwrap_err()
            .to_string()
            .contains("c3 does not exist")
    );
    assert!(
        Position::from_text(v, "4k/5/R1*2/*4/[WD]3K w - - 0 1")
            .unwrap_err()
            .to_string()
            .contains("exists")
    );
}

#[test]
fn sliders_stop_at_holes_and_leapers_jump_them() {
    let v = holed_variant();
    let p = Position::start(v);
    let targets = |from: &str| -> Vec<String> {
        let f = Square::parse(from).unwrap();
        let mut t: Vec<String> = p
            .legal_moves()
            .iter()
            .filter(|m| m.from == f)
            .map(|m| m.to.to_string())
            .collect();
        t.sort();
        t
    };
    // The rook on a3 slides right to b3 only: c3 does not exist.
    assert_eq!(targets("a3"), vec!["a2", "a4", "a5", "b3"]);
    assert!(targets("a1").contains(&"c1".to_string()));
}

proptest::proptest! {
    #[test]
    fn any_position_text_is_read_or_refused_never_a_panic(text in "[rnbqkpRNBQKP1-9/ wb\\-KQkq*\\[\\]a-h0-9]{0,80}") {
        let _ = registry::load(GameId::Chess, &text);
        let _ = registry::load(GameId::Cataclysm, &text);
    }
}

#[test]
fn every_game_starts_from_a_given_position_string() {
    use chatrang_rules::Options;
    for id in GameId::ALL {
        let mut game = registry::new_game(id, &Options::default(), 7).unwrap();
        // Play one action so the position differs from the start.
        if let Some(action) = game.legal_actions().first().cloned() {
            game.play(&action.notation).unwrap();
        }
        let text = game.position_text();
        let options = Options::default().with("position", text.clone());
        let restarted = registry::new_game(id, &options, 99).unwrap();
        assert_eq!(restarted.position_text(), text, "{}", id.slug());
    }
}
