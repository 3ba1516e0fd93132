//! Board pictures: a [`Renderer`] turns a [`BoardView`] into a PNG, and [`text_board`] into
//! Unicode text for the console and screen readers.
//!
//! Drawing is copying: the piece SVGs (our own, in `assets/pieces/`) are rasterized once per size
//! into sprite sheets, so a request only fills squares, copies sprites, draws a few shapes and
//! glyphs and encodes. Rendering is a pure function of the view and the orientation (no I/O),
//! safe to call from a blocking thread pool.

mod assets;
mod board;
mod canvas;
pub mod command;
pub mod encode;
mod font;
pub mod gallery;
mod layout;
mod legend;
mod moves;
mod overlay;
pub mod palette;
mod panels;
mod pieces;
pub mod samples;
pub mod showcase;
mod sprites;
mod text_board;

use std::sync::OnceLock;

pub use layout::{Layout, LegendItem, PixelRect, PlacedEntry};
pub use legend::{LegendEntry, entries as legend_entries};
pub use moves::moves_view;
pub use text_board::text_board;

use crate::rules::{BoardView, Color};

/// Why a view could not be drawn.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum RenderError {
    #[error("there is no board to draw (the view has no geometry)")]
    NoBoard,
    #[error("the picture would be larger than {max}×{max} pixels", max = layout::MAX_SIDE_PX)]
    TooLarge,
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
}

/// Draws pictures. Build it once (it rasterizes the sprite sheets) and share it.
pub struct Renderer {
    fonts: font::Fonts,
    sprites: sprites::SpriteCache,
}

/// The sprite sizes used by the layouts: squares on small and large boards, the top and the
/// lower pieces of a stack on each (see `pieces::stack_top_size`), and legend icons (36, also
/// half of 72).
const USUAL_SIZES: [u32; 6] = [72, 64, 56, 50, 32, layout::ICON];

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// Loads the fonts and rasterizes the sprite sheets of the usual sizes.
    pub fn new() -> Renderer {
        let renderer = Renderer {
            fonts: font::Fonts::load(),
            sprites: sprites::SpriteCache::default(),
        };
        for size in USUAL_SIZES {
            renderer.sprites.sheet(size);
        }
        renderer
    }

    /// One renderer for the whole program, built on first use.
    pub fn global() -> &'static Renderer {
        static RENDERER: OnceLock<Renderer> = OnceLock::new();
        RENDERER.get_or_init(Renderer::new)
    }

    /// The sprite kinds that have their own artwork (every other kind is drawn as a lettered
    /// token).
    pub fn kinds() -> impl Iterator<Item = &'static str> {
        assets::PIECES.iter().map(|(kind, _)| *kind)
    }

    /// The sprite sizes rasterized so far (the usual ones from the start; a picture that needs
    /// another size adds it once).
    pub fn sprite_sizes(&self) -> Vec<u32> {
        self.sprites.sizes()
    }

    /// The sprite of a kind at `size` pixels, as straight RGBA rows, or `None` if the kind has
    /// no artwork of its own.
    pub fn sprite_rgba(&self, kind: &str, color: Color, size: u32) -> Option<Vec<u8>> {
        let sheet = self.sprites.sheet(size.clamp(8, 256));
        let sprite = sheet.get(kind, color)?;
        Some(
            sprite
                .pixels()
                .iter()
                .flat_map(|p| {
                    let c = p.demultiply();
                    [c.red(), c.green(), c.blue(), c.alpha()]
                })
                .collect(),
        )
    }

    /// Where things go in the picture of `view` (for tests and image maps).
    pub fn layout(&self, view: &BoardView, orientation: Color) -> Result<Layout, RenderError> {
        let geometry = view.geometry.as_ref().ok_or(RenderError::NoBoard)?;
        Layout::compute(view, geometry, orientation, &self.fonts).ok_or(RenderError::TooLarge)
    }

    /// The picture as RGBA rows (opaque), with its layout.
    pub fn draw(
        &self,
        view: &BoardView,
        orientation: Color,
    ) -> Result<(Layout, Vec<u8>), RenderError> {
        let geometry = view.geometry.as_ref().ok_or(RenderError::NoBoard)?;
        let layout = self.layout(view, orientation)?;
        let mut canvas = canvas::Canvas::new(layout.width, layout.height, palette::BACKGROUND)
            .ok_or(RenderError::TooLarge)?;
        panels::draw_header(&mut canvas, &self.fonts, &layout, view);
        let sheet = self.sprites.sheet(layout.square);
        board::draw_squares(&mut canvas, &sheet, &layout, geometry, view);
        pieces::draw_outside(&mut canvas, &self.fonts, &self.sprites, &layout, view);
        pieces::draw_board_pieces(
            &mut canvas,
            &self.fonts,
            &self.sprites,
            &layout,
            geometry,
            view,
        );
        board::veil_repeated_column(&mut canvas, &layout, geometry);
        overlay::draw_marks(&mut canvas, &sheet, &layout, geometry, view);
        overlay::draw_arrows(&mut canvas, &layout, geometry, view);
        board::draw_coordinates(&mut canvas, &layout, &self.fonts);
        panels::draw_legend(&mut canvas, &self.fonts, &self.sprites, &layout);
        panels::draw_pool(&mut canvas, &self.fonts, &self.sprites, &layout, view);
        Ok((layout, canvas.into_rgba()))
    }

    /// The picture of `view` with `orientation`'s side at the bottom, as a PNG file.
    pub fn png(&self, view: &BoardView, orientation: Color) -> Result<Vec<u8>, RenderError> {
        let (layout, rgba) = self.draw(view, orientation)?;
        encode::png(
            &rgba,
            layout.width,
            layout.height,
            encode::Settings::default(),
        )
        .map_err(RenderError::Encode)
    }
}
