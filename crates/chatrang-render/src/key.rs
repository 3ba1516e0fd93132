//! What the legend explains: every fairy piece type and every kind of mark that is drawn on
//! the picture (move marks in the variant drawn, square colours with the meaning the game
//! gives them, pits, chain and hint arrows, bound pieces, stacks, a cylinder's repeated file),
//! so that nothing on a picture goes unexplained.

use super::legend::{self, LegendEntry};
use chatrang_rules::{BoardView, Geometry, Mark, Tile};

/// One legend item: a fairy piece type, or a kind of mark.
#[derive(Clone, Debug, PartialEq)]
pub enum LegendItem {
    Piece(LegendEntry),
    /// A move mark, drawn on an occupied square (`true`) or an empty one, as on the board.
    Mark(Mark, bool),
    /// A square colour and what it means, in the game's words.
    Tile(Tile, String),
    /// A Catalonia pit.
    Pit,
    /// Arrows between pieces (a Catalonia chain).
    Chain,
    /// Suggested moves (`/hint`).
    Hint,
    /// A bound piece, crossed by cords.
    Bound,
    /// The badge counting the pieces of a stack.
    Stack,
    /// The first file drawn again at the far side of a cylinder.
    Repeated,
}

impl LegendItem {
    /// The words beside the item's icon.
    pub fn label(&self, drafting: bool) -> String {
        match self {
            LegendItem::Piece(entry) => entry.label(),
            LegendItem::Mark(mark, occupied) => mark_label(*mark, *occupied, drafting).into(),
            LegendItem::Tile(_, meaning) => meaning.clone(),
            LegendItem::Pit => "pit (bombed)".into(),
            LegendItem::Chain => "chain: defends".into(),
            LegendItem::Hint => "hint: a good move".into(),
            LegendItem::Bound => "bound (captured) piece".into(),
            LegendItem::Stack => "pieces on the square".into(),
            LegendItem::Repeated => "a-file again (it wraps)".into(),
        }
    }
}

/// How the legend explains a mark; `drafting` when pieces are being placed from a pool, so
/// that a mark on an empty square means a place to put one.
pub fn mark_label(mark: Mark, occupied: bool, drafting: bool) -> &'static str {
    match mark {
        Mark::Move if drafting => "place a piece here",
        Mark::Move => "moves here",
        Mark::Capture => "captures here",
        Mark::MoveOrCapture => "moves or captures here",
        Mark::Hop => "by jumping over a piece",
        Mark::Partner if occupied => "a piece that moves along",
        Mark::Partner => "where that piece goes",
        Mark::Defend => "defends this square",
        Mark::Force => "applies force here",
        Mark::Origin => "the piece",
    }
}

/// Every item the picture of `view` needs, pieces first, at most `max_pieces` of those.
/// Returns the items and how many piece types were left out.
pub fn items(view: &BoardView, geometry: &Geometry, max_pieces: usize) -> (Vec<LegendItem>, usize) {
    let entries = legend::entries(view);
    let more = entries.len().saturating_sub(max_pieces);
    let mut items: Vec<LegendItem> = entries
        .into_iter()
        .take(max_pieces)
        .map(LegendItem::Piece)
        .collect();
    let occupied = |square| view.pieces.iter().any(|(s, _)| *s == square);
    for mark in Mark::HINTS {
        for on_piece in [false, true] {
            let shown = view
                .marks
                .iter()
                .any(|&(s, m)| m == mark && geometry.contains(s) && occupied(s) == on_piece);
            // Marks that look the same either way are explained once.
            let same_look = matches!(mark, Mark::Hop | Mark::Defend | Mark::Force);
            if shown && !(same_look && on_piece && items.contains(&LegendItem::Mark(mark, false))) {
                items.push(LegendItem::Mark(mark, on_piece));
            }
        }
    }
    for (tile, meaning) in &view.tile_meanings {
        if view
            .tiles
            .iter()
            .any(|(s, t)| t == tile && geometry.contains(*s))
        {
            items.push(LegendItem::Tile(*tile, meaning.chars().take(60).collect()));
        }
    }
    let present = [
        (
            view.tiles.iter().any(|(_, t)| *t == Tile::Pit),
            LegendItem::Pit,
        ),
        (!view.arrows.is_empty(), LegendItem::Chain),
        (!view.hints.is_empty(), LegendItem::Hint),
        (view.pieces.iter().any(|(_, p)| p.bound), LegendItem::Bound),
        (has_stack(view), LegendItem::Stack),
        (
            geometry.wraps_files() && geometry.files() > 1,
            LegendItem::Repeated,
        ),
    ];
    items.extend(
        present
            .into_iter()
            .filter(|(shown, _)| *shown)
            .map(|(_, item)| item),
    );
    (items, more)
}

/// True if some square holds more than one piece.
fn has_stack(view: &BoardView) -> bool {
    view.pieces
        .iter()
        .enumerate()
        .any(|(i, (s, _))| view.pieces[..i].iter().any(|(t, _)| t == s))
}
