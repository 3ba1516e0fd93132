//! The long run: every parser of the fuzz suite on `CHATRANG_FUZZ_CASES` inputs (a million by
//! default), each from its own fixed seed so that a run is reproducible, with the count, the
//! failures and the time of each printed. `CHATRANG_FUZZ_ONLY=moves` runs one parser;
//! `CHATRANG_FUZZ_SECONDS=600` stops each parser after that long and says how far it got.
//!
//! ```text
//! cargo test --test fuzz fuzz_long_run -- --ignored --nocapture
//! ```

use std::{
    fmt::Debug,
    panic::{AssertUnwindSafe, catch_unwind},
    time::{Duration, Instant},
};

use proptest::{
    strategy::{Strategy, ValueTree},
    test_runner::{Config, RngAlgorithm, TestRng, TestRunner},
};

use super::{
    Verdict, armies, club, command, moves, options, positions, stored, timing, uci, variants,
    xbetza,
};

/// How one parser's run went.
struct Report {
    inputs: u64,
    failures: u64,
    time: Duration,
}

/// The failures printed in full per parser; the rest are counted.
const SHOWN: u64 = 5;

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| {
        v.trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, not {v:?}"))
    })
}

/// Runs `check` on `cases` inputs of `strategy`, drawn from a seed made of the parser's name.
fn run<S>(name: &str, strategy: S, check: fn(&S::Value) -> Verdict, cases: u64) -> Report
where
    S: Strategy,
    S::Value: Debug,
{
    let mut seed = [0u8; 32];
    for (i, b) in name.bytes().enumerate() {
        seed[i % 32] ^= b;
    }
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let budget = env_number("CHATRANG_FUZZ_SECONDS").map(Duration::from_secs);
    let start = Instant::now();
    let mut report = Report {
        inputs: 0,
        failures: 0,
        time: Duration::ZERO,
    };
    while report.inputs < cases {
        if report.inputs.is_multiple_of(1_000) && budget.is_some_and(|b| start.elapsed() > b) {
            break;
        }
        let input = strategy
            .new_tree(&mut runner)
            .expect("the strategies reject nothing")
            .current();
        report.inputs += 1;
        let verdict = catch_unwind(AssertUnwindSafe(|| check(&input)));
        let problem = match verdict {
            Ok(Ok(())) => continue,
            Ok(Err(problem)) => problem,
            Err(_) => "panicked (the message is above)".to_string(),
        };
        report.failures += 1;
        if report.failures <= SHOWN {
            println!("{name}: input {} {input:?}: {problem}", report.inputs);
        }
    }
    report.time = start.elapsed();
    report
}

#[test]
#[ignore = "a million inputs per parser; run it on purpose (see the module's doc)"]
fn fuzz_long_run() {
    let cases = env_number("CHATRANG_FUZZ_CASES").unwrap_or(1_000_000);
    let only = std::env::var("CHATRANG_FUZZ_ONLY").ok();
    let wanted = |name: &str| only.as_deref().is_none_or(|o| o == name);
    let mut reports: Vec<(&str, Report)> = Vec::new();
    macro_rules! parser {
        ($name:literal, $strategy:expr, $check:expr) => {
            if wanted($name) {
                let report = run($name, $strategy, $check, cases);
                println!(
                    "{:<14} {:>9} inputs  {:>3} failures  {:>8.1} s  {:>8.0} inputs/s",
                    $name,
                    report.inputs,
                    report.failures,
                    report.time.as_secs_f64(),
                    report.inputs as f64 / report.time.as_secs_f64().max(1e-9)
                );
                reports.push(($name, report));
            }
        };
    }
    parser!("positions", positions::strategy(), positions::check);
    parser!("moves", moves::strategy(), moves::check);
    parser!("xbetza", xbetza::strategy(), |t: &String| xbetza::check(t));
    parser!("armies", armies::strategy(), armies::check);
    parser!("variants", variants::strategy(), |t: &String| {
        variants::check(t)
    });
    parser!("defined", variants::defined_strategy(), |t: &String| {
        variants::check_defined(t)
    });
    parser!("options", options::strategy(), options::check);
    parser!("bot-level", options::level_strategy(), |t: &String| {
        options::check_level(t)
    });
    parser!("command", command::strategy(), |t: &String| command::check(
        t
    ));
    parser!("stored", stored::strategy(), |t: &String| stored::check(t));
    parser!("timing", timing::strategy(), timing::check);
    parser!("club", club::strategy(), |t: &String| club::check(t));
    parser!("uci", uci::strategy(), |t: &String| uci::check(t));
    let failures: u64 = reports.iter().map(|(_, r)| r.failures).sum();
    let time: Duration = reports.iter().map(|(_, r)| r.time).sum();
    println!(
        "all parsers: {failures} failures in {:.1} s",
        time.as_secs_f64()
    );
    assert!(!reports.is_empty(), "CHATRANG_FUZZ_ONLY names no parser");
    assert_eq!(failures, 0, "the failures are printed above");
}
