//! Small helpers that turn values into the sentences people read: lists of names, and rules
//! errors made into sentences. Every command's text goes through them, so they sit at the
//! bottom of the service.

/// "a", "a and b", "a, b and c"; "nobody yet" for none.
pub(crate) fn join_names(names: &[&str]) -> String {
    match names {
        [] => "nobody yet".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// How much of what was typed a reply repeats: enough to recognise it, and a long one is cut
/// so that the reply stays short (every command's answer keeps to it).
const SHOWN: usize = 40;

/// Typed text as a reply repeats it: at most [`SHOWN`] characters, then "…".
pub(crate) fn shown(value: &str) -> String {
    match value.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &value[..cut]),
        None => value.to_string(),
    }
}

/// Upper-cases the first letter and ends with a full stop: rules errors become sentences.
pub(crate) fn sentence(text: &str) -> String {
    let text = text.trim();
    // Capitalise a word, never a move or a square ("e2e4 is not legal" stays as it is).
    let first_word = text.split_whitespace().next().unwrap_or("");
    let mut out = if first_word.chars().all(char::is_alphabetic) {
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => return String::new(),
        }
    } else {
        text.to_string()
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// A name (a piece's, a variant's) as a word of a file name: lower-case letters, digits and dashes.
pub(crate) fn file_word(name: &str) -> String {
    name.chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}
