//! The 30 piece types of Pick-a-team chess, Version One (`rules.md` §2.1): one table row per
//! type, with its symbol, sprite and XBetza. The pawn family is built from its four base pawns
//! and their three variations, so each movement is written once.

use super::build::{MULTI_STEPS, add_promotions};
use crate::rules::chesslike::PieceType;

/// The four base pawns: name, symbol letter, sprite, XBetza, what it does.
const BASE_PAWNS: [(&str, &str, &str, &str, &str); 4] = [
    (
        "Pawn",
        "P",
        "pawn",
        "fmWfcF",
        "moves one square forward, captures one square diagonally forward",
    ),
    (
        "Chinese Pawn",
        "C",
        "pawn-chinese",
        "fW",
        "moves and captures one square straight forward",
    ),
    (
        "Berolina Pawn",
        "B",
        "pawn-berolina",
        "fmFfcW",
        "moves one square diagonally forward, captures one square straight forward",
    ),
    (
        "fF-Pawn",
        "X",
        "pawn-ff",
        "fF",
        "moves and captures one square diagonally forward",
    ),
];

/// The pieces of Version One that are not pawns: name, symbol, sprite, XBetza, description.
const PIECES: [(&str, &str, &str, &str, &str); 8] = [
    (
        "Queen",
        "Q",
        "queen",
        "Q",
        "any distance along ranks, files and diagonals",
    ),
    (
        "Rook",
        "R",
        "rook",
        "R",
        "any distance along ranks and files",
    ),
    (
        "Knight",
        "N",
        "knight",
        "N",
        "leaps two squares one way and one the other",
    ),
    ("Bishop", "B", "bishop", "B", "any distance along diagonals"),
    (
        "Chinese Nightrider",
        "CN",
        "chinese-nightrider",
        "nNN",
        "repeats knight steps in one direction; each step's first (orthogonal) square must be \
         empty, and so must every square it lands on before the last",
    ),
    (
        "Pao",
        "C",
        "pao",
        "mRcpR",
        "moves as a rook; captures only by jumping exactly one piece (any colour) along a rook line",
    ),
    (
        "Blocking Prince",
        "PR",
        "blocking-prince",
        "mK",
        "one step in any direction; cannot capture and cannot be captured",
    ),
    (
        "Grasshopper",
        "G",
        "grasshopper",
        "gQ",
        "along queen lines to the square just beyond the first piece met (any colour); captures \
         if an enemy stands there",
    ),
];

const SPEARS: [(&str, &str, &str, &str, &str); 4] = [
    (
        "Japanese Spear",
        "JS",
        "spear-japanese",
        "fR",
        "any distance straight forward; never promotes",
    ),
    (
        "Arabic Spear",
        "AS",
        "spear-arabic",
        "fmRfcB",
        "moves any distance straight forward, captures any distance diagonally forward; never \
         promotes",
    ),
    (
        "Berolina Spear",
        "BS",
        "spear-berolina",
        "fmBfcR",
        "moves any distance diagonally forward, captures any distance straight forward; never \
         promotes",
    ),
    (
        "Diagonal Spear",
        "DS",
        "spear-diagonal",
        "fB",
        "any distance diagonally forward; never promotes",
    ),
];

fn piece(name: &str, symbol: &str, kind: &str, betza: &str, text: &str) -> PieceType {
    PieceType::new(name, symbol, kind, betza)
        .expect("the Version One pieces are valid XBetza")
        .described(text)
}

/// The pawn family: the four base pawns, then their Mecklenburg, Defending and Fish versions.
fn pawns() -> Vec<PieceType> {
    let mut out = Vec::new();
    for (name, letter, kind, betza, text) in BASE_PAWNS {
        let symbol = if letter == "P" {
            "P".to_string()
        } else {
            format!("{letter}P")
        };
        out.push(piece(name, &symbol, kind, betza, text));
    }
    let variations = [
        (
            "Mecklenburg ",
            "",
            "M",
            "-mecklenburg",
            "",
            "; promotes on its 8th rank",
        ),
        (
            "Defending ",
            "",
            "D",
            "-defending",
            "bmR",
            "; also moves (without capturing) any distance straight back",
        ),
        (
            "",
            "Fish ",
            "F",
            "-fish",
            "bW",
            "; also moves or captures one square straight back",
        ),
    ];
    for (before, inside, prefix, suffix, extra, more) in variations {
        for (name, letter, kind, betza, text) in BASE_PAWNS {
            let name = match (inside, name) {
                ("", _) => format!("{before}{name}"),
                (_, "Pawn") => format!("{inside}Pawn"),
                (_, _) => {
                    let stem = name
                        .trim_end_matches("Pawn")
                        .trim_end_matches('-')
                        .trim_end();
                    if stem.ends_with('F') {
                        format!("{stem}-{inside}Pawn")
                    } else {
                        format!("{stem} {inside}Pawn")
                    }
                }
            };
            out.push(piece(
                &name,
                &format!("{prefix}{letter}"),
                &format!("{kind}{suffix}"),
                &format!("{betza}{extra}"),
                &format!("{text}{more}"),
            ));
        }
    }
    out
}

/// All 30 types in the order of `rules.md`, with royalty, pawn-family flags, multi-steps and
/// promotions set.
pub fn version_one_types() -> Vec<PieceType> {
    let mut types = vec![
        piece("King", "K", "king", "K", "royal; one step in any direction").royal(),
        piece(
            "Royal Knight",
            "RN",
            "royal-knight",
            "N",
            "royal; moves as a knight",
        )
        .royal(),
    ];
    types.extend(PIECES.iter().map(|&(n, s, k, b, t)| piece(n, s, k, b, t)));
    if let Some(prince) = types.iter_mut().find(|t| t.symbol == "PR") {
        prince.capturable = false;
    }
    let pawns = pawns();
    let (first_four, rest) = pawns.split_at(4);
    let (mecklenburg_and_defending, fish) = rest.split_at(8);
    types.extend_from_slice(first_four);
    types.extend_from_slice(mecklenburg_and_defending);
    types.extend(SPEARS.iter().map(|&(n, s, k, b, t)| piece(n, s, k, b, t)));
    types.extend_from_slice(fish);
    for t in &mut types {
        if t.kind.starts_with("pawn") {
            t.pawn = true;
            t.multi_steps = MULTI_STEPS.to_vec();
        }
    }
    add_promotions(&mut types, 9, |t| {
        t.kind.ends_with("-mecklenburg").then_some(7)
    });
    types
}
