//! Another engine spoken to over UCI (Fairy-Stockfish, for the ladder): started as a process,
//! set up with options, asked for a move in a position. A measuring tool's side only: the
//! bot's own engine speaks UCI in [`crate::uci`].

use std::{
    io::{self, BufRead, BufReader, Write},
    path::Path,
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
};

/// A running UCI engine.
pub struct OutsideEngine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl OutsideEngine {
    /// Starts `path` and waits for its `uciok`.
    pub fn start(path: &Path) -> io::Result<OutsideEngine> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child.stdin.take().ok_or(io::ErrorKind::BrokenPipe)?;
        let output = BufReader::new(child.stdout.take().ok_or(io::ErrorKind::BrokenPipe)?);
        let mut engine = OutsideEngine {
            child,
            input,
            output,
        };
        engine.send("uci")?;
        engine.until("uciok")?;
        Ok(engine)
    }

    /// `setoption name NAME value VALUE`, then waits until the engine is ready.
    pub fn set(&mut self, name: &str, value: &str) -> io::Result<()> {
        self.send(&format!("setoption name {name} value {value}"))?;
        self.ready()
    }

    /// `isready`, answered `readyok`.
    pub fn ready(&mut self) -> io::Result<()> {
        self.send("isready")?;
        self.until("readyok").map(drop)
    }

    /// The engine's move (a UCI word) after `position` and `go`, such as `position startpos
    /// moves e2e4` and `go nodes 100000`.
    pub fn best_move(&mut self, position: &str, go: &str) -> io::Result<String> {
        self.send(position)?;
        self.send(go)?;
        let line = self.until("bestmove")?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| io::Error::other(format!("no move in {line:?}")))
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// Reads lines until one starting with `first_word`, and returns it.
    fn until(&mut self, first_word: &str) -> io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(io::Error::other(format!(
                    "the engine ended before saying {first_word}"
                )));
            }
            if line.split_whitespace().next() == Some(first_word) {
                return Ok(line.trim().to_string());
            }
        }
    }
}

impl Drop for OutsideEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
