//! How `/review` shows a game played together: the points the group scored against the most
//! each turn could have scored, as a chart of bars, and the (at most three) turns that left
//! the most, each with the moves that would have scored more drawn as hint arrows and the
//! chain they make drawn as the game draws a chain.

use super::{
    appraise_turns::{JudgedTurn, TurnAppraisal},
    base::Service,
    loaded::Loaded,
    replay::effective_moves,
    reply::{Reply, ServiceResult},
};
use crate::{
    render::turn_chart::{TurnBar, TurnChart},
    rules::{BoardView, Chance, Color, registry, two_squares},
    store::LogEntry,
};

/// The turns a review shows on boards.
const SHOWN_TURNS: usize = 3;

impl Service {
    /// The turn review as a reply: the totals and the costliest turns in words, the chart, and
    /// a board for each of those turns.
    pub(crate) async fn present_turn_review(
        &self,
        loaded: &Loaded,
        appraisal: &TurnAppraisal,
    ) -> ServiceResult {
        let id = loaded.row.id;
        let (scored, possible) = appraisal.totals();
        let costliest = appraisal.costliest(SHOWN_TURNS);
        let mut text = format!(
            "Review of game #{id} ({}): each turn's moves against the best pair of moves for \
             that turn alone, found by the exact chain solver (the bombs to come are not \
             weighed). The group scored {scored} of the {possible} its turns could have scored \
             one by one.",
            loaded.kind.display_name()
        );
        if costliest.is_empty() {
            text.push_str("\nEvery turn made the longest chain it could.");
        } else {
            let said: Vec<String> = costliest.iter().map(|t| turn_words(t)).collect();
            text.push_str(&format!(
                "\nWhere a longer chain was possible: {}.",
                said.join("; ")
            ));
        }
        let chart = TurnChart {
            title: format!(
                "Game #{id} · {} · each turn's points",
                loaded.kind.display_name()
            ),
            turns: appraisal
                .turns
                .iter()
                .map(|t| TurnBar {
                    turn: t.turn,
                    scored: t.scored,
                    possible: t.possible,
                })
                .collect(),
        };
        let description = format!(
            "Game #{id} turn by turn: {scored} points scored of {possible} possible, the \
             missed points stacked on each turn's bar."
        );
        let image = self
            .picture(format!("review-{id}.png"), description, move |painter| {
                painter.turn_chart(&chart)
            })
            .await;
        let log = self.store.log_at(id, loaded.row.version).await?;
        let mut more_images = Vec::new();
        for (view, turn) in better_turn_views(loaded, log, &costliest).await {
            let description = format!(
                "Game #{id} at the start of turn {}: the arrows are the moves that make the \
                 longest chain, drawn as the chain.",
                turn.turn
            );
            let filename = format!("review-{id}-turn-{}.png", turn.turn);
            let (_, picture) = self.paint(view, Color::White, filename, description).await;
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

/// "turn 7 made a chain of 3 (9 points); a chain of 7 (49) with b1c3 then e7d6".
fn turn_words(turn: &JudgedTurn) -> String {
    let chain = |points: u32| points.isqrt();
    let made = match turn.scored {
        0 => "no chain".to_string(),
        points => format!("a chain of {} ({points} points)", chain(points)),
    };
    let moves = match turn.moves.as_slice() {
        [] => String::new(),
        [one] => format!(" with {one}"),
        [one, two, ..] => format!(" with {one} then {two}"),
    };
    format!(
        "turn {} made {made}; a chain of {} ({}){moves}",
        turn.turn,
        chain(turn.possible),
        turn.possible
    )
}

/// The board at the start of each of `turns`, with the better moves made (drawn as hint
/// arrows) and the chain they make drawn. Replayed on the blocking pool.
async fn better_turn_views<'a>(
    loaded: &Loaded,
    log: Vec<LogEntry>,
    turns: &[&'a JudgedTurn],
) -> Vec<(BoardView, &'a JudgedTurn)> {
    let (kind, start, id) = (
        loaded.kind,
        loaded.row.initial_position.clone(),
        loaded.row.id,
    );
    let wanted: Vec<(usize, JudgedTurn)> = turns
        .iter()
        .enumerate()
        .map(|(i, t)| (i, (*t).clone()))
        .collect();
    let drawn = tokio::task::spawn_blocking(move || {
        let Ok(mut game) = registry::load(kind, &start) else {
            return Vec::new();
        };
        let Ok(moves) = effective_moves(&log) else {
            return Vec::new();
        };
        let mut by_position = wanted;
        by_position.sort_by_key(|(_, t)| t.at);
        let mut views = Vec::new();
        let mut at = 0;
        for (i, turn) in by_position {
            while at < turn.at {
                let Some(played) = moves.get(at) else {
                    return views;
                };
                let notation = played.entry.notation.as_deref().unwrap_or("");
                if game
                    .play_with(notation, Chance::Recorded(&played.rolls.0))
                    .is_err()
                {
                    return views;
                }
                at += 1;
            }
            views.push((i, better_view(game.view(), &turn, id)));
        }
        views.sort_by_key(|(i, _)| *i);
        views
    })
    .await
    .unwrap_or_default();
    drawn
        .into_iter()
        .filter_map(|(i, view)| Some((view, *turns.get(i)?)))
        .collect()
}

/// The picture of a turn's start made into its better line: the moves made and drawn as
/// hints, the chain as arrows, nothing of the game's own marks.
fn better_view(view: BoardView, turn: &JudgedTurn, id: i64) -> BoardView {
    let moves: Vec<_> = turn.moves.iter().filter_map(|m| two_squares(m)).collect();
    let chain = &turn.chain;
    BoardView {
        arrows: (0..chain.len())
            .map(|i| (chain[i], chain[(i + 1) % chain.len()]))
            .collect(),
        hints: moves.clone(),
        marks: Vec::new(),
        last_move: Vec::new(),
        check: Vec::new(),
        header: format!(
            "#{id} · turn {}: scored {}, {} possible",
            turn.turn, turn.scored, turn.possible
        ),
        perspective: Some(Color::White),
        ..view.with_moves_made(&moves)
    }
}
