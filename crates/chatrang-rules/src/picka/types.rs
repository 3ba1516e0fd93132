//! The 30 piece types of Pick-a-team chess, Version One (`docs/rules.md` §2.1), one row each, in
//! the order of the rules. Royalty, the pawn family, the Mecklenburg promotion rank and the
//! Blocking Prince's immunity follow from the sprite, so a row is all a type needs.

use super::build::{MULTI_STEPS, add_promotions};
use crate::chesslike::PieceType;

const PAWN: &str = "moves one square forward, captures one square diagonally forward";
const CHINESE: &str = "moves and captures one square straight forward";
const BEROLINA: &str = "moves one square diagonally forward, captures one square straight forward";
const FF: &str = "moves and captures one square diagonally forward";
const MECKLENBURG: &str = "; promotes on its 8th rank";
const DEFENDING: &str = "; also moves (without capturing) any distance straight back";
const FISH: &str = "; also moves or captures one square straight back";

/// Name, symbol, sprite, XBetza, and the two halves of what it does.
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const TYPES: [Row; 30] = [
    (
        "King",
        "K",
        "king",
        "K",
        "royal; one step in any direction",
        "",
    ),
    (
        "Royal Knight",
        "RN",
        "royal-knight",
        "N",
        "royal; moves as a knight",
        "",
    ),
    (
        "Queen",
        "Q",
        "queen",
        "Q",
        "any distance along ranks, files and diagonals",
        "",
    ),
    (
        "Rook",
        "R",
        "rook",
        "R",
        "any distance along ranks and files",
        "",
    ),
    (
        "Knight",
        "N",
        "knight",
        "N",
        "leaps two squares one way and one the other",
        "",
    ),
    (
        "Bishop",
        "B",
        "bishop",
        "B",
        "any distance along diagonals",
        "",
    ),
    (
        "Chinese Nightrider",
        "CN",
        "chinese-nightrider",
        "nNN",
        "repeats knight steps in one direction; each step's first (orthogonal) square must be \
         empty, and so must every square it lands on before the last",
        "",
    ),
    (
        "Pao",
        "C",
        "pao",
        "mRcpR",
        "moves as a rook; captures only by jumping exactly one piece (any colour) along a rook \
         line",
        "",
    ),
    (
        "Blocking Prince",
        "PR",
        "blocking-prince",
        "mK",
        "one step in any direction; cannot capture and cannot be captured",
        "",
    ),
    (
        "Grasshopper",
        "G",
        "grasshopper",
        "gQ",
        "along queen lines to the square just beyond the first piece met (any colour); captures \
         if an enemy stands there",
        "",
    ),
    ("Pawn", "P", "pawn", "fmWfcF", PAWN, ""),
    ("Chinese Pawn", "CP", "pawn-chinese", "fW", CHINESE, ""),
    (
        "Berolina Pawn",
        "BP",
        "pawn-berolina",
        "fmFfcW",
        BEROLINA,
        "",
    ),
    ("fF-Pawn", "XP", "pawn-ff", "fF", FF, ""),
    (
        "Mecklenburg Pawn",
        "MP",
        "pawn-mecklenburg",
        "fmWfcF",
        PAWN,
        MECKLENBURG,
    ),
    (
        "Mecklenburg Chinese Pawn",
        "MC",
        "pawn-chinese-mecklenburg",
        "fW",
        CHINESE,
        MECKLENBURG,
    ),
    (
        "Mecklenburg Berolina Pawn",
        "MB",
        "pawn-berolina-mecklenburg",
        "fmFfcW",
        BEROLINA,
        MECKLENBURG,
    ),
    (
        "Mecklenburg fF-Pawn",
        "MX",
        "pawn-ff-mecklenburg",
        "fF",
        FF,
        MECKLENBURG,
    ),
    (
        "Defending Pawn",
        "DP",
        "pawn-defending",
        "fmWfcFbmR",
        PAWN,
        DEFENDING,
    ),
    (
        "Defending Chinese Pawn",
        "DC",
        "pawn-chinese-defending",
        "fWbmR",
        CHINESE,
        DEFENDING,
    ),
    (
        "Defending Berolina Pawn",
        "DB",
        "pawn-berolina-defending",
        "fmFfcWbmR",
        BEROLINA,
        DEFENDING,
    ),
    (
        "Defending fF-Pawn",
        "DX",
        "pawn-ff-defending",
        "fFbmR",
        FF,
        DEFENDING,
    ),
    (
        "Japanese Spear",
        "JS",
        "spear-japanese",
        "fR",
        "any distance straight forward",
        "",
    ),
    (
        "Arabic Spear",
        "AS",
        "spear-arabic",
        "fmRfcB",
        "moves any distance straight forward, captures any distance diagonally forward",
        "",
    ),
    (
        "Berolina Spear",
        "BS",
        "spear-berolina",
        "fmBfcR",
        "moves any distance diagonally forward, captures any distance straight forward",
        "",
    ),
    (
        "Diagonal Spear",
        "DS",
        "spear-diagonal",
        "fB",
        "any distance diagonally forward",
        "",
    ),
    ("Fish Pawn", "FP", "pawn-fish", "fmWfcFbW", PAWN, FISH),
    (
        "Chinese Fish Pawn",
        "FC",
        "pawn-chinese-fish",
        "fWbW",
        CHINESE,
        FISH,
    ),
    (
        "Berolina Fish Pawn",
        "FB",
        "pawn-berolina-fish",
        "fmFfcWbW",
        BEROLINA,
        FISH,
    ),
    ("fF-Fish Pawn", "FX", "pawn-ff-fish", "fFbW", FF, FISH),
];

/// All 30 types in the order of `docs/rules.md`, with royalty, pawn-family flags, multi-steps and
/// promotions set.
pub(crate) fn version_one_types() -> Vec<PieceType> {
    let mut types: Vec<PieceType> = TYPES
        .iter()
        .map(|&(name, symbol, kind, betza, what, more)| {
            let mut t = PieceType::new(name, symbol, kind, betza)
                .expect("the Version One pieces are valid XBetza")
                .described(&format!("{what}{more}"));
            t.royal = matches!(kind, "king" | "royal-knight");
            t.capturable = kind != "blocking-prince";
            if kind.starts_with("pawn") {
                t.pawn = true;
                t.multi_steps = MULTI_STEPS.to_vec();
            }
            if kind.starts_with("spear") {
                t.description.push_str("; never promotes");
            }
            t
        })
        .collect();
    add_promotions(&mut types, 9, |t| {
        t.kind.ends_with("-mecklenburg").then_some(7)
    });
    types
}
