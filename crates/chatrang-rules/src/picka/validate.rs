//! The list rules of `docs/rules.md` §2.2 for Version Two, Patch and Easy Patch. Every number is
//! computed from the pieces' compiled rays on the game's own board, and every refusal names
//! the piece and the rule it breaks.

use super::{
    army::{Army, PieceDef},
    build, reach,
};
use crate::{GameId, Geometry, Square};

/// Rule 1: the royal piece never reaches more than this many squares.
pub(crate) const ROYAL_REACH: usize = 8;
/// Rule 3: no piece reaches more than this many squares from any square of an empty board.
pub(crate) const MAX_REACH: usize = 40;
/// Rule 4: a weak piece reaches at most this many squares from every square of an empty board.
pub(crate) const WEAK_REACH: usize = 4;

/// What a list must satisfy in one game.
#[derive(Clone, Debug)]
pub struct ListRules {
    pub(crate) game: GameId,
    pub(crate) size: usize,
    pub(crate) geometry: Geometry,
    /// Rule 1 (exactly one royal) when true; when false no piece may be royal (Easy Patch,
    /// whose Kings stand on the board already).
    pub(crate) one_royal: bool,
    /// Rule 2: nothing reaches the last rank from the first when ranks 1 and 2 are full.
    pub(crate) last_rank_rule: bool,
    /// Rule 4: how many weak pieces the list needs, if the rule applies.
    pub(crate) min_weak: Option<usize>,
}

impl ListRules {
    /// The rules of a game with player-defined armies; `None` for any other game.
    pub fn for_game(game: GameId) -> Option<ListRules> {
        let board = |n| Geometry::rectangle(n, n).expect("8×8 and 10×10 are boards");
        Some(match game {
            GameId::PickATeamV2 => ListRules {
                game,
                size: 20,
                geometry: board(10),
                one_royal: true,
                last_rank_rule: true,
                min_weak: Some(10),
            },
            GameId::Patch => ListRules {
                game,
                size: 16,
                geometry: board(8),
                one_royal: true,
                last_rank_rule: true,
                min_weak: Some(8),
            },
            GameId::EasyPatch => ListRules {
                game,
                size: 7,
                geometry: board(8),
                one_royal: false,
                last_rank_rule: false,
                min_weak: None,
            },
            _ => return None,
        })
    }
}

/// Every rule the list breaks, one sentence each; empty when the list is allowed.
pub fn problems(army: &Army, rules: &ListRules) -> Vec<String> {
    let pieces = &army.pieces;
    let g = &rules.geometry;
    let mut out = Vec::new();
    if pieces.len() != rules.size {
        out.push(format!(
            "{} needs lists of exactly {} pieces; this one has {}",
            rules.game.display_name(),
            rules.size,
            pieces.len()
        ));
    }
    for (i, a) in pieces.iter().enumerate() {
        for b in &pieces[..i] {
            if a.name.eq_ignore_ascii_case(&b.name) {
                out.push(format!(
                    "two pieces are called {}; give each piece its own name",
                    a.name
                ));
            }
            if a.symbol == b.symbol {
                out.push(format!(
                    "{} and {} both use the letter {}; give each piece its own letter",
                    b.name, a.name, a.symbol
                ));
            }
        }
    }
    royal_rule(pieces, rules, &mut out);
    if rules.last_rank_rule {
        for def in pieces {
            if let Some((from, to)) = reach::first_rank_to_last(&build::piece_type(def), g) {
                out.push(format!(
                    "{} standing on {from} can reach {to} in one move when ranks 1 and 2 are \
                     full; no piece may reach the last rank from the first",
                    def.name
                ));
            }
        }
    }
    let empty_reach: Vec<_> = pieces
        .iter()
        .map(|d| reach::most_on_empty_board(&d.betza, g))
        .collect();
    for (def, &(n, at)) in pieces.iter().zip(&empty_reach) {
        if n > MAX_REACH {
            out.push(format!(
                "{} can reach {n} squares from {at} on an empty board; at most {MAX_REACH} are \
                 allowed",
                def.name
            ));
        }
    }
    if let Some(min) = rules.min_weak {
        let weak: Vec<&str> = pieces
            .iter()
            .zip(&empty_reach)
            .filter(|(_, (n, _))| *n <= WEAK_REACH)
            .map(|(d, _)| d.name.as_str())
            .collect();
        if weak.len() < min {
            let named = if weak.is_empty() {
                String::new()
            } else {
                format!(" ({})", weak.join(", "))
            };
            out.push(format!(
                "only {} pieces{named} can reach at most {WEAK_REACH} squares from every square \
                 of an empty board; at least {min} must",
                weak.len()
            ));
        }
    }
    // Comparing moves from every square of every piece is slow; pieces that move differently
    // from a corner or the middle differ, so only the others are compared everywhere.
    let types: Vec<_> = pieces.iter().map(build::piece_type).collect();
    let screen = [Square::new(0, 0), Square::new(g.files() / 2, g.ranks() / 2)]
        .into_iter()
        .flatten()
        .filter(|&s| g.contains(s));
    let near: Vec<_> = types
        .iter()
        .map(|t| reach::movement_from(t, g, screen.clone()))
        .collect();
    let maybe_alike = |i: usize, j: usize| {
        let (a, b) = (&pieces[i], &pieces[j]);
        near[i] == near[j] && a.royal == b.royal && a.pawn == b.pawn
    };
    let moves: Vec<_> = (0..pieces.len())
        .map(|i| {
            (0..pieces.len())
                .any(|j| j != i && maybe_alike(i, j))
                .then(|| reach::movement(&types[i], g))
        })
        .collect();
    for i in 0..pieces.len() {
        for j in 0..i {
            let (a, b) = (&pieces[j], &pieces[i]);
            if maybe_alike(i, j) && moves[i] == moves[j] {
                out.push(format!(
                    "{} and {} move the same way; no two pieces may be the same",
                    a.name, b.name
                ));
            }
        }
    }
    out
}

fn royal_rule(pieces: &[PieceDef], rules: &ListRules, out: &mut Vec<String>) {
    let royals: Vec<&PieceDef> = pieces.iter().filter(|d| d.royal).collect();
    if !rules.one_royal {
        for r in royals {
            out.push(format!(
                "{} is marked royal, but in {} the Kings already stand on the board; remove the \
                 royal mark",
                r.name,
                rules.game.display_name()
            ));
        }
        return;
    }
    match royals.len() {
        0 => out.push(
            "the list needs exactly one royal piece; it has none (add royal after \
                       the XBetza of one piece)"
                .into(),
        ),
        1 => {}
        n => {
            let names: Vec<&str> = royals.iter().map(|d| d.name.as_str()).collect();
            out.push(format!(
                "the list needs exactly one royal piece; it has {n} ({})",
                names.join(", ")
            ));
        }
    }
    for r in royals {
        let (n, at) = reach::most_in_any_position(&build::piece_type(r), &rules.geometry);
        if n > ROYAL_REACH {
            out.push(format!(
                "{} is royal and can reach {n} squares from {at}; a royal piece may reach at \
                 most {ROYAL_REACH}",
                r.name
            ));
        }
    }
}

/// A list that breaks its game's list rules: every broken rule, so that the player can fix
/// them all at once. Shown as one line naming the list, then one bullet per problem.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("{who} army does not fit {}:\n• {}", .game.display_name(), .problems.join("\n• "))]
pub struct UnfitArmy {
    /// Whose list, as the sentence starts: "White's".
    pub(crate) who: String,
    pub(crate) game: GameId,
    /// One sentence per broken rule, naming the piece and the rule.
    pub(crate) problems: Vec<String>,
}

/// Checks one player's list; the error lists every problem, one per line.
pub(crate) fn check_army(army: &Army, who: &str, rules: &ListRules) -> Result<(), UnfitArmy> {
    let problems = problems(army, rules);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(UnfitArmy {
            who: who.to_string(),
            game: rules.game,
            problems,
        })
    }
}
