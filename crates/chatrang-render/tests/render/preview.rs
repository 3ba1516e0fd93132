//! What a newcomer sees in a chat preview: every gallery picture, scaled to the preview's
//! width, keeps its text and squares readable and is not much taller than wide; and every kind
//! of mark a picture draws is explained in its legend, drawn the way the board draws it.

use super::{close, pixel, render};
use chatrang_render::{
    LegendItem, MIN_PREVIEW_TEXT, PREVIEW_WIDTH, Renderer, chart, gallery, palette, table,
};
use chatrang_rules::{BoardView, Mark, Tile};

/// A square must stay at least this wide in the preview to tell pieces apart.
const MIN_PREVIEW_SQUARE: f32 = 20.0;
/// A picture may be at most this many times as tall as wide (a preview capped in height
/// shrinks anything taller), and the board at least half its height (the legend and the pool
/// are not to dwarf it).
const MAX_TALL: f32 = 1.85;

#[test]
fn every_gallery_picture_is_readable_at_the_preview_width() {
    let renderer = Renderer::global();
    let mut unreadable = Vec::new();
    for (name, view, orientation) in gallery::views().unwrap() {
        let layout = renderer.layout(&view, orientation).unwrap();
        let scale = layout.preview_scale();
        let text = layout.smallest_text() * scale;
        let square = layout.square as f32 * scale;
        let tall = layout.height as f32 / layout.width as f32;
        let board_share = layout.board.h as f32 / layout.height as f32;
        // The sheet of all the artwork is no game's picture: its legend is the point.
        let game_picture = name != "all-pieces";
        if text < MIN_PREVIEW_TEXT
            || square < MIN_PREVIEW_SQUARE
            || (game_picture && (tall > MAX_TALL || board_share < 0.5))
        {
            unreadable.push(format!(
                "{name}: {}×{} px, the board {} px high; at {PREVIEW_WIDTH} px wide its \
                 smallest text is {text:.1} px and its squares {square:.1} px",
                layout.width, layout.height, layout.board.h
            ));
        }
    }
    assert!(unreadable.is_empty(), "{unreadable:#?}");
}

/// The gallery's rating chart (not a board): its smallest text and its lines at the preview
/// width, and no taller than a board picture may be.
#[test]
fn the_rating_chart_is_readable_at_the_preview_width() {
    let scale = PREVIEW_WIDTH / chart::CHART_WIDTH as f32;
    assert!(chart::CHART_LABEL_SIZE * scale >= MIN_PREVIEW_TEXT);
    assert!(chart::preview_text_size() >= MIN_PREVIEW_TEXT);
    assert!((chart::CHART_HEIGHT as f32 / chart::CHART_WIDTH as f32) < MAX_TALL);
    let png = chart::png(&chart::sample()).unwrap();
    let image = image::load_from_memory(&png).unwrap();
    assert_eq!(
        (image.width(), image.height()),
        (chart::CHART_WIDTH, chart::CHART_HEIGHT)
    );
}

/// The gallery's tournament table (not a board): its smallest text at the preview width, at
/// its own width and at the widest a table may be, and no taller than a board picture may be.
#[test]
fn the_tournament_table_is_readable_at_the_preview_width() {
    assert!(table::preview_text_size(table::MAX_WIDTH) >= MIN_PREVIEW_TEXT);
    assert!(table::TABLE_TEXT_SIZE * PREVIEW_WIDTH / table::MAX_WIDTH as f32 >= MIN_PREVIEW_TEXT);
    let png = table::table_png(&table::sample());
    let image = image::load_from_memory(&png).unwrap();
    assert!(table::preview_text_size(image.width()) >= MIN_PREVIEW_TEXT);
    assert!((image.height() as f32 / image.width() as f32) < MAX_TALL);
}

/// The legend items a view needs, worked out from the view alone.
fn needed(view: &BoardView) -> Vec<&'static str> {
    let mut needed = Vec::new();
    let geometry = view.geometry.as_ref().unwrap();
    if view.pieces.iter().any(|(_, p)| p.bound) {
        needed.push("bound");
    }
    if view
        .pieces
        .iter()
        .any(|(s, _)| view.pieces.iter().filter(|(t, _)| t == s).count() > 1)
    {
        needed.push("stack");
    }
    if !view.arrows.is_empty() {
        needed.push("chain");
    }
    if !view.hints.is_empty() {
        needed.push("hint");
    }
    if view.tiles.iter().any(|(_, t)| *t == Tile::Pit) {
        needed.push("pit");
    }
    if geometry.wraps_files() {
        needed.push("repeated");
    }
    for (tile, _) in &view.tile_meanings {
        if view.tiles.iter().any(|(_, t)| t == tile) {
            needed.push(match tile {
                Tile::Red => "red",
                Tile::Yellow => "yellow",
                Tile::Green => "green",
                Tile::Blue => "blue",
                Tile::Pit => "pit",
            });
        }
    }
    for mark in Mark::HINTS {
        if view.marks.iter().any(|(_, m)| *m == mark) {
            needed.push(match mark {
                Mark::Move => "move",
                Mark::Capture => "capture",
                Mark::MoveOrCapture => "move or capture",
                Mark::Hop => "hop",
                Mark::Partner => "partner",
                Mark::Defend => "defend",
                Mark::Force => "force",
                Mark::Origin => "origin",
            });
        }
    }
    needed
}

/// The same names for what a legend holds.
fn explained(item: &LegendItem) -> Option<&'static str> {
    Some(match item {
        LegendItem::Piece(_) => return None,
        LegendItem::Mark(mark, _) => match mark {
            Mark::Move => "move",
            Mark::Capture => "capture",
            Mark::MoveOrCapture => "move or capture",
            Mark::Hop => "hop",
            Mark::Partner => "partner",
            Mark::Defend => "defend",
            Mark::Force => "force",
            Mark::Origin => "origin",
        },
        LegendItem::Tile(Tile::Red, _) => "red",
        LegendItem::Tile(Tile::Yellow, _) => "yellow",
        LegendItem::Tile(Tile::Green, _) => "green",
        LegendItem::Tile(Tile::Blue, _) => "blue",
        LegendItem::Tile(Tile::Pit, _) | LegendItem::Pit => "pit",
        LegendItem::Chain => "chain",
        LegendItem::Hint => "hint",
        LegendItem::Bound => "bound",
        LegendItem::Stack => "stack",
        LegendItem::Repeated => "repeated",
    })
}

#[test]
fn every_mark_on_every_gallery_picture_is_in_its_legend() {
    let renderer = Renderer::global();
    let mut missing = Vec::new();
    let mut features = std::collections::BTreeSet::new();
    for (name, view, orientation) in gallery::views().unwrap() {
        let layout = renderer.layout(&view, orientation).unwrap();
        let shown: Vec<&str> = layout
            .legend
            .iter()
            .filter_map(|p| explained(&p.item))
            .collect();
        for need in needed(&view) {
            features.insert(need);
            if !shown.contains(&need) {
                missing.push(format!("{name}: {need}"));
            }
        }
        for placed in &layout.legend {
            let label = placed.item.label(layout.drafting);
            assert!(!label.is_empty(), "{name}");
            if placed.item == LegendItem::Hint {
                assert!(!label.to_lowercase().contains("chain"), "{label}");
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
    // The gallery has every case: Chromopolis bound pieces, stacks and its repeated file,
    // Catalonia chains, pits and hints, Katarenga colours, Cataclysm partner pawns.
    for feature in [
        "bound", "stack", "repeated", "chain", "pit", "hint", "red", "yellow", "green", "blue",
        "partner", "capture", "move",
    ] {
        assert!(
            features.contains(feature),
            "no gallery picture shows {feature}"
        );
    }
}

/// The capture mark is the same in the legend as on the board: a ring round the piece that
/// can be taken (no cross, since the board's captures are always on a piece).
#[test]
fn the_capture_mark_in_the_legend_is_the_one_on_the_board() {
    let views = gallery::views().unwrap();
    let (_, view, orientation) = views
        .iter()
        .find(|(n, ..)| n == "chess-knight-moves")
        .unwrap();
    let (layout, image) = render(view, *orientation);
    let placed = layout
        .legend
        .iter()
        .find(|p| matches!(p.item, LegendItem::Mark(Mark::Capture, _)))
        .expect("the legend explains captures");
    assert_eq!(placed.item, LegendItem::Mark(Mark::Capture, true));
    let (x, y) = (placed.x, placed.y + 2);
    // The ring at the top of the icon, and no red cross in its middle (a piece stands there).
    let ring = (0..8).any(|dy| close(pixel(&image, x + 18, y + 2 + dy), palette::CAPTURE, 30));
    assert!(ring, "the red ring");
    assert!(!close(pixel(&image, x + 18, y + 18), palette::CAPTURE, 60));
}
