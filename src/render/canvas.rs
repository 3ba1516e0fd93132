//! The drawing surface: a premultiplied RGBA pixmap with the few operations the board needs
//! (rectangles, anti-aliased shapes through tiny-skia, sprite copies, glyph coverage) and the
//! conversion to RGB for encoding. Everything clips at the edges, so nothing here can panic on
//! a coordinate outside the picture.

use resvg::tiny_skia::{
    self, FillRule, Paint, Path, PathBuilder, Pixmap, PremultipliedColorU8, Stroke, Transform,
};

use super::palette::Rgba;

pub struct Canvas {
    pub pixmap: Pixmap,
}

fn paint(color: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(color.0, color.1, color.2, color.3);
    paint.anti_alias = true;
    paint
}

impl Canvas {
    /// A canvas filled with `background`; `None` if the size is zero or absurd.
    pub fn new(width: u32, height: u32, background: Rgba) -> Option<Canvas> {
        let size = tiny_skia::IntSize::from_wh(width, height)?;
        let a = background.3 as u32;
        let premul = |c: u8| ((c as u32 * a + 127) / 255) as u8;
        let pixel = [
            premul(background.0),
            premul(background.1),
            premul(background.2),
            background.3,
        ];
        let pixels = (width as usize).checked_mul(height as usize)?;
        let pixmap = Pixmap::from_vec(pixel.repeat(pixels), size)?;
        Some(Canvas { pixmap })
    }

    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Fills an axis-aligned rectangle, blending if the colour is translucent.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        let (x0, y0) = (x.max(0) as u32, y.max(0) as u32);
        let x1 = (x as i64 + w as i64).clamp(0, self.width() as i64) as u32;
        let y1 = (y as i64 + h as i64).clamp(0, self.height() as i64) as u32;
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let width = self.width() as usize;
        let pixels = self.pixmap.pixels_mut();
        let a = color.3 as u32;
        let premul = |c: u8| ((c as u32 * a + 127) / 255) as u8;
        let src = [premul(color.0), premul(color.1), premul(color.2), color.3];
        for row in y0..y1 {
            let line =
                &mut pixels[row as usize * width + x0 as usize..row as usize * width + x1 as usize];
            if a == 255 {
                let px = PremultipliedColorU8::from_rgba(src[0], src[1], src[2], 255)
                    .expect("opaque colours are valid");
                line.fill(px);
            } else {
                for px in line {
                    *px = over(src, *px);
                }
            }
        }
    }

    pub fn fill_path(&mut self, path: &Path, color: Rgba) {
        self.pixmap.fill_path(
            path,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }

    pub fn stroke_path(&mut self, path: &Path, color: Rgba, width: f32) {
        let stroke = Stroke {
            width,
            line_cap: tiny_skia::LineCap::Round,
            line_join: tiny_skia::LineJoin::Round,
            ..Stroke::default()
        };
        self.pixmap
            .stroke_path(path, &paint(color), &stroke, Transform::identity(), None);
    }

    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgba) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r.max(0.5)) {
            self.fill_path(&path, color);
        }
    }

    pub fn stroke_circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgba, width: f32) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r.max(0.5)) {
            self.stroke_path(&path, color, width);
        }
    }

    /// A straight line with round ends.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), color: Rgba, width: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        if let Some(path) = pb.finish() {
            self.stroke_path(&path, color, width);
        }
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[(f32, f32)], color: Rgba) {
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

    /// Copies a premultiplied sprite with its top-left corner at (x, y), blending by alpha.
    pub fn blit(&mut self, sprite: &Pixmap, x: i32, y: i32) {
        let (sw, sh) = (sprite.width() as i64, sprite.height() as i64);
        let (dw, dh) = (self.width() as i64, self.height() as i64);
        let x0 = (x as i64).max(0);
        let y0 = (y as i64).max(0);
        let x1 = (x as i64 + sw).min(dw);
        let y1 = (y as i64 + sh).min(dh);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let src = sprite.data();
        let dst = self.pixmap.data_mut();
        let n = ((x1 - x0) * 4) as usize;
        for row in y0..y1 {
            let s_off = (((row - y as i64) * sw + (x0 - x as i64)) * 4) as usize;
            let d_off = ((row * dw + x0) * 4) as usize;
            for (d, s) in dst[d_off..d_off + n]
                .chunks_exact_mut(4)
                .zip(src[s_off..s_off + n].chunks_exact(4))
            {
                let alpha = s[3] as u32;
                if alpha == 255 {
                    d.copy_from_slice(s);
                } else if alpha > 0 {
                    // Premultiplied source-over: d = s + d × (1 − αs).
                    let inv = 255 - alpha;
                    for i in 0..4 {
                        d[i] = (s[i] as u32 + (d[i] as u32 * inv + 127) / 255).min(255) as u8;
                    }
                }
            }
        }
    }

    /// Blends `color` into one pixel with the given coverage (0.0–1.0); used for glyphs.
    pub fn blend_pixel(&mut self, x: i32, y: i32, color: Rgba, coverage: f32) {
        if x < 0 || y < 0 || x as u32 >= self.width() || y as u32 >= self.height() {
            return;
        }
        let a = (color.3 as f32 * coverage.clamp(0.0, 1.0)).round() as u32;
        if a == 0 {
            return;
        }
        let premul = |c: u8| ((c as u32 * a + 127) / 255) as u8;
        let index = y as usize * self.width() as usize + x as usize;
        let px = &mut self.pixmap.pixels_mut()[index];
        *px = over(
            [premul(color.0), premul(color.1), premul(color.2), a as u8],
            *px,
        );
    }

    /// The picture as RGBA bytes, for encoding (the canvas is opaque, so premultiplied is the
    /// colour itself).
    pub fn into_rgba(self) -> Vec<u8> {
        self.pixmap.take()
    }

    /// The picture as packed RGB.
    #[cfg(test)]
    pub fn to_rgb(&self) -> Vec<u8> {
        let data = self.pixmap.data();
        let mut out = vec![0u8; data.len() / 4 * 3];
        for (rgb, rgba) in out.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
            rgb.copy_from_slice(&rgba[..3]);
        }
        out
    }
}

/// Premultiplied source-over.
fn over(src: [u8; 4], dst: PremultipliedColorU8) -> PremultipliedColorU8 {
    let inv = 255 - src[3] as u32;
    let mix = |s: u8, d: u8| (s as u32 + (d as u32 * inv + 127) / 255).min(255) as u8;
    let a = mix(src[3], dst.alpha());
    let clamp = |c: u8| c.min(a);
    PremultipliedColorU8::from_rgba(
        clamp(mix(src[0], dst.red())),
        clamp(mix(src[1], dst.green())),
        clamp(mix(src[2], dst.blue())),
        a,
    )
    .unwrap_or(dst)
}

impl Canvas {
    /// A disc that fades from `color` at the centre to transparent at radius `r`.
    pub fn glow(&mut self, cx: f32, cy: f32, r: f32, color: Rgba) {
        use tiny_skia::{Color as SkColor, GradientStop, Point, RadialGradient, SpreadMode};
        let c = |a: u8| SkColor::from_rgba8(color.0, color.1, color.2, a);
        let Some(shader) = RadialGradient::new(
            Point::from_xy(cx, cy),
            0.0,
            Point::from_xy(cx, cy),
            r.max(1.0),
            vec![
                GradientStop::new(0.0, c(color.3)),
                GradientStop::new(0.55, c(color.3 / 2)),
                GradientStop::new(1.0, c(0)),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        ) else {
            return;
        };
        let paint = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        if let Some(path) = PathBuilder::from_circle(cx, cy, r.max(1.0)) {
            self.pixmap.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_outside_the_canvas_is_clipped() {
        let mut canvas = Canvas::new(10, 10, Rgba::opaque(0, 0, 0)).unwrap();
        canvas.fill_rect(-5, -5, 8, 8, Rgba::opaque(255, 0, 0));
        canvas.fill_rect(100, 100, 8, 8, Rgba::opaque(0, 255, 0));
        canvas.fill_rect(i32::MAX - 2, 0, u32::MAX, 3, Rgba::opaque(0, 255, 0));
        let sprite = Pixmap::new(20, 20).unwrap();
        canvas.blit(&sprite, -15, 7);
        canvas.blit(&sprite, i32::MIN + 5, i32::MAX - 5);
        canvas.blend_pixel(-1, 3, Rgba::opaque(1, 2, 3), 1.0);
        let rgb = canvas.to_rgb();
        assert_eq!(rgb.len(), 300);
        assert_eq!(&rgb[0..3], &[255, 0, 0]);
        assert_eq!(
            &rgb[3 * 3..3 * 3 + 3],
            &[0, 0, 0],
            "x = 3 is outside the red square"
        );
    }

    #[test]
    fn translucent_rectangles_blend() {
        let mut canvas = Canvas::new(2, 1, Rgba::opaque(255, 255, 255)).unwrap();
        canvas.fill_rect(0, 0, 1, 1, Rgba(0, 0, 0, 128));
        assert_eq!(&canvas.to_rgb()[..6], &[127, 127, 127, 255, 255, 255]);
    }
}
