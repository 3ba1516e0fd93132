//! Complete games through the rules API, as the service plays them: a Version One game and an
//! Easy Patch game, each drafted and played to mate, then replayed from options, seed and
//! notations, and read back from every intermediate position string.

use chatrang_rules::{Actor, Color, Game, GameId, Options, Outcome, Status, registry};

/// Plays every action, checking before each that the right side is asked to act and that the
/// action is among the legal ones; returns the recorded notations.
fn play_all(game: &mut Box<dyn Game>, actions: &[(&str, Color)]) -> Vec<String> {
    let mut record = Vec::new();
    for &(action, side) in actions {
        match game.status() {
            Status::Ongoing { actor, .. } => {
                assert_eq!(actor, Actor::Side(side), "before {action}")
            }
            Status::Over(o) => panic!("game over before {action}: {o}"),
        }
        let legal = game.legal_actions();
        let played = game
            .play(action)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        assert!(
            legal.iter().any(|a| a.notation == played.notation),
            "{action} was not listed"
        );
        record.push(played.notation);
        let text = game.position_text();
        let loaded = registry::load(game.id(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(loaded.position_text(), text);
        assert_eq!(loaded.status(), game.status());
    }
    record
}

fn checkmate(winner: Color) -> Status {
    Status::Over(Outcome::Win {
        winner,
        reason: "checkmate".into(),
    })
}

/// Sorts each side's picks into the pick order W1, B2, W2, B2, ….
fn interleave<'a>(white: &[&'a str], black: &[&'a str], total: usize) -> Vec<(&'a str, Color)> {
    let (mut w, mut b) = (white.iter(), black.iter());
    (0..total)
        .map(|i| {
            if i.div_ceil(2).is_multiple_of(2) {
                (*w.next().unwrap(), Color::White)
            } else {
                (*b.next().unwrap(), Color::Black)
            }
        })
        .collect()
}

/// The draft of a Version One game that ends in a Pao mate: White's picks and Black's.
pub const WHITE_PICKS: [&str; 15] = [
    "pick King e1",
    "pick Pao a1",
    "pick Q b1",
    "pick knight c1",
    "pick Chinese Nightrider d1",
    "pick grasshopper f1",
    "pick JS g1",
    "pick arabic spear h1",
    "pick BS i1",
    "pick DS j1",
    "pick rook b2",
    "pick B h2",
    "pick berolina pawn d2",
    "pick ff-pawn e2",
    "pick FX f2",
];
pub const BLACK_PICKS: [&str; 15] = [
    "pick royal knight a10",
    "pick P b10",
    "pick CP c10",
    "pick MP d10",
    "pick MC e10",
    "pick MB f10",
    "pick MX g10",
    "pick DB h10",
    "pick DX i10",
    "pick blocking prince j10",
    "pick DP b9",
    "pick DC c9",
    "pick FP d9",
    "pick FC e9",
    "pick FB f9",
];

#[test]
fn a_version_one_game_from_the_empty_board_to_mate() {
    let (white, black) = (WHITE_PICKS, BLACK_PICKS);
    let mut actions = interleave(&white, &black, 30);
    // The fF-pawn goes two squares, the Chinese Fish Pawn too; then the Rook uncovers a Pao
    // check along the a-file: b8 is the Bishop's, c9 Black's own, nothing can come between.
    actions.extend([
        ("e2c4", Color::White),
        ("e9e7", Color::Black),
        ("b2a2", Color::White),
    ]);
    let mut game = registry::new_game(GameId::PickATeam, &Options::default(), 7).unwrap();
    let record = play_all(&mut game, &actions);
    assert_eq!(game.status(), checkmate(Color::White));
    assert_eq!(record[0], "pick K e1");
    assert_eq!(record[29], "pick FB f9");
    assert!(game.legal_actions().is_empty());
    assert!(game.play("a10b8").is_err());

    let mut replay = registry::new_game(GameId::PickATeam, &Options::default(), 7).unwrap();
    for n in &record {
        replay.play(n).unwrap();
    }
    assert_eq!(replay.position_text(), game.position_text());
}

#[test]
fn an_easy_patch_game_from_the_draft_to_fools_mate() {
    let white = [
        "pick Queen d1",
        "pick Rook a1",
        "pick Rook h1",
        "pick Knight b1",
        "pick Knight g1",
        "pick Bishop c1",
        "pick Bishop f1",
    ];
    let black = [
        "pick Queen d8",
        "pick Archbishop a8",
        "pick Chancellor b8",
        "pick Camel c8",
        "pick Grasshopper f8",
        "pick Centaur g8",
        "pick Cannon h8",
    ];
    let mut actions = interleave(&white, &black, 14);
    actions.extend([
        ("f2f3", Color::White),
        ("e7e5", Color::Black),
        ("g2g4", Color::White),
        ("Qh4", Color::Black),
    ]);
    let mut game = registry::new_game(GameId::EasyPatch, &Options::default(), 7).unwrap();
    assert!(
        game.position_text()
            .starts_with("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 draft")
    );
    let record = play_all(&mut game, &actions);
    assert_eq!(game.status(), checkmate(Color::Black));
    assert_eq!(record.last().map(String::as_str), Some("d8h4"));
}

#[test]
fn easy_patch_pawns_are_orthodox_with_double_step_and_en_passant() {
    let mut game = registry::new_game(GameId::EasyPatch, &Options::default(), 7).unwrap();
    while game.position_text().contains("draft") {
        let first = game.legal_actions()[0].notation.clone();
        game.play(&first).unwrap();
    }
    for m in ["e2e4", "a7a6", "e4e5", "d7d5"] {
        game.play(m).unwrap();
    }
    assert!(
        game.position_text().contains(" w - d6 0 3"),
        "{}",
        game.position_text()
    );
    let played = game.play("e5d6").unwrap();
    assert!(
        played.description.contains("en passant"),
        "{}",
        played.description
    );
    let on = |name: &str| {
        game.view()
            .pieces
            .iter()
            .find(|(s, _)| s.to_string() == name)
            .map(|(_, p)| (p.color, p.name.clone()))
    };
    assert_eq!(on("d5"), None, "the Black pawn is taken");
    assert_eq!(on("d6"), Some((Color::White, "Pawn".to_string())));
    // No multi-steps for orthodox pawns: three squares is too far.
    assert!(game.play("h2h5").is_err());
}
