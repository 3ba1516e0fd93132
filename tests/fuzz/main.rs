//! The fuzz suite: every parser of text from outside (position strings, moves, XBetza, army
//! lists, variant definitions, `/new` options and its timing options, the command line, UCI's lines, values read
//! back from the database) against arbitrary text, huge text and near-valid mutations of real inputs, so
//! that the fuzzer gets past the first check into the deep code. For each parser: it never
//! panics; every refusal is a clause or sentence that names the problem ([`clause`],
//! [`sentence`]); and what it reads writes back to text that reads to the same value.
//!
//! Each family has one file with a `strategy` of inputs and a `check` of one input; the
//! bounded `proptest`s run [`CASES`] inputs each in an ordinary `cargo test`, and
//! [`long_run`] runs every `check` a million times (`cargo test --test fuzz fuzz_long_run
//! -- --ignored --nocapture`). The parsers live in the rules crate, the service and the store;
//! the suite is the bot's (it links all three) so that one long run covers every parser.

use proptest::{prelude::*, string::string_regex, test_runner::Config};

/// Inputs per parser in a bounded run: the whole suite stays under half a minute in the dev
/// profile.
pub const CASES: u32 = 256;

/// The bounded runs' configuration: [`CASES`] inputs, no regression files (a failure found is
/// fixed and pinned by a named test instead).
pub fn config() -> Config {
    Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    }
}

/// The verdict on one input: `Err` says which property failed, with the input.
pub type Verdict = Result<(), String>;

/// Fails the check with a message when `cond` is false.
macro_rules! ensure {
    ($cond:expr, $($message:tt)+) => {
        if !$cond {
            return Err(format!($($message)+));
        }
    };
}

mod armies;
mod club;
mod command;
mod corpus;
mod long_run;
mod moves;
mod options;
mod positions;
mod stored;
mod timing;
mod uci;
mod variants;
mod xbetza;

/// The most characters a refusal may have: it names the problem and quotes a little of the
/// input, never all of it (a refusal of a 20,000-character string is not 20,000 characters).
const LONGEST_REFUSAL: usize = 1_500;

/// A rules refusal: a clause that the service turns into a sentence (capital letter, full
/// stop), such as `rank 6 describes 9 squares; this board has 8 files`. It is not empty, has
/// no white space at its ends, starts with a word, a quote, a square or the text refused (not
/// with other punctuation),
/// does not stop mid-sentence (on `:` or `,`), has at least three words, shows no Rust debug
/// text (unless it quotes `input`, the text refused), and is not huge.
pub fn clause(text: &str, input: &str) -> Verdict {
    ensure!(!text.is_empty(), "an empty refusal");
    ensure!(
        text.trim() == text,
        "white space around the refusal {text:?}"
    );
    let first = text.chars().next().unwrap_or(' ');
    let typed: String = input.trim().chars().take(3).collect();
    ensure!(
        (!first.is_control() && !",.;:)]}!?".contains(first))
            || (!typed.is_empty() && text.starts_with(&typed)),
        "the refusal {text:?} starts with {first:?}"
    );
    let last = text.chars().last().unwrap_or(' ');
    ensure!(
        !",;:([{".contains(last),
        "the refusal {text:?} stops mid-sentence"
    );
    let words = text
        .split_whitespace()
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .count();
    ensure!(
        words >= 3,
        "the refusal {text:?} does not say what is wrong"
    );
    // A refusal may quote what was typed, perhaps read without its quotes.
    let unquoted: String = input
        .chars()
        .filter(|c| !"\"\u{201c}\u{201d}".contains(*c))
        .collect();
    for debug in ["Some(", "None)", "Err(", "Ok(", "{:?}", "{}"] {
        ensure!(
            !text.contains(debug) || input.contains(debug) || unquoted.contains(debug),
            "the refusal {text:?} shows {debug:?}"
        );
    }
    ensure!(
        text.chars().count() <= LONGEST_REFUSAL,
        "a refusal of {} characters",
        text.chars().count()
    );
    Ok(())
}

/// A refusal shown as it is (the command reader's): a [`clause`] that starts with a capital
/// letter or a quote naming the offending text, and ends with a full stop, `!` or `?`.
pub fn sentence(text: &str, input: &str) -> Verdict {
    clause(text, input)?;
    let first = text.chars().next().unwrap_or(' ');
    ensure!(
        first.is_uppercase() || first == '"',
        "the sentence {text:?} starts with {first:?}"
    );
    ensure!(
        text.ends_with(['.', '!', '?']),
        "the sentence {text:?} has no full stop"
    );
    Ok(())
}

/// Characters a mutation inserts: those of real inputs, separators, and a few that parsers
/// must not trip on (multi-byte, combining, right-to-left, zero-width, NUL).
const INSERTED: &[char] = &[
    '0', '1', '2', '9', 'a', 'h', 'p', 'P', 'k', 'K', 'Q', 'W', 'N', 'x', '=', '-', '/', ' ', '[',
    ']', '*', ':', ',', ';', '.', '|', '&', '#', '@', '"', '\n', '\t', 'é', 'ß', '\u{301}',
    '\u{200b}', '\u{202e}', '\0', '€', '🐴', '９',
];

/// One edit of a text, applied at a position given as a fraction of its length.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    /// A stretch of the text written again right after itself.
    Repeat(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop_oneof![
        4 => prop::sample::select(INSERTED),
        1 => any::<char>(),
    ];
    prop_oneof![
        3 => (any::<usize>(), ch.clone()).prop_map(|(at, c)| Edit::Insert(at, c)),
        3 => any::<usize>().prop_map(Edit::Delete),
        3 => (any::<usize>(), ch).prop_map(|(at, c)| Edit::Replace(at, c)),
        1 => (any::<usize>(), 1usize..12).prop_map(|(at, n)| Edit::Repeat(at, n)),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let len = chars.len();
        let at = |n: usize| if len == 0 { 0 } else { n % len };
        match *edit {
            Edit::Insert(n, c) => chars.insert(n % (len + 1), c),
            Edit::Delete(n) if len > 0 => {
                chars.remove(at(n));
            }
            Edit::Replace(n, c) if len > 0 => chars[at(n)] = c,
            Edit::Repeat(n, width) if len > 0 => {
                let start = at(n);
                let end = (start + width).min(len);
                let copy: Vec<char> = chars[start..end].to_vec();
                chars.splice(end..end, copy);
            }
            Edit::Truncate(n) => chars.truncate(n % (len + 1)),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Texts near the real ones: one of `seeds` with one to four edits.
pub fn mutated(seeds: Vec<String>) -> impl Strategy<Value = String> {
    (
        prop::sample::select(seeds),
        prop::collection::vec(edit(), 1..=4),
    )
        .prop_map(|(seed, edits)| apply(&seed, &edits))
}

/// Any text: arbitrary characters, lines included; now and then a huge one (a real input
/// written again and again, past every size limit). The patterns are compiled here, once (a
/// pattern given as a `&str` is compiled again for every input).
pub fn any_text(seeds: Vec<String>) -> impl Strategy<Value = String> {
    let pattern = |p: &str| string_regex(p).expect("the patterns are valid");
    prop_oneof![
        6 => pattern("(?s).{0,80}"),
        2 => pattern("[ -~]{0,120}"),
        1 => (prop::sample::select(seeds), 1usize..400)
            .prop_map(|(seed, times)| seed.repeat(times)),
    ]
}

/// The usual mix: mostly near-valid texts, then any text, then the real ones as they are.
pub fn text_near(seeds: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => mutated(seeds.clone()),
        3 => any_text(seeds.clone()),
        1 => prop::sample::select(seeds),
    ]
}
