//! The command-line side of pictures: `chatrang render`, `chatrang gallery` and
//! `chatrang bench render`. Thin wrappers; the drawing lives in the rest of this module.

use std::{
    io,
    path::{Path, PathBuf},
    time::Instant,
};

use super::encode::Settings;
use super::error::RenderError;
use super::gallery::{self, GalleryError};
use super::renderer::Renderer;
use super::showcase;
use super::text_board::text_board;
use chatrang_rules::{
    ActionError, BoardView, Color, GameId, Options, SetupError, UnknownGame, registry,
};

/// Why a picture command failed; the text is what `chatrang` prints after "error: ".
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error("write: render piece <game> <piece>")]
    PieceUsage,
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Diagram(#[from] ActionError),
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
    #[error(transparent)]
    Gallery(#[from] GalleryError),
    #[error("{0}: position not reached")]
    NotReached(&'static str),
}

/// `chatrang render <game> [--position STR] [--out FILE]` and
/// `chatrang render piece <game> <piece>`.
pub fn render(
    what: &str,
    rest: &[String],
    position: Option<&str>,
    out: Option<PathBuf>,
    black: bool,
) -> Result<(), CommandError> {
    let (name, view) = if what.eq_ignore_ascii_case("piece") {
        let [game, piece @ ..] = rest else {
            return Err(CommandError::PieceUsage);
        };
        let id = GameId::parse(game)?;
        let game = registry::new_game(id, &Options::default(), 0)?;
        let piece = piece.join(" ");
        let view = game.piece_diagram(&piece)?;
        // Named after the piece, so that drawing one piece after another keeps each.
        (format!("{}-{}", id.slug(), file_word(&piece)), view)
    } else {
        let id = GameId::parse(what)?;
        let game = match position {
            Some(text) => registry::load(id, text),
            None => registry::new_game(id, &Options::default(), 0),
        }?;
        (id.slug().to_string(), game.view())
    };
    let orientation = if black { Color::Black } else { Color::White };
    let out = out.unwrap_or_else(|| PathBuf::from(format!("{name}.png")));
    let png = Renderer::global().png(&view, orientation)?;
    std::fs::write(&out, &png).map_err(|source| CommandError::Write {
        path: out.clone(),
        source,
    })?;
    print!("{}", text_board(&view, orientation));
    println!("wrote {} ({} bytes)", out.display(), png.len());
    Ok(())
}

/// What was typed as a word of a file name: lower-case letters, digits and dashes only, so
/// that it names a file in the current folder and nothing else.
fn file_word(typed: &str) -> String {
    typed
        .trim()
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// `chatrang gallery <DIR>`.
pub fn gallery(dir: &Path) -> Result<(), CommandError> {
    let written = gallery::write(dir)?;
    println!("wrote {} pictures to {}", written.len(), dir.display());
    Ok(())
}

/// `chatrang bench render`: per sample board of the real games, the median and 99th percentile
/// of draw + PNG encode, in wall-clock time and in this thread's processor time (which a busy
/// machine inflates less), split by phase; then the encoder settings compared on the largest
/// board.
/// `chatrang bench replay`: the size of a replay and the time to make it (draw every frame,
/// find what changed, encode the GIF) for a seeded game of each game, and for a 200-move
/// Cataclysm game, the longest the tests play. One thread, the median of five runs.
pub fn bench_replay() -> Result<(), CommandError> {
    let renderer = Renderer::global();
    println!(
        "{:<28} {:>7} {:>10} | {:>9} {:>9} | {:>8} {:>9}",
        "replay", "frames", "pixels", "wall p50", "cpu p50", "GIF KB", "KB/frame"
    );
    let mut cases: Vec<(String, GameId, usize)> = GameId::ALL
        .iter()
        .map(|&id| (format!("{} (60 moves)", id.slug()), id, 60))
        .collect();
    cases.push(("cataclysm (200 moves)".into(), GameId::Cataclysm, 200));
    for (name, id, plies) in cases {
        let record = showcase::record(id, 3, plies).ok_or(CommandError::NotReached("a replay"))?;
        let stills = gallery::stills(record);
        let (mut wall, mut cpu) = (Vec::new(), Vec::new());
        let mut made = None;
        for _ in 0..5 {
            // A replay draws on a second thread: its processor time is the whole process's.
            let (t, c0) = (Instant::now(), cpu_ms(libc::CLOCK_PROCESS_CPUTIME_ID));
            let animation = renderer.gif(&stills, Color::White).map_err(|error| {
                CommandError::Gallery(GalleryError::Replay {
                    name: name.clone(),
                    error,
                })
            })?;
            wall.push(t.elapsed().as_secs_f64() * 1e3);
            if let (Some(c0), Some(c1)) = (c0, cpu_ms(libc::CLOCK_PROCESS_CPUTIME_ID)) {
                cpu.push(c1 - c0);
            }
            made = Some(animation);
        }
        let Some(animation) = made else { continue };
        let kb = animation.gif.len() as f64 / 1024.0;
        println!(
            "{:<28} {:>7} {:>10} | {:>9.1} {:>9.1} | {:>8.1} {:>9.2}",
            name,
            animation.frames,
            format!("{}×{}", animation.width, animation.height),
            percentile(&mut wall, 0.5),
            percentile(&mut cpu, 0.5),
            kb,
            kb / animation.frames as f64
        );
    }
    Ok(())
}

pub fn bench() -> Result<(), CommandError> {
    let started = Instant::now();
    let renderer = Renderer::global();
    println!(
        "renderer built (fonts, sprite sheets, {}-colour palette) in {:.1} ms",
        renderer.palette().len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let boards = bench_boards()?;
    println!(
        "{:<28} {:>9} | {:>8} {:>8} {:>8} {:>8} | {:>8} {:>8} | {:>8}",
        "board (ms)",
        "pixels",
        "draw cpu",
        "enc cpu",
        "cpu p50",
        "cpu p99",
        "wall p50",
        "wall p99",
        "PNG KB"
    );
    let runs = 200;
    for (name, view) in &boards {
        let (mut draw_cpu, mut enc_cpu, mut cpu, mut wall) = (vec![], vec![], vec![], vec![]);
        let (mut size, mut pixels) = (0, String::new());
        for _ in 0..runs {
            let (t, c0) = (Instant::now(), thread_cpu_ms());
            let picture = renderer.draw(view, Color::White)?;
            let c1 = thread_cpu_ms();
            let png = renderer.encode(&picture, Settings::default())?;
            let layout = &picture.layout;
            let c2 = thread_cpu_ms();
            wall.push(t.elapsed().as_secs_f64() * 1e3);
            if let (Some(c0), Some(c1), Some(c2)) = (c0, c1, c2) {
                draw_cpu.push(c1 - c0);
                enc_cpu.push(c2 - c1);
                cpu.push(c2 - c0);
            }
            size = png.len();
            pixels = format!("{}×{}", layout.width, layout.height);
        }
        println!(
            "{:<28} {:>9} | {:>8.3} {:>8.3} {:>8.3} {:>8.3} | {:>8.3} {:>8.3} | {:>8.1}",
            name,
            pixels,
            percentile(&mut draw_cpu, 0.5),
            percentile(&mut enc_cpu, 0.5),
            percentile(&mut cpu, 0.5),
            percentile(&mut cpu, 0.99),
            percentile(&mut wall, 0.5),
            percentile(&mut wall, 0.99),
            size as f64 / 1024.0
        );
    }
    for (name, view) in boards
        .iter()
        .filter(|(n, _)| n.contains("middlegame"))
        .take(2)
    {
        let picture = renderer.draw(view, Color::White)?;
        println!("\nencoder settings on {name} (cpu ms per encode):");
        for (label, settings) in Settings::candidates() {
            let mut times = Vec::new();
            let mut size = 0;
            for _ in 0..40 {
                let c0 = thread_cpu_ms();
                size = renderer.encode(&picture, settings)?.len();
                if let (Some(a), Some(b)) = (c0, thread_cpu_ms()) {
                    times.push(b - a);
                }
            }
            println!(
                "  {:<28} {:>8.3} {:>8.1} KB",
                label,
                percentile(&mut times, 0.5),
                size as f64 / 1024.0
            );
        }
    }
    Ok(())
}

/// The boards the benchmark draws: the real games' positions of the gallery.
fn bench_boards() -> Result<Vec<(String, BoardView)>, CommandError> {
    let need = |name: &'static str, view: Option<BoardView>| {
        view.map(|v| (name.to_string(), v))
            .ok_or(CommandError::NotReached(name))
    };
    Ok(vec![
        need("chess 8×8 start", showcase::start(GameId::Chess))?,
        need("chess 8×8 middlegame", showcase::middlegame(GameId::Chess))?,
        need("cataclysm 16×12 start", showcase::start(GameId::Cataclysm))?,
        need(
            "cataclysm 16×12 middlegame",
            showcase::middlegame(GameId::Cataclysm),
        )?,
        need(
            "pick-a-team draft + pool",
            showcase::start(GameId::PickATeam),
        )?,
        need("katarenga + camps", showcase::katarenga_camps())?,
        need("chromopolis stack", showcase::chromopolis_stack())?,
        need("catalonia chain", showcase::catalonia_chain())?,
    ])
}

/// This thread's processor time in milliseconds (`None` where the clock is missing).
fn thread_cpu_ms() -> Option<f64> {
    cpu_ms(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// Processor time on `clock` (a thread's or the process's) in milliseconds.
fn cpu_ms(clock: libc::clockid_t) -> Option<f64> {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid, writable timespec for the duration of the call.
    let status = unsafe { libc::clock_gettime(clock, &mut time) };
    (status == 0).then(|| time.tv_sec as f64 * 1e3 + time.tv_nsec as f64 / 1e6)
}

fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(|a, b| a.total_cmp(b));
    let index = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples.get(index).copied().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::file_word;

    #[test]
    fn a_piece_names_its_file_and_nothing_else() {
        assert_eq!(file_word("Grand Rook"), "grand-rook");
        assert_eq!(file_word("../../etc/passwd"), "------etc-passwd");
    }
}
