//! The console as a [`Channel`]: what the service's one way of showing a result
//! ([`crate::service::Service::present`]) needs from a terminal. Everything is printed (there
//! is no one to hide a message from), refusals marked with ✗, pictures and records written to
//! the files directory, and each list of choices remembered like any platform's, so `/click N`
//! is the service's own command here too. What it prints is escaped (`escape`): it quotes what
//! people typed.

use std::{
    io::Write,
    path::Path,
    time::{SystemTime, UNIX_EPOCH},
};

use super::escape::escaped;
use crate::service::{Channel, Offered, Reply, Shown};

/// The terminal one console session prints to.
pub struct Screen<'a, W> {
    pub out: &'a mut W,
    pub files: &'a Path,
    /// The first failure to print, which ends the session once the reply is handled.
    pub failed: Option<std::io::Error>,
    /// How many messages this session printed (part of each message's id).
    printed: u64,
}

impl<'a, W: Write> Screen<'a, W> {
    pub fn new(out: &'a mut W, files: &'a Path) -> Screen<'a, W> {
        Screen {
            out,
            files,
            failed: None,
            printed: 0,
        }
    }

    /// The first failure to print, if any; taken, so it is reported once.
    pub fn failure(&mut self) -> std::io::Result<()> {
        self.failed.take().map_or(Ok(()), Err)
    }

    /// Prints a line; a failure is kept for [`Screen::failure`].
    fn line(&mut self, text: &str) {
        if self.failed.is_none()
            && let Err(error) = writeln!(self.out, "{}", escaped(text))
        {
            self.failed = Some(error);
        }
    }

    /// Prints `reply` and returns the choices it offers. Ids sort in the order they were
    /// printed, across sessions too (the newest list is the one `/click N` reads).
    fn print(&mut self, reply: &Reply) -> Result<Option<Offered>, String> {
        match show(self.out, reply, self.files) {
            Ok(()) => {
                self.printed += 1;
                let nanos = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |t| t.as_nanos());
                let id = format!("console-{nanos:024}-{:08}", self.printed);
                Ok(Offered::numbered(
                    id,
                    super::place().channel,
                    &reply.choices,
                ))
            }
            Err(error) => {
                let why = error.to_string();
                self.failed.get_or_insert(error);
                Err(why)
            }
        }
    }
}

impl<W: Write + Send> Channel for Screen<'_, W> {
    type Posted = ();

    fn platform(&self) -> &'static str {
        "The terminal"
    }

    fn here(&self) -> String {
        super::place().channel
    }

    fn reaches(&self, _place: &str) -> bool {
        true
    }

    fn link(&self, _place: &str) -> Option<String> {
        None
    }

    async fn post(&mut self, _place: &str, reply: &Reply) -> Result<Shown<()>, String> {
        let offered = self.print(reply)?;
        Ok(Shown {
            posted: (),
            offered,
        })
    }

    async fn show_privately(&mut self, reply: &Reply) -> Result<Option<Offered>, String> {
        self.print(reply)
    }

    async fn refuse(&mut self, text: &str) {
        self.line(&format!("✗ {text}"));
    }

    async fn tell(&mut self, text: &str) {
        self.line(text);
    }
}

/// Prints a reply: its text, the board, where the picture and any file went, the choices and
/// who is called to act.
fn show<W: Write>(out: &mut W, reply: &Reply, files: &Path) -> std::io::Result<()> {
    if !reply.text.is_empty() {
        writeln!(out, "{}", escaped(&reply.text))?;
    }
    if let Some(board) = &reply.board_text {
        writeln!(out, "{}", escaped(board.trim_end()))?;
    }
    for (name, bytes, what) in reply
        .image
        .iter()
        .chain(&reply.more_images)
        .map(|i| {
            let what = match i.mime() {
                "image/gif" => "replay (animated)",
                _ if i.filename.starts_with("review") => "review picture",
                _ => "board picture",
            };
            (&i.filename, &i.bytes, what)
        })
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
            .map(|(i, c)| format!("[{}] {}", i + 1, escaped(&c.label)))
            .collect();
        writeln!(out, "Choices: {}  (/click N)", labels.join("  "))?;
    }
    if !reply.notify.is_empty() {
        let names: Vec<String> = reply
            .notify
            .iter()
            .map(|n| format!("@{}", escaped(n)))
            .collect();
        writeln!(out, "→ {}", names.join(" "))?;
    }
    Ok(())
}
