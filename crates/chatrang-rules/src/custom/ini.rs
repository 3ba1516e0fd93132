//! The text of a definition, read as Fairy-Stockfish's `variants.ini` reads a section: an
//! optional `[name]` or `[name:parent]` heading, then `key = value` lines. `#` and `;` start a
//! comment line; blank lines are skipped. Only the layout is read here; what the keys mean is
//! `definition`'s business.

use super::error::{DefinitionError, quote};

/// One definition's lines: its heading and its entries in the order written.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub(super) struct Section {
    /// The name from the heading, if there is one.
    pub name: Option<String>,
    /// The variant it builds on (`[mine:chess]`), if any.
    pub parent: Option<String>,
    /// Each `key = value` line: the key, its value and its line number (from 1).
    pub entries: Vec<Entry>,
}

/// One `key = value` line.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(super) struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// Reads the layout of a definition.
pub(super) fn read(text: &str) -> Result<Section, DefinitionError> {
    let mut section = Section::default();
    let mut heading_seen = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if trimmed.contains('|') {
            return Err(DefinitionError::Bar { line });
        }
        if let Some(inner) = trimmed.strip_prefix('[') {
            if heading_seen || !section.entries.is_empty() {
                return Err(DefinitionError::SecondHeading { line });
            }
            let inner = inner
                .strip_suffix(']')
                .ok_or_else(|| DefinitionError::BadHeading {
                    line,
                    text: quote(trimmed),
                })?;
            let (name, parent) = match inner.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim())),
                None => (inner.trim(), None),
            };
            if name.is_empty() || parent.is_some_and(str::is_empty) {
                return Err(DefinitionError::BadHeading {
                    line,
                    text: quote(trimmed),
                });
            }
            section.name = Some(name.to_string());
            section.parent = parent.map(str::to_string);
            heading_seen = true;
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(DefinitionError::NotAnEntry {
                line,
                text: quote(trimmed),
            });
        };
        let key = key.trim();
        if key.is_empty() {
            return Err(DefinitionError::NotAnEntry {
                line,
                text: quote(trimmed),
            });
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    if section.entries.is_empty() && !heading_seen {
        return Err(DefinitionError::Empty);
    }
    Ok(section)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_heading_entries_and_skips_comments() {
        let s = read("# mine\n[Tiny:chess]\n; a note\nmaxFile = 6\n\n  maxRank=6  \n").unwrap();
        assert_eq!(s.name.as_deref(), Some("Tiny"));
        assert_eq!(s.parent.as_deref(), Some("chess"));
        assert_eq!(s.entries.len(), 2);
        assert_eq!(
            s.entries[1],
            Entry {
                key: "maxRank".into(),
                value: "6".into(),
                line: 6
            }
        );
    }

    #[test]
    fn refuses_a_line_that_is_no_entry_a_second_heading_and_nothing() {
        assert!(matches!(
            read("maxFile 6"),
            Err(DefinitionError::NotAnEntry { line: 1, .. })
        ));
        assert!(matches!(
            read("[a]\nmaxFile = 6\n[b]"),
            Err(DefinitionError::SecondHeading { line: 3 })
        ));
        assert!(matches!(
            read("[a"),
            Err(DefinitionError::BadHeading { .. })
        ));
        assert_eq!(read("# only a comment\n"), Err(DefinitionError::Empty));
    }
}
