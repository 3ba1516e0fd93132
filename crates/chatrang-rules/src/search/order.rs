//! Move ordering: the order in which a node tries its moves decides how much alpha-beta cuts.

use super::{Evaluate, Score};

/// How many history slots there are (a from-and-to pair on boards of up to 256 squares).
pub(crate) const HISTORY_SLOTS: usize = 256 * 256;

/// The deepest a search goes, extensions and quiescence included.
pub(crate) const MAX_PLY: usize = 128;

const TABLE_MOVE: Score = 1 << 30;
const CAPTURE: Score = 1 << 24;
const KILLER: Score = 1 << 22;

/// Killer moves (quiet moves that cut off at the same ply elsewhere) and the history table
/// (how often a from-to pair caused a cut-off, weighted by depth).
pub(crate) struct Order<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<Score>,
}

impl<M: Copy + Eq> Order<M> {
    pub(crate) fn new() -> Order<M> {
        Order {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; HISTORY_SLOTS],
        }
    }

    /// Sorts `moves` best first: the table's move, captures by gain (those that most likely
    /// lose material later), killers, then history.
    /// The sort is stable, so the order the moves came in (shuffled by the seed at the root)
    /// breaks ties.
    pub(crate) fn sort<R: Evaluate<Move = M>>(
        &self,
        pos: &R,
        moves: &mut [M],
        table_move: Option<M>,
        ply: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut scored: Vec<(Score, M)> = moves
            .iter()
            .map(|&m| {
                let score = if Some(m) == table_move {
                    TABLE_MOVE
                } else if let Some(gain) = pos.capture_gain(m) {
                    // A capture that most likely loses material ranks among the quiet moves,
                    // by its gain against their history.
                    if pos.losing_capture(m) {
                        gain.min(KILLER - 1)
                    } else {
                        CAPTURE + gain
                    }
                } else if Some(m) == killers[0] {
                    KILLER + 1
                } else if Some(m) == killers[1] {
                    KILLER
                } else {
                    self.history[pos.history_slot(m) % HISTORY_SLOTS].min(KILLER - 1)
                };
                (score, m)
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        for (slot, (_, m)) in moves.iter_mut().zip(scored) {
            *slot = m;
        }
    }

    /// Remembers a quiet move that caused a cut-off.
    pub(crate) fn cut<R: Evaluate<Move = M>>(&mut self, pos: &R, m: M, depth: i32, ply: usize) {
        if pos.capture_gain(m).is_some() {
            return;
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let slot = &mut self.history[pos.history_slot(m) % HISTORY_SLOTS];
        *slot = (*slot + depth * depth).min(KILLER - 1);
    }
}
