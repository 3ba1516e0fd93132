//! `chatrang console`: a local chat channel in the terminal with the same commands as the chat
//! platforms, for trying every game alone (`/as NAME` switches who you are) and for scripts
//! (`chatrang console < script`). No token, no network; games persist in the data directory.
//!
//! It is a translator only: a typed line is read by the service's own reader
//! ([`crate::service::parse`]) and carried out by [`Service::run`]. What is the console's own
//! is who types (`/as`), numbered choices (`/click N`), the simulated clock (`/clock +13h`
//! moves it on and prints what its timers say), comments and `/quit`; a line without a slash
//! is a move. After every line, timers that fell due are fired and printed.

use std::{
    io::{IsTerminal, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use crate::service::{
    Clock, Command, Place, Reply, Request, Service, ServiceError, ShiftedClock, User, parse, span,
};

/// The one channel of the console.
pub fn place() -> Place {
    Place::new("console", "console")
}

/// The user a console name stands for: the id is the name in lower case.
pub fn user(name: &str) -> User {
    let name = name.trim().trim_start_matches('@');
    User::new(name.to_lowercase(), name)
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
    /// The service's clock, when `/clock` may move it.
    pub clock: Option<ShiftedClock>,
}

impl Settings {
    /// The settings of `chatrang console`: pictures in `files`, prompting when a person types.
    pub fn new(files: PathBuf, user: String) -> Settings {
        Settings {
            files,
            user,
            interactive: std::io::stdin().is_terminal(),
            clock: None,
        }
    }
}

/// Runs the console on stdin and stdout until the input ends or `/quit`.
pub async fn run(service: &Service, settings: Settings) -> std::io::Result<()> {
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    session(service, stdin, &mut std::io::stdout(), settings).await
}

/// What one typed line asks of the console.
enum Typed {
    Nothing,
    Quit,
    /// `/as NAME`; `None` when the name is missing.
    As(Option<String>),
    /// `/click N`; `None` when the number is missing or no number.
    Click(Option<usize>),
    /// `/clock +13h`: how far to move the clock on; `None` to only say where it stands.
    Clock(Option<String>),
    Service(Result<Option<crate::service::Line>, crate::service::ParseError>),
}

/// Reads one line: the console's own commands first, then the service's.
fn read(text: &str) -> Typed {
    let text = text.trim();
    if text.is_empty() || text.starts_with("//") || text.starts_with("# ") || text == "#" {
        return Typed::Nothing;
    }
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("").to_lowercase();
    let argument = words.next();
    match first.as_str() {
        "/quit" | "/exit" => Typed::Quit,
        "/as" | "/user" => Typed::As(argument.map(str::to_string)),
        "/click" | "/choose" => Typed::Click(argument.and_then(|n| n.parse().ok())),
        "/clock" => Typed::Clock(argument.map(|_| text["/clock".len()..].trim().to_string())),
        _ if text.starts_with('/') => Typed::Service(parse(text, '/', &user)),
        // A line without a slash is a move.
        _ => Typed::Service(parse(&format!("/move {text}"), '/', &user)),
    }
}

/// Reads commands line by line until the input ends or `/quit`, answering each.
pub async fn session<R: AsyncBufRead + Unpin, W: Write>(
    service: &Service,
    input: R,
    out: &mut W,
    settings: Settings,
) -> std::io::Result<()> {
    let mut me = user(&settings.user);
    let mut last_choices: Vec<crate::service::Choice> = Vec::new();
    let mut lines = input.lines();
    writeln!(
        out,
        "Chatrang console. You are {}; /as NAME to be someone else, /help for the games and commands.",
        me.name
    )?;
    loop {
        if settings.interactive {
            write!(out, "{}> ", me.name)?;
            out.flush()?;
        }
        let Some(text) = lines.next_line().await? else {
            break;
        };
        let typed = read(&text);
        if !settings.interactive && !matches!(typed, Typed::Nothing) {
            writeln!(out, "{}> {}", me.name, text.trim())?;
        }
        // The console is its owner's own channel on their own database: whoever types there
        // is its admin.
        let request = |game| Request::new(me.clone(), place()).about(game).admin(true);
        let result = match typed {
            Typed::Nothing | Typed::Service(Ok(None)) => continue,
            Typed::Quit => break,
            Typed::As(None) => Err(ServiceError::refused("Say who to act as: /as bob")),
            Typed::As(Some(name)) => {
                me = user(&name);
                writeln!(out, "You are now {}.", me.name)?;
                continue;
            }
            Typed::Click(None) => Err(ServiceError::refused(
                "Say which choice by its number: /click 1",
            )),
            Typed::Click(Some(n)) => match last_choices.get(n.wrapping_sub(1)) {
                Some(choice) => {
                    service
                        .run(&request(None), Command::Button(choice.encode()))
                        .await
                }
                None => Err(ServiceError::refused(format!(
                    "There is no choice {n}; the last message offered {}.",
                    last_choices.len()
                ))),
            },
            Typed::Clock(by) => {
                move_clock(service, out, &settings, by.as_deref()).await?;
                continue;
            }
            Typed::Service(Err(why)) => Err(why.into()),
            Typed::Service(Ok(Some(line))) => service.run(&request(line.game), line.command).await,
        };
        match result {
            Ok(reply) => {
                if !reply.choices.is_empty() {
                    last_choices = reply.choices.clone();
                }
                show(out, &reply, &settings.files)?;
            }
            Err(error) => writeln!(out, "✗ {error}")?,
        }
        print_timers(service, out, &settings.files).await?;
    }
    Ok(())
}

/// `/clock [+DURATION]`: moves the simulated clock on from timer to timer, printing what each
/// says when it falls due (so a reminder says the time it really had left), then says how far
/// the clock is from real time.
async fn move_clock<W: Write>(
    service: &Service,
    out: &mut W,
    settings: &Settings,
    by: Option<&str>,
) -> std::io::Result<()> {
    let Some(clock) = &settings.clock else {
        return writeln!(out, "✗ This console's clock cannot move.");
    };
    if let Some(by) = by {
        let by = by.trim_start_matches('+').trim();
        let Ok(step) = humantime::parse_duration(by) else {
            return writeln!(
                out,
                "✗ Say how far to move the clock on, such as /clock +13h or /clock +2d; \
                 \"{by}\" is not a duration."
            );
        };
        let target = clock.now_ms().saturating_add(step.as_millis() as i64);
        // Where the clock ends, as a shift from real time (which moves on during the walk).
        let final_shift = clock.shift() + step;
        // Each timer in turn; a timer that cannot fire now stops the walk (it stays due).
        while let Ok(Some(due)) = service.store().next_timer_due().await {
            let now = clock.now_ms();
            if due > target {
                break;
            }
            clock.advance(Duration::from_millis((due - now).max(0) as u64));
            if !print_timers(service, out, &settings.files).await? {
                break;
            }
        }
        clock.advance(final_shift.saturating_sub(clock.shift()));
        print_timers(service, out, &settings.files).await?;
    }
    writeln!(
        out,
        "The clock is {} ahead of real time.",
        span(clock.shift().as_millis() as i64)
    )
}

/// Fires the timers that fell due and prints what they say; true when any fired.
async fn print_timers<W: Write>(
    service: &Service,
    out: &mut W,
    files: &Path,
) -> std::io::Result<bool> {
    match service.fire_due_timers().await {
        Ok(said) => {
            for reply in &said {
                show(out, reply, files)?;
            }
            Ok(!said.is_empty())
        }
        Err(error) => {
            writeln!(out, "✗ the timers cannot be read: {error}")?;
            Ok(false)
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
