//! The score sheet of a game: its moves in effect, named and numbered as players count them,
//! with a note where moves were taken back. `/history` shows it as lines; the record writes it
//! as PGN movetext (see `pgn`).
//!
//! * **Names.** Chess moves are in standard algebraic notation (`Nf3`, `O-O`, `exd8=Q+`),
//!   worked out by replaying the game; every other game keeps its own canonical notation, the
//!   one its players type and its log stores.
//! * **Numbers.** Chess numbers a move pair, White then Black, from the position's own move
//!   number: a game set up at move 23 with Black to move begins `23... Kd7`. Catalonia numbers
//!   its turns: a turn is one move a side and the decisions around them (swap, bomb, escape,
//!   trapped Peasants), all on the turn's line. Every other game numbers pairs as its sides
//!   alternate: a new number each time White acts after Black, and a game Black begins opens
//!   with `1...`. An action that does not open its number but stands first on a line (after a
//!   note, say) is written `N...`, as PGN writes Black's move after a comment.
//! * **Setup.** What a game does before play begins (Katarenga's baseline, a Pick-a-team
//!   draft: [`crate::rules::GameSpec::setup`]) is written apart, a line each time the side
//!   changes (`Draft, Black: pick K e10 pick Q d10`), and numbered by no move number: play is
//!   numbered from 1, as the board counts its moves.
//! * **Undo.** A move taken back leaves the sheet, so the sheet always reads as the game that
//!   stands, and a note takes its place: `(1 move taken back: 2. Nf3)`. Moves taken back one
//!   after the other (no move between) share one note, in the order they had been played.
//!
//! The sheet is made from the log alone, so a damaged record still has one: when its replay
//! fails, the moves from there on keep the log's notation and are numbered by alternation.

use super::namer::Namer;
use crate::{
    rules::{
        Color, GameId, Rolls,
        score_sheet::{Named, SetupPhase},
    },
    store::{LogEntry, LogKind},
};

/// One action on the sheet.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct Ply {
    /// The number players give it: chess's move number, Catalonia's turn.
    pub number: u32,
    /// It is the first action of its number (in chess, White's move).
    pub opens: bool,
    /// SAN for chess, else the game's notation.
    pub text: String,
    /// The side that acted, as the log has it.
    pub side: Option<Color>,
    /// The dice it rolled, as the log has them.
    pub rolls: Rolls,
    /// The label of the setup it belongs to ("Draft"); `None` for a move of play.
    pub setup: Option<&'static str>,
}

impl Ply {
    /// `12.` before an action that opens its number, `12...` before one that does not;
    /// `Draft, White:` before a setup action.
    pub fn mark(&self) -> String {
        if let Some(label) = self.setup {
            return match self.side {
                Some(side) => format!("{label}, {side}:"),
                None => format!("{label}:"),
            };
        }
        if self.opens {
            format!("{}.", self.number)
        } else {
            format!("{}...", self.number)
        }
    }
}

/// What the sheet holds, in order.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) enum Entry {
    Ply(Ply),
    /// Moves taken back here, in the order they had been played.
    TakenBack(Vec<Ply>),
}

/// A game's score sheet.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Sheet {
    pub entries: Vec<Entry>,
}

impl Sheet {
    /// The sheet of a game of `kind` that started at `start` (its stored initial position),
    /// from its log: moves, their rolls, and undos.
    pub fn of(kind: GameId, start: &str, log: &[LogEntry]) -> Sheet {
        let mut namer = Namer::new(kind, start);
        let setup = kind.spec().setup;
        let mut sheet = Sheet::default();
        for (i, entry) in log.iter().enumerate() {
            match entry.kind {
                LogKind::Move => {
                    let rolls = rolls_after(log, i);
                    let notation = entry.notation.as_deref().unwrap_or("");
                    let named = namer.name(notation, &rolls);
                    let ply = match setup.filter(|s| s.holds(notation)) {
                        Some(phase) => sheet.setup_ply(phase, notation, entry.side, rolls),
                        None => sheet.numbered(named, notation, entry.side, rolls),
                    };
                    sheet.entries.push(Entry::Ply(ply));
                }
                // The replay steps back only when the sheet had a move to take back.
                LogKind::Undo if sheet.take_back() => namer.take_back(),
                _ => {}
            }
        }
        sheet
    }

    /// The moves in effect, in order (those taken back are left out).
    pub fn plies(&self) -> Vec<&Ply> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                Entry::Ply(p) => Some(p),
                Entry::TakenBack(_) => None,
            })
            .collect()
    }

    /// The last move of play in effect (setup actions are numbered apart).
    fn last_ply(&self) -> Option<&Ply> {
        self.entries.iter().rev().find_map(|e| match e {
            Entry::Ply(p) if p.setup.is_none() => Some(p),
            _ => None,
        })
    }

    /// A setup action: on the line of the setup action before it when the same side took it.
    fn setup_ply(
        &self,
        phase: SetupPhase,
        notation: &str,
        side: Option<Color>,
        rolls: Rolls,
    ) -> Ply {
        let same_side = matches!(
            self.entries.last(),
            Some(Entry::Ply(p)) if p.setup.is_some() && p.side == side
        );
        Ply {
            number: 0,
            opens: !same_side,
            text: notation.to_string(),
            side,
            rolls,
            setup: Some(phase.label),
        }
    }

    /// The ply of an action: as the replay named it, or else (a game without a sheet of its
    /// own, or a replay that failed) by its notation and the alternation of the sides.
    fn numbered(
        &self,
        named: Option<Named>,
        notation: &str,
        side: Option<Color>,
        rolls: Rolls,
    ) -> Ply {
        let previous = self.last_ply();
        let (number, opens, text) = match named {
            Some(Named::Move {
                number,
                opens,
                text,
            }) => (number, opens, text),
            Some(Named::Turn { turn, fresh }) => (
                turn,
                fresh || previous.is_some_and(|p| p.number != turn),
                notation.to_string(),
            ),
            None => {
                let (number, opens) = match (previous, side) {
                    (None, side) => (1, side != Some(Color::Black)),
                    (Some(p), Some(Color::White)) if p.side == Some(Color::Black) => {
                        (p.number + 1, true)
                    }
                    (Some(p), _) => (p.number, false),
                };
                (number, opens, notation.to_string())
            }
        };
        Ply {
            number,
            opens,
            text,
            side,
            rolls,
            setup: None,
        }
    }

    /// Takes the last move in effect off the sheet into the note that follows it (a new one
    /// unless moves were just taken back there). False when there is no move to take back.
    fn take_back(&mut self) -> bool {
        let Some(at) = self
            .entries
            .iter()
            .rposition(|e| matches!(e, Entry::Ply(_)))
        else {
            return false;
        };
        let Entry::Ply(ply) = self.entries.remove(at) else {
            return false;
        };
        match self.entries.get_mut(at) {
            Some(Entry::TakenBack(plies)) => plies.insert(0, ply),
            _ => self.entries.push(Entry::TakenBack(vec![ply])),
        }
        true
    }

    /// The sheet as `/history` shows it: a line a number (`2. Nf3 Nc6`), a note on a line of
    /// its own.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line: Option<String> = None;
        // Whether the open line holds setup actions: play never joins it.
        let mut line_setup = false;
        for entry in &self.entries {
            match entry {
                Entry::Ply(ply) => match &mut line {
                    Some(open) if !ply.opens && line_setup == ply.setup.is_some() => {
                        open.push(' ');
                        open.push_str(&ply.text);
                    }
                    _ => {
                        lines.extend(line.take());
                        line = Some(format!("{} {}", ply.mark(), ply.text));
                        line_setup = ply.setup.is_some();
                    }
                },
                Entry::TakenBack(plies) => {
                    lines.extend(line.take());
                    lines.push(format!("({})", taken_back(plies)));
                }
            }
        }
        lines.extend(line);
        lines
    }
}

/// What a note says: `2 moves taken back: 2. Nf3 Nc6`.
pub(crate) fn taken_back(plies: &[Ply]) -> String {
    let count = match plies.len() {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    format!("{count} taken back: {}", run(plies))
}

/// Moves one after the other, numbered: `2... Nc6 3. Bc4`.
fn run(plies: &[Ply]) -> String {
    let mut parts = Vec::new();
    for (i, ply) in plies.iter().enumerate() {
        if i == 0 || ply.opens {
            parts.push(ply.mark());
        }
        parts.push(ply.text.clone());
    }
    parts.join(" ")
}

/// The dice the move at `log[i]` rolled: the `roll` line right after it, if any. Faces that
/// do not read are none (the replay then fails, and the sheet goes on from the log).
fn rolls_after(log: &[LogEntry], i: usize) -> Rolls {
    log.get(i + 1)
        .filter(|next| next.kind == LogKind::Roll)
        .and_then(|next| Rolls::parse(next.notation.as_deref().unwrap_or("")).ok())
        .unwrap_or_default()
}
