//! Positions of the real games for the gallery, the benchmark and the palette the renderer
//! learns at start-up: start positions, deterministic playouts (each action picked by a tiny
//! xorshift from a fixed seed), searches of such playouts for a position that shows one feature
//! (a Chromopolis stack, a Catalonia chain), positions reached by fixed moves (a mate, the moves
//! of one piece) and the games' piece diagrams. Only [`all_pieces`] is arranged by hand (no game
//! has every piece type), and even it takes the pieces from the games, so the pictures are what
//! players see.

use std::sync::OnceLock;

use super::moves::moves_view;
use chatrang_rules::{
    ActionError, BoardView, Color, GAMES, Game, GameId, Geometry, Options, PieceView, SetupError,
    Square, Status, Tile, registry, search::reading,
};

/// Why a showcase position could not be made; the text names the game (and the piece).
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ShowcaseError {
    #[error("{0}: {1}")]
    Setup(GameId, SetupError),
    #[error("{game}, {piece}: {error}")]
    Diagram {
        game: GameId,
        piece: String,
        error: ActionError,
    },
}

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

/// Plays one pseudo-random legal action and returns its notation; `None` if there is none or
/// the game would end (the game is then unchanged, so playouts stop on a position that is
/// still being played).
fn step(game: &mut Box<dyn Game>, rng: &mut XorShift) -> Option<String> {
    let actions = game.legal_actions();
    if actions.is_empty() || !ongoing(game.as_ref()) {
        return None;
    }
    let action = &actions[(rng.next() % actions.len() as u64) as usize];
    let mut next = game.clone_game();
    if next.play(&action.notation).is_err() || !ongoing(next.as_ref()) {
        return None;
    }
    *game = next;
    Some(action.notation.clone())
}

/// A game of `id` after the draft (if any) and then `plies` pseudo-random actions.
pub fn playout(id: GameId, seed: u64, plies: usize) -> Option<Box<dyn Game>> {
    let mut game = new_game(id, seed)?;
    let mut rng = XorShift::new(seed);
    // The draft of Pick-a-team games: play until the pool is empty.
    for _ in 0..500 {
        if game.view().pool.is_empty() || step(&mut game, &mut rng).is_none() {
            break;
        }
    }
    for _ in 0..plies {
        if step(&mut game, &mut rng).is_none() {
            break;
        }
    }
    Some(game)
}

/// One position of a seeded game: the view after an action, the action's notation, the side
/// that took it, and whether it was a pick of the draft.
pub type Recorded = (BoardView, String, Option<Color>, bool);

/// A seeded game of `id` as a replay shows it: the view at the start, then after each action
/// (the draft's picks, if any, then up to `plies` actions of play).
pub fn record(id: GameId, seed: u64, plies: usize) -> Option<Vec<Recorded>> {
    let mut out = Vec::new();
    walk(id, seed, plies, |game, notation, side, drafting| {
        out.push((game.view(), notation.to_string(), side, drafting));
    })?;
    Some(out)
}

/// The same game as [`record`]'s as a review reads it (`nodes` nodes a position): White's
/// evaluation at each position, and the side that took the action leading there.
pub fn readings(
    id: GameId,
    seed: u64,
    plies: usize,
    nodes: u64,
) -> Option<Vec<(i32, Option<Color>)>> {
    let mut out: Vec<(i32, Option<Color>)> = Vec::new();
    walk(id, seed, plies, |game, _, side, _| {
        let previous = out.last().map_or(0, |(eval, _)| *eval);
        out.push((reading::read(game, nodes, previous).eval, side));
    })?;
    Some(out)
}

/// A seeded game of a cooperative `id` played to its end the way a fair group plays (the
/// stand-in's longest chain now, one action in three at random), turn by turn: each turn's
/// number, the points it scored and the most its moves could have scored.
pub fn turn_readings(id: GameId, seed: u64) -> Option<Vec<(u32, u32, u32)>> {
    let mut game = new_game(id, seed)?;
    let mut rng = XorShift::new(seed);
    let mut turns: Vec<(u32, u32, u32)> = Vec::new();
    for _ in 0..2000 {
        if !ongoing(game.as_ref()) {
            break;
        }
        if let Some(best) = game.best_turn()
            && turns.last().is_none_or(|t| t.0 != best.turn)
        {
            turns.push((best.turn, 0, best.points));
        }
        let chosen = match rng.next() % 3 {
            0 => None,
            _ => game.stand_in(),
        };
        let action = match chosen {
            Some(action) => action,
            None => {
                let actions = game.legal_actions();
                actions
                    .get((rng.next() % actions.len().max(1) as u64) as usize)?
                    .notation
                    .clone()
            }
        };
        game.play(&action).ok()?;
    }
    for (turn, points) in game.turn_scores() {
        if let Some(t) = turns.iter_mut().find(|t| t.0 == turn) {
            t.1 = points;
        }
    }
    Some(turns)
}

/// Plays a seeded game of `id`, calling `visit` at the start (with no notation nor side)
/// and after each action (the draft's picks, then up to `plies` actions of play) with the
/// action and the side that took it, and whether it was a pick of the draft.
fn walk(
    id: GameId,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&dyn Game, &str, Option<Color>, bool),
) -> Option<()> {
    let mut game = new_game(id, seed)?;
    let mut rng = XorShift::new(seed);
    visit(game.as_ref(), "", None, false);
    let (mut play, mut actions) = (0, 0);
    while play < plies && actions < plies + 499 {
        let drafting = !game.view().pool.is_empty();
        let side = match game.status() {
            Status::Ongoing {
                actor: chatrang_rules::Actor::Side(side),
                ..
            } => Some(side),
            _ => None,
        };
        let Some(notation) = step(&mut game, &mut rng) else {
            break;
        };
        visit(game.as_ref(), &notation, side, drafting);
        actions += 1;
        if !drafting {
            play += 1;
        }
    }
    Some(())
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
            if step(&mut game, &mut rng).is_none() {
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

/// A Catalonia position with a chain (and a pit, if a seeded playout reaches one) and the
/// next two moves of the playout drawn as hint arrows, the way `/hint` draws its suggestion.
pub fn catalonia_hint() -> Option<BoardView> {
    let has_pit = |view: &BoardView| view.tiles.iter().any(|(_, t)| *t == Tile::Pit);
    let mut fallback = None;
    for seed in 1..=8 {
        let mut game = new_game(GameId::Catalonia, seed)?;
        let mut rng = XorShift::new(seed);
        for _ in 0..=300 {
            let view = game.view();
            if view.arrows.len() >= 2 {
                let mut next = game.clone_game();
                let mut hints = Vec::new();
                let mut ahead = XorShift::new(seed ^ 0xA5);
                for _ in 0..2 {
                    let before = next.view().last_move;
                    if step(&mut next, &mut ahead).is_none() {
                        break;
                    }
                    let after = next.view();
                    if after.last_move != before
                        && let [from, to] = after.last_move[..]
                    {
                        hints.push((from, to));
                    }
                }
                let found = BoardView { hints, ..view };
                if found.hints.len() == 2 {
                    if has_pit(&found) {
                        return Some(found);
                    }
                    fallback.get_or_insert(found);
                }
            }
            if step(&mut game, &mut rng).is_none() {
                break;
            }
        }
    }
    fallback
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
pub fn piece_diagrams(id: GameId) -> Result<Vec<(String, BoardView)>, ShowcaseError> {
    let game = registry::new_game(id, &Options::default(), 1)
        .map_err(|error| ShowcaseError::Setup(id, error))?;
    game.pieces()
        .into_iter()
        .map(|info| {
            let view = game
                .piece_diagram(&info.name)
                .map_err(|error| ShowcaseError::Diagram {
                    game: id,
                    piece: info.name.clone(),
                    error,
                })?;
            Ok((info.name, view))
        })
        .collect()
}

/// A game of `id` after moves given as `from-to` squares (each the first legal action joining
/// them); `None` if the game cannot start or a move is not legal there.
fn played(id: GameId, moves: &[&str]) -> Option<Box<dyn Game>> {
    let mut game = new_game(id, 1)?;
    for m in moves {
        let (from, to) = m.split_once('-')?;
        let (from, to) = (Square::parse(from).ok()?, Square::parse(to).ok()?);
        let action = game
            .legal_actions()
            .into_iter()
            .find(|a| a.from == Some(from) && a.to == Some(to))?;
        game.play(&action.notation).ok()?;
    }
    Some(game)
}

/// Scholar's mate: the last move and the mated king are highlighted.
pub fn chess_mate() -> Option<BoardView> {
    let moves = [
        "e2-e4", "e7-e5", "f1-c4", "b8-c6", "d1-h5", "g8-f6", "h5-f7",
    ];
    played(GameId::Chess, &moves).map(|game| game.view())
}

/// The view of `game` with the moves of the piece on `from` marked, named in the header.
fn moves_of(game: &dyn Game, from: &str, piece: &str) -> Option<BoardView> {
    let square = Square::parse(from).ok()?;
    let mut view = moves_view(&game.view(), square, &game.legal_actions());
    view.header = format!("{} · moves of the {piece} on {from}", view.header);
    Some(view)
}

/// The legal moves of the knight on c3 in an open game (one of them a capture), marked.
pub fn chess_knight_moves() -> Option<BoardView> {
    let moves = ["e2-e4", "d7-d5", "g1-f3", "d5-e4", "b1-c3", "c8-g4"];
    moves_of(played(GameId::Chess, &moves)?.as_ref(), "c3", "Knight")
}

/// The moves of the pawn on e4 at Cataclysm's start: its own steps, and the neighbouring pawns
/// that may advance with it (the two-pawn move) marked as partners.
pub fn cataclysm_pawn_moves() -> Option<BoardView> {
    moves_of(played(GameId::Cataclysm, &[])?.as_ref(), "e4", "Pawn")
}

/// One piece type of the games: how a piece of it is shown.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PieceType {
    pub name: String,
    pub kind: String,
    pub symbol: String,
}

/// Every piece type of every game in the table of games, once per sprite kind, in the games'
/// order and each game's own order: read from each game's piece diagrams, so this is what the
/// games show and no second list to keep up to date.
pub fn piece_types() -> &'static [PieceType] {
    static TYPES: OnceLock<Vec<PieceType>> = OnceLock::new();
    TYPES.get_or_init(|| {
        let mut types: Vec<PieceType> = Vec::new();
        for spec in &GAMES {
            let Ok(game) = spec.example() else {
                continue;
            };
            for info in game.pieces() {
                let Ok(diagram) = game.piece_diagram(&info.name) else {
                    continue;
                };
                let shown = diagram.pieces.iter().map(|(_, p)| p);
                if let Some(shown) = shown.clone().find(|p| p.name == info.name)
                    && !types.iter().any(|t| t.kind == shown.kind)
                {
                    types.push(PieceType {
                        name: info.name.clone(),
                        kind: shown.kind.clone(),
                        symbol: info.symbol.clone(),
                    });
                }
            }
        }
        types
    })
}

/// Every piece type in both colours on one board (White on the lower half, eleven a rank),
/// with its legend: the sheet of all the artwork, which no game can show.
pub fn all_pieces() -> BoardView {
    let types = piece_types();
    let ranks = types.len().div_ceil(11).max(1) as u8;
    let mut view = BoardView {
        geometry: Geometry::rectangle(11, 2 * ranks).ok(),
        header: "Every piece type".into(),
        perspective: Some(Color::White),
        ..BoardView::default()
    };
    let piece = |t: &PieceType, color: Color| PieceView {
        kind: t.kind.clone(),
        name: t.name.clone(),
        symbol: t.symbol.clone(),
        color,
        bound: false,
    };
    for (i, t) in types.iter().enumerate() {
        let (file, rank) = ((i % 11) as u8, (i / 11) as u8);
        let squares = (
            Square::new(file, rank),
            Square::new(10 - file, 2 * ranks - 1 - rank),
        );
        if let (Some(white), Some(black)) = squares {
            view.pieces.push((white, piece(t, Color::White)));
            view.pieces.push((black, piece(t, Color::Black)));
        }
    }
    view
}

/// The positions the renderer learns its palette from: between them every surface, tint,
/// mark, arrow, panel and piece the games show, at every usual size, on both square colours.
/// All from the real games, so the palette fits what players see.
pub fn palette_views() -> Vec<BoardView> {
    let mut views: Vec<BoardView> = Vec::new();
    for spec in &GAMES {
        views.extend(start(spec.id));
        views.extend(middlegame(spec.id));
    }
    views.extend(chess_mate());
    views.extend(chess_knight_moves());
    views.extend(cataclysm_pawn_moves());
    views.extend(katarenga_camps());
    views.extend(chromopolis_stack());
    views.extend(catalonia_chain());
    views.push(all_pieces());
    // Pick-a-team's piece diagrams: most of the artwork at square size, under the marks of its
    // many kinds of moves. Without them the edges of marks over pieces come out coarser.
    if let Ok(diagrams) = piece_diagrams(GameId::PickATeam) {
        views.extend(diagrams.into_iter().map(|(_, view)| view));
    }
    views
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_piece_types_use_every_piece_artwork() {
        let kinds: Vec<&str> = piece_types().iter().map(|t| t.kind.as_str()).collect();
        for (kind, _) in crate::assets::PIECES {
            assert!(kinds.contains(kind), "no game shows {kind}: {kinds:?}");
        }
    }
}
