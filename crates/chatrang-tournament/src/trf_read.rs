//! Reading a FIDE Tournament Report File (TRF-16 and the TRF(x)/2026 codes bbpPairings
//! writes) back into a [`History`], so that tournaments paired elsewhere can be replayed
//! round by round. Only what pairing needs is read: the `012` name, the `XXR` round count and
//! the `001` player lines (number, name, rating, round fields); other lines are skipped.
//!
//! Round-field codes: `1 W` win, `= D` draw, `0 L` loss (over the board); `+` forfeit win,
//! `-` forfeit loss (a double forfeit when both sides say `-`); `U F` a full-point bye (read as
//! the pairing-allocated bye); `H` a half-point bye; `Z` and a blank field an absence. The
//! reader never panics: a malformed file is a [`TrfError`] naming its line.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::{
    model::{Absence, Colour, Game, History, Outcome, Player, PlayerNumber, Round, Unpaired},
    trf_write::TrfHeader,
};

/// The longest file read, in bytes: a 40-player, 11-round file is about 6 kB.
pub const MAX_TRF_BYTES: usize = 1_000_000;

/// A file that is not a tournament this crate can read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfError {
    /// More than [`MAX_TRF_BYTES`].
    #[error(
        "The file has {bytes} bytes; a tournament report file here may have at most {MAX_TRF_BYTES}."
    )]
    TooLong {
        /// The size given.
        bytes: usize,
    },
    /// A player line that cannot be read.
    #[error("Line {line} is not a player line this reader understands: {reason}.")]
    BadLine {
        /// The line (1-based).
        line: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The players are not numbered 1, 2, 3, …
    #[error("The players are not numbered 1 to {players} without gaps.")]
    Numbering {
        /// How many player lines there are.
        players: usize,
    },
    /// Two players disagree about a game.
    #[error("Players {a} and {b} disagree about their game in round {round}.")]
    Mismatch {
        /// The round (1-based).
        round: usize,
        /// One player.
        a: PlayerNumber,
        /// The other.
        b: PlayerNumber,
    },
}

/// One round field of a player line.
#[derive(Debug, Clone, Copy)]
struct Field {
    opponent: PlayerNumber,
    colour: char,
    result: char,
}

/// The tournament in `text`, and its header (name and number of rounds; the number of rounds
/// is the number of round fields when there is no `XXR` line).
pub fn read_trf(text: &str) -> Result<(History, TrfHeader), TrfError> {
    if text.len() > MAX_TRF_BYTES {
        return Err(TrfError::TooLong { bytes: text.len() });
    }
    let mut name = String::new();
    let mut total_rounds = None;
    let mut lines: BTreeMap<PlayerNumber, (Player, Vec<Field>)> = BTreeMap::new();
    for (index, line) in text.split(['\n', '\r']).enumerate() {
        let number = index + 1;
        let bad = |reason| TrfError::BadLine {
            line: number,
            reason,
        };
        if let Some(rest) = line.strip_prefix("012") {
            name = rest.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("XXR") {
            total_rounds = rest.trim().parse::<usize>().ok().filter(|&r| r <= 1000);
        } else if line.starts_with("001") {
            let chars: Vec<char> = line.chars().collect();
            let column = |from: usize, to: usize| -> String {
                chars
                    .get(from.min(chars.len())..to.min(chars.len()))
                    .unwrap_or(&[])
                    .iter()
                    .collect()
            };
            let player: PlayerNumber = column(4, 8)
                .trim()
                .parse()
                .map_err(|_| bad("no pairing number"))?;
            if player == 0 || player as usize > 10_000 {
                return Err(bad("the pairing number is out of range"));
            }
            let rating = column(48, 52).trim().parse().unwrap_or(0);
            let pname = column(14, 47).trim().to_string();
            let mut fields = Vec::new();
            let mut at = 91;
            while at < chars.len() {
                let opp = column(at, at + 4);
                let colour = chars.get(at + 5).copied().unwrap_or(' ');
                let result = chars.get(at + 7).copied().unwrap_or(' ');
                let opponent = if opp.trim().is_empty() {
                    0
                } else {
                    opp.trim()
                        .parse()
                        .map_err(|_| bad("a round field has no opponent number"))?
                };
                fields.push(Field {
                    opponent,
                    colour,
                    result,
                });
                at += 10;
                if fields.len() > 1000 {
                    return Err(bad("too many rounds"));
                }
            }
            if lines
                .insert(
                    player,
                    (
                        Player {
                            number: player,
                            rating,
                            name: pname,
                        },
                        fields,
                    ),
                )
                .is_some()
            {
                return Err(bad("a pairing number is listed twice"));
            }
        }
    }
    let players = lines.len();
    if lines.keys().enumerate().any(|(i, &n)| n as usize != i + 1) {
        return Err(TrfError::Numbering { players });
    }
    let rounds_found = lines.values().map(|(_, f)| f.len()).max().unwrap_or(0);
    let mut rounds = vec![Round::default(); rounds_found];
    for (&player, (_, fields)) in &lines {
        for (r, field) in fields.iter().enumerate() {
            read_field(&lines, &mut rounds[r], r, player, *field)?;
        }
    }
    let history = History {
        players: lines.into_values().map(|(p, _)| p).collect(),
        rounds,
    };
    let header = TrfHeader {
        name,
        total_rounds: total_rounds.unwrap_or(rounds_found),
    };
    Ok((history, header))
}

/// Adds one player's field of round `r` to the round (each game once, from White's line).
fn read_field(
    lines: &BTreeMap<PlayerNumber, (Player, Vec<Field>)>,
    round: &mut Round,
    r: usize,
    player: PlayerNumber,
    field: Field,
) -> Result<(), TrfError> {
    let result = field.result.to_ascii_uppercase();
    if field.opponent == 0 || !matches!(field.colour.to_ascii_lowercase(), 'w' | 'b') {
        let absence = match result {
            'U' | 'F' => Absence::PairingBye,
            'H' => Absence::HalfPointBye,
            _ => Absence::Absent,
        };
        round.unpaired.push(Unpaired { player, absence });
        return Ok(());
    }
    let mismatch = TrfError::Mismatch {
        round: r + 1,
        a: player,
        b: field.opponent,
    };
    let other = lines
        .get(&field.opponent)
        .and_then(|(_, f)| f.get(r))
        .ok_or(mismatch.clone())?;
    let colour = if field.colour.eq_ignore_ascii_case(&'w') {
        Colour::White
    } else {
        Colour::Black
    };
    let other_colour = if other.colour.eq_ignore_ascii_case(&'w') {
        Colour::White
    } else {
        Colour::Black
    };
    if other.opponent != player
        || other_colour == colour
        || !matches!(other.colour.to_ascii_lowercase(), 'w' | 'b')
    {
        return Err(mismatch);
    }
    if colour == Colour::Black {
        return Ok(());
    }
    let other_result = other.result.to_ascii_uppercase();
    let outcome = match (result, other_result) {
        ('1' | 'W', _) => Outcome::WhiteWins,
        ('0' | 'L', _) => Outcome::BlackWins,
        ('=' | 'D', _) => Outcome::Draw,
        ('+', _) => Outcome::WhiteWinsByForfeit,
        ('-', '+') => Outcome::BlackWinsByForfeit,
        ('-', _) => Outcome::DoubleForfeit,
        _ => Outcome::Unfinished,
    };
    round.games.push(Game {
        white: player,
        black: field.opponent,
        outcome,
    });
    Ok(())
}
