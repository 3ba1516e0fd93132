//! The Pick-a-team draft picture: the pool under the board with copies together ("×2"), the
//! pieces that cannot be picked now dimmed, the placement squares explained as such; and a
//! Chromopolis stack whose bound piece can be recognised.

use super::{close, pixel, render};
use chatrang_render::{LegendItem, Renderer, gallery, palette, stack_boxes};
use chatrang_rules::{Color, GameId, Mark, Options, registry};

#[test]
fn the_draft_pool_groups_copies_dims_what_cannot_be_picked_and_says_place_here() {
    let game = registry::new_game(GameId::PickATeamV2, &Options::default(), 1).unwrap();
    let view = game.view();
    let (layout, image) = render(&view, Color::White);
    // Copies of a piece sit together, with their number.
    let doubled: Vec<_> = layout.pool_entries.iter().filter(|e| e.count > 1).collect();
    assert!(!doubled.is_empty(), "the V2 pool has pieces twice");
    let names: Vec<&str> = layout
        .pool_entries
        .iter()
        .map(|e| e.piece.name.as_str())
        .collect();
    for (i, name) in names.iter().enumerate() {
        assert!(!names[i + 1..].contains(name), "{name} is listed twice");
    }
    // The first pick must be royal: every other piece is dimmed, the royal ones are not.
    assert!(!view.unpickable.is_empty());
    let dimmed = layout.pool_entries.iter().filter(|e| e.dimmed).count();
    assert!(dimmed > 0 && dimmed < layout.pool_entries.len());
    let lit = layout.pool_entries.iter().find(|e| !e.dimmed).unwrap();
    let dim = layout.pool_entries.iter().find(|e| e.dimmed).unwrap();
    let brightest = |e: &chatrang_render::PoolEntry| {
        (0..36)
            .flat_map(|dy| (0..36).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| {
                pixel(&image, e.x + dx, e.y + 2 + dy)
                    .iter()
                    .map(|&c| c as u32)
                    .sum::<u32>()
            })
            .max()
            .unwrap()
    };
    assert!(brightest(dim) < brightest(lit), "a dimmed icon is darker");
    // The marked squares are where a piece may be placed.
    let place = layout
        .legend
        .iter()
        .find(|p| matches!(p.item, LegendItem::Mark(Mark::Move, _)))
        .expect("the placement squares are explained");
    assert_eq!(place.item.label(layout.drafting), "place a piece here");
}

#[test]
fn a_bound_piece_under_its_captor_can_be_recognised() {
    let views = gallery::views().unwrap();
    let (_, view, orientation) = views
        .iter()
        .find(|(n, ..)| n == "chromopolis-stack")
        .unwrap();
    let (layout, image) = render(view, *orientation);
    let renderer = Renderer::global();
    let (square, under) = view
        .pieces
        .iter()
        .find(|(s, p)| p.bound && view.pieces.iter().filter(|(t, _)| t == s).count() > 1)
        .expect("the stack holds a bound piece");
    let cell = layout.square_rect(*square).unwrap();
    let (top_box, under_box) = stack_boxes(cell);
    // Large enough to see, and hardly covered by the piece on top.
    assert!(under_box.w * 2 > cell.w, "{under_box:?} in {cell:?}");
    let overlap_w = (top_box.x.max(under_box.x)
        - (top_box.x + top_box.w as i32).min(under_box.x + under_box.w as i32))
    .min(0)
    .unsigned_abs();
    let overlap_h = (top_box.y.max(under_box.y)
        - (top_box.y + top_box.h as i32).min(under_box.y + under_box.h as i32))
    .min(0)
    .unsigned_abs();
    assert!(overlap_w * overlap_h * 5 < under_box.w * under_box.h);
    // Most of its sprite's opaque pixels are on the picture as drawn.
    let sprite = renderer
        .sprite_rgba(&under.kind, under.color, under_box.w)
        .expect("the piece has artwork");
    let (mut opaque, mut seen) = (0, 0);
    for y in 0..under_box.h {
        for x in 0..under_box.w {
            let i = ((y * under_box.w + x) * 4) as usize;
            if sprite[i + 3] == 255 {
                opaque += 1;
                let want = palette::Rgba::opaque(sprite[i], sprite[i + 1], sprite[i + 2]);
                if close(
                    pixel(&image, under_box.x + x as i32, under_box.y + y as i32),
                    want,
                    24,
                ) {
                    seen += 1;
                }
            }
        }
    }
    assert!(
        seen * 2 > opaque,
        "{seen} of {opaque} pixels of the bound piece show"
    );
}
