//! The order of the layers of a picture, bottom first, in one place for both surfaces: the
//! indexed picture that is sent and the full-colour drawings the palette is learned from.

use super::board;
use super::font::Fonts;
use super::layout::Layout;
use super::overlay;
use super::panels;
use super::pieces;
use super::sprites::SpriteCache;
use super::surface::Surface;
use chatrang_rules::{BoardView, Geometry};

/// Draws everything of `view` on `surface`, bottom layer first.
pub fn paint(
    surface: &mut dyn Surface,
    fonts: &Fonts,
    sprites: &SpriteCache,
    layout: &Layout,
    geometry: &Geometry,
    view: &BoardView,
) {
    panels::draw_header(surface, fonts, layout);
    let sheet = sprites.sheet(layout.square);
    board::draw_squares(surface, &sheet, layout, geometry, view);
    pieces::draw_outside(surface, fonts, sprites, layout, view);
    pieces::draw_board_pieces(surface, fonts, sprites, layout, geometry, view);
    board::veil_repeated_column(surface, layout, geometry);
    overlay::draw_marks(surface, &sheet, layout, geometry, view);
    overlay::draw_arrows(surface, layout, geometry, view);
    board::draw_coordinates(surface, layout, fonts);
    panels::draw_edge_names(surface, fonts, layout);
    panels::draw_pool(surface, fonts, sprites, layout);
    panels::draw_legend(surface, fonts, sprites, layout);
}
