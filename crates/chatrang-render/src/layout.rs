//! Where everything goes: the square size, the display columns and rows for an orientation
//! (with a cylinder's wrapped file drawn at both sides), the ring for Katarenga's camps, the
//! names of the edges, the header, and the pool and the legend in a grid under the board.
//! Computed once per picture; tests use it to find a square's pixels.
//!
//! Every picture must be readable in a chat preview [`PREVIEW_WIDTH`] pixels wide, so the text
//! grows with the picture: no text is smaller than [`MIN_PREVIEW_TEXT`] pixels once the
//! picture is scaled to that width. Nothing sits beside the board (it would make the picture
//! wider and so everything smaller); the pool and the legend go under it.

use super::font::{self, Fonts};
use super::grid::{Grid, pool_groups, pool_label};
use super::key::{self, LegendItem};
use super::rect::PixelRect;
use super::wrap;
use chatrang_rules::{BoardEdge, BoardView, Color, Geometry, PieceView, Square};

/// The largest picture side we agree to draw; bigger means the view is malformed.
pub const MAX_SIDE_PX: u32 = 4096;
/// The width of a chat preview (Discord's, about): pictures are judged scaled to it.
pub const PREVIEW_WIDTH: f32 = 400.0;
/// The smallest text size (em, in pixels) allowed once a picture is scaled to the preview.
pub const MIN_PREVIEW_TEXT: f32 = 8.0;
/// The smallest sizes of the label and header text, for small pictures.
pub const LABEL_SIZE: f32 = 15.0;
pub const HEADER_SIZE: f32 = 21.0;
const PAD: u32 = 12;
/// At most this many piece types in the legend; more means a malformed view, and the rest is
/// summarised.
pub const MAX_LEGEND: usize = 48;

/// One legend item placed on the picture.
#[derive(Clone, Debug)]
pub struct PlacedEntry {
    pub item: LegendItem,
    pub x: i32,
    pub y: i32,
}

/// One kind of piece in the pool (copies of a piece are shown once, with their number).
#[derive(Clone, Debug)]
pub struct PoolEntry {
    pub piece: PieceView,
    pub count: usize,
    /// It cannot be picked now (drawn dimmed).
    pub dimmed: bool,
    pub x: i32,
    pub y: i32,
}

/// An edge's name and the centre of where it is written.
#[derive(Clone, Debug)]
pub struct EdgeLabel {
    pub edge: BoardEdge,
    pub text: String,
    pub x: f32,
    pub y: f32,
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
    /// The width of the bands that hold the coordinates.
    pub band: u32,
    pub header: Option<PixelRect>,
    /// The header text, wrapped onto as many lines as it needs.
    pub header_lines: Vec<String>,
    /// Text sizes (em, in pixels), grown with the picture's width (see [`MIN_PREVIEW_TEXT`]).
    pub header_size: f32,
    pub label_size: f32,
    pub coordinate_size: f32,
    /// The size of the words in an empty camp, if there are camps.
    pub camp_text_size: Option<f32>,
    pub edge_labels: Vec<EdgeLabel>,
    /// True while pieces are placed from a pool (marks then mean "place here").
    pub drafting: bool,
    pub legend: Vec<PlacedEntry>,
    /// The widest a legend label may be drawn.
    pub legend_label_width: f32,
    /// Piece types beyond `MAX_LEGEND` that were left out.
    pub legend_more: usize,
    /// Where the "… and N more" line goes, if any.
    pub legend_more_y: i32,
    /// The pool panel under the board, its entries, and the widest an entry's label may be.
    pub pool: Option<PixelRect>,
    pub pool_entries: Vec<PoolEntry>,
    pub pool_label_width: f32,
}

/// The sizes that depend on the picture's width, and the margins around the board.
struct Frame {
    label: f32,
    coordinate: f32,
    band: u32,
    edge_h: u32,
    margins: (u32, u32, u32, u32),
    width: u32,
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
        let (files, ranks) = (geometry.files(), geometry.ranks());
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
        let square = if cols.max(ranks as u32) <= 10 { 72 } else { 56 };
        let ring_gap = 10;
        let names: Vec<(BoardEdge, String)> = view
            .edge_names
            .iter()
            .take(4)
            .map(|(edge, name)| (*edge, name.chars().take(12).collect()))
            .collect();
        // Which edge is drawn where: north is at the top when the last rank is.
        let north_up = rows.first() == Some(&(ranks.saturating_sub(1)));
        let east_right = orientation == Color::White;
        let at_left = |edge: BoardEdge| {
            matches!(
                (edge, east_right),
                (BoardEdge::West, true) | (BoardEdge::East, false)
            )
        };
        let at_right = |edge: BoardEdge| {
            matches!(
                (edge, east_right),
                (BoardEdge::East, true) | (BoardEdge::West, false)
            )
        };

        // The text grows with the width, and the width with the text's bands: settle both.
        let measure_side = |side: &dyn Fn(BoardEdge) -> bool, label: f32| -> u32 {
            names
                .iter()
                .filter(|(e, _)| side(*e))
                .map(|(_, n)| font::measure(&fonts.bold, edge_size(label), n).ceil() as u32 + 12)
                .max()
                .unwrap_or(0)
        };
        let frame_for = |label: f32| -> Frame {
            let coordinate = (square as f32 * 0.26).round().max(label);
            let band = (square * 3 / 8).max((coordinate * 1.5).ceil() as u32);
            let edge_h = if names.is_empty() {
                0
            } else {
                (edge_size(label) * 1.6).ceil() as u32
            };
            let (mut l, mut r, mut t, mut b) = if view.outside.is_empty() {
                (band, PAD, PAD / 2, band)
            } else {
                let ring = square + ring_gap;
                (ring.max(band), ring, ring, ring.max(band))
            };
            l += measure_side(&at_left, label);
            r = r.max(measure_side(&at_right, label));
            t += edge_h;
            b += edge_h;
            let width = PAD + l + cols * square + r + PAD;
            Frame {
                label,
                coordinate,
                band,
                edge_h,
                margins: (l, r, t, b),
                width,
            }
        };
        let mut frame = frame_for(LABEL_SIZE);
        for _ in 0..8 {
            let wanted = (MIN_PREVIEW_TEXT * frame.width as f32 / PREVIEW_WIDTH * 2.0).ceil() / 2.0;
            if wanted <= frame.label {
                break;
            }
            frame = frame_for(wanted);
        }
        let Frame {
            label,
            coordinate,
            band,
            edge_h,
            margins: (left, right, top, bottom),
            width,
        } = frame;
        if width > MAX_SIDE_PX {
            return None;
        }
        let header_size = HEADER_SIZE.max((label * 1.3).round());
        let line_h = (header_size * 1.35).ceil() as u32;
        let text: String = view.header.trim().chars().take(400).collect();
        let header_lines = if text.is_empty() {
            Vec::new()
        } else {
            wrap::lines(&fonts.bold, header_size, &text, (width - 2 * PAD) as f32)
        };
        let header_h = if header_lines.is_empty() {
            PAD
        } else {
            10 + line_h * header_lines.len() as u32 + 4
        };
        let board = PixelRect {
            x: (PAD + left) as i32,
            y: (header_h + top) as i32,
            w: cols * square,
            h: ranks as u32 * square,
        };
        let edge_labels = names
            .into_iter()
            .map(|(edge, text)| {
                let (cx, cy) = board.center();
                let (x, y) = match edge {
                    BoardEdge::North | BoardEdge::South => {
                        let top_edge = (edge == BoardEdge::North) == north_up;
                        let y = if top_edge {
                            board.y as f32 - (top - edge_h) as f32 - edge_h as f32 / 2.0
                        } else {
                            (board.y as u32 + board.h + bottom - edge_h) as f32
                                + edge_h as f32 / 2.0
                        };
                        (cx, y)
                    }
                    _ if at_left(edge) => {
                        let w = (left - band) as f32;
                        (board.x as f32 - band as f32 - w / 2.0, cy)
                    }
                    _ => ((board.x as u32 + board.w) as f32 + right as f32 / 2.0, cy),
                };
                EdgeLabel { edge, text, x, y }
            })
            .collect();
        let avail = width - 2 * PAD;
        let board_bottom = board.y as u32 + board.h + bottom;

        // The pool, then the legend, each in a grid of equal columns under the board.
        let drafting = !view.pool.is_empty();
        let groups = pool_groups(&view.pool);
        let mut y = board_bottom + 4;
        let (pool, pool_entries, pool_label_width) = if groups.is_empty() {
            (None, Vec::new(), 0.0)
        } else {
            let labels: Vec<String> = groups.iter().map(|(p, n)| pool_label(p, *n)).collect();
            let grid = Grid::new(fonts, label, &labels, avail, PAD);
            let title_h = (label * 2.2).ceil() as u32;
            let rows = groups.len().div_ceil(grid.per_row) as u32;
            let rect = PixelRect {
                x: PAD as i32,
                y: y as i32,
                w: avail,
                h: title_h + rows * grid.row_h + 6,
            };
            let entries = groups
                .into_iter()
                .enumerate()
                .map(|(i, (piece, count))| {
                    let (x, ey) = grid.place(i, y + title_h);
                    PoolEntry {
                        dimmed: view.unpickable.contains(&piece),
                        piece,
                        count,
                        x: x + 8,
                        y: ey,
                    }
                })
                .collect();
            y += rect.h + PAD;
            (Some(rect), entries, grid.label_width)
        };
        let (items, legend_more) = key::items(view, geometry, MAX_LEGEND);
        let labels: Vec<String> = items.iter().map(|i| i.label(drafting)).collect();
        let grid = Grid::new(fonts, label, &labels, avail, PAD);
        let legend: Vec<PlacedEntry> = items
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                let (x, y) = grid.place(i, y);
                PlacedEntry { item, x, y }
            })
            .collect();
        let legend_rows = legend.len().div_ceil(grid.per_row) as u32;
        let legend_more_y = (y + legend_rows * grid.row_h) as i32;
        let used_rows = legend_rows + u32::from(legend_more > 0);
        let height = if used_rows > 0 {
            y + used_rows * grid.row_h + PAD
        } else {
            y.max(board_bottom + PAD / 2)
        };
        if height > MAX_SIDE_PX {
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
            band,
            header,
            header_lines,
            header_size,
            label_size: label,
            coordinate_size: coordinate,
            camp_text_size: (!view.outside.is_empty()).then(|| label.min(square as f32 * 0.24)),
            edge_labels,
            drafting,
            legend,
            legend_label_width: grid.label_width,
            legend_more,
            legend_more_y,
            pool,
            pool_entries,
            pool_label_width,
        })
    }

    /// The size of the edges' names.
    pub fn edge_size(&self) -> f32 {
        edge_size(self.label_size)
    }

    /// The height of one header line.
    pub fn header_line_height(&self) -> f32 {
        (self.header_size * 1.35).ceil()
    }

    /// The smallest text drawn on the picture (em, in pixels), before any scaling.
    pub fn smallest_text(&self) -> f32 {
        let mut sizes = vec![self.coordinate_size];
        sizes.extend(self.camp_text_size);
        if self.header.is_some() {
            sizes.push(self.header_size);
        }
        if !self.legend.is_empty() || self.pool.is_some() || !self.edge_labels.is_empty() {
            sizes.push(self.label_size);
        }
        sizes.into_iter().fold(f32::INFINITY, f32::min)
    }

    /// The factor a chat preview [`PREVIEW_WIDTH`] pixels wide scales the picture by.
    pub fn preview_scale(&self) -> f32 {
        (PREVIEW_WIDTH / self.width as f32).min(1.0)
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
        let outward = |i: usize, len: usize| match i {
            0 => -1,
            _ if i + 1 == len => 1,
            _ => 0,
        };
        let (dx, dy) = (
            outward(column, self.columns.len()),
            outward(row, self.rows.len()),
        );
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

/// The edges' names stand out a little from the labels: a choice is made by them.
fn edge_size(label: f32) -> f32 {
    (label * 1.25).round()
}
