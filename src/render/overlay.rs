//! What is drawn over the pieces: move marks (green move, red capture, both, hop, partner,
//! defend, force)
//! and arrows (a Catalonia chain, defender to defended). Each mark differs in shape as well as
//! colour, for colour-blind players.

use super::{
    layout::{Layout, PixelRect},
    palette::{self, Rgba},
    sprites::{Decor, SpriteSheet},
    surface::Surface,
};
use crate::rules::{BoardView, Geometry, Mark, Square};

pub fn draw_marks(
    canvas: &mut dyn Surface,
    sheet: &SpriteSheet,
    layout: &Layout,
    geometry: &Geometry,
    view: &BoardView,
) {
    for (i, &(square, mark)) in view.marks.iter().enumerate() {
        if mark == Mark::Origin || !geometry.contains(square) {
            continue;
        }
        // Defend and Force go to a corner when the square also holds a piece or another mark.
        let shared = view.marks[..i]
            .iter()
            .any(|&(s, m)| s == square && m != Mark::Origin && m != mark);
        let occupied = view.pieces.iter().any(|(s, _)| *s == square)
            || (shared && matches!(mark, Mark::Defend | Mark::Force));
        let Some(sprite) = sheet.decor(Decor::Mark(mark, occupied)) else {
            continue;
        };
        for cell in layout.square_rects(square) {
            canvas.blit(sprite, cell.x, cell.y);
        }
    }
}

pub fn draw_mark(canvas: &mut dyn Surface, cell: PixelRect, mark: Mark, occupied: bool) {
    let s = cell.w as f32;
    let (cx, cy) = cell.center();
    let halo = Rgba(255, 255, 255, 150);
    match mark {
        Mark::Move | Mark::MoveOrCapture if occupied => {
            corners(canvas, cell, palette::MOVE.alpha(220));
            if mark == Mark::MoveOrCapture {
                canvas.stroke_circle(cx, cy, s * 0.44, palette::CAPTURE.alpha(220), s * 0.06);
            }
        }
        Mark::Move => {
            canvas.fill_circle(cx, cy, s * 0.17 + 1.5, halo);
            canvas.fill_circle(cx, cy, s * 0.17, palette::MOVE);
        }
        Mark::Capture => {
            canvas.stroke_circle(cx, cy, s * 0.40, halo, s * 0.10);
            canvas.stroke_circle(cx, cy, s * 0.40, palette::CAPTURE, s * 0.07);
            if !occupied {
                let d = s * 0.12;
                canvas.line(
                    (cx - d, cy - d),
                    (cx + d, cy + d),
                    palette::CAPTURE,
                    s * 0.07,
                );
                canvas.line(
                    (cx + d, cy - d),
                    (cx - d, cy + d),
                    palette::CAPTURE,
                    s * 0.07,
                );
            }
        }
        Mark::MoveOrCapture => {
            canvas.stroke_circle(cx, cy, s * 0.40, halo, s * 0.10);
            canvas.stroke_circle(cx, cy, s * 0.40, palette::CAPTURE, s * 0.07);
            canvas.fill_circle(cx, cy, s * 0.17 + 1.5, halo);
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
    let t = s * 0.26;
    let (x0, y0) = (cell.x as f32, cell.y as f32);
    let (x1, y1) = (x0 + s, y0 + s);
    canvas.polygon(&[(x0, y0), (x0 + t, y0), (x0, y0 + t)], color);
    canvas.polygon(&[(x1, y0), (x1 - t, y0), (x1, y0 + t)], color);
    canvas.polygon(&[(x0, y1), (x0 + t, y1), (x0, y1 - t)], color);
    canvas.polygon(&[(x1, y1), (x1 - t, y1), (x1, y1 - t)], color);
}

/// Arrows between square centres, stopping short of both pieces' middles.
pub fn draw_arrows(
    canvas: &mut dyn Surface,
    layout: &Layout,
    geometry: &Geometry,
    view: &BoardView,
) {
    let s = layout.square as f32;
    for &(from, to) in &view.arrows {
        if from == to || !geometry.contains(from) || !geometry.contains(to) {
            continue;
        }
        let (Some(a), Some(b)) = (nearest(layout, from, to), layout.square_rect(to)) else {
            continue;
        };
        let (ax, ay) = a.center();
        let (bx, by) = b.center();
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let start = (ax + ux * s * 0.18, ay + uy * s * 0.18);
        let tip = (bx - ux * s * 0.3, by - uy * s * 0.3);
        let head = s * 0.24;
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
        let outline = Rgba(60, 30, 0, 150);
        canvas.line(start, base, outline, s * 0.1 + 3.0);
        canvas.polygon(
            &[
                (tip.0 + ux * 2.0, tip.1 + uy * 2.0),
                (base.0 + px * 1.15 - ux * 2.0, base.1 + py * 1.15 - uy * 2.0),
                (base.0 - px * 1.15 - ux * 2.0, base.1 - py * 1.15 - uy * 2.0),
            ],
            outline,
        );
        canvas.line(start, base, palette::ARROW, s * 0.1);
        canvas.polygon(
            &[tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
            palette::ARROW,
        );
    }
}

/// Where to start an arrow to `to`: on a cylinder the copy of `from` nearer to `to`.
fn nearest(layout: &Layout, from: Square, to: Square) -> Option<PixelRect> {
    let target = layout.square_rect(to)?;
    layout
        .square_rects(from)
        .min_by_key(|r| (r.x - target.x).abs() + (r.y - target.y).abs())
}
