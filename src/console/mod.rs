//! `chatrang console`: a local chat channel in the terminal with the same commands as the chat
//! platforms, for trying every game alone (`/as NAME` switches who you are) and for scripts
//! (`chatrang console < script`). No token, no network; games persist in the data directory.

mod parse;

use std::{
    io::{IsTerminal, Write},
    path::{Path, PathBuf},
    sync::Arc,
};

pub use parse::{Command, Line, parse, user};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use crate::service::{
    BoardPainter, Choice, NewGame, Place, Reply, Service, ServiceError, ServiceResult, User,
};

/// The one channel of the console.
pub fn place() -> Place {
    Place::new("console", "console")
}

/// Where the console keeps what it writes besides the database.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Board pictures and downloaded records go here.
    pub files: PathBuf,
    /// Who types, until `/as` says otherwise.
    pub user: String,
    /// Print a prompt (interactive) rather than echoing each command (script).
    pub interactive: bool,
}

/// Opens the store (SQLite in `data`, or `DATABASE_URL`) and runs the console on stdin/stdout.
pub fn run(
    data: Option<PathBuf>,
    files: Option<PathBuf>,
    user: String,
    painter: Arc<dyn BoardPainter>,
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let dir = crate::store::data_dir(data);
        let store = crate::store::open_configured(&dir)
            .await
            .map_err(|e| e.to_string())?;
        let service = Service::new(store, painter);
        let settings = Settings {
            files: files.unwrap_or_else(|| dir.join("files")),
            user,
            interactive: std::io::stdin().is_terminal(),
        };
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let mut stdout = std::io::stdout();
        session(&service, stdin, &mut stdout, settings).await
    })
}

/// Reads commands line by line until the input ends or `/quit`, answering each.
pub async fn session<R: AsyncBufRead + Unpin, W: Write>(
    service: &Service,
    input: R,
    out: &mut W,
    settings: Settings,
) -> Result<(), String> {
    let mut me = user(&settings.user);
    let mut last_choices: Vec<Choice> = Vec::new();
    let mut lines = input.lines();
    let io = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "Chatrang console. You are {}; /as NAME to be someone else, /help for the games and commands.",
        me.name
    )
    .map_err(io)?;
    loop {
        if settings.interactive {
            write!(out, "{}> ", me.name).map_err(io)?;
            out.flush().map_err(io)?;
        }
        let Some(text) = lines.next_line().await.map_err(io)? else {
            break;
        };
        let parsed = parse(&text);
        if !settings.interactive
            && !matches!(
                parsed,
                Ok(Line {
                    command: Command::Nothing,
                    ..
                })
            )
        {
            writeln!(out, "{}> {}", me.name, text.trim()).map_err(io)?;
        }
        let line = match parsed {
            Ok(line) => line,
            Err(why) => {
                writeln!(out, "✗ {why}").map_err(io)?;
                continue;
            }
        };
        let result = match line.command {
            Command::Nothing => continue,
            Command::Quit => break,
            Command::As(name) => {
                me = user(&name);
                writeln!(out, "You are now {}.", me.name).map_err(io)?;
                continue;
            }
            Command::Click(n) => match last_choices.get(n.wrapping_sub(1)) {
                Some(choice) => service.click(&crate::service::Request::new(me.clone(), place()), &choice.encode()).await,
                None => Err(ServiceError::refused(format!(
                    "There is no choice {n}; the last message offered {}.",
                    last_choices.len()
                ))),
            },
            command => run_command(service, &me, command, line.game).await,
        };
        match result {
            Ok(reply) => {
                if !reply.choices.is_empty() {
                    last_choices = reply.choices.clone();
                }
                show(out, &reply, &settings.files).map_err(io)?;
            }
            Err(error) => writeln!(out, "✗ {error}").map_err(io)?,
        }
    }
    Ok(())
}

async fn run_command(
    service: &Service,
    me: &User,
    command: Command,
    game: Option<i64>,
) -> ServiceResult {
    let here = place();
    match command {
        Command::New {
            game: name,
            opponent,
            teams,
            side,
            white,
            black,
            options,
            seed,
        } => {
            let new = NewGame {
                game: name,
                opponent: opponent.as_deref().map(user),
                side,
                teams,
                white: white.iter().map(|n| user(n)).collect(),
                black: black.iter().map(|n| user(n)).collect(),
                options,
                seed,
            };
            service.new_game(&crate::service::Request::new(me.clone(), here.clone()), new).await
        }
        Command::Accept => service.accept(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Decline => service.decline(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Join(side) => service.join(&crate::service::Request::new(me.clone(), here.clone()).about(game), side).await,
        Command::Leave => service.leave(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Move(text) => service.act(&crate::service::Request::new(me.clone(), here.clone()).about(game), &text, None).await,
        Command::Moves(text) => service.moves(&crate::service::Request::new(me.clone(), here.clone()).about(game), &text).await,
        Command::Board => service.board(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Resign => service.resign(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Draw => service.draw(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::DeclineDraw => service.decline_draw(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Undo => service.undo(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::DeclineUndo => service.decline_undo(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::History => service.history(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Games => service.my_games(me).await,
        Command::Rematch => service.rematch(&crate::service::Request::new(me.clone(), here.clone()).about(game)).await,
        Command::Help(name) => service.help(name.as_deref()),
        Command::Piece { game, piece } => service.piece(&game, &piece).await,
        Command::Leaderboard(name) => service.leaderboard(&crate::service::Request::new(me.clone(), here.clone()), &name).await,
        // The console is its owner's own channel on their own database: whoever types there
        // is its admin.
        Command::Abort => service.abort(&crate::service::Request::new(me.clone(), here.clone()).about(game).admin(true)).await,
        Command::As(_) | Command::Click(_) | Command::Quit | Command::Nothing => {
            Ok(Reply::default())
        }
    }
}

/// Prints a reply: its text, the board, where the picture and any file went, the choices and
/// who is called to act.
fn show<W: Write>(out: &mut W, reply: &Reply, files: &Path) -> std::io::Result<()> {
    if !reply.text.is_empty() {
        writeln!(out, "{}", reply.text)?;
    }
    if let Some(board) = &reply.board_text {
        writeln!(out, "{}", board.trim_end())?;
    }
    for (name, bytes, what) in reply
        .image
        .iter()
        .map(|i| (&i.filename, &i.png, "board picture"))
        .chain(
            reply
                .attachment
                .iter()
                .map(|a| (&a.filename, &a.content, "record")),
        )
    {
        let path = files.join(name);
        match std::fs::create_dir_all(files).and_then(|_| std::fs::write(&path, bytes)) {
            Ok(()) => writeln!(out, "[{what}: {}]", path.display())?,
            Err(e) => writeln!(out, "✗ could not write {}: {e}", path.display())?,
        }
    }
    if !reply.choices.is_empty() {
        let labels: Vec<String> = reply
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| format!("[{}] {}", i + 1, c.label))
            .collect();
        writeln!(out, "Choices: {}  (/click N)", labels.join("  "))?;
    }
    if !reply.notify.is_empty() {
        let names: Vec<String> = reply.notify.iter().map(|n| format!("@{n}")).collect();
        writeln!(out, "→ {}", names.join(" "))?;
    }
    Ok(())
}

/// Logs to stderr, filtered by `RUST_LOG` (warnings and errors by default).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
