//! Sprite sheets: every piece of [`assets::PIECES`] in both colours, rasterized from its SVG once
//! per tile size, and the square-sized decorations of [`super::shapes`], kept so that drawing a
//! board only copies pixels. Sheets are built at start-up for the usual sizes and on first use
//! for any other.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use resvg::{
    tiny_skia::{Pixmap, Transform},
    usvg,
};

use super::assets;
use super::canvas::Canvas;
use super::palette::Rgba;
use super::rect::PixelRect;
use super::shapes;
use super::sprite::Sprite;
use chatrang_rules::{Color, Mark, Tile};

/// Square-sized decorations drawn once per size like the pieces: tile signs, the pit, the
/// marks (on an empty or an occupied square) and the check glow.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Decor {
    Sign(Tile),
    Pit,
    Mark(Mark, bool),
    Check,
    /// The light disc behind a legend or pool icon.
    Plate,
}

impl Decor {
    fn all() -> Vec<Decor> {
        let mut all = vec![Decor::Pit, Decor::Check, Decor::Plate];
        for tile in [Tile::Red, Tile::Yellow, Tile::Green, Tile::Blue] {
            all.push(Decor::Sign(tile));
        }
        for mark in Mark::HINTS {
            all.push(Decor::Mark(mark, false));
            all.push(Decor::Mark(mark, true));
        }
        all
    }

    fn draw(self, size: u32) -> Sprite {
        let mut canvas =
            Canvas::new(size, size, Rgba(0, 0, 0, 0)).expect("a decoration is at least 1×1");
        let cell = PixelRect {
            x: 0,
            y: 0,
            w: size,
            h: size,
        };
        match self {
            Decor::Sign(tile) => shapes::tile_sign(&mut canvas, cell, tile),
            Decor::Pit => shapes::pit(&mut canvas, cell),
            Decor::Mark(mark, occupied) => shapes::draw_mark(&mut canvas, cell, mark, occupied),
            Decor::Plate => shapes::plate(&mut canvas, cell),
            Decor::Check => shapes::check(&mut canvas, cell),
        }
        Sprite::new(canvas.pixmap)
    }
}

/// All sprites at one size.
pub struct SpriteSheet {
    pub size: u32,
    sprites: HashMap<&'static str, [Sprite; 2]>,
    generic: [Sprite; 2],
    decor: HashMap<Decor, Sprite>,
}

impl SpriteSheet {
    /// Rasterizes every piece at `size` × `size` pixels.
    pub fn build(size: u32) -> SpriteSheet {
        let mut sprites = HashMap::new();
        for &(kind, svg) in assets::PIECES {
            let pair = Color::ALL.map(|color| rasterize(svg, color, size));
            sprites.insert(kind, pair);
        }
        SpriteSheet {
            size,
            sprites,
            generic: [
                rasterize(assets::GENERIC, Color::White, size),
                rasterize(assets::GENERIC, Color::Black, size),
            ],
            decor: Decor::all()
                .into_iter()
                .map(|d| (d, d.draw(size.max(1))))
                .collect(),
        }
    }

    /// The sprite of a drawn kind, or `None` for kinds without artwork.
    pub fn get(&self, kind: &str, color: Color) -> Option<&Sprite> {
        self.sprites.get(kind).map(|pair| &pair[color.index()])
    }

    /// A decoration at this sheet's size.
    pub fn decor(&self, decor: Decor) -> Option<&Sprite> {
        self.decor.get(&decor)
    }

    /// The blank token used for kinds without artwork.
    pub fn generic(&self, color: Color) -> &Sprite {
        &self.generic[color.index()]
    }
}

/// Rasterizes one piece. The SVGs are ours and compiled in, so a parse failure is a bug caught
/// by the tests; it still yields an empty sprite rather than a panic.
fn rasterize(svg: &str, color: Color, size: u32) -> Sprite {
    let size = size.max(1);
    let mut pixmap = Pixmap::new(size, size).expect("a sprite is at least 1×1");
    if let Ok(tree) =
        usvg::Tree::from_str(&assets::for_color(svg, color), &usvg::Options::default())
    {
        let scale = size as f32 / tree.size().width().max(1.0);
        resvg::render(
            &tree,
            Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
    }
    Sprite::new(pixmap)
}

/// Sheets by size, shared by every render.
#[derive(Default)]
pub struct SpriteCache {
    sheets: Mutex<HashMap<u32, Arc<SpriteSheet>>>,
}

impl SpriteCache {
    /// The sheet for `size`, built now if this is the first time it is asked for.
    pub fn sheet(&self, size: u32) -> Arc<SpriteSheet> {
        let mut sheets = self.sheets.lock().unwrap_or_else(|e| e.into_inner());
        sheets
            .entry(size)
            .or_insert_with(|| Arc::new(SpriteSheet::build(size)))
            .clone()
    }

    /// The sizes that have a sheet.
    pub fn sizes(&self) -> Vec<u32> {
        let sheets = self.sheets.lock().unwrap_or_else(|e| e.into_inner());
        let mut sizes: Vec<u32> = sheets.keys().copied().collect();
        sizes.sort_unstable();
        sizes
    }
}
