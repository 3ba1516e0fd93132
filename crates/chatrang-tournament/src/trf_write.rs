//! Writing a tournament as a FIDE Tournament Report File (TRF-16, with the codes of the 2026
//! edition that bbpPairings writes): the file pairing programs exchange, so that an outside
//! engine can check our pairings and a director can load the tournament elsewhere.
//!
//! Lines written: `012` (the name), `XXR` (the number of rounds), `XXC white1` or `XXC black1`
//! (the colour player 1 had in round 1) and one `001` line per
//! player. Each round field is the opponent's number (`0000` for none), the colour (`w`, `b`,
//! `-`) and the result: `1`, `=`, `0` over the board; `+`, `-` for forfeits (a double forfeit
//! is `-` on both sides); `U` a pairing-allocated bye; `H` a half-point bye; `Z` an absence or a
//! withdrawal; a game not yet finished has a blank result.

use std::fmt::Write;

use crate::model::{Absence, Colour, Entry, History, Outcome};

/// The file's header: the tournament's name and how many rounds it will have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfHeader {
    /// The name on the `012` line.
    pub name: String,
    /// The number of rounds on the `XXR` line.
    pub total_rounds: usize,
}

/// The tournament as TRF text, lines ended by `\n`.
pub fn write_trf(history: &History, header: &TrfHeader) -> String {
    let mut out = String::new();
    let name: String = header.name.chars().filter(|c| !c.is_control()).collect();
    let _ = writeln!(out, "012 {name}");
    let _ = writeln!(out, "XXR {}", header.total_rounds);
    let initial = if history.initial_colour() == Some(Colour::Black) {
        "black1"
    } else {
        "white1"
    };
    let _ = writeln!(out, "XXC {initial}");
    for player in &history.players {
        let pname: String = player
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(33)
            .collect();
        let _ = write!(
            out,
            "001 {:>4}      {:<33} {:>4}{:28}{:>4} {:>4}",
            player.number,
            pname,
            player.rating,
            "",
            history.points(player.number).decimal(),
            player.number
        );
        for round in &history.rounds {
            let (opponent, colour, result) = match round.entry(player.number) {
                Entry::Game {
                    opponent,
                    colour,
                    outcome,
                    ..
                } => (opponent, colour_code(colour), game_code(outcome, colour)),
                Entry::Unpaired(absence) => (0, '-', absence_code(absence)),
            };
            if opponent == 0 {
                let _ = write!(out, "  0000 {colour} {result}");
            } else {
                let _ = write!(out, "  {opponent:>4} {colour} {result}");
            }
        }
        out.push('\n');
    }
    out
}

fn colour_code(colour: Colour) -> char {
    match colour {
        Colour::White => 'w',
        Colour::Black => 'b',
    }
}

fn absence_code(absence: Absence) -> char {
    match absence {
        Absence::PairingBye => 'U',
        Absence::HalfPointBye => 'H',
        Absence::Absent | Absence::Withdrawn => 'Z',
    }
}

fn game_code(outcome: Outcome, colour: Colour) -> char {
    match outcome {
        Outcome::Draw => '=',
        Outcome::DoubleForfeit => '-',
        Outcome::Unfinished => ' ',
        Outcome::WhiteWins => {
            if colour == Colour::White {
                '1'
            } else {
                '0'
            }
        }
        Outcome::BlackWins => {
            if colour == Colour::Black {
                '1'
            } else {
                '0'
            }
        }
        Outcome::WhiteWinsByForfeit => {
            if colour == Colour::White {
                '+'
            } else {
                '-'
            }
        }
        Outcome::BlackWinsByForfeit => {
            if colour == Colour::Black {
                '+'
            } else {
                '-'
            }
        }
    }
}
