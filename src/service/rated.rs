//! Whether a game counts for the ratings. Every finished game between people (or against the
//! bot) changes its players' ratings unless it was started with `rated=no`: a friendly game, a
//! casual seek, a tournament that is not rated. The game itself never reads the option; the
//! service keeps it with the game's options so that the game's end knows.

use std::collections::BTreeMap;

use super::{reply::ServiceError, words::shown};
use crate::rules::OptionSpec;

/// The option's name, as `/new` and `/seek` take it and the game's record keeps it.
pub(crate) const RATED: &str = "rated";

/// `/new`'s rated option, for `/help` and Discord's option list.
pub const RATED_OPTION: OptionSpec = OptionSpec {
    name: RATED,
    description: "yes (default) or no: whether the finished game changes the players' ratings",
};

/// Reads a yes-or-no value of `rated=` (`yes`, `no`, `on`, `off`, `true`, `false`).
pub(crate) fn rated_value(value: &str) -> Result<bool, ServiceError> {
    match value.trim().to_lowercase().as_str() {
        "yes" | "y" | "on" | "true" | "rated" => Ok(true),
        "no" | "n" | "off" | "false" | "casual" => Ok(false),
        _ => Err(ServiceError::refused(format!(
            "Say rated=yes or rated=no (no for a game that leaves the ratings alone), not \"{}\".",
            shown(value.trim())
        ))),
    }
}

/// Takes `rated=` out of `/new`'s options; `None` when it was not given.
pub(crate) fn take_rated(
    options: &mut Vec<(String, String)>,
) -> Result<Option<bool>, ServiceError> {
    let mut chosen = None;
    let mut rest = Vec::new();
    for (name, value) in options.drain(..) {
        if name.trim().to_lowercase() == RATED {
            chosen = Some(rated_value(&value)?);
        } else {
            rest.push((name, value));
        }
    }
    *options = rest;
    Ok(chosen)
}

/// Keeps the choice with a game's options: only an unrated game needs a mark.
pub(crate) fn keep_rated(options: &mut BTreeMap<String, String>, rated: bool) {
    if !rated {
        options.insert(RATED.to_string(), "no".to_string());
    }
}

/// Whether a game with these options changes ratings when it ends.
pub(crate) fn is_rated(options: &BTreeMap<String, String>) -> bool {
    options.get(RATED).is_none_or(|value| value != "no")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_rated_unless_started_with_rated_no() {
        let mut given = vec![
            ("rated".to_string(), "no".to_string()),
            ("deadline".to_string(), "1d".to_string()),
        ];
        assert_eq!(take_rated(&mut given), Ok(Some(false)));
        assert_eq!(given, vec![("deadline".to_string(), "1d".to_string())]);
        let mut options = BTreeMap::new();
        assert!(is_rated(&options));
        keep_rated(&mut options, false);
        assert!(!is_rated(&options));
    }

    #[test]
    fn a_value_that_is_neither_yes_nor_no_is_refused_and_quoted() {
        let why = rated_value("maybe").expect_err("refused").to_string();
        assert!(why.contains("\"maybe\""), "{why}");
    }
}
