//! What the drawing code draws on. Two surfaces implement it: the indexed picture that is sent
//! ([`super::indexed::IndexedCanvas`], one palette byte per pixel, so drawing is copying bytes
//! and the PNG encoder has a quarter of the data), and a straight RGBA pixmap
//! ([`super::canvas::Canvas`]) for sprites, decorations and the full-colour drawings the palette
//! is learned from. Both get the same three primitives; every shape is turned into a coverage mask here,
//! once, so the two can never draw a shape differently.

use resvg::tiny_skia::{self, FillRule, Mask, Path, PathBuilder, Stroke, Transform};

use super::palette::Rgba;
use super::sprite::Sprite;

pub trait Surface {
    fn width(&self) -> u32;

    fn height(&self) -> u32;

    /// Fills an axis-aligned rectangle, blending if the colour is translucent. Clips at the
    /// edges, like every operation here.
    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba);

    /// Lays a sprite with its top-left corner at (x, y), blending by its alpha.
    fn blit(&mut self, sprite: &Sprite, x: i32, y: i32);

    /// Lays `color` over the rectangle at (x, y) whose pixels' coverage (0–255, rows of
    /// `width`) is in `coverage`: glyphs and anti-aliased shapes.
    fn mask(&mut self, x: i32, y: i32, width: usize, coverage: &[u8], color: Rgba);

    fn fill_path(&mut self, path: &Path, color: Rgba) {
        if let Some((x, y, mask)) = path_mask(path) {
            self.mask(x, y, mask.width() as usize, mask.data(), color);
        }
    }

    fn stroke_path(&mut self, path: &Path, color: Rgba, width: f32) {
        let stroke = Stroke {
            width,
            line_cap: tiny_skia::LineCap::Round,
            line_join: tiny_skia::LineJoin::Round,
            ..Stroke::default()
        };
        if let Some(outline) = path.stroke(&stroke, 1.0) {
            self.fill_path(&outline, color);
        }
    }

    fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgba) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r.max(0.5)) {
            self.fill_path(&path, color);
        }
    }

    fn stroke_circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgba, width: f32) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r.max(0.5)) {
            self.stroke_path(&path, color, width);
        }
    }

    /// A straight line with round ends.
    fn line(&mut self, from: (f32, f32), to: (f32, f32), color: Rgba, width: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        if let Some(path) = pb.finish() {
            self.stroke_path(&path, color, width);
        }
    }

    /// A closed polygon.
    fn polygon(&mut self, points: &[(f32, f32)], color: Rgba) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        pb.close();
        if let Some(path) = pb.finish() {
            self.fill_path(&path, color);
        }
    }

    /// A disc that fades from `color` at the centre (half strength at 55 % of the radius) to
    /// nothing at radius `r`.
    fn glow(&mut self, cx: f32, cy: f32, r: f32, color: Rgba) {
        let r = r.max(1.0);
        let (x0, y0) = ((cx - r).floor() as i32, (cy - r).floor() as i32);
        let side = (2.0 * r).ceil() as usize + 2;
        let mut coverage = vec![0u8; side * side];
        for (i, cell) in coverage.iter_mut().enumerate() {
            let dx = x0 as f32 + (i % side) as f32 + 0.5 - cx;
            let dy = y0 as f32 + (i / side) as f32 + 0.5 - cy;
            let t = (dx * dx + dy * dy).sqrt() / r;
            let strength = if t < 0.55 {
                1.0 - t / 0.55 * 0.5
            } else {
                (0.5 * (1.0 - t) / 0.45).max(0.0)
            };
            *cell = (strength * 255.0).round() as u8;
        }
        self.mask(x0, y0, side, &coverage, color);
    }
}

/// The anti-aliased coverage of a path over its bounding box, with the box's top-left corner.
fn path_mask(path: &Path) -> Option<(i32, i32, Mask)> {
    let bounds = path.bounds();
    let (x0, y0) = (bounds.left().floor(), bounds.top().floor());
    let width = (bounds.right().ceil() - x0) as u32 + 1;
    let height = (bounds.bottom().ceil() - y0) as u32 + 1;
    if width > 8192 || height > 8192 {
        return None;
    }
    let mut mask = Mask::new(width, height)?;
    mask.fill_path(
        path,
        FillRule::Winding,
        true,
        Transform::from_translate(-x0, -y0),
    );
    Some((x0 as i32, y0 as i32, mask))
}

/// The part of a `w` × `h` rectangle at (x, y) that lies inside a `width` × `height` picture,
/// as column and row ranges; `None` if nothing does.
pub fn clip(
    (x, y): (i32, i32),
    (w, h): (usize, usize),
    (width, height): (u32, u32),
) -> Option<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let (x, y) = (x as i64, y as i64);
    let x0 = x.max(0);
    let y0 = y.max(0);
    let x1 = x
        .saturating_add(w.min(i64::MAX as usize) as i64)
        .min(width as i64);
    let y1 = y
        .saturating_add(h.min(i64::MAX as usize) as i64)
        .min(height as i64);
    (x0 < x1 && y0 < y1).then_some((x0 as usize..x1 as usize, y0 as usize..y1 as usize))
}
