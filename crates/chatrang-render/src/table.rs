//! A table as a picture: tournament standings and pairings, posted in a chat. A title, a row of
//! column headings in bold on a darker band, then the rows on alternating stripes; numbers
//! right-aligned, text left-aligned. It takes plain text and knows no tournament.
//!
//! Drawn on the canvas with the fonts the rating chart uses. The columns are as wide as their
//! content and the picture as wide as its columns, from [`MIN_WIDTH`] to [`MAX_WIDTH`]: a chat
//! preview shrinks it to about [`PREVIEW_WIDTH`] pixels wide, where its smallest text is still
//! [`MIN_PREVIEW_TEXT`](crate::MIN_PREVIEW_TEXT) pixels high or more. What does not fit is
//! shortened with "…": a cell to its column, the rows to [`MAX_ROWS`] (and a line saying how
//! many more), the columns to as many as the widest picture holds. [`table_alt`] says it all in
//! words, for the picture's alt text and the plain-text message.
//!
//! Any input draws: no rows (a line says so), no headings (no band), rows with fewer or more cells than headings, names
//! in any script (a character the font lacks is its empty box, as everywhere on our pictures).

use super::canvas::Canvas;
use super::encode;
use super::font::{self, Face, Fonts};
use super::layout::PREVIEW_WIDTH;
use super::palette::{self, Rgba};
use super::surface::Surface;

/// A table to draw: a title line, column headings, rows of cells (all text).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub title: String,
    pub headings: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Which columns are numbers (drawn right-aligned); the others are left-aligned.
    pub numeric: Vec<bool>,
}

/// The narrowest and widest picture, in pixels.
pub const MIN_WIDTH: u32 = 400;
pub const MAX_WIDTH: u32 = 900;
/// The most rows drawn; a line under them says how many more there are.
pub const MAX_ROWS: usize = 40;
/// The title's size and the size of every other text (the smallest on the picture).
const TITLE_SIZE: f32 = 28.0;
pub const TABLE_TEXT_SIZE: f32 = 20.0;
/// The height of a row and of the heading band.
const ROW_HEIGHT: f32 = 32.0;
const HEADING_HEIGHT: f32 = 36.0;
const MARGIN: f32 = 18.0;
/// The room on each side of a cell's text.
const PADDING: f32 = 12.0;
/// The narrowest column's text: a letter and the ellipsis.
const MIN_COLUMN: f32 = 28.0;
/// At most this many times as tall as wide (a taller picture is made wider), as a chat
/// preview capped in height would shrink it.
const MAX_TALL: f32 = 1.8;
/// Characters of a cell kept before measuring (no column holds more) and in the alt text.
const MAX_CELL_CHARS: usize = 200;
const MAX_ALT_CELL_CHARS: usize = 64;
/// Columns beyond this many are left out of the alt text (the picture holds fewer).
const MAX_ALT_COLUMNS: usize = 64;

/// The heading band (darker than the background) and every other row's stripe (lighter).
const HEADING_BAND: Rgba = palette::VOID;
const STRIPE: Rgba = Rgba::opaque(56, 59, 65);
/// The line under the heading band.
const RULE: Rgba = Rgba(255, 255, 255, 70);

/// The table as a PNG, from [`MIN_WIDTH`] to [`MAX_WIDTH`] pixels wide. Never fails: any
/// input draws (an empty vector only if the encoder itself were to fail, which it does not
/// for these sizes).
pub fn table_png(table: &Table) -> Vec<u8> {
    let Some(canvas) = draw(table) else {
        return Vec::new();
    };
    let (width, height) = (canvas.width(), canvas.height());
    encode::rgb(&canvas.into_rgba(), width, height).unwrap_or_default()
}

/// The table in words: a short sentence (the title and how many rows), the headings and the
/// rows, one a line with the cells between " | ", the same rows as the picture (and a last line
/// saying how many more).
pub fn table_alt(table: &Table) -> String {
    let title = clean(&table.title, MAX_ALT_CELL_CHARS);
    let n = table.rows.len();
    let size = match n {
        0 => "a table with no rows yet".to_string(),
        1 => "a table of 1 row".to_string(),
        n => format!("a table of {n} rows"),
    };
    let mut out = if title.is_empty() {
        let mut chars = size.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    } else {
        format!("{title} ({size})")
    };
    let columns = table
        .rows
        .iter()
        .take(MAX_ROWS)
        .map(Vec::len)
        .chain([table.headings.len()])
        .max()
        .unwrap_or(0)
        .min(MAX_ALT_COLUMNS);
    // The cells of a line under their headings, up to the last that is not empty.
    let line = |cells: &[String]| -> String {
        let mut cells: Vec<String> = (0..columns)
            .map(|c| clean(cells.get(c).map_or("", String::as_str), MAX_ALT_CELL_CHARS))
            .collect();
        while cells.last().is_some_and(String::is_empty) {
            cells.pop();
        }
        cells.join(" | ")
    };
    if table.headings.iter().any(|h| !h.trim().is_empty()) {
        out.push('\n');
        out.push_str(&line(&table.headings));
    }
    for row in table.rows.iter().take(MAX_ROWS) {
        out.push('\n');
        out.push_str(&line(row));
    }
    if let Some(more) = more_line(n) {
        out.push('\n');
        out.push_str(&more);
    }
    out
}

/// The smallest text of a picture `width` pixels wide as a chat preview shows it, in pixels.
pub fn preview_text_size(width: u32) -> f32 {
    TABLE_TEXT_SIZE * PREVIEW_WIDTH / width.max(1) as f32
}

/// "… and N more" under the drawn rows, if there are more than [`MAX_ROWS`].
fn more_line(rows: usize) -> Option<String> {
    (rows > MAX_ROWS).then(|| format!("… and {} more", rows - MAX_ROWS))
}

/// `text` on one line and at most `max` characters (with "…" if cut): line breaks and other
/// control characters become spaces, invisible formatting characters (zero-width spaces and
/// joiners, direction marks, variation selectors) are dropped, and runs of spaces are one.
fn clean(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut kept = 0;
    for c in text.chars() {
        if invisible(c) {
            continue;
        }
        let c = if c.is_control() || c.is_whitespace() {
            ' '
        } else {
            c
        };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        if kept == max {
            out.truncate(out.trim_end().len());
            out.push('…');
            return out;
        }
        out.push(c);
        kept += 1;
    }
    out.truncate(out.trim_end().len());
    out
}

/// Characters that take no room and that the font draws as an empty box.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{E0000}'..='\u{E007F}'
            | '\u{E0100}'..='\u{E01EF}'
    )
}

/// Where everything goes: the picture's size, the columns drawn (left edge and width of each,
/// padding included) and the rows' cells, cleaned.
struct Plan {
    width: u32,
    height: u32,
    title: String,
    /// The top of the heading band, and its height (none without headings).
    top: f32,
    heading: f32,
    columns: Vec<Column>,
    headings: Vec<String>,
    rows: Vec<Vec<String>>,
    more: Option<String>,
}

struct Column {
    x: f32,
    width: f32,
    numeric: bool,
}

fn plan(table: &Table, fonts: &Fonts) -> Plan {
    let (regular, bold) = (&fonts.regular, &fonts.bold);
    let title = clean(&table.title, MAX_CELL_CHARS);
    let rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .take(MAX_ROWS)
        .map(|row| row.iter().map(|c| clean(c, MAX_CELL_CHARS)).collect())
        .collect();
    let more = more_line(table.rows.len());
    // Every column that has a heading or a cell in a drawn row, as many as the widest picture
    // holds at their narrowest.
    let room = MAX_WIDTH as f32 - 2.0 * MARGIN;
    let fitting = (room / (MIN_COLUMN + 2.0 * PADDING)) as usize;
    let count = rows
        .iter()
        .map(Vec::len)
        .chain([table.headings.len()])
        .max()
        .unwrap_or(0)
        .min(fitting);
    let headings: Vec<String> = (0..count)
        .map(|c| {
            clean(
                table.headings.get(c).map_or("", String::as_str),
                MAX_CELL_CHARS,
            )
        })
        .collect();
    let numeric: Vec<bool> = (0..count)
        .map(|c| table.numeric.get(c).copied().unwrap_or(false))
        .collect();
    // Each column as wide as its widest text, then the widest cut down alike until they fit.
    let natural: Vec<f32> = (0..count)
        .map(|c| {
            let cells = rows
                .iter()
                .filter_map(|row| row.get(c))
                .map(|cell| font::measure(regular, TABLE_TEXT_SIZE, cell));
            cells
                .chain([font::measure(bold, TABLE_TEXT_SIZE, &headings[c])])
                .fold(MIN_COLUMN, f32::max)
                .ceil()
        })
        .collect();
    let mut texts = share(&natural, room - 2.0 * PADDING * count as f32);
    let table_width: f32 = texts.iter().map(|w| w + 2.0 * PADDING).sum();
    // The height, then the width: the table's or the title's, no narrower than the preview
    // nor so narrow that the picture is much taller than wide.
    let top = if title.is_empty() {
        MARGIN
    } else {
        MARGIN + TITLE_SIZE + 14.0
    };
    let heading = if headings.iter().any(|h| !h.is_empty()) {
        HEADING_HEIGHT
    } else {
        0.0
    };
    let lines = rows.len().max(1) + usize::from(more.is_some());
    let height = (top + heading + lines as f32 * ROW_HEIGHT + MARGIN).ceil();
    let title_width = font::measure(bold, TITLE_SIZE, &title);
    let width = (table_width.max(title_width) + 2.0 * MARGIN)
        .max(MIN_WIDTH as f32)
        .max(height / MAX_TALL)
        .min(MAX_WIDTH as f32)
        .ceil();
    // Room left over goes to the widest text column (a name), else to every column alike.
    let slack = (width - 2.0 * MARGIN - table_width).max(0.0);
    let widest_text = (0..count)
        .filter(|&c| !numeric[c])
        .max_by(|&a, &b| natural[a].total_cmp(&natural[b]));
    match widest_text {
        Some(c) => texts[c] += slack,
        None => texts
            .iter_mut()
            .for_each(|w| *w += slack / count.max(1) as f32),
    }
    let mut x = MARGIN;
    let columns = texts
        .iter()
        .zip(&numeric)
        .map(|(&text, &numeric)| {
            let column = Column {
                x,
                width: text + 2.0 * PADDING,
                numeric,
            };
            x += column.width;
            column
        })
        .collect();
    Plan {
        width: width as u32,
        height: height as u32,
        title,
        top,
        heading,
        columns,
        headings,
        rows,
        more,
    }
}

/// The widths `natural` cut down to fit `room` in all: the narrow keep theirs, and the wide
/// share what is left alike (none narrower than [`MIN_COLUMN`]).
fn share(natural: &[f32], room: f32) -> Vec<f32> {
    if natural.iter().sum::<f32>() <= room {
        return natural.to_vec();
    }
    let mut sorted = natural.to_vec();
    sorted.sort_by(f32::total_cmp);
    let (mut left, mut cap) = (room, MIN_COLUMN);
    for (i, w) in sorted.iter().enumerate() {
        let others = (sorted.len() - i) as f32;
        if w * others > left {
            cap = (left / others).floor().max(MIN_COLUMN);
            break;
        }
        left -= w;
    }
    natural.iter().map(|w| w.min(cap)).collect()
}

fn draw(table: &Table) -> Option<Canvas> {
    let fonts = Fonts::shared();
    let plan = plan(table, fonts);
    let mut canvas = Canvas::new(plan.width, plan.height, palette::BACKGROUND)?;
    let (w, size) = (plan.width as f32, TABLE_TEXT_SIZE);
    if !plan.title.is_empty() {
        let title = font::fit(&fonts.bold, TITLE_SIZE, &plan.title, w - 2.0 * MARGIN);
        font::draw(
            &mut canvas,
            &fonts.bold,
            TITLE_SIZE,
            MARGIN,
            MARGIN + TITLE_SIZE * 0.8,
            palette::TEXT,
            &title,
        );
    }
    let left = MARGIN.round() as i32;
    let band_width = (w - 2.0 * MARGIN).round() as u32;
    let (top, first) = (plan.top, plan.top + plan.heading);
    if plan.heading > 0.0 {
        canvas.fill_rect(
            left,
            top.round() as i32,
            band_width,
            plan.heading as u32,
            HEADING_BAND,
        );
        row(
            &mut canvas,
            &fonts.bold,
            &plan.columns,
            &plan.headings,
            top,
            plan.heading,
            palette::TEXT,
        );
        canvas.fill_rect(left, first.round() as i32 - 2, band_width, 2, RULE);
    }
    for (i, cells) in plan.rows.iter().enumerate() {
        let y = first + i as f32 * ROW_HEIGHT;
        if i % 2 == 1 {
            canvas.fill_rect(
                left,
                y.round() as i32,
                band_width,
                ROW_HEIGHT as u32,
                STRIPE,
            );
        }
        row(
            &mut canvas,
            &fonts.regular,
            &plan.columns,
            cells,
            y,
            ROW_HEIGHT,
            palette::TEXT,
        );
    }
    let below = first + plan.rows.len() as f32 * ROW_HEIGHT;
    let note = match (&plan.more, plan.rows.is_empty()) {
        (Some(more), _) => Some(more.as_str()),
        (None, true) => Some("No rows yet"),
        (None, false) => None,
    };
    if let Some(note) = note {
        let note = font::fit(&fonts.regular, size, note, w - 2.0 * (MARGIN + PADDING));
        font::draw(
            &mut canvas,
            &fonts.regular,
            size,
            MARGIN + PADDING,
            baseline(below, ROW_HEIGHT),
            palette::COORDINATES,
            &note,
        );
    }
    Some(canvas)
}

/// The baseline of a line of table text centred in a row from `top`, `height` high.
fn baseline(top: f32, height: f32) -> f32 {
    top + (height + TABLE_TEXT_SIZE * 0.72) / 2.0
}

/// One row's cells in their columns, each shortened to its column and aligned by its kind.
fn row(
    canvas: &mut Canvas,
    face: &Face,
    columns: &[Column],
    cells: &[String],
    top: f32,
    height: f32,
    colour: Rgba,
) {
    let y = baseline(top, height);
    for (column, cell) in columns.iter().zip(cells) {
        if cell.is_empty() {
            continue;
        }
        let room = column.width - 2.0 * PADDING;
        let text = font::fit(face, TABLE_TEXT_SIZE, cell, room);
        let x = if column.numeric {
            let width = font::measure(face, TABLE_TEXT_SIZE, &text);
            column.x + column.width - PADDING - width
        } else {
            column.x + PADDING
        };
        font::draw(canvas, face, TABLE_TEXT_SIZE, x, y, colour, &text);
    }
}

/// Made-up standings for the gallery: a six-player Swiss after three rounds, with Buchholz,
/// Buchholz cut 1 and Sonneborn–Berger (worked out from the games below).
///
/// Round 1: alice 1–0 dmitri, bob ½–½ Łukasz, Zoë 1–0 the grandmaster; round 2: alice ½–½
/// Zoë, bob 1–0 dmitri, Łukasz 1–0 the grandmaster; round 3: alice 1–0 bob, Zoë ½–½ Łukasz,
/// dmitri ½–½ the grandmaster.
pub fn sample() -> Table {
    let rows = [
        ["1", "alice", "2½", "4", "3½", "3"],
        ["2", "Zoë", "2", "5", "4½", "2¾"],
        ["3", "Łukasz", "2", "4", "3½", "2¼"],
        ["4", "bob", "1½", "5", "4½", "1½"],
        ["5–6", "correspondence_grandmaster_42", "½", "4½", "4", "¼"],
        ["5–6", "dmitri", "½", "4½", "4", "¼"],
    ];
    Table {
        title: "Autumn Swiss: standings after round 3".to_string(),
        headings: ["Place", "Player", "Points", "BH", "BH-C1", "SB"]
            .map(String::from)
            .to_vec(),
        rows: rows
            .iter()
            .map(|row| row.map(String::from).to_vec())
            .collect(),
        numeric: vec![true, false, true, true, true, true],
    }
}

/// A made-up Catalonia duplicate event, as `/tournament standings` draws one: a row per turn,
/// a column per group, "–" for a turn a group did not score, and the totals (one group still
/// playing, its total marked "…").
pub fn duplicate_sample() -> Table {
    let groups = ["Otters", "Night_owls", "Zoë with the bot", "Team_42"];
    let turns: [[&str; 4]; 10] = [
        ["4", "–", "–", "–"],
        ["9", "4", "4", "–"],
        ["0", "9", "9", "4"],
        ["16", "16", "4", "9"],
        ["9", "0", "16", "0"],
        ["25", "9", "9", "16"],
        ["16", "25", "4", "9"],
        ["9", "16", "0", "4"],
        ["36", "9", "16", "–"],
        ["16", "25", "9", "–"],
    ];
    let mut rows: Vec<Vec<String>> = turns
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut cells = vec![(i + 6).to_string()];
            cells.extend(row.iter().map(|c| c.to_string()));
            cells
        })
        .collect();
    rows.push(
        ["Total", "140", "113", "71", "42…"]
            .map(String::from)
            .to_vec(),
    );
    let mut headings = vec!["Turn".to_string()];
    headings.extend(groups.map(String::from));
    Table {
        title: "Tournament #7 (duplicate event), standings so far".to_string(),
        numeric: vec![true; headings.len()],
        headings,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MIN_PREVIEW_TEXT;

    #[test]
    fn text_stays_readable_in_a_preview_at_the_widest() {
        assert!(preview_text_size(MAX_WIDTH) >= MIN_PREVIEW_TEXT);
    }

    #[test]
    fn narrow_columns_keep_their_width_and_wide_ones_share_the_rest() {
        assert_eq!(share(&[50.0, 300.0], 400.0), vec![50.0, 300.0]);
        assert_eq!(
            share(&[50.0, 300.0, 400.0], 450.0),
            vec![50.0, 200.0, 200.0]
        );
        // Never narrower than the narrowest column, even when that overflows (the caller
        // leaves out the columns that cannot fit).
        assert_eq!(share(&[100.0, 100.0], 10.0), vec![MIN_COLUMN, MIN_COLUMN]);
    }

    #[test]
    fn cells_are_cleaned_to_one_line() {
        assert_eq!(clean("  Zoë\n\tvan\u{200B}  Dijk ", 64), "Zoë van Dijk");
        assert_eq!(clean("abcdef", 3), "abc…");
        assert_eq!(clean("\u{FE0F}\u{200D}", 3), "");
    }

    #[test]
    fn every_column_fits_the_widest_picture() {
        let fonts = Fonts::shared();
        let wide = Table {
            title: "t".into(),
            headings: (0..100).map(|i| format!("Column {i}")).collect(),
            rows: vec![(0..100).map(|i| "x".repeat(i)).collect()],
            numeric: vec![],
        };
        let plan = plan(&wide, fonts);
        let last = plan.columns.last().unwrap();
        assert!(last.x + last.width <= plan.width as f32 - MARGIN + 0.5);
        assert!(plan.width <= MAX_WIDTH);
    }
}
