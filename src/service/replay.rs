//! Rebuilding a game from its record: which moves of the log are in effect (undo takes one
//! back, the dice a move rolled are logged right after it), replaying them from the stored
//! setup, and checking the replay against the snapshot.

use super::{
    loaded::DAMAGED,
    reply::{ServiceError, ServiceResult},
};
use crate::{
    rules::{ActionError, Chance, Game, GameId, Rolls, SetupError, UnknownGame, registry},
    store::{GameRow, LogEntry, LogKind},
};

/// Why a game's log cannot be read as a list of moves.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum LogError {
    /// A `roll` line whose faces do not read.
    #[error("log line {seq}: {why}")]
    BadRolls {
        seq: i64,
        why: crate::rules::RollsError,
    },
    /// A `roll` line anywhere but right after a move.
    #[error("log line {seq}: dice rolls without the move they belong to")]
    OrphanRolls { seq: i64 },
}

/// Why a record does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The record is of a game this build does not host.
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    #[error("the stored setup does not load: {0}")]
    Setup(SetupError),
    #[error(transparent)]
    Log(#[from] LogError),
    /// A move in effect that the rules refuse.
    #[error("move {seq} ({notation}): {error}")]
    Move {
        seq: i64,
        notation: String,
        error: ActionError,
    },
}

/// A move in effect, with the rolls of the dice logged with it.
pub(crate) struct MoveInEffect<'a> {
    pub entry: &'a LogEntry,
    pub rolls: Rolls,
}

/// The moves in effect: every `move` of the log, minus those taken back by an `undo`, each
/// with the rolls of its `roll` line. A move that rolled dice is followed at once by a `roll`
/// line (they are written together); a `roll` line anywhere else means a damaged log.
pub(crate) fn effective_moves(log: &[LogEntry]) -> Result<Vec<MoveInEffect<'_>>, LogError> {
    let mut moves: Vec<MoveInEffect<'_>> = Vec::new();
    let mut previous: Option<&LogKind> = None;
    for entry in log {
        match entry.kind {
            LogKind::Move => moves.push(MoveInEffect {
                entry,
                rolls: Rolls::default(),
            }),
            LogKind::Roll => {
                let rolls =
                    Rolls::parse(entry.notation.as_deref().unwrap_or("")).map_err(|why| {
                        LogError::BadRolls {
                            seq: entry.seq,
                            why,
                        }
                    })?;
                match moves.last_mut() {
                    Some(last) if previous == Some(&LogKind::Move) => last.rolls = rolls,
                    _ => return Err(LogError::OrphanRolls { seq: entry.seq }),
                }
            }
            LogKind::Undo => {
                moves.pop();
            }
            _ => {}
        }
        previous = Some(&entry.kind);
    }
    Ok(moves)
}

/// Rebuilds a game from its record: the setup stored when it started, then every move in
/// effect with the dice it rolled as the log has them. Never from the options and seed: what
/// they produce (built-in armies, the random board, the dice) may change between releases,
/// while the stored setup and the logged rolls do not. A log from before rolls were logged
/// has none; the game's old generator then rolls them again (see `rules::catalonia::dice`).
pub fn replay(row: &GameRow, log: &[LogEntry]) -> Result<Box<dyn Game>, ReplayError> {
    let kind = GameId::from_stored(row.variant.as_str())?;
    let mut game = registry::load(kind, &row.initial_position).map_err(ReplayError::Setup)?;
    for played in effective_moves(log)? {
        let notation = played.entry.notation.as_deref().unwrap_or("");
        game.play_with(notation, Chance::Recorded(&played.rolls.0))
            .map_err(|error| ReplayError::Move {
                seq: played.entry.seq,
                notation: notation.to_string(),
                error,
            })?;
    }
    Ok(game)
}

/// The game of a record, checked: replaying the log from the stored setup must end on the
/// snapshot. A record that does not is damaged: that is logged as an error and the game comes
/// back marked so, showing the snapshot (else the replay) for people to look at; nothing is
/// written. Refused only when there is nothing at all to show.
pub(crate) fn restore(
    kind: GameId,
    row: &GameRow,
    log: &[LogEntry],
) -> ServiceResult<(Box<dyn Game>, bool)> {
    let (replayed, why) = match replay(row, log) {
        Ok(game) if game.position_text() == row.position => return Ok((game, false)),
        Ok(game) => (
            Some(game),
            "replaying the log from the stored setup ends on another position than the snapshot"
                .to_string(),
        ),
        Err(error) => (
            None,
            format!("the log does not replay from the stored setup: {error}"),
        ),
    };
    tracing::error!(
        game = row.id,
        why = %why,
        "the game's record is damaged; every action on it is refused until an admin aborts it"
    );
    match registry::load(kind, &row.position).ok().or(replayed) {
        Some(game) => Ok((game, true)),
        None => Err(ServiceError::refused(format!(
            "Game #{} cannot be shown. {DAMAGED}",
            row.id
        ))),
    }
}
