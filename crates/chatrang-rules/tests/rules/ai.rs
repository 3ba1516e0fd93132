//! The bot's search: every move it chooses is legal (drafts, decisions, promotions, camps and
//! binding included), it finds a win in one in every game, it plays the same move for the
//! same seed, and it prefers the obvious good move.

use chatrang_rules::{
    Actor, Color, Game, GameId, Options, Outcome, Status, registry,
    search::{Level, Limits, MATE, MATE_BOUND},
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    helpers::{cataclysm, chess, chromopolis_board, load},
    picka::games::{BLACK_PICKS, WHITE_PICKS},
};

fn mover(game: &dyn Game) -> Color {
    match game.status() {
        Status::Ongoing {
            actor: Actor::Side(side),
            ..
        } => side,
        other => panic!("expected a side to act, got {other:?}"),
    }
}

/// Asks the bot (on a small budget) in every position of a game where random moves and the
/// bot's own alternate, and checks each of its choices is among the legal actions. Returns
/// how many positions it was asked in.
fn bot_moves_are_legal_along_a_game(id: GameId, seed: u64) -> usize {
    let mut game = registry::new_game(id, &Options::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut asked = 0;
    for ply in 0..240 {
        if matches!(game.status(), Status::Over(_)) {
            break;
        }
        let legal: Vec<String> = game
            .legal_actions()
            .into_iter()
            .map(|a| a.notation)
            .collect();
        let thought = game
            .think(&limits(150, seed + ply))
            .unwrap_or_else(|| panic!("{id}: no move in {}", game.position_text()));
        assert!(
            legal.contains(&thought.notation),
            "{id}: {} is not legal in {}",
            thought.notation,
            game.position_text()
        );
        asked += 1;
        let action = if rng.random_bool(0.5) {
            thought.notation
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        game.play(&action).unwrap();
    }
    asked
}

#[test]
fn every_move_the_bot_chooses_is_legal_in_thousands_of_positions() {
    let mut asked = 0;
    for id in competitive_games() {
        for seed in 0..3 {
            asked += bot_moves_are_legal_along_a_game(id, seed);
        }
    }
    assert!(asked >= 2000, "only {asked} positions were tried");
}

/// Plays the bot's choice and checks that it won on the spot.
fn assert_wins_at_once(mut game: Box<dyn Game>, level: Level) {
    let side = mover(&*game);
    let thought = game.think(&level.limits(7)).expect("the game goes on");
    assert!(
        thought.score > MATE_BOUND,
        "{}: the bot saw no win ({thought:?})",
        game.position_text()
    );
    game.play(&thought.notation).unwrap();
    match game.status() {
        Status::Over(Outcome::Win { winner, .. }) => assert_eq!(winner, side),
        other => panic!("after {}: {other:?}", thought.notation),
    }
}

#[test]
fn the_bot_mates_in_one_in_chess_for_either_side() {
    for text in [
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
        "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1",
    ] {
        for level in [Level::MIN, Level::DEFAULT] {
            assert_wins_at_once(chess(text), level);
        }
    }
}

#[test]
fn the_bot_mates_in_one_in_cataclysm() {
    let game = cataclysm("k:h12 p:g11 p:h11 p:i11 R:a1 K:p1 p:c5", "w", "-");
    assert_wins_at_once(game, Level::DEFAULT);
}

#[test]
fn the_bot_mates_in_one_after_a_pick_a_team_draft() {
    let (white, black) = (WHITE_PICKS, BLACK_PICKS);
    let mut game = registry::new_game(GameId::PickATeam, &Options::default(), 7).unwrap();
    let (mut w, mut b) = (white.iter(), black.iter());
    // Whoever's pick it is takes their next one (the draft's order is not plain alternation).
    for _ in 0..30 {
        let pick = match mover(&*game) {
            Color::White => w.next(),
            Color::Black => b.next(),
        };
        game.play(pick.expect("a pick left")).unwrap();
    }
    // The line of `picka/games.rs`: after these, the Rook uncovers a Pao mate on the a-file.
    game.play("e2c4").unwrap();
    game.play("e9e7").unwrap();
    assert_wins_at_once(game, Level::DEFAULT);
}

#[test]
fn the_bot_takes_the_second_camp_in_katarenga() {
    assert_wins_at_once(
        load(
            GameId::Katarenga,
            "AJS2 P3pppp/8/8/8/8/8/8/PPPP4 w -P-- - 10",
        ),
        Level::MIN,
    );
}

#[test]
fn the_bot_binds_the_king_in_chromopolis() {
    let board = chromopolis_board(&[
        ("e6", "k"),
        ("c5", "N"),
        ("e2", "N"),
        ("b1", "K"),
        ("b5", "p"),
    ]);
    assert_wins_at_once(
        load(GameId::Chromopolis, &format!("{board} w - 0 1")),
        Level::MIN,
    );
}

#[test]
fn the_bot_promotes_to_a_queen() {
    // Any other move lets the Black King reach b7 and take the pawn.
    let mut game = chess("8/P1k5/8/8/8/8/8/K7 w - - 0 1");
    let thought = game.think(&Level::DEFAULT.limits(1)).unwrap();
    assert_eq!(thought.notation, "a7a8=Q", "{thought:?}");
    game.play(&thought.notation).unwrap();
}

#[test]
fn the_bot_takes_a_hanging_queen_and_does_not_hang_its_own() {
    // Black's Queen on d4 is free for the Knight on f3.
    let thought = chess("4k3/8/8/8/3q4/5N2/8/4K3 w - - 0 1")
        .think(&Level::MIN.limits(3))
        .unwrap();
    assert_eq!(thought.notation, "f3d4", "{thought:?}");
    // White's Queen is attacked by a pawn that another pawn defends: it moves away, and not
    // onto the defended pawn.
    let thought = chess("4k3/8/1p6/2p5/3Q4/8/8/4K3 w - - 0 1")
        .think(&Level::DEFAULT.limits(3))
        .unwrap();
    assert!(thought.notation.starts_with("d4"), "{thought:?}");
    assert_ne!(thought.notation, "d4c5", "{thought:?}");
}

#[test]
fn the_same_seed_gives_the_same_move_and_other_seeds_vary_at_level_one() {
    let game = registry::new_game(GameId::Chess, &Options::default(), 0).unwrap();
    let moves: Vec<String> = (0..12)
        .map(|seed| game.think(&Level::MIN.limits(seed)).unwrap().notation)
        .collect();
    let again: Vec<String> = (0..12)
        .map(|seed| game.think(&Level::MIN.limits(seed)).unwrap().notation)
        .collect();
    assert_eq!(moves, again);
    let mut distinct = moves.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() >= 3,
        "level 1 always opens with {distinct:?}"
    );
}

#[test]
fn each_level_climbs_above_the_one_below_in_budget_choice_and_measured_strength() {
    for pair in Level::ALL.windows(2) {
        let (lower, upper) = (pair[0].limits(0), pair[1].limits(0));
        assert!(upper.nodes > lower.nodes, "{pair:?}");
        assert!(upper.depth >= lower.depth, "{pair:?}");
        assert!(upper.choice < lower.choice || upper.choice == 0, "{pair:?}");
        assert!(pair[1].think_time() >= pair[0].think_time(), "{pair:?}");
        // A level not yet measured is named the strongest: only the top one may be.
        match (pair[0].strength(), pair[1].strength()) {
            (Some(lower), Some(upper)) => assert!(upper > lower, "{pair:?}"),
            (Some(_), None) => assert_eq!(pair[1], Level::MAX),
            _ => panic!("a level below {pair:?} is not measured"),
        }
    }
}

/// The games with a winner: every game but the cooperative ones.
fn competitive_games() -> impl Iterator<Item = GameId> {
    GameId::ALL.into_iter().filter(|g| !g.is_cooperative())
}

/// The bot's lowest level with a budget of `nodes` instead of its own.
fn limits(nodes: u64, seed: u64) -> Limits<'static> {
    Limits {
        nodes,
        ..Level::MIN.limits(seed)
    }
}

#[test]
fn the_bot_finds_a_mate_in_two_and_scores_it_as_mate() {
    // 1. Nf6+ gxf6 2. Bxf7#: the pruning (a pass, a shallower late move) must not hide it.
    let thought = chess("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
        .think(&Level::DEFAULT.limits(1))
        .unwrap();
    assert_eq!(thought.notation, "d5f6", "{thought:?}");
    assert!(thought.score > MATE_BOUND, "{thought:?}");
}

/// Plays a game out with the bot on both sides, 20,000 nodes a move, for at most `plies`.
fn bot_against_itself(mut game: Box<dyn Game>, plies: usize) -> Status {
    for ply in 0..plies as u64 {
        if matches!(game.status(), Status::Over(_)) {
            break;
        }
        let limits = Limits {
            nodes: 20_000,
            ..Level::MAX.limits(ply)
        };
        let thought = game.think(&limits).expect("the game goes on");
        game.play(&thought.notation).unwrap();
    }
    game.status()
}

#[test]
fn the_bot_mates_a_bare_king_with_king_and_rook_or_queen() {
    // Mating needs a plan the search cannot see from the middle of the board: drive the bare
    // King to the edge with the winning King close by (the evaluation's mop-up).
    for text in [
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/3QK3 w - - 0 1",
        "4k2r/8/8/8/8/8/8/2K5 b - - 0 1",
    ] {
        let winner = mover(&*chess(text));
        match bot_against_itself(chess(text), 120) {
            Status::Over(Outcome::Win { winner: w, .. }) => assert_eq!(w, winner, "{text}"),
            other => panic!("{text}: not mated in 60 moves: {other:?}"),
        }
    }
}

/// The mates of the chess tactics set (`assets/tactics/chess.txt`, each verified exhaustively):
/// (position, moves to mate).
fn tactics_mates() -> Vec<(&'static str, u32)> {
    include_str!("../../../../assets/tactics/chess.txt")
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let moves = fields.get(2)?.strip_prefix("mate")?.parse().ok()?;
            Some((fields[0], moves))
        })
        .collect()
}

#[test]
fn no_pruning_hides_a_mate_of_the_tactics_set() {
    // The prunings (a pass, a shallower late move, a frontier node skipped, a losing capture
    // left out of quiescence, a window around the last score) may cost a tactic its depth but
    // never a forced mate in three: at level 4's budget every one is found, scored as mate
    // within its length.
    let mates = tactics_mates();
    assert_eq!(mates.len(), 42, "12 mates in one, 16 in two, 14 in three");
    for (fen, moves) in mates {
        let thought = chess(fen).think(&Level::new(4).unwrap().limits(1)).unwrap();
        let plies = (MATE - thought.score) as u32;
        assert!(
            thought.score > MATE_BOUND && plies < 2 * moves,
            "{fen}: mate in {moves}, found {thought:?}"
        );
    }
}
