//! The command-line side of pictures: `chatrang render`, `chatrang gallery` and
//! `chatrang bench render`. Thin wrappers; the drawing lives in the rest of this module.

use std::{
    path::{Path, PathBuf},
    time::Instant,
};

use super::{Renderer, gallery, samples, text_board};
use crate::rules::{BoardView, Color, GameId, Options, registry};

/// `chatrang render <game> [--position STR] [--out FILE]` and
/// `chatrang render piece <game> <piece>`.
pub fn render(
    what: &str,
    rest: &[String],
    position: Option<&str>,
    out: Option<PathBuf>,
    black: bool,
) -> Result<(), String> {
    let (id, view) = if what.eq_ignore_ascii_case("piece") {
        let [game, piece @ ..] = rest else {
            return Err("write: render piece <game> <piece>".into());
        };
        let id = GameId::parse(game).map_err(|e| e.to_string())?;
        let game = registry::new_game(id, &Options::default(), 0).map_err(|e| e.to_string())?;
        let view = game
            .piece_diagram(&piece.join(" "))
            .map_err(|e| e.to_string())?;
        (id, view)
    } else {
        let id = GameId::parse(what).map_err(|e| e.to_string())?;
        let game = match position {
            Some(text) => registry::load(id, text),
            None => registry::new_game(id, &Options::default(), 0),
        }
        .map_err(|e| e.to_string())?;
        (id, game.view())
    };
    let orientation = if black { Color::Black } else { Color::White };
    let out = out.unwrap_or_else(|| PathBuf::from(format!("{}.png", id.id())));
    let png = Renderer::global()
        .png(&view, orientation)
        .map_err(|e| e.to_string())?;
    std::fs::write(&out, &png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    print!("{}", text_board(&view, orientation));
    println!("wrote {} ({} bytes)", out.display(), png.len());
    Ok(())
}

/// `chatrang gallery <DIR>`.
pub fn gallery(dir: &Path) -> Result<(), String> {
    let written = gallery::write(dir)?;
    println!("wrote {} pictures to {}", written.len(), dir.display());
    Ok(())
}

/// `chatrang bench render`: median and 99th percentile of draw + PNG encode per sample board.
pub fn bench() -> Result<(), String> {
    let started = Instant::now();
    let renderer = Renderer::global();
    println!(
        "renderer built (fonts + sprite sheets) in {:.1} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let boards: Vec<(&str, BoardView)> = vec![
        ("chess 8×8 start", samples::chess_start()),
        ("chess 8×8 mate", samples::chess_mate()),
        ("cataclysm 16×12 start", samples::cataclysm_start()),
        (
            "cataclysm 16×12 middlegame",
            samples::cataclysm_middlegame(),
        ),
        (
            "pick-a-team 10×10 draft + pool",
            samples::pick_a_team_draft(),
        ),
        ("katarenga 8×8 + camps", samples::katarenga()),
        ("chromopolis 7×6 cylinder", samples::chromopolis()),
        ("catalonia 8×8 + chain", samples::catalonia()),
    ];
    println!(
        "{:<32} {:>10} {:>10} {:>10} {:>10} {:>10} {:>11}",
        "board", "draw p50", "total p50", "total p99", "total cpu", "pixels", "PNG size"
    );
    for (name, view) in boards {
        let runs = 200;
        let mut draw = Vec::with_capacity(runs);
        let mut total = Vec::with_capacity(runs);
        let mut size = 0;
        let mut pixels = String::new();
        let cpu_before = cpu_seconds();
        for _ in 0..runs {
            let t = Instant::now();
            let (layout, _) = renderer
                .draw(&view, Color::White)
                .map_err(|e| e.to_string())?;
            draw.push(t.elapsed().as_secs_f64() * 1e3);
            pixels = format!("{}×{}", layout.width, layout.height);
            let t = Instant::now();
            size = renderer
                .png(&view, Color::White)
                .map_err(|e| e.to_string())?
                .len();
            total.push(t.elapsed().as_secs_f64() * 1e3);
        }
        // Processor time per draw + encode (the loop does one of each and one extra draw),
        // which a busy machine inflates less than wall-clock time.
        let cpu = match (cpu_before, cpu_seconds()) {
            (Some(a), Some(b)) => {
                let per_run = (b - a) * 1e3 / runs as f64;
                let draw_mean = draw.iter().sum::<f64>() / runs as f64;
                format!("{:7.3} ms", (per_run - draw_mean).max(0.0))
            }
            _ => "n/a".to_string(),
        };
        println!(
            "{:<32} {:>7.3} ms {:>7.3} ms {:>7.3} ms {:>10} {:>10} {:>8.1} KB",
            name,
            percentile(&mut draw, 0.5),
            percentile(&mut total, 0.5),
            percentile(&mut total, 0.99),
            cpu,
            pixels,
            size as f64 / 1024.0
        );
    }
    Ok(())
}

/// This process's user + system processor time in seconds (Linux; `None` elsewhere).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime is the 12th, stime the 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(|a, b| a.total_cmp(b));
    let index = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples.get(index).copied().unwrap_or(f64::NAN)
}
