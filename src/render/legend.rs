//! Which piece types the legend names: every fairy (non-orthodox) type on the board or in a
//! camp, once each, in alphabetical order. Shared by the picture and the text board.

use super::assets;
use crate::rules::{BoardView, Color, PieceView};

/// One named piece type.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct LegendEntry {
    pub kind: String,
    pub name: String,
    pub symbol: String,
    /// The colour of the first such piece seen, used for its icon.
    pub color: Color,
}

impl LegendEntry {
    /// "Grand Rook (G)".
    pub fn label(&self) -> String {
        if self.symbol.is_empty() {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, self.symbol)
        }
    }
}

/// The fairy piece types present in `view`.
pub fn entries(view: &BoardView) -> Vec<LegendEntry> {
    let on_board = view.pieces.iter().map(|(_, p)| p);
    let in_camps = view.outside.iter().filter_map(|slot| slot.piece.as_ref());
    let mut entries: Vec<LegendEntry> = Vec::new();
    for piece in on_board.chain(in_camps) {
        if !assets::is_fairy(&piece.kind) {
            continue;
        }
        if entries
            .iter()
            .any(|e| e.kind == piece.kind && e.name == piece.name)
        {
            continue;
        }
        entries.push(entry(piece));
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name).then(a.kind.cmp(&b.kind)));
    entries
}

fn entry(piece: &PieceView) -> LegendEntry {
    LegendEntry {
        kind: piece.kind.clone(),
        name: piece.name.chars().take(40).collect(),
        symbol: piece.symbol.chars().take(4).collect(),
        color: piece.color,
    }
}
