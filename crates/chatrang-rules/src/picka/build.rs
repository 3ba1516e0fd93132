//! From piece definitions to the engine's piece types: sprites, pawn-family multi-steps and
//! promotions, and the merging of two players' lists into one pool with unique symbols.

use super::{army::PieceDef, reach};
use crate::{
    ByColor, Color, Geometry,
    chesslike::{PieceType, PromotionRule, TypeId},
};

/// `docs/rules.md` §2.1: from its 1st or 2nd rank a pawn-family piece may go 2 or 3 steps, from its
/// 3rd rank 2 (ranks counted from 0 on the owner's side).
pub const MULTI_STEPS: [(u8, u8); 3] = [(0, 3), (1, 3), (2, 2)];

/// Makes every pawn-family type promote, compulsorily, to any non-royal non-pawn type of the
/// game on `last_rank` (or on the rank `special` gives it, as the Mecklenburg pawns' 8th).
pub fn add_promotions(
    types: &mut [PieceType],
    last_rank: u8,
    special: impl Fn(&PieceType) -> Option<u8>,
) {
    let choices: Vec<String> = types
        .iter()
        .filter(|t| !t.royal && !t.pawn)
        .map(|t| t.symbol.clone())
        .collect();
    for t in types.iter_mut().filter(|t| t.pawn) {
        // With no type to become, the rule still stands: the pawn cannot enter that rank.
        t.promotions = vec![PromotionRule {
            relative_rank: special(t).unwrap_or(last_rank),
            choices: choices.clone(),
            optional: false,
        }];
    }
}

/// The sprite for a player-defined piece: a known sprite when it is written as a known piece,
/// `custom` otherwise.
pub(crate) fn sprite(def: &PieceDef) -> String {
    sprite_for(&def.betza.text, def.royal, def.pawn)
}

/// The sprite for a piece written with this XBetza: the known piece it is written as, or
/// `custom` (a lettered token). Shared by the armies and the variants defined in chat.
pub(crate) fn sprite_for(text: &str, royal: bool, pawn: bool) -> String {
    if royal {
        return match text {
            "K" => "king",
            "N" => "royal-knight",
            _ => "custom",
        }
        .into();
    }
    if pawn {
        for (base, kind) in [
            ("fmWfcF", "pawn"),
            ("fW", "pawn-chinese"),
            ("fmFfcW", "pawn-berolina"),
            ("fF", "pawn-ff"),
        ] {
            for (extra, suffix) in [("", ""), ("bmR", "-defending"), ("bW", "-fish")] {
                if text == format!("{base}{extra}") {
                    return format!("{kind}{suffix}");
                }
            }
        }
        return "custom".into();
    }
    match text {
        "K" => "king",
        "Q" => "queen",
        "R" => "rook",
        "B" => "bishop",
        "N" => "knight",
        "nNN" => "chinese-nightrider",
        "mRcpR" => "pao",
        "gQ" => "grasshopper",
        "RcpR" => "grand-rook",
        "KmaK" => "sorceress",
        "Q3" => "duke",
        "R4F" => "tiger",
        "B4W" => "elephant",
        "KN" | "NK" => "centaur",
        "fR" => "spear-japanese",
        "fmRfcB" => "spear-arabic",
        "fmBfcR" => "spear-berolina",
        "fB" => "spear-diagonal",
        _ => "custom",
    }
    .into()
}

/// The engine's type for a player-defined piece (promotions are added once all are known).
pub(crate) fn piece_type(def: &PieceDef) -> PieceType {
    let mut t = PieceType {
        name: def.name.clone(),
        symbol: def.symbol.clone(),
        kind: sprite(def),
        betza: def.betza.clone(),
        royal: def.royal,
        pawn: def.pawn,
        capturable: true,
        initial_ranks: Vec::new(),
        promotions: Vec::new(),
        promotion_limit: None,
        never_immobile: false,
        multi_steps: Vec::new(),
        description: String::new(),
    };
    if def.pawn {
        t.multi_steps = MULTI_STEPS.to_vec();
    }
    t.description = describe(def);
    t
}

fn describe(def: &PieceDef) -> String {
    // The same words for a list a player wrote and for the built-in example lists; its XBetza
    // is shown beside its name.
    let mut text = "a piece of its side's army list".to_string();
    if def.royal {
        text.push_str("; royal");
    }
    if def.pawn {
        text.push_str("; pawn family (multi-steps from its first three ranks, promotes)");
    }
    text
}

/// The types of a game and how many of each the draft pool holds.
#[derive(Clone, Debug)]
pub(crate) struct Pooled {
    pub(crate) types: Vec<PieceType>,
    pub(crate) pool: Vec<(TypeId, u8)>,
}

/// Puts `fixed` types (outside the pool) first, then White's list, then Black's. A piece of
/// Black's list identical to one of White's (same name, letter, flags and movement) is the
/// same type with two copies in the pool; any other clash of letter or name is resolved by
/// giving the later piece a new letter and its list's name in brackets.
pub(crate) fn merge(
    fixed: Vec<PieceType>,
    armies: &ByColor<&[PieceDef]>,
    geometry: &Geometry,
) -> Pooled {
    let mut types = fixed;
    let mut pool: Vec<(TypeId, u8)> = Vec::new();
    for color in Color::ALL {
        for def in armies[color] {
            let mut t = piece_type(def);
            let same = pool.iter_mut().find(|(id, _)| {
                let u = &types[*id as usize];
                u.name.eq_ignore_ascii_case(&t.name)
                    && u.symbol == t.symbol
                    && u.royal == t.royal
                    && u.pawn == t.pawn
                    && reach::movement(u, geometry) == reach::movement(&t, geometry)
            });
            if let Some((_, copies)) = same {
                *copies += 1;
                continue;
            }
            if types.iter().any(|u| u.name.eq_ignore_ascii_case(&t.name)) {
                t.name = format!("{} ({color}'s list)", t.name);
            }
            if types.iter().any(|u| u.symbol == t.symbol) {
                t.symbol = free_symbol(&types, &t);
            }
            pool.push((types.len() as TypeId, 1));
            types.push(t);
        }
    }
    Pooled { types, pool }
}

/// A letter pair no other type uses: the name's first two letters, else the symbol's first
/// letter with another, else any pair.
fn free_symbol(types: &[PieceType], t: &PieceType) -> String {
    let taken = |s: &str| types.iter().any(|u| u.symbol == s);
    let letters: Vec<char> = t
        .name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut candidates: Vec<String> = Vec::new();
    if letters.len() >= 2 {
        candidates.push(letters[..2].iter().collect());
    }
    let first = t.symbol.chars().next().unwrap_or('X');
    candidates.extend(('A'..='Z').map(|c| format!("{first}{c}")));
    candidates.extend(('A'..='Z').flat_map(|a| ('A'..='Z').map(move |b| format!("{a}{b}"))));
    candidates
        .into_iter()
        .find(|s| !taken(s))
        .unwrap_or_else(|| "ZZ".into())
}
