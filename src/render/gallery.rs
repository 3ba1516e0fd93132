//! The gallery: pictures of every game from the real rules (start, a middlegame, the features
//! each game is known for) and a diagram of every piece type of every game, written to a folder
//! for people to look at (and run by the tests so that no game's picture fails).

use std::path::{Path, PathBuf};

use super::{Renderer, samples, showcase};
use crate::rules::{BoardView, Color, GAMES, GameId};

/// One picture: file name (without extension), view, side at the bottom.
pub type Entry = (String, BoardView, Color);

/// Every gallery view with a file name; an error names the game or piece that failed.
pub fn views() -> Result<Vec<Entry>, String> {
    let side = |view: &BoardView| view.perspective.unwrap_or(Color::White);
    let mut views: Vec<Entry> = Vec::new();
    for spec in &GAMES {
        let id = spec.id;
        let start = showcase::start(id).ok_or_else(|| format!("{id}: cannot start a game"))?;
        views.push((format!("{}-start", spec.key), start, Color::White));
        let middle = showcase::middlegame(id).ok_or_else(|| format!("{id}: no middlegame"))?;
        let orientation = side(&middle);
        views.push((format!("{}-middlegame", spec.key), middle, orientation));
    }
    let feature = |name: &str, view: Option<BoardView>| {
        view.ok_or_else(|| format!("{name}: no seeded playout reached it"))
    };
    // The start of a Pick-a-team game is its draft: the pool beside the board.
    let draft = feature("pick-a-team draft", showcase::start(GameId::PickATeam))?;
    views.push(("pick-a-team-draft-black".into(), draft, Color::Black));
    let camps = feature("katarenga camps", showcase::katarenga_camps())?;
    views.push(("katarenga-camps".into(), camps.clone(), Color::White));
    views.push(("katarenga-camps-black".into(), camps, Color::Black));
    let stack = feature("chromopolis stack", showcase::chromopolis_stack())?;
    views.push(("chromopolis-stack".into(), stack.clone(), Color::White));
    views.push(("chromopolis-stack-black".into(), stack, Color::Black));
    let chain = feature("catalonia chain", showcase::catalonia_chain())?;
    views.push(("catalonia-chain".into(), chain, Color::White));
    // Chess positions reached by fixed moves of the real game: a mate, and one piece's moves.
    views.push(("chess-mate".into(), samples::chess_mate(), Color::Black));
    views.push((
        "chess-knight-moves".into(),
        samples::chess_knight_moves(),
        Color::White,
    ));
    views.push((
        "cataclysm-pawn-moves".into(),
        samples::cataclysm_pawn_moves(),
        Color::White,
    ));
    // Hand-built: no game has every piece type, so this sheet of all the artwork is made up.
    views.push(("all-pieces".into(), samples::all_pieces(), Color::White));
    for spec in &GAMES {
        for (name, view) in showcase::piece_diagrams(spec.id)? {
            views.push((
                format!("{}-piece-{}", spec.key, slug(&name)),
                view,
                Color::White,
            ));
        }
    }
    Ok(views)
}

/// A file-name-safe form of a piece name: "fF Fish Pawn" → "ff-fish-pawn".
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Writes the gallery as PNG files (and the text boards as .txt) into `dir`.
pub fn write(dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let renderer = Renderer::global();
    let mut written = Vec::new();
    for (name, view, orientation) in views()? {
        let png = renderer
            .png(&view, orientation)
            .map_err(|e| format!("{name}: {e}"))?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let text = super::text_board(&view, orientation);
        let text_path = dir.join(format!("{name}.txt"));
        std::fs::write(&text_path, text)
            .map_err(|e| format!("cannot write {}: {e}", text_path.display()))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs_are_plain() {
        assert_eq!(super::slug("fF Fish Pawn"), "ff-fish-pawn");
        assert_eq!(super::slug("Grand Rook"), "grand-rook");
        assert_eq!(super::slug("  Pao! "), "pao");
    }
}
