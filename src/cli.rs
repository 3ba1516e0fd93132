//! The command line: parsed by clap into a command, then run. `main` only calls [`run`].

use std::{path::PathBuf, process::ExitCode, sync::Arc};

use clap::{Parser, Subcommand};

use crate::{
    logging::{init_logging, log_format},
    rules::{Game, GameId, Options, registry},
    service::{Outbox, Service, ShiftedClock},
    stopping::Stop,
};

#[derive(Parser, Debug)]
#[command(
    name = "chatrang",
    version,
    about = "A chat bot that hosts unusual chess variants"
)]
pub struct Cli {
    /// A settings file of KEY=value lines (also CHATRANG_CONFIG); the environment wins over it.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Serve /healthz and /metrics on this address, such as 127.0.0.1:9090 (console, discord,
    /// matrix; also CHATRANG_HTTP).
    #[arg(long, global = true, value_name = "ADDRESS", env = "CHATRANG_HTTP")]
    pub http: Option<std::net::SocketAddr>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (a correctness check of move generation).
    Perft {
        /// Game id or name, such as chess or cataclysm, or a variant definition's file
        /// (`docs/variants.md`).
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
        /// Write the PNG here (default: GAME.png, or GAME-PIECE.png for a piece); the text
        /// board goes to standard output.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Draw from Black's side.
        #[arg(long)]
        black: bool,
    },
    /// Write sample pictures of every game and a diagram of every piece type into a folder.
    Gallery { dir: std::path::PathBuf },
    /// Measure speed: `rules` (move generation), `ai` (the bot's strength and think times),
    /// `catalonia` (the chain solver), `render` (board pictures), `replay` (animated replays),
    /// `service` (moves through
    /// the service), `delivery` (a bot move's wait from its commit to its post, six bot
    /// games at once), `fairness` (people's moves while reviews and bot games run) or
    /// `memory` (many active games in one process, and a restart).
    Bench {
        /// What to measure.
        what: String,
        /// Games per match (`bench ai`, default 20) or active games (`bench memory`, default
        /// 10000).
        #[arg(long)]
        games: Option<u32>,
        /// Only this game (`bench ai`; `bench ladder`: chess or pick-a-team), or the cases whose name contains this (`bench rules`).
        #[arg(long)]
        game: Option<String>,
        /// Runs per case, of which the median is printed (`bench rules`).
        #[arg(long, default_value_t = 3)]
        runs: u32,
        /// Every game of Version Two, Patch and Easy Patch with army lists of its own (`bench
        /// memory`): the worst case for memory, where no two games share move tables.
        #[arg(long)]
        own_armies: bool,
        /// A Fairy-Stockfish binary to measure against (`bench ladder`).
        #[arg(long, value_name = "PATH")]
        fairy_stockfish: Option<PathBuf>,
        /// Only these levels, such as 1,2 (`bench ladder`); two levels for `bench ai`, such as
        /// 5,3: the first against the second in each game (10 games unless --games).
        #[arg(long, value_name = "LEVELS")]
        levels: Option<String>,
        /// Fairy-Stockfish's UCI_Elo for every level (`bench ladder`; default: each level's
        /// goal, 800 to 2400).
        #[arg(long, value_name = "ELO")]
        anchor: Option<u32>,
        /// Fairy-Stockfish's nodes per move (`bench ladder`).
        #[arg(long, default_value_t = 100_000)]
        nodes: u64,
        /// Games played at once (`bench ladder`, `bench ai --levels`): at most one per core,
        /// unless --nodes-only.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// The bot on its levels' node budgets alone, without their time caps (`bench ladder`,
        /// `bench ai --levels`): the strength a quiet machine plays, measured on a busy one.
        #[arg(long)]
        nodes_only: bool,
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
    /// server only (instant, for trying it out); DISCORD_SHARDS=FIRST-LAST/TOTAL runs those
    /// gateway shards (several processes on one PostgreSQL DATABASE_URL; see the README).
    Discord {
        /// The data directory holding the SQLite database (default: $CHATRANG_DATA or ./data).
        /// A postgres:// DATABASE_URL is used instead when set.
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Copy the SQLite database into FILE, consistently, even while the bot runs.
    Backup {
        /// The new file to write (it must not exist).
        file: PathBuf,
        /// The data directory (default: $CHATRANG_DATA or ./data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Put a backup back, the bot being stopped: the backup is checked first, and the database
    /// it replaces is kept beside it (chatrang.db.before-restore-TIME).
    Restore {
        /// The backup, made by `chatrang backup`.
        file: PathBuf,
        /// The data directory (default: $CHATRANG_DATA or ./data).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Restore even though a bot seems to run on the database.
        #[arg(long)]
        force: bool,
    },
    /// Write every finished game into NAME.pgn (chess-like games), NAME.records.txt (the
    /// others, in the project's record format) and NAME.jsonl (every game as JSON, a line
    /// each), named after FILE; may run while the bot plays.
    Export {
        /// The files' name, such as games (an extension .pgn or .jsonl is dropped).
        file: PathBuf,
        /// Only this server's games: a Discord server's id, a Matrix room or Space id, or
        /// console (the refusal lists the servers that have games).
        #[arg(long, value_name = "SERVER")]
        place: Option<String>,
        /// The data directory (default: $CHATRANG_DATA or ./data). A postgres:// DATABASE_URL
        /// is used instead when set.
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Speak UCI on standard input and output: the bot's engine for GUIs and match runners
    /// (chess, and every game played side against side through the UCI_Variant option).
    Uci,
    /// Print the settings the bot would run with (secrets hidden) and what is missing or wrong;
    /// exits with 1 when something is.
    CheckConfig {
        /// discord, matrix or console (default: every one that is set up).
        platform: Option<String>,
        /// The data directory (default: $CHATRANG_DATA or ./data).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Serve Matrix: needs MATRIX_HOMESERVER, and MATRIX_USER and MATRIX_PASSWORD for the first
    /// login (the session is kept in DATA/matrix/); MATRIX_PREFIX, MATRIX_ALLOWED_SERVERS.
    Matrix {
        /// The data directory holding the SQLite database and the Matrix session (default:
        /// $CHATRANG_DATA or ./data). A postgres:// DATABASE_URL is used instead when set.
        #[arg(long)]
        data: Option<PathBuf>,
    },
}

/// Why a command failed: any error, shown as `error: …`. Each part of the program has its own
/// typed errors; here at the top they only need to be printed.
pub type Failure = Box<dyn std::error::Error + Send + Sync>;

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let loaded = match crate::config::load(cli.config.as_deref()) {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    if !matches!(
        cli.command,
        Command::Discord { .. } | Command::Matrix { .. }
    ) {
        stop_quietly_when_output_closes();
    }
    let http = cli.http;
    let result: Result<(), Failure> = match cli.command {
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
            .map_err(Failure::from),
        Command::Gallery { dir } => crate::render::command::gallery(&dir).map_err(Failure::from),
        Command::Bench {
            what,
            games,
            fairy_stockfish,
            levels,
            anchor,
            nodes,
            game,
            jobs,
            nodes_only,
            ..
        } if what == "ladder" => ladder(
            fairy_stockfish,
            games,
            levels.as_deref(),
            anchor,
            nodes,
            game,
            Parallel::new(jobs, nodes_only),
        ),
        Command::Bench {
            what,
            games,
            game,
            levels: Some(levels),
            jobs,
            nodes_only,
            ..
        } if what == "ai" => ai_versus(
            &levels,
            games,
            game.as_deref(),
            Parallel::new(jobs, nodes_only),
        ),
        Command::Bench {
            what,
            games,
            game,
            runs,
            own_armies,
            ..
        } => bench(&what, games, runs, game.as_deref(), own_armies),
        Command::Console { data, files, user } => {
            let clock = ShiftedClock::default();
            let timed = clock.clone();
            serve(
                data,
                http,
                "warn",
                |service| service.with_clock(timed),
                |service, dir, stop| async move {
                    let mut settings =
                        crate::console::Settings::new(files.unwrap_or(dir.join("files")), user);
                    settings.clock = Some(clock);
                    settings.clock_kept_in = Some(dir);
                    settings.stop = Some(stop);
                    Ok(crate::console::run(&service, settings).await?)
                },
            )
        }
        Command::Backup { file, data } => {
            one_off(async move { crate::backups::backup(data, &file).await })
        }
        Command::Restore { file, data, force } => {
            one_off(async move { crate::backups::restore(data, &file, force).await })
        }
        Command::Export { file, place, data } => {
            one_off(async move { crate::export::export(data, place, &file).await })
        }
        Command::Uci => crate::uci::run().map_err(Failure::from),
        Command::CheckConfig { platform, data } => {
            let report = crate::check_config::check(platform.as_deref(), data, &loaded);
            print!("{}", report.text);
            if report.problems > 0 {
                return ExitCode::FAILURE;
            }
            Ok(())
        }
        Command::Discord { data } => crate::discord::Config::from_env()
            .map_err(Failure::from)
            .and_then(|config| {
                let outbox = Outbox::new("discord");
                serve(
                    data,
                    http,
                    "info",
                    |s| s.with_outbox(outbox),
                    |service, _, stop| async move {
                        Ok(crate::discord::run(config, service, stop).await?)
                    },
                )
            }),
        Command::Matrix { data } => {
            let dir = crate::store::data_dir(data.clone());
            crate::matrix::Config::new(crate::matrix::Values::from_env(), &dir)
                .map_err(Failure::from)
                .and_then(|config| {
                    let outbox = Outbox::new("matrix");
                    serve(
                        data,
                        http,
                        crate::matrix::DEFAULT_LOG,
                        |s| s.with_outbox(outbox),
                        |service, _, stop| async move {
                            Ok(crate::matrix::run(config, service, stop).await?)
                        },
                    )
                })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The composition root of every chat adapter: logging (`RUST_LOG`, else `default_log`), the
/// async runtime, the store (SQLite in the data directory, or `DATABASE_URL`) and the service
/// are built here once, set up by `setup` (a chat platform, where posting can fail, delivers
/// through an outbox; the console reads a clock it can move), and handed with the data
/// directory to `adapter`, which serves until it is done or told to stop (SIGTERM, SIGINT:
/// see `stopping`). A clean stop that outlasts the grace period is cut off there. With `http`,
/// `/healthz` and `/metrics` are served beside it (see `crate::http`).
fn serve<S, F, Fut>(
    data: Option<PathBuf>,
    http: Option<std::net::SocketAddr>,
    default_log: &str,
    setup: S,
    adapter: F,
) -> Result<(), Failure>
where
    S: FnOnce(Service) -> Service,
    F: FnOnce(Arc<Service>, PathBuf, Stop) -> Fut,
    Fut: Future<Output = Result<(), Failure>>,
{
    log_format()?;
    init_logging(default_log);
    let grace = crate::stopping::grace_from_env()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async {
        let stop = Stop {
            told: crate::stopping::on_signals(),
            grace,
        };
        let mut deadline = stop.clone();
        // The painter gets ready while the database opens.
        let painter = crate::service::default_painter();
        let warming = painter.clone();
        tokio::task::spawn_blocking(move || warming.warm_up());
        let dir = crate::store::data_dir(data);
        let store = crate::store::open_configured(&dir)
            .await
            .map_err(|e| format!("cannot open the database: {e}"))?;
        let service = Arc::new(setup(Service::new(store, painter)));
        if let Some(address) = http {
            let metrics = crate::http::install_recorder()?;
            let listener = crate::http::listen(address).await?;
            tokio::spawn(crate::http::serve(
                listener,
                service.clone(),
                metrics,
                stop.clone(),
            ));
        }
        tokio::select! {
            served = adapter(service, dir, stop) => served,
            () = async {
                deadline.requested().await;
                tokio::time::sleep(grace).await;
            } => {
                tracing::warn!(
                    grace_s = grace.as_secs_f64(),
                    "the clean stop outlasted the grace period; stopping now"
                );
                Ok(())
            }
        }
    });
    // A search or a read of the terminal still running on the blocking pool is not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    served
}

/// Runs a one-off job on the database (a backup, a restore) and prints what it says.
fn one_off(job: impl Future<Output = Result<String, String>>) -> Result<(), Failure> {
    init_logging("warn");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let said = runtime.block_on(job)?;
    println!("{said}");
    Ok(())
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

fn perft(game: &str, depth: u32, position: Option<&str>, divide: bool) -> Result<(), Failure> {
    let game = if std::path::Path::new(game).is_file() {
        defined_game(game, position)?
    } else {
        let id = GameId::parse(game)?;
        match position {
            Some(text) => registry::load(id, text)?,
            None => registry::new_game(id, &Options::default(), 0)?,
        }
    };
    if divide && depth > 0 {
        let mut total = 0;
        let mut actions = game.legal_actions();
        actions.sort_by(|a, b| a.notation.cmp(&b.notation));
        for action in actions {
            let mut next = game.clone_game();
            next.play(&action.notation)?;
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

/// `perft FILE`: a variant defined in a file (`docs/variants.md`), at its start or at a
/// position: how the definition format is compared with Fairy-Stockfish
/// (`scripts/fairy-stockfish-variants`).
fn defined_game(file: &str, position: Option<&str>) -> Result<Box<dyn Game>, Failure> {
    use crate::rules::{chesslike, custom};
    let definition = custom::parse(&std::fs::read_to_string(file)?)?;
    let start = match position {
        Some(text) => chesslike::Position::from_text(definition.compile()?, text)?,
        None => definition.start_position()?,
    };
    Ok(Box::new(chesslike::ChessLike::game(start)))
}

/// How a match bench plays its games: how many at once, and whether the time caps apply.
struct Parallel {
    jobs: usize,
    clock: crate::bench::ai::Clock,
}

impl Parallel {
    fn new(jobs: usize, nodes_only: bool) -> Parallel {
        use crate::bench::ai::Clock;
        Parallel {
            jobs: jobs.max(1),
            clock: if nodes_only {
                Clock::NodesOnly
            } else {
                Clock::Capped
            },
        }
    }
}

/// `chatrang bench ladder`: the levels against Fairy-Stockfish.
fn ladder(
    engine: Option<PathBuf>,
    games: Option<u32>,
    levels: Option<&str>,
    anchor: Option<u32>,
    nodes: u64,
    only: Option<String>,
    parallel: Parallel,
) -> Result<(), Failure> {
    let engine = engine.ok_or(
        "bench ladder needs --fairy-stockfish PATH, a Fairy-Stockfish binary built with large boards",
    )?;
    let levels = match levels {
        None => crate::rules::search::Level::ALL.to_vec(),
        Some(list) => list
            .split(',')
            .map(crate::rules::search::Level::parse)
            .collect::<Result<_, _>>()?,
    };
    let settings = crate::bench::ladder::Settings {
        engine,
        games: games.unwrap_or(20),
        levels,
        anchor,
        nodes,
        only,
        jobs: parallel.jobs,
        clock: parallel.clock,
    };
    Ok(crate::bench::ladder::run(&settings)?)
}

/// `chatrang bench ai --levels A,B`: level A against level B in our own games.
fn ai_versus(
    levels: &str,
    games: Option<u32>,
    only: Option<&str>,
    parallel: Parallel,
) -> Result<(), Failure> {
    use crate::rules::search::Level;
    let pair: Vec<Level> = levels
        .split(',')
        .map(Level::parse)
        .collect::<Result<_, _>>()?;
    let [strong, weak] = pair[..] else {
        return Err("bench ai --levels takes two levels, such as 5,3".into());
    };
    let only = only.map(GameId::parse).transpose()?;
    Ok(crate::bench::ai::print_versus(
        strong,
        weak,
        games.unwrap_or(10),
        only,
        parallel.jobs,
        parallel.clock,
    )?)
}

fn bench(
    what: &str,
    games: Option<u32>,
    runs: u32,
    only: Option<&str>,
    own_armies: bool,
) -> Result<(), Failure> {
    match what {
        "rules" => Ok(crate::bench::rules::print(runs, only)?),
        "ai" => {
            let only = only.map(GameId::parse).transpose()?;
            Ok(crate::bench::ai::print(games.unwrap_or(20), only)?)
        }
        "catalonia" => {
            crate::bench::catalonia::print(200);
            Ok(())
        }
        "render" => Ok(crate::render::command::bench()?),
        "replay" => Ok(crate::render::command::bench_replay()?),
        "service" => {
            init_logging("warn");
            Ok(crate::bench::service::run(
                crate::service::default_painter(),
                None,
            )?)
        }
        "delivery" => {
            init_logging("warn");
            Ok(crate::bench::delivery::run()?)
        }
        "fairness" => {
            init_logging("warn");
            Ok(crate::bench::fairness::run(
                crate::service::default_painter(),
            )?)
        }
        "memory" => {
            init_logging("warn");
            let games = games.unwrap_or(10_000) as usize;
            Ok(crate::bench::memory::run(games, own_armies)?)
        }
        other => Err(format!(
            "unknown benchmark \"{other}\"; try: rules, ai, catalonia, render, replay, \
             service, delivery, fairness, memory, ladder"
        )
        .into()),
    }
}
