//! One line of the Universal Chess Interface, as a GUI or a match runner sends it, read into a
//! [`UciCommand`]. Only the commands an engine must answer are read; anything else is refused
//! with a clause that the session prints as `info string …` (the protocol asks engines to go
//! on after a line they do not know, never to stop).
//!
//! Each command writes back ([`fmt::Display`]) to a line that reads to the same command, which
//! the fuzz suite checks.

use std::fmt;

/// A line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: say who we are and which options we have.
    Uci,
    /// `debug on|off`: accepted and ignored (we print the same either way).
    Debug(bool),
    /// `isready`: answered `readyok` at once, even while searching.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption { name: String, value: Option<String> },
    /// `ucinewgame`: the next position starts a new game.
    NewGame,
    /// `position startpos|fen TEXT [moves M…]`.
    Position { start: Start, moves: Vec<String> },
    /// `go …`: search the current position within these bounds.
    Go(Go),
    /// `stop`: answer the running search's best move now.
    Stop,
    /// `ponderhit`: we never ponder, so this only keeps the search going.
    PonderHit,
    /// `quit`.
    Quit,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's usual start.
    StartPos,
    /// A position string: FEN in chess, the game's own position string in the others.
    Fen(String),
}

/// The bounds of a `go` command; every field is optional, and none at all means "until stop".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
}

/// Why a line was not read: a clause such as `"go nodes" needs a number, not "many"`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UciError(pub String);

/// At most this much of what was typed is quoted in a refusal.
const QUOTED: usize = 40;

fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(QUOTED).collect();
    if cut.len() < text.len() {
        format!("\"{cut}…\"")
    } else {
        format!("\"{cut}\"")
    }
}

impl UciCommand {
    /// Reads one line (surrounding white space and runs of spaces do not matter).
    pub fn parse(line: &str) -> Result<UciCommand, UciError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(UciError("an empty line is not a command".into()));
        };
        let plain = |command: UciCommand| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(UciError(format!(
                    "\"{first}\" takes nothing after it, not {}",
                    quoted(&rest.join(" "))
                )))
            }
        };
        match first {
            "uci" => plain(UciCommand::Uci),
            "isready" => plain(UciCommand::IsReady),
            "ucinewgame" => plain(UciCommand::NewGame),
            "stop" => plain(UciCommand::Stop),
            "ponderhit" => plain(UciCommand::PonderHit),
            "quit" => plain(UciCommand::Quit),
            "debug" => match rest {
                ["on"] => Ok(UciCommand::Debug(true)),
                ["off"] => Ok(UciCommand::Debug(false)),
                _ => Err(UciError("\"debug\" is followed by on or off".into())),
            },
            "setoption" => set_option(rest),
            "position" => position(rest),
            "go" => go(rest).map(UciCommand::Go),
            other => Err(UciError(format!(
                "{} is not a UCI command this engine knows",
                quoted(other)
            ))),
        }
    }
}

/// `name N… [value V…]`: names and values may hold spaces.
fn set_option(words: &[&str]) -> Result<UciCommand, UciError> {
    let ["name", rest @ ..] = words else {
        return Err(UciError(
            "\"setoption\" is followed by name, the option's name, then value and its value".into(),
        ));
    };
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(UciError(
            "\"setoption name\" needs the option's name".into(),
        ));
    }
    Ok(UciCommand::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `startpos [moves …]` or `fen TEXT… [moves …]`.
fn position(words: &[&str]) -> Result<UciCommand, UciError> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&words[..at], words[at + 1..].to_vec()),
        None => (words, Vec::new()),
    };
    let start = match head {
        ["startpos"] => Start::StartPos,
        ["fen", text @ ..] if !text.is_empty() => Start::Fen(text.join(" ")),
        _ => {
            return Err(UciError(
                "\"position\" is followed by startpos or by fen and a position, then moves".into(),
            ));
        }
    };
    Ok(UciCommand::Position {
        start,
        moves: moves.into_iter().map(str::to_string).collect(),
    })
}

/// The words after `go`.
fn go(words: &[&str]) -> Result<Go, UciError> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        let slot = match word {
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "wtime" => &mut go.wtime,
            "btime" => &mut go.btime,
            "winc" => &mut go.winc,
            "binc" => &mut go.binc,
            "movestogo" => &mut go.movestogo,
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "movetime" => &mut go.movetime,
            other => {
                return Err(UciError(format!(
                    "\"go\" does not know {}; it takes wtime, btime, winc, binc, movestogo, \
                     depth, nodes, movetime, infinite",
                    quoted(other)
                )));
            }
        };
        let number = words.next().copied().unwrap_or("");
        // Match runners send a clock already run out as a negative number: that is no time.
        let value = match number.parse::<i64>() {
            Ok(n) => n.max(0) as u64,
            Err(_) => {
                return Err(UciError(format!(
                    "\"go {word}\" needs a whole number, not {}",
                    quoted(number)
                )));
            }
        };
        *slot = Some(value);
    }
    Ok(go)
}

impl fmt::Display for UciCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciCommand::Uci => f.write_str("uci"),
            UciCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            UciCommand::IsReady => f.write_str("isready"),
            UciCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(value) => write!(f, " value {value}"),
                    None => Ok(()),
                }
            }
            UciCommand::NewGame => f.write_str("ucinewgame"),
            UciCommand::Position { start, moves } => {
                match start {
                    Start::StartPos => f.write_str("position startpos")?,
                    Start::Fen(text) => write!(f, "position fen {text}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            UciCommand::Go(go) => {
                f.write_str("go")?;
                let numbers = [
                    ("wtime", go.wtime),
                    ("btime", go.btime),
                    ("winc", go.winc),
                    ("binc", go.binc),
                    ("movestogo", go.movestogo),
                    ("depth", go.depth),
                    ("nodes", go.nodes),
                    ("movetime", go.movetime),
                ];
                for (name, value) in numbers {
                    if let Some(value) = value {
                        write!(f, " {name} {value}")?;
                    }
                }
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                if go.ponder {
                    f.write_str(" ponder")?;
                }
                Ok(())
            }
            UciCommand::Stop => f.write_str("stop"),
            UciCommand::PonderHit => f.write_str("ponderhit"),
            UciCommand::Quit => f.write_str("quit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_runners_lines_are_read() {
        assert_eq!(
            UciCommand::parse("position startpos moves e2e4 e7e5"),
            Ok(UciCommand::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()],
            })
        );
        assert_eq!(
            UciCommand::parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Ok(UciCommand::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec![],
            })
        );
        let Ok(UciCommand::Go(go)) =
            UciCommand::parse("go wtime 9000 btime -12 winc 100 binc 100 movestogo 3")
        else {
            panic!("go was not read");
        };
        assert_eq!(
            (go.wtime, go.btime, go.winc, go.movestogo),
            (Some(9000), Some(0), Some(100), Some(3))
        );
        assert_eq!(
            UciCommand::parse("setoption name UCI_Variant value cataclysm"),
            Ok(UciCommand::SetOption {
                name: "UCI_Variant".into(),
                value: Some("cataclysm".into())
            })
        );
        assert_eq!(UciCommand::parse("  isready  "), Ok(UciCommand::IsReady));
    }

    #[test]
    fn refusals_name_the_problem_and_quote_little() {
        let refused = |line: &str| UciCommand::parse(line).unwrap_err().0;
        assert_eq!(
            refused("go nodes many"),
            "\"go nodes\" needs a whole number, not \"many\""
        );
        assert!(refused("go searchmoves e2e4").contains("does not know \"searchmoves\""));
        assert!(refused("position").contains("startpos"));
        assert!(refused("stop now").contains("takes nothing after it"));
        let long = refused(&"x".repeat(500));
        assert!(long.len() < 100, "{long}");
    }

    #[test]
    fn every_command_writes_back_to_itself() {
        for line in [
            "uci",
            "debug on",
            "setoption name Level value 3",
            "setoption name Clear Hash",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
            "go wtime 100 btime 200 depth 3 nodes 5000 movetime 20 infinite",
            "quit",
        ] {
            let command = UciCommand::parse(line).unwrap();
            assert_eq!(command.to_string(), line);
        }
    }
}
