//! `chatrang bench fairness`: whether heavy work keeps out of the way of people's moves. People
//! play chess moves one after another (each answered with its board picture) first alone, then
//! while six reviews of finished games and six games against the bot at level 5 (two seconds a
//! move) run at once in the same service; it prints the time each move took to answer, median,
//! 99th percentile and longest, both ways. The goal: a 99th percentile under 300 ms under load.
//! Prints numbers; asserts nothing.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use super::service::BenchError;
use crate::{
    rules::{Actor, GameId, Status},
    service::{BoardPainter, Command, NewGame, Place, Request, Service, User},
    store::{Store, sqlite_url},
};

/// Heavy jobs and bot games running while the moves are timed.
const REVIEWS: usize = 6;
const BOT_GAMES: usize = 6;
/// Moves of each game that is then reviewed.
const REVIEWED_PLIES: usize = 40;
/// Moves timed alone, and the least timed under load.
const ALONE_MOVES: usize = 100;
const LOADED_MOVES: usize = 200;
/// The pause between two timed moves: people do not move back to back.
const PAUSE: Duration = Duration::from_millis(100);

/// Runs the benchmark on a fresh SQLite file in a temporary directory.
pub fn run(painter: Arc<dyn BoardPainter>) -> Result<(), BenchError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let dir = std::env::temp_dir().join(format!("chatrang-fairness-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = runtime.block_on(async {
        let store = Store::open(&sqlite_url(&dir.join("bench.db"))).await?;
        let service = Arc::new(Service::new(store, painter));
        let place = Place::new("bench", "fairness");
        let alone = timed_moves(&service, &place, "alone", ALONE_MOVES, None).await?;
        report("alone", &alone);
        let loaded = under_load(&service, &place).await?;
        report(
            &format!("with {REVIEWS} reviews and {BOT_GAMES} level-5 bot games running"),
            &loaded,
        );
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn person(name: &str) -> User {
    User::new(name.to_string(), name.to_string())
}

/// A chess game of `white` and `black`, accepted; its number.
async fn chess(
    service: &Service,
    place: &Place,
    white: &User,
    black: Option<&User>,
    options: &[(&str, &str)],
) -> Result<i64, BenchError> {
    let new = NewGame {
        game: GameId::Chess.slug().into(),
        opponent: black.cloned(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seed: Some(1),
        ..NewGame::default()
    };
    let reply = service
        .new_game(&Request::new(white.clone(), place.clone()), new)
        .await?;
    let id = reply.game.ok_or(BenchError::NoGameId)?.id;
    if let Some(black) = black {
        service
            .accept(&Request::new(black.clone(), place.clone()).about(Some(id)))
            .await?;
    }
    Ok(id)
}

/// Plays the `pick`-th legal move (sorted) of game `id` for whoever must move, when a person
/// of `people` (White's, Black's) must; returns whether a move was made.
async fn move_once(
    service: &Service,
    place: &Place,
    id: i64,
    people: &[Option<&User>; 2],
    pick: usize,
) -> Result<bool, BenchError> {
    let loaded = service.store().game(id).await?;
    let Some(row) = loaded else {
        return Ok(false);
    };
    let game = crate::rules::registry::load(GameId::Chess, &row.position)?;
    let Status::Ongoing {
        actor: Actor::Side(side),
        ..
    } = game.status()
    else {
        return Ok(false);
    };
    let mut moves: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    moves.sort();
    let Some(chosen) = moves.get(pick % moves.len().max(1)) else {
        return Ok(false);
    };
    let Some(user) = people[side.index()] else {
        return Ok(false);
    };
    let asked = Request::new(user.clone(), place.clone()).about(Some(id));
    Ok(service.act(&asked, chosen, None).await.is_ok())
}

/// Times `count` moves of fresh games between two people, one every [`PAUSE`], until `stop`
/// (when given) is set and `count` are timed.
async fn timed_moves(
    service: &Service,
    place: &Place,
    who: &str,
    count: usize,
    stop: Option<&AtomicBool>,
) -> Result<Vec<Duration>, BenchError> {
    let (white, black) = (person(&format!("{who}-w")), person(&format!("{who}-b")));
    let mut times = Vec::new();
    let mut id = chess(service, place, &white, Some(&black), &[]).await?;
    let mut ply = 0;
    while times.len() < count || stop.is_some_and(|s| !s.load(Ordering::SeqCst)) {
        let started = Instant::now();
        let moved = move_once(
            service,
            place,
            id,
            &[Some(&white), Some(&black)],
            ply * 7 + 3,
        )
        .await?;
        if moved && ply < 80 {
            times.push(started.elapsed());
            ply += 1;
        } else {
            id = chess(service, place, &white, Some(&black), &[]).await?;
            ply = 0;
        }
        tokio::time::sleep(PAUSE).await;
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) && times.len() >= count {
            break;
        }
    }
    Ok(times)
}

/// A chess game of `{name}-w` and `{name}-b` played [`REVIEWED_PLIES`] moves (chosen by
/// `pick`) and resigned: its number and White.
async fn finished_game(
    service: &Service,
    place: &Place,
    name: &str,
    pick: usize,
) -> Result<(i64, User), BenchError> {
    let (white, black) = (person(&format!("{name}-w")), person(&format!("{name}-b")));
    let id = chess(service, place, &white, Some(&black), &[]).await?;
    for ply in 0..REVIEWED_PLIES {
        let people = [Some(&white), Some(&black)];
        move_once(service, place, id, &people, ply * 5 + pick).await?;
    }
    let resigns = Request::new(black, place.clone()).about(Some(id));
    service.run(&resigns, Command::Resign).await?;
    Ok((id, white))
}

/// Six finished games to review, then the reviews and the bot games started together, and
/// people's moves timed while they run.
async fn under_load(service: &Arc<Service>, place: &Place) -> Result<Vec<Duration>, BenchError> {
    let mut finished = Vec::new();
    for n in 0..REVIEWS {
        finished.push(finished_game(service, place, &format!("r{n}"), n).await?);
    }
    // One more game, reviewed alone first: what a review costs without competition.
    let (id, white) = finished_game(service, place, "alone", 7).await?;
    let started = Instant::now();
    let asked = Request::new(white.clone(), place.clone()).about(Some(id));
    service.run(&asked, Command::Review).await?;
    println!(
        "fairness: one review of a {REVIEWED_PLIES}-move chess game alone: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let done = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut heavy = Vec::new();
    for (id, asker) in finished {
        let (service, place) = (service.clone(), place.clone());
        heavy.push(tokio::spawn(async move {
            let asked = Request::new(asker, place).about(Some(id));
            service.run(&asked, Command::Review).await.map(drop)
        }));
    }
    let mut bots = Vec::new();
    for n in 0..BOT_GAMES {
        let (service, place, done) = (service.clone(), place.clone(), done.clone());
        bots.push(tokio::spawn(async move {
            let human = person(&format!("b{n}"));
            let mut id = chess(&service, &place, &human, None, &[("ai", "5")]).await?;
            let mut ply = 0;
            while !done.load(Ordering::SeqCst) {
                move_once(&service, &place, id, &[Some(&human), None], ply * 3 + n).await?;
                ply += 1;
                // The bot's move: its timer is due at once.
                service.fire_due_timers().await?;
                let over = service
                    .store()
                    .game(id)
                    .await?
                    .is_none_or(|row| row.state != crate::store::GameState::Active);
                if over {
                    id = chess(&service, &place, &human, None, &[("ai", "5")]).await?;
                    ply = 0;
                }
            }
            Ok::<(), BenchError>(())
        }));
    }
    let reviews_done = done.clone();
    let watcher = tokio::spawn(async move {
        for job in heavy {
            if let Ok(Err(why)) = job.await {
                println!("a review failed: {why}");
            }
        }
        reviews_done.store(true, Ordering::SeqCst);
        println!(
            "fairness: {REVIEWS} reviews of {REVIEWED_PLIES}-move chess games, made one at a \
             time beside the bot games, all done after {:.1} s",
            started.elapsed().as_secs_f64()
        );
    });
    let times = timed_moves(service, place, "loaded", LOADED_MOVES, Some(&done)).await?;
    watcher.await?;
    for bot in bots {
        bot.await??;
    }
    Ok(times)
}

fn report(what: &str, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        println!("fairness, {what}: no moves timed");
        return;
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)];
    println!(
        "fairness, a person's /move {what}: {} moves, median {:.1} ms, p99 {:.1} ms, \
         longest {:.1} ms",
        sorted.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(sorted[sorted.len() - 1])
    );
}
