//! The table picture of standings and pairings: a PNG from the narrowest to the widest size
//! whose heading band, stripes and alignment are where the table puts them, and that any input
//! draws (no rows, ragged rows, too many rows or columns, long names, any script) without text
//! running off it; and the same table in words.

use chatrang_render::{
    palette,
    table::{self, MAX_ROWS, MAX_WIDTH, MIN_WIDTH, Table},
    table_alt, table_png,
};
use image::RgbImage;

use super::close;

/// A picture may be at most this many times as tall as wide (as in the preview checks).
const MAX_TALL: f32 = 1.85;
/// The blank edge around the table, in pixels (no text inside it).
const MARGIN: u32 = 16;

fn drawn(table: &Table) -> RgbImage {
    let png = table_png(table);
    assert_eq!(&png[1..4], b"PNG");
    let image = image::load_from_memory(&png).expect("decodes").to_rgb8();
    let (w, h) = (image.width(), image.height());
    assert!((MIN_WIDTH..=MAX_WIDTH).contains(&w), "{w} px wide");
    assert!(h as f32 / w as f32 <= MAX_TALL, "{w}×{h}");
    image
}

fn text(title: &str, headings: &[&str], rows: &[&[&str]], numeric: &[bool]) -> Table {
    Table {
        title: title.to_string(),
        headings: headings.iter().map(|s| s.to_string()).collect(),
        rows: rows
            .iter()
            .map(|row| row.iter().map(|s| s.to_string()).collect())
            .collect(),
        numeric: numeric.to_vec(),
    }
}

/// Whether a pixel is text (much brighter than every fill of the table).
fn ink(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c > 120)
}

/// The lines of text from top to bottom: the first and last pixel row of each, and the
/// leftmost and rightmost ink in it.
fn lines(image: &RgbImage) -> Vec<(u32, u32, u32, u32)> {
    let mut out: Vec<(u32, u32, u32, u32)> = Vec::new();
    let mut previous = false;
    for y in 0..image.height() {
        let xs: Vec<u32> = (0..image.width())
            .filter(|&x| ink(image.get_pixel(x, y).0))
            .collect();
        match (xs.first(), xs.last()) {
            (Some(&l), Some(&r)) => {
                if previous && let Some(line) = out.last_mut() {
                    *line = (line.0, y, line.2.min(l), line.3.max(r));
                } else {
                    out.push((y, y, l, r));
                }
                previous = true;
            }
            _ => previous = false,
        }
    }
    out
}

/// Nothing is drawn in the margin: text that does not fit is shortened, not cut off.
fn margins_are_clear(image: &RgbImage, what: &str) {
    let (w, h) = (image.width(), image.height());
    for y in 0..h {
        for x in (0..MARGIN).chain(w - MARGIN..w) {
            assert!(
                close(image.get_pixel(x, y).0, palette::BACKGROUND, 0),
                "{what}: ({x}, {y}) in the margin of {w}×{h}"
            );
        }
    }
}

#[test]
fn the_gallery_standings_have_a_title_a_heading_and_every_row() {
    let sample = table::sample();
    assert_eq!(sample.rows.len(), 6);
    let image = drawn(&sample);
    margins_are_clear(&image, "standings");
    // The title, the headings, and the six rows, each a line of text.
    assert_eq!(lines(&image).len(), 8, "{:?}", lines(&image));
    // The heading band is darker than the background, under the title.
    let x = MARGIN + 4;
    let band = (0..image.height())
        .find(|&y| close(image.get_pixel(x, y).0, palette::VOID, 0))
        .expect("a heading band");
    assert!(band > 40, "under the title: {band}");
}

#[test]
fn the_rows_are_striped_alternately() {
    let rows: Vec<Vec<String>> = (1..=10)
        .map(|i| vec![i.to_string(), format!("player {i}")])
        .collect();
    let table = Table {
        title: "Round 4 pairings".into(),
        headings: vec!["Board".into(), "White".into()],
        rows,
        numeric: vec![true, false],
    };
    let image = drawn(&table);
    // Down the left edge of the table (left of any text): the heading band, then ten rows
    // whose fill changes from each to the next.
    let x = MARGIN + 4;
    let fills: Vec<[u8; 3]> = (0..image.height())
        .map(|y| image.get_pixel(x, y).0)
        .collect();
    let heading_end = fills
        .iter()
        .rposition(|&p| close(p, palette::VOID, 0))
        .expect("a heading band");
    let mut runs = Vec::new();
    for &p in &fills[heading_end + 1..] {
        if runs.last() != Some(&p) {
            runs.push(p);
        }
    }
    // The rule under the band, ten rows, and the bottom margin (the background again).
    let rows: Vec<&[u8; 3]> = runs
        .iter()
        .skip_while(|&&p| !close(p, palette::BACKGROUND, 0))
        .collect();
    assert!(rows.len() >= 10, "{runs:?}");
    for pair in rows[..10].windows(2) {
        assert_ne!(pair[0], pair[1], "{runs:?}");
    }
    assert!(close(*rows[0], palette::BACKGROUND, 0));
}

#[test]
fn numbers_are_right_aligned_and_text_left_aligned() {
    let table = text(
        "",
        &["Name", "Score"],
        &[&["a", "1"], &["Bartholomew", "12345"], &["cé", "0.5"]],
        &[false, true],
    );
    let image = drawn(&table);
    let lines = lines(&image);
    assert_eq!(lines.len(), 4, "{lines:?}");
    let half = image.width() / 2;
    // Per row: the leftmost ink (the name) and the rightmost (the score).
    let edges: Vec<(u32, u32)> = lines[1..]
        .iter()
        .map(|&(top, bottom, _, _)| {
            let ink_at = |x: u32| (top..=bottom).any(|y| ink(image.get_pixel(x, y).0));
            let left = (0..half).find(|&x| ink_at(x)).unwrap();
            let right = (half..image.width()).rev().find(|&x| ink_at(x)).unwrap();
            (left, right)
        })
        .collect();
    for &(left, right) in &edges[1..] {
        assert!(left.abs_diff(edges[0].0) <= 2, "{edges:?}");
        assert!(right.abs_diff(edges[0].1) <= 2, "{edges:?}");
    }
}

#[test]
fn more_than_forty_rows_draw_forty_and_say_how_many_more() {
    let row = |i: usize| vec![i.to_string(), format!("player number {i}")];
    let table = |n: usize| Table {
        title: "Everyone".into(),
        headings: vec!["#".into(), "Player".into()],
        rows: (1..=n).map(row).collect(),
        numeric: vec![true, false],
    };
    let forty = drawn(&table(MAX_ROWS));
    let more = drawn(&table(MAX_ROWS + 5));
    let many = drawn(&table(1000));
    // The title, the headings, forty rows, and the line saying how many more.
    assert_eq!(lines(&forty).len(), 2 + MAX_ROWS);
    assert_eq!(lines(&more).len(), 3 + MAX_ROWS);
    assert_eq!(more.dimensions(), many.dimensions());
    let alt = table_alt(&table(1000));
    assert!(alt.ends_with("… and 960 more"), "{alt}");
    assert_eq!(alt.lines().count(), 1 + 1 + MAX_ROWS + 1);
}

#[test]
fn long_names_and_many_columns_are_shortened_to_fit() {
    let name = "Wolfgang Maximilian Wittgenstein"; // 32 characters
    assert_eq!(name.chars().count(), 32);
    let standings = text(
        "A title far too long for any picture, going on and on about the tournament and its \
         many rounds and players and the weather during round seven",
        &[
            "Place", "Player", "Points", "BH", "BH-C1", "SB", "Club", "Country",
        ],
        &[
            &["1", name, "7½", "40½", "38", "35¼", name, name],
            &[
                "2",
                "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
                "7",
                "41",
                "39",
                "33",
                "x",
                "y",
            ],
        ],
        &[true, false, true, true, true, true, false, false],
    );
    let image = drawn(&standings);
    assert_eq!(image.width(), MAX_WIDTH);
    margins_are_clear(&image, "long names");
    // One name alone fits whole, in a narrower picture.
    let one = drawn(&text(
        "Winner",
        &["Place", "Player"],
        &[&["1", name]],
        &[true, false],
    ));
    assert!(one.width() < MAX_WIDTH);
    margins_are_clear(&one, "one name");
}

#[test]
fn a_character_the_font_lacks_is_drawn_as_a_box() {
    for name in ["李明", "🦀", "Zoë", "Ze\u{301}"] {
        let image = drawn(&text("", &["Player"], &[&[name]], &[false]));
        assert_eq!(lines(&image).len(), 2, "{name}");
    }
}

/// A tiny deterministic generator (xorshift) for the odd inputs below.
struct Odd(u64);

impl Odd {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    fn text(&mut self) -> String {
        const PIECES: &[&str] = &[
            "",
            " ",
            "a",
            "Zoë",
            "李明",
            "🦀",
            "\n",
            "\t",
            "\u{200D}",
            "\u{FE0F}",
            "\u{202E}",
            "\u{0}",
            "½",
            "…",
            "WWWW",
            "שלום",
            "مرحبا",
            "e\u{301}",
            "|",
            "-",
            "12",
            "  x  ",
        ];
        (0..self.next(12))
            .map(|_| PIECES[self.next(PIECES.len())])
            .collect()
    }

    fn strings(&mut self, max: usize) -> Vec<String> {
        (0..self.next(max)).map(|_| self.text()).collect()
    }
}

#[test]
fn odd_tables_never_panic_and_keep_their_margins() {
    let mut cases = vec![
        Table::default(),
        text("Only a title", &[], &[], &[]),
        text("", &["Only", "headings"], &[], &[true]),
        text("", &[], &[&[], &[], &[]], &[]),
        text(
            "Ragged",
            &["A", "B", "C"],
            &[&["1"], &["1", "2", "3", "4", "5"]],
            &[],
        ),
        text("", &[""], &[&[""]], &[true, true, true]),
        text(
            &"x".repeat(100_000),
            &[&"y".repeat(10_000)],
            &[&[&"z".repeat(10_000)]],
            &[true],
        ),
        Table {
            title: "Wide".into(),
            headings: (0..200).map(|i| format!("C{i}")).collect(),
            rows: vec![(0..300).map(|i| i.to_string()).collect(); 3],
            numeric: vec![true; 500],
        },
    ];
    let mut odd = Odd(0x9E37_79B9_7F4A_7C15);
    for _ in 0..60 {
        let columns = odd.next(9);
        cases.push(Table {
            title: odd.text(),
            headings: (0..columns).map(|_| odd.text()).collect(),
            rows: (0..odd.next(50)).map(|_| odd.strings(12)).collect(),
            numeric: (0..odd.next(12)).map(|_| odd.next(2) == 0).collect(),
        });
    }
    for (i, table) in cases.iter().enumerate() {
        let image = drawn(table);
        margins_are_clear(&image, &format!("case {i}"));
        let alt = table_alt(table);
        assert!(!alt.is_empty(), "case {i}");
        assert!(alt.lines().count() <= 2 + MAX_ROWS + 1, "case {i}");
    }
}

#[test]
fn the_alt_text_says_what_the_table_is_and_lists_its_rows() {
    let alt = table_alt(&table::sample());
    let lines: Vec<&str> = alt.lines().collect();
    assert_eq!(
        lines[0],
        "Autumn Swiss: standings after round 3 (a table of 6 rows)"
    );
    assert_eq!(lines[1], "Place | Player | Points | BH | BH-C1 | SB");
    assert_eq!(lines[2], "1 | alice | 2½ | 4 | 3½ | 3");
    assert_eq!(lines.len(), 8);
    // Ragged rows line up under the headings; no title, no rows.
    let ragged = text("", &["A", "B"], &[&["1"], &["1", "2", "3"]], &[]);
    assert_eq!(table_alt(&ragged), "A table of 2 rows\nA | B\n1\n1 | 2 | 3");
    assert_eq!(table_alt(&Table::default()), "A table with no rows yet");
    let one = text("Final\nround", &[], &[&["bob\twins"]], &[]);
    assert_eq!(table_alt(&one), "Final round (a table of 1 row)\nbob wins");
}

#[test]
fn a_table_without_headings_has_no_heading_band() {
    let image = drawn(&text("Bye", &["", " "], &[&["1", "carol"]], &[true]));
    assert!(!image.pixels().any(|p| close(p.0, palette::VOID, 0)));
    // The title and the row.
    assert_eq!(lines(&image).len(), 2);
}
