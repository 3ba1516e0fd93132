//! The steps of `docs/adding-a-game.md`, checked by following them: a tiny real game (Gardner's
//! 5×5 mini chess, built from XBetza strings only) gets a row like the ones in
//! `registry::GAMES`, and that row passes the same checks as every game of the table.

use std::sync::{Arc, OnceLock};

use chatrang_render::Renderer;
use chatrang_rules::{
    Color, Game, GameId, Geometry, Options, Outcome, SetupError, Status,
    chesslike::{
        ChessLike, EndRules, PieceType, Position, RightsKind, Stalemate, Variant, VariantRules,
    },
    registry::{GAMES, GameSpec},
};

const START: &str = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1";

const HELP: &str = "**Mini chess** (Martin Gardner, 1969): chess on 5×5 without castling, \
double steps or en passant; a pawn promotes on the last rank.";

/// Step 1 of the guide: the pieces, from XBetza strings only, and the variant.
fn variant() -> Arc<Variant> {
    static VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    VARIANT
        .get_or_init(|| {
            let piece = |name: &str, symbol: &str, kind: &str, betza: &str| {
                PieceType::new(name, symbol, kind, betza).expect("the XBetza of a mini chess piece")
            };
            let types = vec![
                piece("King", "K", "king", "K").royal(),
                piece("Queen", "Q", "queen", "Q"),
                piece("Rook", "R", "rook", "R"),
                piece("Bishop", "B", "bishop", "B"),
                piece("Knight", "N", "knight", "N"),
                piece("Pawn", "P", "pawn", "fmWfcF").pawn(&[1]).promotes(
                    4,
                    &["Q", "R", "B", "N"],
                    false,
                ),
            ];
            Arc::new(
                Variant::new(VariantRules {
                    // A test cannot add a `GameId` (step 2): the game borrows chess's.
                    game: GameId::Chess,
                    geometry: Geometry::rectangle(5, 5).expect("5×5 is a board"),
                    types,
                    rights: RightsKind::None,
                    two_pawn_move: false,
                    royal_capture_wins: false,
                    stalemate: Stalemate::Draw,
                    end: EndRules::CHESS,
                    start_position: START.into(),
                })
                .expect("mini chess is a valid variant"),
            )
        })
        .clone()
}

fn load(text: &str) -> Result<Box<dyn Game>, SetupError> {
    Position::from_text(variant(), text)
        .map(|p| Box::new(ChessLike::game(p)) as Box<dyn Game>)
        .map_err(|e| SetupError(e.to_string()))
}

/// Step 3: its row, as it would stand in `GAMES`.
fn mini_chess() -> GameSpec {
    GameSpec {
        id: GameId::Chess,
        slug: "mini-chess",
        name: "Mini chess",
        cooperative: false,
        help: HELP,
        options: &[],
        new: |options, _| load(options.get("position").unwrap_or(START)),
        load,
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: None,
        hint: None,
        memory_weight: 1,
    }
}

/// What every row of the table must do: start, write and read its position, list legal
/// actions that each play by their notation, agree with its own perft through the `Game`
/// interface, describe and draw each of its pieces, and draw its board.
fn check_row(spec: &GameSpec) {
    let key = spec.slug;
    assert!(!spec.help.trim().is_empty(), "{key}: help");
    let game = spec.example().unwrap_or_else(|e| panic!("{key}: {e}"));
    let text = game.position_text();
    let again = (spec.load)(&text).unwrap_or_else(|e| panic!("{key}: {text}: {e}"));
    assert_eq!(
        again.position_text(),
        text,
        "{key}: the position reads back"
    );
    let actions = game.legal_actions();
    assert!(!actions.is_empty(), "{key}: a new game has moves");
    assert_eq!(game.perft(1), actions.len() as u64, "{key}: perft 1");
    let mut through_game = 0;
    for action in &actions {
        let mut next = game.clone();
        next.play(&action.notation)
            .unwrap_or_else(|e| panic!("{key}: {}: {e}", action.notation));
        through_game += next.legal_actions().len() as u64;
    }
    assert_eq!(game.perft(2), through_game, "{key}: perft 2 through Game");
    let renderer = Renderer::global();
    for piece in game.pieces() {
        let diagram = game
            .piece_diagram(&piece.name)
            .unwrap_or_else(|e| panic!("{key}: {}: {e}", piece.name));
        renderer
            .png(&diagram, Color::White)
            .unwrap_or_else(|e| panic!("{key}: {}: {e}", piece.name));
    }
    let png = renderer.png(&game.view(), Color::White).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "{key}: the board draws");
    assert!(
        spec.start(&Options::default().with("position", "nonsense"), 0)
            .is_err(),
        "{key}: a bad position is refused, not a panic"
    );
}

#[test]
fn every_game_of_the_table_passes_the_checks_of_a_new_game() {
    for spec in &GAMES {
        check_row(spec);
    }
}

#[test]
fn mini_chess_added_by_the_guide_passes_them_too() {
    check_row(&mini_chess());
}

#[test]
fn mini_chess_plays_by_its_own_rules() {
    let spec = mini_chess();
    let game = spec.example().unwrap();
    // Five single pawn steps (no double step on this board) and the Knight's two.
    let mut first: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    first.sort();
    assert_eq!(
        first,
        ["a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3"]
    );
    // A pawn on its fourth rank promotes on the fifth, to one of four pieces.
    let promotion = (spec.load)("4k/P4/5/5/K4 w - - 0 1").unwrap();
    let mut promotions: Vec<String> = promotion
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .filter(|n| n.starts_with("a4a5"))
        .collect();
    promotions.sort();
    assert_eq!(promotions, ["a4a5=B", "a4a5=N", "a4a5=Q", "a4a5=R"]);
    // The loop of the kit ends the game: a back-rank mate.
    let mut mate = (spec.load)("k4/5/1K3/5/4R w - - 0 1").unwrap();
    let played = mate.play("e1e5").unwrap();
    assert!(played.description.contains("checkmate"), "{played:?}");
    assert!(matches!(
        mate.status(),
        Status::Over(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
}
