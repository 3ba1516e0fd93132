//! `/replay` and the replays posted when games end, through the service with the real
//! renderer: every game's replay decodes (with the `image` crate's GIF decoder) to one frame
//! per position, and its last frame is the board picture of the final position with the move
//! written under it; spans and speeds; refusals; other servers; the setting per server.

use std::{
    io::Cursor,
    sync::{Arc, Mutex},
    time::Duration,
};

use chatrang::{
    rules::GameId,
    service::{
        Command, NewGame, Outbox, Place, PostFailure, Poster, RenderPainter, Reply, Service,
    },
    store::{GameState, LogKind},
};
use image::{AnimationDecoder, RgbaImage, codecs::gif::GifDecoder};

use crate::common::{
    Backend, ITALIAN, TestDb, ask, ok, person, play, play_out, refused, req, two_player,
};

on_both_backends!(
    a_replay_shows_the_moves_asked_for_at_the_speed_asked_for,
    replays_are_refused_with_what_to_do_and_other_servers_see_no_game,
    a_finished_games_replay_is_posted_in_its_place_unless_the_server_turned_it_off,
);

async fn service(db: &TestDb) -> Service {
    Service::new(db.open().await, Arc::new(RenderPainter))
}

/// The frames of a GIF, decoded.
fn frames(gif: &[u8]) -> Vec<(RgbaImage, u32)> {
    let decoder = GifDecoder::new(Cursor::new(gif)).expect("a GIF");
    decoder
        .into_frames()
        .collect_frames()
        .expect("every frame decodes")
        .into_iter()
        .map(|frame| {
            let (num, den) = frame.delay().numer_denom_ms();
            (frame.into_buffer(), num / den.max(1))
        })
        .collect()
}

/// The moves in effect of game `id` (this file's games take none back).
async fn moves_played(service: &Service, id: i64) -> usize {
    let row = service.store().game(id).await.unwrap().unwrap();
    let log = service.store().log_at(id, row.version).await.unwrap();
    log.iter().filter(|e| e.kind == LogKind::Move).count()
}

/// Checks that `last` is the board picture `png` at its top left, and that the band under it
/// has writing (the caption) on the background.
fn ends_on(last: &RgbaImage, png: &[u8], game: GameId) {
    let board = image::load_from_memory(png).expect("a PNG").to_rgba8();
    assert!(last.width() >= board.width() && last.height() > board.height());
    for (x, y, pixel) in board.enumerate_pixels() {
        assert_eq!(
            last.get_pixel(x, y),
            pixel,
            "{}: the last frame differs from the final board at ({x}, {y})",
            game.slug()
        );
    }
    let band: Vec<_> = (board.height()..last.height())
        .flat_map(|y| (0..last.width()).map(move |x| (x, y)))
        .map(|(x, y)| *last.get_pixel(x, y))
        .collect();
    let background = band[0];
    let written = band.iter().filter(|p| **p != background).count();
    assert!(written > 50, "{}: no caption under the board", game.slug());
}

/// On SQLite only: a replay reads the record the same way from either database (the other
/// tests here run on both), and drawing nine games' replays twice would only load the machine
/// while the kill -9 storm runs beside it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_of_every_game_has_a_frame_per_position_and_ends_on_the_final_board() {
    let Some(db) = TestDb::new(Backend::Sqlite).await else {
        return;
    };
    let service = service(&db).await;
    for game in GameId::ALL {
        let (white, black) = (
            person(&format!("w-{}", game.slug())),
            person(&format!("b-{}", game.slug())),
        );
        let mut options = Vec::new();
        if game == GameId::Catalonia {
            options.push(("turns".to_string(), "5".to_string()));
        }
        let reply = ok(service
            .run(
                &req(&white, None),
                Command::New(NewGame {
                    game: game.slug().into(),
                    white: vec![white.clone()],
                    black: vec![black.clone()],
                    options,
                    seed: Some(5),
                    ..NewGame::default()
                }),
            )
            .await);
        let id = reply.game.expect("a game").id;
        let people = [white.clone(), black.clone()];
        if !play_out(&service, id, &people, reply.notify, 24).await {
            ok(service.run(&req(&white, Some(id)), Command::Resign).await);
        }
        let row = service.store().game(id).await.unwrap().unwrap();
        assert_eq!(row.state, GameState::Over, "{}", game.slug());
        let moves = moves_played(&service, id).await;
        let replay = ok(service
            .run(&req(&white, Some(id)), Command::Replay(String::new()))
            .await);
        let image = replay.image.expect("a replay has a picture");
        assert_eq!(image.mime(), "image/gif", "{}", game.slug());
        assert_eq!(image.filename, format!("game-{id}-replay.gif"));
        assert!(
            replay.text.contains(&format!("{moves} of {moves} moves")),
            "{}",
            replay.text
        );
        let shown = frames(&image.bytes);
        assert_eq!(
            shown.len(),
            moves + 1,
            "{}: a frame per position",
            game.slug()
        );
        let board = ok(service.run(&req(&white, Some(id)), Command::Board).await);
        let png = board.image.expect("the final board's picture");
        ends_on(&shown.last().unwrap().0, &png.bytes, game);
        // The final position stays longer than a move.
        assert!(shown.last().unwrap().1 > shown[1].1, "{}", game.slug());
    }
}

async fn a_replay_shows_the_moves_asked_for_at_the_speed_asked_for(db: TestDb) {
    let service = service(&db).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &ITALIAN[..8]).await;
    // Moves 2 to 3: 2. Nf3 Nc6 3. Bc4 Bc5, four moves and the position before them.
    let replay = ok(service
        .run(
            &req(&bob, Some(id)),
            Command::Replay("from=2 to=3 speed=fast".into()),
        )
        .await);
    assert!(
        replay.text.contains("4 of 8 moves, 2. Nf3 to 3... Bc5")
            && replay.text.contains("goes on after these"),
        "{}",
        replay.text
    );
    let shown = frames(&replay.image.expect("a GIF").bytes);
    assert_eq!(shown.len(), 5);
    // Fast: half a second a move (the first frame stays a little longer).
    assert_eq!(shown[2].1, 500);
    assert!(shown[0].1 >= 1500);
    // A game in progress can be replayed to where it stands; it ends on its board now.
    let whole = ok(service
        .run(&req(&bob, Some(id)), Command::Replay(String::new()))
        .await);
    let all = frames(&whole.image.expect("a GIF").bytes);
    assert_eq!(all.len(), 9);
    assert_eq!(all[3].1, 1000, "a second a move unless asked");
    let board = ok(service.run(&req(&bob, Some(id)), Command::Board).await);
    ends_on(
        &all[8].0,
        &board.image.expect("a board").bytes,
        GameId::Chess,
    );
}

async fn replays_are_refused_with_what_to_do_and_other_servers_see_no_game(db: TestDb) {
    let service = service(&db).await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let none_yet = refused(
        service
            .run(&req(&alice, Some(id)), Command::Replay(String::new()))
            .await,
    );
    assert!(none_yet.contains("no moves yet"), "{none_yet}");
    play(&service, id, &alice, &bob, &ITALIAN[..4]).await;
    for (asked, expected) in [
        (
            "from=9",
            "no moves in that range; its moves are numbered 1 to 2",
        ),
        ("from=3 to=1", "write the earlier move first"),
        ("speed=ludicrous", "is not a speed"),
        ("colour=red", "is not something /replay takes"),
        ("from=zero", "is not a move number"),
    ] {
        let why = refused(
            service
                .run(&req(&alice, Some(id)), Command::Replay(asked.into()))
                .await,
        );
        assert!(why.contains(expected), "{asked}: {why}");
        assert!(why.len() < 200, "{why}");
    }
    let long = format!("speed={}", "9".repeat(300));
    let why = refused(
        service
            .run(&req(&alice, Some(id)), Command::Replay(long))
            .await,
    );
    assert!(why.chars().filter(|c| *c == '9').count() <= 40, "{why}");
    // From another server, even a player is told the number was never used.
    let elsewhere = Place::new("server-2", "channel-9");
    for who in [&alice, &person("mallory")] {
        let why = refused(
            service
                .run(
                    &ask(&elsewhere, who, Some(id)),
                    Command::Replay(String::new()),
                )
                .await,
        );
        assert_eq!(why, format!("There is no game #{id}; /games lists yours."));
    }
}

/// A platform that takes every post.
#[derive(Clone, Default)]
struct Platform(Arc<Mutex<Vec<Reply>>>);

impl Poster for Platform {
    async fn post(&self, reply: &Reply) -> Result<(), PostFailure> {
        self.0.lock().unwrap().push(reply.clone());
        Ok(())
    }
}

/// Runs the delivery loop until `done` holds of the posts (at most 60 s).
async fn deliver_until(
    service: &Arc<Service>,
    platform: &Platform,
    done: impl Fn(&[Reply]) -> bool,
) {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let (running, poster) = (service.clone(), platform.clone());
    let task = tokio::spawn(async move { running.run_background(poster, stopped).await });
    let waited = tokio::time::timeout(Duration::from_secs(60), async {
        while !done(&platform.0.lock().unwrap()) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    stop.send(true).unwrap();
    task.await.unwrap();
    waited.expect("the delivery loop never posted what was expected");
}

fn is_replay(reply: &Reply) -> bool {
    reply
        .image
        .as_ref()
        .is_some_and(|i| i.mime() == "image/gif")
}

async fn a_finished_games_replay_is_posted_in_its_place_unless_the_server_turned_it_off(
    db: TestDb,
) {
    // The games are played without an outbox (nothing of theirs waits to be posted), and
    // ended by a process that delivers through one.
    let playing = service(&db).await;
    let service = Arc::new(
        service(&db)
            .await
            .with_outbox(Outbox::new("test").retrying_after(Duration::from_millis(20))),
    );
    let platform = Platform::default();
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&playing, "chess", &alice, &bob, &[]).await;
    play(&playing, id, &alice, &bob, &ITALIAN[..6]).await;
    let resigned = ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    service.delivered(&resigned).await;
    deliver_until(&service, &platform, |posts| posts.iter().any(is_replay)).await;
    let posts = platform.0.lock().unwrap().clone();
    let replay = posts.iter().find(|p| is_replay(p)).unwrap();
    let game = replay.game.as_ref().expect("the replay names its game");
    assert_eq!((game.id, game.place.as_str()), (id, "channel-1"));
    assert!(
        replay.text.contains(&format!("Replay of game #{id}")),
        "{}",
        replay.text
    );
    assert_eq!(frames(&replay.image.as_ref().unwrap().bytes).len(), 7);
    assert_eq!(posts.iter().filter(|p| is_replay(p)).count(), 1);

    // A moderator of another server cannot change this one's settings: theirs change.
    let elsewhere = Place::new("server-2", "channel-9");
    let theirs = ok(service
        .run(
            &ask(&elsewhere, &person("mod2"), None).admin(true),
            Command::Settings("replays=off".into()),
        )
        .await);
    assert!(theirs.text.contains("replays=off"), "{}", theirs.text);
    let ours = ok(service
        .run(&req(&alice, None), Command::Settings(String::new()))
        .await);
    assert!(ours.text.contains("replays=on"), "{}", ours.text);
    // Only a moderator changes them, and a bad value is refused.
    let why = refused(
        service
            .run(&req(&alice, None), Command::Settings("replays=off".into()))
            .await,
    );
    assert!(why.contains("Only a moderator"), "{why}");
    let moderator = req(&person("mod"), None).admin(true);
    let why = refused(
        service
            .run(&moderator, Command::Settings("replays=maybe".into()))
            .await,
    );
    assert!(why.contains("on or off"), "{why}");
    ok(service
        .run(&moderator, Command::Settings("replays=off".into()))
        .await);

    // Turned off here: the next game ends without a replay, though its board is posted.
    let id2 = two_player(&playing, "chess", &alice, &bob, &[]).await;
    play(&playing, id2, &alice, &bob, &ITALIAN[..2]).await;
    let resigned = ok(service.run(&req(&alice, Some(id2)), Command::Resign).await);
    let before = platform.0.lock().unwrap().len();
    // The resignation's board is not marked delivered: the loop posts it after its hold.
    service.not_delivered(&resigned, "test").await;
    deliver_until(&service, &platform, |posts| posts.len() > before).await;
    let waiting = db
        .count(&format!(
            "SELECT COUNT(*) FROM outbox WHERE game_id = {id2} AND kind = 'replay'"
        ))
        .await;
    assert_eq!(waiting, 0, "no replay post was written");
    assert!(
        platform.0.lock().unwrap()[before..]
            .iter()
            .all(|p| !is_replay(p))
    );
    // `/replay` still works on request.
    let asked = ok(service
        .run(&req(&bob, Some(id2)), Command::Replay(String::new()))
        .await);
    assert_eq!(frames(&asked.image.expect("a GIF").bytes).len(), 3);
}
