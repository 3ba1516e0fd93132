//! The `/help` text for Chromopolis, saying which parts are the bot's reconstruction.

/// Chromopolis's rules summary, for `/help`.
pub const HELP: &str = "\
**Chromopolis** (Alexandre Owen Muñiz, 1999/2000): a 40-square cylinder, capture by binding.
• Board: files a–g, ranks 1–6; the board wraps, so the a file is next to both b and g; a1 and a6 \
do not exist. (Reconstructed: the original diagram is lost.)
• Setup (reconstructed): rank 1 b–g Prelate, Advocate, Knight, King, Advocate, Prelate; pawns \
b2–g2; Black mirrors on ranks 6 and 5. Any other setup may be given as a position string with the \
option `position`.
• King (K) and Knight (N) move and apply force as in chess; Advocate (A) moves and applies force \
one step diagonally or two straight (FD); Prelate (L) moves one step diagonally but applies force \
to its knight squares and the four squares beside it; Pawn (P) steps straight forward (never two) \
and applies force diagonally forward. Force ignores pieces in between and wraps round.
• A turn: move an unbound piece, never onto an unbound piece (bound pieces stack): `b2b3`. A pawn \
reaching the last rank must promote to N, A or L: `c5c6=N`. Then every enemy piece under force \
from two or more of your unbound pieces is **bound** (it stays, cannot move, applies no force). \
Then each of your bound pieces is freed if no unbound piece shares its square, two or more of your \
unbound pieces apply force to it, and no enemy piece does; if several of yours on one square \
qualify you choose one: `unbind c4 N`.
• A bound King loses. No legal move, threefold repetition, or 50 moves each without a binding, \
unbinding or pawn move: draw.
Position strings: ranks 6 to 1, bound pieces in brackets after what stands on their square, e.g. \
`N[pa]`, or `.[pa]` with no unbound piece there.
Decisions of this bot: the board and setup are reconstructions; promotion is compulsory; there is \
no check rule; when a King is bound the game ends at once; with choices on several squares you \
choose square by square in board order.";
