//! The most characters each text from outside may have: position strings, army lists, XBetza
//! and moves come from people (`/new … position=…`, `/move …`) and from the database, and are
//! refused past these sizes before any work is done, so that no input can make a parser slow
//! or a refusal huge. Every number is far above anything a real game writes (each says why),
//! so players never meet them; the refusal names the limit. The command line as a whole has
//! its own limit in the service's reader.

/// A chess-like position string (Chess, Cataclysm, the Pick-a-team boards). The biggest board
/// is 16×16; with a two-letter piece in brackets on every square (`[MP]`, 4 characters) its
/// board field is 16 × 16 × 4 + 15 slashes = 1,039 characters, and the other fields add about
/// 30.
pub const CHESS_LIKE_POSITION: usize = 2_000;

/// A Katarenga position string: a four-letter board code, eight ranks of at most eight
/// characters and five short fields, about 100 characters.
pub const KATARENGA_POSITION: usize = 200;

/// A Chromopolis position string: 38 squares, each with at most one unbound piece and a
/// bracketed list of bound ones, and at most 80 pieces in all: under 300 characters.
pub const CHROMOPOLIS_POSITION: usize = 1_000;

/// A Catalonia position string: the board (about 70 characters), a history of at most 30
/// scored turns, each a chain of at most 16 squares and where its bomb fell (about 60
/// characters), and short fields: under 1,900 characters.
pub const CATALONIA_POSITION: usize = 2_000;

/// A Pick-a-team position string: a 10×10 board (at most 440 characters) and, for the games
/// with player-defined armies, both lists of at most [`ARMY_LIST`] characters each.
pub const PICK_A_TEAM_POSITION: usize = 20_000;

/// A player's army list: at most [`ARMY_PIECES`] pieces of a name of at most 30 characters,
/// a letter or two, an XBetza of at most [`XBETZA`] and two flags, about 120 characters a
/// piece; the longest list a game uses has 20 pieces.
pub const ARMY_LIST: usize = 8_000;

/// The pieces of an army list: the longest list a game uses has 20.
pub const ARMY_PIECES: usize = 64;

/// An XBetza piece definition: the longest piece of our games (the pawn, `fmWfceFifmnD`)
/// has 12 characters, and a player's piece combining a dozen moves stays under 50.
pub const XBETZA: usize = 64;

/// A variant definition (`docs/variants.md`): 16 KB of text, where a 16×12 board's start
/// position and 32 piece lines with long names and comments stay under 6,000 characters.
pub const VARIANT_DEFINITION: usize = 16_000;

/// A defined variant's position string: a board ([`CHESS_LIKE_POSITION`]) and the canonical
/// text of its definition (one line a key, no comments: under 7,000 characters with 32 long
/// piece lines and a 16×12 start).
pub const DEFINED_POSITION: usize = CHESS_LIKE_POSITION + VARIANT_DEFINITION;

/// The piece types of a variant definition: the largest games here have 20.
pub const VARIANT_PIECES: usize = 32;

/// A move, a pick or any other action typed in a game: the longest real ones
/// (`pick Chinese Nightrider j10`, `K4-K5, D4-D5`) have under 30 characters.
pub const ACTION: usize = 100;

/// How many characters `text` has, when that is more than `max`; `None` when it fits. Counts
/// characters, not bytes, so that the limits mean what their refusals say.
pub(crate) fn over(text: &str, max: usize) -> Option<usize> {
    (text.len() > max && text.chars().nth(max).is_some()).then(|| text.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_counts_characters_not_bytes() {
        assert_eq!(over("abc", 3), None);
        assert_eq!(over("abcd", 3), Some(4));
        assert_eq!(over("ééé", 3), None);
        assert_eq!(over("éééé", 3), Some(4));
    }
}
