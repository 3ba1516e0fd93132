//! Tournaments for Chatrang, pure and deterministic (no I/O, no clock, no randomness): the
//! bot stores its tournaments and hands this crate plain data — players by pairing number,
//! rounds of games and byes — and gets plain data back.
//!
//! * [`round_robin`]: the whole schedule by FIDE's Berger tables (single or double).
//! * [`pair_dutch`]: the next round of a Swiss by FIDE's Dutch system.
//! * [`standings`]: the table with tie-breaks ([`TieBreak::ROUND_ROBIN`], [`TieBreak::SWISS`]).
//! * [`write_trf`], [`read_trf`]: FIDE tournament report files, to check pairings with an
//!   outside engine or load a tournament from elsewhere.
//!
//! ```
//! use chatrang_tournament::{Colour, History, Player, TieBreak, pair_dutch, standings};
//!
//! let players = (1..=5)
//!     .map(|n| Player { number: n, rating: 2000 - n * 10, name: format!("P{n}") })
//!     .collect();
//! let history = History { players, rounds: vec![] };
//! let first = pair_dutch(&history, 4, Colour::White, &[])?;
//! assert_eq!(first.boards.len(), 2);
//! assert_eq!(first.bye, Some(5));
//! let table = standings(&history, TieBreak::SWISS);
//! assert_eq!(table[0].place(), "1–5");
//! # Ok::<(), chatrang_tournament::TournamentError>(())
//! ```

#![deny(missing_docs)]

mod berger;
mod dutch;
mod error;
mod model;
mod pairing;
mod points;
mod standings;
mod trf_read;
mod trf_write;
mod validate;

pub use berger::round_robin;
pub use dutch::pair_dutch;
pub use error::TournamentError;
pub use model::{
    Absence, Colour, Entry, Game, History, Outcome, Player, PlayerNumber, Round, Unpaired,
};
pub use pairing::{Board, Pairings};
pub use points::Points;
pub use standings::{StandingRow, TieBreak, TieValue, standings, tie_break};
pub use trf_read::{MAX_TRF_BYTES, TrfError, read_trf};
pub use trf_write::{TrfHeader, write_trf};
pub use validate::validate;
