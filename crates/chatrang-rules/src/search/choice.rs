//! How the weaker levels choose: not the best move every time, nor a random blunder, but a
//! choice among the better moves, the closer a move's score to the best the likelier it is
//! played, as a person who sees a few good moves picks one.

use rand::Rng;

use super::{MATE_BOUND, Score};

/// Moves scoring more than this many temperatures below the best are never chosen.
const WIDEST: Score = 3;

/// Chooses among `scored` (every root move with its exact score): a move `d` centipawns
/// below the best is `e^(-d / temperature)` times as likely as the best, and one more than
/// three temperatures below is never played. A win found is always played; a loss found is
/// played only when every move loses. `scored` is not empty.
pub(crate) fn choose<M: Copy>(
    scored: &[(M, Score)],
    temperature: Score,
    rng: &mut impl Rng,
) -> (M, Score) {
    let best = *scored
        .iter()
        .max_by_key(|(_, v)| *v)
        .expect("the root has moves");
    if temperature <= 0 || best.1 >= MATE_BOUND || best.1 <= -MATE_BOUND {
        return best;
    }
    let floor = best.1 - WIDEST * temperature;
    let weight = |v: Score| (f64::from(v - best.1) / f64::from(temperature)).exp();
    let candidates: Vec<(M, Score, f64)> = scored
        .iter()
        .filter(|(_, v)| *v >= floor && *v > -MATE_BOUND)
        .map(|&(m, v)| (m, v, weight(v)))
        .collect();
    let total: f64 = candidates.iter().map(|c| c.2).sum();
    let mut ticket = rng.random::<f64>() * total;
    for &(m, v, w) in &candidates {
        if ticket < w {
            return (m, v);
        }
        ticket -= w;
    }
    best
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::search::MATE;

    fn counts(scored: &[(char, Score)], temperature: Score) -> [usize; 4] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut n = [0; 4];
        for _ in 0..4_000 {
            let (m, _) = choose(scored, temperature, &mut rng);
            n[(m as u8 - b'a') as usize] += 1;
        }
        n
    }

    #[test]
    fn closer_moves_are_likelier_and_far_ones_never_played() {
        // Best a (50), b 30 below, c 60 below, d 200 below: with temperature 40, d is past
        // three temperatures.
        let n = counts(&[('a', 50), ('b', 20), ('c', -10), ('d', -150)], 40);
        assert!(n[0] > n[1] && n[1] > n[2] && n[2] > 0, "{n:?}");
        assert_eq!(n[3], 0, "{n:?}");
        // e^(-30/40) = 0.47: b is played about half as often as a.
        let ratio = n[1] as f64 / n[0] as f64;
        assert!((0.38..0.58).contains(&ratio), "{ratio} from {n:?}");
    }

    #[test]
    fn a_temperature_of_zero_plays_the_best() {
        assert_eq!(
            counts(&[('a', -5), ('b', 0), ('c', -1), ('d', -2)], 0),
            [0, 4_000, 0, 0]
        );
    }

    #[test]
    fn a_win_found_is_always_played_and_a_loss_only_when_all_lose() {
        let win = [('a', 10), ('b', MATE - 3), ('c', 0), ('d', 5)];
        assert_eq!(counts(&win, 500), [0, 4_000, 0, 0]);
        let lose = [('a', 10), ('b', -(MATE - 3)), ('c', 0), ('d', 5)];
        assert_eq!(
            counts(&lose, 1_000_000)[1],
            0,
            "a found loss is never chosen"
        );
        let all_lose = [
            ('a', -(MATE - 9)),
            ('b', -(MATE - 3)),
            ('c', -(MATE - 5)),
            ('d', -(MATE - 7)),
        ];
        assert_eq!(
            counts(&all_lose, 100),
            [4_000, 0, 0, 0],
            "the longest resistance"
        );
    }
}
