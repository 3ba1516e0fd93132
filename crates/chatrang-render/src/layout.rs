//! Where everything goes: the square size, the display columns and rows for an orientation
//! (with a cylinder's wrapped file drawn at both sides), the ring for Katarenga's camps, the
//! header strip, the legend below and the pool panel beside the board. Computed once per
//! picture; tests use it to find a square's pixels.

use super::font::{self, Fonts};
use super::legend::{self, LegendEntry};
use super::rect::PixelRect;
use chatrang_rules::{BoardView, Color, Geometry, Mark, Square};

/// The largest picture side we agree to draw; bigger means the view is malformed.
pub const MAX_SIDE_PX: u32 = 4096;
/// Legend and pool icons.
pub const ICON: u32 = 36;
pub const HEADER_SIZE: f32 = 21.0;
pub const LABEL_SIZE: f32 = 15.0;
const HEADER_LINE_H: u32 = 28;
const PAD: u32 = 12;
const ROW_H: u32 = 42;
const POOL_COLUMN_W: u32 = 272;
const POOL_TITLE_H: u32 = 34;
/// At most this many legend entries; more means a malformed view, and the rest is summarised.
pub const MAX_LEGEND: usize = 48;
/// At most this many pool entries are drawn.
pub const MAX_POOL: usize = 120;

/// What one legend item explains: a fairy piece type, or a kind of mark.
#[derive(Clone, Debug)]
pub enum LegendItem {
    Piece(LegendEntry),
    Mark(Mark),
}

impl LegendItem {
    pub fn label(&self) -> String {
        match self {
            LegendItem::Piece(entry) => entry.label(),
            LegendItem::Mark(mark) => mark_label(*mark).to_string(),
        }
    }
}

/// How the legend explains a mark.
pub fn mark_label(mark: Mark) -> &'static str {
    match mark {
        Mark::Move => "moves here",
        Mark::Capture => "captures here",
        Mark::MoveOrCapture => "moves or captures here",
        Mark::Hop => "by jumping over a piece",
        Mark::Partner => "another piece that moves along",
        Mark::Defend => "defends this square",
        Mark::Force => "applies force here",
        Mark::Origin => "the piece",
    }
}

/// One legend item placed on the picture.
#[derive(Clone, Debug)]
pub struct PlacedEntry {
    pub item: LegendItem,
    pub x: i32,
    pub y: i32,
}

#[derive(Clone, Debug)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    /// The side of one square in pixels.
    pub square: u32,
    pub orientation: Color,
    pub board: PixelRect,
    /// The file shown in each display column, left to right.
    pub columns: Vec<u8>,
    /// The rank shown in each display row, top to bottom.
    pub rows: Vec<u8>,
    /// True when the last column repeats the first (a cylinder).
    pub repeated_column: bool,
    /// Gap between the board and a camp beyond a corner.
    pub ring_gap: u32,
    pub header: Option<PixelRect>,
    /// The header text, on one line or wrapped onto two.
    pub header_lines: Vec<String>,
    pub legend: Vec<PlacedEntry>,
    /// Entries beyond `MAX_LEGEND` that were left out.
    pub legend_more: usize,
    pub pool: Option<PixelRect>,
    pub pool_columns: u32,
    pub pool_rows: u32,
}

impl Layout {
    /// Lays out `view` seen with `orientation` at the bottom. `None` if the picture would be
    /// larger than `MAX_SIDE_PX`.
    pub fn compute(
        view: &BoardView,
        geometry: &Geometry,
        orientation: Color,
        fonts: &Fonts,
    ) -> Option<Layout> {
        let files = geometry.files();
        let ranks = geometry.ranks();
        let mut columns: Vec<u8> = (0..files).collect();
        let mut rows: Vec<u8> = (0..ranks).rev().collect();
        if orientation == Color::Black {
            columns.reverse();
            rows.reverse();
        }
        let repeated_column = geometry.wraps_files() && files > 1;
        if repeated_column {
            // The first file at both sides: a b … g a, or a g … b a from Black's side.
            if orientation == Color::Black {
                columns.rotate_right(1);
            }
            columns.push(0);
        }
        let cols = columns.len() as u32;
        let square = if cols.max(ranks as u32) <= 10 { 72 } else { 64 };
        let band = square * 3 / 8;
        let has_outside = !view.outside.is_empty();
        let ring_gap = 10;
        let ring = if has_outside { square + ring_gap } else { band };
        let (left, right, top, bottom) = if has_outside {
            (ring, ring, ring, ring)
        } else {
            (band, PAD, PAD / 2, band)
        };
        // The width does not depend on the header, so measure it first.
        let board_w = cols * square;
        let pool_len = view.pool.len().min(MAX_POOL) as u32;
        let pool_w_guess = if pool_len == 0 {
            0
        } else {
            PAD + pool_len.div_ceil(
                ((ranks as u32 * square + top + bottom).saturating_sub(POOL_TITLE_H) / ROW_H)
                    .max(8),
            ) * POOL_COLUMN_W
        };
        let width_guess = PAD + left + board_w + right + pool_w_guess + PAD;
        let header_lines = header_lines(fonts, view.header.trim(), (width_guess - 2 * PAD) as f32);
        let header_h = if header_lines.is_empty() {
            PAD
        } else {
            14 + HEADER_LINE_H * header_lines.len() as u32
        };
        let board = PixelRect {
            x: (PAD + left) as i32,
            y: (header_h + top) as i32,
            w: cols * square,
            h: ranks as u32 * square,
        };
        let board_right = board.x as u32 + board.w + right;
        let board_bottom = board.y as u32 + board.h + bottom;

        // The pool panel beside the board, in as many columns as its height allows.
        let (pool, pool_columns, pool_rows) = if pool_len == 0 {
            (None, 0, 0)
        } else {
            let max_rows = ((board.h + top + bottom).saturating_sub(POOL_TITLE_H) / ROW_H).max(8);
            let pool_columns = pool_len.div_ceil(max_rows);
            let pool_rows = pool_len.div_ceil(pool_columns);
            let rect = PixelRect {
                x: (board_right + PAD) as i32,
                y: header_h as i32,
                w: pool_columns * POOL_COLUMN_W,
                h: POOL_TITLE_H + pool_rows * ROW_H,
            };
            (Some(rect), pool_columns, pool_rows)
        };
        let width = match pool {
            Some(p) => p.x as u32 + p.w + PAD,
            None => board_right + PAD,
        };

        // The legend under the board: fairy piece types, then the kinds of marks shown, in a
        // grid of equal columns as wide as the picture allows.
        let entries = legend::entries(view);
        let legend_more = entries.len().saturating_sub(MAX_LEGEND);
        let mut items: Vec<LegendItem> = entries
            .into_iter()
            .take(MAX_LEGEND)
            .map(LegendItem::Piece)
            .collect();
        for mark in Mark::HINTS {
            if view
                .marks
                .iter()
                .any(|&(s, m)| m == mark && geometry.contains(s))
            {
                items.push(LegendItem::Mark(mark));
            }
        }
        let widest = items
            .iter()
            .map(|item| {
                font::measure(&fonts.regular, LABEL_SIZE, &item.label())
                    .min(300.0)
                    .ceil() as u32
            })
            .max()
            .unwrap_or(0);
        let column_w = ICON + 8 + widest + 20;
        let per_row = ((width - 2 * PAD) / column_w).max(1) as usize;
        let mut placed = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            let (column, row) = ((i % per_row) as u32, (i / per_row) as u32);
            placed.push(PlacedEntry {
                item,
                x: (PAD + column * column_w) as i32,
                y: (board_bottom + 4 + row * ROW_H) as i32,
            });
        }
        let mut used_rows = placed.len().div_ceil(per_row) as u32;
        if legend_more > 0 {
            used_rows += 1;
        }
        let legend_bottom = board_bottom + used_rows * ROW_H + if used_rows > 0 { PAD } else { 0 };
        let pool_bottom = pool.map_or(0, |p| p.y as u32 + p.h + PAD);
        let height = legend_bottom.max(pool_bottom).max(board_bottom + PAD / 2);
        if width > MAX_SIDE_PX || height > MAX_SIDE_PX {
            return None;
        }
        let header = (!header_lines.is_empty()).then_some(PixelRect {
            x: PAD as i32,
            y: 0,
            w: width - 2 * PAD,
            h: header_h,
        });
        Some(Layout {
            width,
            height,
            square,
            orientation,
            board,
            columns,
            rows,
            repeated_column,
            ring_gap,
            header,
            header_lines,
            legend: placed,
            legend_more,
            pool,
            pool_columns,
            pool_rows,
        })
    }

    /// The rectangle of a display cell (column, row from the top left).
    pub fn cell(&self, column: usize, row: usize) -> PixelRect {
        PixelRect {
            x: self.board.x + (column as u32 * self.square) as i32,
            y: self.board.y + (row as u32 * self.square) as i32,
            w: self.square,
            h: self.square,
        }
    }

    /// Every place `square` is drawn (twice for a cylinder's first file).
    pub fn square_rects(&self, square: Square) -> impl Iterator<Item = PixelRect> + '_ {
        let row = self.rows.iter().position(|&r| r == square.rank());
        self.columns
            .iter()
            .enumerate()
            .filter(move |(_, f)| **f == square.file())
            .filter_map(move |(c, _)| row.map(|r| self.cell(c, r)))
    }

    /// Where `square` is drawn (the first place, for a cylinder's first file).
    pub fn square_rect(&self, square: Square) -> Option<PixelRect> {
        self.square_rects(square).next()
    }

    /// The cell beyond a corner square, diagonally outward (a Katarenga camp); beyond an edge
    /// square, straight outward; `None` for a square that is not on the edge.
    pub fn outside_rect(&self, beside: Square) -> Option<PixelRect> {
        let row = self.rows.iter().position(|&r| r == beside.rank())?;
        let column = self.columns.iter().position(|&f| f == beside.file())?;
        let step = (self.square + self.ring_gap) as i32;
        let dx = if column == 0 {
            -1
        } else if column + 1 == self.columns.len() {
            1
        } else {
            0
        };
        let dy = if row == 0 {
            -1
        } else if row + 1 == self.rows.len() {
            1
        } else {
            0
        };
        if dx == 0 && dy == 0 {
            // Not on the edge: there is no outside beyond it.
            return None;
        }
        let cell = self.cell(column, row);
        Some(PixelRect {
            x: cell.x + dx * step,
            y: cell.y + dy * step,
            ..cell
        })
    }
}

/// The header on one line if it fits, else on two, broken at a " · " if possible, else at a
/// space; whatever still does not fit is shortened with an ellipsis.
fn header_lines(fonts: &Fonts, text: &str, width: f32) -> Vec<String> {
    let text: String = text.chars().take(400).collect();
    if text.is_empty() {
        return Vec::new();
    }
    let bold = &fonts.bold;
    if font::measure(bold, HEADER_SIZE, &text) <= width {
        return vec![text];
    }
    for separator in [" · ", " "] {
        let parts: Vec<&str> = text.split(separator).collect();
        let mut best = None;
        for cut in (1..parts.len()).rev() {
            let first = parts[..cut].join(separator);
            if font::measure(bold, HEADER_SIZE, &first) <= width {
                best = Some((first, parts[cut..].join(separator)));
                break;
            }
        }
        if let Some((first, rest)) = best {
            return vec![first, font::fit(bold, HEADER_SIZE, &rest, width)];
        }
    }
    vec![font::fit(bold, HEADER_SIZE, &text, width)]
}
