//! Board pictures: a [`Renderer`] turns a [`BoardView`](chatrang_rules::BoardView) into a PNG, and
//! [`text_board`] into Unicode text for the console and screen readers.
//!
//! Drawing is copying: the piece SVGs (our own, in `assets/pieces/`) are rasterized once per size
//! into sprite sheets, so a request only fills squares, copies sprites, draws a few shapes and
//! glyphs and encodes. Rendering is a pure function of the view and the orientation (no I/O),
//! safe to call from a blocking thread pool.
//!
//! ```
//! use chatrang_render::{Renderer, text_board};
//! use chatrang_rules::{Color, GameId};
//!
//! // The example position of Cataclysm, from its row of the table of games.
//! let game = GameId::Cataclysm.spec().example()?;
//! let view = game.view();
//!
//! // As a PNG, White at the bottom.
//! let png = Renderer::global().png(&view, Color::White)?;
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//!
//! // As text, for the console and screen readers.
//! let text = text_board(&view, Color::White);
//! assert!(!text.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules, bottom to top; each uses only modules listed before it, and this file only
//! declares and re-exports. Each file names a sibling in a `use super::<module>` line of its
//! own, so that reading the imports shows every edge.
//! 1. `assets`, `palette`, `quantize`, `encode`, `rect`, `legend`, `moves`: the leaves (artwork
//!    and fonts, colours, the palette and its blend tables, PNG encoding, pixel rectangles, the
//!    legend's piece types, the moves-of-a-piece view); `key`: every legend item a view needs.
//! 2. `sprite`: one rasterized sprite, straight and in palette indices.
//! 3. `surface`: what drawing draws on (fills, sprites, coverage masks, vector shapes).
//! 4. `canvas`, `indexed`: the two surfaces, full colour and palette indices.
//! 5. `font`: text on a surface; `wrap`: a title on as many lines as it needs; `grid`: the
//!    columns of icons and labels under the board.
//! 6. `shapes`: the vector drawings of one square (tile signs, pit, check, plate, marks).
//! 7. `layout`: where everything goes on a picture.
//! 8. `sprites`: the sprite sheets of pieces and square decorations, one per size.
//! 9. `board`, `overlay`, `pieces`: the board's layers.
//! 10. `key_icons`: the legend's icons; `panels`: the header, edge names, pool and legend.
//! 11. `paint`: the order of the layers.
//! 12. `showcase`: positions of the real games (the palette is learned from them).
//! 13. `error`, `renderer`: the renderer, which draws a view and encodes it; `chart`: a rating
//!     history as a line chart, and `table`: standings and pairings as a table (both on the
//!     canvas, with the fonts; no board).
//! 14. `text_board`, `spoken`: the board as text, and in words (for screen readers);
//!     `animation`: a replay, the pictures of a game's positions as one GIF.
//! 15. `gallery`, `command`: `chatrang gallery`, `chatrang render` and the benchmark.

pub mod animation;
mod assets;
mod board;
mod canvas;
pub mod chart;
pub mod command;
pub mod encode;
mod error;
pub mod eval_chart;
mod font;
pub mod gallery;
mod grid;
mod indexed;
mod key;
mod key_icons;
mod layout;
mod legend;
mod lzw;
mod moves;
mod overlay;
mod paint;
pub mod palette;
mod panels;
mod pieces;
pub mod quantize;
mod rect;
mod renderer;
mod shapes;
pub mod showcase;
mod spoken;
mod sprite;
mod sprites;
mod surface;
pub mod table;
mod text_board;
pub mod turn_chart;
mod wrap;

pub use error::RenderError;
pub use key::LegendItem;
pub use layout::{EdgeLabel, Layout, MIN_PREVIEW_TEXT, PREVIEW_WIDTH, PlacedEntry, PoolEntry};
pub use legend::{LegendEntry, entries as legend_entries};
pub use moves::moves_view;
pub use pieces::stack_boxes;
pub use rect::PixelRect;
pub use renderer::{Picture, Renderer};
pub use spoken::{board_in_words, check_words, last_move_words, material_words, pieces_in_words};
pub use table::{Table, table_alt, table_png};
pub use text_board::text_board;
