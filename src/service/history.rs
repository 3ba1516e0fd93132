//! `/history`: a game's score sheet in a message, and its record as a file. The message keeps
//! what matters when the sheet is long (its header, the newest lines and whose turn it is) and
//! says exactly how many earlier lines only the record has; the record is the whole game in
//! PGN (see `sheet` for how moves are named and numbered, `pgn` for the file).

use super::{
    base::Service,
    budget::{MESSAGE_BUDGET, chars, newest_that_fit},
    pgn,
    reply::{Reply, ServiceResult},
    request::Request,
    sheet::Sheet,
};
use crate::store::GameState;

impl Service {
    /// The score sheet of a game and its full record as a file. The message keeps its header,
    /// the newest lines that fit in [`MESSAGE_BUDGET`] and whose turn it is, and says how many
    /// earlier lines only the record has. A damaged record can still be read (that is how an
    /// admin sees what went wrong).
    pub(crate) async fn history(&self, req: &Request) -> ServiceResult {
        let loaded = self.look(req, true).await?;
        let log = self.store.log_at(loaded.row.id, loaded.row.version).await?;
        let sheet = Sheet::of(loaded.kind, &loaded.row.initial_position, &log);
        let lines = sheet.lines();
        let header = format!("Game {}", loaded.label());
        let status = loaded.status_line();
        let room = MESSAGE_BUDGET.saturating_sub(chars(&header) + 1 + chars(&status));
        let shown = if lines.is_empty() {
            "No moves yet.".to_string()
        } else {
            let kept = newest_that_fit(&lines, room, earlier_lines);
            let newest = lines[lines.len() - kept..].join("\n");
            match lines.len() - kept {
                0 => newest,
                left_out if kept == 0 => earlier_lines(left_out),
                left_out => format!("{}\n{newest}", earlier_lines(left_out)),
            }
        };
        let result = match loaded.row.state {
            GameState::Over => self
                .store
                .result_of(loaded.row.id)
                .await?
                .map(|(kind, winner, _)| (kind, winner)),
            _ => None,
        };
        let review = self.kept_review(&loaded.row).await?;
        Ok(Reply {
            text: format!("{header}\n{shown}\n{status}"),
            attachment: Some(pgn::record(&loaded, &sheet, result, review.as_ref())),
            ..Reply::default()
        })
    }
}

/// The line of `/history` that stands for the `count` earliest lines left out of the message.
fn earlier_lines(count: usize) -> String {
    if count == 1 {
        "… 1 earlier line is in the attached record …".to_string()
    } else {
        format!("… {count} earlier lines are in the attached record …")
    }
}
