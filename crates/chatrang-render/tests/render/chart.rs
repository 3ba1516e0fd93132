//! The rating chart of `/rating`: a PNG of its size whose lines, bands and labels are where
//! the numbers put them, for any number of series and points (none, one, many).

use chatrang_render::{
    chart::{self, CHART_HEIGHT, CHART_WIDTH, Chart, ChartPoint, Series, series_colour},
    palette,
};
use image::RgbImage;

use super::close;

fn drawn(chart: &Chart) -> RgbImage {
    let png = chart::png(chart).expect("draws");
    let image = image::load_from_memory(&png).expect("decodes").to_rgb8();
    assert_eq!((image.width(), image.height()), (CHART_WIDTH, CHART_HEIGHT));
    image
}

/// How many pixels show `colour` (within a small tolerance).
fn count(image: &RgbImage, colour: palette::Rgba) -> usize {
    image.pixels().filter(|p| close(p.0, colour, 12)).count()
}

#[test]
fn every_series_of_the_gallery_chart_is_drawn_in_its_colour() {
    let sample = chart::sample();
    let image = drawn(&sample);
    assert_eq!(sample.series.len(), 2);
    for i in 0..sample.series.len() {
        let pixels = count(&image, series_colour(i));
        assert!(pixels > 1_000, "series {i}: {pixels} pixels");
    }
    // The band: the first colour laid faintly over the background.
    let band = series_colour(0).alpha(44).over(palette::BACKGROUND);
    assert!(count(&image, band) > 2_000, "the band");
    // Title and labels in the text colours.
    assert!(count(&image, palette::TEXT) > 200);
    assert!(count(&image, palette::COORDINATES) > 200);
}

#[test]
fn a_higher_rating_is_drawn_higher() {
    let at = 1_780_000_000_000;
    let point = |days: i64, rating: f64| ChartPoint {
        at: at + days * 86_400_000,
        rating,
        deviation: 50.0,
    };
    let chart = Chart {
        title: "climb".into(),
        series: vec![Series {
            name: "Chess".into(),
            points: vec![point(0, 1400.0), point(10, 1800.0)],
        }],
        band: 2.0,
    };
    let image = drawn(&chart);
    let colour = series_colour(0);
    let rows_in = |columns: std::ops::Range<u32>| {
        let rows: Vec<u32> = (0..CHART_HEIGHT)
            .filter(|&y| {
                columns
                    .clone()
                    .any(|x| close(image.get_pixel(x, y).0, colour, 12))
            })
            .collect();
        rows.iter().sum::<u32>() as f32 / rows.len().max(1) as f32
    };
    // The line runs from the lower left to the upper right.
    let (left, right) = (rows_in(100..200), rows_in(650..750));
    assert!(left > right + 100.0, "left at {left}, right at {right}");
}

#[test]
fn no_points_one_point_and_many_points_all_draw() {
    let empty = Chart {
        title: "nobody".into(),
        series: vec![],
        band: 2.0,
    };
    drawn(&empty);
    let one = Chart {
        title: "one game".into(),
        series: vec![Series {
            name: "Chess".into(),
            points: vec![ChartPoint {
                at: 1_780_000_000_000,
                rating: 1662.3,
                deviation: 290.0,
            }],
        }],
        band: 2.0,
    };
    assert!(count(&drawn(&one), series_colour(0)) > 50);
    // Two games finished moments apart: one bar of band, both dots.
    let mut moments = one.clone();
    moments.series[0].points.push(ChartPoint {
        at: 1_780_000_000_005,
        rating: 1700.0,
        deviation: 280.0,
    });
    let band = series_colour(0).alpha(58).over(palette::BACKGROUND);
    assert!(count(&drawn(&moments), band) > 500);
    let many = Chart {
        title: "x".repeat(200),
        series: (0..8)
            .map(|s| Series {
                name: format!("Game number {s} with a long name"),
                points: (0..500)
                    .map(|i| ChartPoint {
                        at: 1_700_000_000_000 + i * 3_600_000 * 7,
                        rating: 1500.0 + ((i * (s + 3)) % 97) as f64 * 4.0,
                        deviation: 60.0,
                    })
                    .collect(),
            })
            .collect(),
        band: 2.0,
    };
    drawn(&many);
}
