//! Catalonia perft counts from `tests/data/catalonia.perft`.

use chatrang::rules::{GameId, Options, registry};

#[test]
fn perft_counts_match_the_data_file() {
    let data = include_str!("data/catalonia.perft");
    let mut game = None;
    let mut checked = 0;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(position) = line.strip_prefix("position ") {
            game = Some(if position == "start" {
                registry::new_game(GameId::Catalonia, &Options::default(), 0).unwrap()
            } else {
                registry::load(GameId::Catalonia, position).unwrap()
            });
            continue;
        }
        let (depth, count) = line.split_once(' ').unwrap();
        let game = game.as_ref().expect("a position line comes first");
        assert_eq!(
            game.perft(depth.parse().unwrap()),
            count.parse::<u64>().unwrap(),
            "{line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
}
