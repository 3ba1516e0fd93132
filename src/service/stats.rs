//! `/rating`: a person's rating history in this server, as a chart and in words: the rating
//! now, games and results, the best win (the highest-rated opponent beaten, by their rating at
//! the time) and the median time they take over a move.
//!
//! Only the server the command is asked in is read: from another server a person has no
//! rating, in the very words of someone who never played; a direct conversation has no
//! ratings at all, as it has no leaderboard.

use super::{
    base::Service,
    reply::{Reply, ServiceError, ServiceResult},
    request::{Request, User},
    timing::span,
    words::shown,
};
use crate::{
    render::chart::{Chart, ChartPoint, Series, civil_date},
    rules::GameId,
    store::{Beaten, RatingPoint, RatingRow},
};

/// How many games one chart draws (the most played); the text lists every game.
const MOST_SERIES: usize = 6;
/// The band around a line reaches this many deviations each way: the 95 % interval, the ± the
/// leaderboards print.
const BAND: f64 = 2.0;

/// One game's record of one person, as `/rating` tells it.
struct GameStats {
    rating: RatingRow,
    history: Vec<RatingPoint>,
    best_win: Option<Beaten>,
    /// The median time over a move, with the number of moves it is taken over.
    median_move: Option<(i64, usize)>,
}

impl Service {
    /// `/rating [@user] [GAME]`: `who`'s (the asker's by default) ratings in this server.
    pub(crate) async fn rating(
        &self,
        req: &Request,
        who: Option<&User>,
        game: &str,
    ) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(
                "Ratings belong to a server: ask for /rating in one of its channels to see \
                 your history there. Here, /games lists your own games.",
            ));
        }
        let server = req.place.server.as_str();
        let person = who.unwrap_or(&req.user);
        let yourself = person.id == req.user.id;
        let game = game.trim();
        let kinds: Vec<RatingRow> = if game.is_empty() {
            self.store.ratings_of(server, &person.id).await?
        } else {
            let kind = GameId::parse(game).map_err(|_| {
                ServiceError::refused(format!(
                    "\"{}\" is neither a game nor a person here: write /rating GAME or \
                     /rating @someone GAME (/help lists the games).",
                    shown(game)
                ))
            })?;
            if kind.is_cooperative() {
                return Err(ServiceError::refused(format!(
                    "{kind} is played together for one score, so nobody has a rating in it: \
                     /leaderboard {} shows the best scores.",
                    kind.slug()
                )));
            }
            let rating = self.store.rating(server, kind, &person.id).await?;
            match rating {
                Some(rating) => vec![rating],
                None => return Ok(Reply::text(no_rating(person, yourself, Some(kind)))),
            }
        };
        if kinds.is_empty() {
            return Ok(Reply::text(no_rating(person, yourself, None)));
        }
        let mut games = Vec::with_capacity(kinds.len());
        for rating in kinds {
            games.push(self.game_stats(server, rating).await?);
        }
        let name = games[0].rating.name.clone();
        let text = if game.is_empty() {
            let lines: Vec<String> = games.iter().map(|g| format!("• {}", g.line())).collect();
            format!(
                "{name}'s ratings on this server (Glicko-2):\n{}",
                lines.join("\n")
            )
        } else {
            games[0].paragraph(&name)
        };
        let chart = Chart {
            title: match games.as_slice() {
                [one] => format!("{name} — {} rating", one.rating.variant),
                _ => format!("{name} — ratings on this server"),
            },
            series: games
                .iter()
                .take(MOST_SERIES)
                .map(|g| Series {
                    name: g.rating.variant.display_name().to_string(),
                    points: g
                        .history
                        .iter()
                        .map(|p| ChartPoint {
                            at: p.at,
                            rating: p.rating,
                            deviation: p.deviation,
                        })
                        .collect(),
                })
                .collect(),
            band: BAND,
        };
        let description = describe(&name, &games);
        let filename = match games.as_slice() {
            [one] => format!("rating-{}.png", one.rating.variant.slug()),
            _ => "ratings.png".to_string(),
        };
        let image = self
            .picture(filename, description, move |painter| painter.chart(&chart))
            .await;
        Ok(Reply {
            image,
            ..Reply::text(text)
        })
    }

    async fn game_stats(&self, server: &str, rating: RatingRow) -> ServiceResult<GameStats> {
        let (kind, user) = (rating.variant, rating.user_id.as_str());
        let history = self.store.rating_history(server, kind, user).await?;
        let beaten = self.store.beaten(server, kind, user).await?;
        let times = self.store.move_times(server, kind, user).await?;
        // The highest rating beaten, at the time; the earliest such win on a tie. A first
        // game's opponent was rated as everyone starts.
        let start = skillratings::glicko2::Glicko2Rating::new().rating;
        let before = |b: &Beaten| b.rating_before.unwrap_or(start);
        let best_win = beaten
            .into_iter()
            .fold(None::<Beaten>, |best, b| match best {
                Some(best) if before(&best) >= before(&b) => Some(best),
                _ => Some(b),
            })
            .map(|mut b| {
                b.rating_before = Some(before(&b));
                b
            });
        Ok(GameStats {
            rating,
            history,
            best_win,
            median_move: median(times),
        })
    }
}

/// What is said to someone without a rating here: how to get one. The same words whether the
/// person never played or played only in another server, so that nothing of another server
/// shows.
fn no_rating(person: &User, yourself: bool, game: Option<GameId>) -> String {
    let (slug, in_game) = match game {
        Some(kind) => (kind.slug(), format!(" in {kind}")),
        None => ("GAME", String::new()),
    };
    if yourself {
        format!(
            "You have no rating{in_game} on this server yet. Play a rated game to get one: \
             /new {slug} @someone (or /new {slug} ai against the bot)."
        )
    } else {
        format!(
            "{} has no rating{in_game} on this server yet; a rated game gives one: \
             /new {slug} @{}.",
            person.name, person.name
        )
    }
}

impl GameStats {
    fn results(&self) -> String {
        let r = &self.rating;
        format!(
            "{} game{}: {} won, {} drawn, {} lost",
            r.games,
            if r.games == 1 { "" } else { "s" },
            r.wins,
            r.draws,
            r.losses
        )
    }

    fn now(&self) -> String {
        format!(
            "{:.0} (±{:.0})",
            self.rating.rating,
            BAND * self.rating.deviation
        )
    }

    fn best_win(&self) -> Option<String> {
        self.best_win.as_ref().map(|b| {
            format!(
                "{} ({:.0}) in game #{} on {}",
                b.name,
                b.rating_before.unwrap_or_default(),
                b.game_id,
                date(b.finished_at)
            )
        })
    }

    fn median_move(&self) -> Option<String> {
        self.median_move.map(|(ms, moves)| {
            format!(
                "{} (over {moves} move{})",
                duration(ms),
                if moves == 1 { "" } else { "s" }
            )
        })
    }

    /// One game told in full (`/rating GAME`).
    fn paragraph(&self, name: &str) -> String {
        let mut lines = vec![
            format!(
                "{name}'s {} rating on this server (Glicko-2): {}",
                self.rating.variant,
                self.now()
            ),
            self.results(),
            format!(
                "Best win: {}",
                self.best_win().unwrap_or_else(|| "none yet".to_string())
            ),
        ];
        if let Some(median) = self.median_move() {
            lines.push(format!("Median time per move: {median}"));
        }
        lines.join("\n")
    }

    /// One game on one line (`/rating` without a game).
    fn line(&self) -> String {
        let mut parts = vec![
            format!("{}: {}", self.rating.variant, self.now()),
            self.results(),
        ];
        if let Some(best) = self.best_win() {
            parts.push(format!("best win: {best}"));
        }
        if let Some(median) = self.median_move() {
            parts.push(format!("median time per move: {median}"));
        }
        parts.join(" · ")
    }
}

/// The chart in words, for people who cannot see it.
fn describe(name: &str, games: &[GameStats]) -> String {
    let parts: Vec<String> = games
        .iter()
        .take(MOST_SERIES)
        .map(|g| {
            let points = &g.history;
            match (points.first(), points.last()) {
                (Some(first), Some(last)) if points.len() > 1 => {
                    let low = points.iter().map(|p| p.rating).fold(f64::MAX, f64::min);
                    let high = points.iter().map(|p| p.rating).fold(f64::MIN, f64::max);
                    format!(
                        "{} from {:.0} on {} to {:.0} on {} (lowest {low:.0}, highest {high:.0})",
                        g.rating.variant,
                        first.rating,
                        date(first.at),
                        last.rating,
                        date(last.at)
                    )
                }
                (Some(only), _) => format!(
                    "{} at {:.0} since {}",
                    g.rating.variant,
                    only.rating,
                    date(only.at)
                ),
                _ => format!("{} at {}", g.rating.variant, g.now()),
            }
        })
        .collect();
    format!("{name}'s rating history: {}.", parts.join("; "))
}

/// The middle value of `times` (the mean of the two middle ones for an even count), and how
/// many there are; `None` for none.
fn median(mut times: Vec<i64>) -> Option<(i64, usize)> {
    if times.is_empty() {
        return None;
    }
    times.sort_unstable();
    let n = times.len();
    let middle = if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    };
    Some((middle, n))
}

/// A time a move took, as people say it: "40 s", "2 min 5 s", "3 h 10 min", "2 d 4 h".
fn duration(ms: i64) -> String {
    let seconds = (ms.max(0) + 500) / 1000;
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 if seconds % 60 == 0 => format!("{} min", seconds / 60),
        60..3600 => format!("{} min {} s", seconds / 60, seconds % 60),
        _ => span(ms),
    }
}

/// A day as `2026-11-27` (UTC).
fn date(ms: i64) -> String {
    let (year, month, day) = civil_date(ms.div_euclid(86_400_000));
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_or_the_mean_of_the_two_middles() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![5, 1, 9]), Some((5, 3)));
        assert_eq!(median(vec![4, 1, 10, 2]), Some((3, 4)));
    }

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(40_200), "40 s");
        assert_eq!(duration(125_000), "2 min 5 s");
        assert_eq!(duration(180_000), "3 min");
        assert_eq!(duration(3 * 3_600_000 + 600_000), "3 h 10 min");
        assert_eq!(date(0), "1970-01-01");
    }
}
