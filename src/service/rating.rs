//! Glicko-2 ratings (the `skillratings` crate) for games between sides of any size: each
//! player is rated against the other team taken as one player with the team's average rating,
//! deviation and volatility, so a one-against-one game is plain Glicko-2.

use skillratings::{
    Outcomes,
    glicko2::{Glicko2Config, Glicko2Rating, glicko2},
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
