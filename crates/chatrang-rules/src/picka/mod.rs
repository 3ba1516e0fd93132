//! Pick-a-team chess (Hans Bodlaender, 1999) and its player-defined siblings Version Two,
//! Patch and Easy Patch (`docs/rules.md` §2): the 30 Version One types, the draft, player-defined
//! armies with their list rules, and the games built from them on the chess-like engine.

pub(crate) mod army;
pub mod build;
pub(crate) mod draft;
mod draft_eval;
pub mod examples;
pub(crate) mod game;
pub(crate) mod reach;
pub(crate) mod setup;
pub(crate) mod types;
pub mod validate;

use std::sync::Arc;

pub use army::{Army, ArmyError, PieceDef};
pub use draft::DraftError;
pub use game::{PickATeam, PickGame, PickMove, PickTextError};
pub use setup::{PickRules, PickRulesError};
pub use validate::{ListRules, UnfitArmy};

use crate::{ByColor, Color, Game, GameId, OptionSpec, Options, SetupError, limits};

/// Starts a game: at the start of its draft, or from the `position` option. The lists come
/// from the `white-army` and `black-army` options, or are the built-in examples.
pub(crate) fn new_game(id: GameId, options: &Options) -> Result<Box<dyn Game>, SetupError> {
    let armies = armies_from_options(id, options)?;
    match options.get("position") {
        Some(text) => load_with(id, text, armies),
        None => Ok(Box::new(PickATeam::game(rules_for(id, armies)?))),
    }
}

/// Loads a game from a position string written by [`Game::position_text`]. A string without
/// lists uses the built-in examples.
pub(crate) fn load(id: GameId, text: &str) -> Result<Box<dyn Game>, SetupError> {
    load_with(id, text, ByColor::new(None, None))
}

/// Both lists from the options (each absent one is the built-in example); none for Version
/// One.
fn armies_from_options(id: GameId, options: &Options) -> Result<ByColor<Option<Army>>, SetupError> {
    let given = options.get("white-army").is_some() || options.get("black-army").is_some();
    if id == GameId::PickATeam {
        return if given {
            Err(SetupError(
                "Pick-a-team chess (Version One) uses its 30 fixed pieces; armies are for \
                 pick-a-team-v2, patch and easy-patch"
                    .into(),
            ))
        } else {
            Ok(ByColor::new(None, None))
        };
    }
    Ok(ByColor::new(
        Some(read_army(id, Color::White, options.get("white-army"))?),
        Some(read_army(id, Color::Black, options.get("black-army"))?),
    ))
}

/// Reads one side's list: the given text, or the built-in example.
fn read_army(id: GameId, color: Color, text: Option<&str>) -> Result<Army, SetupError> {
    let text = text
        .or_else(|| examples::example_list(id, color))
        .unwrap_or_default();
    Army::parse(text).map_err(|e| SetupError(format!("{color}'s army: {e}")))
}

/// Loads a position string; its own lists win over `defaults`, which win over the examples.
fn load_with(
    id: GameId,
    text: &str,
    defaults: ByColor<Option<Army>>,
) -> Result<Box<dyn Game>, SetupError> {
    if let Some(found) = limits::over(text, limits::PICK_A_TEAM_POSITION) {
        return Err(SetupError(format!(
            "the position string has {found} characters; a {} position has at most {}",
            id.display_name(),
            limits::PICK_A_TEAM_POSITION
        )));
    }
    let (board, lists) = game::split_text(text).map_err(|e| SetupError(e.to_string()))?;
    let armies = match (id, lists) {
        (GameId::PickATeam, Some(_)) => {
            return Err(SetupError(
                "Pick-a-team chess (Version One) has fixed pieces; its positions carry no lists"
                    .into(),
            ));
        }
        (GameId::PickATeam, None) => ByColor::new(None, None),
        (_, Some(lists)) => ByColor::new(
            Some(read_army(id, Color::White, Some(lists.white))?),
            Some(read_army(id, Color::Black, Some(lists.black))?),
        ),
        (_, None) => ByColor::new(
            Some(
                defaults
                    .white
                    .map_or_else(|| read_army(id, Color::White, None), Ok)?,
            ),
            Some(
                defaults
                    .black
                    .map_or_else(|| read_army(id, Color::Black, None), Ok)?,
            ),
        ),
    };
    let rules = rules_for(id, armies)?;
    PickATeam::from_board_text(rules, board)
        .map(|g| Box::new(g) as Box<dyn Game>)
        .map_err(|e| SetupError(e.to_string()))
}

/// The game's fixed facts. Lists are checked against the game's list rules and compiled; the
/// game owns the result. (The service keeps loaded games, so a game's lists are compiled once
/// per load, not once per command; and lists of a game in play are neither checked nor
/// compiled again.)
fn rules_for(id: GameId, armies: ByColor<Option<Army>>) -> Result<Arc<PickRules>, SetupError> {
    if id == GameId::PickATeam {
        return Ok(PickRules::version_one());
    }
    let (Some(white), Some(black)) = (armies.white, armies.black) else {
        return Err(SetupError(format!(
            "{} needs two armies",
            id.display_name()
        )));
    };
    let armies = ByColor::new(white, black);
    if let Some(rules) = PickRules::in_use(id, &armies) {
        return Ok(rules);
    }
    let list_rules = ListRules::for_game(id).ok_or_else(|| {
        SetupError(format!(
            "{} has no player-defined armies",
            id.display_name()
        ))
    })?;
    let problems: Vec<String> = [
        validate::check_army(&armies.white, "White's", &list_rules),
        validate::check_army(&armies.black, "Black's", &list_rules),
    ]
    .into_iter()
    .filter_map(|checked| checked.err().map(|unfit| unfit.to_string()))
    .collect();
    if !problems.is_empty() {
        return Err(SetupError(problems.join("\n")));
    }
    PickRules::shared(id, armies).map_err(|e| SetupError(e.to_string()))
}

const POSITION: OptionSpec = OptionSpec {
    name: "position",
    description: "start from this position string instead of an empty draft",
};

/// The options of Version One: its pieces are fixed.
pub(crate) const OPTIONS_V1: &[OptionSpec] = &[POSITION];

/// The options of the games with player-defined armies.
pub(crate) const OPTIONS_ARMIES: &[OptionSpec] = &[
    OptionSpec {
        name: "white-army",
        description: "White's list: one piece per line (or per ;) as Name, S, XBetza, then \
                      royal or pawn if it is one; absent = the built-in example",
    },
    OptionSpec {
        name: "black-army",
        description: "Black's list, written like white-army; absent = the built-in example",
    },
    POSITION,
];

/// The options of Easy Patch: its lists have no royal piece, the Kings being on the board.
pub(crate) const OPTIONS_EASY: &[OptionSpec] = &[
    OptionSpec {
        name: "white-army",
        description: "White's list of 7: one piece per line (or per ;) as Name, S, XBetza, then \
                      pawn if it is one (no royal: the Kings are on the board); absent = the \
                      built-in example",
    },
    OptionSpec {
        name: "black-army",
        description: "Black's list, written like white-army; absent = the built-in example",
    },
    POSITION,
];

pub(crate) const HELP_V1: &str = "\
**Pick-a-team chess** (Hans Bodlaender, 1999) on an empty 10×10 board.
• Draft: the pool holds the 30 types the text lists (it promised 40), one of each. Order W1, B2, \
W2, B2, …, W2, B1. Place each pick at once: White on ranks 1–2, Black on 10–9, rank 2 (9) only \
when rank 1 (10) is full. Each side's first pick must be royal (King or Royal Knight). Write \
`pick Grasshopper c1` or `pick G c1`; letters below.
• Play: chess with fairy pieces; mate the royal. Stalemate, threefold repetition and 50 moves \
without capture or pawn-family move are draws. No castling, no en passant.
• Placement is free: if Black's royal is attacked when play starts, White may take it and wins; \
if White's is attacked, White must answer the check.
• Pawn family (the 16 pawns): from its 1st or 2nd rank it may also go 2 or 3 steps, from its 3rd \
rank 2, without capturing, over empty squares, in its forward moving direction(s) (not the \
backward steps of Defending and Fish pawns); this depends on the rank, not on having moved.
• On the last rank (Mecklenburg pawns: their 8th) a pawn must promote to any non-royal non-pawn \
type, spears included, picked or not (e9e10=Q). Spears never promote.
• Blocking Prince: cannot capture or be captured; it still blocks, screens and is a hurdle.
Letters: K King, RN Royal Knight, Q, R, N, B, CN Chinese Nightrider, C Pao, PR Blocking Prince, \
G Grasshopper; pawns P, CP Chinese, BP Berolina, XP fF, with M (Mecklenburg), D (Defending) or F \
(Fish) in front of P, C, B, X for the others (MP, DC, FX…); spears JS Japanese, AS Arabic, BS \
Berolina, DS Diagonal.";

pub(crate) const HELP_V2: &str = "\
**Pick-a-team chess, Version Two**: 10×10, each player brings a list of 20 pieces (options \
white-army, black-army; one per line or per `;` as `Name, S, XBetza[, royal][, pawn]`; absent = \
a built-in example). All 40 form the pool; drafting and play as in pick-a-team, order W1, B2, …, \
B2, W1, first pick royal.
List rules, computed on this board: 1. exactly one royal, never reaching more than 8 squares \
(hops counted); 2. standing on rank 1, nothing reaches the last rank in one move in any \
position where ranks 1 and 2 are full (so unlimited cannons are out); 3. at most 40 squares \
from any square of an empty board; 4. at least 10 pieces reach at most 4 squares from every \
square of an empty board; 5. no two pieces move alike with the same royal/pawn marks.
Decisions: reach in rules 3–4 is the XBetza alone (without the pawn multi-steps); a piece \
written identically in both lists is one type with two copies; another clash of letter or name \
gives Black's piece a new letter and the mark (Black's list). Pawn-family pieces multi-step and \
promote as in Version One, on the last rank.";

pub(crate) const HELP_PATCH: &str = "\
**Patch** (Pick-a-team on 8×8): as Version Two with lists of 16 (32 pieces fill ranks 1–2 and \
7–8), order W1, B2, …, B2, W1, first pick royal. The list rules are counted on the 8×8 board \
with the same limits (royal at most 8 squares, at most 40, none reaching rank 8 from rank 1 \
when ranks 1–2 are full), and at least 8 of the 16 pieces must reach at most 4 squares from \
every square. Lists: options white-army, black-army, one piece per line or per `;` as \
`Name, S, XBetza[, royal][, pawn]`; absent = a built-in example. Decisions as in \
pick-a-team-v2 (see its help).";

pub(crate) const HELP_EASY: &str = "\
**Easy Patch**: orthodox Kings and pawns stand on their usual squares (pawns: double step, en \
passant, promotion to any non-royal non-pawn type of the game). Each player brings 7 pieces \
(options white-army, black-army, as `Name, S, XBetza[, pawn]`, one per line or per `;`; absent \
= a built-in example); the 14 are drafted W1, B2, W2, B2, W2, B2, W2, B1 onto the empty squares \
of each side's first rank (`pick Queen d1`). No castling. List rules: at most 40 squares from \
any square of the empty 8×8 board; no two pieces move alike. Decision: a list has no royal \
piece (the Kings are already there). As in Version One, if Black's King is attacked when play \
starts White may take it and wins.";
