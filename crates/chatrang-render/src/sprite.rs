//! One sprite: a piece or a decoration rasterized once, kept as straight pixels for the RGBA
//! canvas and, on first use, in palette indices for the indexed picture. A leaf under
//! [`super::surface`], so that the surfaces can copy sprites without knowing the sheets.

use std::{
    collections::HashMap,
    sync::{Arc, OnceLock},
};

use resvg::tiny_skia::Pixmap;

use super::quantize::{self, LEVELS, Lut, Palette};

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
