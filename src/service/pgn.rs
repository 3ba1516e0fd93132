//! The record of a game that `/history` attaches, in PGN: the format every chess program,
//! database and website reads, so a Chatrang chess game can be analysed anywhere.
//!
//! * **Chess** gets a real PGN, `chatrang-game-12.pgn`: the Seven Tag Roster (Event, Site,
//!   Date, Round, White, Black, Result) in its order, `SetUp "1"` and `FEN` when the game did
//!   not start from the usual position, and the score sheet's SAN movetext with its move
//!   numbers, ending in the result token (`1-0`, `0-1`, `1/2-1/2`, or `*` for a game that goes
//!   on or ended without a winner or a draw, such as an aborted one).
//! * **Every other game** gets the same layout in its own notation, `chatrang-game-12.txt`
//!   (a `.pgn` would invite chess programs that cannot read it): the roster, a `Variant` tag
//!   with the game's id, `SetUp "1"` and `FEN` holding its start in its own position string,
//!   and the tags that matter for rebuilding it: `Options` (as JSON) and `Seed`, and
//!   `CurrentPosition`, the snapshot its moves lead to. Dice rolled by a move follow it as a
//!   comment, `{dice 3,5}`, so the record replays as the game went.
//! * Both end their tags with `Termination`, how the game ended in words, once it has. Moves
//!   taken back are comments where they were played, `{1 move taken back: 2. Nf3}`, so a
//!   reader replays the game that stands and a person still sees what happened.
//!
//! * A game the engine reviewed (`/review`) carries its evaluations: after each move a
//!   comment `{[%eval 0.35]}` (pawns, White's view, as lichess and ChessBase write them),
//!   and a mistake or blunder is marked `?` or `??` on the move in a PGN (in a comment,
//!   `{blunder …}`, in the other games' records, whose readers expect the notation bare).
//!
//! Tag values escape `\` and `"` with a backslash, as the PGN standard says, and control
//! characters become spaces; movetext lines are at most 79 characters.

use super::{
    appraise::{Appraisal, BLUNDER, MISTAKE},
    loaded::Loaded,
    reply::Attachment,
    sheet::{Entry, Sheet, taken_back},
};
use crate::{
    render::chart::civil_date,
    rules::{Color, Game, GameId},
    store::ResultKind,
};

/// The longest movetext line the PGN export format allows.
const LINE: usize = 79;

/// The record file of a game: its tags, then its movetext. `result` is the stored result of a
/// finished game (its kind and winner); `review`, the engine's review when one was made.
pub(crate) fn record(
    loaded: &Loaded,
    sheet: &Sheet,
    result: Option<(ResultKind, Option<Color>)>,
    review: Option<&Appraisal>,
) -> Attachment {
    let row = &loaded.row;
    let token = result_token(result);
    let mut tags: Vec<(&str, String)> = vec![
        (
            "Event",
            format!("Chatrang game #{} ({})", row.id, loaded.title()),
        ),
        ("Site", format!("Chatrang server {}", row.server_id)),
        ("Date", date(row.created_at)),
        ("Round", "-".to_string()),
        ("White", players(loaded, Color::White)),
        ("Black", players(loaded, Color::Black)),
        ("Result", token.to_string()),
    ];
    let pgn = loaded.kind.spec().pgn;
    if pgn {
        if !is_usual_start(loaded.kind, &row.initial_position) {
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", row.initial_position.clone()));
        }
    } else {
        tags.push(("Variant", loaded.kind.slug().to_string()));
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", row.initial_position.clone()));
        tags.push((
            "Options",
            serde_json::to_string(&row.options).unwrap_or_default(),
        ));
        tags.push(("Seed", row.seed.to_string()));
        tags.push(("CurrentPosition", row.position.clone()));
    }
    if let Some(outcome) = &row.outcome {
        tags.push(("Termination", outcome.clone()));
    }
    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", tag_value(value)));
    }
    text.push('\n');
    let marks = review.map(|review| Marks {
        review,
        on_moves: pgn,
    });
    for line in wrap(&movetext(sheet, token, marks)) {
        text.push_str(&line);
        text.push('\n');
    }
    Attachment {
        filename: format!(
            "chatrang-game-{}.{}",
            row.id,
            if pgn { "pgn" } else { "txt" }
        ),
        content: text.into_bytes(),
    }
}

/// The PGN result token of a game: `*` unless it was won or drawn.
fn result_token(result: Option<(ResultKind, Option<Color>)>) -> &'static str {
    match result {
        Some((ResultKind::Win, Some(Color::White))) => "1-0",
        Some((ResultKind::Win, Some(Color::Black))) => "0-1",
        Some((ResultKind::Draw, _)) => "1/2-1/2",
        _ => "*",
    }
}

/// A side's players, or `?` (PGN's unknown) while it has none.
fn players(loaded: &Loaded, side: Color) -> String {
    if loaded.members(side).is_empty() {
        "?".to_string()
    } else {
        loaded.names(side)
    }
}

/// True when a game started from its usual position (whatever spelling of it the record
/// has), so its PGN needs no `FEN`.
fn is_usual_start(kind: GameId, initial: &str) -> bool {
    let spec = kind.spec();
    let text = |game: Result<Box<dyn Game>, _>| game.map(|game| game.position_text()).ok();
    let usual = text(spec.example());
    usual.is_some() && text((spec.load)(initial)) == usual
}

/// A tag value as PGN writes it between quotes.
fn tag_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A comment as PGN writes it: braces cannot nest, so any inside become parentheses.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('{', "(").replace('}', ")"))
}

/// A review's marks in the movetext, and whether `?` and `??` go on the moves themselves.
#[derive(Copy, Clone)]
struct Marks<'a> {
    review: &'a Appraisal,
    on_moves: bool,
}

impl Marks<'_> {
    /// The glyph for move `i` in effect, and its comment: `{[%eval -1.25]}`, with the
    /// mistake in words when it cannot go on the move.
    fn of(&self, i: usize) -> (&'static str, Option<String>) {
        let Some(judged) = self.review.moves.get(i) else {
            return ("", None);
        };
        let eval = self.review.evals.get(i + 1).copied().unwrap_or(0);
        let eval = format!("[%eval {:.2}]", f64::from(eval) / 100.0);
        if self.on_moves {
            return (judged.glyph(), Some(eval));
        }
        let words = match judged.loss {
            loss if loss >= BLUNDER => "blunder ",
            loss if loss >= MISTAKE => "mistake ",
            _ => "",
        };
        ("", Some(format!("{words}{eval}")))
    }
}

/// The movetext tokens: numbers, moves, comments, then the result. After a comment, an action
/// that does not open its number gets `N...`, as the export format wants.
fn movetext(sheet: &Sheet, result: &str, marks: Option<Marks<'_>>) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut after_break = true;
    let mut after_setup = false;
    let mut in_effect = 0;
    for entry in &sheet.entries {
        match entry {
            Entry::Ply(ply) => {
                // The first move of play after the setup gets its number, as after a comment.
                let first_of_play = after_setup && ply.setup.is_none();
                if ply.opens || after_break || first_of_play {
                    tokens.push(ply.mark());
                }
                after_setup = ply.setup.is_some();
                let (glyph, said) = marks.map_or(("", None), |m| m.of(in_effect));
                in_effect += 1;
                tokens.push(format!("{}{glyph}", ply.text));
                after_break = !ply.rolls.is_empty() || said.is_some();
                if !ply.rolls.is_empty() {
                    tokens.push(comment(&format!("dice {}", ply.rolls.to_text())));
                }
                if let Some(said) = said {
                    tokens.push(comment(&said));
                }
            }
            Entry::TakenBack(plies) => {
                tokens.push(comment(&taken_back(plies)));
                after_break = true;
            }
        }
    }
    tokens.push(result.to_string());
    tokens
}

/// Tokens joined by spaces into lines of at most [`LINE`] characters (a longer token stands
/// alone on its line).
fn wrap(tokens: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > LINE {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    lines.push(line);
    lines
}

/// A time stamp (milliseconds since 1970, UTC) as a PGN date, `2025.06.01`; `????.??.??`
/// when unknown.
fn date(ms: i64) -> String {
    let (year, month, day) = civil_date(ms.div_euclid(86_400_000));
    if ms <= 0 || !(1000..=9999).contains(&year) {
        return "????.??.??".to_string();
    }
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::{date, tag_value, wrap};

    #[test]
    fn dates_are_written_as_pgn_wants_them() {
        assert_eq!(date(0), "????.??.??");
        assert_eq!(date(1), "1970.01.01");
        // 2000-02-29 12:00 UTC, a leap day in a century year.
        assert_eq!(date(951_825_600_000), "2000.02.29");
        // 2024-12-31 23:59:59.999 UTC.
        assert_eq!(date(1_735_689_599_999), "2024.12.31");
        assert_eq!(date(1_735_689_600_000), "2025.01.01");
    }

    #[test]
    fn quotes_and_backslashes_are_escaped_and_control_characters_dropped() {
        assert_eq!(tag_value(r#"Al "the \ pawn""#), r#"Al \"the \\ pawn\""#);
        assert_eq!(tag_value("two\nlines\t"), "two lines ");
    }

    #[test]
    fn movetext_lines_stay_within_79_characters() {
        let tokens: Vec<String> = (1..=60).map(|n| format!("{n}. Nf3")).collect();
        let lines = wrap(&tokens);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= 79), "{lines:?}");
        assert_eq!(lines.join(" "), tokens.join(" "));
    }
}
