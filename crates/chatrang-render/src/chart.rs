//! A rating history as a line chart: one line per series (a game), the uncertainty as a band
//! around it, dates along the bottom and ratings up the side. It takes plain numbers (times in
//! milliseconds since 1970, ratings, deviations) and knows no store or game.
//!
//! Drawn on the renderer's own canvas with its fonts, at twice the size a chat preview shows
//! (Discord scales a picture to about [`PREVIEW_WIDTH`] pixels wide): every text is at least
//! [`MIN_PREVIEW_TEXT`](crate::MIN_PREVIEW_TEXT) pixels high there, and every line two pixels thick.

use resvg::tiny_skia::PathBuilder;

use super::canvas::Canvas;
use super::encode;
use super::error::RenderError;
use super::font::{self, Fonts};
use super::layout::PREVIEW_WIDTH;
use super::palette::{self, Rgba};
use super::surface::Surface;

/// The picture's size in pixels.
pub const CHART_WIDTH: u32 = 800;
pub const CHART_HEIGHT: u32 = 460;
/// The title's size and the size of every other text (the smallest on the picture).
const TITLE_SIZE: f32 = 28.0;
pub const CHART_LABEL_SIZE: f32 = 19.0;
/// A rating line's width; grid lines are half as wide.
const LINE_WIDTH: f32 = 4.5;
const MARGIN: f32 = 18.0;
/// More points than this and the line is drawn without a dot on each.
const MAX_DOTS: usize = 40;

/// One value of a rating: when it was reached, the rating and its deviation.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ChartPoint {
    /// Milliseconds since 1970 (UTC).
    pub at: i64,
    pub rating: f64,
    pub deviation: f64,
}

/// One line of the chart: a name for the legend and its points, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<ChartPoint>,
}

/// What the chart shows: a title (the person and the game) and its lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub title: String,
    pub series: Vec<Series>,
    /// How far the band reaches on each side, in deviations (2: the 95 % interval that
    /// leaderboards print as ±).
    pub band: f64,
}

/// The lines' colours, in the order of the series: bright on the dark background and told
/// apart by people with the commonest colour blindness (blue, orange, then lighter hues).
const COLOURS: [Rgba; 6] = [
    Rgba::opaque(86, 160, 255),
    Rgba::opaque(255, 158, 50),
    Rgba::opaque(120, 210, 120),
    Rgba::opaque(236, 112, 190),
    Rgba::opaque(240, 226, 90),
    Rgba::opaque(170, 140, 255),
];
const GRID: Rgba = Rgba(255, 255, 255, 34);
const AXIS: Rgba = Rgba(255, 255, 255, 90);

/// The colour of series number `i`.
pub fn series_colour(i: usize) -> Rgba {
    COLOURS[i % COLOURS.len()]
}

/// The chart as a PNG of [`CHART_WIDTH`] × [`CHART_HEIGHT`] pixels.
pub fn png(chart: &Chart) -> Result<Vec<u8>, RenderError> {
    encode_chart(draw(chart))
}

/// A chart drawn on `canvas` as a PNG (`None`: the canvas could not be made).
pub(crate) fn encode_chart(canvas: Option<Canvas>) -> Result<Vec<u8>, RenderError> {
    let canvas = canvas.ok_or(RenderError::TooLarge)?;
    let (width, height) = (canvas.width(), canvas.height());
    Ok(encode::rgb(&canvas.into_rgba(), width, height)?)
}

/// A legend entry's name right of its 24-pixel swatch at `x` (the row's middle at `mid`);
/// returns where the next entry begins.
pub(crate) fn legend_name(canvas: &mut Canvas, fonts: &Fonts, x: f32, mid: f32, name: &str) -> f32 {
    font::draw(
        canvas,
        &fonts.regular,
        CHART_LABEL_SIZE,
        x + 32.0,
        mid + CHART_LABEL_SIZE * 0.36,
        palette::TEXT,
        name,
    );
    x + 32.0 + font::measure(&fonts.regular, CHART_LABEL_SIZE, name) + 26.0
}

/// How wide the widest of the side labels is: the plot begins beyond it.
pub(crate) fn side_label_width<'a>(fonts: &Fonts, texts: impl Iterator<Item = &'a str>) -> f32 {
    texts
        .map(|text| font::measure(&fonts.regular, CHART_LABEL_SIZE, text))
        .fold(0.0, f32::max)
}

/// A grid line across the plot (`left` to `right`) at `y`, and its label left of the plot.
pub(crate) fn grid_line(
    canvas: &mut Canvas,
    fonts: &Fonts,
    (left, right): (f32, f32),
    y: f32,
    colour: Rgba,
    text: &str,
) {
    canvas.line((left, y), (right, y), colour, 2.0);
    let width = font::measure(&fonts.regular, CHART_LABEL_SIZE, text);
    font::draw(
        canvas,
        &fonts.regular,
        CHART_LABEL_SIZE,
        left - 10.0 - width,
        y + CHART_LABEL_SIZE * 0.36,
        palette::COORDINATES,
        text,
    );
}

/// The smallest text of a chart as a chat preview shows it, in pixels.
pub fn preview_text_size() -> f32 {
    CHART_LABEL_SIZE * PREVIEW_WIDTH / CHART_WIDTH as f32
}

/// The plot's rectangle and the mapping of times and ratings into it.
struct Frame {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    t0: f64,
    t1: f64,
    r0: f64,
    r1: f64,
}

impl Frame {
    fn x(&self, at: i64) -> f32 {
        self.left + ((at as f64 - self.t0) / (self.t1 - self.t0)) as f32 * (self.right - self.left)
    }

    /// The height of `rating`, kept inside the plot (a band wider than the axis is cut).
    fn y(&self, rating: f64) -> f32 {
        let y = self.bottom
            - ((rating - self.r0) / (self.r1 - self.r0)) as f32 * (self.bottom - self.top);
        y.clamp(self.top, self.bottom)
    }
}

fn draw(chart: &Chart) -> Option<Canvas> {
    let fonts = Fonts::shared();
    let mut canvas = Canvas::new(CHART_WIDTH, CHART_HEIGHT, palette::BACKGROUND)?;
    let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);
    let mut top = draw_title(&mut canvas, fonts, &chart.title);
    let series: Vec<&Series> = chart
        .series
        .iter()
        .filter(|s| !s.points.is_empty())
        .collect();
    if !series.is_empty() {
        top = legend(&mut canvas, fonts, chart, top) + 6.0;
    }
    let points = || series.iter().flat_map(|s| s.points.iter());
    if points().next().is_none() {
        font::draw_centered(
            &mut canvas,
            &fonts.regular,
            CHART_LABEL_SIZE,
            w / 2.0,
            (top + h) / 2.0,
            palette::COORDINATES,
            "No rated games yet",
        );
        return Some(canvas);
    }
    let (r0, r1, step) = rating_axis(chart, &series);
    let labels: Vec<(f64, String)> = ticks(r0, r1, step)
        .map(|r| (r, format!("{r:.0}")))
        .collect();
    let label_width = side_label_width(fonts, labels.iter().map(|(_, t)| t.as_str()));
    let (t0, t1) = time_axis(&series);
    let frame = Frame {
        left: MARGIN + label_width + 10.0,
        right: w - MARGIN - 8.0,
        top: top + CHART_LABEL_SIZE * 0.4,
        bottom: h - MARGIN - CHART_LABEL_SIZE - 12.0,
        t0,
        t1,
        r0,
        r1,
    };
    // The grid and the ratings up the side.
    for (rating, text) in &labels {
        let y = frame.y(*rating);
        grid_line(&mut canvas, fonts, (frame.left, frame.right), y, GRID, text);
    }
    canvas.line(
        (frame.left, frame.bottom),
        (frame.right, frame.bottom),
        AXIS,
        2.0,
    );
    // The dates along the bottom, none overlapping the one before.
    let mut free_from = f32::MIN;
    for (at, text) in date_ticks(t0 as i64, t1 as i64) {
        let x = frame.x(at);
        let width = font::measure(&fonts.regular, CHART_LABEL_SIZE, &text);
        let left = (x - width / 2.0).clamp(MARGIN, w - MARGIN - width);
        if left < free_from {
            continue;
        }
        free_from = left + width + 14.0;
        canvas.line(
            (x, frame.bottom),
            (x, frame.bottom + 6.0),
            palette::COORDINATES,
            2.0,
        );
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
    // Bands first, so that no band hides another series' line.
    for (i, s) in chart.series.iter().enumerate() {
        band(&mut canvas, &frame, s, chart.band, band_colour(chart, i));
    }
    for (i, s) in chart.series.iter().enumerate() {
        line(&mut canvas, &frame, s, series_colour(i));
    }
    Some(canvas)
}

/// Writes a chart's title across its top, cut to fit; returns where the rest begins.
pub(crate) fn draw_title(canvas: &mut Canvas, fonts: &Fonts, title: &str) -> f32 {
    let width = CHART_WIDTH as f32 - 2.0 * MARGIN;
    let title = font::fit(&fonts.bold, TITLE_SIZE, title, width);
    font::draw(
        canvas,
        &fonts.bold,
        TITLE_SIZE,
        MARGIN,
        MARGIN + TITLE_SIZE * 0.8,
        palette::TEXT,
        &title,
    );
    MARGIN + TITLE_SIZE + 10.0
}

/// What the band means, in the legend.
const BAND_LABEL: &str = "shaded: the likely range";

/// The band's colour over series `i`'s: fainter where several bands may overlap.
fn band_colour(chart: &Chart, i: usize) -> Rgba {
    series_colour(i).alpha(if chart.series.len() > 1 { 44 } else { 58 })
}

/// The legend under the title: a swatch and the name of each series, then what the band
/// means, on as many rows as they need; returns the bottom of the last row.
fn legend(canvas: &mut Canvas, fonts: &Fonts, chart: &Chart, top: f32) -> f32 {
    let row = CHART_LABEL_SIZE + 8.0;
    let (mut x, mut y) = (MARGIN, top);
    let entries = chart
        .series
        .iter()
        .enumerate()
        .map(|(i, s)| (Some(i), s.name.as_str()))
        .chain([(None, BAND_LABEL)]);
    for (i, name) in entries {
        let name = font::fit(&fonts.regular, CHART_LABEL_SIZE, name, 300.0);
        let width = 30.0 + font::measure(&fonts.regular, CHART_LABEL_SIZE, &name);
        if x > MARGIN && x + width > CHART_WIDTH as f32 - MARGIN {
            x = MARGIN;
            y += row;
        }
        let mid = y + row / 2.0;
        match i {
            Some(i) => canvas.line(
                (x + 2.0, mid),
                (x + 22.0, mid),
                series_colour(i),
                LINE_WIDTH,
            ),
            None => canvas.fill_rect(
                x as i32,
                (mid - 8.0) as i32,
                24,
                16,
                series_colour(0).alpha(80).over(palette::BACKGROUND),
            ),
        }
        font::draw(
            canvas,
            &fonts.regular,
            CHART_LABEL_SIZE,
            x + 30.0,
            mid + CHART_LABEL_SIZE * 0.36,
            palette::TEXT,
            &name,
        );
        x += width + 24.0;
    }
    y + row
}

fn band(canvas: &mut Canvas, frame: &Frame, series: &Series, reach: f64, fill: Rgba) {
    let points = series.points.as_slice();
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return;
    };
    // Points closer than a pixel (games finished moments apart) get a bar, as one point does:
    // a polygon without width has nothing to fill.
    if frame.x(last.at) - frame.x(first.at) < 1.0 {
        let x = frame.x(last.at);
        let high = points.iter().map(|p| p.rating + reach * p.deviation);
        let low = points.iter().map(|p| p.rating - reach * p.deviation);
        let (y0, y1) = (
            frame.y(high.fold(f64::MIN, f64::max)),
            frame.y(low.fold(f64::MAX, f64::min)),
        );
        canvas.fill_rect(
            (x - 8.0).round() as i32,
            y0.round() as i32,
            16,
            (y1 - y0).round().max(1.0) as u32,
            fill,
        );
        return;
    }
    let upper = points
        .iter()
        .map(|p| (frame.x(p.at), frame.y(p.rating + reach * p.deviation)));
    let lower = points
        .iter()
        .rev()
        .map(|p| (frame.x(p.at), frame.y(p.rating - reach * p.deviation)));
    let outline: Vec<(f32, f32)> = upper.chain(lower).collect();
    canvas.polygon(&outline, fill);
}

fn line(canvas: &mut Canvas, frame: &Frame, series: &Series, colour: Rgba) {
    let mut path = PathBuilder::new();
    for (i, p) in series.points.iter().enumerate() {
        let (x, y) = (frame.x(p.at), frame.y(p.rating));
        if i == 0 {
            path.move_to(x, y);
        } else {
            path.line_to(x, y);
        }
    }
    let (Some(first), Some(last)) = (series.points.first(), series.points.last()) else {
        return;
    };
    if frame.x(last.at) - frame.x(first.at) >= 1.0
        && let Some(path) = path.finish()
    {
        canvas.stroke_path(&path, colour, LINE_WIDTH);
    }
    let dots = series.points.len() <= MAX_DOTS;
    for (i, p) in series.points.iter().enumerate() {
        let last = i + 1 == series.points.len();
        if dots || last {
            let (x, y) = (frame.x(p.at), frame.y(p.rating));
            canvas.fill_circle(x, y, if last { 7.0 } else { 5.0 }, colour);
            if last {
                canvas.stroke_circle(x, y, 7.0, palette::BACKGROUND, 2.0);
            }
        }
    }
}

/// The ratings the side shows: from, to and the step between labels. It holds every rating
/// and as much of the bands as fits within 300 points of them (a new player's band is wide).
fn rating_axis(chart: &Chart, series: &[&Series]) -> (f64, f64, f64) {
    let points = series.iter().flat_map(|s| s.points.iter());
    let (mut lo, mut hi) = (f64::MAX, f64::MIN);
    let (mut band_lo, mut band_hi) = (f64::MAX, f64::MIN);
    for p in points {
        lo = lo.min(p.rating);
        hi = hi.max(p.rating);
        band_lo = band_lo.min(p.rating - chart.band * p.deviation);
        band_hi = band_hi.max(p.rating + chart.band * p.deviation);
    }
    let (mut lo, mut hi) = (band_lo.max(lo - 300.0), band_hi.min(hi + 300.0));
    if hi - lo < 100.0 {
        let mid = (hi + lo) / 2.0;
        (lo, hi) = (mid - 50.0, mid + 50.0);
    }
    let step = [10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0]
        .into_iter()
        .find(|step| (hi - lo) / step <= 5.0)
        .unwrap_or(2000.0);
    ((lo / step).floor() * step, (hi / step).ceil() * step, step)
}

fn ticks(from: f64, to: f64, step: f64) -> impl Iterator<Item = f64> {
    let n = ((to - from) / step).round() as i64;
    (0..=n).map(move |i| from + i as f64 * step)
}

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// The times the bottom shows: every point's, with a little room on both sides (a day on
/// each side of a single moment).
fn time_axis(series: &[&Series]) -> (f64, f64) {
    let times = series.iter().flat_map(|s| s.points.iter().map(|p| p.at));
    let (t0, t1) = times.fold((i64::MAX, i64::MIN), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let span = (t1 - t0).max(0);
    let pad = if span < HOUR { DAY } else { span / 25 };
    ((t0 - pad) as f64, (t1 + pad) as f64)
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Labelled times between `t0` and `t1`, at most about six: hours, days or months.
fn date_ticks(t0: i64, t1: i64) -> Vec<(i64, String)> {
    let span = t1 - t0;
    let hourly = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR];
    let daily = [DAY, 2 * DAY, 7 * DAY, 14 * DAY];
    if let Some(step) = hourly.into_iter().find(|s| span / s <= 5) {
        return aligned(t0, t1, step)
            .map(|t| {
                let (_, m, d) = civil_date(t.div_euclid(DAY));
                let minutes = t.rem_euclid(DAY) / 60_000;
                let time = format!("{:02}:{:02}", minutes / 60, minutes % 60);
                (t, format!("{d} {} {time}", MONTHS[m as usize - 1]))
            })
            .collect();
    }
    if let Some(step) = daily.into_iter().find(|s| span / s <= 5) {
        return aligned(t0, t1, step)
            .map(|t| {
                let (_, m, d) = civil_date(t.div_euclid(DAY));
                (t, format!("{d} {}", MONTHS[m as usize - 1]))
            })
            .collect();
    }
    // Months: the first day of every month (or every few) in the span.
    let (y0, m0, _) = civil_date(t0.div_euclid(DAY));
    let months = span / (30 * DAY) + 1;
    let every = [1, 2, 3, 6, 12, 24, 60]
        .into_iter()
        .find(|n| months / n <= 5)
        .unwrap_or(120);
    let mut out = Vec::new();
    let mut index = y0 * 12 + (m0 - 1) + 1;
    index += (every - index.rem_euclid(every)) % every;
    loop {
        let (year, month) = (index.div_euclid(12), index.rem_euclid(12) + 1);
        let t = days_from_civil(year, month, 1) * DAY;
        if t > t1 {
            break;
        }
        out.push((t, format!("{} {year}", MONTHS[month as usize - 1])));
        index += every;
    }
    out
}

/// The multiples of `step` (counted from midnight UTC of 1970) between `t0` and `t1`.
fn aligned(t0: i64, t1: i64, step: i64) -> impl Iterator<Item = i64> {
    let first = t0.div_euclid(step) * step + step;
    (0..)
        .map(move |i| first + i * step)
        .take_while(move |t| *t <= t1)
}

/// The Gregorian date (year, month, day) of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`): the chart's axis, and the dates the bot writes in records and stats.
pub fn civil_date(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The day counted from 1970-01-01 of a Gregorian date (Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A made-up history for the gallery: two games over three months, one with a long climb.
pub fn sample() -> Chart {
    // 2026-08-03 12:00 UTC.
    let start = days_from_civil(2026, 8, 3) * DAY + 12 * HOUR;
    let mut chess = Vec::new();
    let (mut rating, mut deviation) = (1500.0, 350.0);
    for i in 0..24 {
        let swing = [48.0, -30.0, 35.0, 22.0, -41.0, 27.0][i % 6] * (1.0 - i as f64 / 40.0);
        rating += swing;
        deviation = (deviation * 0.9_f64).max(62.0);
        chess.push(ChartPoint {
            at: start + i as i64 * 4 * DAY + (i as i64 % 3) * 5 * HOUR,
            rating,
            deviation,
        });
    }
    let mut cataclysm = Vec::new();
    let (mut rating, mut deviation) = (1500.0, 350.0);
    for i in 0..9 {
        rating += [-60.0, -25.0, 40.0, -18.0, 33.0, -12.0, 26.0, 19.0, -7.0][i];
        deviation = (deviation * 0.86_f64).max(80.0);
        cataclysm.push(ChartPoint {
            at: start + 30 * DAY + i as i64 * 7 * DAY,
            rating,
            deviation,
        });
    }
    Chart {
        title: "alice's ratings on this server".to_string(),
        series: vec![
            Series {
                name: "Chess".to_string(),
                points: chess,
            },
            Series {
                name: "Cataclysm".to_string(),
                points: cataclysm,
            },
        ],
        band: 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MIN_PREVIEW_TEXT;

    #[test]
    fn dates_round_trip_through_day_numbers() {
        for days in [-1000, 0, 59, 60, 365, 10_957, 20_784, 30_000] {
            let (y, m, d) = civil_date(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
        assert_eq!(civil_date(20_784), (2026, 11, 27));
    }

    #[test]
    fn the_side_holds_every_rating_on_round_steps() {
        let chart = sample();
        let series: Vec<&Series> = chart.series.iter().collect();
        let (lo, hi, step) = rating_axis(&chart, &series);
        for p in series.iter().flat_map(|s| &s.points) {
            assert!(lo <= p.rating && p.rating <= hi, "{lo}..{hi}: {}", p.rating);
        }
        assert_eq!(lo % step, 0.0);
        assert!((hi - lo) / step <= 6.0, "{lo}..{hi} by {step}");
    }

    #[test]
    fn date_labels_are_few_and_inside_the_span() {
        let day = days_from_civil(2026, 8, 3) * DAY;
        for span in [2 * HOUR, 5 * HOUR, 3 * DAY, 20 * DAY, 100 * DAY, 800 * DAY] {
            let ticks = date_ticks(day, day + span);
            assert!(!ticks.is_empty() && ticks.len() <= 6, "{span}: {ticks:?}");
            assert!(ticks.iter().all(|(t, _)| (day..=day + span).contains(t)));
        }
        let months = date_ticks(day, day + 100 * DAY);
        assert_eq!(months[0].1, "Sep 2026");
    }

    #[test]
    fn text_stays_readable_in_a_preview() {
        assert!(preview_text_size() >= MIN_PREVIEW_TEXT);
        assert!(LINE_WIDTH * PREVIEW_WIDTH / CHART_WIDTH as f32 >= 2.0);
    }
}
