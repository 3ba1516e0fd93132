//! Glicko-2 ratings (the `skillratings` crate) for games between sides of any size: each
//! player is rated against the other team taken as one player with the team's average rating,
//! deviation and volatility, so a one-against-one game is plain Glicko-2. Also the bookkeeping
//! when a game ends: its result row and the new rating of every member of both sides.

use std::sync::Arc;

use skillratings::{
    Outcomes,
    glicko2::{Glicko2Config, Glicko2Rating, glicko2},
};

use super::{loaded::Loaded, rated::is_rated};
use crate::{
    rules::{Color, Outcome},
    store::{RatingRow, Rerating, ResultKind, ResultRow},
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

/// The players' ratings after one game: `current` holds White's `white` members first, then
/// Black's, as they are stored now.
fn rated(current: &[RatingRow], white: usize, outcome: TeamOutcome) -> Vec<RatingRow> {
    let as_glicko = |r: &RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let (w, b) = current.split_at(white.min(current.len()));
    let (new_w, new_b) = rate_teams(
        &w.iter().map(as_glicko).collect::<Vec<_>>(),
        &b.iter().map(as_glicko).collect::<Vec<_>>(),
        outcome,
    );
    let sides = w
        .iter()
        .zip(new_w)
        .map(|(r, new)| (r, new, Color::White))
        .chain(b.iter().zip(new_b).map(|(r, new)| (r, new, Color::Black)));
    sides
        .map(|(r, new, side)| {
            let mut r = r.clone();
            r.rating = new.rating;
            r.deviation = new.deviation;
            r.volatility = new.volatility;
            r.games += 1;
            match (outcome, side) {
                (TeamOutcome::Draw, _) => r.draws += 1,
                (TeamOutcome::WhiteWins, Color::White) | (TeamOutcome::BlackWins, Color::Black) => {
                    r.wins += 1
                }
                _ => r.losses += 1,
            }
            r
        })
        .collect()
}

/// The result row when a game ends with `outcome`, and how it changes the players'
/// ratings (worked out by the store inside the finishing transaction).
pub(crate) fn finish(
    loaded: &Loaded,
    outcome: &Outcome,
    abandoned: bool,
) -> (ResultRow, Option<Rerating>) {
    let row = &loaded.row;
    let (kind, winner, points) = match outcome {
        _ if abandoned => (ResultKind::Abandoned, None, None),
        Outcome::Win { winner, .. } => (ResultKind::Win, Some(*winner), None),
        Outcome::Draw { .. } => (ResultKind::Draw, None, None),
        Outcome::Score { points, .. } => (ResultKind::Score, None, Some(i64::from(*points))),
    };
    let reason = match outcome {
        Outcome::Win { reason, .. } | Outcome::Draw { reason } | Outcome::Score { reason, .. } => {
            reason.clone()
        }
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
    let team_outcome = match outcome {
        _ if abandoned || loaded.kind.is_cooperative() || !is_rated(&row.options) => None,
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
    let rerating = match team_outcome {
        Some(team_outcome) if !white.is_empty() && !black.is_empty() => {
            let fresh = Glicko2Rating::new();
            let unrated = white
                .iter()
                .chain(black.iter())
                .map(|p| RatingRow {
                    server_id: row.server_id.clone(),
                    variant: loaded.kind,
                    user_id: p.user_id.clone(),
                    name: p.name.clone(),
                    rating: fresh.rating,
                    deviation: fresh.deviation,
                    volatility: fresh.volatility,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                })
                .collect();
            let white = white.len();
            Some(Rerating {
                unrated,
                rate: Arc::new(move |current| rated(current, white, team_outcome)),
            })
        }
        _ => None,
    };
    (result, rerating)
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
