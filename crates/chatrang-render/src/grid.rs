//! The grids under the board: equal columns of icon-and-label items (the pool and the legend),
//! and the pool's pieces with copies counted together.

use super::font::{self, Fonts};
use chatrang_rules::PieceView;

/// Legend and pool icons.
pub const ICON: u32 = 36;
/// At most this many pool entries are drawn.
pub const MAX_POOL: usize = 120;

/// Equal columns as many as fit the widest label (more for a long list, a label then wrapped
/// onto two lines), rows tall enough for two lines of labels.
pub struct Grid {
    pub per_row: usize,
    pub column_w: u32,
    pub row_h: u32,
    pub label_width: f32,
    pub left: u32,
}

impl Grid {
    pub fn new(fonts: &Fonts, size: f32, labels: &[String], avail: u32, left: u32) -> Grid {
        let widest = labels
            .iter()
            .map(|l| font::measure(&fonts.regular, size, l).ceil() as u32)
            .max()
            .unwrap_or(0);
        let chrome = ICON + 8 + 16;
        let mut per_row = (avail / (chrome + widest)).max(1) as usize;
        // A long list in few columns makes a tall picture: use more columns, wrapping the
        // longest labels onto two lines, as long as each line has room for a dozen letters.
        let wanted = match labels.len() {
            0..=3 => 1,
            4..=6 => 2,
            _ => 3,
        };
        if per_row < wanted && avail / wanted as u32 >= chrome + (size * 7.0) as u32 {
            per_row = wanted;
        }
        let per_row = per_row.min(labels.len().max(1));
        let column_w = avail / per_row as u32;
        Grid {
            per_row,
            column_w,
            row_h: (ICON + 4).max((size * 2.5).ceil() as u32),
            label_width: column_w.saturating_sub(chrome) as f32,
            left,
        }
    }

    /// The top left of the `i`th item of a grid starting at `top`.
    pub fn place(&self, i: usize, top: u32) -> (i32, i32) {
        let (column, row) = ((i % self.per_row) as u32, (i / self.per_row) as u32);
        (
            (self.left + column * self.column_w) as i32,
            (top + row * self.row_h) as i32,
        )
    }
}

/// The pool's pieces, copies together with their number, in the order first seen.
pub fn pool_groups(pool: &[PieceView]) -> Vec<(PieceView, usize)> {
    let mut groups: Vec<(PieceView, usize)> = Vec::new();
    for piece in pool.iter().take(MAX_POOL) {
        match groups.iter_mut().find(|(p, _)| p == piece) {
            Some((_, count)) => *count += 1,
            None => groups.push((piece.clone(), 1)),
        }
    }
    groups
}

/// "Threeleaper (H) ×2".
pub fn pool_label(piece: &PieceView, count: usize) -> String {
    let mut label = if piece.symbol.is_empty() {
        piece.name.clone()
    } else {
        format!("{} ({})", piece.name, piece.symbol)
    };
    if count > 1 {
        label.push_str(&format!(" ×{count}"));
    }
    label
}
