//! The piece artwork, compiled into the program: one SVG per sprite kind (see
//! `assets/pieces/README.md`), plus the fonts. The SVGs show the White piece; [`for_color`] makes
//! the Black one by swapping the colour tokens the generator uses.

use chatrang_rules::Color;

/// Every sprite kind a game may use, with its artwork. Orthodox first, then by game.
pub const PIECES: &[(&str, &str)] = &[
    ("king", include_str!("../../../assets/pieces/king.svg")),
    ("queen", include_str!("../../../assets/pieces/queen.svg")),
    ("rook", include_str!("../../../assets/pieces/rook.svg")),
    ("bishop", include_str!("../../../assets/pieces/bishop.svg")),
    ("knight", include_str!("../../../assets/pieces/knight.svg")),
    (
        "grand-rook",
        include_str!("../../../assets/pieces/grand-rook.svg"),
    ),
    (
        "sorceress",
        include_str!("../../../assets/pieces/sorceress.svg"),
    ),
    ("duke", include_str!("../../../assets/pieces/duke.svg")),
    ("tiger", include_str!("../../../assets/pieces/tiger.svg")),
    (
        "elephant",
        include_str!("../../../assets/pieces/elephant.svg"),
    ),
    (
        "centaur",
        include_str!("../../../assets/pieces/centaur.svg"),
    ),
    (
        "royal-knight",
        include_str!("../../../assets/pieces/royal-knight.svg"),
    ),
    (
        "chinese-nightrider",
        include_str!("../../../assets/pieces/chinese-nightrider.svg"),
    ),
    ("pao", include_str!("../../../assets/pieces/pao.svg")),
    (
        "blocking-prince",
        include_str!("../../../assets/pieces/blocking-prince.svg"),
    ),
    (
        "grasshopper",
        include_str!("../../../assets/pieces/grasshopper.svg"),
    ),
    (
        "spear-japanese",
        include_str!("../../../assets/pieces/spear-japanese.svg"),
    ),
    (
        "spear-arabic",
        include_str!("../../../assets/pieces/spear-arabic.svg"),
    ),
    (
        "spear-berolina",
        include_str!("../../../assets/pieces/spear-berolina.svg"),
    ),
    (
        "spear-diagonal",
        include_str!("../../../assets/pieces/spear-diagonal.svg"),
    ),
    (
        "advocate",
        include_str!("../../../assets/pieces/advocate.svg"),
    ),
    (
        "prelate",
        include_str!("../../../assets/pieces/prelate.svg"),
    ),
    (
        "gentleman",
        include_str!("../../../assets/pieces/gentleman.svg"),
    ),
    ("lady", include_str!("../../../assets/pieces/lady.svg")),
    (
        "peasant",
        include_str!("../../../assets/pieces/peasant.svg"),
    ),
    ("pawn", include_str!("../../../assets/pieces/pawn.svg")),
    (
        "pawn-mecklenburg",
        include_str!("../../../assets/pieces/pawn-mecklenburg.svg"),
    ),
    (
        "pawn-defending",
        include_str!("../../../assets/pieces/pawn-defending.svg"),
    ),
    (
        "pawn-fish",
        include_str!("../../../assets/pieces/pawn-fish.svg"),
    ),
    (
        "pawn-chinese",
        include_str!("../../../assets/pieces/pawn-chinese.svg"),
    ),
    (
        "pawn-chinese-mecklenburg",
        include_str!("../../../assets/pieces/pawn-chinese-mecklenburg.svg"),
    ),
    (
        "pawn-chinese-defending",
        include_str!("../../../assets/pieces/pawn-chinese-defending.svg"),
    ),
    (
        "pawn-chinese-fish",
        include_str!("../../../assets/pieces/pawn-chinese-fish.svg"),
    ),
    (
        "pawn-berolina",
        include_str!("../../../assets/pieces/pawn-berolina.svg"),
    ),
    (
        "pawn-berolina-mecklenburg",
        include_str!("../../../assets/pieces/pawn-berolina-mecklenburg.svg"),
    ),
    (
        "pawn-berolina-defending",
        include_str!("../../../assets/pieces/pawn-berolina-defending.svg"),
    ),
    (
        "pawn-berolina-fish",
        include_str!("../../../assets/pieces/pawn-berolina-fish.svg"),
    ),
    (
        "pawn-ff",
        include_str!("../../../assets/pieces/pawn-ff.svg"),
    ),
    (
        "pawn-ff-mecklenburg",
        include_str!("../../../assets/pieces/pawn-ff-mecklenburg.svg"),
    ),
    (
        "pawn-ff-defending",
        include_str!("../../../assets/pieces/pawn-ff-defending.svg"),
    ),
    (
        "pawn-ff-fish",
        include_str!("../../../assets/pieces/pawn-ff-fish.svg"),
    ),
];

/// A round token for any other kind (user-defined pieces); the renderer writes the letter on it.
pub const GENERIC: &str = include_str!("../../../assets/pieces/generic.svg");

pub const FONT_REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
pub const FONT_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The body colour of White pieces in the SVGs (and what Black gets instead).
const FILL: (&str, &str) = ("#f8f6f0", "#34322f");
/// Inner lines of White pieces, dark; light on Black pieces so they show on the dark body.
const DETAIL: (&str, &str) = ("#141415", "#ebe6dc");

/// The SVG text for one side: unchanged for White, colour tokens swapped for Black.
pub fn for_color(svg: &str, color: Color) -> String {
    match color {
        Color::White => svg.to_string(),
        Color::Black => svg.replace(FILL.0, FILL.1).replace(DETAIL.0, DETAIL.1),
    }
}
