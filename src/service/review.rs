//! `/review [#N]`: the engine's review of a finished game of this place. Every position is
//! searched at one fixed budget (see `appraise`) as heavy work (one at a time, at a lower CPU
//! priority, one per person, see `heavy`), so that live games never wait for it; a review is
//! kept once made, so asking again costs nothing. The reply: the evaluation across the moves
//! as a chart, and the three moves per side that gave away the most, each on its board with
//! the engine's move drawn as an arrow and named in words.
//!
//! Refused while the game goes on: no engine help during play.

use super::{
    appraise::{Appraisal, BLUNDER, CAP, Judged, REVIEW_NODES, Unreadable, appraise},
    appraise_turns::{TurnAppraisal, appraise_turns},
    base::Service,
    loaded::Loaded,
    replay::effective_moves,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
};
use crate::{
    render::eval_chart::EvalChart,
    rules::{BoardView, Chance, Color, GameId, Rolls, registry, two_squares},
    store::{GameRow, GameState, LogEntry, StoredReview},
};

/// The budget a turn review is kept under: the chain solver is exact, it has none.
const EXACT: u64 = 0;

/// The moves a review shows per side.
const SHOWN_PER_SIDE: usize = 3;

/// The most labels along the chart's bottom.
const MOST_LABELS: usize = 8;

impl Service {
    /// `/review [#N]` of the game here or the one named.
    pub(crate) async fn review_command(&self, req: &Request) -> ServiceResult {
        let loaded = self.look(req, true).await?;
        if loaded.row.state != GameState::Over {
            return Err(ServiceError::refused(format!(
                "Game {} is still being played; its review waits for its end, so that nobody \
                 gets the engine's help during play.",
                loaded.label()
            )));
        }
        if loaded.kind.is_cooperative() {
            let appraisal = self
                .kept_or_made(
                    req,
                    &loaded,
                    EXACT,
                    TurnAppraisal::from_json,
                    |made| made.to_json(),
                    |kind, start, log| appraise_turns(kind, &start, &log),
                )
                .await?;
            return self.present_turn_review(&loaded, &appraisal).await;
        }
        let appraisal = self
            .kept_or_made(
                req,
                &loaded,
                REVIEW_NODES,
                Appraisal::from_json,
                |made| made.to_json(),
                |kind, start, log| appraise(kind, &start, &log, REVIEW_NODES),
            )
            .await?;
        self.present_review(&loaded, &appraisal).await
    }

    /// The review kept for the game as it stands, made at today's budget.
    pub(crate) async fn kept_review(&self, row: &GameRow) -> ServiceResult<Option<Appraisal>> {
        self.kept(row, REVIEW_NODES, Appraisal::from_json).await
    }

    /// The review kept for the game as it stands, made at `budget`, if it reads.
    async fn kept<T>(
        &self,
        row: &GameRow,
        budget: u64,
        read: fn(&str) -> Option<T>,
    ) -> ServiceResult<Option<T>> {
        Ok(self
            .store
            .review(row.id)
            .await?
            .filter(|kept| kept.version == row.version && kept.budget == budget as i64)
            .and_then(|kept| read(&kept.body)))
    }

    /// The kept review of the game, else a new one made by `make` as heavy work, kept.
    async fn kept_or_made<T: Send + 'static>(
        &self,
        req: &Request,
        loaded: &Loaded,
        budget: u64,
        read: fn(&str) -> Option<T>,
        write: fn(&T) -> String,
        make: impl FnOnce(GameId, String, Vec<LogEntry>) -> Result<T, Unreadable> + Send + 'static,
    ) -> ServiceResult<T> {
        let row = &loaded.row;
        if let Some(kept) = self.kept(row, budget, read).await? {
            return Ok(kept);
        }
        let log = self.store.log_at(row.id, row.version).await?;
        let (kind, start) = (loaded.kind, row.initial_position.clone());
        let _shown = self.thinking_in(row.id, &row.place_id);
        let made = self
            .heavy
            .run(&req.user.id, "review", req.progress.as_ref(), move || {
                make(kind, start, log)
            })
            .await?;
        let made = made.map_err(|_| {
            ServiceError::refused(format!(
                "Game #{}'s record does not replay, so it cannot be reviewed; /history shows \
                 its moves.",
                row.id
            ))
        })?;
        let kept = StoredReview {
            version: row.version,
            budget: budget as i64,
            body: write(&made),
        };
        self.store.save_review(row.id, &kept).await?;
        Ok(made)
    }

    /// The review as a reply: the costliest moves in words, the chart, and a board for each.
    async fn present_review(&self, loaded: &Loaded, appraisal: &Appraisal) -> ServiceResult {
        let name = loaded.title();
        let mut text = format!(
            "Review of game #{} ({name}): each position searched at {} nodes.",
            loaded.row.id,
            thousands(REVIEW_NODES)
        );
        let mut shown: Vec<(usize, &Judged)> = Vec::new();
        for side in Color::ALL {
            let costliest = appraisal.costliest(side, SHOWN_PER_SIDE);
            let said: Vec<String> = costliest
                .iter()
                .map(|&(i, m)| judged_words(appraisal, i, m))
                .collect();
            text.push_str(&if said.is_empty() {
                format!("\n{side}: no move gave away a pawn.")
            } else {
                format!("\n{side}'s costliest: {}.", said.join("; "))
            });
            shown.extend(costliest);
        }
        let chart = chart(loaded, appraisal, &shown);
        let description = format!(
            "The evaluation of game #{} across its {} moves, White ahead above the line.",
            loaded.row.id,
            appraisal.moves.len()
        );
        let filename = format!("review-{}.png", loaded.row.id);
        let image = self
            .picture(filename, description, move |painter| {
                painter.eval_chart(&chart)
            })
            .await;
        let log = self.store.log_at(loaded.row.id, loaded.row.version).await?;
        let moves: Vec<(String, Rolls)> = effective_moves(&log)
            .unwrap_or_default()
            .into_iter()
            .map(|m| (m.entry.notation.clone().unwrap_or_default(), m.rolls))
            .collect();
        let mut more_images = Vec::new();
        for (view, i, judged) in costly_views(loaded, &moves, &shown) {
            let orientation = judged.side.unwrap_or(Color::White);
            let filename = format!("review-{}-{}.png", loaded.row.id, i + 1);
            let description = format!(
                "Game #{} before {} {}: the move played is marked, the engine's move is the \
                 arrow.",
                loaded.row.id, judged.mark, judged.text
            );
            let (_, picture) = self.paint(view, orientation, filename, description).await;
            more_images.extend(picture);
        }
        Ok(Reply {
            text,
            image,
            more_images,
            ..Reply::default()
        })
    }
}

/// The position before each of `shown` (`moves`: the game's moves in effect and their dice),
/// the move played marked as squares and the engine's move as an arrow, captioned.
fn costly_views<'a>(
    loaded: &Loaded,
    moves: &[(String, Rolls)],
    shown: &[(usize, &'a Judged)],
) -> Vec<(BoardView, usize, &'a Judged)> {
    let Ok(mut game) = registry::load(loaded.kind, &loaded.row.initial_position) else {
        return Vec::new();
    };
    let mut wanted: Vec<(usize, &Judged)> = shown.to_vec();
    wanted.sort_by_key(|(i, _)| *i);
    let mut views = Vec::new();
    let mut at = 0;
    for (i, judged) in wanted {
        // The moves up to this one, from where the last view was taken.
        while at < i {
            let Some((notation, rolls)) = moves.get(at) else {
                return views;
            };
            if game
                .play_with(notation, Chance::Recorded(&rolls.0))
                .is_err()
            {
                return views;
            }
            at += 1;
        }
        let mut view = game.view();
        view.last_move = two_squares(&judged.played)
            .map(|(from, to)| vec![from, to])
            .unwrap_or_default();
        view.hints = judged
            .best
            .as_ref()
            .and_then(|(canonical, _)| two_squares(canonical))
            .into_iter()
            .collect();
        let better = judged
            .best
            .as_ref()
            .map_or(String::new(), |(_, t)| format!(" · better: {t}"));
        view.header = format!(
            "#{} · {} {}{}{better}",
            loaded.row.id,
            judged.mark,
            judged.text,
            judged.glyph()
        );
        views.push((view, i, judged));
    }
    views
}

/// "3... Nf6?? (+0.2 → Black is lost; better g6)".
fn judged_words(appraisal: &Appraisal, i: usize, m: &Judged) -> String {
    let (before, after) = (appraisal.evals[i], appraisal.evals[i + 1]);
    let better = m
        .best
        .as_ref()
        .map_or(String::new(), |(_, t)| format!("; better {t}"));
    format!(
        "{} {}{} ({} → {}{better})",
        m.mark,
        m.text,
        m.glyph(),
        eval_words(before),
        eval_words(after)
    )
}

/// An evaluation for people: "+1.5" (White ahead), "−0.3", or who wins.
pub(crate) fn eval_words(eval: i32) -> String {
    if eval >= CAP {
        "White wins".into()
    } else if eval <= -CAP {
        "Black wins".into()
    } else {
        format!("{:+.1}", f64::from(eval) / 100.0).replace('-', "−")
    }
}

/// The chart of a review: White's evaluation in pawns, move numbers along the bottom, the
/// moves shown as dots.
fn chart(loaded: &Loaded, appraisal: &Appraisal, shown: &[(usize, &Judged)]) -> EvalChart {
    let numbered: Vec<(usize, String)> = appraisal
        .moves
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let number = m.mark.strip_suffix('.')?;
            number
                .chars()
                .all(|c| c.is_ascii_digit())
                .then(|| (i, number.to_string()))
        })
        .collect();
    let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500]
        .into_iter()
        .find(|step| numbered.len() / step < MOST_LABELS)
        .unwrap_or(1000);
    let labels = numbered
        .into_iter()
        .filter(|(_, n)| n.parse::<usize>().is_ok_and(|n| n == 1 || n % step == 0))
        .collect();
    EvalChart {
        title: format!(
            "Game #{} · {} · the engine's evaluation",
            loaded.row.id,
            loaded.title()
        ),
        evals: appraisal
            .evals
            .iter()
            .map(|&e| f64::from(e) / 100.0)
            .collect(),
        labels,
        marked: shown
            .iter()
            .map(|&(i, m)| (i + 1, m.loss >= BLUNDER))
            .collect(),
    }
}

/// 100000 as "100,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_and_numbers_are_written_for_people() {
        assert_eq!(eval_words(150), "+1.5");
        assert_eq!(eval_words(-30), "−0.3");
        assert_eq!(eval_words(CAP), "White wins");
        assert_eq!(eval_words(-CAP), "Black wins");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(999), "999");
    }
}
