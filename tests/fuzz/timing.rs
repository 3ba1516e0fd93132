//! The options that time a game (`/new chess @bob deadline=1d remind=off on-timeout=wait
//! vote=on`), as the service takes them out of `/new`'s options before the game reads the
//! rest: any names and values are read or refused with a whole sentence (these refusals are
//! shown as they are), the options that are not timing ones are left as they were, a
//! deadline read is within its bounds, and the timing read is written back, as options and as
//! the database stores it, to text that reads to the same timing.

use std::time::Duration;

use chatrang::{
    service::{TIMING_OPTIONS, take_timing},
    store::{OnTimeout, Timing},
};
use proptest::{prelude::*, strategy::Union};

use super::{Verdict, sentence, text_near};

/// Options by name and value, in the order typed.
pub type Input = Vec<(String, String)>;

/// Real values of each timing option: accepted ones, and a few just out of bounds.
fn values(name: &str) -> Vec<String> {
    let some: &[&str] = match name {
        "deadline" => &[
            "1d", "12h", "90m", "10m", "14d", "2d 12h", "36h", "1 day", "30min", "2days", "1week",
            "none", "off", " 24h ", "1D", "9m", "15d", "3w", "soon", "-1d", "",
        ],
        "on-timeout" => &["wait", "usual", "play", "lose", "WAIT", "explode"],
        _ => &["on", "off", "yes", "no", "true", "false", " On ", "maybe"],
    };
    some.iter().map(|v| v.to_string()).collect()
}

/// A timing option as people write its name: as listed, capitalised, shouted, spaced.
fn spellings(name: &str) -> Vec<String> {
    let shout = name.to_uppercase();
    let mut capital = name.to_string();
    capital[..1].make_ascii_uppercase();
    vec![name.to_string(), capital, shout, format!(" {name} ")]
}

/// Deadlines as people write them, around both bounds: `9m`, `36 hours`, `2d 12h`, `15d`.
fn durations() -> impl Strategy<Value = String> {
    let unit = prop::sample::select(&["m", "min", "h", "hours", "d", "days", "w"][..]);
    prop_oneof![
        (0u32..400, unit.clone(), prop::bool::ANY)
            .prop_map(|(n, u, space)| format!("{n}{}{u}", if space { " " } else { "" })),
        (0u32..16, 0u32..30).prop_map(|(d, h)| format!("{d}d {h}h")),
    ]
}

/// Values of one timing option: near real ones, real ones as they are, and for the deadline
/// durations around its bounds (so that many inputs are read, not refused).
fn value(name: &str) -> BoxedStrategy<String> {
    let near = text_near(values(name));
    if name == "deadline" {
        prop_oneof![3 => near, 2 => durations()].boxed()
    } else {
        prop_oneof![3 => near, 2 => prop::sample::select(values(name))].boxed()
    }
}

/// One to four options: mostly timing ones (each name with its own values), and now and then
/// a game's own option or a name near a timing one, which are left for the game.
pub fn strategy() -> impl Strategy<Value = Input> {
    let mut one: Vec<(u32, BoxedStrategy<(String, String)>)> = TIMING_OPTIONS
        .iter()
        .map(|option| {
            let name = prop::sample::select(spellings(option.name));
            (3, (name, value(option.name)).boxed())
        })
        .collect();
    let names: Vec<String> = TIMING_OPTIONS
        .iter()
        .map(|o| o.name)
        .chain(["size", "board", "ai", "position", "white-army"])
        .map(String::from)
        .collect();
    let every_value: Vec<String> = TIMING_OPTIONS.iter().flat_map(|o| values(o.name)).collect();
    one.push((1, (text_near(names), text_near(every_value)).boxed()));
    prop::collection::vec(Union::new_weighted(one), 1..=4)
}

/// The timing as options that `/new` reads back to it.
fn written(timing: &Timing) -> Input {
    let on = |yes: bool| if yes { "on" } else { "off" };
    let deadline = timing.per_turn_ms.map_or("none".to_string(), |ms| {
        humantime::format_duration(Duration::from_millis(ms as u64)).to_string()
    });
    let on_timeout = match timing.on_timeout {
        OnTimeout::Usual => "usual",
        OnTimeout::Wait => "wait",
    };
    [
        ("deadline", deadline.as_str()),
        ("remind", on(timing.remind)),
        ("on-timeout", on_timeout),
        ("vote", on(timing.votes)),
    ]
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .to_vec()
}

pub fn check(given: &Input) -> Verdict {
    let is_timing = |name: &str| {
        let name = name.trim().to_lowercase();
        TIMING_OPTIONS.iter().any(|o| o.name == name)
    };
    let mut rest = given.clone();
    let timing = match take_timing(&mut rest) {
        Ok(timing) => timing,
        Err(e) => {
            let typed: String = given.iter().map(|(n, v)| format!("{n}={v} ")).collect();
            return sentence(&e.to_string(), &typed).map_err(|m| format!("{given:?}: {m}"));
        }
    };
    let others: Input = given
        .iter()
        .filter(|(n, _)| !is_timing(n))
        .cloned()
        .collect();
    ensure!(
        rest == others,
        "{given:?} leaves {rest:?} for the game, not {others:?}"
    );
    if let Some(ms) = timing.per_turn_ms {
        let bounds = 10 * 60_000..=14 * 24 * 3_600_000;
        ensure!(
            bounds.contains(&ms),
            "{given:?} gives a deadline of {ms} ms"
        );
    }
    let mut again = written(&timing);
    let text = again.clone();
    let read = take_timing(&mut again);
    ensure!(
        read.as_ref() == Ok(&timing) && again.is_empty(),
        "{given:?} is {timing:?}, written {text:?}, which reads as {read:?}"
    );
    let stored = Timing::decode(timing.encode().as_deref());
    if timing.is_untimed() {
        ensure!(
            stored.as_ref().is_some_and(Timing::is_untimed),
            "the untimed {timing:?} is stored as a timed one"
        );
    } else {
        ensure!(
            stored.as_ref() == Some(&timing),
            "{given:?} is {timing:?}, stored and read back as {stored:?}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_timing_options(input in strategy()) {
        check(&input).map_err(TestCaseError::fail)?;
    }
}

/// Found by the fuzzer: a refused `remind`, `vote` or `on-timeout` began with the option's
/// name in lower case (not a sentence), and every refusal repeated the whole value, however
/// long. Now each is a sentence that repeats at most 40 characters of what was typed.
#[test]
fn a_refused_timing_option_is_a_sentence_that_repeats_a_little_of_the_value() {
    let refusal = |name: &str, value: &str| {
        let mut options = vec![(name.to_string(), value.to_string())];
        take_timing(&mut options).unwrap_err().to_string()
    };
    assert_eq!(
        refusal("Remind", " Maybe "),
        "The remind option is \"on\" or \"off\"; not \"Maybe\"."
    );
    assert!(refusal("vote", "ue").starts_with("The vote option is"));
    assert!(refusal("on-timeout", "WI=T").starts_with("The on-timeout option is"));
    let long = "x".repeat(1_900);
    for name in ["deadline", "remind", "vote", "on-timeout"] {
        let why = refusal(name, &long);
        assert!(
            why.contains(&format!("\"{}…\"", "x".repeat(40))),
            "{name}: {why}"
        );
        assert_eq!(check(&vec![(name.to_string(), long.clone())]), Ok(()));
    }
}
