//! Text on pictures: DejaVu Sans (regular and bold, compiled in) drawn with ab_glyph straight
//! onto the canvas, plus measuring and shortening so that no text runs off the picture.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use ab_glyph::{Font as _, FontRef, GlyphId, PxScale, ScaleFont as _, point};

use super::assets;
use super::palette::Rgba;
use super::surface::Surface;

/// A face with a cache of rasterized glyphs, so that text costs a copy after the first time.
pub struct Face {
    font: FontRef<'static>,
    glyphs: Mutex<HashMap<(u32, GlyphId), Arc<Glyph>>>,
}

/// One glyph's coverage, placed relative to the caret on the baseline.
struct Glyph {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
}

impl Face {
    fn new(data: &'static [u8]) -> Face {
        Face {
            font: FontRef::try_from_slice(data).expect("the compiled-in DejaVu fonts are valid"),
            glyphs: Mutex::new(HashMap::new()),
        }
    }

    fn glyph(&self, size: f32, id: GlyphId) -> Arc<Glyph> {
        let key = ((size * 4.0).round() as u32, id);
        let mut glyphs = self.glyphs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(glyph) = glyphs.get(&key) {
            return glyph.clone();
        }
        let glyph = Arc::new(
            match self
                .font
                .outline_glyph(id.with_scale_and_position(size, point(0.0, 0.0)))
            {
                Some(outline) => {
                    let bounds = outline.px_bounds();
                    let width = bounds.width() as usize;
                    let height = bounds.height() as usize;
                    let mut coverage = vec![0u8; width * height];
                    outline.draw(|x, y, c| {
                        if let Some(cell) = coverage.get_mut(y as usize * width + x as usize) {
                            *cell = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                        }
                    });
                    Glyph {
                        left: bounds.min.x as i32,
                        top: bounds.min.y as i32,
                        width,
                        coverage,
                    }
                }
                None => Glyph {
                    left: 0,
                    top: 0,
                    width: 0,
                    coverage: Vec::new(),
                },
            },
        );
        if glyphs.len() < 4096 {
            glyphs.insert(key, glyph.clone());
        }
        glyph
    }
}

/// The two faces the pictures use.
pub struct Fonts {
    pub regular: Face,
    pub bold: Face,
}

impl Fonts {
    pub fn load() -> Fonts {
        Fonts {
            regular: Face::new(assets::FONT_REGULAR),
            bold: Face::new(assets::FONT_BOLD),
        }
    }

    /// One set of faces for the pictures drawn without a [`Renderer`](crate::Renderer) (the
    /// rating chart, tables), loaded the first time and shared with its glyph caches.
    pub fn shared() -> &'static Fonts {
        static FONTS: OnceLock<Fonts> = OnceLock::new();
        FONTS.get_or_init(Fonts::load)
    }
}

/// The width of `text` in pixels at `size`.
pub fn measure(face: &Face, size: f32, text: &str) -> f32 {
    let scaled = face.font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            width += scaled.kern(p, id);
        }
        width += scaled.h_advance(id);
        previous = Some(id);
    }
    width
}

/// `text` if it fits in `max_width`, else as much as fits followed by an ellipsis.
pub fn fit(face: &Face, size: f32, text: &str, max_width: f32) -> String {
    if measure(face, size, text) <= max_width {
        return text.to_string();
    }
    let ellipsis = measure(face, size, "…");
    let mut kept = String::new();
    let mut width = 0.0;
    for c in text.chars() {
        let w = measure(face, size, c.encode_utf8(&mut [0; 4]));
        if width + w + ellipsis > max_width {
            break;
        }
        width += w;
        kept.push(c);
    }
    kept.truncate(kept.trim_end().len());
    kept.push('…');
    kept
}

/// Draws `text` with its left end at `x` and its baseline at `baseline`; returns its width.
pub fn draw(
    canvas: &mut dyn Surface,
    face: &Face,
    size: f32,
    x: f32,
    baseline: f32,
    color: Rgba,
    text: &str,
) -> f32 {
    let scaled = face.font.as_scaled(PxScale::from(size));
    let mut caret = x;
    let mut previous = None;
    let base = baseline.round() as i32;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            caret += scaled.kern(p, id);
        }
        let glyph = face.glyph(size, id);
        let (left, top) = (caret.round() as i32 + glyph.left, base + glyph.top);
        if glyph.width > 0 {
            canvas.mask(left, top, glyph.width, &glyph.coverage, color);
        }
        caret += scaled.h_advance(id);
        previous = Some(id);
    }
    caret - x
}

/// Draws `text` centred on (cx, cy): horizontally by its width, vertically by the cap height.
pub fn draw_centered(
    canvas: &mut dyn Surface,
    face: &Face,
    size: f32,
    cx: f32,
    cy: f32,
    color: Rgba,
    text: &str,
) {
    let width = measure(face, size, text);
    let cap = size * 0.72;
    draw(
        canvas,
        face,
        size,
        cx - width / 2.0,
        cy + cap / 2.0,
        color,
        text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_shortens_with_an_ellipsis_only_when_needed() {
        let fonts = Fonts::load();
        assert_eq!(fit(&fonts.regular, 16.0, "Duke", 200.0), "Duke");
        let long = "Mecklenburg Berolina Pawn";
        let short = fit(&fonts.regular, 16.0, long, 80.0);
        assert!(short.ends_with('…') && short.len() < long.len(), "{short}");
        assert!(measure(&fonts.regular, 16.0, &short) <= 80.0);
        assert_eq!(fit(&fonts.regular, 16.0, long, 1.0), "…");
    }
}
