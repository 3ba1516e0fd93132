//! The engine's reading of a finished game (`/review`): every position searched at one fixed
//! budget, so that a review is the same each time it is made; each move judged by how much of
//! its side's evaluation it gave away. Pure work on the rules, run as heavy work by `review`.
//!
//! Each position is read by the rules' [`reading`](crate::rules::search::reading): White's
//! evaluation, cut at ten pawns, and the search's move. A move's loss is its side's evaluation
//! before it less its side's evaluation after it (the reading of the next position, or the
//! result when the game ended there); a move the engine would have played itself loses
//! nothing.

use serde_json::{Value, json};

use super::{namer::Namer, replay::effective_moves, sheet::Sheet};
use crate::{
    rules::{
        Actor, Chance, Color, GameId, Rolls, Status, registry,
        score_sheet::Named,
        search::reading::{loss, read},
    },
    store::LogEntry,
};

/// The nodes each position's search is given: about a tenth of a second in chess on this
/// machine's release build, deep enough (five to six plies) to see a piece or a mate given
/// away.
pub(crate) const REVIEW_NODES: u64 = 100_000;

pub(crate) use crate::rules::search::reading::{BLUNDER, MISTAKE, READING_CAP as CAP};

/// The engine's reading of a game.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Appraisal {
    /// White's evaluation at each position in centipawns, the start first, the end last.
    pub evals: Vec<i32>,
    /// Each move in effect, in order: move `i` leads from position `i` to `i + 1`.
    pub moves: Vec<Judged>,
}

/// One move as the review judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Judged {
    /// Its number as the score sheet writes it: `12.`, `12...`, `Draft, White:`.
    pub mark: String,
    /// The move as players write it (SAN in chess).
    pub text: String,
    /// Its canonical notation.
    pub played: String,
    /// The side that moved (none for a move anyone may make).
    pub side: Option<Color>,
    /// The engine's move there, canonical and as players write it; `None` when the engine
    /// would have played the same.
    pub best: Option<(String, String)>,
    /// Centipawns of its side's evaluation it gave away.
    pub loss: i32,
}

impl Judged {
    /// `??` for a blunder, `?` for a mistake, else nothing.
    pub fn glyph(&self) -> &'static str {
        if self.loss >= BLUNDER {
            "??"
        } else if self.loss >= MISTAKE {
            "?"
        } else {
            ""
        }
    }
}

/// Why a game cannot be appraised: its record does not replay.
#[derive(Debug)]
pub(crate) struct Unreadable;

/// Reads the game of `kind` that began at `start` with log `log`, searching each position
/// with `nodes` nodes.
pub(crate) fn appraise(
    kind: GameId,
    start: &str,
    log: &[LogEntry],
    nodes: u64,
) -> Result<Appraisal, Unreadable> {
    let mut game = registry::load(kind, start).map_err(|_| Unreadable)?;
    let moves = effective_moves(log).map_err(|_| Unreadable)?;
    let sheet = Sheet::of(kind, start, log);
    let plies = sheet.plies();
    let mut namer = Namer::new(kind, start);
    let first = read(game.as_ref(), nodes, 0);
    let mut best = first.best;
    let first = first.eval;
    let mut evals = vec![first];
    let mut judged = Vec::with_capacity(moves.len());
    for (i, played) in moves.iter().enumerate() {
        let notation = played.entry.notation.as_deref().unwrap_or("").to_string();
        let side = match game.status() {
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => Some(side),
            _ => None,
        };
        let engine = best.take().filter(|b| *b != notation);
        // The engine's move as players write it, named on the sheet's replay and taken back.
        let engine = engine.map(|canonical| {
            let named = match namer.name(&canonical, &Rolls::default()) {
                Some(Named::Move { text, .. }) => {
                    namer.take_back();
                    text
                }
                Some(Named::Turn { .. }) => {
                    namer.take_back();
                    canonical.clone()
                }
                None => canonical.clone(),
            };
            (canonical, named)
        });
        namer.name(&notation, &played.rolls);
        game.play_with(&notation, Chance::Recorded(&played.rolls.0))
            .map_err(|_| Unreadable)?;
        let before = *evals.last().unwrap_or(&0);
        let next = read(game.as_ref(), nodes, before);
        let after = next.eval;
        best = next.best;
        evals.push(after);
        let loss = match (side, &engine) {
            (Some(side), Some(_)) => loss(side, before, after),
            _ => 0,
        };
        let (mark, text) = match plies.get(i) {
            Some(ply) => (ply.mark(), ply.text.clone()),
            None => (String::new(), notation.clone()),
        };
        judged.push(Judged {
            mark,
            text,
            played: notation,
            side,
            best: engine,
            loss,
        });
    }
    Ok(Appraisal {
        evals,
        moves: judged,
    })
}

impl Appraisal {
    /// The review as it is kept (JSON).
    pub fn to_json(&self) -> String {
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| {
                json!({
                    "mark": m.mark,
                    "text": m.text,
                    "played": m.played,
                    "side": m.side.map(|s| s.letter().to_string()),
                    "best": m.best.as_ref().map(|(c, _)| c),
                    "best_text": m.best.as_ref().map(|(_, t)| t),
                    "loss": m.loss,
                })
            })
            .collect();
        json!({ "evals": self.evals, "moves": moves }).to_string()
    }

    /// A kept review; `None` when it does not read (it is made again).
    pub fn from_json(text: &str) -> Option<Appraisal> {
        let value: Value = serde_json::from_str(text).ok()?;
        let evals = value["evals"]
            .as_array()?
            .iter()
            .map(|v| v.as_i64().map(|n| n as i32))
            .collect::<Option<Vec<i32>>>()?;
        let moves = value["moves"]
            .as_array()?
            .iter()
            .map(|m| {
                let text = |key: &str| m[key].as_str().map(str::to_string);
                let side = match m["side"].as_str() {
                    Some(s) => Some(Color::from_letter(s.chars().next()?)?),
                    None => None,
                };
                Some(Judged {
                    mark: text("mark")?,
                    text: text("text")?,
                    played: text("played")?,
                    side,
                    best: text("best").zip(text("best_text")),
                    loss: m["loss"].as_i64()? as i32,
                })
            })
            .collect::<Option<Vec<Judged>>>()?;
        (evals.len() == moves.len() + 1).then_some(Appraisal { evals, moves })
    }

    /// The moves of `side` that gave away the most, at least a mistake's worth each, the
    /// costliest first: at most `n`, with their index.
    pub fn costliest(&self, side: Color, n: usize) -> Vec<(usize, &Judged)> {
        let mut found: Vec<(usize, &Judged)> = self
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.side == Some(side) && m.loss >= MISTAKE)
            .collect();
        found.sort_by_key(|(i, m)| (-m.loss, *i));
        found.truncate(n);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_review_reads_back_as_it_was() {
        let appraisal = Appraisal {
            evals: vec![20, 35, -900],
            moves: vec![
                Judged {
                    mark: "1.".into(),
                    text: "e4".into(),
                    played: "e2e4".into(),
                    side: Some(Color::White),
                    best: None,
                    loss: 0,
                },
                Judged {
                    mark: "1...".into(),
                    text: "f6".into(),
                    played: "f7f6".into(),
                    side: Some(Color::Black),
                    best: Some(("e7e5".into(), "e5".into())),
                    loss: 935,
                },
            ],
        };
        let back = Appraisal::from_json(&appraisal.to_json()).unwrap();
        assert_eq!(back, appraisal);
        assert_eq!(back.moves[1].glyph(), "??");
        assert_eq!(back.costliest(Color::Black, 3).len(), 1);
        assert!(back.costliest(Color::White, 3).is_empty());
        assert!(Appraisal::from_json("{\"evals\": [1]}").is_none());
    }
}
