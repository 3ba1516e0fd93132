//! A game played together, turn by turn (`/review` of Catalonia): each turn a bar, the points
//! it scored filled and the points a longer chain would have added on top of them, so that the
//! turns where more was possible stand out. It takes plain numbers and knows no store or game.
//!
//! Drawn like the other charts ([`crate::chart`]): at twice the size a chat preview shows, every
//! text at least [`MIN_PREVIEW_TEXT`](crate::MIN_PREVIEW_TEXT) pixels high there.

use super::canvas::Canvas;
use super::chart::{
    CHART_HEIGHT, CHART_LABEL_SIZE, CHART_WIDTH, draw_title, encode_chart, grid_line, legend_name,
    side_label_width,
};
use super::error::RenderError;
use super::font::{self, Fonts};
use super::palette::{self, Rgba};
use super::surface::Surface;

const MARGIN: f32 = 18.0;
/// The points a turn scored, and the points it left (told apart by lightness as well as hue).
const SCORED: Rgba = Rgba::opaque(86, 160, 255);
const MISSED: Rgba = Rgba::opaque(255, 178, 80);
const GRID: Rgba = Rgba(255, 255, 255, 40);
/// Side labels are multiples of the first of these that needs at most this many.
const STEPS: [u32; 12] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
const MOST_SIDE_LABELS: u32 = 5;

/// One turn's bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnBar {
    /// The turn's number, written under the bar.
    pub turn: u32,
    pub scored: u32,
    /// The most it could have scored (at least `scored`).
    pub possible: u32,
}

/// What the chart shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnChart {
    /// The game and its number.
    pub title: String,
    pub turns: Vec<TurnBar>,
}

/// The chart as a PNG of [`CHART_WIDTH`] × [`CHART_HEIGHT`] pixels.
pub fn png(chart: &TurnChart) -> Result<Vec<u8>, RenderError> {
    encode_chart(draw(chart))
}

/// The plot's rectangle, and where a turn's bar and a number of points fall in it.
struct Frame {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    turns: usize,
    most: u32,
}

impl Frame {
    /// The left edge and the width of bar `i`: a slot each, the bar two thirds of it.
    fn bar(&self, i: usize) -> (f32, f32) {
        let slot = (self.right - self.left) / self.turns.max(1) as f32;
        (self.left + slot * (i as f32 + 1.0 / 6.0), slot * 2.0 / 3.0)
    }

    fn y(&self, points: u32) -> f32 {
        let share = points.min(self.most) as f32 / self.most.max(1) as f32;
        self.bottom - share * (self.bottom - self.top)
    }
}

/// The step between side labels for a chart reaching `most` points.
fn step_for(most: u32) -> u32 {
    STEPS
        .into_iter()
        .find(|step| most.div_ceil(*step) <= MOST_SIDE_LABELS)
        .unwrap_or(most.div_ceil(MOST_SIDE_LABELS).max(1))
}

fn draw(chart: &TurnChart) -> Option<Canvas> {
    let fonts = Fonts::shared();
    let mut canvas = Canvas::new(CHART_WIDTH, CHART_HEIGHT, palette::BACKGROUND)?;
    let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);
    let below_title = draw_title(&mut canvas, fonts, &chart.title);
    let top = legend(&mut canvas, fonts, below_title) + 8.0;
    let highest = chart.turns.iter().map(|t| t.possible.max(t.scored)).max();
    let step = step_for(highest.unwrap_or(0).max(1));
    let most = highest.unwrap_or(0).max(1).div_ceil(step) * step;
    let side_labels: Vec<(u32, String)> = (0..=most / step)
        .map(|k| (k * step, (k * step).to_string()))
        .collect();
    let label_width = side_label_width(fonts, side_labels.iter().map(|(_, t)| t.as_str()));
    let frame = Frame {
        left: MARGIN + label_width + 10.0,
        right: w - MARGIN - 8.0,
        top: top + CHART_LABEL_SIZE * 0.4,
        bottom: h - MARGIN - CHART_LABEL_SIZE - 12.0,
        turns: chart.turns.len(),
        most,
    };
    for (points, text) in &side_labels {
        let y = frame.y(*points);
        grid_line(&mut canvas, fonts, (frame.left, frame.right), y, GRID, text);
    }
    let mut free_from = f32::MIN;
    for (i, turn) in chart.turns.iter().enumerate() {
        let (x, width) = frame.bar(i);
        let (base, scored, possible) = (
            frame.y(0),
            frame.y(turn.scored),
            frame.y(turn.possible.max(turn.scored)),
        );
        bar(&mut canvas, x, width, possible, scored, MISSED);
        bar(&mut canvas, x, width, scored, base, SCORED);
        // The turn's number under its bar, none overlapping the one before.
        let text = turn.turn.to_string();
        let text_width = font::measure(&fonts.regular, CHART_LABEL_SIZE, &text);
        let left = x + width / 2.0 - text_width / 2.0;
        if left >= free_from {
            free_from = left + text_width + 10.0;
            font::draw(
                &mut canvas,
                &fonts.regular,
                CHART_LABEL_SIZE,
                left,
                frame.bottom + 8.0 + CHART_LABEL_SIZE * 0.8,
                palette::COORDINATES,
                &text,
            );
        }
    }
    Some(canvas)
}

/// A filled bar from `top` down to `bottom` (nothing when they meet).
fn bar(canvas: &mut Canvas, x: f32, width: f32, top: f32, bottom: f32, colour: Rgba) {
    let height = (bottom - top).round();
    if height >= 1.0 {
        canvas.fill_rect(
            x.round() as i32,
            top.round() as i32,
            width.round().max(2.0) as u32,
            height as u32,
            colour,
        );
    }
}

/// The key under the title. Returns the bottom of its row.
fn legend(canvas: &mut Canvas, fonts: &Fonts, top: f32) -> f32 {
    let row = CHART_LABEL_SIZE + 8.0;
    let mid = top + row / 2.0;
    let mut x = MARGIN;
    for (name, colour) in [
        ("points scored", SCORED),
        ("more a longer chain would have scored", MISSED),
    ] {
        canvas.fill_rect(x as i32, (mid - 9.0) as i32, 24, 18, colour);
        x = legend_name(canvas, fonts, x, mid, name);
    }
    top + row
}

/// A made-up game of 15 turns, for the tests: chains from turn 3, two turns where a longer
/// one was possible.
pub fn sample() -> TurnChart {
    let scored = [0, 0, 9, 16, 16, 25, 9, 36, 36, 25, 49, 36, 16, 25, 9];
    TurnChart {
        title: "Game #12 · Catalonia · turn by turn".into(),
        turns: scored
            .iter()
            .enumerate()
            .map(|(i, &points)| TurnBar {
                turn: i as u32 + 1,
                scored: points,
                possible: match i {
                    6 => 49,
                    12 => 36,
                    _ => points,
                },
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_a_png_of_the_charts_size_with_scored_and_missed_points() {
        let drawn = png(&sample()).unwrap();
        let picture = image::load_from_memory(&drawn).unwrap().to_rgb8();
        assert_eq!(picture.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        let count = |c: Rgba| picture.pixels().filter(|p| p.0 == [c.0, c.1, c.2]).count();
        // Beyond the legend's swatches (24 × 18 pixels each), bars of both colours.
        assert!(count(SCORED) > 24 * 18 * 2, "the scored points are drawn");
        assert!(count(MISSED) > 24 * 18 * 2, "the missed points are drawn");
        let nothing_missed = TurnChart {
            turns: sample()
                .turns
                .into_iter()
                .map(|t| TurnBar {
                    possible: t.scored,
                    ..t
                })
                .collect(),
            ..sample()
        };
        let picture = image::load_from_memory(&png(&nothing_missed).unwrap())
            .unwrap()
            .to_rgb8();
        let missed = picture
            .pixels()
            .filter(|p| p.0 == [MISSED.0, MISSED.1, MISSED.2])
            .count();
        assert!(missed <= 24 * 18, "only the legend's swatch: {missed}");
    }

    #[test]
    fn side_labels_are_few_and_round() {
        assert_eq!(step_for(1), 1);
        assert_eq!(step_for(9), 2);
        assert_eq!(step_for(49), 10);
        assert_eq!(step_for(100), 20);
        assert_eq!(step_for(900), 200);
        let frame = Frame {
            left: 0.0,
            right: 150.0,
            top: 0.0,
            bottom: 100.0,
            turns: 3,
            most: 50,
        };
        assert_eq!(frame.y(25), 50.0);
        assert_eq!(frame.y(500), 0.0);
        let (x, width) = frame.bar(1);
        assert!((x - 50.0 * 7.0 / 6.0).abs() < 1e-3 && (width - 100.0 / 3.0).abs() < 1e-3);
    }
}
