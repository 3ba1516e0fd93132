//! A tournament's standings and pairings, in words and as a table for the picture: points,
//! then the tie-breaks of its format (Sonneborn-Berger for a round robin; Buchholz, Buchholz
//! cut-1 and Sonneborn-Berger for a Swiss), places shared when everything is equal.

use std::collections::HashMap;

use chatrang_tournament::{History, Points, StandingRow, TieBreak, TieValue, standings};

use super::{
    tournament_history::{absence, outcome_of},
    tournament_words::Format,
};
use crate::{
    render::table::Table,
    store::{BoardEnd, BoardRow, ByeRow, Entrant},
};

/// Points as people write them: "2½", "½", "0".
pub(crate) fn points_text(points: Points) -> String {
    let halves = points.halves();
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// A tie-break value with fractions as people write them: "5½", "4¼", "3".
fn tie_text(value: TieValue) -> String {
    let whole = value.0 / 4;
    let fraction = ["", "¼", "½", "¾"][(value.0 % 4) as usize];
    match (whole, fraction) {
        (0, "") => "0".to_string(),
        (0, fraction) => fraction.to_string(),
        (whole, fraction) => format!("{whole}{fraction}"),
    }
}

/// The tie-breaks of a format.
pub(crate) fn tie_breaks(format: Format) -> &'static [TieBreak] {
    match format {
        Format::RoundRobin => TieBreak::ROUND_ROBIN,
        Format::Swiss => TieBreak::SWISS,
        // A duplicate event ranks by score alone (see `tournament_duplicate`).
        Format::Duplicate => &[],
    }
}

/// The standings so far, best first.
pub(crate) fn table_rows(history: &History, format: Format) -> Vec<StandingRow> {
    standings(history, tie_breaks(format))
}

/// The standings as a table to draw (its alt text is the same table in words).
pub(crate) fn standings_table(
    title: String,
    history: &History,
    format: Format,
    names: &HashMap<u32, String>,
) -> Table {
    let breaks = tie_breaks(format);
    let mut headings: Vec<String> = ["Place", "Player", "Points"].map(String::from).to_vec();
    headings.extend(breaks.iter().map(|b| b.label().to_string()));
    let rows = table_rows(history, format)
        .iter()
        .map(|row| {
            let mut cells = vec![
                row.place(),
                names.get(&row.player).cloned().unwrap_or_default(),
                points_text(row.points),
            ];
            cells.extend(row.tie_breaks.iter().map(|v| tie_text(*v)));
            cells
        })
        .collect();
    let mut numeric = vec![true, false, true];
    numeric.extend(breaks.iter().map(|_| true));
    Table {
        title,
        headings,
        rows,
        numeric,
    }
}

/// The standings in words, one line a player: "1. alice 2½ (BH 5½, BH-C1 4½, SB 5)".
pub(crate) fn standings_text(
    history: &History,
    format: Format,
    names: &HashMap<u32, String>,
) -> String {
    let breaks = tie_breaks(format);
    table_rows(history, format)
        .iter()
        .map(|row| {
            let ties: Vec<String> = breaks
                .iter()
                .zip(&row.tie_breaks)
                .map(|(b, v)| format!("{} {}", b.label(), tie_text(*v)))
                .collect();
            format!(
                "{}. {} {} ({})",
                row.place(),
                names.get(&row.player).map_or("?", String::as_str),
                points_text(row.points),
                ties.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How a board stands, in words: "1–0", "½–½", "1–0 (forfeit)", "playing".
fn board_result(end: &BoardEnd) -> &'static str {
    use chatrang_tournament::Outcome as O;
    match outcome_of(end) {
        O::WhiteWins => "1–0",
        O::BlackWins => "0–1",
        O::Draw => "½–½",
        O::WhiteWinsByForfeit => "1–0 (forfeit)",
        O::BlackWinsByForfeit => "0–1 (forfeit)",
        O::DoubleForfeit => "0–0 (void)",
        O::Unfinished => "playing",
    }
}

/// The boards and byes of one round in words, one line each.
pub(crate) fn pairings_lines(
    round: i64,
    boards: &[BoardRow],
    byes: &[ByeRow],
    people: &[Entrant],
) -> Vec<String> {
    let name = |id: &str| {
        people
            .iter()
            .find(|e| e.user_id == id)
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    };
    let mut lines: Vec<String> = boards
        .iter()
        .filter(|b| b.round == round)
        .map(|b| {
            format!(
                "Board {}: {} (White) – {} (Black), game #{}: {}",
                b.board,
                name(&b.white),
                name(&b.black),
                b.game_id,
                board_result(&b.end)
            )
        })
        .collect();
    for bye in byes.iter().filter(|b| b.round == round) {
        let why = match bye.absence.as_str() {
            absence::BYE => "the bye (1 point)",
            absence::REST => "no game this round",
            absence::FORFEIT_WIN => "a point by forfeit (the opponent withdrew)",
            absence::WITHDRAWN => "withdrew",
            _ => "away",
        };
        lines.push(format!("{}: {why}", name(&bye.user_id)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_tie_breaks_are_written_with_fractions() {
        assert_eq!(points_text(Points(5)), "2½");
        assert_eq!(points_text(Points(1)), "½");
        assert_eq!(points_text(Points(4)), "2");
        assert_eq!(tie_text(TieValue(22)), "5½");
        assert_eq!(tie_text(TieValue(17)), "4¼");
        assert_eq!(tie_text(TieValue(3)), "¾");
        assert_eq!(tie_text(TieValue(0)), "0");
    }
}
