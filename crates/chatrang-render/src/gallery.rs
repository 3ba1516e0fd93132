//! The gallery: pictures of every game from the real rules (start, a middlegame, the features
//! each game is known for) and a diagram of every piece type of every game, written to a folder
//! for people to look at (and run by the tests so that no game's picture fails), a rating
//! chart of made-up games, the standings of a made-up tournament and duplicate event, and a
//! replay of a seeded game of each game.

use std::{
    io,
    path::{Path, PathBuf},
};

use super::animation::Still;
use super::chart;
use super::error::RenderError;
use super::eval_chart::{self, EvalChart};
use super::renderer::Renderer;
use super::showcase::{self, ShowcaseError};
use super::table;
use super::text_board::text_board;
use super::turn_chart::{self, TurnBar, TurnChart};
use chatrang_rules::{
    BoardView, Color, GAMES, GameId,
    search::reading::{BLUNDER, MISTAKE, loss},
};

/// One picture: file name (without extension), view, side at the bottom.
pub type Entry = (String, BoardView, Color);

/// Why the gallery could not be made; the text names the game, piece, picture or file.
#[derive(Debug, thiserror::Error)]
pub enum GalleryError {
    #[error("{0}: cannot start a game")]
    NoStart(GameId),
    #[error("{0}: no middlegame")]
    NoMiddlegame(GameId),
    #[error("{0}: no seeded playout reached it")]
    NotReached(&'static str),
    #[error("{0}: its moves are not legal")]
    Unplayable(&'static str),
    #[error(transparent)]
    Showcase(#[from] ShowcaseError),
    #[error("{name}: {error}")]
    Render { name: String, error: RenderError },
    #[error("{name}: {error}")]
    Replay {
        name: String,
        error: super::animation::AnimationError,
    },
    #[error("cannot create {}: {source}", dir.display())]
    Create { dir: PathBuf, source: io::Error },
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
}

/// Every gallery view with a file name; an error names the game or piece that failed.
pub fn views() -> Result<Vec<Entry>, GalleryError> {
    let side = |view: &BoardView| view.perspective.unwrap_or(Color::White);
    let mut views: Vec<Entry> = Vec::new();
    for spec in &GAMES {
        let id = spec.id;
        let start = showcase::start(id).ok_or(GalleryError::NoStart(id))?;
        views.push((format!("{}-start", spec.slug), start, Color::White));
        let middle = showcase::middlegame(id).ok_or(GalleryError::NoMiddlegame(id))?;
        let orientation = side(&middle);
        views.push((format!("{}-middlegame", spec.slug), middle, orientation));
    }
    let feature =
        |name: &'static str, view: Option<BoardView>| view.ok_or(GalleryError::NotReached(name));
    let fixed =
        |name: &'static str, view: Option<BoardView>| view.ok_or(GalleryError::Unplayable(name));
    // The start of a Pick-a-team game is its draft: the pool beside the board.
    let draft = feature("pick-a-team draft", showcase::start(GameId::PickATeam))?;
    views.push(("pick-a-team-draft-black".into(), draft, Color::Black));
    // Black choosing a baseline sees the board from their side, the edges named.
    let choice = feature("katarenga baseline", showcase::start(GameId::Katarenga))?;
    views.push(("katarenga-baseline-black".into(), choice, Color::Black));
    let camps = feature("katarenga camps", showcase::katarenga_camps())?;
    views.push(("katarenga-camps".into(), camps.clone(), Color::White));
    views.push(("katarenga-camps-black".into(), camps, Color::Black));
    let stack = feature("chromopolis stack", showcase::chromopolis_stack())?;
    views.push(("chromopolis-stack".into(), stack.clone(), Color::White));
    views.push(("chromopolis-stack-black".into(), stack, Color::Black));
    let chain = feature("catalonia chain", showcase::catalonia_chain())?;
    views.push(("catalonia-chain".into(), chain, Color::White));
    let hint = feature("catalonia hint", showcase::catalonia_hint())?;
    views.push(("catalonia-hint".into(), hint, Color::White));
    // Chess positions reached by fixed moves of the real game: a mate, and one piece's moves.
    let mate = fixed("chess mate", showcase::chess_mate())?;
    views.push(("chess-mate".into(), mate, Color::Black));
    let knight = fixed("chess knight moves", showcase::chess_knight_moves())?;
    views.push(("chess-knight-moves".into(), knight, Color::White));
    let pawn = fixed("cataclysm pawn moves", showcase::cataclysm_pawn_moves())?;
    views.push(("cataclysm-pawn-moves".into(), pawn, Color::White));
    // Arranged by hand: no game has every piece type, so this sheet of all the artwork is
    // made up (of the games' own pieces).
    views.push(("all-pieces".into(), showcase::all_pieces(), Color::White));
    for spec in &GAMES {
        for (name, view) in showcase::piece_diagrams(spec.id)? {
            views.push((
                format!("{}-piece-{}", spec.slug, slug(&name)),
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

/// A replay of a seeded game of each game (the draft first where there is one), as
/// `/replay` draws it: a frame per action, captioned with the action's number and notation.
pub fn replays() -> Result<Vec<(String, Vec<Still>)>, GalleryError> {
    GAMES
        .iter()
        .map(|spec| {
            let record = showcase::record(spec.id, 3, 40).ok_or(GalleryError::NoStart(spec.id))?;
            Ok((format!("{}-replay", spec.slug), stills(record)))
        })
        .collect()
}

/// A record's frames, numbered as players count moves: the draft's picks apart, then a new
/// number each time White acts after Black.
pub fn stills(record: Vec<showcase::Recorded>) -> Vec<Still> {
    let mut number = 1;
    let mut previous = None;
    let count = record.len();
    record
        .into_iter()
        .enumerate()
        .map(|(i, (view, notation, side, drafting))| {
            if !drafting && side == Some(Color::White) && previous == Some(Color::Black) {
                number += 1;
            }
            if !drafting && side.is_some() {
                previous = side;
            }
            let caption = match side {
                _ if i == 0 => "Start".to_string(),
                Some(side) if drafting => format!("Draft, {side}: {notation}"),
                Some(Color::Black) => format!("{number}... {notation}"),
                _ => format!("{number}. {notation}"),
            };
            let hold = match i {
                0 => 150,
                _ if i + 1 == count => 500,
                _ => 100,
            };
            Still {
                view,
                caption,
                hold,
            }
        })
        .collect()
}

/// The nodes a position of the gallery's reviews is searched with: less than `/review`'s, so
/// that the gallery stays quick in a test build.
const REVIEW_NODES: u64 = 5_000;

/// A review chart of each game played by two sides (the same seeded games as the replays);
/// a game played together has its turn chart instead ([`turn_reviews`]).
pub fn reviews() -> Result<Vec<(String, EvalChart)>, GalleryError> {
    GAMES
        .iter()
        .filter(|spec| !spec.cooperative)
        .map(|spec| {
            let readings = showcase::readings(spec.id, 3, 40, REVIEW_NODES)
                .ok_or(GalleryError::NoStart(spec.id))?;
            Ok((
                format!("{}-review", spec.slug),
                review_chart(spec.name, &readings),
            ))
        })
        .collect()
}

/// The review chart of each game played together: a seeded game's turns, each turn's points
/// scored and the most its moves could have scored, as `/review` draws them.
pub fn turn_reviews() -> Result<Vec<(String, TurnChart)>, GalleryError> {
    GAMES
        .iter()
        .filter(|spec| spec.cooperative)
        .map(|spec| {
            let turns =
                showcase::turn_readings(spec.id, 2).ok_or(GalleryError::NoStart(spec.id))?;
            let chart = TurnChart {
                title: format!("{} · each turn's points (a sample game)", spec.name),
                turns: turns
                    .into_iter()
                    .map(|(turn, scored, possible)| TurnBar {
                        turn,
                        scored,
                        possible,
                    })
                    .collect(),
            };
            Ok((format!("{}-review", spec.slug), chart))
        })
        .collect()
}

/// The chart of a sample game's readings (White's evaluation at each position, and the side
/// whose action led there): its three costliest actions per side marked, White's actions
/// numbered along the bottom.
fn review_chart(name: &str, readings: &[(i32, Option<Color>)]) -> EvalChart {
    let mut losses: Vec<(usize, Color, i32)> = readings
        .windows(2)
        .enumerate()
        .filter_map(|(i, pair)| {
            let side = pair[1].1?;
            Some((i + 1, side, loss(side, pair[0].0, pair[1].0)))
        })
        .filter(|(_, _, lost)| *lost >= MISTAKE)
        .collect();
    losses.sort_by_key(|(at, _, lost)| (-lost, *at));
    let mut marked = Vec::new();
    for side in Color::ALL {
        marked.extend(
            losses
                .iter()
                .filter(|(_, s, _)| *s == side)
                .take(3)
                .map(|(at, _, lost)| (*at, *lost >= BLUNDER)),
        );
    }
    let whites: Vec<usize> = (1..readings.len())
        .filter(|&i| readings[i].1 == Some(Color::White))
        .collect();
    let step = whites.len().div_ceil(6).max(1);
    let labels = whites
        .iter()
        .enumerate()
        .filter(|(n, _)| n % step == 0)
        .map(|(n, &i)| (i - 1, (n + 1).to_string()))
        .collect();
    EvalChart {
        title: format!("{name} · a sample game's evaluation"),
        evals: readings
            .iter()
            .map(|(e, _)| f64::from(*e) / 100.0)
            .collect(),
        labels,
        marked,
    }
}

/// The file name (without extension) of the gallery's rating chart.
pub const CHART: &str = "rating-chart";
/// The file name (without extension) of the gallery's tournament table.
pub const TABLE: &str = "tournament-standings";
/// The file name (without extension) of the gallery's duplicate event table.
pub const DUPLICATE_TABLE: &str = "catalonia-duplicate-standings";

/// Writes the gallery as PNG files (and the text boards as .txt) into `dir`.
pub fn write(dir: &Path) -> Result<Vec<PathBuf>, GalleryError> {
    std::fs::create_dir_all(dir).map_err(|source| GalleryError::Create {
        dir: dir.to_path_buf(),
        source,
    })?;
    let renderer = Renderer::global();
    let mut written = Vec::new();
    for (name, view, orientation) in views()? {
        let png = match renderer.png(&view, orientation) {
            Ok(png) => png,
            Err(error) => return Err(GalleryError::Render { name, error }),
        };
        let path = dir.join(format!("{name}.png"));
        write_file(&path, &png)?;
        let text_path = dir.join(format!("{name}.txt"));
        write_file(&text_path, text_board(&view, orientation).as_bytes())?;
        written.push(path);
    }
    // Replays: one animated GIF per game.
    for (name, stills) in replays()? {
        let animation =
            renderer
                .gif(&stills, Color::White)
                .map_err(|error| GalleryError::Replay {
                    name: name.clone(),
                    error,
                })?;
        let path = dir.join(format!("{name}.gif"));
        write_file(&path, &animation.gif)?;
        written.push(path);
    }
    // Reviews: the evaluation chart of each game's sample game, or its turn chart, as
    // `/review` draws them.
    let charts = reviews()?
        .into_iter()
        .map(|(name, chart)| (name, eval_chart::png(&chart)))
        .chain(
            turn_reviews()?
                .into_iter()
                .map(|(name, chart)| (name, turn_chart::png(&chart))),
        );
    for (name, png) in charts {
        let png = png.map_err(|error| GalleryError::Render {
            name: name.clone(),
            error,
        })?;
        let path = dir.join(format!("{name}.png"));
        write_file(&path, &png)?;
        written.push(path);
    }
    // Not a board: a rating history of made-up games, as `/rating` draws one.
    let png = chart::png(&chart::sample()).map_err(|error| GalleryError::Render {
        name: CHART.to_string(),
        error,
    })?;
    let path = dir.join(format!("{CHART}.png"));
    write_file(&path, &png)?;
    written.push(path);
    // Nor this: the standings of a made-up Swiss tournament, and their text.
    let standings = table::sample();
    let path = dir.join(format!("{TABLE}.png"));
    write_file(&path, &table::table_png(&standings))?;
    let text_path = dir.join(format!("{TABLE}.txt"));
    write_file(&text_path, table::table_alt(&standings).as_bytes())?;
    written.push(path);
    // And a Catalonia duplicate event's: the groups' scores turn by turn.
    let duplicate = table::duplicate_sample();
    let path = dir.join(format!("{DUPLICATE_TABLE}.png"));
    write_file(&path, &table::table_png(&duplicate))?;
    let text_path = dir.join(format!("{DUPLICATE_TABLE}.txt"));
    write_file(&text_path, table::table_alt(&duplicate).as_bytes())?;
    written.push(path);
    Ok(written)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), GalleryError> {
    std::fs::write(path, bytes).map_err(|source| GalleryError::Write {
        path: path.to_path_buf(),
        source,
    })
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
