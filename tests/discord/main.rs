//! End-to-end tests of the Discord adapter: the real `chatrang::discord` code, connected to a
//! fake Discord on 127.0.0.1 ([`fake`]), over a real service on a SQLite file. Each test has
//! its own fake (its own port) and database, so they run in parallel.

mod binary;
mod catalonia;
mod clean_stop;
mod click;
mod delivery;
mod direct;
mod fake;
mod forget;
mod gateway;
mod history;
mod houses;
mod limits;
mod parity;
mod permissions;
#[path = "../support/postgres.rs"]
mod postgres;
mod promotion;
mod rating;
mod seeks;
mod shards;
mod timed;
mod tournament_duplicate;
mod tournaments;
mod variants;
mod versus_bot;

use std::{path::Path, sync::Arc, time::Duration};

use chatrang::{
    discord::{Config, Running},
    rules::{BoardView, Color},
    service::{BoardPainter, Outbox, Service, ShiftedClock, text_board},
    store::{Store, sqlite_url},
};
use fake::{Channel, Fake, GUILD_ID, Person, Recorded, focused, option, user_option};

/// Pictures for the tests: a PNG signature followed by the text board, so a test can see
/// which board was drawn and from which side.
struct TestPainter;

impl BoardPainter for TestPainter {
    fn png(
        &self,
        view: &BoardView,
        orientation: Color,
    ) -> Result<Vec<u8>, chatrang::service::NoPicture> {
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(text_board(view, orientation).into_bytes());
        Ok(png)
    }

    fn text(&self, view: &BoardView, orientation: Color) -> String {
        text_board(view, orientation)
    }
}

struct Bot {
    running: Running,
    service: Arc<Service>,
    /// The service's clock: the system's, moved on by hand for timed games. It runs on by
    /// itself, since posts are retried after a backoff by the same clock.
    clock: ShiftedClock,
}

impl Bot {
    /// Starts the adapter against the fake, on the database file `db`.
    async fn start(fake: &Fake, db: &Path) -> Bot {
        let store = Store::open(&sqlite_url(db)).await.unwrap();
        // Retries in milliseconds, so that the tests of delivery do not wait for seconds.
        let outbox = Outbox::new("discord").retrying_after(Duration::from_millis(50));
        let clock = ShiftedClock::default();
        let service = Arc::new(
            Service::new(store, Arc::new(TestPainter))
                .with_outbox(outbox)
                .with_clock(clock.clone()),
        );
        let config = Config::from_values(
            Some("fake-token".into()),
            Some(GUILD_ID.into()),
            Some(fake.base_url()),
        )
        .unwrap();
        let running = chatrang::discord::start(&config, service.clone())
            .await
            .unwrap();
        Bot {
            running,
            service,
            clock,
        }
    }

    /// Disconnects and closes the database, as a process exit would.
    async fn stop(self) {
        self.running.stop().await;
        self.service.store().close().await;
    }
}

/// A fake Discord with a bot connected, and the people of the tests.
struct World {
    fake: Fake,
    bot: Option<Bot>,
    dir: tempfile::TempDir,
    lobby: Channel,
    alice: Person,
    bob: Person,
}

impl World {
    async fn new() -> World {
        // The bot's log, shown for failing tests (RUST_LOG=chatrang=debug for more).
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
            )
            .try_init();
        let fake = Fake::start().await;
        let dir = tempfile::tempdir().unwrap();
        let bot = Bot::start(&fake, &dir.path().join("chatrang.sqlite")).await;
        fake.wait_ready(1).await;
        World {
            fake,
            bot: Some(bot),
            dir,
            lobby: Channel::text(1200000000000000001),
            alice: Person::new(1300000000000000001, "alice"),
            bob: Person::new(1300000000000000002, "bob"),
        }
    }

    /// Stops the bot and starts a new one on the same database.
    async fn restart(&mut self) {
        self.bot.take().unwrap().stop().await;
        self.restart_stopped().await;
    }

    /// Starts a new bot on the same database after the last one was stopped.
    async fn restart_stopped(&mut self) {
        let starts = self.fake.registrations().len();
        self.bot = Some(Bot::start(&self.fake, &self.dir.path().join("chatrang.sqlite")).await);
        self.fake.wait_ready(starts + 1).await;
    }

    /// Alice challenges Bob to chess in the lobby; returns the challenge message (the
    /// followup the fake answered, with its buttons) and the game's thread.
    async fn challenge(&self) -> (Recorded, Channel) {
        self.challenge_with("chess", Vec::new()).await
    }

    /// The same for `game`, with more `/new` options (`option("deadline", "1d")`).
    async fn challenge_with(
        &self,
        game: &str,
        options: Vec<serde_json::Value>,
    ) -> (Recorded, Channel) {
        let mut given = vec![option("game", game), user_option("opponent", &self.bob)];
        given.extend(options);
        let token = self.fake.slash(&self.alice, &self.lobby, "new", given);
        let challenge = self.fake.wait_answer(&token).await;
        let thread = self
            .fake
            .wait_for("a thread for the game", |r| r.path.ends_with("/threads"))
            .await;
        let thread = Channel::thread(thread.answer["id"].as_str().unwrap());
        self.wait_until_moved(&challenge, &thread).await;
        (challenge, thread)
    }

    /// Waits until the bot has moved the announced game into its thread (it does so right
    /// after Discord created the thread), so that clicks and commands find it there.
    async fn wait_until_moved(&self, announcement: &Recorded, thread: &Channel) {
        self.wait_until_game_moved(game_of(announcement), thread)
            .await;
    }

    /// The same for game number `game`.
    async fn wait_until_game_moved(&self, game: i64, thread: &Channel) {
        let store = self.bot.as_ref().unwrap().service.store().clone();
        let moved = async {
            loop {
                let row = store.game(game).await.unwrap().unwrap();
                if row.place_id == thread.id {
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(30), moved)
            .await
            .expect("the game never moved to its thread");
    }

    /// A chess game between Alice (White) and Bob, accepted, in its thread.
    async fn game(&self) -> Channel {
        self.game_with("chess", Vec::new()).await.2
    }

    /// The same for `game`, with more `/new` options; also returns the challenge and Bob's
    /// acceptance.
    async fn game_with(
        &self,
        game: &str,
        options: Vec<serde_json::Value>,
    ) -> (Recorded, Recorded, Channel) {
        let (challenge, thread) = self.challenge_with(game, options).await;
        let token = self.fake.slash(&self.bob, &thread, "accept", vec![]);
        let accepted = self.fake.wait_answer(&token).await;
        assert!(
            accepted.content().contains("accepts"),
            "{}",
            accepted.content()
        );
        (challenge, accepted, thread)
    }

    /// Plays a move by slash command and returns the answer.
    async fn play(&self, who: &Person, channel: &Channel, notation: &str) -> Recorded {
        let token = self
            .fake
            .slash(who, channel, "move", vec![option("move", notation)]);
        self.fake.wait_answer(&token).await
    }
}

/// The ids of a message's buttons for one action (`accept`, `play`, …); a button id is
/// `v1:GAME:VERSION:ACTION[:ARGUMENT]`.
fn button_actions(message: &Recorded, action: &str) -> Vec<String> {
    message
        .button_ids()
        .into_iter()
        .filter(|id| id.split(':').nth(3) == Some(action))
        .collect()
}

fn button(message: &Recorded, action: &str) -> String {
    button_actions(message, action)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {action} button in {:?}", message.button_ids()))
}

/// The game a message is about, read from its first button's id.
fn game_of(message: &Recorded) -> i64 {
    let ids = message.button_ids();
    let first = ids.first().expect("the message has buttons");
    first.split(':').nth(1).unwrap().parse().unwrap()
}

fn bool_option(name: &str, value: bool) -> serde_json::Value {
    serde_json::json!({"name": name, "type": 5, "value": value})
}

/// The first rank line of a text board in a picture: which side it is drawn from.
fn first_rank(png: &[u8]) -> String {
    let text = String::from_utf8_lossy(&png[8..]).to_string();
    text.lines()
        .find(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .unwrap_or("")
        .trim()
        .split(' ')
        .next()
        .unwrap_or("")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_are_registered_in_the_test_server_with_game_choices_and_autocomplete() {
    let world = World::new().await;
    let registration = &world.fake.registrations()[0];
    assert_eq!(
        registration.path,
        format!(
            "/api/v10/applications/{}/guilds/{GUILD_ID}/commands",
            fake::APP_ID
        )
    );
    let commands = registration.json.as_array().unwrap();
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    for wanted in [
        "new",
        "accept",
        "join",
        "move",
        "moves",
        "board",
        "resign",
        "draw",
        "undo",
        "history",
        "games",
        "leaderboard",
        "help",
        "piece",
        "abort",
    ] {
        assert!(names.contains(&wanted), "/{wanted} missing from {names:?}");
    }
    let command = |name: &str| commands.iter().find(|c| c["name"] == name).unwrap();
    let game = command("new")["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "game")
        .unwrap();
    assert!(
        game["choices"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["value"] == "cataclysm"),
        "{game}"
    );
    let notation = &command("move")["options"][0];
    assert_eq!(notation["name"], "move");
    assert_eq!(notation["autocomplete"], true);
}

/// The description (alt text) a message gave its first attachment.
fn alt_text(message: &Recorded) -> String {
    message.json["attachments"][0]["description"]
        .as_str()
        .unwrap_or_else(|| panic!("no alt text: {}", message.json))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_from_challenge_to_mate_in_the_games_thread() {
    let world = World::new().await;
    let (alice, bob) = (&world.alice, &world.bob);
    let (challenge, thread) = world.challenge().await;
    // The challenge pings Bob and only Bob, and offers Accept and Decline buttons.
    assert!(
        challenge.content().contains(&format!("<@{}>", bob.id)),
        "{}",
        challenge.content()
    );
    assert_eq!(challenge.allowed_users(), vec![bob.id.clone()]);
    assert!(!challenge.may_ping_crowds());
    let accept = button(&challenge, "accept");
    button(&challenge, "decline");
    // The thread starts from the challenge message.
    let thread_request = world
        .fake
        .wait_for("the thread", |r| r.path.ends_with("/threads"))
        .await;
    assert_eq!(
        thread_request.path,
        format!(
            "/api/v10/channels/{}/messages/{}/threads",
            world.lobby.id,
            challenge.answer["id"].as_str().unwrap()
        )
    );
    assert!(
        thread_request.json["name"]
            .as_str()
            .unwrap()
            .contains("Chess")
    );

    // Bob accepts with the button under the challenge, in the lobby: the game's message goes
    // to the thread, with the board, pinging Alice who moves first.
    let click = world.fake.click(bob, &challenge.answer, &accept);
    let started = world.fake.wait_channel_message(&thread.id, 0).await;
    assert!(
        started.content().contains("accepts"),
        "{}",
        started.content()
    );
    assert_eq!(started.allowed_users(), vec![alice.id.clone()]);
    assert_eq!(started.pngs().len(), 1);
    let pointer = world.fake.wait_answer(&click).await;
    assert!(pointer.is_ephemeral());
    assert!(
        pointer.content().contains(&format!("<#{}>", thread.id)),
        "{}",
        pointer.content()
    );

    // Fool's mate, played in the thread; each move pings the player to move next and shows
    // the board with White at the bottom (a shared channel's picture does not turn round),
    // described in words for screen readers (the attachment's alt text).
    for (who, next, notation, rank_on_top) in [
        (alice, bob, "f2f3", "8"),
        (bob, alice, "e7e5", "8"),
        (alice, bob, "g2g4", "8"),
    ] {
        let answer = world.play(who, &thread, notation).await;
        assert!(!answer.is_ephemeral(), "{}", answer.content());
        let target = &notation[2..];
        assert!(answer.content().contains(target), "{}", answer.content());
        assert!(answer.content().starts_with(&format!("<@{}>", next.id)));
        assert_eq!(answer.allowed_users(), vec![next.id.clone()]);
        let pngs = answer.pngs();
        assert_eq!(pngs.len(), 1, "one board picture after {notation}");
        assert_eq!(pngs[0].content_type.as_deref(), Some("image/png"));
        assert_eq!(first_rank(&pngs[0].bytes), rank_on_top, "after {notation}");
        let alt = alt_text(&answer);
        assert!(
            alt.contains(&format!("last move {}–{target}", &notation[..2])),
            "{alt}"
        );
        assert!(alt.contains(" to move; "), "{alt}");
        assert!(alt.contains("material: White 16 (8 Pawns,"), "{alt}");
    }
    let mate = world.play(bob, &thread, "d8h4").await;
    assert!(mate.content().contains("Black wins"), "{}", mate.content());
    assert!(
        mate.allowed_users().is_empty(),
        "nobody must act after mate"
    );
    assert_eq!(mate.pngs().len(), 1);
    assert_eq!(first_rank(&mate.pngs()[0].bytes), "1", "the winner's side");
    let alt = alt_text(&mate);
    assert!(alt.contains("White King on e1 is in check"), "{alt}");
    button(&mate, "rematch");
    // The game's replay follows in its thread by itself: an animated GIF, a frame for the
    // start and each of the four moves.
    let path = format!("/api/v10/channels/{}/messages", thread.id);
    let replay = world
        .fake
        .wait_for("the game's replay", |r| {
            r.path == path && r.files.iter().any(|f| f.filename.ends_with(".gif"))
        })
        .await;
    let gif = replay
        .files
        .iter()
        .find(|f| f.filename.ends_with(".gif"))
        .unwrap();
    assert_eq!(gif.content_type.as_deref(), Some("image/gif"));
    assert!(
        replay.content().contains("Replay of game #"),
        "{}",
        replay.content()
    );
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif.bytes.clone()))
        .map(|d| image::AnimationDecoder::into_frames(d).count())
        .expect("a GIF");
    assert_eq!(frames, 5);
    // Every command that draws was deferred first.
    let callbacks: Vec<Recorded> = world
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .collect();
    assert!(
        callbacks.iter().all(|r| r.json["type"] == 5),
        "{callbacks:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_the_legal_moves_that_start_with_what_was_typed() {
    let world = World::new().await;
    let thread = world.game().await;
    let token = world
        .fake
        .autocomplete(&world.alice, &thread, "move", vec![focused("move", "e2")]);
    let answer = world.fake.wait_answer(&token).await;
    assert_eq!(answer.json["type"], 8);
    let offered: Vec<&str> = answer.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(offered, vec!["e2e3", "e2e4"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_no_moves_out_of_turn_but_one_choice_saying_whose_turn_it_is() {
    let world = World::new().await;
    let thread = world.game().await;
    let token = world
        .fake
        .autocomplete(&world.bob, &thread, "move", vec![focused("move", "e7")]);
    let answer = world.fake.wait_answer(&token).await;
    assert_eq!(answer.json["type"], 8);
    let choices = answer.json["data"]["choices"].as_array().unwrap();
    assert_eq!(choices.len(), 1, "{choices:?}");
    let (name, value) = (
        choices[0]["name"].as_str().unwrap(),
        choices[0]["value"].as_str().unwrap(),
    );
    assert_eq!(name, "It is White's turn; you play Black.");
    // Picked anyway, the choice plays nothing: it is refused, privately, with its own words.
    let picked = world.play(&world.bob, &thread, value).await;
    assert!(picked.is_ephemeral(), "{}", picked.content());
    assert!(picked.content().contains(name), "{}", picked.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_move_and_a_move_out_of_turn_get_private_errors() {
    let world = World::new().await;
    let thread = world.game().await;
    let illegal = world.play(&world.alice, &thread, "e2e5").await;
    assert!(illegal.is_ephemeral(), "{}", illegal.content());
    assert!(illegal.content().contains("e2e5"), "{}", illegal.content());
    let early = world.play(&world.bob, &thread, "e7e5").await;
    assert!(early.is_ephemeral(), "{}", early.content());
    assert!(
        early.content().contains("White's turn"),
        "{}",
        early.content()
    );
    // The public "thinking…" message was removed before each private answer, and nothing
    // public was posted for either attempt.
    for answer in [&illegal, &early] {
        let token = answer.path.rsplit('/').next().unwrap();
        let sent = world.fake.answers(token);
        assert!(sent.iter().any(|r| r.method == "DELETE"), "{sent:?}");
        assert!(
            sent.iter()
                .filter(|r| r.method == "POST" && r.path.contains("/webhooks/"))
                .all(Recorded::is_ephemeral)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_works_after_the_bot_is_restarted_on_the_same_database() {
    let mut world = World::new().await;
    let (challenge, thread) = world.challenge().await;
    world.restart().await;
    let accept = button(&challenge, "accept");
    world.fake.click(&world.bob, &challenge.answer, &accept);
    let started = world.fake.wait_channel_message(&thread.id, 0).await;
    assert!(
        started.content().contains("accepts"),
        "{}",
        started.content()
    );
    // And the game goes on in its thread with the new process.
    let answer = world.play(&world.alice, &thread, "e2e4").await;
    assert!(!answer.is_ephemeral(), "{}", answer.content());
    assert_eq!(answer.allowed_users(), vec![world.bob.id.clone()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_button_is_refused() {
    let world = World::new().await;
    let (challenge, thread) = world.challenge().await;
    let token = world.fake.slash(&world.bob, &thread, "accept", vec![]);
    world.fake.wait_answer(&token).await;
    // The challenge's Accept button is from before the game started.
    let click = world
        .fake
        .click(&world.bob, &challenge.answer, &button(&challenge, "accept"));
    let refused = world.fake.wait_answer(&click).await;
    assert!(refused.is_ephemeral());
    assert!(
        refused
            .content()
            .to_lowercase()
            .contains("this board has moved on"),
        "{}",
        refused.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permission_games_stay_in_the_channel_and_the_channel_is_told_once() {
    let world = World::new().await;
    world.fake.forbid_threads();
    let thread_attempts = || {
        world
            .fake
            .requests()
            .into_iter()
            .filter(|r| r.path.ends_with("/threads"))
            .count()
    };
    let mut tokens = Vec::new();
    for attempt in 1..=2 {
        let token = world.fake.slash(
            &world.alice,
            &world.lobby,
            "new",
            vec![option("game", "chess")],
        );
        world.fake.wait_answer(&token).await;
        world
            .fake
            .wait_for("a refused thread", |_| thread_attempts() >= attempt)
            .await;
        tokens.push(token);
    }
    let note = world
        .fake
        .wait_for("the note about threads", |r| {
            r.path.ends_with(&tokens[0]) && r.content().contains("permission")
        })
        .await;
    assert!(!note.is_ephemeral());
    // The games are played where they were made: Bob accepts the first open challenge in
    // the lobby, and the answer is posted there.
    let token = world.fake.slash(
        &world.bob,
        &world.lobby,
        "accept",
        vec![fake::int_option("game", 1)],
    );
    let accepted = world.fake.wait_answer(&token).await;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());
    assert!(
        accepted.content().contains("accepts"),
        "{}",
        accepted.content()
    );
    // Only the first game brought the note.
    let notes: Vec<Recorded> = world
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.content().contains("Create Public Threads"))
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_discord_refuses_a_reply_the_user_gets_an_apology_not_silence() {
    let world = World::new().await;
    let thread = world.game().await;
    world.fake.refuse_next_followup();
    let token = world.fake.slash(&world.alice, &thread, "board", vec![]);
    let apology = world
        .fake
        .wait_for("an apology", |r| {
            r.path.ends_with(&token)
                && r.answer.get("id").is_some()
                && r.content().contains("Sorry")
        })
        .await;
    assert!(apology.is_ephemeral(), "{}", apology.content());
    // The refused followup was the board; the apology came after it.
    let followups: Vec<Recorded> = world
        .fake
        .answers(&token)
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.contains("/webhooks/"))
        .collect();
    assert_eq!(followups.len(), 2, "{followups:?}");
    assert_eq!(followups[0].pngs().len(), 1);
    // The "thinking…" message was deleted before the apology, or Discord would have shown the
    // apology to everyone in its place.
    assert!(
        world
            .fake
            .answers(&token)
            .iter()
            .any(|r| r.method == "DELETE"),
        "{}",
        world.fake.dump()
    );
}

/// The rules of every game arrive whole, though most are longer than a Discord message: the
/// text goes in an embed instead of being cut.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_of_every_game_arrive_whole_even_past_a_messages_length() {
    use chatrang::{
        rules::GAMES,
        service::{Command, Place, Request, User},
    };
    let world = World::new().await;
    let service = world.bot.as_ref().unwrap().service.clone();
    let asker = Request::new(
        User::new(world.alice.id.clone(), "alice"),
        Place::new(GUILD_ID, world.lobby.id.clone()),
    );
    let mut longer_than_a_message = 0;
    for game in &GAMES {
        let rules = service
            .run(&asker, Command::Help(Some(game.slug.to_string())))
            .await
            .unwrap()
            .text;
        let token = world.fake.slash(
            &world.alice,
            &world.lobby,
            "help",
            vec![option("game", game.slug)],
        );
        let answer = world.fake.wait_answer(&token).await;
        let embed = answer
            .json
            .pointer("/embeds/0/description")
            .or_else(|| answer.json.pointer("/data/embeds/0/description"));
        let shown = match embed {
            Some(description) => {
                assert_eq!(answer.content(), "", "{}", game.slug);
                description.as_str().unwrap().to_string()
            }
            None => answer.content().to_string(),
        };
        assert_eq!(shown, rules, "{}", game.slug);
        if rules.chars().count() > 2000 {
            longer_than_a_message += 1;
        }
    }
    assert!(longer_than_a_message >= 3, "{longer_than_a_message}");
}
