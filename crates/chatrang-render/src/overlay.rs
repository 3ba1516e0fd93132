//! What is drawn over the pieces: move marks (green move, red capture, both, hop, partner,
//! defend, force; their shapes are in [`super::shapes`], copied from the sprite sheet) and
//! arrows (a Catalonia chain, defender to defended, and `/hint`'s suggested moves).

use super::layout::Layout;
use super::palette;
use super::rect::PixelRect;
use super::sprites::{Decor, SpriteSheet};
use super::surface::Surface;
use chatrang_rules::{BoardView, Geometry, Mark, Square};

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

/// Arrows between square centres, stopping short of both pieces' middles: the chain's solid
/// and orange, the hints' dashed and blue (told apart by shape as well as colour).
pub fn draw_arrows(
    canvas: &mut dyn Surface,
    layout: &Layout,
    geometry: &Geometry,
    view: &BoardView,
) {
    let s = layout.square as f32;
    let kinds = [
        (&view.arrows, ArrowKind::Chain),
        (&view.hints, ArrowKind::Hint),
    ];
    for (arrows, kind) in kinds {
        for &(from, to) in arrows {
            if from == to || !geometry.contains(from) || !geometry.contains(to) {
                continue;
            }
            let (Some(a), Some(b)) = (nearest(layout, from, to), layout.square_rect(to)) else {
                continue;
            };
            arrow(canvas, a.center(), b.center(), s, kind);
        }
    }
}

/// The two kinds of arrows.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum ArrowKind {
    /// A chain: defender to defended.
    Chain,
    /// A suggested move.
    Hint,
}

/// One arrow between two centres on squares of `s` pixels.
pub fn arrow(canvas: &mut dyn Surface, a: (f32, f32), b: (f32, f32), s: f32, kind: ArrowKind) {
    let ((ax, ay), (bx, by)) = (a, b);
    let (dx, dy) = (bx - ax, by - ay);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let start = (ax + ux * s * 0.18, ay + uy * s * 0.18);
    let tip = (bx - ux * s * 0.3, by - uy * s * 0.3);
    let head = s * 0.24;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
    let (fill, outline) = match kind {
        ArrowKind::Chain => (palette::ARROW, palette::ARROW_OUTLINE),
        ArrowKind::Hint => (palette::HINT, palette::HINT_OUTLINE),
    };
    // A hint's shaft is dashed; a chain's is solid.
    let shaft: Vec<((f32, f32), (f32, f32))> = match kind {
        ArrowKind::Chain => vec![(start, base)],
        ArrowKind::Hint => {
            let length = ((base.0 - start.0).powi(2) + (base.1 - start.1).powi(2)).sqrt();
            let (dash, gap) = (s * 0.22, s * 0.13);
            let mut pieces = Vec::new();
            let mut at = 0.0;
            while at < length {
                let end = (at + dash).min(length);
                let point = |t: f32| (start.0 + ux * t, start.1 + uy * t);
                pieces.push((point(at), point(end)));
                at = end + gap;
            }
            pieces
        }
    };
    for &(from, to) in &shaft {
        canvas.line(from, to, outline, s * 0.1 + 3.0);
    }
    canvas.polygon(
        &[
            (tip.0 + ux * 2.0, tip.1 + uy * 2.0),
            (base.0 + px * 1.15 - ux * 2.0, base.1 + py * 1.15 - uy * 2.0),
            (base.0 - px * 1.15 - ux * 2.0, base.1 - py * 1.15 - uy * 2.0),
        ],
        outline,
    );
    for &(from, to) in &shaft {
        canvas.line(from, to, fill, s * 0.1);
    }
    canvas.polygon(
        &[tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
        fill,
    );
}

/// Where to start an arrow to `to`: on a cylinder the copy of `from` nearer to `to`.
fn nearest(layout: &Layout, from: Square, to: Square) -> Option<PixelRect> {
    let target = layout.square_rect(to)?;
    layout
        .square_rects(from)
        .min_by_key(|r| (r.x - target.x).abs() + (r.y - target.y).abs())
}
