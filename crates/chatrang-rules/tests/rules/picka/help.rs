//! The help texts tell players the decisions of `docs/rules.md` §2 and fit in one chat message.

use chatrang_rules::{GameId, registry};

#[test]
fn help_states_the_decisions_players_need() {
    let v1 = registry::help(GameId::PickATeam);
    for phrase in [
        "30 types",
        "W1, B2, W2, B2, …, W2, B1",
        "first pick must be royal",
        "No castling, no en passant",
        "White may take it and wins",
        "depends on the rank, not on having moved",
        "spears included, picked or not",
        "Spears never promote",
        "cannot capture or be captured",
    ] {
        assert!(v1.contains(phrase), "Version One help lacks \"{phrase}\"");
    }
    let v2 = registry::help(GameId::PickATeamV2);
    for phrase in [
        "a list of 20",
        "at most 40",
        "at least 10",
        "cannons are out",
        "two copies",
    ] {
        assert!(v2.contains(phrase), "Version Two help lacks \"{phrase}\"");
    }
    assert!(registry::help(GameId::Patch).contains("lists of 16"));
    let easy = registry::help(GameId::EasyPatch);
    assert!(easy.contains("W1, B2, W2, B2, W2, B2, W2, B1") && easy.contains("no royal"));
}

#[test]
fn help_fits_in_one_chat_message() {
    for id in [
        GameId::PickATeam,
        GameId::PickATeamV2,
        GameId::Patch,
        GameId::EasyPatch,
    ] {
        let n = registry::help(id).chars().count();
        assert!(n < 2000, "{id:?} help has {n} characters");
        assert!(!registry::option_specs(id).is_empty());
    }
}
