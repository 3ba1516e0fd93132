//! Chromopolis perft counts from `tests/data/chromopolis.perft`, counted twice: by the game's
//! own count and through the public interface (`legal_actions` then `play` of each notation).

use chatrang::rules::{Game, GameId, registry};

/// (position, depth, count) from a perft data file.
fn cases(data: &str) -> Vec<(String, u32, u64)> {
    let mut out = Vec::new();
    let mut position = None;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(p) = line.strip_prefix("position ") {
            position = Some(p.to_string());
            continue;
        }
        let (depth, count) = line.split_once(' ').expect("depth count");
        out.push((
            position.clone().expect("a position comes first"),
            depth.parse().unwrap(),
            count.parse().unwrap(),
        ));
    }
    out
}

fn by_interface(game: &dyn Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal_actions()
        .iter()
        .map(|a| {
            let mut next = game.clone_game();
            next.play(&a.notation)
                .unwrap_or_else(|e| panic!("{}: {e}", a.notation));
            by_interface(&*next, depth - 1)
        })
        .sum()
}

#[test]
fn chromopolis_perft_matches_the_data_file() {
    let data = include_str!("data/chromopolis.perft");
    let cases = cases(data);
    assert_eq!(cases.len(), 12);
    for (position, depth, count) in cases {
        let game = registry::load(GameId::Chromopolis, &position).unwrap();
        assert_eq!(game.perft(depth), count, "{position} depth {depth}");
        assert_eq!(
            by_interface(&*game, depth),
            count,
            "{position} depth {depth}"
        );
    }
}

#[test]
fn the_start_is_what_a_new_game_gives() {
    let data = include_str!("data/chromopolis.perft");
    let first = &cases(data)[0].0;
    let game = registry::new_game(GameId::Chromopolis, &Default::default(), 0).unwrap();
    assert_eq!(&game.position_text(), first);
}
