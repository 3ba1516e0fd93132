//! The lines of the Universal Chess Interface that `chatrang uci` reads from a GUI or a match
//! runner: any text is read or refused with a clause (printed as `info string …`) that quotes
//! at most 40 characters, and what is read writes back to a line that reads the same.

use chatrang::uci::command::UciCommand;
use proptest::prelude::*;

use super::{Verdict, clause, club::quotes_little, text_near};

/// Lines a GUI sends, and a few just wrong.
const LINES: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "debug on",
    "setoption name UCI_Variant value cataclysm",
    "setoption name Level value 3",
    "setoption name Clear Hash",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves c7c5",
    "position fen 10/10/10/10/10/10/10/10/10/10 w - - 0 1 draft moves pick_K_a1",
    "go nodes 10000",
    "go movetime 1000",
    "go wtime 60000 btime 59000 winc 1000 binc 1000 movestogo 20",
    "go depth 6",
    "go infinite",
    "go ponder wtime -5 btime 10",
    "go searchmoves e2e4",
    "stop",
    "ponderhit",
    "quit",
    "position",
    "go nodes",
];

pub fn strategy() -> impl Strategy<Value = String> {
    text_near(LINES.iter().map(|l| l.to_string()).collect())
}

pub fn check(line: &str) -> Verdict {
    match UciCommand::parse(line) {
        Ok(command) => {
            let written = command.to_string();
            let again = UciCommand::parse(&written)
                .map_err(|e| format!("{line:?} was read, but its writing {written:?} not: {e}"))?;
            ensure!(
                again == command,
                "{line:?} read as {command:?}, written {written:?}, read back as {again:?}"
            );
        }
        Err(refusal) => {
            let said = refusal.to_string();
            clause(&said, line).map_err(|m| format!("{line:?}: {m}"))?;
            quotes_little(&said, line)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_uci_lines(line in strategy()) {
        check(&line).map_err(TestCaseError::fail)?;
    }
}
