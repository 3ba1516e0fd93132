//! The service's texts are Markdown, and a line that starts with a number and a dot ("1. alice
//! 2½") is an ordered list item to Discord and to a Matrix client. The bot never means one:
//! its numbered lines are places and choices, and a list renumbers them (a shared place
//! "2–3. bob" is no item, so the "4. carol" after it is shown as "2."). The adapters escape
//! those dots before posting, so the numbers are shown as written.

/// `text` with the dot (or parenthesis) after a number that starts a line escaped, so that no
/// Markdown reader takes the line for a list item.
pub fn places_not_lists(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&escaped_line(line));
    }
    out
}

fn escaped_line(line: &str) -> String {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &rest[digits..];
    let marker = after.starts_with(['.', ')']);
    let then = after.get(1..2);
    let list_item = indent <= 3
        && (1..=9).contains(&digits)
        && marker
        && matches!(then, None | Some(" ") | Some("\t"));
    if !list_item {
        return line.to_string();
    }
    let at = indent + digits;
    format!("{}\\{}", &line[..at], &line[at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_and_a_dot_that_start_a_line_are_escaped_and_nothing_else() {
        assert_eq!(
            places_not_lists("Final standings:\n1. alice 2½\n2–3. bob\n4) carol\n10.\n"),
            "Final standings:\n1\\. alice 2½\n2–3. bob\n4\\) carol\n10\\.\n"
        );
        for kept in [
            "1.5 points",
            "game #1. done",
            "1234567890. x",
            "    1. code",
            "a 1. b",
        ] {
            assert_eq!(places_not_lists(kept), kept);
        }
    }
}
