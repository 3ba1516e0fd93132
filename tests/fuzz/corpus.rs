//! The real inputs the fuzzer starts from: positions reached in play in every game (and the
//! games at them), the XBetza of every piece, the built-in army lists. Built once per run.

use std::sync::OnceLock;

use chatrang::rules::{Color, GAMES, Game, Options, picka::examples::example_list, registry};

/// Positions per game: the start of a few seeds and the positions of a few random games.
const WALKS: u64 = 4;
/// Actions per random game.
const STEPS: usize = 40;

/// A small generator of its own, so the corpus never changes with a library's release.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// Every game of the table at a dozen positions or so, in the table's order: the starts of a
/// few seeds, and every fifth position of a few random games (a draft, the middle game, an
/// end).
pub fn games() -> &'static [Vec<Box<dyn Game>>] {
    static GAMES_AT: OnceLock<Vec<Vec<Box<dyn Game>>>> = OnceLock::new();
    GAMES_AT.get_or_init(|| {
        GAMES
            .iter()
            .map(|spec| {
                let mut found: Vec<Box<dyn Game>> = Vec::new();
                for seed in 0..WALKS {
                    let mut game = registry::new_game(spec.id, &Options::default(), seed)
                        .unwrap_or_else(|e| panic!("{}: {e}", spec.slug));
                    let mut state = seed;
                    for step in 0..STEPS {
                        if step % 5 == 0 {
                            found.push(game.clone_game());
                        }
                        let actions = game.legal_actions();
                        if actions.is_empty() {
                            break;
                        }
                        let pick = next(&mut state) as usize % actions.len();
                        game.play(&actions[pick].notation)
                            .unwrap_or_else(|e| panic!("{}: {e}", spec.slug));
                    }
                    found.push(game);
                }
                found
            })
            .collect()
    })
}

/// The position strings of [`games`], row by row, written once.
fn position_texts() -> &'static [Vec<String>] {
    static TEXTS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        games()
            .iter()
            .map(|row| row.iter().map(|g| g.position_text()).collect())
            .collect()
    })
}

/// The position strings of [`games`] of one row of the table.
pub fn positions(row: usize) -> Vec<String> {
    position_texts()[row].clone()
}

/// Every position string of every game.
pub fn all_positions() -> Vec<String> {
    position_texts().concat()
}

/// The built-in army lists, each as written and on one line.
pub fn army_lists() -> Vec<String> {
    let mut lists = Vec::new();
    for spec in &GAMES {
        for color in Color::ALL {
            if let Some(list) = example_list(spec.id, color) {
                lists.push(list.to_string());
                lists.push(list.replace('\n', "; "));
            }
        }
    }
    lists.push("King, K, K, royal\nDragon, DR, QN\nSoldier, S, fW, pawn".into());
    lists
}

/// The XBetza of every piece of every game and of the built-in lists, and a few more that
/// use every modifier.
pub fn betzas() -> Vec<String> {
    let mut all: Vec<String> = GAMES
        .iter()
        .flat_map(|spec| spec.pieces().unwrap_or_default())
        .map(|p| p.betza)
        .filter(|b| !b.is_empty())
        .collect();
    for list in army_lists() {
        for line in list.split(['\n', ';']) {
            if let Some(betza) = line.split(',').nth(2) {
                all.push(betza.trim().to_string());
            }
        }
    }
    all.extend(
        [
            "fmWfceFifmnD",
            "KmaK",
            "nNN",
            "mRcpR",
            "gQ",
            "ffNbsN",
            "flFbrF",
            "vR4sW",
            "B4W",
            "lrN",
        ]
        .map(String::from),
    );
    all.sort();
    all.dedup();
    all
}
