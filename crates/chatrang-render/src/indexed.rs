//! The picture that is sent: one palette index per pixel (see [`super::quantize`]). Opaque
//! fills are `memset`s, sprites copy bytes, and every blend is a table look-up, so drawing a
//! 16×12 board touches a quarter of the memory an RGBA picture would, and so does the encoder.

use super::palette::Rgba;
use super::quantize::{self, LEVELS, Lut, Palette};
use super::sprite::{IndexedSprite, Sprite};
use super::surface::{Surface, clip};

pub struct IndexedCanvas<'p> {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    palette: &'p Palette,
}

impl<'p> IndexedCanvas<'p> {
    /// A canvas filled with `background`; `None` if the size is zero or absurd.
    pub fn new(
        width: u32,
        height: u32,
        background: Rgba,
        palette: &'p Palette,
    ) -> Option<IndexedCanvas<'p>> {
        let pixels = (width as usize).checked_mul(height as usize)?;
        if pixels == 0 || pixels > 1 << 26 {
            return None;
        }
        Some(IndexedCanvas {
            width,
            height,
            pixels: vec![palette.nearest(background.rgb()); pixels],
            palette,
        })
    }

    /// A canvas over pixels already drawn (`width` × `height` palette indices), to draw more
    /// on them (a replay's caption under a board picture).
    pub fn from_indices(
        width: u32,
        height: u32,
        pixels: Vec<u8>,
        palette: &'p Palette,
    ) -> IndexedCanvas<'p> {
        assert_eq!(pixels.len(), width as usize * height as usize);
        IndexedCanvas {
            width,
            height,
            pixels,
            palette,
        }
    }

    /// The palette indices, row by row.
    pub fn into_indices(self) -> Vec<u8> {
        self.pixels
    }

    /// The tables for laying `color` at every strength, computed only for the strengths used.
    fn tables(&self, color: Rgba) -> Tables<'p> {
        Tables {
            palette: self.palette,
            color: color.rgb(),
            alpha: color.3,
            luts: Default::default(),
        }
    }
}

/// Blend tables of one colour, fetched from the palette on first use in one drawing call.
struct Tables<'p> {
    palette: &'p Palette,
    color: [u8; 3],
    alpha: u8,
    luts: [Option<std::sync::Arc<Lut>>; LEVELS as usize + 1],
}

impl Tables<'_> {
    /// The table for a pixel of the given coverage (0–255), or `None` where nothing shows.
    fn for_coverage(&mut self, coverage: u8) -> Option<&Lut> {
        let alpha = (self.alpha as u32 * coverage as u32 + 127) / 255;
        let level = quantize::level(alpha as u8);
        if level == 0 {
            return None;
        }
        let (palette, color) = (self.palette, self.color);
        Some(self.luts[level as usize].get_or_insert_with(|| palette.blend(color, level)))
    }
}

impl Surface for IndexedCanvas<'_> {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        let Some((columns, rows)) =
            clip((x, y), (w as usize, h as usize), (self.width, self.height))
        else {
            return;
        };
        let width = self.width as usize;
        if color.3 == 255 {
            let index = self.palette.nearest(color.rgb());
            for row in rows {
                self.pixels[row * width + columns.start..row * width + columns.end].fill(index);
            }
            return;
        }
        // A tint is blended exactly (not at a quantized strength), so that a tinted square
        // gets the palette's exact colour for it.
        let mut blended: [Option<u8>; 256] = [None; 256];
        for row in rows {
            for px in &mut self.pixels[row * width + columns.start..row * width + columns.end] {
                let below = *px;
                *px = *blended[below as usize].get_or_insert_with(|| {
                    let rgb = quantize::mix(color.rgb(), self.palette.rgb(below), color.3 as u32);
                    self.palette.nearest(rgb)
                });
            }
        }
    }

    fn blit(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let sprite: &IndexedSprite = sprite.indexed(self.palette);
        let sw = sprite.width as usize;
        let Some((columns, rows)) = clip(
            (x, y),
            (sw, sprite.height as usize),
            (self.width, self.height),
        ) else {
            return;
        };
        let width = self.width as usize;
        let (x, y) = (x as i64, y as i64);
        for row in rows {
            let sy = (row as i64 - y) as usize;
            let line = &mut self.pixels[row * width..(row + 1) * width];
            let values = &sprite.values[sy * sw..(sy + 1) * sw];
            for run in &sprite.runs[sprite.rows[sy].clone()] {
                let a = (x + run.start as i64).max(columns.start as i64) as usize;
                let b = (x + run.end as i64).min(columns.end as i64) as usize;
                if a >= b {
                    continue;
                }
                let from = (a as i64 - x) as usize;
                let src = &values[from..from + (b - a)];
                let dst = &mut line[a..b];
                if run.solid {
                    dst.copy_from_slice(src);
                } else {
                    for (d, &class) in dst.iter_mut().zip(src) {
                        *d = sprite.edges[class as usize][*d as usize];
                    }
                }
            }
        }
    }

    fn mask(&mut self, x: i32, y: i32, width: usize, coverage: &[u8], color: Rgba) {
        if width == 0 {
            return;
        }
        let h = coverage.len() / width;
        let Some((columns, rows)) = clip((x, y), (width, h), (self.width, self.height)) else {
            return;
        };
        let mut tables = self.tables(color);
        let stride = self.width as usize;
        for row in rows {
            let m_start = (row as i64 - y as i64) as usize * width
                + (columns.start as i64 - x as i64) as usize;
            let m = &coverage[m_start..m_start + columns.len()];
            let dst = &mut self.pixels[row * stride + columns.start..row * stride + columns.end];
            for (d, &c) in dst.iter_mut().zip(m) {
                if c != 0
                    && let Some(lut) = tables.for_coverage(c)
                {
                    *d = lut[*d as usize];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette() -> Palette {
        Palette::new(vec![
            [0, 0, 0],
            [255, 255, 255],
            [255, 0, 0],
            [127, 127, 127],
            [255, 127, 127],
        ])
    }

    /// The picture's pixels as colours, row by row.
    fn colors(canvas: IndexedCanvas, palette: &Palette) -> Vec<[u8; 3]> {
        canvas
            .into_indices()
            .into_iter()
            .map(|i| palette.rgb(i))
            .collect()
    }

    #[test]
    fn fills_tints_and_masks_use_palette_colours() {
        let palette = palette();
        let mut canvas = IndexedCanvas::new(4, 2, Rgba::opaque(255, 255, 255), &palette).unwrap();
        canvas.fill_rect(0, 0, 1, 2, Rgba::opaque(255, 0, 0));
        canvas.fill_rect(1, 0, 1, 1, Rgba(0, 0, 0, 128));
        canvas.mask(2, 0, 2, &[255, 128, 0, 0], Rgba::opaque(255, 0, 0));
        canvas.fill_rect(-10, 1, 3, 1, Rgba::opaque(0, 0, 0));
        canvas.mask(i32::MIN, i32::MAX, 2, &[255; 4], Rgba::opaque(0, 0, 0));
        let colors = colors(canvas, &palette);
        assert_eq!(
            colors,
            [
                [255, 0, 0],
                [127, 127, 127],
                [255, 0, 0],
                [255, 127, 127],
                [255, 0, 0],
                [255, 255, 255],
                [255, 255, 255],
                [255, 255, 255],
            ]
        );
    }

    #[test]
    fn sprites_copy_solid_runs_blend_edges_skip_clear_and_clip() {
        use resvg::tiny_skia::{ColorU8, Pixmap};
        let palette = palette();
        // One row: clear, solid red, half-transparent white, solid black.
        let mut pixmap = Pixmap::new(4, 1).unwrap();
        let texels = [
            [0, 0, 0, 0],
            [255, 0, 0, 255],
            [255, 255, 255, 136],
            [0, 0, 0, 255],
        ];
        for (px, [r, g, b, a]) in pixmap.pixels_mut().iter_mut().zip(texels) {
            *px = ColorU8::from_rgba(r, g, b, a).premultiply();
        }
        let sprite = Sprite::new(pixmap);
        let mut canvas = IndexedCanvas::new(5, 2, Rgba::opaque(0, 0, 0), &palette).unwrap();
        canvas.blit(&sprite, 0, 0);
        canvas.blit(&sprite, -2, 1);
        canvas.blit(&sprite, 3, 1);
        canvas.blit(&sprite, i32::MIN, i32::MAX);
        let colors = colors(canvas, &palette);
        assert_eq!(
            colors,
            [
                [0, 0, 0],
                [255, 0, 0],
                [127, 127, 127],
                [0, 0, 0],
                [0, 0, 0],
                // Second row: the sprite from column −2 shows its last two pixels, the one at
                // column 3 its first two (clear, red); the rest is cut off.
                [127, 127, 127],
                [0, 0, 0],
                [0, 0, 0],
                [0, 0, 0],
                [255, 0, 0],
            ]
        );
    }
}
