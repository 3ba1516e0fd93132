//! `chatrang bench delivery`: how long a bot's move waits between its commit and its post, with
//! several games against the bot running at once, through the real delivery loop with the
//! production outbox settings (`Outbox::new`: a 30 s poll). A poster that only records stands
//! in for the platform; people answer each bot move at once with a legal move of their own.
//! Prints numbers; asserts nothing.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Instant,
};

use tokio::sync::mpsc;

use super::service::BenchError;
use crate::{
    service::{
        Command, NewGame, Outbox, Place, PostFailure, Poster, Reply, Request, Service, TextPainter,
        User,
    },
    store::{Store, now_ms, sqlite_url},
};

/// Games against the bot at once (the figure: six).
const GAMES: usize = 6;
/// The bot's level in every game: level 3 thinks up to 1.5 s, so moves fall due one after
/// another while others think, as in a busy server.
const LEVEL: &str = "3";
/// Bot moves measured in each game.
const BOT_MOVES: usize = 8;

/// Records each post's delay from its commit, and tells the game's player it may move.
struct Recorder {
    store: Store,
    delays: Arc<Mutex<Vec<i64>>>,
    players: HashMap<i64, mpsc::UnboundedSender<()>>,
}

impl Poster for Recorder {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        let posted = now_ms();
        let Some(game) = &reply.game else {
            return Ok(());
        };
        let posts = self
            .store
            .posts_of_game(game.id)
            .await
            .map_err(|e| PostFailure::Retry {
                why: e.to_string(),
                after: None,
            })?;
        if let Some(state) = posts.iter().find(|p| p.post.version == game.version) {
            let delay = posted - state.post.created_at;
            self.delays.lock().expect("the delays").push(delay);
        }
        if let Some(player) = self.players.get(&game.id) {
            let _ = player.send(());
        }
        Ok(())
    }
}

/// Runs the benchmark on a fresh SQLite file in a temporary directory.
pub fn run() -> Result<(), BenchError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let dir = std::env::temp_dir().join(format!("chatrang-delivery-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = runtime.block_on(measure(&dir));
    let _ = std::fs::remove_dir_all(&dir);
    let (delays, took) = result?;
    print(&delays, took);
    Ok(())
}

async fn measure(dir: &std::path::Path) -> Result<(Vec<i64>, f64), BenchError> {
    let store = Store::open(&sqlite_url(&dir.join("bench.db"))).await?;
    let service = Arc::new(
        Service::new(store.clone(), Arc::new(TextPainter)).with_outbox(Outbox::new("bench")),
    );
    let started = Instant::now();
    let mut games = Vec::new();
    let mut players = HashMap::new();
    let mut turns = Vec::new();
    for i in 0..GAMES {
        let person = User::new(format!("player-{i}"), format!("Player {i}"));
        let place = Place::new(format!("bench-{i}"), format!("game-{i}"));
        let new = NewGame {
            game: "chess".into(),
            options: vec![("ai".into(), LEVEL.into())],
            seed: Some(i as u64),
            ..NewGame::default()
        };
        let reply = service
            .run(
                &Request::new(person.clone(), place.clone()),
                Command::New(new),
            )
            .await?;
        service.delivered(&reply).await;
        let id = reply.game.ok_or(BenchError::NoGameId)?.id;
        let (tell, turn) = mpsc::unbounded_channel();
        players.insert(id, tell);
        turns.push(turn);
        games.push((id, person, place));
    }
    let delays = Arc::new(Mutex::new(Vec::new()));
    let recorder = Recorder {
        store: store.clone(),
        delays: delays.clone(),
        players,
    };
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let delivering = service.clone();
    let delivery = tokio::spawn(async move { delivering.run_background(recorder, stopped).await });
    let mut tasks = Vec::new();
    for ((id, person, place), mut turn) in games.into_iter().zip(turns) {
        let service = service.clone();
        tasks.push(tokio::spawn(async move {
            let request = Request::new(person, place).about(Some(id));
            for ply in 0..BOT_MOVES {
                if ply > 0 && !your_turn(&mut turn).await {
                    break;
                }
                let Ok(offered) = service.legal_moves(&request, "").await else {
                    break;
                };
                let Some(chosen) = offered.moves.get(ply * 7 % offered.moves.len().max(1)) else {
                    break;
                };
                match service.run(&request, Command::Move(chosen.clone())).await {
                    Ok(reply) => service.delivered(&reply).await,
                    Err(_) => break,
                }
            }
            // The last bot move is still measured when it is posted.
            your_turn(&mut turn).await;
        }));
    }
    for task in tasks {
        task.await?;
    }
    let took = started.elapsed().as_secs_f64();
    let _ = stop.send(true);
    delivery.await?;
    store.close().await;
    let delays = delays.lock().expect("the delays").clone();
    Ok((delays, took))
}

/// Waits until the bot's move in this game is posted; false when none comes (the game ended
/// with the person's own move), after a wait far longer than any think.
async fn your_turn(turn: &mut mpsc::UnboundedReceiver<()>) -> bool {
    let patience = std::time::Duration::from_secs(60);
    matches!(
        tokio::time::timeout(patience, turn.recv()).await,
        Ok(Some(()))
    )
}

fn print(delays: &[i64], took: f64) {
    let mut sorted = delays.to_vec();
    sorted.sort_unstable();
    let at = |share: f64| {
        sorted
            .get(((sorted.len() as f64 * share).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0)
    };
    println!(
        "{GAMES} games against the bot at level {LEVEL} at once, production outbox settings \
         (poll every 30 s), {:.0} s",
        took
    );
    println!(
        "bot moves posted: {}; delay from commit to post: p50 {} ms, p99 {} ms, max {} ms",
        sorted.len(),
        at(0.5),
        at(0.99),
        sorted.last().copied().unwrap_or(0)
    );
}
