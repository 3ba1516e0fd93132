//! `chatrang bench service`: the latency of one move of a large game through the whole service
//! (load, rules, durable commit, painter) on a SQLite file, and the throughput of many games
//! played at once. Prints numbers; asserts nothing.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use crate::{
    rules::{ActionError, Actor, Color, Game, GameId, SetupError, Status},
    service::{BoardPainter, NewGame, Place, Request, Service, ServiceError, User},
    store::{Store, StoreError, sqlite_url},
};

/// Why the benchmark stopped.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("cannot start the runtime or the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("the service refused: {0}")]
    Service(#[from] ServiceError),
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error("the benchmark's own copy of the game refused a move: {0}")]
    Move(#[from] ActionError),
    #[error("a new game came back without its number")]
    NoGameId,
    #[error("a benchmark task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

/// The game the benchmark plays: a large board with many pieces, so every move costs the
/// service what a real one does.
const GAME: GameId = GameId::Cataclysm;

/// Moves timed one by one for the latency figures.
const LATENCY_MOVES: usize = 400;
/// Games played at once, and moves per game, for the throughput figure.
const CONCURRENT_GAMES: usize = 1000;
const MOVES_PER_GAME: usize = 6;

/// Runs the benchmark on a fresh SQLite file in a temporary directory (or `dir`).
pub fn run(
    painter: Arc<dyn BoardPainter>,
    dir: Option<std::path::PathBuf>,
) -> Result<(), BenchError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let temp = std::env::temp_dir().join(format!("chatrang-bench-{}", std::process::id()));
    let dir = dir.unwrap_or(temp.clone());
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("bench.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
    }
    let result = runtime.block_on(async {
        let store = Store::open(&sqlite_url(&file)).await?;
        let service = Arc::new(Service::new(store, painter));
        latency(&service).await?;
        throughput(&service).await
    });
    let _ = std::fs::remove_dir_all(&temp);
    result
}

fn players(i: usize) -> (User, User) {
    (
        User::new(format!("white-{i}"), format!("White {i}")),
        User::new(format!("black-{i}"), format!("Black {i}")),
    )
}

/// Starts an accepted game of [`GAME`] between two bench players; returns its id. (The seed
/// does not change that game's setup, so [`local_game`] matches it.)
async fn start(service: &Service, place: &Place, i: usize) -> Result<i64, BenchError> {
    let (white, black) = players(i);
    let new = NewGame {
        game: GAME.slug().into(),
        opponent: Some(black.clone()),
        seed: Some(i as u64),
        ..NewGame::default()
    };
    let reply = service
        .new_game(&Request::new(white.clone(), place.clone()), new)
        .await?;
    let id = reply.game.ok_or(BenchError::NoGameId)?.id;
    service
        .accept(&Request::new(black.clone(), place.clone()).about(Some(id)))
        .await?;
    Ok(id)
}

/// The bench's own copy of a game, used to choose moves without asking the service.
fn local_game() -> Result<Box<dyn Game>, BenchError> {
    Ok(GAME.spec().example()?)
}

/// The side to move and the `pick`-th of its legal moves (in sorted order, modulo their
/// number); `None` when the game has ended.
fn choose(local: &dyn Game, pick: usize) -> Option<(Color, String)> {
    let Status::Ongoing {
        actor: Actor::Side(side),
        ..
    } = local.status()
    else {
        return None;
    };
    let mut moves: Vec<String> = local
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    moves.sort();
    let chosen = moves.get(pick % moves.len().max(1))?.clone();
    Some((side, chosen))
}

/// Plays one move chosen by `pick` among the legal ones of `local` (which follows along);
/// returns the time the service took, or `None` when the game has ended.
async fn step(
    service: &Service,
    place: &Place,
    id: i64,
    local: &mut Box<dyn Game>,
    i: usize,
    pick: usize,
) -> Result<Option<Duration>, BenchError> {
    let (white, black) = players(i);
    let Some((side, chosen)) = choose(local.as_ref(), pick) else {
        return Ok(None);
    };
    let user = if side == Color::White { &white } else { &black };
    let started = Instant::now();
    service
        .act(
            &Request::new(user.clone(), place.clone()).about(Some(id)),
            &chosen,
            None,
        )
        .await?;
    let took = started.elapsed();
    local.play(&chosen)?;
    Ok(Some(took))
}

async fn latency(service: &Service) -> Result<(), BenchError> {
    let place = Place::new("bench", "latency");
    let mut times = Vec::with_capacity(LATENCY_MOVES);
    let mut game = 0;
    let mut id = start(service, &place, game).await?;
    let mut local = local_game()?;
    let mut ply = 0;
    while times.len() < LATENCY_MOVES {
        match step(service, &place, id, &mut local, game, ply * 7 + 3).await? {
            Some(t) if ply < 120 => {
                times.push(t);
                ply += 1;
            }
            _ => {
                game += 1;
                id = start(service, &place, game).await?;
                local = local_game()?;
                ply = 0;
            }
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let p = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "service move latency ({GAME}, SQLite file, durable commit, painter): {} moves, \
         median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        ms(p(0.5)),
        ms(p(0.99)),
        ms(times[times.len() - 1])
    );
    Ok(())
}

/// The moves of one throughput game, chosen before the clock starts so that the figure
/// measures the service and not the benchmark's own move picking: (side to move, move).
fn plan(n: usize) -> Result<Vec<(Color, String)>, BenchError> {
    let mut local = local_game()?;
    let mut moves = Vec::with_capacity(MOVES_PER_GAME);
    for ply in 0..MOVES_PER_GAME {
        let Some((side, chosen)) = choose(local.as_ref(), n + ply * 5) else {
            break;
        };
        local.play(&chosen)?;
        moves.push((side, chosen));
    }
    Ok(moves)
}

async fn throughput(service: &Arc<Service>) -> Result<(), BenchError> {
    let place = Place::new("bench", "throughput");
    let mut games = Vec::with_capacity(CONCURRENT_GAMES);
    for n in 0..CONCURRENT_GAMES {
        let id = start(service, &place, 10_000 + n).await?;
        games.push((n, id, plan(n)?));
    }
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(CONCURRENT_GAMES);
    for (n, id, moves) in games {
        let service = service.clone();
        let place = place.clone();
        tasks.push(tokio::spawn(async move {
            let (white, black) = players(10_000 + n);
            for (side, notation) in &moves {
                let user = if *side == Color::White {
                    &white
                } else {
                    &black
                };
                service
                    .act(
                        &Request::new(user.clone(), place.clone()).about(Some(id)),
                        notation,
                        None,
                    )
                    .await?;
            }
            Ok::<usize, BenchError>(moves.len())
        }));
    }
    let mut total = 0;
    for task in tasks {
        total += task.await??;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "service throughput: {CONCURRENT_GAMES} {GAME} games at once, {total} moves in \
         {seconds:.2} s = {:.0} moves/s",
        total as f64 / seconds
    );
    Ok(())
}
