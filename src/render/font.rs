//! Text on pictures: DejaVu Sans (regular and bold, compiled in) drawn with ab_glyph straight
//! onto the canvas, plus measuring and shortening so that no text runs off the picture.

use ab_glyph::{Font as _, FontRef, PxScale, ScaleFont as _, point};

use super::{assets, canvas::Canvas, palette::Rgba};

/// The two faces the pictures use.
pub struct Fonts {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
}

impl Fonts {
    pub fn load() -> Fonts {
        Fonts {
            regular: FontRef::try_from_slice(assets::FONT_REGULAR)
                .expect("the compiled-in DejaVu Sans is a valid font"),
            bold: FontRef::try_from_slice(assets::FONT_BOLD)
                .expect("the compiled-in DejaVu Sans Bold is a valid font"),
        }
    }
}

/// The width of `text` in pixels at `size`.
pub fn measure(font: &FontRef<'_>, size: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
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
pub fn fit(font: &FontRef<'_>, size: f32, text: &str, max_width: f32) -> String {
    if measure(font, size, text) <= max_width {
        return text.to_string();
    }
    let mut kept: String = String::new();
    for c in text.chars() {
        kept.push(c);
        if measure(font, size, &kept) + measure(font, size, "…") > max_width {
            kept.pop();
            break;
        }
    }
    kept.truncate(kept.trim_end().len());
    kept.push('…');
    kept
}

/// Draws `text` with its left end at `x` and its baseline at `baseline`; returns its width.
pub fn draw(
    canvas: &mut Canvas,
    font: &FontRef<'_>,
    size: f32,
    x: f32,
    baseline: f32,
    color: Rgba,
    text: &str,
) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut caret = x;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            caret += scaled.kern(p, id);
        }
        let glyph = id.with_scale_and_position(size, point(caret, baseline));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            let (left, top) = (bounds.min.x as i32, bounds.min.y as i32);
            outline.draw(|gx, gy, coverage| {
                canvas.blend_pixel(left + gx as i32, top + gy as i32, color, coverage);
            });
        }
        caret += scaled.h_advance(id);
        previous = Some(id);
    }
    caret - x
}

/// Draws `text` centred on (cx, cy): horizontally by its width, vertically by the cap height.
pub fn draw_centered(
    canvas: &mut Canvas,
    font: &FontRef<'_>,
    size: f32,
    cx: f32,
    cy: f32,
    color: Rgba,
    text: &str,
) {
    let width = measure(font, size, text);
    let cap = size * 0.72;
    draw(canvas, font, size, cx - width / 2.0, cy + cap / 2.0, color, text);
}
