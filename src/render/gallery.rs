//! The gallery: pictures of every game's sample positions and a piece diagram of every piece
//! type, written to a folder for people to look at (and run in CI so no game's picture fails).

use std::path::{Path, PathBuf};

use super::{Renderer, samples};
use crate::rules::{BoardView, Color, Geometry, Mark, Square};

/// Every sample view with a file name.
pub fn views() -> Vec<(String, BoardView, Color)> {
    let mut views = vec![
        (
            "chess-start".to_string(),
            samples::chess_start(),
            Color::White,
        ),
        (
            "chess-mate".to_string(),
            samples::chess_mate(),
            Color::Black,
        ),
        (
            "chess-knight-moves".to_string(),
            samples::chess_knight_moves(),
            Color::White,
        ),
        (
            "cataclysm-start".to_string(),
            samples::cataclysm_start(),
            Color::White,
        ),
        (
            "cataclysm-middlegame".to_string(),
            samples::cataclysm_middlegame(),
            Color::White,
        ),
        (
            "pick-a-team-draft".to_string(),
            samples::pick_a_team_draft(),
            Color::Black,
        ),
        (
            "pick-a-team-play".to_string(),
            samples::pick_a_team_play(),
            Color::White,
        ),
        ("katarenga".to_string(), samples::katarenga(), Color::White),
        (
            "katarenga-black".to_string(),
            samples::katarenga(),
            Color::Black,
        ),
        (
            "chromopolis".to_string(),
            samples::chromopolis(),
            Color::White,
        ),
        (
            "chromopolis-black".to_string(),
            samples::chromopolis(),
            Color::Black,
        ),
        ("catalonia".to_string(), samples::catalonia(), Color::White),
        (
            "all-pieces".to_string(),
            samples::all_pieces(),
            Color::White,
        ),
    ];
    for &(name, kind, _) in samples::PIECE_TYPES {
        views.push((format!("piece-{kind}"), diagram(name, kind), Color::White));
    }
    views
}

/// A diagram of one piece type: the Cataclysm diagrams come from the rules; the others show the
/// piece in the middle of a 9×9 board with marks of each kind around it, so every mark is seen.
fn diagram(name: &str, kind: &str) -> BoardView {
    let from_rules = crate::rules::registry::new_game(
        crate::rules::GameId::Cataclysm,
        &crate::rules::Options::default(),
        0,
    )
    .ok()
    .and_then(|g| g.piece_diagram(name).ok());
    if let Some(view) = from_rules {
        return view;
    }
    let geometry = Geometry::rectangle(9, 9).expect("9×9");
    let at = |f: u8, r: u8| Square::new(f, r).expect("on the board");
    let from = at(4, 4);
    let mut marks = vec![(from, Mark::Origin)];
    match kind {
        "gentleman" | "lady" | "peasant" => {
            marks.extend([
                (at(3, 5), Mark::Defend),
                (at(5, 5), Mark::Defend),
                (at(4, 5), Mark::Move),
                (at(4, 3), Mark::Move),
            ]);
        }
        "advocate" | "prelate" => {
            marks.extend([
                (at(3, 5), Mark::Move),
                (at(5, 3), Mark::Move),
                (at(2, 5), Mark::Force),
                (at(6, 3), Mark::Force),
                (at(4, 5), Mark::Force),
            ]);
        }
        _ => {
            marks.extend([
                (at(4, 5), Mark::Move),
                (at(3, 5), Mark::Capture),
                (at(5, 5), Mark::MoveOrCapture),
                (at(4, 7), Mark::Hop),
            ]);
        }
    }
    BoardView {
        geometry: Some(geometry),
        pieces: vec![(from, samples::piece(kind, Color::White))],
        marks,
        header: format!("{name} — sample marks"),
        perspective: Some(Color::White),
        ..BoardView::default()
    }
}

/// Writes the gallery as PNG files (and the text boards as .txt) into `dir`.
pub fn write(dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let renderer = Renderer::global();
    let mut written = Vec::new();
    for (name, view, orientation) in views() {
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
