//! Glicko-2 ratings (the `skillratings` crate) for games between sides of any size: each
//! player is rated against the other team taken as one player with the team's average rating,
//! deviation and volatility, so a one-against-one game is plain Glicko-2. Also the bookkeeping
//! when a game ends: its result row and the new rating of every member of both sides.

use skillratings::{
    Outcomes,
    glicko2::{Glicko2Config, Glicko2Rating, glicko2},
};

use super::{base::Service, loaded::Loaded};
use crate::{
    rules::{Color, Outcome},
    store::{RatingRow, ResultKind, ResultRow, StoreError},
};

/// How a competitive game ended, from the sides' point of view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TeamOutcome {
    WhiteWins,
    BlackWins,
    Draw,
}

fn average(team: &[Glicko2Rating]) -> Glicko2Rating {
    if team.is_empty() {
        return Glicko2Rating::new();
    }
    let n = team.len() as f64;
    Glicko2Rating {
        rating: team.iter().map(|r| r.rating).sum::<f64>() / n,
        deviation: team.iter().map(|r| r.deviation).sum::<f64>() / n,
        volatility: team.iter().map(|r| r.volatility).sum::<f64>() / n,
    }
}

/// The new ratings of every member of both teams.
pub fn rate_teams(
    white: &[Glicko2Rating],
    black: &[Glicko2Rating],
    outcome: TeamOutcome,
) -> (Vec<Glicko2Rating>, Vec<Glicko2Rating>) {
    let config = Glicko2Config::new();
    let (white_avg, black_avg) = (average(white), average(black));
    let for_white = match outcome {
        TeamOutcome::WhiteWins => Outcomes::WIN,
        TeamOutcome::BlackWins => Outcomes::LOSS,
        TeamOutcome::Draw => Outcomes::DRAW,
    };
    let for_black = match outcome {
        TeamOutcome::WhiteWins => Outcomes::LOSS,
        TeamOutcome::BlackWins => Outcomes::WIN,
        TeamOutcome::Draw => Outcomes::DRAW,
    };
    let new_white = white
        .iter()
        .map(|r| glicko2(r, &black_avg, &for_white, &config).0)
        .collect();
    let new_black = black
        .iter()
        .map(|r| glicko2(r, &white_avg, &for_black, &config).0)
        .collect();
    (new_white, new_black)
}

impl Service {
    /// The result row and the new ratings when a game ends with `outcome`.
    pub(crate) async fn finish(
        &self,
        loaded: &Loaded,
        outcome: &Outcome,
        abandoned: bool,
    ) -> Result<(ResultRow, Vec<RatingRow>), StoreError> {
        let row = &loaded.row;
        let (kind, winner, points) = match outcome {
            _ if abandoned => (ResultKind::Abandoned, None, None),
            Outcome::Win { winner, .. } => (ResultKind::Win, Some(*winner), None),
            Outcome::Draw { .. } => (ResultKind::Draw, None, None),
            Outcome::Score { points, .. } => (ResultKind::Score, None, Some(i64::from(*points))),
        };
        let reason = match outcome {
            Outcome::Win { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::Score { reason, .. } => reason.clone(),
        };
        let result = ResultRow {
            game_id: row.id,
            server_id: row.server_id.clone(),
            variant: loaded.kind.into(),
            kind,
            winner,
            points,
            reason,
        };
        let mut ratings = Vec::new();
        let team_outcome = match outcome {
            _ if abandoned || loaded.kind.is_cooperative() => None,
            Outcome::Win { winner, .. } => Some(if *winner == Color::White {
                TeamOutcome::WhiteWins
            } else {
                TeamOutcome::BlackWins
            }),
            Outcome::Draw { .. } => Some(TeamOutcome::Draw),
            Outcome::Score { .. } => None,
        };
        let white = loaded.members(Color::White);
        let black = loaded.members(Color::Black);
        if let Some(team_outcome) = team_outcome
            && !white.is_empty()
            && !black.is_empty()
        {
            let mut current = Vec::new();
            for p in white.iter().chain(black.iter()) {
                let stored = self
                    .store
                    .rating(&row.server_id, loaded.kind, &p.user_id)
                    .await?;
                current.push(stored.unwrap_or_else(|| RatingRow {
                    server_id: row.server_id.clone(),
                    variant: loaded.kind,
                    user_id: p.user_id.clone(),
                    name: p.name.clone(),
                    rating: Glicko2Rating::new().rating,
                    deviation: Glicko2Rating::new().deviation,
                    volatility: Glicko2Rating::new().volatility,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                }));
            }
            let as_glicko = |r: &RatingRow| Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            };
            let (w, b) = current.split_at(white.len());
            let (new_w, new_b) = rate_teams(
                &w.iter().map(as_glicko).collect::<Vec<_>>(),
                &b.iter().map(as_glicko).collect::<Vec<_>>(),
                team_outcome,
            );
            for (i, r) in current.iter().enumerate() {
                let (side, new) = if i < w.len() {
                    (Color::White, new_w[i])
                } else {
                    (Color::Black, new_b[i - w.len()])
                };
                let mut r = r.clone();
                r.rating = new.rating;
                r.deviation = new.deviation;
                r.volatility = new.volatility;
                r.games += 1;
                match team_outcome {
                    TeamOutcome::Draw => r.draws += 1,
                    _ if winner == Some(side) => r.wins += 1,
                    _ => r.losses += 1,
                }
                ratings.push(r);
            }
        }
        Ok((result, ratings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_against_one_is_plain_glicko2() {
        let fresh = Glicko2Rating::new();
        let (w, b) = rate_teams(&[fresh], &[fresh], TeamOutcome::WhiteWins);
        let (expected_w, expected_b) =
            glicko2(&fresh, &fresh, &Outcomes::WIN, &Glicko2Config::new());
        assert_eq!(w, vec![expected_w]);
        assert_eq!(b, vec![expected_b]);
        assert!(w[0].rating > 1600.0 && b[0].rating < 1400.0);
    }

    #[test]
    fn every_member_of_a_winning_team_gains() {
        let fresh = Glicko2Rating::new();
        let strong = Glicko2Rating {
            rating: 1800.0,
            ..fresh
        };
        let (w, b) = rate_teams(
            &[fresh, strong, fresh],
            &[fresh, fresh],
            TeamOutcome::BlackWins,
        );
        assert_eq!((w.len(), b.len()), (3, 2));
        assert!(w[0].rating < 1500.0 && w[1].rating < 1800.0);
        assert!(b.iter().all(|r| r.rating > 1500.0));
    }

    #[test]
    fn a_draw_between_equals_keeps_ratings_equal() {
        let fresh = Glicko2Rating::new();
        let (w, b) = rate_teams(&[fresh], &[fresh], TeamOutcome::Draw);
        assert!((w[0].rating - 1500.0).abs() < 1e-9);
        assert!((b[0].rating - 1500.0).abs() < 1e-9);
        assert!(w[0].deviation < fresh.deviation);
    }
}
