//! Positions of the real games for the gallery, `chatrang render` and the benchmark: start
//! positions, deterministic playouts (each action picked by a tiny xorshift from a fixed seed),
//! and searches of such playouts for a position that shows one feature (a Chromopolis stack, a
//! Catalonia chain). Nothing here is built by hand, so the pictures are what players see.

use crate::rules::{BoardView, Game, GameId, Options, Status, registry};

/// A small deterministic generator (xorshift64); never yields from a zero state.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// A new game of `id` with default options, or `None` if it cannot be set up.
pub fn new_game(id: GameId, seed: u64) -> Option<Box<dyn Game>> {
    registry::new_game(id, &Options::default(), seed).ok()
}

/// The view at the start (for Pick-a-team games, the start of the draft).
pub fn start(id: GameId) -> Option<BoardView> {
    new_game(id, 1).map(|g| g.view())
}

fn ongoing(game: &dyn Game) -> bool {
    matches!(game.status(), Status::Ongoing { .. })
}

/// Plays one pseudo-random legal action; `false` if there is none or the game would end
/// (the game is then unchanged, so playouts stop on a position that is still being played).
fn step(game: &mut Box<dyn Game>, rng: &mut XorShift) -> bool {
    let actions = game.legal_actions();
    if actions.is_empty() || !ongoing(game.as_ref()) {
        return false;
    }
    let action = &actions[(rng.next() % actions.len() as u64) as usize];
    let mut next = game.clone_game();
    if next.play(&action.notation).is_err() || !ongoing(next.as_ref()) {
        return false;
    }
    *game = next;
    true
}

/// A game of `id` after the draft (if any) and then `plies` pseudo-random actions.
pub fn playout(id: GameId, seed: u64, plies: usize) -> Option<Box<dyn Game>> {
    let mut game = new_game(id, seed)?;
    let mut rng = XorShift::new(seed);
    // The draft of Pick-a-team games: play until the pool is empty.
    for _ in 0..500 {
        if game.view().pool.is_empty() || !step(&mut game, &mut rng) {
            break;
        }
    }
    for _ in 0..plies {
        if !step(&mut game, &mut rng) {
            break;
        }
    }
    Some(game)
}

/// A lively middlegame: past the draft and some twenty actions in.
pub fn middlegame(id: GameId) -> Option<BoardView> {
    playout(id, 7, 24).map(|g| g.view())
}

/// The first view along seeded playouts of `id` (up to `plies` actions each, a few seeds)
/// for which `wanted` holds.
pub fn find(id: GameId, plies: usize, wanted: impl Fn(&BoardView) -> bool) -> Option<BoardView> {
    for seed in 1..=8 {
        let mut game = new_game(id, seed)?;
        let mut rng = XorShift::new(seed);
        for _ in 0..=plies {
            let view = game.view();
            if wanted(&view) {
                return Some(view);
            }
            if !step(&mut game, &mut rng) {
                break;
            }
        }
    }
    None
}

/// A Chromopolis position with a stack of at least two pieces.
pub fn chromopolis_stack() -> Option<BoardView> {
    find(GameId::Chromopolis, 200, |view| {
        view.pieces
            .iter()
            .any(|(sq, _)| view.pieces.iter().filter(|(s, _)| s == sq).count() >= 2)
    })
}

/// A Catalonia position whose view shows a chain (arrows).
pub fn catalonia_chain() -> Option<BoardView> {
    find(GameId::Catalonia, 300, |view| view.arrows.len() >= 2)
}

/// A Katarenga position with a piece in a camp if a seeded playout reaches one, else with the
/// empty camps after a few moves.
pub fn katarenga_camps() -> Option<BoardView> {
    find(GameId::Katarenga, 300, |view| {
        view.outside.iter().any(|slot| slot.piece.is_some())
    })
    .or_else(|| {
        find(GameId::Katarenga, 60, |view| {
            !view.outside.is_empty() && !view.last_move.is_empty()
        })
    })
}

/// Every piece diagram of `id`: (piece name, view), in the game's order; an error names the
/// piece whose diagram the game refused.
pub fn piece_diagrams(id: GameId) -> Result<Vec<(String, BoardView)>, String> {
    let game = registry::new_game(id, &Options::default(), 1).map_err(|e| format!("{id}: {e}"))?;
    game.pieces()
        .into_iter()
        .map(|info| {
            let view = game
                .piece_diagram(&info.name)
                .map_err(|e| format!("{id}, {}: {e}", info.name))?;
            Ok((info.name, view))
        })
        .collect()
}
