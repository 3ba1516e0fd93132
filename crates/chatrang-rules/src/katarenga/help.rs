//! The `/help` text for Katarenga, including every decision the bot made where the published
//! rules are silent.

/// Katarenga's rules summary, for `/help`.
pub const HELP: &str = "\
**Katarenga** (David Parlett, 2017): 8×8 board of red, yellow, green and blue squares built from \
four double-sided quarterboards; 8 pawns each.
• The board is drawn at random (or chosen with the option `board`); its 4-character **board code** \
(such as AJS2) names it so it can be replayed. One letter per slot, top-left, top-right, \
bottom-left, bottom-right: Q1 = A–H, Q2 = J–R, Q3 = S–Z, Q4 = 2–9 (a face turned 0–3 quarter-turns \
clockwise, then the b face likewise).
• Black first chooses a baseline: `baseline north`, `east`, `south` or `west` (north is the rank 8 \
edge, east the h-file; the picture writes each name beside its edge). The board then turns \
so Black's baseline is rank 8 (the code shown from then on names the turned board); White takes \
rank 1 and moves first.
• A pawn moves by the colour of the square it stands on: **red** slides along a rank or file up to \
the first red square, **yellow** slides diagonally up to the first yellow square, **green** leaps \
like a knight, **blue** steps one square any way. Only the knight leap passes over pawns. Land on \
an enemy pawn to capture it — but not on your own first move. Write moves as `c3c5`.
• A pawn standing on the enemy baseline at the start of your turn may enter a free enemy camp \
(beyond the corners of that baseline): `c8-camp`. Camped pawns are safe. Two pawns in camp win; \
a side left with fewer than two pawns (board and camp together) loses.
• A side with no legal move is passed over automatically; if neither side can move it is a draw. \
Threefold repetition is a draw.
• Match play: `/rematch` after a game starts the return game: the same board and baseline with \
the colours swapped, so the other player now has White's position and moves first.
Decisions of this bot: the camp a pawn enters is the free one on its side of the board (both \
camps count the same); passing is automatic; the baseline can also be fixed in advance with the \
option `baseline`.";
