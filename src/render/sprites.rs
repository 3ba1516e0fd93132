//! Sprite sheets: every piece of [`assets::PIECES`] in both colours, rasterized from its SVG once
//! per tile size and kept, so that drawing a board only copies pixels. Sheets are built at
//! start-up for the usual sizes and on first use for any other.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use resvg::{
    tiny_skia::{Pixmap, Transform},
    usvg,
};

use super::assets;
use crate::rules::Color;

/// All sprites at one size.
pub struct SpriteSheet {
    pub size: u32,
    sprites: HashMap<&'static str, [Pixmap; 2]>,
    generic: [Pixmap; 2],
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
        }
    }

    /// The sprite of a drawn kind, or `None` for kinds without artwork.
    pub fn get(&self, kind: &str, color: Color) -> Option<&Pixmap> {
        self.sprites.get(kind).map(|pair| &pair[color.index()])
    }

    /// The blank token used for kinds without artwork.
    pub fn generic(&self, color: Color) -> &Pixmap {
        &self.generic[color.index()]
    }
}

/// Rasterizes one piece. The SVGs are ours and compiled in, so a parse failure is a bug caught
/// by the tests; it still yields an empty sprite rather than a panic.
fn rasterize(svg: &str, color: Color, size: u32) -> Pixmap {
    let size = size.max(1);
    let mut pixmap = Pixmap::new(size, size).expect("a sprite is at least 1×1");
    if let Ok(tree) = usvg::Tree::from_str(&assets::for_color(svg, color), &usvg::Options::default())
    {
        let scale = size as f32 / tree.size().width().max(1.0);
        resvg::render(
            &tree,
            Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
    }
    pixmap
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

}
