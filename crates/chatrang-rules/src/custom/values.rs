//! Reading and writing the values of a definition's keys: booleans, numbers, squares, regions
//! of whole ranks and sets of piece letters, each refused with what the key takes.

use super::{
    error::{DefinitionError, quote},
    ini::Entry,
    pieces::PieceSpec,
};
use crate::{MAX_SIDE, Square};

/// The most files a defined board may have.
pub const MAX_FILES: u8 = MAX_SIDE;
/// The most ranks a defined board may have.
pub const MAX_RANKS: u8 = 12;

pub(super) fn bad(entry: &Entry, expected: &'static str) -> DefinitionError {
    DefinitionError::BadValue {
        line: entry.line,
        key: quote(&entry.key),
        value: quote(&entry.value),
        expected,
    }
}

pub(super) fn boolean(entry: &Entry) -> Result<bool, DefinitionError> {
    match entry.value.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" => Ok(true),
        "false" | "no" | "off" => Ok(false),
        _ => Err(bad(entry, "true or false")),
    }
}

pub(super) fn number(
    entry: &Entry,
    low: u32,
    high: u32,
    expected: &'static str,
) -> Result<u32, DefinitionError> {
    entry
        .value
        .parse::<u32>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| bad(entry, expected))
}

/// `maxFile`: a number, or the last file's letter as Fairy-Stockfish also writes it.
pub(super) fn file_count(entry: &Entry) -> Result<u8, DefinitionError> {
    const EXPECTED: &str = "a number of files from 1 to 16, or the last file's letter, a to p";
    let v = entry.value.to_ascii_lowercase();
    let mut chars = v.chars();
    if let (Some(c @ 'a'..='p'), None) = (chars.next(), chars.next()) {
        return Ok(c as u8 - b'a' + 1);
    }
    Ok(number(entry, 1, u32::from(MAX_FILES), EXPECTED)? as u8)
}

/// One file by its letter (`castlingKingsideFile = g`), on the board.
pub(super) fn file_letter(entry: &Entry, files: u8) -> Result<u8, DefinitionError> {
    let v = entry.value.trim().to_ascii_lowercase();
    let mut chars = v.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='p'), None) if (c as u8 - b'a') < files => Ok(c as u8 - b'a'),
        _ => Err(bad(entry, "a file's letter on this board, such as g")),
    }
}

/// Square names separated by spaces, each on the board.
pub(super) fn squares(entry: &Entry, files: u8, ranks: u8) -> Result<Vec<Square>, DefinitionError> {
    let mut out = Vec::new();
    for word in entry.value.split_whitespace() {
        let square = Square::parse(word)
            .ok()
            .filter(|s| s.file() < files && s.rank() < ranks)
            .ok_or_else(|| {
                bad(
                    entry,
                    "square names on the board, separated by spaces, such as d4 e5",
                )
            })?;
        if !out.contains(&square) {
            out.push(square);
        }
    }
    out.sort_by_key(|s| (s.rank(), s.file()));
    Ok(out)
}

/// A region of whole ranks, `*6 *7 *8`, as 1-based ranks (sorted, without repeats).
pub(super) fn ranks_of(entry: &Entry, ranks: u8) -> Result<Vec<u8>, DefinitionError> {
    const EXPECTED: &str = "whole ranks written *8 (or *6 *7 *8): regions are whole ranks here";
    let mut out = Vec::new();
    if entry.value.trim() == "-" {
        return Ok(out);
    }
    for word in entry.value.split_whitespace() {
        let rank = word
            .strip_prefix('*')
            .and_then(|r| r.parse::<u8>().ok())
            .filter(|r| (1..=ranks).contains(r))
            .ok_or_else(|| bad(entry, EXPECTED))?;
        if !out.contains(&rank) {
            out.push(rank);
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// White's and Black's regions of whole ranks, as ranks from 0 on each owner's side: Black's
/// must mirror White's (or be left out, and then it does).
pub(super) fn mirrored_ranks(
    white: Option<&Entry>,
    black: Option<&Entry>,
    ranks: u8,
) -> Result<Vec<u8>, DefinitionError> {
    let white_ranks = white.map(|e| ranks_of(e, ranks)).transpose()?;
    let black_ranks = black.map(|e| ranks_of(e, ranks)).transpose()?;
    let from_black =
        |b: &[u8]| -> Vec<u8> { b.iter().rev().map(|r| ranks - r).collect::<Vec<u8>>() };
    match (white_ranks, black_ranks) {
        (Some(w), None) => Ok(w.iter().map(|r| r - 1).collect()),
        (None, Some(b)) => Ok(from_black(&b)),
        (Some(w), Some(b)) => {
            let relative: Vec<u8> = w.iter().map(|r| r - 1).collect();
            if relative == from_black(&b) {
                Ok(relative)
            } else {
                Err(bad(
                    black.expect("given"),
                    "the mirror of White's region (*1 for White's *8): both sides play alike here",
                ))
            }
        }
        (None, None) => Ok(Vec::new()),
    }
}

/// Piece letters as Fairy-Stockfish writes a set of them (`qrbn`; a two-letter symbol in
/// brackets, `[dr]`), each a piece of the definition: their symbols, in the order written.
pub(super) fn letters(entry: &Entry, pieces: &[PieceSpec]) -> Result<Vec<String>, DefinitionError> {
    let mut out: Vec<String> = Vec::new();
    if entry.value.trim() == "-" {
        return Ok(out);
    }
    let mut chars = entry
        .value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',');
    while let Some(c) = chars.next() {
        let symbol = if c == '[' {
            let inner: String = chars.by_ref().take_while(|&c| c != ']').collect();
            inner.to_ascii_uppercase()
        } else {
            c.to_ascii_uppercase().to_string()
        };
        if !pieces.iter().any(|p| p.symbol == symbol) {
            return Err(DefinitionError::UnknownLetter {
                line: entry.line,
                key: entry.key.clone(),
                letter: quote(&symbol),
            });
        }
        if !out.contains(&symbol) {
            out.push(symbol);
        }
    }
    Ok(out)
}

/// Counts per piece letter, `q:1 r:2` (Fairy-Stockfish's `promotionLimit`): the symbols and
/// their counts, in the order written, each a piece of the definition.
pub(super) fn counts(
    entry: &Entry,
    pieces: &[PieceSpec],
) -> Result<Vec<(String, u8)>, DefinitionError> {
    const EXPECTED: &str = "letters with how many, such as q:1 r:2 (a number from 1 to 64)";
    let mut out: Vec<(String, u8)> = Vec::new();
    for word in entry.value.split_whitespace() {
        let (letter, count) = word.split_once(':').ok_or_else(|| bad(entry, EXPECTED))?;
        let count = count
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=64).contains(n))
            .ok_or_else(|| bad(entry, EXPECTED))?;
        let one = Entry {
            value: letter.to_string(),
            ..entry.clone()
        };
        for symbol in letters(&one, pieces)? {
            out.retain(|(s, _)| *s != symbol);
            out.push((symbol, count));
        }
    }
    Ok(out)
}

/// Counts per symbol as Fairy-Stockfish writes them, `q:1 r:2`.
pub(super) fn counts_text(counts: &[(String, u8)]) -> String {
    counts
        .iter()
        .map(|(symbol, n)| format!("{}:{n}", set_text(std::slice::from_ref(symbol))))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Symbols as a set of letters, `qrbn`, two-letter ones in brackets.
pub(super) fn set_text(symbols: &[String]) -> String {
    if symbols.is_empty() {
        return "-".into();
    }
    symbols
        .iter()
        .map(|s| {
            let lower = s.to_ascii_lowercase();
            if s.len() == 1 {
                lower
            } else {
                format!("[{lower}]")
            }
        })
        .collect()
}

/// 1-based ranks as a region, `*6 *7 *8`.
pub(super) fn region(ranks: impl Iterator<Item = u8>) -> String {
    let mut ranks: Vec<u8> = ranks.collect();
    ranks.sort_unstable();
    if ranks.is_empty() {
        return "-".into();
    }
    ranks
        .iter()
        .map(|r| format!("*{r}"))
        .collect::<Vec<_>>()
        .join(" ")
}
