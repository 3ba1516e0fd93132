//! `chatrang bench memory`: what many active games cost one bot process, and how long the
//! bot takes to come back after a restart. It starts the games through the service on a
//! SQLite file (every game the bot hosts in turn, each accepted and one move played, so the
//! service's cache keeps each one as a command left it), then closes that service and opens the
//! file again in a fresh one, as a restarted bot does. A restarted bot loads nothing up front
//! (the timer loop only asks for due timers; a game is replayed from its log when a command
//! first names it), so its cold start is timed to the first answered command and to every
//! game loaded back into the cache. Resident memory comes from `/proc/self/status`. Prints
//! numbers; asserts nothing.

use std::{
    path::Path,
    sync::Arc,
    time::{Duration, Instant},
};

use super::service::BenchError;
use crate::{
    rules::{Actor, Color, GameId, Status, picka::examples::example_list, registry},
    service::{Command, NewGame, Place, Request, Service, TextPainter, User, default_painter},
    store::{Store, sqlite_url},
};

/// Tasks that start games side by side (SQLite takes one write at a time; the others
/// prepare theirs meanwhile).
const STARTERS: usize = 4;

/// Runs the benchmark with `games` active games (at least one) on a fresh SQLite file in a
/// temporary directory; with `own_armies`, no two games with armies share their lists.
pub fn run(games: usize, own_armies: bool) -> Result<(), BenchError> {
    let games = games.max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let dir = std::env::temp_dir().join(format!("chatrang-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = runtime.block_on(measure(&dir.join("bench.db"), games, own_armies));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn measure(file: &Path, games: usize, own_armies: bool) -> Result<(), BenchError> {
    let kinds = GameId::ALL;
    let names: Vec<&str> = kinds.iter().map(|k| k.slug()).collect();
    println!(
        "{games} active games, taking turns among {} ({}), on a SQLite file; armies: {}",
        names.len(),
        names.join(", "),
        if own_armies {
            "each game its own"
        } else {
            "the built-in examples"
        }
    );

    // The games are started without pictures: drawing them is not what is measured here.
    let store = Store::open(&sqlite_url(file)).await?;
    let service = Arc::new(Service::new(store, Arc::new(TextPainter)));
    let started = Instant::now();
    let ids = start_all(&service, games, own_armies).await?;
    let took = started.elapsed();
    let memory = Memory::now();
    println!(
        "started, accepted and moved once each in {:.1} s ({:.2} ms a game); {} of them in \
         memory; \
         resident {} (peak {})",
        took.as_secs_f64(),
        ms(took) / games as f64,
        kept(&service, &ids),
        mb(memory.rss),
        mb(memory.peak)
    );
    service.store().close().await;
    drop(service);
    let file_size = ["", "-wal"]
        .iter()
        .filter_map(|s| std::fs::metadata(format!("{}{s}", file.display())).ok())
        .map(|m| m.len())
        .sum::<u64>();

    // The restart: everything the first service kept is freed, and the file opened afresh.
    release_freed_memory();
    let before = Memory::now().rss;
    let started = Instant::now();
    let store = Store::open(&sqlite_url(file)).await?;
    let service = Service::new(store, default_painter());
    let opened = started.elapsed();
    let (white, _) = players(0);
    service
        .run(&request(&white, 0, ids[0].0), Command::Board)
        .await?;
    let first = started.elapsed();
    // The first game of each kind, so that what a kind builds once per process (its move
    // tables) is not counted against its games below.
    for (i, (id, _)) in kinds.iter().filter_map(|&kind| of_kind(&ids, kind).next()) {
        load(&service, i, id).await?;
    }
    let warm = Memory::now().rss;
    let mut per_kind = Vec::new();
    for kind in kinds {
        let (rss, time) = (Memory::now().rss, Instant::now());
        let mut count = 0;
        for (i, (id, _)) in of_kind(&ids, kind) {
            load(&service, i, id).await?;
            count += 1;
        }
        let count = count.max(1);
        let bytes = Memory::now().rss.saturating_sub(rss) / count as u64;
        per_kind.push((kind, bytes, ms(time.elapsed()) / count as f64));
    }
    let all = started.elapsed();
    let memory = Memory::now();
    // What of that the allocator only keeps for reuse (a game not kept, freed in the middle of
    // ones that are, leaves a hole glibc does not return by itself).
    release_freed_memory();
    let live = Memory::now().rss;
    let kept = kept(&service, &ids);
    println!(
        "cold start on the file ({}): store opened in {:.1} ms; first reply (a board with its \
         picture) after {:.1} ms; all {games} games loaded back after {:.2} s ({:.2} ms a game)",
        mb(file_size),
        ms(opened),
        ms(first),
        all.as_secs_f64(),
        ms(all - first) / games as f64
    );
    println!(
        "resident: {} before the store is opened, {} with the store open and one game of each \
         kind in memory, {} with {kept} games in memory ({} once freed memory is handed back) \
         = {} a kept game; peak of the process {}",
        mb(before),
        mb(warm),
        mb(memory.rss),
        mb(live),
        kb(live.saturating_sub(warm) / kept.max(1) as u64),
        mb(memory.peak)
    );
    let per_kind: Vec<String> = per_kind
        .iter()
        .map(|(kind, bytes, ms)| format!("{} {} ({ms:.2} ms)", kind.slug(), kb(*bytes)))
        .collect();
    println!(
        "a kept game (and the time to load one), by game: {}",
        per_kind.join(", ")
    );
    Ok(())
}

fn players(i: usize) -> (User, User) {
    (
        User::new(format!("white-{i}"), format!("White {i}")),
        User::new(format!("black-{i}"), format!("Black {i}")),
    )
}

/// Each game has a channel of its own, as in a server where every game opens a thread.
fn request(user: &User, i: usize, id: i64) -> Request {
    Request::new(user.clone(), Place::new("bench", format!("game-{i}"))).about(Some(id))
}

/// Starts `games` games, [`STARTERS`] at a time; returns their ids and kinds in order.
async fn start_all(
    service: &Arc<Service>,
    games: usize,
    own_armies: bool,
) -> Result<Vec<(i64, GameId)>, BenchError> {
    let mut tasks = Vec::with_capacity(STARTERS);
    for first in 0..STARTERS {
        let service = service.clone();
        tasks.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for i in (first..games).step_by(STARTERS) {
                ids.push((i, start(&service, i, own_armies).await?));
            }
            Ok::<_, BenchError>(ids)
        }));
    }
    let mut ids = Vec::with_capacity(games);
    for task in tasks {
        ids.extend(task.await??);
    }
    ids.sort();
    Ok(ids.into_iter().map(|(_, id)| id).collect())
}

/// Starts game `i` (the kinds take turns), has it accepted and plays its first legal action
/// (a move, a draft pick, a swap).
async fn start(service: &Service, i: usize, own_armies: bool) -> Result<(i64, GameId), BenchError> {
    let kind = GameId::ALL[i % GameId::ALL.len()];
    let (white, black) = players(i);
    let options = match example_list(kind, Color::White) {
        Some(list) if own_armies => vec![("white-army".to_string(), renamed(list, i))],
        _ => Vec::new(),
    };
    let new = NewGame {
        game: kind.slug().into(),
        opponent: Some(black.clone()),
        seed: Some(i as u64),
        options,
        ..NewGame::default()
    };
    let reply = service
        .run(
            &Request::new(white.clone(), Place::new("bench", format!("game-{i}"))),
            Command::New(new),
        )
        .await?;
    let id = reply.game.ok_or(BenchError::NoGameId)?.id;
    if !kind.is_cooperative() {
        service
            .run(&request(&black, i, id), Command::Accept)
            .await?;
    }
    let row = service
        .store()
        .game(id)
        .await?
        .ok_or(BenchError::NoGameId)?;
    let game = registry::load(kind, &row.position)?;
    let side = match game.status() {
        Status::Ongoing {
            actor: Actor::Side(side),
            ..
        } => side,
        _ => Color::White,
    };
    let action = game.legal_actions()[0].notation.clone();
    let user = if side == Color::White { &white } else { &black };
    service
        .run(&request(user, i, id), Command::Move(action))
        .await?;
    Ok((id, kind))
}

/// An army list of its own for game `i`: the example with its first piece renamed, which is
/// enough for the game's move tables to be compiled for it alone.
fn renamed(list: &str, i: usize) -> String {
    match list.split_once(',') {
        Some((name, rest)) => format!("{name} {i},{rest}"),
        None => list.to_string(),
    }
}

/// The games of one kind: their numbers, ids and kinds.
fn of_kind(
    ids: &[(i64, GameId)],
    kind: GameId,
) -> impl Iterator<Item = (usize, (i64, GameId))> + '_ {
    ids.iter()
        .copied()
        .enumerate()
        .filter(move |(_, (_, k))| *k == kind)
}

/// Loads game number `i` as a command does (listing its moves draws no picture).
async fn load(service: &Service, i: usize, id: i64) -> Result<(), BenchError> {
    service
        .legal_moves(&request(&players(i).0, i, id), "")
        .await?;
    Ok(())
}

/// How many of the games the service keeps in memory.
fn kept(service: &Service, ids: &[(i64, GameId)]) -> usize {
    ids.iter()
        .filter(|(id, _)| service.legal_sets_computed(*id).is_some())
        .count()
}

/// The process's resident memory now and at its peak, in bytes.
struct Memory {
    rss: u64,
    peak: u64,
}

impl Memory {
    /// Read from `/proc/self/status` (zero where there is none).
    fn now() -> Memory {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
                .map_or(0, |kb| kb * 1024)
        };
        Memory {
            rss: field("VmRSS:"),
            peak: field("VmHWM:"),
        }
    }
}

/// Hands memory the allocator keeps but no longer uses back to the system, so that the
/// restart's figures start from what is really in use and not from the first service's
/// leftovers (glibc keeps freed memory for reuse, which would hide the growth).
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn kb(bytes: u64) -> String {
    format!("{:.1} kB", bytes as f64 / 1e3)
}
