//! Whole Catalonia games: random play from start to end replays from its record (setup,
//! notations, rolls) to the same final score, whatever generator the dice have by then; every
//! position string read back mid-game gives the same game; records made before the rolls were
//! logged still replay.

use chatrang_rules::{
    Chance, Game, GameId, Options, Rolls, Status,
    catalonia::{Catalonia, Position},
    registry,
};

/// A small generator for choosing among legal actions (not the game's dice).
struct Chooser(u64);

impl Chooser {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A game's record: each action's notation with the rolls it made.
type Record = Vec<(String, Rolls)>;

/// Plays random legal actions to the end (greedy for long chains when `greedy`, so that
/// scoring, bombs and escapes happen); returns the record and the finished game.
fn random_game(options: &Options, seed: u64, greedy: bool) -> (Record, Box<dyn Game>) {
    let mut game = registry::new_game(GameId::Catalonia, options, seed).unwrap();
    let mut chooser = Chooser(seed ^ 0xDEAD_BEEF);
    let mut record = Vec::new();
    for _ in 0..2_000 {
        if matches!(game.status(), Status::Over(_)) {
            break;
        }
        let actions = game.legal_actions();
        assert!(
            !actions.is_empty(),
            "no legal action in {}",
            game.position_text()
        );
        let mut choice = chooser.pick(actions.len());
        if greedy && chooser.pick(4) != 0 {
            let chain_after = |notation: &str| {
                let mut next =
                    Catalonia::game(Position::from_text(&game.position_text()).expect("valid"));
                next.play(notation)
                    .map_or(0, |_| next.rules().current_chain().len())
            };
            let best = actions
                .iter()
                .map(|a| chain_after(&a.notation))
                .max()
                .unwrap_or(0);
            if best > 0 {
                let ties: Vec<usize> = (0..actions.len())
                    .filter(|&i| chain_after(&actions[i].notation) == best)
                    .collect();
                choice = ties[chooser.pick(ties.len())];
            }
        }
        let action = &actions[choice];
        // Every listed action is accepted, and its canonical notation is kept.
        for other in &actions {
            let mut probe = game.clone_game();
            let played = probe
                .play(&other.notation)
                .unwrap_or_else(|e| panic!("{} refused: {e}", other.notation));
            assert_eq!(played.notation, other.notation);
        }
        let (played, rolls) = game.play_with(&action.notation, Chance::Draw).unwrap();
        assert_eq!(played.notation, action.notation);
        record.push((played.notation, rolls));
        // Saved here, loaded back: the same game.
        let text = game.position_text();
        let loaded = registry::load(GameId::Catalonia, &text).unwrap();
        assert_eq!(loaded.position_text(), text);
        assert_eq!(loaded.status(), game.status());
    }
    assert!(
        matches!(game.status(), Status::Over(_)),
        "the game did not end"
    );
    (record, game)
}

fn replays_exactly(options: Options, seeds: std::ops::Range<u64>, greedy: bool) {
    let mut scored = 0;
    let mut decisions = 0;
    for seed in seeds {
        let (record, finished) = random_game(&options, seed, greedy);
        decisions += record
            .iter()
            .map(|(n, _)| n)
            .filter(|n| {
                n.starts_with("bomb")
                    || n.starts_with("escape")
                    || n.starts_with("remove")
                    || *n == "keep"
            })
            .count();
        let mut replay = registry::new_game(GameId::Catalonia, &options, seed).unwrap();
        for (notation, rolls) in &record {
            replay
                .play_with(notation, Chance::Recorded(&rolls.0))
                .unwrap();
        }
        assert_eq!(replay.position_text(), finished.position_text());
        assert_eq!(replay.status(), finished.status());
        if let Status::Over(outcome) = finished.status()
            && !outcome.to_string().contains("final score 0")
        {
            scored += 1;
        }
    }
    if greedy {
        assert!(
            scored > 0,
            "no game scored: the test never reached the pit phase"
        );
        assert!(
            decisions > 0,
            "no game needed a bomb, escape or removal decision"
        );
    }
}

#[test]
fn a_full_random_game_replays_from_its_record_to_the_same_final_score() {
    replays_exactly(Options::default().with("turns", "8"), 0..4, false);
    replays_exactly(Options::default().with("turns", "12"), 0..6, true);
}

#[test]
fn a_full_random_non_random_variant_game_replays_too() {
    replays_exactly(
        Options::default()
            .with("turns", "6")
            .with("nonrandom", "true"),
        10..14,
        true,
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

    /// Whatever is typed, play never panics, and a refusal changes nothing.
    #[test]
    fn any_input_is_played_or_refused_without_change(input in "\\PC{0,30}|[a-h][1-8][a-h][1-8]|(bomb|escape|remove) [a-h][1-8]|swap|accept|decline|keep") {
        let mut game = registry::new_game(GameId::Catalonia, &Options::default(), 4).unwrap();
        let before = game.position_text();
        if game.play(&input).is_err() {
            proptest::prop_assert_eq!(game.position_text(), before);
        }
    }

    /// Whatever is loaded, loading never panics, and what loads writes itself back.
    #[test]
    fn any_position_string_loads_or_is_refused(text in "\\PC{0,120}") {
        if let Ok(game) = registry::load(GameId::Catalonia, &text) {
            let again = registry::load(GameId::Catalonia, &game.position_text()).unwrap();
            proptest::prop_assert_eq!(again.position_text(), game.position_text());
        }
    }

    /// A valid position string with one character changed loads to a consistent game or is
    /// refused; it never panics.
    #[test]
    fn a_mutated_position_string_loads_or_is_refused(at in 0usize..200, c in proptest::char::any()) {
        let text = "1n1lgbn1/1pp1pp2/3p2p1/2*5/3GG3/2gg4/1PPP*PP1/1N1L1BN1 3/15 random 00000000000000ff white-moves 2:16:c3.d3.d4.c4 -";
        let mut chars: Vec<char> = text.chars().collect();
        let at = at % chars.len();
        chars[at] = c;
        let mutated: String = chars.into_iter().collect();
        if let Ok(game) = registry::load(GameId::Catalonia, &mutated) {
            let again = registry::load(GameId::Catalonia, &game.position_text()).unwrap();
            proptest::prop_assert_eq!(again.position_text(), game.position_text());
            let _ = game.legal_actions();
            let _ = game.view();
        }
    }
}

/// Records made before the rolls were logged: their setup holds the old generator's state and
/// their log no rolls, so the replay (as the service does it: the record's rolls, none) rolls
/// the old dice again and reaches the recorded result.
#[test]
fn recorded_games_replay_to_their_recorded_results() {
    let data = include_str!("../../data/catalonia_games.txt");
    let mut options = Options::default();
    let mut seed = 0;
    let mut setup = String::new();
    let mut game: Option<Box<dyn Game>> = None;
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (key, value) = line.split_once(' ').unwrap();
        match key {
            "options" => {
                options = value.split(',').fold(Options::default(), |o, pair| {
                    let (name, v) = pair.split_once('=').unwrap();
                    o.with(name, v)
                })
            }
            "seed" => seed = value.parse().unwrap(),
            "setup" => setup = value.to_string(),
            "record" => {
                // The setup is what the options gave then, with the old dice at the seed.
                let then = registry::new_game(GameId::Catalonia, &options, seed)
                    .unwrap()
                    .position_text()
                    .replace(&format!("chacha8:{seed:016x}:0"), &format!("{seed:016x}"));
                assert_eq!(setup, then);
                let mut g = registry::load(GameId::Catalonia, &setup).unwrap();
                for notation in value.split(',') {
                    g.play_with(notation, Chance::Recorded(&[]))
                        .unwrap_or_else(|e| panic!("{notation}: {e}"));
                }
                game = Some(g);
            }
            "result" => {
                let status = game.take().unwrap().status();
                match status {
                    Status::Over(outcome) => assert_eq!(outcome.to_string(), value),
                    other => panic!("not over: {other:?}"),
                }
                checked += 1;
            }
            other => panic!("unknown line {other}"),
        }
    }
    assert_eq!(checked, 2);
}

/// The position string without its dice, the one field a change of generator may change.
fn without_dice(text: &str) -> String {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    fields.remove(3);
    fields.join(" ")
}

/// A stored game whose generator is swapped for another replays identically from its logged
/// rolls: the dice of its setup are replaced by other ChaCha8 dice, and by the old generator,
/// and the replay still reaches the same board, history, decision and score.
#[test]
fn a_game_replays_from_its_logged_rolls_whatever_generator_its_dice_have() {
    let options = Options::default().with("turns", "10");
    let (mut rolled, mut differed) = (0, 0);
    for seed in 20..30 {
        let (record, finished) = random_game(&options, seed, true);
        if record.iter().all(|(_, rolls)| rolls.is_empty()) {
            continue;
        }
        rolled += 1;
        let setup = registry::new_game(GameId::Catalonia, &options, seed)
            .unwrap()
            .position_text();
        let dice = format!("chacha8:{seed:016x}:0");
        assert!(setup.contains(&dice), "{setup}");
        for swapped in [
            format!("chacha8:{:016x}:0", seed ^ 0xFFFF),
            format!("{:016x}", seed.wrapping_mul(0x9E37_79B9)),
        ] {
            let setup = setup.replace(&dice, &swapped);
            let mut replay = registry::load(GameId::Catalonia, &setup).unwrap();
            for (notation, rolls) in &record {
                let (_, used) = replay
                    .play_with(notation, Chance::Recorded(&rolls.0))
                    .unwrap_or_else(|e| panic!("seed {seed}, {notation}: {e}"));
                assert_eq!(&used, rolls);
            }
            assert_eq!(
                without_dice(&replay.position_text()),
                without_dice(&finished.position_text()),
                "seed {seed}, dice {swapped}"
            );
            assert_eq!(replay.status(), finished.status());
            // Drawing from the swapped generator instead tells another story: the logged
            // rolls are what keeps the game.
            let mut redrawn = registry::load(GameId::Catalonia, &setup).unwrap();
            let same = record
                .iter()
                .all(|(notation, _)| redrawn.play_with(notation, Chance::Draw).is_ok())
                && without_dice(&redrawn.position_text())
                    == without_dice(&finished.position_text());
            if !same {
                differed += 1;
            }
        }
    }
    assert!(rolled >= 3, "only {rolled} games rolled the dice");
    assert!(
        differed > 0,
        "the swapped generators never changed a game: this test shows nothing"
    );
}
