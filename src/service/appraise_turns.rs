//! The review of a game played together (`/review` of a cooperative game): there is no side to
//! blame and no evaluation to lose, so each turn is judged by its score against the most its
//! own moves could have scored ([`Game::best_turn`](crate::rules::Game::best_turn): the exact
//! chain solver over every pair of moves, both orders). It looks at the turn alone, not at the
//! bombs to come: a turn that kept a shorter chain for a better next turn shows as missed, and
//! the review says so. Pure work on the rules, run as heavy work by `turn_review`.

use serde_json::{Value, json};

use super::{appraise::Unreadable, replay::effective_moves};
use crate::{
    rules::{Chance, GameId, Square, registry},
    store::LogEntry,
};

/// The review of a cooperative game, turn by turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TurnAppraisal {
    pub turns: Vec<JudgedTurn>,
}

/// One turn as the review judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JudgedTurn {
    /// Its number, from 1.
    pub turn: u32,
    /// How many of the game's moves in effect came before it: its position follows them.
    pub at: usize,
    /// The points it scored (0 before the first chain).
    pub scored: u32,
    /// The most it could have scored.
    pub possible: u32,
    /// The moves that score that, canonical, in order.
    pub moves: Vec<String>,
    /// The chain they make.
    pub chain: Vec<Square>,
}

impl JudgedTurn {
    /// The points a longer chain would have added.
    pub fn missed(&self) -> u32 {
        self.possible.saturating_sub(self.scored)
    }
}

/// Reads the game of `kind` that began at `start` with log `log`, turn by turn.
pub(crate) fn appraise_turns(
    kind: GameId,
    start: &str,
    log: &[LogEntry],
) -> Result<TurnAppraisal, Unreadable> {
    let mut game = registry::load(kind, start).map_err(|_| Unreadable)?;
    let moves = effective_moves(log).map_err(|_| Unreadable)?;
    let mut turns: Vec<JudgedTurn> = Vec::new();
    for at in 0..=moves.len() {
        // A turn is judged from its first position: every way its moves may still go.
        if let Some(best) = game.best_turn()
            && turns.last().is_none_or(|t| t.turn != best.turn)
        {
            turns.push(JudgedTurn {
                turn: best.turn,
                at,
                scored: 0,
                possible: best.points,
                moves: best.moves,
                chain: best.chain,
            });
        }
        let Some(played) = moves.get(at) else { break };
        let notation = played.entry.notation.as_deref().unwrap_or("");
        game.play_with(notation, Chance::Recorded(&played.rolls.0))
            .map_err(|_| Unreadable)?;
    }
    for (turn, points) in game.turn_scores() {
        if let Some(judged) = turns.iter_mut().find(|t| t.turn == turn) {
            judged.scored = points;
        }
    }
    Ok(TurnAppraisal { turns })
}

impl TurnAppraisal {
    /// The review as it is kept (JSON).
    pub fn to_json(&self) -> String {
        let turns: Vec<Value> = self
            .turns
            .iter()
            .map(|t| {
                json!({
                    "turn": t.turn,
                    "at": t.at,
                    "scored": t.scored,
                    "possible": t.possible,
                    "moves": t.moves,
                    "chain": t.chain.iter().map(Square::to_string).collect::<Vec<_>>(),
                })
            })
            .collect();
        json!({ "turns": turns }).to_string()
    }

    /// A kept review; `None` when it does not read (it is made again).
    pub fn from_json(text: &str) -> Option<TurnAppraisal> {
        let value: Value = serde_json::from_str(text).ok()?;
        let turns = value["turns"]
            .as_array()?
            .iter()
            .map(|t| {
                let number = |key: &str| t[key].as_u64().and_then(|n| u32::try_from(n).ok());
                let texts = |key: &str| {
                    t[key]
                        .as_array()?
                        .iter()
                        .map(|v| v.as_str().map(str::to_string))
                        .collect::<Option<Vec<String>>>()
                };
                Some(JudgedTurn {
                    turn: number("turn")?,
                    at: usize::try_from(t["at"].as_u64()?).ok()?,
                    scored: number("scored")?,
                    possible: number("possible")?,
                    moves: texts("moves")?,
                    chain: texts("chain")?
                        .iter()
                        .map(|s| s.parse().ok())
                        .collect::<Option<Vec<Square>>>()?,
                })
            })
            .collect::<Option<Vec<JudgedTurn>>>()?;
        Some(TurnAppraisal { turns })
    }

    /// The turns that missed the most points, at most `n`, the costliest first (the earlier
    /// among equals).
    pub fn costliest(&self, n: usize) -> Vec<&JudgedTurn> {
        let mut found: Vec<&JudgedTurn> = self.turns.iter().filter(|t| t.missed() > 0).collect();
        found.sort_by_key(|t| (std::cmp::Reverse(t.missed()), t.turn));
        found.truncate(n);
        found
    }

    /// The points scored, and the most the turns could have scored one by one.
    pub fn totals(&self) -> (u32, u32) {
        self.turns.iter().fold((0, 0), |(s, p), t| {
            (s + t.scored, p + t.possible.max(t.scored))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_turn_review_reads_back_and_names_its_costliest_turns() {
        let turn = |turn: u32, scored: u32, possible: u32| JudgedTurn {
            turn,
            at: turn as usize * 2,
            scored,
            possible,
            moves: vec!["b1c3".into(), "b7b6".into()],
            chain: vec!["c3".parse().unwrap(), "d4".parse().unwrap()],
        };
        let appraisal = TurnAppraisal {
            turns: vec![
                turn(1, 0, 0),
                turn(2, 9, 25),
                turn(3, 16, 16),
                turn(4, 4, 36),
            ],
        };
        let back = TurnAppraisal::from_json(&appraisal.to_json()).unwrap();
        assert_eq!(back, appraisal);
        let costliest: Vec<u32> = back.costliest(3).iter().map(|t| t.turn).collect();
        assert_eq!(costliest, vec![4, 2]);
        assert_eq!(back.totals(), (29, 77));
        assert!(TurnAppraisal::from_json("{\"evals\": [1], \"moves\": []}").is_none());
    }
}
