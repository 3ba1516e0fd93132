//! One finished game as `chatrang export` writes it (see `crate::export`): its record, the
//! very file `/history` attaches (PGN for chess-like games, the project's record format for the
//! others), and one JSON object with everything the database keeps of it, for people who want
//! their games in a program of their own.

use serde_json::{Value, json};

use super::{base::Service, pgn, reply::ServiceResult, sheet::Sheet};
use crate::{
    render::chart::civil_date,
    rules::Color,
    store::{GameState, side_text},
};

/// A finished game, ready to be written.
pub struct ExportedGame {
    pub id: i64,
    /// The record is PGN (a chess-like game); else it is in the project's record format.
    pub is_pgn: bool,
    /// The record's text: tags, then the moves.
    pub record: String,
    /// The game as one JSON object (one line of the JSON Lines file).
    pub json: Value,
}

impl Service {
    /// Game `id`, which must be over, as `chatrang export` writes it.
    pub async fn export_game(&self, id: i64) -> ServiceResult<ExportedGame> {
        let row = self
            .store
            .game(id)
            .await?
            .filter(|row| row.state == GameState::Over)
            .ok_or_else(|| super::ServiceError::refused(format!("Game #{id} is not over.")))?;
        let loaded = self.load_row(row).await?;
        let row = &loaded.row;
        let log = self.store.log_at(row.id, row.version).await?;
        let sheet = Sheet::of(loaded.kind, &row.initial_position, &log);
        let result = self.store.result_of(row.id).await?;
        let review = self.kept_review(row).await?;
        let file = pgn::record(
            &loaded,
            &sheet,
            result.map(|(kind, winner, _)| (kind, winner)),
            review.as_ref(),
        );
        let record = String::from_utf8_lossy(&file.content).into_owned();
        let result_token = record
            .lines()
            .find_map(|line| line.strip_prefix("[Result \""))
            .and_then(|rest| rest.strip_suffix("\"]"))
            .unwrap_or("*")
            .to_string();
        let side = |color: Color| -> Value {
            loaded
                .members(color)
                .iter()
                .map(|p| json!({ "id": p.user_id, "name": p.name }))
                .collect()
        };
        let entries: Vec<Value> = log
            .iter()
            .map(|entry| {
                json!({
                    "seq": entry.seq,
                    "kind": entry.kind.as_str(),
                    "by": entry.user_id,
                    "side": entry.side.map(side_text),
                    "move": entry.notation,
                    "text": entry.description,
                    "at": iso_time(entry.at),
                })
            })
            .collect();
        let finished_at = self
            .store
            .finished_at(row.id)
            .await?
            .unwrap_or(row.updated_at);
        let json = json!({
            "id": row.id,
            "server": row.server_id,
            "place": row.place_id,
            "game": loaded.kind.slug(),
            "game_name": loaded.title(),
            "white": side(Color::White),
            "black": side(Color::Black),
            "result": result_token,
            "result_kind": result.map(|(kind, _, _)| kind.as_str()),
            "winner": result.and_then(|(_, winner, _)| winner).map(side_text),
            "points": result.and_then(|(_, _, points)| points),
            "termination": row.outcome,
            "started_at": iso_time(row.created_at),
            "ended_at": iso_time(finished_at),
            "options": row.options,
            "seed": row.seed,
            "initial_position": row.initial_position,
            "final_position": row.position,
            "log": entries,
            "record": record,
        });
        Ok(ExportedGame {
            id: row.id,
            is_pgn: loaded.kind.spec().pgn,
            record,
            json,
        })
    }
}

/// A time stamp (milliseconds since 1970) in ISO 8601, UTC: `2026-11-28T18:09:20Z`.
pub fn iso_time(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let seconds = ms.rem_euclid(86_400_000) / 1000;
    let (year, month, day) = civil_date(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::iso_time;

    #[test]
    fn times_are_written_in_iso_8601() {
        assert_eq!(iso_time(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56.789 UTC.
        assert_eq!(iso_time(951_827_696_789), "2000-02-29T12:34:56Z");
    }
}
