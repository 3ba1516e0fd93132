//! Katarenga's baseline choice: the picture Black chooses from names each edge with the word
//! the command takes, beside the right edge whichever side is at the bottom, and `baseline
//! <name>` then takes the edge that carried that name. A camp the last move entered is shown as
//! part of that move.

use super::{close, pixel, render};
use chatrang_render::{EdgeLabel, Layout, palette};
use chatrang_rules::{BoardEdge, BoardView, Color, Game, GameId, Options, Square, Tile, registry};

fn new_katarenga() -> Box<dyn Game> {
    registry::new_game(GameId::Katarenga, &Options::default(), 3).unwrap()
}

/// The squares along the edge a label is written beside, as the picture shows them.
fn squares_beside(layout: &Layout, label: &EdgeLabel) -> Vec<Square> {
    let board = layout.board;
    let above = label.y < board.y as f32;
    let below = label.y > (board.y + board.h as i32) as f32;
    let left = label.x < board.x as f32;
    let line: Vec<(usize, usize)> = if above || below {
        let row = if above { 0 } else { layout.rows.len() - 1 };
        (0..layout.columns.len()).map(|c| (c, row)).collect()
    } else {
        let column = if left { 0 } else { layout.columns.len() - 1 };
        (0..layout.rows.len()).map(|r| (column, r)).collect()
    };
    line.into_iter()
        .map(|(c, r)| Square::new(layout.columns[c], layout.rows[r]).unwrap())
        .collect()
}

fn tiles_of(view: &BoardView, squares: &[Square]) -> Vec<Tile> {
    squares
        .iter()
        .map(|s| view.tiles.iter().find(|(t, _)| t == s).unwrap().1)
        .collect()
}

#[test]
fn black_chooses_a_baseline_by_the_names_written_beside_the_edges() {
    let game = new_katarenga();
    let view = game.view();
    assert_eq!(view.edge_names.len(), 4, "the choice names the four edges");
    for orientation in Color::ALL {
        let (layout, _) = render(&view, orientation);
        assert_eq!(layout.edge_labels.len(), 4);
        for label in &layout.edge_labels {
            // The name is outside the board and inside the picture.
            let inside_board = layout.board.contains(label.x as i32, label.y as i32);
            assert!(!inside_board, "{label:?}");
            assert!(label.x > 0.0 && label.x < layout.width as f32, "{label:?}");
            assert!(label.y > 0.0 && label.y < layout.height as f32, "{label:?}");
            // Choosing that name makes the labelled edge Black's baseline: the colours along
            // it are those along rank 8 afterwards (the board turns it to the top).
            let before = tiles_of(&view, &squares_beside(&layout, label));
            let mut chosen = game.clone_game();
            chosen
                .play(&format!("baseline {}", label.text))
                .unwrap_or_else(|e| panic!("baseline {}: {e}", label.text));
            let after = chosen.view();
            let rank8: Vec<Square> = (0..8).map(|f| Square::new(f, 7).unwrap()).collect();
            let baseline = tiles_of(&after, &rank8);
            let reversed: Vec<Tile> = baseline.iter().rev().copied().collect();
            assert!(
                before == baseline || before == reversed,
                "{orientation:?}: the edge labelled {} has {before:?}, Black's baseline {baseline:?}",
                label.text
            );
        }
        // From Black's side north is at the bottom: the label says so.
        let north = layout
            .edge_labels
            .iter()
            .find(|l| l.edge == BoardEdge::North)
            .unwrap();
        let bottom = (layout.board.y + layout.board.h as i32) as f32;
        assert_eq!(north.y > bottom, orientation == Color::Black, "{north:?}");
    }
    // Once chosen, the edges are not named any more.
    let mut game = game;
    game.play("baseline east").unwrap();
    assert!(game.view().edge_names.is_empty());
}

#[test]
fn a_camp_the_last_move_entered_is_framed_with_the_square_it_left() {
    let view = chatrang_render::showcase::katarenga_camps().expect("a playout reaches a camp");
    let entered: Vec<_> = view.outside.iter().filter(|s| s.last_move).collect();
    assert_eq!(entered.len(), 1, "{:?}", view.outside);
    assert!(entered[0].piece.is_some());
    let (layout, image) = render(&view, Color::White);
    let camp = layout.outside_rect(entered[0].beside).unwrap();
    assert!(close(
        pixel(&image, camp.x + 6, camp.y + 6),
        palette::LAST_MOVE_FRAME,
        2
    ));
    for slot in view.outside.iter().filter(|s| !s.last_move) {
        let other = layout.outside_rect(slot.beside).unwrap();
        assert!(!close(
            pixel(&image, other.x + 6, other.y + 6),
            palette::LAST_MOVE_FRAME,
            20
        ));
    }
}
