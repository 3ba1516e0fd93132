//! A straight RGBA pixmap (premultiplied, as tiny-skia keeps it) implementing [`Surface`]:
//! sprites and square decorations are drawn on it once per size, and so are the real games'
//! positions the palette is learned from (see [`super::showcase::palette_views`]). Everything clips at the edges, so nothing here can
//! panic on a coordinate outside the picture.

use resvg::tiny_skia::{self, Pixmap, PremultipliedColorU8};

use super::palette::Rgba;
use super::sprite::Sprite;
use super::surface::{Surface, clip};

pub struct Canvas {
    pub pixmap: Pixmap,
}

impl Canvas {
    /// A canvas filled with `background`; `None` if the size is zero or absurd.
    pub fn new(width: u32, height: u32, background: Rgba) -> Option<Canvas> {
        let size = tiny_skia::IntSize::from_wh(width, height)?;
        let pixels = (width as usize).checked_mul(height as usize)?;
        let pixmap = Pixmap::from_vec(premultiply(background).repeat(pixels), size)?;
        Some(Canvas { pixmap })
    }

    /// The picture as RGBA bytes (premultiplied, which for an opaque picture is the colour).
    pub fn into_rgba(self) -> Vec<u8> {
        self.pixmap.take()
    }
}

impl Surface for Canvas {
    fn width(&self) -> u32 {
        self.pixmap.width()
    }

    fn height(&self) -> u32 {
        self.pixmap.height()
    }

    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        let Some((columns, rows)) = clip(
            (x, y),
            (w as usize, h as usize),
            (self.width(), self.height()),
        ) else {
            return;
        };
        let width = self.width() as usize;
        let src = premultiply(color);
        let pixels = self.pixmap.pixels_mut();
        for row in rows {
            let line = &mut pixels[row * width + columns.start..row * width + columns.end];
            for px in line {
                *px = over(src, *px);
            }
        }
    }

    fn blit(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let sprite = &sprite.pixmap;
        let (sw, sh) = (sprite.width() as i64, sprite.height() as i64);
        let Some((columns, rows)) = clip(
            (x, y),
            (sw as usize, sh as usize),
            (self.width(), self.height()),
        ) else {
            return;
        };
        let width = self.width() as usize;
        let src = sprite.pixels();
        let dst = self.pixmap.pixels_mut();
        for row in rows {
            let s_row = (row as i64 - y as i64) as usize * sw as usize;
            for column in columns.clone() {
                let s = src[s_row + (column as i64 - x as i64) as usize];
                let d = &mut dst[row * width + column];
                *d = over([s.red(), s.green(), s.blue(), s.alpha()], *d);
            }
        }
    }

    fn mask(&mut self, x: i32, y: i32, width: usize, coverage: &[u8], color: Rgba) {
        if width == 0 {
            return;
        }
        let h = coverage.len() / width;
        let Some((columns, rows)) = clip((x, y), (width, h), (self.width(), self.height())) else {
            return;
        };
        let stride = self.width() as usize;
        let dst = self.pixmap.pixels_mut();
        for row in rows {
            let m_row = (row as i64 - y as i64) as usize * width;
            for column in columns.clone() {
                let c = coverage[m_row + (column as i64 - x as i64) as usize] as u32;
                if c == 0 {
                    continue;
                }
                let alpha = ((color.3 as u32 * c + 127) / 255) as u8;
                let d = &mut dst[row * stride + column];
                *d = over(premultiply(color.alpha(alpha)), *d);
            }
        }
    }
}

fn premultiply(color: Rgba) -> [u8; 4] {
    let a = color.3 as u32;
    let premul = |c: u8| ((c as u32 * a + 127) / 255) as u8;
    [premul(color.0), premul(color.1), premul(color.2), color.3]
}

/// Premultiplied source-over.
fn over(src: [u8; 4], dst: PremultipliedColorU8) -> PremultipliedColorU8 {
    if src[3] == 255 {
        return PremultipliedColorU8::from_rgba(src[0], src[1], src[2], 255).unwrap_or(dst);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(canvas: &Canvas) -> Vec<u8> {
        canvas
            .pixmap
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect()
    }

    #[test]
    fn drawing_outside_the_canvas_is_clipped() {
        let mut canvas = Canvas::new(10, 10, Rgba::opaque(0, 0, 0)).unwrap();
        canvas.fill_rect(-5, -5, 8, 8, Rgba::opaque(255, 0, 0));
        canvas.fill_rect(100, 100, 8, 8, Rgba::opaque(0, 255, 0));
        canvas.fill_rect(i32::MAX - 2, 0, u32::MAX, 3, Rgba::opaque(0, 255, 0));
        let sprite = Sprite::new(Pixmap::new(20, 20).unwrap());
        canvas.blit(&sprite, -15, 7);
        canvas.blit(&sprite, i32::MIN + 5, i32::MAX - 5);
        canvas.mask(-1, 3, 1, &[255], Rgba::opaque(1, 2, 3));
        canvas.mask(i32::MAX, i32::MAX, 3, &[255; 9], Rgba::opaque(1, 2, 3));
        let rgb = rgb(&canvas);
        assert_eq!(rgb.len(), 300);
        assert_eq!(&rgb[0..3], &[255, 0, 0]);
        assert_eq!(
            &rgb[3 * 3..3 * 3 + 3],
            &[0, 0, 0],
            "x = 3 is outside the red square"
        );
    }

    #[test]
    fn translucent_rectangles_and_masks_blend() {
        let mut canvas = Canvas::new(3, 1, Rgba::opaque(255, 255, 255)).unwrap();
        canvas.fill_rect(0, 0, 1, 1, Rgba(0, 0, 0, 128));
        canvas.mask(1, 0, 2, &[128, 0], Rgba::opaque(0, 0, 0));
        assert_eq!(rgb(&canvas), [127, 127, 127, 127, 127, 127, 255, 255, 255]);
    }
}
