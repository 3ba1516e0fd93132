//! A tournament as the pairing crate sees it: the stored entrants, boards and byes turned into
//! its [`History`] (players by pairing number, each round's games and byes), and a board's
//! game end into a tournament result.
//!
//! How a game's end counts: a win, a loss or a draw over the board as it ended; a game lost on
//! time by a player who never made a move is a forfeit (the winner's point, but no game played
//! between them); a game an admin aborted counts for neither (a double forfeit).

use std::collections::HashMap;

use chatrang_tournament::{Absence, Game, History, Outcome, Player, PlayerNumber, Round, Unpaired};

use crate::{
    rules::Color,
    store::{BoardEnd, BoardRow, ByeRow, Entrant},
};

/// How a player without an opponent is stored (`tournament_byes.absence`).
pub(crate) mod absence {
    /// The Swiss pairing's bye: a point.
    pub const BYE: &str = "bye";
    /// A round robin's player left over by an odd number: no game, no point.
    pub const REST: &str = "rest";
    /// An opponent who withdrew: a point, no game (a forfeit win).
    pub const FORFEIT_WIN: &str = "forfeit-win";
    /// Away (joined later, or out): no point.
    pub const ABSENT: &str = "absent";
    /// Left the tournament this round: never paired again.
    pub const WITHDRAWN: &str = "withdrawn";
}

/// The stored absence as the crate's.
fn absence_of(text: &str) -> Absence {
    match text {
        absence::BYE | absence::FORFEIT_WIN => Absence::PairingBye,
        absence::WITHDRAWN => Absence::Withdrawn,
        _ => Absence::Absent,
    }
}

/// A board's game end as a tournament outcome.
pub(crate) fn outcome_of(end: &BoardEnd) -> Outcome {
    match end {
        BoardEnd::Playing => Outcome::Unfinished,
        BoardEnd::Drawn => Outcome::Draw,
        BoardEnd::Void => Outcome::DoubleForfeit,
        // A cooperative board (a duplicate event's) has no winner; it never enters a pairing.
        BoardEnd::Scored { .. } => Outcome::Draw,
        BoardEnd::Won {
            winner: Color::White,
            forfeit: false,
        } => Outcome::WhiteWins,
        BoardEnd::Won {
            winner: Color::Black,
            forfeit: false,
        } => Outcome::BlackWins,
        BoardEnd::Won {
            winner: Color::White,
            forfeit: true,
        } => Outcome::WhiteWinsByForfeit,
        BoardEnd::Won {
            winner: Color::Black,
            forfeit: true,
        } => Outcome::BlackWinsByForfeit,
    }
}

/// The entrants with a pairing number, in its order: the crate's players.
pub(crate) fn numbered(entrants: &[Entrant]) -> Vec<&Entrant> {
    let mut numbered: Vec<&Entrant> = entrants.iter().filter(|e| e.number.is_some()).collect();
    numbered.sort_by_key(|e| e.number);
    numbered
}

/// The tournament's history over `rounds` rounds from its stored rows, and each user's
/// pairing number.
pub(crate) fn history(
    entrants: &[Entrant],
    boards: &[BoardRow],
    byes: &[ByeRow],
    rounds: i64,
) -> (History, HashMap<String, PlayerNumber>) {
    let players = numbered(entrants);
    let number_of: HashMap<String, PlayerNumber> = players
        .iter()
        .map(|e| (e.user_id.clone(), e.number.unwrap_or(0) as PlayerNumber))
        .collect();
    let history = History {
        players: players
            .iter()
            .map(|e| Player {
                number: e.number.unwrap_or(0) as PlayerNumber,
                rating: e.rating.max(0) as u32,
                name: e.name.clone(),
            })
            .collect(),
        rounds: (1..=rounds)
            .map(|round| Round {
                games: boards
                    .iter()
                    .filter(|b| b.round == round)
                    .filter_map(|b| {
                        Some(Game {
                            white: *number_of.get(&b.white)?,
                            black: *number_of.get(&b.black)?,
                            outcome: outcome_of(&b.end),
                        })
                    })
                    .collect(),
                unpaired: byes
                    .iter()
                    .filter(|b| b.round == round)
                    .filter_map(|b| {
                        Some(Unpaired {
                            player: *number_of.get(&b.user_id)?,
                            absence: absence_of(&b.absence),
                        })
                    })
                    .collect(),
            })
            .collect(),
    };
    (history, number_of)
}

/// The starting list: by rating, highest first, then by name; pairing numbers from 1.
pub(crate) fn starting_numbers(entrants: &[Entrant]) -> Vec<(String, i64)> {
    let mut order: Vec<&Entrant> = entrants.iter().collect();
    order.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.user_id.cmp(&b.user_id))
    });
    order
        .iter()
        .enumerate()
        .map(|(i, e)| (e.user_id.clone(), i as i64 + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(id: &str, number: i64, rating: i64) -> Entrant {
        Entrant {
            user_id: id.into(),
            name: id.into(),
            number: Some(number),
            rating,
            joined_round: 1,
            left_round: None,
            team: None,
        }
    }

    #[test]
    fn the_starting_list_is_by_rating_then_name() {
        let mut list = vec![
            entrant("bo", 0, 1500),
            entrant("al", 0, 1500),
            entrant("cy", 0, 1700),
        ];
        list.iter_mut().for_each(|e| e.number = None);
        assert_eq!(
            starting_numbers(&list),
            vec![("cy".into(), 1), ("al".into(), 2), ("bo".into(), 3)]
        );
    }

    #[test]
    fn a_game_lost_without_a_move_is_a_forfeit_and_an_abort_counts_for_nobody() {
        let won = |winner, forfeit| BoardEnd::Won { winner, forfeit };
        assert_eq!(outcome_of(&won(Color::White, false)), Outcome::WhiteWins);
        assert_eq!(
            outcome_of(&won(Color::Black, true)),
            Outcome::BlackWinsByForfeit
        );
        assert_eq!(outcome_of(&BoardEnd::Void), Outcome::DoubleForfeit);
        assert_eq!(outcome_of(&BoardEnd::Playing), Outcome::Unfinished);
    }

    #[test]
    fn stored_rows_become_the_rounds_by_pairing_number() {
        let entrants = [entrant("a", 1, 0), entrant("b", 2, 0), entrant("c", 3, 0)];
        let boards = [BoardRow {
            round: 1,
            board: 1,
            white: "c".into(),
            black: "a".into(),
            game_id: 7,
            end: BoardEnd::Drawn,
        }];
        let byes = [ByeRow {
            round: 1,
            user_id: "b".into(),
            absence: absence::BYE.into(),
        }];
        let (history, numbers) = history(&entrants, &boards, &byes, 1);
        assert_eq!(numbers["c"], 3);
        assert_eq!(history.rounds[0].games[0].white, 3);
        assert_eq!(history.points(2).halves(), 2);
        assert_eq!(history.points(1).halves(), 1);
    }
}
