//! Sprite sheets: every piece of [`assets::PIECES`] in both colours, rasterized from its SVG once
//! per tile size and kept, so that drawing a board only copies pixels. Sheets are built at
//! start-up for the usual sizes and on first use for any other.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use resvg::{
    tiny_skia::{Pixmap, Transform},
    usvg,
};

use super::{
    assets, board,
    canvas::Canvas,
    layout::PixelRect,
    overlay,
    palette::{self, Rgba},
    quantize::{self, LEVELS, Lut, Palette},
    surface::Surface,
};
use crate::rules::{Color, Mark, Tile};

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
            Decor::Sign(tile) => board::tile_sign(&mut canvas, cell, tile),
            Decor::Pit => board::pit(&mut canvas, cell),
            Decor::Mark(mark, occupied) => overlay::draw_mark(&mut canvas, cell, mark, occupied),
            Decor::Plate => {
                let r = size as f32 / 2.0;
                canvas.fill_circle(r, r, r, palette::ICON_PLATE);
            }
            Decor::Check => {
                let (cx, cy) = cell.center();
                canvas.glow(cx, cy, size as f32 * 0.62, palette::CHECK.alpha(235));
                board::frame(&mut canvas, cell, palette::CHECK, (size / 18).max(3));
            }
        }
        Sprite::new(canvas.pixmap)
    }
}

/// One piece or decoration: its rasterized pixels, and the same in palette indices, made on
/// first use (the palette is learned after the first sheets exist).
pub struct Sprite {
    pub pixmap: Pixmap,
    indexed: OnceLock<IndexedSprite>,
}

impl Sprite {
    pub fn new(pixmap: Pixmap) -> Sprite {
        Sprite {
            pixmap,
            indexed: OnceLock::new(),
        }
    }

    /// The sprite in `palette`'s indices. A renderer has one palette, so the first one asked
    /// for is kept.
    pub fn indexed(&self, palette: &Palette) -> &IndexedSprite {
        self.indexed
            .get_or_init(|| IndexedSprite::new(&self.pixmap, palette))
    }
}

/// A sprite ready to be copied onto an indexed picture: each pixel is clear, solid (a palette
/// index) or an edge (the number of a blend table, since an edge mixes with what is below).
/// Each row is kept as runs of solid or edge pixels, so that copying skips the clear ones
/// and copies solid ones a run at a time.
pub struct IndexedSprite {
    pub width: u32,
    pub height: u32,
    /// Per pixel: the palette index of a solid pixel, the blend table of an edge pixel.
    pub values: Vec<u8>,
    pub edges: Vec<Arc<Lut>>,
    pub runs: Vec<Run>,
    /// Per row, the range of `runs` that belongs to it.
    pub rows: Vec<std::ops::Range<usize>>,
}

/// Sprite columns `start..end` of one row, all solid or all edge.
#[derive(Copy, Clone, Debug)]
pub struct Run {
    pub start: u32,
    pub end: u32,
    pub solid: bool,
}

#[derive(Copy, Clone, Eq, PartialEq)]
enum Texel {
    Clear,
    Solid,
    Edge,
}

impl IndexedSprite {
    fn new(pixmap: &Pixmap, palette: &Palette) -> IndexedSprite {
        let mut nearest: HashMap<[u8; 3], u8> = HashMap::new();
        let mut classes: HashMap<(u8, u8), u8> = HashMap::new();
        let mut edges = Vec::new();
        let mut texels = Vec::with_capacity(pixmap.pixels().len());
        let mut values = Vec::with_capacity(pixmap.pixels().len());
        for px in pixmap.pixels() {
            let level = quantize::level(px.alpha());
            if level == 0 {
                texels.push(Texel::Clear);
                values.push(0);
                continue;
            }
            let c = px.demultiply();
            let rgb = [c.red(), c.green(), c.blue()];
            let index = *nearest.entry(rgb).or_insert_with(|| palette.nearest(rgb));
            if level == LEVELS {
                texels.push(Texel::Solid);
                values.push(index);
                continue;
            }
            let next = classes.len();
            let class = match classes.get(&(index, level)) {
                Some(&class) => Some(class),
                None if next < 256 => {
                    classes.insert((index, level), next as u8);
                    edges.push(palette.blend(palette.rgb(index), level));
                    Some(next as u8)
                }
                None => None,
            };
            match class {
                Some(class) => {
                    texels.push(Texel::Edge);
                    values.push(class);
                }
                // More than 256 kinds of edge: round the rest to clear or solid.
                None if level > LEVELS / 2 => {
                    texels.push(Texel::Solid);
                    values.push(index);
                }
                None => {
                    texels.push(Texel::Clear);
                    values.push(0);
                }
            }
        }
        let width = pixmap.width() as usize;
        let mut runs = Vec::new();
        let mut rows = Vec::with_capacity(pixmap.height() as usize);
        for line in texels.chunks(width.max(1)) {
            let first = runs.len();
            let mut x = 0;
            while x < line.len() {
                let texel = line[x];
                let start = x;
                while x < line.len() && line[x] == texel {
                    x += 1;
                }
                if texel != Texel::Clear {
                    runs.push(Run {
                        start: start as u32,
                        end: x as u32,
                        solid: texel == Texel::Solid,
                    });
                }
            }
            rows.push(first..runs.len());
        }
        IndexedSprite {
            width: pixmap.width(),
            height: pixmap.height(),
            values,
            edges,
            runs,
            rows,
        }
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
