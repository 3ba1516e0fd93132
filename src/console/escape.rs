//! What the console prints of text it did not write itself (what was typed, names, the
//! service's answers quoting it): control characters are shown escaped (`\u{1b}`), so a line
//! that starts with an escape sequence cannot turn the terminal red or move its cursor. Line
//! breaks and tabs are kept: the service's answers are laid out with them.

/// `text` with every control character but line breaks and tabs written as `\u{…}`.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_obeyed() {
        assert_eq!(escaped("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(escaped("a\u{7}b\u{9b}c"), "a\\u{7}b\\u{9b}c");
        assert_eq!(escaped("two\nlines\tand ♔"), "two\nlines\tand ♔");
    }
}
