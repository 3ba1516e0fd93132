//! End-to-end tests of the Matrix adapter: the real `chatrang::matrix` code against a real
//! Synapse on 127.0.0.1 ([`synapse`]), with people driven as real Matrix clients (matrix-sdk,
//! each with its own device and keys), over a real service on a SQLite file.

// matrix-sdk's sync futures are deep: proving them `Send` needs more than 128 levels.
#![recursion_limit = "256"]

mod binary;
mod claims;
mod clients;
mod crash;
mod formatting;
mod latency;
mod network;
mod proxy;
mod seeks;
mod synapse;
mod tournaments;
mod upgrade;
mod variants;
mod versus_bot;

use std::{
    path::Path,
    sync::{Arc, Mutex},
    time::Duration,
};

use chatrang::{
    matrix::{Config, Running, Values},
    service::{Outbox, Service, default_painter},
    store::{Store, sqlite_url},
};
use matrix_sdk::{
    Client, Room, RoomMemberships,
    config::SyncSettings,
    media::{MediaFormat, MediaRequestParameters},
    ruma::{
        OwnedEventId, OwnedRoomId, OwnedServerName, OwnedUserId,
        api::client::room::create_room,
        events::{
            AnyInitialStateEvent, InitialStateEvent,
            reaction::{OriginalSyncReactionEvent, ReactionEventContent},
            relation::{Annotation, Replacement, Thread},
            room::{
                MediaSource,
                encryption::RoomEncryptionEventContent,
                message::{
                    MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
                    RoomMessageEventContent, RoomMessageEventContentWithoutRelation,
                },
            },
            space::{child::SpaceChildEventContent, parent::SpaceParentEventContent},
            typing::SyncTypingEvent,
        },
        room::RoomType,
        serde::Raw,
    },
};
use synapse::synapse;

/// How long a test waits for something before it fails, listing what it saw. A safety net
/// against hanging, not a speed requirement.
const PATIENCE: Duration = Duration::from_secs(60);

/// Something a person's client saw in a room.
#[derive(Clone, Debug)]
enum Seen {
    Notice {
        room: OwnedRoomId,
        event: OwnedEventId,
        sender: OwnedUserId,
        body: String,
        /// The HTML `formatted_body`, when there is one.
        html: Option<String>,
        thread: Option<OwnedEventId>,
        mentions: Vec<OwnedUserId>,
    },
    Image {
        room: OwnedRoomId,
        sender: OwnedUserId,
        /// What a client without pictures shows (and a screen reader reads).
        body: String,
        filename: Option<String>,
        thread: Option<OwnedEventId>,
        width: Option<u64>,
        height: Option<u64>,
        size: Option<u64>,
        mimetype: Option<String>,
        source: MediaSource,
    },
    Reaction {
        sender: OwnedUserId,
        target: OwnedEventId,
        key: String,
    },
    /// Who the room says is typing now (each change of it).
    Typing { users: Vec<OwnedUserId> },
}

/// Somebody using Matrix.
struct Person {
    client: Client,
    id: OwnedUserId,
    seen: Arc<Mutex<Vec<Seen>>>,
    _store: tempfile::TempDir,
}

impl Person {
    async fn new(name: &str) -> Person {
        Person::log_in(synapse().register(name)).await
    }

    /// A server admin of the homeserver.
    async fn new_admin(name: &str) -> Person {
        Person::log_in(synapse().register_admin(name)).await
    }

    async fn log_in((user, password): (String, String)) -> Person {
        let server = synapse();
        let store = tempfile::tempdir().unwrap();
        let client = Client::builder()
            .homeserver_url(&server.url)
            .sqlite_store(store.path(), None)
            .build()
            .await
            .unwrap();
        client
            .matrix_auth()
            .login_username(&user, &password)
            .send()
            .await
            .unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let notes = seen.clone();
        client.add_event_handler(move |event: OriginalSyncRoomMessageEvent, room: Room| {
            let notes = notes.clone();
            async move {
                let room = room.room_id().to_owned();
                let thread = match &event.content.relates_to {
                    Some(Relation::Thread(t)) => Some(t.event_id.clone()),
                    _ => None,
                };
                let seen = match &event.content.msgtype {
                    MessageType::Notice(notice) => Seen::Notice {
                        room,
                        event: event.event_id.clone(),
                        sender: event.sender.clone(),
                        body: notice.body.clone(),
                        html: notice
                            .formatted
                            .as_ref()
                            .filter(|f| f.format == MessageFormat::Html)
                            .map(|f| f.body.clone()),
                        thread,
                        mentions: event
                            .content
                            .mentions
                            .as_ref()
                            .map(|m| m.user_ids.iter().cloned().collect())
                            .unwrap_or_default(),
                    },
                    MessageType::Image(image) => {
                        let info = image.info.as_deref();
                        Seen::Image {
                            room,
                            sender: event.sender.clone(),
                            body: image.body.clone(),
                            filename: image.filename.clone(),
                            thread,
                            width: info.and_then(|i| i.width).map(u64::from),
                            height: info.and_then(|i| i.height).map(u64::from),
                            size: info.and_then(|i| i.size).map(u64::from),
                            mimetype: info.and_then(|i| i.mimetype.clone()),
                            source: image.source.clone(),
                        }
                    }
                    _ => return,
                };
                notes.lock().unwrap().push(seen);
            }
        });
        let notes = seen.clone();
        client.add_event_handler(move |event: OriginalSyncReactionEvent| {
            let notes = notes.clone();
            async move {
                notes.lock().unwrap().push(Seen::Reaction {
                    sender: event.sender.clone(),
                    target: event.content.relates_to.event_id.clone(),
                    key: event.content.relates_to.key.clone(),
                });
            }
        });
        let notes = seen.clone();
        client.add_event_handler(move |event: SyncTypingEvent| {
            let notes = notes.clone();
            async move {
                notes.lock().unwrap().push(Seen::Typing {
                    users: event.content.user_ids,
                });
            }
        });
        let id = client.user_id().unwrap().to_owned();
        // Its own loop of sync rounds: matrix-sdk's `sync` sleeps a second between rounds that
        // come less than a second apart, which would make every answer look a second late.
        let syncing = client.clone();
        tokio::spawn(async move {
            loop {
                if syncing.sync_once(SyncSettings::default()).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        });
        Person {
            client,
            id,
            seen,
            _store: store,
        }
    }

    /// Creates a room (encrypted from its first event when asked) and invites `people`.
    async fn create_room(&self, encrypted: bool, people: &[&OwnedUserId]) -> OwnedRoomId {
        let mut request = create_room::v3::Request::new();
        request.invite = people.iter().map(|p| (*p).clone()).collect();
        if encrypted {
            let event: Raw<AnyInitialStateEvent> = InitialStateEvent::with_empty_state_key(
                RoomEncryptionEventContent::with_recommended_defaults(),
            )
            .to_raw_any();
            request.initial_state = vec![event];
        }
        let room = self.client.create_room(request).await.unwrap();
        room.room_id().to_owned()
    }

    /// Creates a Space and invites `people` to it.
    async fn create_space(&self, people: &[&OwnedUserId]) -> OwnedRoomId {
        let mut request = create_room::v3::Request::new();
        let mut creation = create_room::v3::CreationContent::new();
        creation.room_type = Some(RoomType::Space);
        request.creation_content = Some(Raw::new(&creation).unwrap());
        request.invite = people.iter().map(|p| (*p).clone()).collect();
        let space = self.client.create_room(request).await.unwrap();
        space.room_id().to_owned()
    }

    async fn room(&self, id: &OwnedRoomId) -> Room {
        let waited = tokio::time::timeout(PATIENCE, async {
            loop {
                if let Some(room) = self.client.get_room(id) {
                    return room;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await;
        waited.expect("the room is known to the client")
    }

    async fn join(&self, id: &OwnedRoomId) {
        let waited = tokio::time::timeout(PATIENCE, async {
            loop {
                if self.client.join_room_by_id(id).await.is_ok() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
        .await;
        waited.expect("joins the room");
    }

    /// Waits until `who` have joined the room.
    async fn wait_members(&self, id: &OwnedRoomId, who: &[&OwnedUserId]) {
        let room = self.room(id).await;
        let waited = tokio::time::timeout(PATIENCE, async {
            loop {
                let joined: Vec<OwnedUserId> = room
                    .members(RoomMemberships::JOIN)
                    .await
                    .unwrap_or_default()
                    .iter()
                    .map(|m| m.user_id().to_owned())
                    .collect();
                if who.iter().all(|w| joined.contains(w)) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
        .await;
        waited.expect("everyone joined");
    }

    /// Says `text` in the room, in the thread rooted at `thread` when given.
    async fn say(&self, id: &OwnedRoomId, text: &str, thread: Option<&OwnedEventId>) {
        let room = self.room(id).await;
        let mut content = RoomMessageEventContent::text_plain(text);
        if let Some(root) = thread {
            content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
        }
        room.send(content).await.unwrap();
    }

    async fn react(&self, id: &OwnedRoomId, target: &OwnedEventId, key: &str) {
        let room = self.room(id).await;
        room.send(ReactionEventContent::new(Annotation::new(
            target.clone(),
            key.to_string(),
        )))
        .await
        .unwrap();
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    /// The texts of the notices `bot` sent that this person saw, in order.
    fn notices_of(&self, bot: &OwnedUserId) -> Vec<String> {
        self.seen()
            .into_iter()
            .filter_map(|s| match s {
                Seen::Notice { sender, body, .. } if sender == *bot => Some(body),
                _ => None,
            })
            .collect()
    }

    /// Waits until this person has seen something `matches` accepts, and returns it.
    async fn wait_for(&self, what: &str, matches: impl Fn(&Seen) -> bool) -> Seen {
        let waited = tokio::time::timeout(PATIENCE, async {
            loop {
                if let Some(found) = self.seen().into_iter().find(|s| matches(s)) {
                    return found;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await;
        waited.unwrap_or_else(|_| panic!("never saw {what}; saw:\n{:#?}", self.seen()))
    }

    /// Waits for a notice from `bot` whose text contains `words`.
    async fn notice(&self, bot: &OwnedUserId, words: &str) -> Seen {
        self.wait_for(&format!("a notice with \"{words}\""), |s| {
            matches!(s, Seen::Notice { sender, body, .. } if sender == bot && body.contains(words))
        })
        .await
    }

    /// Downloads an image and returns its bytes (decrypted when the room is encrypted).
    async fn download(&self, source: &MediaSource) -> Vec<u8> {
        let request = MediaRequestParameters {
            source: source.clone(),
            format: MediaFormat::File,
        };
        self.client
            .media()
            .get_media_content(&request, false)
            .await
            .unwrap()
    }
}

/// The bot: the real adapter on its own data directory.
struct Bot {
    running: Running,
    service: Arc<Service>,
    id: OwnedUserId,
}

impl Bot {
    /// Starts the bot on `homeserver` (Synapse's URL, or a proxy's in front of it).
    async fn start(homeserver: &str, data: &Path, user: &str, password: &str) -> Bot {
        let values = Values {
            homeserver: Some(homeserver.to_string()),
            user: Some(user.to_string()),
            password: Some(password.to_string()),
            ..Values::default()
        };
        let config = Config::new(values, data).unwrap();
        let store = Store::open(&sqlite_url(&data.join("chatrang.db")))
            .await
            .unwrap();
        let outbox = Outbox::new("matrix").retrying_after(Duration::from_millis(100));
        let service = Arc::new(Service::new(store, default_painter()).with_outbox(outbox));
        let running = chatrang::matrix::start(config, service.clone())
            .await
            .unwrap();
        let id = running.client.user_id().unwrap().to_owned();
        Bot {
            running,
            service,
            id,
        }
    }

    async fn stop(self) {
        self.running.stop().await;
        self.service.store().close().await;
    }
}

/// A room with Alice, Bob and the bot in it.
struct World {
    bot: Option<Bot>,
    bot_login: (String, String),
    /// Where the bot connects: Synapse, or a proxy in front of it.
    homeserver: String,
    data: tempfile::TempDir,
    alice: Person,
    bob: Person,
    room: OwnedRoomId,
}

impl World {
    async fn new(encrypted: bool) -> World {
        World::with_bot_at(encrypted, &synapse().url).await
    }

    /// The same with the bot connecting to `homeserver` (the people connect to Synapse).
    async fn with_bot_at(encrypted: bool, homeserver: &str) -> World {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
            )
            .try_init();
        let bot_login = synapse().register("chatrang");
        let data = tempfile::tempdir().unwrap();
        let bot = Bot::start(homeserver, data.path(), &bot_login.0, &bot_login.1).await;
        let (alice, bob) = (Person::new("alice").await, Person::new("bob").await);
        let room = alice.create_room(encrypted, &[&bot.id, &bob.id]).await;
        bob.join(&room).await;
        alice
            .wait_members(&room, &[&alice.id, &bob.id, &bot.id])
            .await;
        World {
            bot: Some(bot),
            bot_login,
            homeserver: homeserver.to_string(),
            data,
            alice,
            bob,
            room,
        }
    }

    fn bot_id(&self) -> OwnedUserId {
        self.bot.as_ref().unwrap().id.clone()
    }

    /// New people, one per name, invited to the room by Alice; returns them once all have
    /// joined.
    async fn more_people(&self, names: &[&str]) -> Vec<Person> {
        let room = self.alice.room(&self.room).await;
        let mut people = Vec::new();
        for name in names {
            let person = Person::new(name).await;
            room.invite_user_by_id(&person.id).await.unwrap();
            person.join(&self.room).await;
            people.push(person);
        }
        let mut everyone: Vec<&OwnedUserId> = people.iter().map(|p| &p.id).collect();
        let bot = self.bot_id();
        everyone.push(&bot);
        self.alice.wait_members(&self.room, &everyone).await;
        people
    }

    async fn restart(&mut self) {
        self.bot.take().unwrap().stop().await;
        self.start_bot().await;
    }

    /// Starts the bot again on its data directory (it must be stopped).
    async fn start_bot(&mut self) {
        let (user, password) = &self.bot_login;
        let bot = Bot::start(&self.homeserver, self.data.path(), user, password).await;
        self.bot = Some(bot);
    }

    /// Alice challenges Bob to chess; Bob accepts by reacting ✅. Returns the thread's root.
    async fn game(&self) -> OwnedEventId {
        self.game_in(&self.room).await
    }

    /// The same in `room`.
    async fn game_in(&self, room: &OwnedRoomId) -> OwnedEventId {
        accepted_game(&self.alice, &self.bob, &self.bot_id(), room).await
    }
}

/// Alice challenges Bob to chess in `room`; Bob accepts by reacting ✅. Returns the thread's
/// root.
async fn accepted_game(
    alice: &Person,
    bob: &Person,
    bot: &OwnedUserId,
    room: &OwnedRoomId,
) -> OwnedEventId {
    let challenge = format!("!new chess @{}", bob.id.as_str().trim_start_matches('@'));
    let before = alice.seen().len();
    alice.say(room, &challenge, None).await;
    let Seen::Notice { event: root, mentions, .. } = alice
        .wait_for("a challenge", |s| {
            matches!(s, Seen::Notice { sender, body, .. } if sender == bot && body.contains("challenges"))
                && !alice.seen()[..before].iter().any(|old| same_event(old, s))
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(
        mentions,
        vec![bob.id.clone()],
        "the challenge pings Bob only"
    );
    // The bot offers the answers as reactions before anyone clicks.
    bob.wait_for("the bot's ✅", |s| {
        matches!(s, Seen::Reaction { sender, target, key } if sender == bot && *target == root && key == "✅")
    })
    .await;
    bob.react(room, &root, "✅").await;
    let Seen::Notice { thread, .. } = in_thread(alice, bot, &root, "accepts").await else {
        unreachable!()
    };
    assert_eq!(
        thread.as_ref(),
        Some(&root),
        "the game is played in its thread"
    );
    root
}

/// How many of `bot`'s pictures `who` saw in the thread rooted at `root`.
fn pictures_in_thread(who: &Person, bot: &OwnedUserId, root: &OwnedEventId) -> usize {
    who.seen()
        .iter()
        .filter(|s| {
            matches!(s, Seen::Image { sender, thread, .. }
                if sender == bot && thread.as_ref() == Some(root))
        })
        .count()
}

/// How many of `bot`'s notices with `words` `who` saw in the thread rooted at `root`.
fn notices_in_thread(who: &Person, bot: &OwnedUserId, root: &OwnedEventId, words: &str) -> usize {
    who.seen()
        .iter()
        .filter(|s| {
            matches!(s, Seen::Notice { sender, body, thread, .. }
                if sender == bot && body.contains(words) && thread.as_ref() == Some(root))
        })
        .count()
}

/// The moves of the game in the thread rooted at `root` of `room`, as `store` records them.
async fn moves_in_thread(store: &Store, room: &OwnedRoomId, root: &OwnedEventId) -> Vec<String> {
    let place = format!("{room}|{root}");
    let game = store
        .last_game_in_place(&place)
        .await
        .unwrap()
        .expect("the game lives in its thread");
    store
        .log(game.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == chatrang::store::LogKind::Move)
        .filter_map(|e| e.notation)
        .collect()
}

/// Whether two sightings are the same notice.
fn same_event(a: &Seen, b: &Seen) -> bool {
    matches!((a, b), (Seen::Notice { event: x, .. }, Seen::Notice { event: y, .. }) if x == y)
}

/// Waits for the bot's notice with `words` in the thread rooted at `root`, as `who` sees it.
async fn in_thread(who: &Person, bot: &OwnedUserId, root: &OwnedEventId, words: &str) -> Seen {
    who.wait_for(&format!("\"{words}\" in the game's thread"), |s| {
        matches!(s, Seen::Notice { sender, body, thread, .. }
            if sender == bot && body.contains(words) && thread.as_ref() == Some(root))
    })
    .await
}

async fn a_game_is_challenged_accepted_by_reaction_and_played_to_mate_in_its_thread(
    encrypted: bool,
) {
    let world = World::new(encrypted).await;
    let bot = world.bot_id();
    let root = world.game().await;
    let moves = [
        (&world.alice, "f2f3", "f2–f3"),
        (&world.bob, "e7e5", "e7–e5"),
        (&world.alice, "g2g4", "g2–g4"),
        (&world.bob, "d8h4", "h4"),
    ];
    for (who, typed, shown) in moves {
        who.say(&world.room, typed, Some(&root)).await;
        let Seen::Notice { mentions, .. } = in_thread(&world.alice, &bot, &root, shown).await
        else {
            unreachable!()
        };
        if typed != "d8h4" {
            let next = if who.id == world.alice.id {
                &world.bob
            } else {
                &world.alice
            };
            assert_eq!(
                mentions,
                vec![next.id.clone()],
                "only the side to move is pinged"
            );
        }
    }
    in_thread(&world.alice, &bot, &root, "checkmate").await;
    // The boards are images in the thread whose stated size is the picture's.
    let image = world
        .alice
        .wait_for("a board picture", |s| {
            matches!(s, Seen::Image { sender, thread, .. } if *sender == bot && thread.as_ref() == Some(&root))
        })
        .await;
    let Seen::Image {
        width,
        height,
        size,
        mimetype,
        source,
        ..
    } = image
    else {
        unreachable!()
    };
    assert_eq!(mimetype.as_deref(), Some("image/png"));
    assert_eq!(matches!(source, MediaSource::Encrypted(_)), encrypted);
    let png = world.alice.download(&source).await;
    assert_eq!(size, Some(png.len() as u64));
    let decoded = image::load_from_memory(&png).expect("the board is a PNG");
    assert_eq!(
        (width, height),
        (Some(decoded.width() as u64), Some(decoded.height() as u64))
    );
    // The game's replay follows in its thread by itself: an animated GIF, a frame for the
    // start and each of the four moves, its size stated.
    let replay = world
        .alice
        .wait_for("the game's replay", |s| {
            matches!(s, Seen::Image { sender, thread, mimetype, .. }
                if *sender == bot && thread.as_ref() == Some(&root)
                    && mimetype.as_deref() == Some("image/gif"))
        })
        .await;
    let Seen::Image {
        width,
        height,
        source,
        body,
        ..
    } = replay
    else {
        unreachable!()
    };
    assert!(body.to_lowercase().contains("replay"), "{body}");
    let gif = world.alice.download(&source).await;
    let frames: Vec<_> = image::AnimationDecoder::into_frames(
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF"),
    )
    .collect_frames()
    .expect("every frame decodes");
    assert_eq!(frames.len(), 5);
    let first = frames[0].buffer();
    assert_eq!(
        (width, height),
        (Some(first.width() as u64), Some(first.height() as u64))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_challenge_to_mate() {
    a_game_is_challenged_accepted_by_reaction_and_played_to_mate_in_its_thread(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_encrypted_game_from_challenge_to_mate() {
    a_game_is_challenged_accepted_by_reaction_and_played_to_mate_in_its_thread(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_encrypted_game_goes_on_across_a_restart_of_the_bot() {
    let mut world = World::new(true).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "e2–e4").await;
    world.restart().await;
    // Same device, same keys: the bot reads Bob's encrypted move after the restart.
    world.bob.say(&world.room, "e7e5", Some(&root)).await;
    let Seen::Notice { mentions, .. } = in_thread(&world.bob, &bot, &root, "e7–e5").await else {
        unreachable!()
    };
    assert_eq!(mentions, vec![world.alice.id.clone()]);
    let image = world
        .bob
        .wait_for("an encrypted board", |s| {
            matches!(s, Seen::Image { source: MediaSource::Encrypted(_), thread, .. } if thread.as_ref() == Some(&root))
        })
        .await;
    let Seen::Image { source, .. } = image else {
        unreachable!()
    };
    let png = world.bob.download(&source).await;
    assert!(png.starts_with(b"\x89PNG"), "the board decrypts to a PNG");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_move_and_a_move_out_of_turn_get_a_notice_to_the_sender_and_change_nothing() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world
        .alice
        .say(&world.room, "!move e2e5", Some(&root))
        .await;
    let Seen::Notice { mentions, body, .. } = world
        .alice
        .wait_for("a refusal of e2e5", |s| {
            matches!(s, Seen::Notice { sender, mentions, body, .. }
                if *sender == bot && mentions == &vec![world.alice.id.clone()] && body.contains("e2e5"))
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(mentions, vec![world.alice.id.clone()], "{body}");
    world.bob.say(&world.room, "!move e7e5", Some(&root)).await;
    let Seen::Notice { body, .. } = world
        .bob
        .wait_for("a refusal out of turn", |s| {
            matches!(s, Seen::Notice { sender, mentions, body, .. }
                if *sender == bot && mentions == &vec![world.bob.id.clone()] && body.contains("White"))
        })
        .await
    else {
        unreachable!()
    };
    assert!(!body.contains("e7–e5"), "{body}");
    // Nothing changed: White still moves first.
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "e2–e4").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reaction_on_an_old_board_or_by_a_stranger_is_refused() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    // The challenge's ✅ again, now that the game has begun: the board has moved on.
    world.bob.react(&world.room, &root, "❌").await;
    let Seen::Notice { body, .. } = world
        .bob
        .wait_for("a refusal of an old choice", |s| {
            matches!(s, Seen::Notice { sender, mentions, body, .. }
                if *sender == bot && mentions == &vec![world.bob.id.clone()] && body.contains("moved on"))
        })
        .await
    else {
        unreachable!()
    };
    assert!(body.contains("moved on"), "{body}");
    // A draw offer by Alice; only Bob may answer it, not a stranger in the room.
    world.alice.say(&world.room, "!draw", Some(&root)).await;
    let Seen::Notice { event: offer, .. } =
        in_thread(&world.alice, &bot, &root, "offers a draw").await
    else {
        unreachable!()
    };
    let carol = Person::new("carol").await;
    world
        .alice
        .room(&world.room)
        .await
        .invite_user_by_id(&carol.id)
        .await
        .unwrap();
    carol.join(&world.room).await;
    carol
        .wait_for("the bot's ✅ on the offer", |s| {
            matches!(s, Seen::Reaction { sender, target, .. } if *sender == bot && *target == offer)
        })
        .await;
    carol.react(&world.room, &offer, "✅").await;
    carol
        .wait_for("a refusal for the stranger", |s| {
            matches!(s, Seen::Notice { sender, mentions, body, .. }
                if *sender == bot && mentions == &vec![carol.id.clone()] && !body.contains("accepts"))
        })
        .await;
    world.bob.react(&world.room, &offer, "✅").await;
    in_thread(&world.alice, &bot, &root, "accepts the draw").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_sent_while_the_bot_is_stopped_are_handled_once_when_it_starts() {
    let mut world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.bot.take().unwrap().stop().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    world.start_bot().await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    world.bob.say(&world.room, "e7e5", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "e7–e5").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let played: Vec<Seen> = world
        .alice
        .seen()
        .into_iter()
        .filter(|s| matches!(s, Seen::Notice { sender, body, .. } if *sender == bot && body.contains("e2–e4")))
        .collect();
    assert_eq!(played.len(), 1, "{played:#?}");
}

/// Fool's mate in the game's thread: Bob (Black) wins.
async fn fools_mate(world: &World, room: &OwnedRoomId, root: &OwnedEventId) {
    let bot = world.bot_id();
    for (who, typed) in [
        (&world.alice, "f2f3"),
        (&world.bob, "e7e5"),
        (&world.alice, "g2g4"),
        (&world.bob, "d8h4"),
    ] {
        who.say(room, typed, Some(root)).await;
        let shown = format!("–{}", &typed[2..]);
        in_thread(&world.alice, &bot, root, &shown).await;
    }
    in_thread(&world.alice, &bot, root, "checkmate").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_of_a_spaces_rooms_share_one_leaderboard() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    // A Space holding the game room and a second room.
    let space = world.alice.create_space(&[&bot, &world.bob.id]).await;
    let lounge = world.alice.create_room(false, &[&bot, &world.bob.id]).await;
    let server: OwnedServerName = "localhost".try_into().unwrap();
    let space_room = world.alice.room(&space).await;
    for child in [&world.room, &lounge] {
        space_room
            .send_state_event_for_key(child, SpaceChildEventContent::new(vec![server.clone()]))
            .await
            .unwrap();
        world
            .alice
            .room(child)
            .await
            .send_state_event_for_key(&space, SpaceParentEventContent::new(vec![server.clone()]))
            .await
            .unwrap();
    }
    world.alice.wait_members(&space, &[&bot]).await;
    world.alice.wait_members(&lounge, &[&bot]).await;
    // Two games in the game room, both won by Bob.
    for _ in 0..2 {
        let root = world.game_in(&world.room).await;
        fools_mate(&world, &world.room, &root).await;
    }
    // The lounge, another room of the Space, shows the Space's leaderboard.
    world.alice.say(&lounge, "!leaderboard chess", None).await;
    let Seen::Notice { body, .. } = world
        .alice
        .wait_for("the Space's leaderboard", |s| {
            matches!(s, Seen::Notice { sender, body, .. } if *sender == bot && body.contains("Glicko"))
        })
        .await
    else {
        unreachable!()
    };
    let bob_name = world.bob.id.localpart();
    let alice_name = world.alice.id.localpart();
    assert!(
        body.contains(bob_name) && body.contains(alice_name),
        "{body}"
    );
    assert!(body.contains("2 games: 2 won"), "{body}");
}

/// A room that names a Space as its parent, when the bot is not in that Space, counts as its
/// own server: the bot cannot check the claim, and a Space's games and leaderboards belong to
/// the Space. So two such rooms do not share a leaderboard.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rooms_claim_to_a_space_the_bot_is_not_in_is_not_trusted() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let space = world.alice.create_space(&[]).await;
    let lounge = world.alice.create_room(false, &[&bot, &world.bob.id]).await;
    let server: OwnedServerName = "localhost".try_into().unwrap();
    for child in [&world.room, &lounge] {
        world
            .alice
            .room(child)
            .await
            .send_state_event_for_key(&space, SpaceParentEventContent::new(vec![server.clone()]))
            .await
            .unwrap();
    }
    world.alice.wait_members(&lounge, &[&bot]).await;
    let root = world.game_in(&world.room).await;
    fools_mate(&world, &world.room, &root).await;
    // The game room has its leaderboard; the lounge, which claims the same Space, has none.
    world
        .alice
        .say(&world.room, "!leaderboard chess", None)
        .await;
    world.alice.notice(&bot, "1 game: 1 won").await;
    world.alice.say(&lounge, "!leaderboard chess", None).await;
    world
        .alice
        .notice(
            &bot,
            "Nobody has finished a rated game of Chess on this server yet.",
        )
        .await;
}

/// More than any Catalonia game of five turns needs; reaching it means the game never ended.
const MAX_STEPS: usize = 2000;

/// The newest notice of the bot in the thread rooted at `root` that `who` saw after the first
/// `after` sightings.
async fn next_in_thread(
    who: &Person,
    bot: &OwnedUserId,
    root: &OwnedEventId,
    after: usize,
) -> Seen {
    let waited = tokio::time::timeout(PATIENCE, async {
        loop {
            let seen = who.seen();
            let fresh = seen.get(after..).unwrap_or_default();
            if let Some(found) = fresh.iter().rev().find(|s| {
                matches!(s, Seen::Notice { sender, thread, .. } if sender == bot && thread.as_ref() == Some(root))
            }) {
                return found.clone();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("no new notice in the thread; saw:\n{:#?}", who.seen()))
}

/// A Catalonia group game, two people a side, played to its final score. The players are driven
/// only by what the bot shows them: the people it mentions act; a pending decision (bomb
/// target, escape square …) is answered with `!click 1`, other turns with a legal move (taken
/// from the service, as Discord's autocomplete would offer it) typed in the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catalonia_group_game_with_two_people_a_side_reaches_scoring() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let (carol, dave) = (Person::new("carol").await, Person::new("dave").await);
    let room = world.alice.room(&world.room).await;
    for person in [&carol, &dave] {
        room.invite_user_by_id(&person.id).await.unwrap();
        person.join(&world.room).await;
    }
    world
        .alice
        .wait_members(&world.room, &[&carol.id, &dave.id])
        .await;
    world
        .alice
        .say(&world.room, "!new catalonia team turns=5", None)
        .await;
    let Seen::Notice { event: root, .. } = world.alice.notice(&bot, "Catalonia").await else {
        unreachable!()
    };
    for (who, side) in [(&carol, "black"), (&world.bob, "white"), (&dave, "black")] {
        who.say(&world.room, &format!("!join {side}"), Some(&root))
            .await;
        in_thread(
            &world.alice,
            &bot,
            &root,
            &format!("joins {}", capitalised(side)),
        )
        .await;
    }
    let people = [&world.alice, &world.bob, &carol, &dave];
    let service = world.bot.as_ref().unwrap().service.clone();
    let place = format!("{}|{}", world.room, root);
    let mut last = next_in_thread(&world.alice, &bot, &root, 0).await;
    let mut actors_seen = std::collections::HashSet::new();
    let mut turns = std::collections::HashMap::new();
    for step in 0..MAX_STEPS {
        let Seen::Notice { body, mentions, .. } = &last else {
            unreachable!()
        };
        if body.contains("final score") {
            break;
        }
        let to_act: Vec<&&Person> = people.iter().filter(|p| mentions.contains(&p.id)).collect();
        assert!(
            !to_act.is_empty(),
            "step {step}: nobody was asked to act: {body}"
        );
        let key: Vec<String> = to_act.iter().map(|p| p.id.to_string()).collect();
        let turn = turns.entry(key.join(",")).or_insert(0);
        let actor = to_act[*turn % to_act.len()];
        *turn += 1;
        actors_seen.insert(actor.id.clone());
        let before = world.alice.seen().len();
        if body.contains("React with a key") {
            actor.say(&world.room, "!click 1", Some(&root)).await;
        } else {
            let request = chatrang::service::Request::new(
                chatrang::service::User::new(actor.id.to_string(), actor.id.localpart()),
                chatrang::service::Place::new(world.room.to_string(), place.clone()),
            );
            let offered = service.legal_moves(&request, "").await.unwrap();
            let first = offered
                .moves
                .first()
                .unwrap_or_else(|| panic!("step {step}: no legal move: {:?}", offered.note))
                .clone();
            actor.say(&world.room, &first, Some(&root)).await;
        }
        last = next_in_thread(&world.alice, &bot, &root, before).await;
        // Every answer is about the game (a refusal would be a sentence to the actor alone).
        let Seen::Notice { body, .. } = &last else {
            unreachable!()
        };
        assert!(body.contains("Game #"), "step {step} was refused: {body}");
    }
    let Seen::Notice { body, .. } = &last else {
        unreachable!()
    };
    assert!(body.contains("final score"), "{body}");
    assert_eq!(actors_seen.len(), 4, "every player acted");
    world
        .alice
        .say(&world.room, "!leaderboard catalonia", None)
        .await;
    let Seen::Notice { body, .. } = world.alice.notice(&bot, "scores").await else {
        unreachable!()
    };
    assert!(body.contains(carol.id.localpart()), "{body}");
}

fn capitalised(side: &str) -> String {
    let mut chars = side.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_command_is_not_applied_again() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    let room = world.alice.room(&world.room).await;
    let mut first = RoomMessageEventContent::text_plain("!move e2e4");
    first.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    let original = room.send(first).await.unwrap().response.event_id;
    in_thread(&world.alice, &bot, &root, "e2–e4").await;
    // Alice edits her command into another move: an edit is not a new command.
    let mut edit = RoomMessageEventContent::text_plain("* !move d2d4");
    edit.relates_to = Some(Relation::Replacement(Replacement::new(
        original,
        RoomMessageEventContentWithoutRelation::text_plain("!move d2d4"),
    )));
    room.send(edit).await.unwrap();
    // Bob's answer is the next thing the bot says; d2–d4 was never played.
    world.bob.say(&world.room, "e7e5", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "e7–e5").await;
    let said = world.alice.notices_of(&bot);
    assert!(said.iter().all(|b| !b.contains("d2–d4")), "{said:#?}");
    assert_eq!(
        said.iter().filter(|b| b.contains("e2–e4")).count(),
        1,
        "{said:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_moderator_may_abort_a_game_and_nobody_else_may() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    let carol = Person::new("carol").await;
    let room = world.alice.room(&world.room).await;
    room.invite_user_by_id(&carol.id).await.unwrap();
    carol.join(&world.room).await;
    carol.say(&world.room, "!abort", Some(&root)).await;
    carol
        .wait_for("a refusal for a member who is not a moderator", |s| {
            matches!(s, Seen::Notice { sender, mentions, body, .. }
                if *sender == bot && mentions == &vec![carol.id.clone()] && body.contains("Only a moderator"))
        })
        .await;
    // Alice made the room (power level 100) and makes Carol a moderator (50).
    room.update_power_levels(vec![(&carol.id, 50.into())])
        .await
        .unwrap();
    carol.say(&world.room, "!abort", Some(&root)).await;
    in_thread(&world.alice, &bot, &root, "(a moderator) aborts the game").await;
    world.bob.say(&world.room, "!move e7e5", Some(&root)).await;
    world
        .bob
        .wait_for("a refusal of a move in the aborted game", |s| {
            matches!(s, Seen::Notice { sender, mentions, body, .. }
                if *sender == bot && mentions == &vec![world.bob.id.clone()]
                    && body.contains("game #1 (Chess) is over (aborted by"))
        })
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_bot_waits_and_every_board_arrives() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let admin = Person::new_admin("admin").await;
    let token = admin.client.access_token().unwrap();
    // One event a second, no burst: each reply (a notice, its reactions, the board) is more.
    synapse().limit_messages(&token, bot.as_str(), 1, 1);
    let root = world.game().await;
    fools_mate(&world, &world.room, &root).await;
    let boards = |who: &Person| {
        who.seen()
            .iter()
            .filter(|s| matches!(s, Seen::Image { sender, thread, .. } if *sender == bot && thread.as_ref() == Some(&root)))
            .count()
    };
    // The accepted game's board and one after each of the four moves.
    world
        .alice
        .wait_for("the five boards", |_| boards(&world.alice) >= 5)
        .await;
    assert_eq!(boards(&world.alice), 5);
    assert!(
        synapse().rate_limited(bot.as_str()) > 0,
        "the homeserver never refused the bot, so nothing was tested"
    );
}

/// What `chatrang matrix` logged at `rust_log` (its default when `None`) while Alice, in a
/// room of her own with it (encrypted when asked), had each of `commands` answered: the binary
/// is started with a new account, serves, and is killed. Also returns the account's password.
async fn log_of_the_binary(
    rust_log: Option<&str>,
    encrypted: bool,
    commands: &[(&str, &str)],
) -> (String, String) {
    let (user, password) = synapse().register("chatrang");
    let data = tempfile::tempdir().unwrap();
    let log_path = data.path().join("bot.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_chatrang"));
    command
        .arg("matrix")
        .arg("--data")
        .arg(data.path())
        .env("MATRIX_HOMESERVER", &synapse().url)
        .env("MATRIX_USER", &user)
        .env("MATRIX_PASSWORD", &password)
        .env_remove("RUST_LOG")
        .env_remove("DATABASE_URL")
        .stderr(log.try_clone().unwrap())
        .stdout(log);
    if let Some(level) = rust_log {
        command.env("RUST_LOG", level);
    }
    let mut bot = command.spawn().unwrap();
    let alice = Person::new("alice").await;
    let bot_id = OwnedUserId::try_from(format!("@{user}:{}", alice.id.server_name())).unwrap();
    let room = alice.create_room(encrypted, &[&bot_id]).await;
    alice.wait_members(&room, &[&alice.id, &bot_id]).await;
    for (said, answered) in commands {
        alice.say(&room, said, None).await;
        alice.notice(&bot_id, answered).await;
    }
    let _ = bot.kill();
    let _ = bot.wait();
    (std::fs::read_to_string(&log_path).unwrap(), password)
}

/// The password never reaches the logs, even at the most verbose level, where matrix-sdk and
/// its HTTP client log their own traces: `chatrang matrix` logs in, serves a command, and its
/// whole log is searched. Written to a file, the log is plain text, without colour escapes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_password_is_never_logged() {
    let (logged, password) =
        log_of_the_binary(Some("trace"), false, &[("!help", "Commands")]).await;
    assert!(logged.lines().count() > 20, "the trace log was written");
    assert!(!logged.contains(&password), "the password is in the log");
    assert!(
        !logged.contains('\u{1b}'),
        "colour escapes in a log file: {}",
        logged.lines().next().unwrap_or_default()
    );
}

/// At its default level the log says what the bot does, without matrix-sdk's repeated
/// warnings that there is no room key backup: `chatrang matrix` serves commands in an
/// encrypted room (where it makes and shares room keys), and its log is read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_default_log_has_no_warnings_about_a_key_backup_the_bot_does_not_use() {
    let commands = [("!help", "Commands"), ("!games", "games")];
    let (logged, _) = log_of_the_binary(None, true, &commands).await;
    assert!(logged.contains("connected to Matrix"), "{logged}");
    assert!(!logged.contains("backup"), "{logged}");
    println!("the log of a start and two commands:\n{logged}");
}

/// Every server is its own house (issue 33): from a room of another community, where she is
/// the room's admin, Mallory is answered about the game of Alice's room exactly as about a
/// number never used, and nothing reaches the game or its thread. A challenge to the bot's own
/// account is refused with the way to play the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_rooms_admin_reaches_no_game_here_and_the_bot_takes_no_challenge() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    let service = world.bot.as_ref().unwrap().service.clone();
    let before = service.store().game(1).await.unwrap().unwrap();
    let mallory = Person::new("mallory").await;
    let hers = mallory.create_room(false, &[&bot]).await;
    mallory.wait_members(&hers, &[&mallory.id, &bot]).await;
    // Every command of the table that names a game, and one number never used.
    let commands = [
        ("!accept", 1),
        ("!decline", 1),
        ("!join", 1),
        ("!leave", 1),
        ("!move e7e5", 1),
        ("!moves e7", 1),
        ("!board", 1),
        ("!resign", 1),
        ("!draw", 1),
        ("!undo", 1),
        ("!history", 1),
        ("!rematch", 1),
        ("!abort", 1),
        ("!hint", 1),
        ("!board", 77),
    ];
    let answers_seen = || -> Vec<String> {
        mallory
            .seen()
            .into_iter()
            .filter_map(|s| match s {
                Seen::Notice { sender, body, .. } if sender == bot => Some(body),
                _ => None,
            })
            .collect()
    };
    for (n, (command, id)) in commands.iter().enumerate() {
        mallory.say(&hers, &format!("{command} #{id}"), None).await;
        mallory
            .wait_for(&format!("the answer to {command} #{id}"), |_| {
                answers_seen().len() > n
            })
            .await;
        let expected = format!("There is no game #{id}; !games lists yours.");
        let answer = answers_seen()[n].clone();
        assert!(answer.ends_with(&expected), "{command} #{id}: {answer}");
    }
    assert_eq!(
        answers_seen().len(),
        commands.len(),
        "one refusal per command, nothing else: {:#?}",
        mallory.seen()
    );
    // The leaderboard of her room knows nothing of the game's players.
    mallory.say(&hers, "!leaderboard chess", None).await;
    mallory
        .notice(
            &bot,
            "Nobody has finished a rated game of Chess on this server yet",
        )
        .await;
    assert_eq!(service.store().game(1).await.unwrap().unwrap(), before);
    let in_game_thread = world
        .alice
        .seen()
        .into_iter()
        .filter(|s| matches!(s, Seen::Notice { thread, .. } if thread.as_ref() == Some(&root)))
        .count();
    // The challenge to the bot's own account.
    world
        .alice
        .say(&world.room, &format!("!new chess {bot}"), None)
        .await;
    world
        .alice
        .notice(
            &bot,
            "The bot does not accept challenges; to play the bot, use the ai option",
        )
        .await;
    assert_eq!(
        service
            .store()
            .open_games_of_user(bot.as_str())
            .await
            .unwrap()
            .len(),
        0
    );
    let after = world
        .alice
        .seen()
        .into_iter()
        .filter(|s| matches!(s, Seen::Notice { thread, .. } if thread.as_ref() == Some(&root)))
        .count();
    assert_eq!(in_game_thread, after, "nothing more in the game's thread");
}

/// `!click N` is the service's `/click`, as a reaction is: it is refused in the very words the
/// console and Discord use (tests/discord/click.rs), and a number picks what its key picks,
/// in the game's thread or under the challenge in the room's timeline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_choice_is_picked_by_number_and_refused_in_the_words_of_every_platform() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let bob = world.bob.id.clone();
    world.bob.say(&world.room, "!click 1", None).await;
    let Seen::Notice { body, .. } = world.bob.notice(&bot, "no choices").await else {
        unreachable!()
    };
    assert_eq!(
        body,
        format!(
            "{bob}: There are no choices here to pick from; !board shows the game with its choices again, and !help lists the commands to type."
        )
    );
    let challenge = format!("!new chess @{}", bob.as_str().trim_start_matches('@'));
    world.alice.say(&world.room, &challenge, None).await;
    let Seen::Notice { event: root, .. } = world.alice.notice(&bot, "challenges").await else {
        unreachable!()
    };
    // The challenge's list is remembered in the game's new thread once it is posted.
    let store = world.bot.as_ref().unwrap().service.store().clone();
    let thread = format!("{}|{root}", world.room);
    let remembered = async {
        while store.newest_choices(&thread).await.unwrap().is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(PATIENCE, remembered).await.unwrap();
    world.bob.say(&world.room, "!click 9", Some(&root)).await;
    let Seen::Notice { body, .. } = world.bob.notice(&bot, "no choice 9").await else {
        unreachable!()
    };
    assert_eq!(
        body,
        format!(
            "{bob}: There is no choice 9; the last list here has 2. !board shows the game with its choices again."
        )
    );
    // The challenge is also in the room's timeline, which tells people to type `!click N`:
    // typed there, under it, it picks from the same list.
    world.bob.say(&world.room, "!click 1", None).await;
    in_thread(&world.alice, &bot, &root, "accepts").await;
}
