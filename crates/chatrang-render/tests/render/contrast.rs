//! Colour-blind-safe marks: WCAG contrast ratios (from relative luminance) of every move mark
//! against its dark edge, and of that edge against every square colour a mark can stand on, so
//! that a mark shows on light and dark squares and on each Katarenga colour; bound cords and
//! the last-move frame likewise.

use chatrang_render::palette::{self, Rgba};
use chatrang_rules::Tile;

/// WCAG's relative luminance of an sRGB colour.
fn luminance(c: Rgba) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
}

/// WCAG's contrast ratio, 1 (none) to 21 (black on white).
fn contrast(a: Rgba, b: Rgba) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// WCAG 2.1's minimum for graphical objects (1.4.11, non-text contrast).
const GRAPHICS: f64 = 3.0;

#[test]
fn contrast_follows_the_wcag_formula() {
    let white = Rgba::opaque(255, 255, 255);
    let black = Rgba::opaque(0, 0, 0);
    assert!((contrast(white, black) - 21.0).abs() < 1e-9);
    assert!((contrast(white, white) - 1.0).abs() < 1e-9);
}

#[test]
fn every_mark_stands_out_on_every_square_colour() {
    let squares = [
        ("light", palette::LIGHT_SQUARE),
        ("dark", palette::DARK_SQUARE),
        ("red", palette::tile(Tile::Red)),
        ("yellow", palette::tile(Tile::Yellow)),
        ("green", palette::tile(Tile::Green)),
        ("blue", palette::tile(Tile::Blue)),
    ];
    let marks = [
        ("move", palette::MOVE),
        ("capture", palette::CAPTURE),
        ("hop", palette::HOP),
        ("defend", palette::DEFEND),
        ("force", palette::FORCE),
        ("partner", palette::PARTNER),
    ];
    let mut weak = Vec::new();
    for (name, square) in squares {
        let ratio = contrast(palette::MARK_OUTLINE, square);
        if ratio < GRAPHICS {
            weak.push(format!("mark edge on {name}: {ratio:.2}"));
        }
    }
    for (name, mark) in marks {
        let ratio = contrast(mark, palette::MARK_OUTLINE);
        if ratio < GRAPHICS {
            weak.push(format!("{name} against its edge: {ratio:.2}"));
        }
    }
    // Cords on a bound piece are drawn on a white edge.
    let ratio = contrast(palette::BOUND, palette::WHITE_SIDE);
    if ratio < GRAPHICS {
        weak.push(format!("bound cords: {ratio:.2}"));
    }
    // The last move's frame on a light square (its tint is lighter still).
    let tinted = palette::LAST_MOVE.over(palette::LIGHT_SQUARE);
    let ratio = contrast(palette::LAST_MOVE_EDGE, tinted);
    if ratio < GRAPHICS {
        weak.push(format!("last-move frame: {ratio:.2}"));
    }
    assert!(weak.is_empty(), "{weak:#?}");
}
