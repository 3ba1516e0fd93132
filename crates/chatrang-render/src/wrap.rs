//! Wrapping a title onto as many lines as it needs, so that a long prompt ("Black: choose your
//! baseline edge: …") is read whole instead of being cut with an ellipsis.

use super::font::{self, Face};

/// At most this many lines; more means a malformed header, and the last line is shortened.
pub const MAX_LINES: usize = 6;

/// `text` broken at spaces into lines no wider than `width` at `size`, preferring to end a
/// line at a " · " separator; a word wider than a line is shortened with an ellipsis.
pub fn lines(face: &Face, size: f32, text: &str, width: f32) -> Vec<String> {
    let fits = |line: &str| font::measure(face, size, line) <= width;
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if fits(&candidate) || line.is_empty() {
            line = candidate;
            continue;
        }
        // Prefer the break before the last " · " of the line when it keeps most of it.
        let (kept, carried) = match line.rfind(" · ") {
            Some(at) if at * 3 >= line.len() * 2 => {
                let dot_end = at + " ·".len();
                (line[..dot_end].to_string(), line[dot_end + 1..].to_string())
            }
            _ => (line.clone(), String::new()),
        };
        out.push(kept);
        line = if carried.is_empty() || !fits(&format!("{carried} {word}")) {
            if !carried.is_empty() {
                out.push(carried);
            }
            word.to_string()
        } else {
            format!("{carried} {word}")
        };
    }
    if !line.is_empty() {
        out.push(line);
    }
    if out.len() > MAX_LINES {
        let rest = out[MAX_LINES - 1..].join(" ");
        out.truncate(MAX_LINES - 1);
        out.push(rest);
    }
    out.into_iter()
        .map(|line| font::fit(face, size, &line, width))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::font::{Fonts, measure};
    use super::*;

    #[test]
    fn long_titles_wrap_whole_and_short_ones_stay_on_one_line() {
        let fonts = Fonts::load();
        let face = &fonts.bold;
        let title = "Katarenga · board ATM7 · move 1 · Black: choose your baseline edge: baseline north (the rank 8 edge), east (h-file), south (rank 1) or west (a-file)";
        let wrapped = lines(face, 21.0, title, 560.0);
        assert!(wrapped.len() >= 2, "{wrapped:?}");
        assert!(wrapped.iter().all(|l| measure(face, 21.0, l) <= 560.0));
        assert!(wrapped.iter().all(|l| !l.ends_with('…')), "{wrapped:?}");
        assert_eq!(wrapped.join(" "), title);
        assert_eq!(
            lines(face, 21.0, "Chess · move 1", 560.0),
            ["Chess · move 1"]
        );
        let word = "x".repeat(500);
        assert!(lines(face, 21.0, &word, 200.0)[0].ends_with('…'));
        let many = "word ".repeat(400);
        assert_eq!(lines(face, 21.0, &many, 200.0).len(), MAX_LINES);
    }
}
