//! Values the store reads back from text in the database: the game's kind, a waiting offer, a
//! log line's kind, a game's state and a result's kind, the timing (JSON), the options (JSON),
//! the rolls a log line records and Catalonia's dice. A database is ours, but a row may come
//! from another version of the bot or a hand edit: any text is read or refused without a
//! panic, and what is read is written back to text that reads to the same value.

use std::collections::BTreeMap;

use chatrang::{
    rules::{GameId, Rolls, catalonia::dice::Dice},
    store::{GameKind, GameState, LogKind, Offer, ResultKind, Timing, parse_side, side_text},
};
use proptest::prelude::*;

use super::{Verdict, clause, text_near};

/// Texts the store writes.
const STORED: &[&str] = &[
    "chess",
    "pick-a-team-v2",
    "Easy Patch",
    "draw:white",
    "undo:black",
    "draw-offer",
    "undo-decline",
    "timeout",
    "active",
    "cancelled",
    "abandoned",
    "white",
    "3,5",
    "6",
    "",
    "chacha8:000000000000002a:17",
    "00000000deadbeef",
    r#"{"per_turn_ms":86400000,"remind":true,"on_timeout":"usual","votes":false}"#,
    r#"{"per_turn_ms":null,"remind":false,"on_timeout":"wait","votes":true}"#,
    r#"{"position":"8/8 w - - 0 1","board":"AJS2"}"#,
    "{}",
];

pub fn strategy() -> impl Strategy<Value = String> {
    text_near(STORED.iter().map(|s| s.to_string()).collect())
}

/// Every decoder on one text.
pub fn check(text: &str) -> Verdict {
    let kind = GameKind::decode(text);
    match &kind {
        GameKind::Known(id) => ensure!(
            GameKind::decode(id.slug()) == kind,
            "{text:?} is {id:?}, whose id reads differently"
        ),
        GameKind::Unknown(kept) => {
            ensure!(kept == text, "{text:?} is kept as {kept:?}");
            clause(&GameId::parse(text).unwrap_err().to_string(), text)
                .map_err(|m| format!("{text:?}: {m}"))?;
        }
    }
    if let Some(offer) = Offer::decode(text) {
        ensure!(
            offer.encode() == text,
            "{text:?} is {offer:?}, written {:?}",
            offer.encode()
        );
    }
    let log = LogKind::decode(text);
    ensure!(
        log.as_str() == text,
        "{text:?} is kept as {:?}",
        log.as_str()
    );
    ensure!(
        LogKind::decode(log.as_str()) == log,
        "{text:?} reads differently again"
    );
    if let Some(state) = GameState::parse(text) {
        ensure!(state.as_str() == text, "{text:?} is {state:?}");
    }
    if let Some(result) = ResultKind::parse(text) {
        ensure!(result.as_str() == text, "{text:?} is {result:?}");
    }
    if let Some(side) = parse_side(text) {
        ensure!(side_text(side) == text, "{text:?} is {side:?}");
    }
    if let Some(timing) = Timing::decode(Some(text)) {
        let again = Timing::decode(timing.encode().as_deref());
        if timing.is_untimed() {
            ensure!(
                again.as_ref().is_some_and(Timing::is_untimed),
                "the untimed {text:?} reads back timed"
            );
        } else {
            ensure!(
                again.as_ref() == Some(&timing),
                "{text:?} is {timing:?}, then {again:?}"
            );
        }
    }
    if let Ok(options) = serde_json::from_str::<BTreeMap<String, String>>(text) {
        let written = serde_json::to_string(&options).map_err(|e| e.to_string())?;
        ensure!(
            serde_json::from_str::<BTreeMap<String, String>>(&written).ok() == Some(options),
            "the options {text:?} read differently from {written:?}"
        );
    }
    match Rolls::parse(text) {
        Ok(rolls) => ensure!(
            Rolls::parse(&rolls.to_text()).as_ref() == Ok(&rolls),
            "the rolls {text:?} read differently from {:?}",
            rolls.to_text()
        ),
        Err(e) => clause(&e.to_string(), text).map_err(|m| format!("rolls {text:?}: {m}"))?,
    }
    match Dice::parse(text) {
        Ok(dice) => ensure!(
            Dice::parse(&dice.to_text()) == Ok(dice),
            "the dice {text:?} read differently from {:?}",
            dice.to_text()
        ),
        Err(e) => clause(&e.to_string(), text).map_err(|m| format!("dice {text:?}: {m}"))?,
    }
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_stored_values(text in strategy()) {
        check(&text).map_err(TestCaseError::fail)?;
    }
}
