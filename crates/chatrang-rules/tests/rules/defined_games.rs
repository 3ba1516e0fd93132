//! A defined variant in play through the table of games' row for it: a game starts from a
//! definition, carries that definition in its position string, loads back with it whatever
//! happens to the server's saved copy, and is named by its own name.

use chatrang_rules::{
    GameId, Options, Status,
    custom::{self, DefinitionError, played},
    registry,
};

const NIGHTRIDER: &str = "[Nightrider chess:chess]\nknight = -\npiece = Nightrider, N, NN\n";

fn start(definition: &str) -> Box<dyn chatrang_rules::Game> {
    registry::new_game(
        GameId::Defined,
        &Options::default().with("definition", definition),
        0,
    )
    .expect("the definition starts a game")
}

#[test]
fn a_defined_game_is_named_by_its_variant_and_carries_its_definition() {
    let game = start(NIGHTRIDER);
    assert_eq!(game.id(), GameId::Defined);
    let view = game.view();
    assert!(
        view.header.starts_with("Nightrider chess · move 1"),
        "{}",
        view.header
    );
    let text = game.position_text();
    let (board, packed) = text.split_once('|').expect("a board, then the definition");
    assert_eq!(
        board,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(packed.starts_with("[Nightrider chess]|"), "{packed}");
    assert!(!text.contains('\n'));
    assert_eq!(
        played::variant_name(&text).as_deref(),
        Some("Nightrider chess")
    );
    // 16 pawn moves and 4 for each Nightrider (b1: a3, c3, d5 and the pawn on e7):
    // Fairy-Stockfish's count for Nightrider chess is the same.
    assert_eq!(game.legal_actions().len(), 24);
}

#[test]
fn a_game_loads_back_with_its_own_definition_after_moves() {
    let mut game = start(NIGHTRIDER);
    for notation in ["e2e4", "e7e5", "b1c3", "b8a6"] {
        game.play(notation)
            .unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    }
    let text = game.position_text();
    let loaded = registry::load(GameId::Defined, &text).expect("it loads back");
    assert_eq!(loaded.position_text(), text);
    assert_eq!(loaded.legal_actions(), game.legal_actions());
    // The Nightrider on c3 rides two knight's leaps, over the empty d5, to e7 (which the
    // black pawn left): a Knight could not.
    let notations: Vec<String> = loaded
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    assert!(
        notations
            .iter()
            .any(|n| n.contains("c3") && n.contains("e7")),
        "{notations:?}"
    );
}

#[test]
fn a_changed_definition_never_changes_a_game_in_play() {
    let mut game = start(NIGHTRIDER);
    game.play("e2e4").unwrap();
    let before = game.position_text();
    // The server's copy changes: the Nightrider becomes a Knight again. The game in play
    // still loads with the Nightrider it began with.
    let _other = start("[Nightrider chess:chess]\n");
    let loaded = registry::load(GameId::Defined, &before).unwrap();
    assert_eq!(loaded.position_text(), before);
    let pieces: Vec<String> = loaded.pieces().iter().map(|p| p.name.clone()).collect();
    assert!(pieces.contains(&"Nightrider".to_string()), "{pieces:?}");
}

#[test]
fn a_position_string_without_its_definition_or_with_a_broken_one_is_refused() {
    let missing = registry::load(GameId::Defined, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert!(missing.0.contains("carries no definition"), "{}", missing.0);
    let broken = registry::load(GameId::Defined, "8/8 w - - 0 1|[X]|maxFile = 99").unwrap_err();
    assert!(broken.0.contains("maxFile"), "{}", broken.0);
    let huge = format!("8/8 w|{}", "x".repeat(40_000));
    let too_long = registry::load(GameId::Defined, &huge).unwrap_err();
    assert!(too_long.0.contains("at most"), "{}", too_long.0);
    let none = registry::new_game(GameId::Defined, &Options::default(), 0).unwrap_err();
    assert!(none.0.contains("definition"), "{}", none.0);
}

#[test]
fn a_bar_in_a_definition_is_refused_with_its_line() {
    let e =
        custom::parse("[Bars:chess]\n# a | in a comment is fine\npiece = A|B, A, W\n").unwrap_err();
    assert_eq!(e, DefinitionError::Bar { line: 3 });
}

#[test]
fn the_stored_slug_reads_back_but_people_cannot_type_it() {
    assert_eq!(GameId::from_stored("defined"), Ok(GameId::Defined));
    assert_eq!(GameId::from_stored("chess"), Ok(GameId::Chess));
    assert!(GameId::parse("defined").is_err());
    assert!(!GameId::ALL.contains(&GameId::Defined));
    assert_eq!(GameId::Defined.spec().slug, "defined");
}

#[test]
fn a_defined_game_plays_to_its_end() {
    let mut game = start(NIGHTRIDER);
    // Fool's mate works with Nightriders too.
    for notation in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play(notation).unwrap();
    }
    assert!(
        matches!(game.status(), Status::Over(ref o) if o.to_string().contains("Black wins")),
        "{:?}",
        game.status()
    );
}
