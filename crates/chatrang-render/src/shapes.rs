//! The vector drawings that fill one square, drawn once per size into the sprite sheets (see
//! [`super::sprites::Decor`]) or straight onto a picture: Katarenga's movement signs, the
//! Catalonia pit, frames, the check glow, the icon plate and the move marks. Each mark differs
//! in shape as well as colour, for colour-blind players, and has a dark edge so that it shows on
//! every square colour. Knows only a surface and a rectangle.

use super::palette::{self, Rgba};
use super::rect::PixelRect;
use super::surface::Surface;
use chatrang_rules::{Mark, Tile};

/// A border of `width` pixels inside a cell.
pub fn frame(canvas: &mut dyn Surface, cell: PixelRect, color: Rgba, width: u32) {
    canvas.fill_rect(cell.x, cell.y, cell.w, width, color);
    canvas.fill_rect(
        cell.x,
        cell.y + (cell.h - width) as i32,
        cell.w,
        width,
        color,
    );
    canvas.fill_rect(cell.x, cell.y, width, cell.h, color);
    canvas.fill_rect(
        cell.x + (cell.w - width) as i32,
        cell.y,
        width,
        cell.h,
        color,
    );
}

/// A crater: a dark core in a rim, with a little rubble.
pub fn pit(canvas: &mut dyn Surface, cell: PixelRect) {
    let (cx, cy) = cell.center();
    let s = cell.w as f32;
    canvas.fill_circle(cx, cy, s * 0.40, Rgba::opaque(110, 88, 68));
    canvas.fill_circle(cx, cy + s * 0.02, s * 0.32, Rgba::opaque(48, 37, 30));
    canvas.fill_circle(cx, cy + s * 0.04, s * 0.24, palette::PIT_CORE);
    for (dx, dy, r) in [
        (-0.36, -0.34, 0.04),
        (0.38, -0.3, 0.03),
        (0.34, 0.38, 0.045),
    ] {
        canvas.fill_circle(cx + dx * s, cy + dy * s, r * s, Rgba::opaque(120, 98, 76));
    }
}

/// The faint sign of how a pawn starting on this colour moves, so the colours can be told
/// apart without seeing colour: red slides orthogonally (+), yellow diagonally (×), green
/// leaps like a knight (L hooks in the corners), blue steps once (eight dots).
pub fn tile_sign(canvas: &mut dyn Surface, cell: PixelRect, tile: Tile) {
    let s = cell.w as f32;
    let (x, y) = (cell.x as f32, cell.y as f32);
    let (cx, cy) = cell.center();
    let ink = palette::TILE_SIGN;
    let w = (s * 0.045).max(2.0);
    match tile {
        Tile::Red => {
            let (a, b) = (0.1 * s, 0.9 * s);
            canvas.line((x + a, cy), (x + b, cy), ink, w);
            canvas.line((cx, y + a), (cx, y + b), ink, w);
        }
        Tile::Yellow => {
            let (a, b) = (0.12 * s, 0.88 * s);
            canvas.line((x + a, y + a), (x + b, y + b), ink, w);
            canvas.line((x + b, y + a), (x + a, y + b), ink, w);
        }
        Tile::Green => {
            let (m, long, short) = (0.1 * s, 0.3 * s, 0.15 * s);
            for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                let ox = if sx > 0.0 { x + m } else { x + s - m };
                let oy = if sy > 0.0 { y + m } else { y + s - m };
                canvas.line((ox, oy + sy * long), (ox, oy), ink, w);
                canvas.line((ox, oy), (ox + sx * short, oy), ink, w);
            }
        }
        Tile::Blue => {
            for dx in [-1.0f32, 0.0, 1.0] {
                for dy in [-1.0f32, 0.0, 1.0] {
                    if dx != 0.0 || dy != 0.0 {
                        canvas.fill_circle(cx + dx * 0.38 * s, cy + dy * 0.38 * s, w * 1.1, ink);
                    }
                }
            }
        }
        Tile::Pit => {}
    }
}

/// The glow and frame around a royal piece in check.
pub fn check(canvas: &mut dyn Surface, cell: PixelRect) {
    let (cx, cy) = cell.center();
    canvas.glow(cx, cy, cell.w as f32 * 0.62, palette::CHECK.alpha(235));
    frame(canvas, cell, palette::CHECK, (cell.w / 18).max(3));
}

/// The light disc behind a legend or pool icon, so Black icons show on the dark background.
pub fn plate(canvas: &mut dyn Surface, cell: PixelRect) {
    let (cx, cy) = cell.center();
    canvas.fill_circle(cx, cy, cell.w as f32 / 2.0, palette::ICON_PLATE);
}

/// A move mark in `cell`; `occupied` when a piece stands there (the mark then leaves the
/// piece visible).
pub fn draw_mark(canvas: &mut dyn Surface, cell: PixelRect, mark: Mark, occupied: bool) {
    let s = cell.w as f32;
    let (cx, cy) = cell.center();
    // A dark edge that contrasts with every square colour (see the palette's contrast test).
    let halo = palette::MARK_OUTLINE;
    match mark {
        Mark::Move | Mark::MoveOrCapture if occupied => {
            corners(canvas, cell, palette::MOVE);
            if mark == Mark::MoveOrCapture {
                canvas.stroke_circle(cx, cy, s * 0.44, halo, s * 0.085);
                canvas.stroke_circle(cx, cy, s * 0.44, palette::CAPTURE, s * 0.06);
            }
        }
        Mark::Move => {
            canvas.fill_circle(cx, cy, s * 0.17 + 2.5, halo);
            canvas.fill_circle(cx, cy, s * 0.17, palette::MOVE);
        }
        Mark::Capture => {
            canvas.stroke_circle(cx, cy, s * 0.40, halo, s * 0.12);
            canvas.stroke_circle(cx, cy, s * 0.40, palette::CAPTURE, s * 0.07);
            if !occupied {
                let d = s * 0.12;
                for (color, width) in [(halo, s * 0.11), (palette::CAPTURE, s * 0.07)] {
                    canvas.line((cx - d, cy - d), (cx + d, cy + d), color, width);
                    canvas.line((cx + d, cy - d), (cx - d, cy + d), color, width);
                }
            }
        }
        Mark::MoveOrCapture => {
            canvas.stroke_circle(cx, cy, s * 0.40, halo, s * 0.12);
            canvas.stroke_circle(cx, cy, s * 0.40, palette::CAPTURE, s * 0.07);
            canvas.fill_circle(cx, cy, s * 0.17 + 2.5, halo);
            canvas.fill_circle(cx, cy, s * 0.17, palette::MOVE);
        }
        Mark::Hop => {
            canvas.stroke_circle(cx, cy, s * 0.2, halo, s * 0.1);
            canvas.stroke_circle(cx, cy, s * 0.2, palette::HOP, s * 0.065);
            // A little arc over the ring: jumping over something.
            let r = s * 0.3;
            let mut pb = resvg::tiny_skia::PathBuilder::new();
            pb.move_to(cx - r, cy - s * 0.06);
            pb.quad_to(cx, cy - s * 0.5, cx + r, cy - s * 0.06);
            if let Some(path) = pb.finish() {
                canvas.stroke_path(&path, palette::HOP, s * 0.045);
            }
        }
        Mark::Partner if occupied => {
            // The partner piece itself: a teal frame inside the square.
            let inset = s * 0.08;
            let frame = [
                (cell.x as f32 + inset, cell.y as f32 + inset),
                (cell.x as f32 + s - inset, cell.y as f32 + inset),
                (cell.x as f32 + s - inset, cell.y as f32 + s - inset),
                (cell.x as f32 + inset, cell.y as f32 + s - inset),
                (cell.x as f32 + inset, cell.y as f32 + inset),
            ];
            for pair in frame.windows(2) {
                canvas.line(pair[0], pair[1], halo, s * 0.08);
            }
            for pair in frame.windows(2) {
                canvas.line(pair[0], pair[1], palette::PARTNER, s * 0.05);
            }
        }
        Mark::Partner => {
            // Where the partner goes: a teal diamond, unlike the round move dot.
            let r = s * 0.2;
            let diamond = |r: f32| [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)];
            canvas.polygon(&diamond(r + 2.0), halo);
            canvas.polygon(&diamond(r), palette::PARTNER);
        }
        Mark::Defend => {
            let r = s * if occupied { 0.14 } else { 0.2 };
            let (sx, sy) = if occupied {
                (cell.x as f32 + r + 3.0, cell.y as f32 + s - r - 4.0)
            } else {
                (cx, cy)
            };
            let shield = [
                (sx - r, sy - r),
                (sx + r, sy - r),
                (sx + r, sy + r * 0.1),
                (sx, sy + r * 1.15),
                (sx - r, sy + r * 0.1),
            ];
            let grown: Vec<(f32, f32)> = shield
                .iter()
                .map(|&(x, y)| (sx + (x - sx) * 1.2, sy + (y - sy) * 1.2))
                .collect();
            canvas.polygon(&grown, halo);
            canvas.polygon(&shield, palette::DEFEND);
        }
        Mark::Force => {
            let r = s * if occupied { 0.13 } else { 0.22 };
            let (sx, sy) = if occupied {
                (cell.x as f32 + r + 3.0, cell.y as f32 + s - r - 3.0)
            } else {
                (cx, cy)
            };
            let star = |scale: f32| -> Vec<(f32, f32)> {
                (0..16)
                    .map(|i| {
                        let angle = i as f32 * std::f32::consts::PI / 8.0;
                        let radius = if i % 2 == 0 { r } else { r * 0.45 } * scale;
                        (sx + radius * angle.cos(), sy + radius * angle.sin())
                    })
                    .collect()
            };
            canvas.polygon(&star(1.25), halo);
            canvas.polygon(&star(1.0), palette::FORCE);
        }
        Mark::Origin => {}
    }
}

/// Triangles in the four corners: the mark for a square that holds a piece.
fn corners(canvas: &mut dyn Surface, cell: PixelRect, color: Rgba) {
    let s = cell.w as f32;
    let (x0, y0) = (cell.x as f32, cell.y as f32);
    let (x1, y1) = (x0 + s, y0 + s);
    // Each triangle on a slightly larger dark one, its edge.
    for (t, color) in [(s * 0.26 + 3.0, palette::MARK_OUTLINE), (s * 0.26, color)] {
        canvas.polygon(&[(x0, y0), (x0 + t, y0), (x0, y0 + t)], color);
        canvas.polygon(&[(x1, y0), (x1 - t, y0), (x1, y0 + t)], color);
        canvas.polygon(&[(x0, y1), (x0 + t, y1), (x0, y1 - t)], color);
        canvas.polygon(&[(x1, y1), (x1 - t, y1), (x1, y1 - t)], color);
    }
}
