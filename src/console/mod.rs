//! `chatrang console`: a local chat channel in the terminal with the same commands as the chat
//! platforms, for trying every game alone (`/as NAME` switches who you are) and for scripts
//! (`chatrang console < script`). No token, no network; games persist in the data directory.
//!
//! It is a translator only: a typed line is read by the service's own reader
//! ([`crate::service::parse`]), carried out by [`Service::run`] and shown by
//! [`Service::present`] on the terminal (`screen`). What is the console's own is who types
//! (`/as`), the simulated clock (`/clock +13h` moves it on and prints what its timers say),
//! comments and `/quit`; a line without a slash is a move. The clock's shift is kept in the
//! data directory (`kept_clock`), so a restart goes on at the time the last run left. After every line, timers that fell
//! due are fired and printed.

mod escape;
mod kept_clock;
mod place;
mod screen;

use std::{
    io::{IsTerminal, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use escape::escaped;
pub use place::{place, user};
use screen::Screen;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use crate::{
    service::{
        Clock, Command, Request, Service, ServiceError, ServiceResult, ShiftedClock, ShowNotes,
        parse, span,
    },
    stopping::Stop,
};

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
    /// Where the clock's shift is kept from one run to the next (the data directory); `None`
    /// starts every run at real time.
    pub clock_kept_in: Option<PathBuf>,
    /// When to stop reading (SIGTERM, SIGINT): the line being carried out is finished and
    /// answered first. `None` reads until the input ends.
    pub stop: Option<Stop>,
}

impl Settings {
    /// The settings of `chatrang console`: pictures in `files`, prompting when a person types.
    pub fn new(files: PathBuf, user: String) -> Settings {
        Settings {
            files,
            user,
            interactive: std::io::stdin().is_terminal(),
            clock: None,
            clock_kept_in: None,
            stop: None,
        }
    }
}

/// Runs the console on stdin and stdout until the input ends or `/quit`.
pub async fn run(service: &Service, settings: Settings) -> std::io::Result<()> {
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    session(service, stdin, &mut std::io::stdout(), settings).await
}

/// The console's own commands, which `/help` lists after the service's.
const CONSOLE_HELP: &str = "In this console: /as NAME acts as someone else; /clock +13h moves \
     the clock on (timers, reminders and vacations follow it) and /clock says where it stands; \
     a line without a slash is a move; /click N picks a choice by its number; /variant new NAME \
     reads the definition from the lines below it, up to /end; /quit ends.";

/// What one typed line asks of the console.
enum Typed {
    Nothing,
    Quit,
    /// `/as NAME`; `None` when the name is missing.
    As(Option<String>),
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
        "/clock" => Typed::Clock(argument.map(|_| text["/clock".len()..].trim().to_string())),
        _ if text.starts_with('/') => Typed::Service(parse(text, '/', &user)),
        // A line without a slash is a move.
        _ => Typed::Service(parse(&format!("/move {text}"), '/', &user)),
    }
}

/// Whether a line is `/variant new NAME`, whose definition the console reads from the lines
/// below it (a chat message carries them in the same message).
fn opens_definition(text: &str) -> bool {
    let mut words = text.split_whitespace().map(str::to_lowercase);
    matches!(words.next().as_deref(), Some("/variant" | "/variants"))
        && matches!(words.next().as_deref(), Some("new" | "define" | "save"))
}

/// Reads commands line by line until the input ends or `/quit`, answering each.
pub async fn session<R: AsyncBufRead + Unpin, W: Write + Send>(
    service: &Service,
    input: R,
    out: &mut W,
    settings: Settings,
) -> std::io::Result<()> {
    let mut settings = settings;
    let mut me = user(&settings.user);
    let mut lines = input.lines();
    writeln!(
        out,
        "Chatrang console. You are {}; /as NAME to be someone else, /help for the games and commands.",
        escaped(&me.name)
    )?;
    if let (Some(clock), Some(dir)) = (&settings.clock, &settings.clock_kept_in) {
        kept_clock::restore(dir, clock);
        if !clock.shift().is_zero() {
            writeln!(
                out,
                "The clock is {} ahead of real time, as the last run left it.",
                span(clock.shift().as_millis() as i64)
            )?;
        }
    }
    loop {
        if settings.interactive {
            write!(out, "{}> ", escaped(&me.name))?;
            out.flush()?;
        }
        let Some(mut text) = next_line(&mut lines, settings.stop.as_mut()).await? else {
            break;
        };
        if opens_definition(&text) {
            // The definition follows on the next lines, up to `/end` (or the end of input).
            if settings.interactive {
                writeln!(
                    out,
                    "Type or paste the definition, then /end on a line of its own."
                )?;
            }
            while let Some(line) = next_line(&mut lines, settings.stop.as_mut()).await? {
                if line.trim().eq_ignore_ascii_case("/end") {
                    break;
                }
                text.push('\n');
                text.push_str(&line);
            }
        }
        let typed = read(&text);
        if !settings.interactive && !matches!(typed, Typed::Nothing) {
            writeln!(out, "{}> {}", escaped(&me.name), escaped(text.trim()))?;
        }
        // The console is its owner's own channel on their own database: whoever types there
        // is its admin.
        let request = |game| Request::new(me.clone(), place()).about(game).admin(true);
        // The list of commands ends with the console's own (read here, not by the service).
        let lists_commands = matches!(
            &typed,
            Typed::Service(Ok(Some(line))) if line.command == Command::Help(None)
        );
        let result = match typed {
            Typed::Nothing | Typed::Service(Ok(None)) => continue,
            Typed::Quit => break,
            Typed::As(None) => Err(ServiceError::refused("Say who to act as: /as bob")),
            Typed::As(Some(name)) => {
                me = user(&name);
                writeln!(out, "You are now {}.", escaped(&me.name))?;
                continue;
            }
            Typed::Clock(by) => {
                move_clock(service, out, &settings, by.as_deref()).await?;
                continue;
            }
            Typed::Service(Err(why)) => Err(why.into()),
            Typed::Service(Ok(Some(line))) => {
                let mut notes = NoteLines(&mut *out);
                let req = request(line.game);
                service
                    .run_showing_notes(req, line.command, &mut notes)
                    .await
            }
        };
        present(service, out, &settings.files, result).await?;
        if lists_commands {
            writeln!(out, "{CONSOLE_HELP}")?;
        }
        print_timers(service, out, &settings.files).await?;
    }
    Ok(())
}

/// The next typed line; `None` when the input ends or the stop is asked for, which wins when
/// both are there: a line that came after the stop is not carried out.
async fn next_line<R: AsyncBufRead + Unpin>(
    lines: &mut tokio::io::Lines<R>,
    stop: Option<&mut Stop>,
) -> std::io::Result<Option<String>> {
    let Some(stop) = stop else {
        return lines.next_line().await;
    };
    tokio::select! {
        biased;
        () = stop.requested() => Ok(None),
        line = lines.next_line() => line,
    }
}

/// `/clock [+DURATION]`: moves the simulated clock on from timer to timer, printing what each
/// says when it falls due (so a reminder says the time it really had left), then says how far
/// the clock is from real time.
async fn move_clock<W: Write + Send>(
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
                 \"{}\" is not a duration.",
                escaped(&by.chars().take(40).collect::<String>())
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
        if let Some(dir) = &settings.clock_kept_in
            && let Err(error) = kept_clock::keep(dir, clock)
        {
            writeln!(
                out,
                "✗ The clock's place cannot be kept for the next run: {error}"
            )?;
        }
    }
    writeln!(
        out,
        "The clock is {} ahead of real time.",
        span(clock.shift().as_millis() as i64)
    )
}

/// Shows a result as every platform does ([`Service::present`]), on the terminal.
/// A command's notes while it runs, each printed on a line of its own as it comes.
struct NoteLines<'a, W>(&'a mut W);

impl<W: Write + Send> ShowNotes for NoteLines<'_, W> {
    async fn show(&mut self, note: String) {
        if let Err(error) = writeln!(self.0, "… {}", escaped(&note)) {
            tracing::warn!(%error, "cannot print a command's note");
        }
    }
}

async fn present<W: Write + Send>(
    service: &Service,
    out: &mut W,
    files: &Path,
    result: ServiceResult,
) -> std::io::Result<()> {
    let mut screen = Screen::new(out, files);
    service.present(&mut screen, result).await;
    screen.failure()
}

/// Fires the timers that fell due and prints what they say; true when any fired. The
/// tournaments are looked after too (one due to start starts; a round ended by an abort moves
/// on), as the chat adapters' background loop does.
async fn print_timers<W: Write + Send>(
    service: &Service,
    out: &mut W,
    files: &Path,
) -> std::io::Result<bool> {
    if let Err(error) = service.advance_tournaments().await {
        writeln!(out, "✗ the tournaments cannot be looked after: {error}")?;
    }
    match service.fire_due_timers().await {
        Ok(said) => {
            let fired = !said.is_empty();
            for reply in said {
                present(service, out, files, Ok(reply)).await?;
            }
            Ok(fired)
        }
        Err(error) => {
            writeln!(out, "✗ the timers cannot be read: {error}")?;
            Ok(false)
        }
    }
}
