//! A game's evaluation across its moves (`/review`): White's advantage in pawns up the side,
//! the moves along the bottom, the area above the middle line light (White ahead) and below it
//! dark (Black ahead), as players know it from review sites; the costliest moves are dots on
//! the line. It takes plain numbers and knows no store or search.
//!
//! Drawn like the rating chart ([`crate::chart`]): at twice the size a chat preview shows, every
//! text at least [`MIN_PREVIEW_TEXT`](crate::MIN_PREVIEW_TEXT) pixels high there.

use resvg::tiny_skia::PathBuilder;

use super::canvas::Canvas;
use super::chart::{
    CHART_HEIGHT, CHART_LABEL_SIZE, CHART_WIDTH, draw_title, encode_chart, grid_line, legend_name,
    side_label_width,
};
use super::error::RenderError;
use super::font::{self, Fonts};
use super::palette::{self, Rgba};
use super::surface::Surface;

/// How far the side reaches, in pawns: larger advantages (and wins) are drawn at the edge.
pub const EVAL_REACH: f64 = 6.0;

const MARGIN: f32 = 18.0;
const LINE_WIDTH: f32 = 4.0;
/// White's area, Black's area and the line between them.
const WHITE_AREA: Rgba = Rgba::opaque(226, 226, 222);
const BLACK_AREA: Rgba = Rgba::opaque(6, 6, 8);
const LINE: Rgba = Rgba::opaque(86, 160, 255);
const GRID: Rgba = Rgba(255, 255, 255, 40);
/// A mistake's dot and a blunder's (told apart by size as well as colour).
const MISTAKE: Rgba = Rgba::opaque(255, 158, 50);
const BLUNDER: Rgba = Rgba::opaque(235, 64, 52);

/// What the chart shows.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalChart {
    /// The game and its players.
    pub title: String,
    /// White's advantage in pawns at each position, the start first.
    pub evals: Vec<f64>,
    /// Labels along the bottom: the position each stands under, and its text (a move number).
    pub labels: Vec<(usize, String)>,
    /// The costliest moves: the position each led to, and whether it was a blunder (else a
    /// mistake).
    pub marked: Vec<(usize, bool)>,
}

/// The chart as a PNG of [`CHART_WIDTH`] × [`CHART_HEIGHT`] pixels.
pub fn png(chart: &EvalChart) -> Result<Vec<u8>, RenderError> {
    encode_chart(draw(chart))
}

/// The plot's rectangle, and where a position and an evaluation fall in it.
struct Frame {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    positions: usize,
}

impl Frame {
    fn x(&self, position: usize) -> f32 {
        let last = self.positions.saturating_sub(1).max(1) as f32;
        self.left + position as f32 / last * (self.right - self.left)
    }

    fn y(&self, pawns: f64) -> f32 {
        let middle = (self.top + self.bottom) / 2.0;
        let share = (pawns.clamp(-EVAL_REACH, EVAL_REACH) / EVAL_REACH) as f32;
        middle - share * (self.bottom - self.top) / 2.0
    }
}

fn draw(chart: &EvalChart) -> Option<Canvas> {
    let fonts = Fonts::shared();
    let mut canvas = Canvas::new(CHART_WIDTH, CHART_HEIGHT, palette::BACKGROUND)?;
    let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);
    let below_title = draw_title(&mut canvas, fonts, &chart.title);
    let top = legend(&mut canvas, fonts, below_title) + 8.0;
    let side_labels: Vec<(f64, String)> = [-EVAL_REACH, -EVAL_REACH / 2.0, 0.0]
        .into_iter()
        .chain([EVAL_REACH / 2.0, EVAL_REACH])
        .map(|p| match p {
            0.0 => (p, "0".to_string()),
            _ => (p, format!("{p:+.0}")),
        })
        .collect();
    let label_width = side_label_width(fonts, side_labels.iter().map(|(_, t)| t.as_str()));
    let frame = Frame {
        left: MARGIN + label_width + 10.0,
        right: w - MARGIN - 8.0,
        top: top + CHART_LABEL_SIZE * 0.4,
        bottom: h - MARGIN - CHART_LABEL_SIZE - 12.0,
        positions: chart.evals.len(),
    };
    if chart.evals.is_empty() {
        return Some(canvas);
    }
    area(&mut canvas, &frame, &chart.evals);
    for (pawns, text) in &side_labels {
        let y = frame.y(*pawns);
        grid_line(&mut canvas, fonts, (frame.left, frame.right), y, GRID, text);
    }
    bottom_labels(&mut canvas, fonts, &frame, &chart.labels);
    line(&mut canvas, &frame, &chart.evals);
    for &(position, blunder) in &chart.marked {
        let Some(&pawns) = chart.evals.get(position) else {
            continue;
        };
        let (x, y) = (frame.x(position), frame.y(pawns));
        let (radius, colour) = if blunder {
            (9.0, BLUNDER)
        } else {
            (7.0, MISTAKE)
        };
        canvas.fill_circle(x, y, radius, colour);
        canvas.stroke_circle(x, y, radius, palette::BACKGROUND, 2.0);
    }
    Some(canvas)
}

/// The light area between the line and the middle where White is ahead, the dark one where
/// Black is: one polygon each, from the middle line along the evaluations and back.
fn area(canvas: &mut Canvas, frame: &Frame, evals: &[f64]) {
    let middle = frame.y(0.0);
    for (colour, keep) in [
        (WHITE_AREA, f64::max as fn(f64, f64) -> f64),
        (BLACK_AREA, f64::min as fn(f64, f64) -> f64),
    ] {
        let mut outline = vec![(frame.x(0), middle)];
        outline.extend(
            evals
                .iter()
                .enumerate()
                .map(|(i, &pawns)| (frame.x(i), frame.y(keep(pawns, 0.0)))),
        );
        outline.push((frame.x(evals.len() - 1), middle));
        canvas.polygon(&outline, colour);
    }
}

fn line(canvas: &mut Canvas, frame: &Frame, evals: &[f64]) {
    let mut path = PathBuilder::new();
    for (i, &pawns) in evals.iter().enumerate() {
        let (x, y) = (frame.x(i), frame.y(pawns));
        if i == 0 {
            path.move_to(x, y);
        } else {
            path.line_to(x, y);
        }
    }
    if evals.len() > 1
        && let Some(path) = path.finish()
    {
        canvas.stroke_path(&path, LINE, LINE_WIDTH);
    }
}

/// The move numbers along the bottom, none overlapping the one before.
fn bottom_labels(canvas: &mut Canvas, fonts: &Fonts, frame: &Frame, labels: &[(usize, String)]) {
    let w = CHART_WIDTH as f32;
    let mut free_from = f32::MIN;
    for (position, text) in labels {
        let x = frame.x(*position);
        let width = font::measure(&fonts.regular, CHART_LABEL_SIZE, text);
        let left = (x - width / 2.0).clamp(MARGIN, w - MARGIN - width);
        if left < free_from {
            continue;
        }
        free_from = left + width + 18.0;
        canvas.line(
            (x, frame.bottom),
            (x, frame.bottom + 6.0),
            palette::COORDINATES,
            2.0,
        );
        font::draw(
            canvas,
            &fonts.regular,
            CHART_LABEL_SIZE,
            left,
            frame.bottom + 8.0 + CHART_LABEL_SIZE * 0.8,
            palette::COORDINATES,
            text,
        );
    }
}

/// The key under the title: what the areas and dots mean. Returns the bottom of its row.
fn legend(canvas: &mut Canvas, fonts: &Fonts, top: f32) -> f32 {
    let row = CHART_LABEL_SIZE + 8.0;
    let mid = top + row / 2.0;
    let mut x = MARGIN;
    let entries: [(&str, Swatch); 4] = [
        ("White ahead", Swatch::Area(WHITE_AREA)),
        ("Black ahead", Swatch::Area(BLACK_AREA)),
        ("mistake", Swatch::Dot(MISTAKE, 7.0)),
        ("blunder", Swatch::Dot(BLUNDER, 9.0)),
    ];
    for (name, swatch) in entries {
        match swatch {
            Swatch::Area(colour) => {
                canvas.fill_rect(x as i32, (mid - 9.0) as i32, 24, 18, colour);
                let (x0, y0, x1, y1) = (x, mid - 9.0, x + 24.0, mid + 9.0);
                for (from, to) in [
                    ((x0, y0), (x1, y0)),
                    ((x1, y0), (x1, y1)),
                    ((x1, y1), (x0, y1)),
                    ((x0, y1), (x0, y0)),
                ] {
                    canvas.line(from, to, palette::COORDINATES, 1.5);
                }
            }
            Swatch::Dot(colour, radius) => canvas.fill_circle(x + 12.0, mid, radius, colour),
        }
        x = legend_name(canvas, fonts, x, mid, name);
    }
    top + row
}

enum Swatch {
    Area(Rgba),
    Dot(Rgba, f32),
}

/// A made-up game's evaluations, for the tests: a balanced fight, then White ahead after a
/// blunder, then won.
pub fn sample() -> EvalChart {
    let evals: Vec<f64> = (0..61)
        .map(|i| match i {
            0..=20 => 1.5 * ((i as f64) * 0.4).sin(),
            21..=40 => 3.1 + 0.3 * ((i as f64) * 0.5).cos(),
            _ => (3.0 + (i - 40) as f64 * 0.3).min(8.0),
        })
        .collect();
    EvalChart {
        title: "Game #7 · Chess · Alice vs Bob".into(),
        labels: (0..61)
            .step_by(10)
            .map(|p| (p, (p / 2 + 1).to_string()))
            .collect(),
        evals,
        marked: vec![(21, true), (34, false)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_a_png_of_the_charts_size_with_both_areas_and_the_dots() {
        let png = png(&sample()).unwrap();
        let picture = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(picture.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        let has = |c: Rgba| picture.pixels().any(|p| p.0 == [c.0, c.1, c.2]);
        assert!(has(WHITE_AREA), "White's area is drawn");
        assert!(has(BLACK_AREA), "Black's area is drawn");
        assert!(has(BLUNDER), "the blunder's dot is drawn");
        assert!(has(MISTAKE), "the mistake's dot is drawn");
    }

    #[test]
    fn advantages_beyond_the_reach_stay_on_the_chart() {
        let frame = Frame {
            left: 0.0,
            right: 100.0,
            top: 10.0,
            bottom: 110.0,
            positions: 3,
        };
        assert_eq!(frame.y(0.0), 60.0);
        assert_eq!(frame.y(EVAL_REACH * 5.0), 10.0);
        assert_eq!(frame.y(-EVAL_REACH * 5.0), 110.0);
        assert_eq!(frame.x(2), 100.0);
    }
}
