//! The renderer: built once (fonts, sprite sheets, the palette), then a pure function from a
//! view and an orientation to a picture, safe to share between threads.

use std::sync::OnceLock;

use super::assets;
use super::canvas::Canvas;
use super::encode;
use super::error::RenderError;
use super::font::Fonts;
use super::grid;
use super::indexed::IndexedCanvas;
use super::layout::Layout;
use super::paint::paint;
use super::palette;
use super::quantize;
use super::showcase;
use super::sprites::SpriteCache;
use chatrang_rules::{BoardView, Color};

/// Draws pictures. Build it once (it rasterizes the sprite sheets and learns the palette) and
/// share it.
pub struct Renderer {
    fonts: Fonts,
    sprites: SpriteCache,
    palette: quantize::Palette,
}

/// A drawn picture: one palette index per pixel, row by row, and where things were put.
pub struct Picture {
    pub layout: Layout,
    pub indices: Vec<u8>,
}

/// The sprite sizes used by the layouts: squares on small and large boards, the pieces of a
/// stack on each (see `pieces::stack_top_size`), and legend icons.
const USUAL_SIZES: [u32; 5] = [72, 56, 44, 34, grid::ICON];

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// Loads the fonts, rasterizes the sprite sheets of the usual sizes, and learns the
    /// palette from full-colour drawings of the real games' positions (see [`quantize`] and
    /// [`showcase::palette_views`]).
    pub fn new() -> Renderer {
        let fonts = Fonts::load();
        let sprites = SpriteCache::default();
        for size in USUAL_SIZES {
            sprites.sheet(size);
        }
        // One drawing at a time: counted and dropped, since all of them at once (some fifty
        // full-colour boards) would cost the process about 150 MB at start-up.
        let drawings = showcase::palette_views()
            .into_iter()
            .filter_map(|view| draw_rgba(&fonts, &sprites, &view));
        let palette = quantize::Palette::learn(&palette::exact_colors(), drawings);
        Renderer {
            fonts,
            sprites,
            palette,
        }
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
                .pixmap
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

    /// The faces the pictures are written in.
    pub(crate) fn fonts(&self) -> &Fonts {
        &self.fonts
    }

    /// The colours of every picture's palette.
    pub fn palette(&self) -> &quantize::Palette {
        &self.palette
    }

    /// The picture of `view` with `orientation`'s side at the bottom, in palette indices.
    pub fn draw(&self, view: &BoardView, orientation: Color) -> Result<Picture, RenderError> {
        let geometry = view.geometry.as_ref().ok_or(RenderError::NoBoard)?;
        let layout = self.layout(view, orientation)?;
        let mut canvas = IndexedCanvas::new(
            layout.width,
            layout.height,
            palette::BACKGROUND,
            &self.palette,
        )
        .ok_or(RenderError::TooLarge)?;
        paint(
            &mut canvas,
            &self.fonts,
            &self.sprites,
            &layout,
            geometry,
            view,
        );
        Ok(Picture {
            layout,
            indices: canvas.into_indices(),
        })
    }

    /// A drawn picture as a PNG file.
    pub fn encode(
        &self,
        picture: &Picture,
        settings: encode::Settings,
    ) -> Result<Vec<u8>, RenderError> {
        let png = encode::png(
            &picture.indices,
            picture.layout.width,
            picture.layout.height,
            &self.palette.rgb_bytes(),
            settings,
        )?;
        Ok(png)
    }

    /// The picture of `view` with `orientation`'s side at the bottom, as a PNG file.
    pub fn png(&self, view: &BoardView, orientation: Color) -> Result<Vec<u8>, RenderError> {
        let picture = self.draw(view, orientation)?;
        self.encode(&picture, encode::Settings::default())
    }
}

/// `view` drawn in full colour (opaque RGBA rows), for learning the palette; `None` if it
/// cannot be laid out.
fn draw_rgba(fonts: &Fonts, sprites: &SpriteCache, view: &BoardView) -> Option<Vec<u8>> {
    let geometry = view.geometry.as_ref()?;
    let layout = Layout::compute(view, geometry, Color::White, fonts)?;
    let mut canvas = Canvas::new(layout.width, layout.height, palette::BACKGROUND)?;
    paint(&mut canvas, fonts, sprites, &layout, geometry, view);
    Some(canvas.into_rgba())
}
