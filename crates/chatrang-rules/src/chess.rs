//! Orthodox chess: a bonus game and the free correctness oracle for the shared engine
//! (its perft counts are published).

use std::sync::{Arc, OnceLock};

use super::{
    GameId, Geometry,
    chesslike::{CastlingFiles, EndRules, PieceType, RightsKind, Stalemate, Variant, VariantRules},
};

pub(crate) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub(crate) const HELP: &str = "\
**Chess**: the orthodox game, here as a bonus and as the test oracle of the engine.
Moves in coordinates (e2e4, e7e8=Q) or short algebraic (Nf3, O-O). Checkmate wins; stalemate, \
threefold repetition and the fifty-move rule draw (automatically). Insufficient material is not \
detected: offer a draw instead.";

fn types() -> Vec<PieceType> {
    let piece = |name: &str, symbol: &str, kind: &str, betza: &str| {
        PieceType::new(name, symbol, kind, betza).expect("orthodox pieces parse")
    };
    vec![
        piece("King", "K", "king", "K").royal().described("one step in any direction"),
        piece("Queen", "Q", "queen", "Q").described("any distance along ranks, files and diagonals"),
        piece("Rook", "R", "rook", "R").described("any distance along ranks and files"),
        piece("Bishop", "B", "bishop", "B").described("any distance along diagonals"),
        piece("Knight", "N", "knight", "N").described("leaps two squares one way and one the other"),
        piece("Pawn", "P", "pawn", "fmWfceFifmnD")
            .pawn(&[1])
            .promotes(7, &["Q", "R", "B", "N"], false)
            .described("one step forward (two from its first square), captures diagonally forward, en passant"),
    ]
}

/// The compiled variant, built once.
pub fn variant() -> Arc<Variant> {
    static VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    VARIANT
        .get_or_init(|| {
            Arc::new(
                Variant::new(VariantRules {
                    game: GameId::Chess,
                    geometry: Geometry::rectangle(8, 8).expect("8×8 is a board"),
                    types: types(),
                    rights: RightsKind::Castling(CastlingFiles::ORTHODOX),
                    two_pawn_move: false,
                    royal_capture_wins: false,
                    stalemate: Stalemate::Draw,
                    end: EndRules::CHESS,
                    start_position: START.to_string(),
                })
                .expect("orthodox chess is a valid variant"),
            )
        })
        .clone()
}
