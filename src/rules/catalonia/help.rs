//! The rules summary shown by `/help catalonia`, with every decision this bot made.

pub const HELP: &str = "\
**Catalonia** (François Tremblay, 2010): a cooperative game. White and Black play *together* \
for one shared score; there is no capture and no check. 8×8 board; each side has Knight, Bishop, \
Lady, Gentleman, Bishop, Knight on b1–g1 (Black on b8–g8) and Peasants on b2–g2 (b7–g7).
• Knight (N): knight leap. Bishop (B): bishop slide. Lady (L): queen slide. Gentleman (G): king \
step, or a leap of two squares straight or diagonally. Peasant (P): one step forward or back; a \
double step from its 2nd rank to its 4th or back (not a leap); never onto its last rank.
• Pieces move only to empty squares and never onto or across a pit; leaps may pass over pits and \
pieces. A piece *defends* the pieces it could reach if they were enemies (sliders: the first piece \
on each line, not across a pit); a Peasant defends its two forward diagonals.
• A **chain** is a loop of at least 4 pieces, each defending the next, with both colours in it. \
Direction matters. A turn scores k² for the longest chain (k pieces); the bot finds it exactly and \
draws it as arrows.
• A turn: White moves, then Black (write e2e4). Before moving White may type `swap` to propose \
that Black moves first this turn; Black answers `accept` or `decline`. Moving is compulsory; a \
side with no legal move passes automatically.
• From the turn the first chain appears, each turn is scored, then bombed: two dice give the \
square (file b–g, rank 2–7; a pit is rerolled). A piece there is hit. On an empty square with \
pieces around it, anyone chooses which neighbour is hit (`bomb c4`); with none around, the square \
just becomes a pit. The hit piece's square becomes a pit and it must escape: to a square of its \
move pattern (every move counted as a leap) where it belongs to some chain. Its side chooses \
(`escape d5`); with no such square it is removed. A single choice is made automatically.
• At the end of a turn each side may remove its trapped Peasants, blocked forward and back by pits \
or the edge (`remove e3`, or `keep`).
• No chain by the end of turn 5: everyone loses (score 0). The game ends after the last turn \
(option turns, 5–30, default 15); the final score is the sum of the turn scores.
• Non-random variant (option nonrandom): no dice; anyone chooses a piece of a longest chain as the \
target (`bomb c4`). A turn without a chain has no bomb.
Decisions of this bot: Black's pieces mirror White's (Lady d8, Gentleman e8); only White proposes \
the swap (Black can ask in chat), once a turn; a Peasant's forbidden last rank counts as an edge \
for trapping; the last turn ends after its scoring (no bomb, nothing could change the score); if \
every square b2–g7 is a pit no bomb falls; escapes of Peasants may use the double step from the \
2nd or 4th rank as a leap, never onto the last rank; a chain counts only as it stands after both \
moves of a turn (for the five-turn rule too); a single possible target or escape square is taken \
automatically; the picture's \"this turn\" shows what the board would score now until the turn \
is scored.";
