//! A match's result as an Elo difference with its 95 % interval, the way match runners report
//! it: the score's mean and standard error over the games (wins, draws and losses as they
//! came), each end of the score's interval turned into Elo by the logistic curve.

/// Wins, draws and losses of one side, and what they say.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// An Elo difference and its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// How far from the mean a 95 % interval reaches, in standard errors.
const Z95: f64 = 1.96;

impl Tally {
    /// Adds one game's points (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The share of the points, 0 to 1.
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    /// The Elo difference the score implies, with its interval. A score of 0 or 1 has no finite
    /// Elo: it is taken as half a game short of it, and the interval's far end is unbounded.
    pub fn estimate(&self) -> Option<Estimate> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let score = self.score();
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let error = (variance / n).sqrt();
        let cut = 0.5 / n;
        let clamp = |s: f64| s.clamp(cut, 1.0 - cut);
        let elo_of = |s: f64| {
            if s <= 0.0 {
                f64::NEG_INFINITY
            } else if s >= 1.0 {
                f64::INFINITY
            } else {
                -400.0 * (1.0 / s - 1.0).log10()
            }
        };
        Some(Estimate {
            elo: elo_of(clamp(score)),
            low: elo_of(score - Z95 * error).min(elo_of(clamp(score))),
            high: elo_of(score + Z95 * error).max(elo_of(clamp(score))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference_and_three_quarters_is_about_191() {
        let even = Tally {
            wins: 5,
            draws: 10,
            losses: 5,
        };
        let e = even.estimate().unwrap();
        assert!(e.elo.abs() < 1e-9);
        assert!(e.low < -50.0 && e.high > 50.0 && (e.low + e.high).abs() < 1e-6);
        let ahead = Tally {
            wins: 15,
            draws: 0,
            losses: 5,
        };
        let e = ahead.estimate().unwrap();
        assert!((e.elo - 190.8).abs() < 0.1, "{e:?}");
        assert!(e.low < e.elo && e.elo < e.high);
    }

    #[test]
    fn more_games_narrow_the_interval_and_a_clean_sweep_is_open_above() {
        let few = Tally {
            wins: 6,
            draws: 0,
            losses: 4,
        };
        let many = Tally {
            wins: 60,
            draws: 0,
            losses: 40,
        };
        let width = |t: Tally| {
            let e = t.estimate().unwrap();
            e.high - e.low
        };
        assert!(width(many) < width(few) / 2.0);
        let sweep = Tally {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        let e = sweep.estimate().unwrap();
        assert!(
            e.elo.is_finite() && e.elo > 400.0 && e.high.is_infinite(),
            "{e:?}"
        );
        assert_eq!(Tally::default().estimate(), None);
    }
}
