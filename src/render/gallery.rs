//! The gallery: pictures of every game's sample positions and a piece diagram of every piece
//! type, written to a folder for people to look at (and run in CI so no game's picture fails).

use std::path::{Path, PathBuf};

use super::{Renderer, samples};
use crate::rules::{
    BoardView, Color, Geometry, Mark, Square,
    chesslike::game::reach_marks,
    move_table,
    xbetza::{Betza, Hop},
};

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

/// How the pieces of the games without a rules module yet move, in XBetza (from `rules.md`):
/// kind, board, movement, and the squares it defends (Catalonia) or applies force to
/// (Chromopolis).
const PIECE_REACH: &[(&str, Board, &str, Extra)] = &[
    ("royal-knight", Board::PickATeam, "N", None),
    ("chinese-nightrider", Board::PickATeam, "nNN", None),
    ("pao", Board::PickATeam, "mRcpR", None),
    ("blocking-prince", Board::PickATeam, "mK", None),
    ("grasshopper", Board::PickATeam, "gQ", None),
    ("pawn-chinese", Board::PickATeam, "fW", None),
    ("pawn-berolina", Board::PickATeam, "fmFfcW", None),
    ("pawn-ff", Board::PickATeam, "fF", None),
    ("pawn-mecklenburg", Board::PickATeam, "fmWfcF", None),
    ("pawn-chinese-mecklenburg", Board::PickATeam, "fW", None),
    (
        "pawn-berolina-mecklenburg",
        Board::PickATeam,
        "fmFfcW",
        None,
    ),
    ("pawn-ff-mecklenburg", Board::PickATeam, "fF", None),
    ("pawn-defending", Board::PickATeam, "fmWfcFbmR", None),
    ("pawn-chinese-defending", Board::PickATeam, "fWbmR", None),
    (
        "pawn-berolina-defending",
        Board::PickATeam,
        "fmFfcWbmR",
        None,
    ),
    ("pawn-ff-defending", Board::PickATeam, "fFbmR", None),
    ("pawn-fish", Board::PickATeam, "fmWfcFbW", None),
    ("pawn-chinese-fish", Board::PickATeam, "fWbW", None),
    ("pawn-berolina-fish", Board::PickATeam, "fmFfcWbW", None),
    ("pawn-ff-fish", Board::PickATeam, "fFbW", None),
    ("spear-japanese", Board::PickATeam, "fR", None),
    ("spear-arabic", Board::PickATeam, "fmRfcB", None),
    ("spear-berolina", Board::PickATeam, "fmBfcR", None),
    ("spear-diagonal", Board::PickATeam, "fB", None),
    (
        "advocate",
        Board::Chromopolis,
        "mFmD",
        Some(("FD", Mark::Force)),
    ),
    (
        "prelate",
        Board::Chromopolis,
        "mF",
        Some(("NW", Mark::Force)),
    ),
    (
        "gentleman",
        Board::Catalonia,
        "mKmAmD",
        Some(("KAD", Mark::Defend)),
    ),
    ("lady", Board::Catalonia, "mQ", Some(("Q", Mark::Defend))),
    (
        "peasant",
        Board::Catalonia,
        "mfWmbW",
        Some(("fF", Mark::Defend)),
    ),
];

/// What a piece reaches besides its moves: (XBetza, the mark to show).
type Extra = Option<(&'static str, Mark)>;

#[derive(Copy, Clone)]
enum Board {
    PickATeam,
    Chromopolis,
    Catalonia,
}

/// A diagram of one piece type: from the rules where its game exists (Chess, Cataclysm),
/// else computed from its XBetza on its game's board.
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
    let Some(&(_, board, moves, extra)) = PIECE_REACH.iter().find(|(k, ..)| *k == kind) else {
        return BoardView {
            geometry: Geometry::rectangle(5, 5).ok(),
            pieces: vec![(
                Square::new(2, 2).expect("on the board"),
                samples::piece(kind, Color::White),
            )],
            header: name.to_string(),
            ..BoardView::default()
        };
    };
    let (geometry, from) = match board {
        Board::PickATeam => (Geometry::rectangle(10, 10).expect("10×10"), (4, 4)),
        Board::Chromopolis => (
            Geometry::rectangle(7, 6)
                .expect("7×6")
                .cylinder()
                .with_holes([samples::sq("a1"), samples::sq("a6")]),
            (1, 2),
        ),
        Board::Catalonia => (Geometry::rectangle(8, 8).expect("8×8"), (3, 3)),
    };
    let from = Square::new(from.0, from.1).expect("on the board");
    // Hops are marked apart from plain moves so that a square reached both ways shows both.
    let reach = |betza: &str| -> Vec<(Square, Mark)> {
        let Ok(b) = Betza::parse(betza) else {
            return Vec::new();
        };
        let rays = move_table::compile(&b, &geometry, Color::White, from, false);
        let (hops, plain): (Vec<_>, Vec<_>) = rays.into_iter().partition(|r| r.hop != Hop::None);
        let mut marks = reach_marks(&plain);
        marks.extend(reach_marks(&hops));
        marks
    };
    let mut marks = vec![(from, Mark::Origin)];
    marks.extend(reach(moves));
    let mut header = format!("{name}: {moves}");
    if let Some((betza, mark)) = extra {
        marks.extend(reach(betza).into_iter().map(|(s, _)| (s, mark)));
        let what = if mark == Mark::Force {
            "force"
        } else {
            "defends"
        };
        header = format!("{name}: moves {moves}, {what} {betza}");
    }
    BoardView {
        geometry: Some(geometry),
        pieces: vec![(from, samples::piece(kind, Color::White))],
        marks,
        header,
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
