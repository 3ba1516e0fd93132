//! The rules summary shown by `/help catalonia`, with every decision this bot made. Kept under
//! 2,000 characters so that it fits in one Discord message.

/// Catalonia's rules summary, for `/help`.
pub const HELP: &str = "\
**Catalonia** (François Tremblay, 2010): cooperative. White and Black play *together* for one \
score; no capture, no check. 8×8; each side: Knight, Bishop, Lady, Gentleman, Bishop, Knight on \
b1–g1 (b8–g8), Peasants b2–g2 (b7–g7).
• Knight (N), Bishop (B), Lady (L = queen) as in chess. Gentleman (G): king step or a 2-square \
leap straight or diagonal. Peasant (P): 1 step forward or back, a double step 2nd↔4th rank (not \
a leap), never onto its last rank.
• Moves go to empty squares, never onto or across a pit; leaps jump anything. A piece *defends* \
what it could capture: sliders the first piece on each line (not across a pit), a Peasant its \
forward diagonals.
• A **chain**: a loop of 4+ pieces, each defending the next, both colours. A turn scores k² for \
the longest chain; the bot finds it exactly and draws it.
• Turn: White moves, then Black (e2e4). Before moving, White may `swap` to let Black move first; \
Black answers `accept` or `decline`. A side with no move passes.
• From the first chain on, each turn is scored, then bombed: dice pick a square b–g, 2–7 (pits \
rerolled). A piece there is hit; an empty square with pieces around: anyone picks one \
(`bomb c4`); none: it just becomes a pit. The hit square becomes a pit; the piece escapes to a \
square of its pattern (all moves as leaps) where it is in some chain, its side choosing \
(`escape d5`), or is removed if none.
• End of turn: a side may remove Peasants trapped by pits or edges (`remove e3`, `keep`).
• No chain by the end of turn 5: everyone loses. The game lasts `turns` turns (5–30, default \
15); the score is the sum of the turns.
• `nonrandom`: no dice; anyone picks a piece of a longest chain (`bomb c4`); no chain, no bomb.
Bot decisions: Black mirrors White; only White proposes a swap, once a turn; a forbidden last \
rank counts as an edge; the last turn ends after scoring; chains count after both moves; single \
choices are made automatically; no free square b2–g7: no bomb; a Peasant may escape by a double \
step.";

/// What a hint's search score means to players (`/hint`): the partner planner scores a turn
/// by the square of the longest chain it makes, which is also the turn's points.
pub fn hint_outcome(score: i32) -> String {
    let chain = f64::from(score.max(0)).sqrt().round() as i32;
    match chain {
        0 => "no chain yet, but the pieces defend each other most".to_string(),
        n => format!("a chain of {n} ({} points this turn)", n * n),
    }
}
