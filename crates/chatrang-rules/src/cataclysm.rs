//! Cataclysm (Greg Strong, 2007): 16×12, Grand Rook, Sorceress, Duke, Tiger, Elephant, Centaur,
//! the two-pawn move, three promotion ranks and the King's leap. See `docs/rules.md` §1.

use std::sync::{Arc, OnceLock};

use super::{
    GameId, Geometry,
    chesslike::{EndRules, PieceType, RightsKind, Stalemate, Variant, VariantRules},
};

/// Cataclysm's start position, in the chess-like position text.
pub const START: &str = "gr12rg/t1b1sd1kq1ds1b1t/tc1e2e2e2e1ct/pppppppppppppppp/16/16/16/16/\
PPPPPPPPPPPPPPPP/TC1E2E2E2E1CT/T1B1SD1QK1DS1B1T/GR12RG w Kk - 0 1";

pub(crate) const HELP: &str = "\
**Cataclysm** (Greg Strong, 2007) on a 16×12 board. Chess rules unless stated; no castling.
• Grand Rook (G): a rook that can also capture like a Chinese cannon, jumping exactly one piece.
• Sorceress (S): one or two king steps; the first step must land on an empty square.
• Duke (D): a queen of at most 3 squares. Tiger (T): a rook of at most 4 squares, or one \
diagonal step. Elephant (E): a bishop of at most 4 squares, or one orthogonal step. Centaur (C): \
knight or king step.
• Pawns start on ranks 4 and 9; an unmoved pawn may step two squares (en passant as in chess).
• Two-pawn move: advance two different unmoved pawns one square each (write d4d5&k4k5), when \
neither ends attacking an enemy piece; the pawns need not be neighbours; no en passant after it.
• Promotion: on rank 10 a pawn may become a Tiger or Elephant; on rank 11 a Tiger, Elephant, Duke \
or Centaur; on rank 12 it must become a Queen, Grand Rook, Bishop or Sorceress (e9e10=T; without \
=X it stays a pawn and gets the next rank's choice later).
• King's leap: an unmoved King not in check may leap to an empty corner of its first rank \
(i2a1), not into check.
Decisions of this bot: the setup's typos are fixed (Tigers a2 a3 p2 p3, Black Bishops c11 n11).";

fn types() -> Vec<PieceType> {
    let piece = |name: &str, symbol: &str, kind: &str, betza: &str| {
        PieceType::new(name, symbol, kind, betza).expect("Cataclysm pieces parse")
    };
    vec![
        piece("King", "K", "king", "K")
            .royal()
            .described("one step in any direction; King's leap to a corner while unmoved"),
        piece("Queen", "Q", "queen", "Q")
            .described("any distance along ranks, files and diagonals"),
        piece("Rook", "R", "rook", "R").described("any distance along ranks and files"),
        piece("Bishop", "B", "bishop", "B").described("any distance along diagonals"),
        piece("Grand Rook", "G", "grand-rook", "RcpR")
            .described("a rook; can also capture by jumping exactly one piece along a rook line"),
        piece("Sorceress", "S", "sorceress", "KmaK")
            .described("one or two king steps; the first must land on an empty square"),
        piece("Duke", "D", "duke", "Q3").described("a queen of at most 3 squares"),
        piece("Tiger", "T", "tiger", "R4F")
            .described("a rook of at most 4 squares, or one diagonal step"),
        piece("Elephant", "E", "elephant", "B4W")
            .described("a bishop of at most 4 squares, or one orthogonal step"),
        piece("Centaur", "C", "centaur", "KN").described("a knight or a king step"),
        piece("Pawn", "P", "pawn", "fmWfceFifmnD")
            .pawn(&[3])
            .promotes(9, &["T", "E"], true)
            .promotes(10, &["T", "E", "D", "C"], true)
            .promotes(11, &["Q", "G", "B", "S"], false)
            .described(
                "one step forward (two if unmoved), captures diagonally forward, en passant",
            ),
    ]
}

/// The compiled variant, built once.
pub fn variant() -> Arc<Variant> {
    static VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    VARIANT
        .get_or_init(|| {
            Arc::new(
                Variant::new(VariantRules {
                    game: GameId::Cataclysm,
                    geometry: Geometry::rectangle(16, 12).expect("16×12 is a board"),
                    types: types(),
                    rights: RightsKind::KingLeap,
                    two_pawn_move: true,
                    royal_capture_wins: false,
                    stalemate: Stalemate::Draw,
                    end: EndRules::CHESS,
                    start_position: START.to_string(),
                })
                .expect("Cataclysm is a valid variant"),
            )
        })
        .clone()
}
