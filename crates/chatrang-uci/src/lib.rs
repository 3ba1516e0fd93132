//! The bot's engine speaking the Universal Chess Interface on standard input and output, so
//! that GUIs and match runners can play it and measure it: `chatrang uci`, or this crate's own
//! `chatrang-uci` binary, which builds from the rules crate alone (a search change is measured
//! on a match without building the bot). Chess by default; every other game played side
//! against side through the `UCI_Variant` option, with our position strings after `position
//! fen`. It is the only engine that plays Cataclysm, Katarenga, Chromopolis and the
//! player-defined armies.

mod budget;
pub mod command;
pub mod moves;
mod session;

use std::io::{self, BufRead};

pub use session::{Session, variants};

/// Reads commands from standard input until `quit` or its end.
pub fn run() -> io::Result<()> {
    let mut session = Session::new(io::stdout());
    for line in io::stdin().lock().lines() {
        if !session.line(&line?) {
            break;
        }
    }
    Ok(())
}
