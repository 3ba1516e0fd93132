//! The command line: parsed by clap into a command, then run. `main` only calls [`run`].

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

use crate::rules::{GameId, Options, registry};

#[derive(Parser, Debug)]
#[command(
    name = "chatrang",
    version,
    about = "A chat bot that hosts unusual chess variants"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (a correctness check of move generation).
    Perft {
        /// Game id or name, such as chess or cataclysm.
        game: String,
        depth: u32,
        /// Start from this position string instead of the usual setup.
        #[arg(long)]
        position: Option<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Draw a board picture: `render <game>` or `render piece <game> <piece>`.
    Render {
        /// `piece` for a piece diagram, else the game id or name.
        what: String,
        /// With `piece`: the game, then the piece's name or letter.
        rest: Vec<String>,
        /// Draw this position string instead of the usual setup.
        #[arg(long)]
        position: Option<String>,
        /// Write the PNG here (default: <game>.png); the text board goes to standard output.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Draw from Black's side.
        #[arg(long)]
        black: bool,
    },
    /// Write sample pictures of every game and a diagram of every piece type into a folder.
    Gallery { dir: std::path::PathBuf },
    /// Measure speed: `rules` (move generation), `catalonia` (the chain solver), `render` (board
    /// pictures) or `service` (moves through the service).
    Bench {
        /// What to measure.
        what: String,
    },
    /// A local chat channel in the terminal, or from a pipe (`chatrang console < script`).
    Console {
        /// The data directory holding the SQLite database (default: $CHATRANG_DATA or ./data).
        /// A postgres:// DATABASE_URL is used instead when set.
        #[arg(long)]
        data: Option<PathBuf>,
        /// Where board pictures and records are written (default: DATA/files).
        #[arg(long)]
        files: Option<PathBuf>,
        /// Who you are at the start (`/as NAME` changes it).
        #[arg(long, default_value = "alice")]
        user: String,
    },
    /// Serve Discord: needs DISCORD_TOKEN; DISCORD_GUILD_ID registers the commands in one
    /// server only (instant, for trying it out).
    Discord {
        /// The data directory holding the SQLite database (default: $CHATRANG_DATA or ./data).
        /// A postgres:// DATABASE_URL is used instead when set.
        #[arg(long)]
        data: Option<PathBuf>,
    },
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Discord { .. }) {
        stop_quietly_when_output_closes();
    }
    let result = match cli.command {
        Command::Perft {
            game,
            depth,
            position,
            divide,
        } => perft(&game, depth, position.as_deref(), divide),
        Command::Render {
            what,
            rest,
            position,
            out,
            black,
        } => crate::render::command::render(&what, &rest, position.as_deref(), out, black)
            .map_err(|e| e.to_string()),
        Command::Gallery { dir } => {
            crate::render::command::gallery(&dir).map_err(|e| e.to_string())
        }
        Command::Bench { what } => bench(&what),
        Command::Console { data, files, user } => {
            crate::console::init_logging();
            crate::console::run(data, files, user, crate::service::default_painter())
        }
        Command::Discord { data } => crate::discord::serve(data),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Lets a closed standard output (`chatrang perft chess 5 --divide | head`) end the process
/// quietly, as it ends any Unix tool, instead of every `println!` panicking on `EPIPE`: Rust
/// ignores SIGPIPE by default. Socket writes are unaffected (std and tokio send with
/// `MSG_NOSIGNAL`); the Discord server keeps the default so a closed log pipe cannot stop it.
fn stop_quietly_when_output_closes() {
    // SAFETY: restoring the default disposition of one signal, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn perft(game: &str, depth: u32, position: Option<&str>, divide: bool) -> Result<(), String> {
    let id = GameId::parse(game).map_err(|e| e.to_string())?;
    let game = match position {
        Some(text) => registry::load(id, text),
        None => registry::new_game(id, &Options::default(), 0),
    }
    .map_err(|e| e.to_string())?;
    if divide && depth > 0 {
        let mut total = 0;
        let mut actions = game.legal_actions();
        actions.sort_by(|a, b| a.notation.cmp(&b.notation));
        for action in actions {
            let mut next = game.clone_game();
            next.play(&action.notation).map_err(|e| e.to_string())?;
            let count = next.perft(depth - 1);
            println!("{} {}", action.notation, count);
            total += count;
        }
        println!();
        println!("{total}");
    } else {
        println!("{}", game.perft(depth));
    }
    Ok(())
}

fn bench(what: &str) -> Result<(), String> {
    match what {
        "rules" => crate::bench::rules::print(),
        "catalonia" => {
            crate::bench::catalonia::print(200);
            Ok(())
        }
        "render" => crate::render::command::bench().map_err(|e| e.to_string()),
        "service" => {
            crate::console::init_logging();
            crate::bench::service::run(crate::service::default_painter(), None)
        }
        other => Err(format!(
            "unknown benchmark \"{other}\"; try: rules, catalonia, render, service"
        )),
    }
}
