//! What people paste or type as a move, brought to the plain text every game's notation reader
//! knows, before it reads it. Players copy moves from the bot's own posts (which write a move
//! `e4–e6`, with an en dash), from score sheets (`1. e4`, `12... Nc6`), from sites that print
//! figurines (`♗c4`), or type them on a phone keyboard set to full width (`ｅ４ｅ６`). Doing this
//! once here, in the game loop, keeps every game's reader to its own ASCII notation.

/// `input` with full-width letters and digits made ASCII, dashes and the multiplication sign
/// made `-` and `x`, chess figurines made their piece letters (a pawn's figurine is dropped,
/// as algebraic notation writes no letter for a pawn), and a leading move number (`1.`,
/// `1...`, `1…`) taken off. Anything else is left as it was, for the game's reader to judge.
pub fn plain_move(input: &str) -> String {
    let mapped: String = input.chars().filter_map(plain_char).collect();
    without_move_number(&mapped).to_string()
}

/// One character as the readers know it; `None` drops it.
fn plain_char(c: char) -> Option<char> {
    Some(match c {
        // Full-width forms of the printable ASCII characters sit 0xFEE0 above them.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{2192}' => '-',
        '\u{00D7}' => 'x',
        '\u{2026}' => '.',
        '♔' | '♚' => 'K',
        '♕' | '♛' => 'Q',
        '♖' | '♜' => 'R',
        '♗' | '♝' => 'B',
        '♘' | '♞' => 'N',
        '♙' | '♟' => return None,
        other => other,
    })
}

/// `text` without a leading move number: digits, then at least one full stop, as score sheets
/// write them, before a move. Text that does not start so is returned whole (no game's move
/// starts with a number and a full stop).
fn without_move_number(text: &str) -> &str {
    let trimmed = text.trim_start();
    let after_digits = trimmed.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() == trimmed.len() || !after_digits.starts_with('.') {
        return text;
    }
    let rest = after_digits.trim_start_matches('.').trim_start();
    // Only a move follows a move number; anything else is left for the reader to refuse whole.
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        rest
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::plain_move;

    #[test]
    fn pasted_forms_become_plain_ascii() {
        for (typed, plain) in [
            ("1. e4", "e4"),
            ("1... e5", "e5"),
            ("12…Nc6", "Nc6"),
            ("♗c4", "Bc4"),
            ("♞f6", "Nf6"),
            ("♙e4", "e4"),
            ("ｅ４ｅ６", "e4e6"),
            ("ｅ２－ｅ４", "e2-e4"),
            ("e4–e6", "e4-e6"),
            ("e4—e6", "e4-e6"),
            ("d5×e4", "d5xe4"),
        ] {
            assert_eq!(plain_move(typed), plain, "{typed}");
        }
    }

    #[test]
    fn text_without_a_pasted_form_is_left_alone() {
        for typed in [
            "e2e4",
            "O-O",
            "0-0",
            "baseline north",
            "1e4",
            "12",
            "unbind c4 N",
        ] {
            assert_eq!(plain_move(typed), typed);
        }
    }
}
