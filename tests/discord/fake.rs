//! A fake Discord for the end-to-end tests: an HTTP server and a gateway websocket on
//! 127.0.0.1 (a fresh port per test) that speak just enough of Discord's API for serenity and
//! poise: HELLO / IDENTIFY / READY and heartbeats on the gateway, interactions pushed by the
//! test, and the REST endpoints the adapter calls (interaction callbacks, followups, channel
//! messages, threads, command registration). Every request is recorded, with its JSON body
//! (or multipart `payload_json`) and files, so tests assert on exactly what the bot sent.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::Duration,
};

use axum::{
    Router,
    body::Bytes,
    extract::{
        DefaultBodyLimit, FromRequest, Multipart, Request, State,
        ws::{Message as WsMessage, WebSocket, WebSocketUpgrade},
    },
    http::{Method, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::{Value, json};
use tokio::sync::watch;

pub const APP_ID: &str = "1000000000000000001";
pub const BOT_ID: &str = "1000000000000000002";
pub const GUILD_ID: &str = "1000000000000000003";
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";
/// How long a test waits for the bot before it fails with the list of requests seen. A
/// safety net against hanging, not a speed requirement.
const PATIENCE: Duration = Duration::from_secs(30);

/// What an ordinary member may do in a channel: view it, send messages (in threads too),
/// embed links, attach files, read history and use application commands.
pub const MEMBER_PERMISSIONS: u64 =
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 38);
/// Manage Messages, which makes a member a moderator for the bot.
pub const MANAGE_MESSAGES: u64 = 1 << 13;
/// Administrator.
pub const ADMINISTRATOR: u64 = 1 << 3;

/// Somebody using Discord.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: String,
    pub name: String,
    /// Their permissions in the channels of the fake's servers, as Discord computes them for
    /// an interaction (the member's `permissions`).
    pub permissions: u64,
}

impl Person {
    /// An ordinary member, with [`MEMBER_PERMISSIONS`].
    pub fn new(id: u64, name: &str) -> Person {
        Person {
            id: id.to_string(),
            name: name.to_string(),
            permissions: MEMBER_PERMISSIONS,
        }
    }

    /// A member who may manage messages: a moderator.
    pub fn moderator(id: u64, name: &str) -> Person {
        Person {
            permissions: MEMBER_PERMISSIONS | MANAGE_MESSAGES,
            ..Person::new(id, name)
        }
    }

    /// A server administrator (every permission).
    pub fn admin(id: u64, name: &str) -> Person {
        Person {
            permissions: MEMBER_PERMISSIONS | ADMINISTRATOR,
            ..Person::new(id, name)
        }
    }

    fn user_json(&self) -> Value {
        json!({"id": self.id, "username": self.name, "discriminator": "0", "avatar": null,
               "global_name": self.name})
    }

    fn member_json(&self) -> Value {
        json!({"user": self.user_json(), "roles": [], "joined_at": TIMESTAMP, "deaf": false,
               "mute": false, "flags": 0, "permissions": self.permissions.to_string()})
    }
}

/// A channel or thread of the fake server.
#[derive(Clone, Debug)]
pub struct Channel {
    pub id: String,
    /// Discord's channel type: 0 a text channel, 11 a public thread.
    pub kind: u8,
    /// The server the channel belongs to ([`GUILD_ID`] unless [`Channel::in_guild`] says).
    pub guild: String,
}

impl Channel {
    pub fn text(id: u64) -> Channel {
        Channel {
            id: id.to_string(),
            kind: 0,
            guild: GUILD_ID.to_string(),
        }
    }

    pub fn thread(id: &str) -> Channel {
        Channel {
            id: id.to_string(),
            kind: 11,
            guild: GUILD_ID.to_string(),
        }
    }

    /// A direct-message channel between one person and the bot (Discord's type 1).
    pub fn direct(id: u64) -> Channel {
        Channel {
            id: id.to_string(),
            kind: 1,
            guild: GUILD_ID.to_string(),
        }
    }

    /// The same channel in another server.
    pub fn in_guild(self, guild: &str) -> Channel {
        Channel {
            guild: guild.to_string(),
            ..self
        }
    }
}

/// One request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: Method,
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    pub files: Vec<FilePart>,
    /// What the fake answered (a message, a thread), for tests that click a message's buttons.
    pub answer: Value,
    /// The HTTP status the fake answered with.
    pub status: u16,
    /// Who saw the message, by Discord's rule for followups: the first followup after a
    /// public "thinking…" takes its place and stays public, whatever its flags ask, unless the
    /// bot deleted the "thinking…" message first. `None`: the flags decide.
    pub shown_privately: Option<bool>,
    /// A channel message Discord recognised by its nonce as one already posted: it answered
    /// with the earlier message and posted nothing.
    pub repeated: bool,
}

#[derive(Clone, Debug)]
pub struct FilePart {
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl Recorded {
    /// The message text sent.
    pub fn content(&self) -> &str {
        self.json
            .get("content")
            .or_else(|| self.json.pointer("/data/content"))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The content as Discord shows it: the Markdown escapes the bot writes so that a place
    /// ("1. alice") is not read as a list item are gone, as on the screen.
    pub fn shown(&self) -> String {
        self.content().replace("\\.", ".").replace("\\)", ")")
    }

    /// True for a message only its user sees (flag 64), in a response or a followup, by
    /// Discord's visibility rule (see [`Recorded::shown_privately`]).
    pub fn is_ephemeral(&self) -> bool {
        if let Some(private) = self.shown_privately {
            return private;
        }
        let flags = self
            .json
            .get("flags")
            .or_else(|| self.json.pointer("/data/flags"))
            .and_then(Value::as_u64)
            .unwrap_or(0);
        flags & 64 != 0
    }

    /// The users the message may ping.
    pub fn allowed_users(&self) -> Vec<String> {
        let mentions = self
            .json
            .get("allowed_mentions")
            .or_else(|| self.json.pointer("/data/allowed_mentions"));
        mentions
            .and_then(|m| m.get("users"))
            .and_then(Value::as_array)
            .map(|users| {
                users
                    .iter()
                    .filter_map(|u| u.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The roles the message may ping.
    pub fn allowed_roles(&self) -> Vec<String> {
        let mentions = self
            .json
            .get("allowed_mentions")
            .or_else(|| self.json.pointer("/data/allowed_mentions"));
        mentions
            .and_then(|m| m.get("roles"))
            .and_then(Value::as_array)
            .map(|roles| {
                roles
                    .iter()
                    .filter_map(|r| r.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether the message may ping everyone or roles (it never should).
    pub fn may_ping_crowds(&self) -> bool {
        let mentions = self
            .json
            .get("allowed_mentions")
            .or_else(|| self.json.pointer("/data/allowed_mentions"));
        match mentions {
            None => true,
            Some(m) => m
                .get("parse")
                .and_then(Value::as_array)
                .is_some_and(|p| !p.is_empty()),
        }
    }

    /// The ids of the message's buttons.
    pub fn button_ids(&self) -> Vec<String> {
        let components = self
            .json
            .get("components")
            .or_else(|| self.json.pointer("/data/components"));
        components
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|button| button["custom_id"].as_str().map(String::from))
            .collect()
    }

    /// The PNG pictures attached.
    pub fn pngs(&self) -> Vec<&FilePart> {
        self.files
            .iter()
            .filter(|f| f.bytes.starts_with(b"\x89PNG") && f.filename.ends_with(".png"))
            .collect()
    }
}

struct Shared {
    port: u16,
    requests: Mutex<Vec<Recorded>>,
    /// Bumped at every recorded request, so waiting tests wake up.
    count: watch::Sender<usize>,
    /// How many shards the bot is told to use (`GET /gateway/bot`).
    shard_count: u32,
    /// Every event pushed to the bot, by shard, in order: event `i` of a shard has the
    /// sequence number `i + 2` in that shard's session (READY is 1). A session sends them as
    /// they come; a resumed one first sends those it missed.
    events: Mutex<HashMap<u32, Vec<(String, Value)>>>,
    /// Bumped to wake the gateway sessions: a new event, or the test asking to drop one.
    gateway_wake: watch::Sender<u64>,
    /// Drop a gateway connection at once, without a close frame (a network failure).
    drop_gateway: AtomicBool,
    /// How many sessions the bot identified and resumed.
    identified: AtomicU64,
    resumed: AtomicU64,
    /// The `[shard, total]` of each IDENTIFY, in order.
    identified_shards: Mutex<Vec<[u32; 2]>>,
    /// The server of each channel the fake has seen (threads take their parent's).
    channel_guilds: Mutex<HashMap<String, String>>,
    next_id: AtomicU64,
    /// The channel each interaction token belongs to (followups land there).
    token_channels: Mutex<HashMap<String, String>>,
    /// Files people attached to their commands, by name, served at `/cdn/NAME` as Discord's
    /// CDN serves attachments.
    attachments: Mutex<HashMap<String, Vec<u8>>>,
    threads_forbidden: AtomicBool,
    /// Failures to answer to the next thread creations, in order (500, 503 …).
    failing_threads: Mutex<Vec<u16>>,
    /// Refuse the next followup message (400), as Discord does with a malformed one.
    refuse_next_followup: AtomicBool,
    /// Failures to answer to the next followups and channel messages, in order (a status:
    /// 500, 429 …).
    failing_followups: Mutex<Vec<u16>>,
    failing_posts: Mutex<Vec<u16>>,
    /// Interactions answered with a public "thinking…" whose place no followup has taken yet
    /// (by token).
    thinking: Mutex<HashMap<String, bool>>,
    /// Channel messages by (channel, nonce), for Discord's enforced nonces.
    nonces: Mutex<HashMap<(String, String), Value>>,
}

impl Shared {
    fn new_id(&self) -> String {
        self.next_id.fetch_add(1, Ordering::SeqCst).to_string()
    }

    fn record(&self, recorded: Recorded) {
        self.requests.lock().unwrap().push(recorded);
        self.count.send_modify(|n| *n += 1);
    }

    /// The server of a channel the fake has seen, or [`GUILD_ID`].
    fn guild_of(&self, channel: &str) -> String {
        self.channel_guilds
            .lock()
            .unwrap()
            .get(channel)
            .cloned()
            .unwrap_or_else(|| GUILD_ID.to_string())
    }

    /// The shard that receives an event, as Discord routes it: a server's events go to shard
    /// `(server id >> 22) % shards`, everything else (direct messages) to shard 0.
    fn shard_of(&self, event: &Value) -> u32 {
        event["guild_id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .map_or(0, |id| ((id >> 22) % u64::from(self.shard_count)) as u32)
    }
}

/// The running fake.
pub struct Fake {
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Fake {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl Fake {
    pub async fn start() -> Fake {
        Fake::start_sharded(1).await
    }

    /// A fake that tells the bot to use `shards` gateway shards, and routes each event to the
    /// session of its shard.
    pub async fn start_sharded(shards: u32) -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared {
            port,
            requests: Mutex::new(Vec::new()),
            count: watch::channel(0).0,
            shard_count: shards,
            events: Mutex::new(HashMap::new()),
            gateway_wake: watch::channel(0).0,
            drop_gateway: AtomicBool::new(false),
            identified: AtomicU64::new(0),
            resumed: AtomicU64::new(0),
            identified_shards: Mutex::new(Vec::new()),
            channel_guilds: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1_500_000_000_000_000_000),
            token_channels: Mutex::new(HashMap::new()),
            attachments: Mutex::new(HashMap::new()),
            threads_forbidden: AtomicBool::new(false),
            failing_threads: Mutex::new(Vec::new()),
            refuse_next_followup: AtomicBool::new(false),
            failing_followups: Mutex::new(Vec::new()),
            failing_posts: Mutex::new(Vec::new()),
            thinking: Mutex::new(HashMap::new()),
            nonces: Mutex::new(HashMap::new()),
        });
        let app = Router::new()
            .route("/gateway", get(gateway))
            .route("/cdn/{name}", get(attachment))
            .fallback(rest)
            .layer(DefaultBodyLimit::disable())
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Fake { shared, server }
    }

    /// An attachment option carrying `bytes` as a file called `filename`, which the fake's CDN
    /// serves (a command's attached file).
    pub fn attachment_option(&self, option: &str, filename: &str, bytes: &[u8]) -> Value {
        let id = self.shared.new_id();
        let name = format!("{id}-{filename}");
        self.shared
            .attachments
            .lock()
            .unwrap()
            .insert(name.clone(), bytes.to_vec());
        let url = format!("http://127.0.0.1:{}/cdn/{name}", self.shared.port);
        json!({"name": option, "type": 11, "value": id,
               "attachment": {"id": id, "filename": filename, "size": bytes.len(),
                              "url": url, "proxy_url": url, "content_type": "text/plain"}})
    }

    /// The base URL to give the bot instead of `https://discord.com`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.shared.port)
    }

    /// From now on, creating a thread fails with "Missing Permissions" (403, code 50013).
    pub fn forbid_threads(&self) {
        self.shared.threads_forbidden.store(true, Ordering::SeqCst);
    }

    /// The next thread creations fail with these statuses, one each, in order.
    pub fn fail_threads(&self, statuses: &[u16]) {
        self.shared
            .failing_threads
            .lock()
            .unwrap()
            .extend_from_slice(statuses);
    }

    /// The next followup message the bot sends is refused with 400 Bad Request.
    pub fn refuse_next_followup(&self) {
        self.shared
            .refuse_next_followup
            .store(true, Ordering::SeqCst);
    }

    /// The next followups fail with these statuses, one each, in order.
    pub fn fail_followups(&self, statuses: &[u16]) {
        self.shared
            .failing_followups
            .lock()
            .unwrap()
            .extend_from_slice(statuses);
    }

    /// The next messages posted in channels fail with these statuses, one each, in order.
    pub fn fail_channel_posts(&self, statuses: &[u16]) {
        self.shared
            .failing_posts
            .lock()
            .unwrap()
            .extend_from_slice(statuses);
    }

    /// Forgets the failures still waiting: Discord works again.
    pub fn stop_failing(&self) {
        self.shared.failing_followups.lock().unwrap().clear();
        self.shared.failing_posts.lock().unwrap().clear();
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// Waits until a recorded request matches, and returns it.
    pub async fn wait_for(&self, what: &str, matches: impl Fn(&Recorded) -> bool) -> Recorded {
        let mut count = self.shared.count.subscribe();
        let waiting = async {
            loop {
                if let Some(found) = self.requests().into_iter().find(|r| matches(r)) {
                    return found;
                }
                count.changed().await.unwrap();
            }
        };
        match tokio::time::timeout(PATIENCE, waiting).await {
            Ok(found) => found,
            Err(_) => panic!("the bot never sent {what}; it sent:\n{}", self.dump()),
        }
    }

    /// Polls `done` until it holds (for what the fake notes without a request: sessions).
    async fn wait_until(&self, what: &str, done: impl Fn() -> bool) {
        let start = tokio::time::Instant::now();
        while !done() {
            assert!(
                start.elapsed() < PATIENCE,
                "the bot never made {what}; it sent:\n{}",
                self.dump()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the bot has registered its commands `times` times (once per start): then
    /// its setup is done and interactions are served.
    pub async fn wait_ready(&self, times: usize) -> Vec<Recorded> {
        self.wait_for("its command registration", |_| {
            self.registrations().len() >= times
        })
        .await;
        self.registrations()
    }

    pub fn registrations(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.method == Method::PUT && r.path.ends_with("/commands"))
            .collect()
    }

    /// Every request, one a line, for failure messages.
    pub fn dump(&self) -> String {
        self.requests()
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.json))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// What the bot sent for one interaction: its callback, followups and deletions.
    pub fn answers(&self, token: &str) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| {
                r.path.contains(&format!("/{token}/")) || r.path.ends_with(&format!("/{token}"))
            })
            .collect()
    }

    /// Waits for the message a slash command or click finally showed: the followup or
    /// immediate response that carries text.
    pub async fn wait_answer(&self, token: &str) -> Recorded {
        let token = token.to_string();
        self.wait_for(&format!("an answer to {token}"), |r| {
            let mine = r.path.contains(&format!("/{token}"));
            let followup = r.method == Method::POST && r.path.starts_with("/api/v10/webhooks/");
            let immediate = r.path.ends_with("/callback")
                && matches!(r.json["type"].as_u64(), Some(4) | Some(8));
            mine && (followup || immediate)
        })
        .await
    }

    /// Waits for a message the bot posted in a channel (not as an interaction answer).
    pub async fn wait_channel_message(&self, channel: &str, nth: usize) -> Recorded {
        self.wait_for(&format!("message {nth} in channel {channel}"), |_| {
            self.channel_messages(channel).len() > nth
        })
        .await;
        self.channel_messages(channel).into_iter().nth(nth).unwrap()
    }

    /// The messages the bot posted in a channel and Discord accepted (not a refused post, not
    /// a repeat Discord recognised by its nonce).
    pub fn channel_messages(&self, channel: &str) -> Vec<Recorded> {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.requests()
            .into_iter()
            .filter(|r| r.method == Method::POST && r.path == path)
            .filter(|r| r.status < 300 && !r.repeated)
            .collect()
    }

    fn push(&self, kind: &str, data: Value) {
        let shard = self.shared.shard_of(&data);
        self.shared
            .events
            .lock()
            .unwrap()
            .entry(shard)
            .or_default()
            .push((kind.to_string(), data));
        self.shared.gateway_wake.send_modify(|n| *n += 1);
    }

    /// Drops a gateway connection of the bot at once, as a network failure would; events
    /// pushed meanwhile wait for the bot to resume its session.
    pub fn drop_gateway(&self) {
        self.shared.drop_gateway.store(true, Ordering::SeqCst);
        self.shared.gateway_wake.send_modify(|n| *n += 1);
    }

    /// The `[shard, total]` each IDENTIFY asked for, in order.
    pub fn identified_shards(&self) -> Vec<[u32; 2]> {
        self.shared.identified_shards.lock().unwrap().clone()
    }

    /// Waits until a session has identified as shard `shard`.
    pub async fn wait_identified(&self, shard: u32) {
        self.wait_until(&format!("an IDENTIFY as shard {shard}"), || {
            self.identified_shards().iter().any(|s| s[0] == shard)
        })
        .await;
    }

    /// How many gateway sessions the bot identified, and how many it resumed.
    pub fn gateway_sessions(&self) -> (u64, u64) {
        (
            self.shared.identified.load(Ordering::SeqCst),
            self.shared.resumed.load(Ordering::SeqCst),
        )
    }

    /// A new interaction's id and token; its followups will land in `channel`.
    fn new_token(&self, channel: &Channel) -> (String, String) {
        if channel.kind != 1 {
            self.shared
                .channel_guilds
                .lock()
                .unwrap()
                .insert(channel.id.clone(), channel.guild.clone());
        }
        let id = self.shared.new_id();
        let token = format!("token-{id}");
        self.shared
            .token_channels
            .lock()
            .unwrap()
            .insert(token.clone(), channel.id.clone());
        (id, token)
    }

    fn interaction(
        &self,
        kind: u8,
        who: &Person,
        channel: &Channel,
        data: Value,
    ) -> (String, Value) {
        let (id, token) = self.new_token(channel);
        let interaction = json!({
            "id": id, "application_id": APP_ID, "type": kind, "token": token, "version": 1,
            "guild_id": channel.guild, "channel_id": channel.id,
            "channel": {"id": channel.id, "type": channel.kind, "name": "play"},
            "member": who.member_json(),
            "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "2147483647",
            "data": data,
        });
        (token, interaction)
    }

    /// A slash command. `options` are (name, value) pairs; a value that is a [`Person`] id
    /// given with [`user_option`] becomes a user option with its resolved user.
    pub fn slash(
        &self,
        who: &Person,
        channel: &Channel,
        name: &str,
        options: Vec<Value>,
    ) -> String {
        let (mut users, mut roles) = (serde_json::Map::new(), serde_json::Map::new());
        let mut attachments = serde_json::Map::new();
        for option in &options {
            let value = || option["value"].as_str().unwrap().to_string();
            if let Some(user) = option.get("user") {
                users.insert(value(), user.clone());
            }
            if let Some(role) = option.get("role") {
                roles.insert(value(), role.clone());
            }
            if let Some(file) = option.get("attachment") {
                attachments.insert(value(), file.clone());
            }
        }
        let options: Vec<Value> = options
            .into_iter()
            .map(|mut o| {
                for resolved in ["user", "role", "attachment"] {
                    o.as_object_mut().unwrap().remove(resolved);
                }
                o
            })
            .collect();
        let data = json!({"id": "1400000000000000001", "name": name, "type": 1,
                          "guild_id": channel.guild, "options": options,
                          "resolved": {"users": users, "roles": roles,
                                       "attachments": attachments}});
        let (token, interaction) = self.interaction(2, who, channel, data);
        self.push("INTERACTION_CREATE", interaction);
        token
    }

    /// An autocomplete request while `who` types into the option marked focused.
    pub fn autocomplete(
        &self,
        who: &Person,
        channel: &Channel,
        name: &str,
        options: Vec<Value>,
    ) -> String {
        let data = json!({"id": "1400000000000000001", "name": name, "type": 1,
                          "guild_id": channel.guild, "options": options});
        let (token, interaction) = self.interaction(4, who, channel, data);
        self.push("INTERACTION_CREATE", interaction);
        token
    }

    /// A click on a button of a message the bot sent (`message` is the fake's answer to it).
    pub fn click(&self, who: &Person, message: &Value, custom_id: &str) -> String {
        let id = message["channel_id"].as_str().unwrap().to_string();
        let channel = Channel {
            guild: self.shared.guild_of(&id),
            id,
            kind: 0,
        };
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let (token, mut interaction) = self.interaction(3, who, &channel, data);
        interaction["message"] = message.clone();
        // The handler needs only the message's id and channel; its buttons stay out of the
        // way of deserialisation.
        interaction["message"]["components"] = json!([]);
        self.push("INTERACTION_CREATE", interaction);
        token
    }

    /// A slash command in a direct message (`channel` made with [`Channel::direct`]): Discord's
    /// DM form, without `guild_id` and `member`, with the `user` instead. Options as for
    /// [`Fake::slash`].
    pub fn slash_dm(
        &self,
        who: &Person,
        channel: &Channel,
        name: &str,
        options: Vec<Value>,
    ) -> String {
        let mut users = serde_json::Map::new();
        let options: Vec<Value> = options
            .into_iter()
            .map(|mut o| {
                if let Some(user) = o.as_object_mut().unwrap().remove("user") {
                    users.insert(o["value"].as_str().unwrap().to_string(), user);
                }
                o
            })
            .collect();
        let data = json!({"id": "1400000000000000001", "name": name, "type": 1,
                          "options": options, "resolved": {"users": users}});
        let (id, token) = self.new_token(channel);
        let interaction = json!({
            "id": id, "application_id": APP_ID, "type": 2, "token": token, "version": 1,
            "channel_id": channel.id,
            "channel": {"id": channel.id, "type": channel.kind},
            "user": who.user_json(),
            "locale": "en-US", "entitlements": [], "context": 1,
            "attachment_size_limit": 10485760, "app_permissions": "2147483647",
            "data": data,
        });
        self.push("INTERACTION_CREATE", interaction);
        token
    }
}

/// A string option.
pub fn option(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// A string option being typed (autocomplete).
pub fn focused(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value, "focused": true})
}

/// A role option, naming a role of the fake server by its id.
pub fn role_option(name: &str, id: &str, role: &str) -> Value {
    json!({"name": name, "type": 8, "value": id,
           "role": {"id": id, "name": role, "color": 0, "hoist": false, "position": 1,
                    "colors": {"primary_color": 0, "secondary_color": null,
                               "tertiary_color": null},
                    "icon": null, "unicode_emoji": null,
                    "permissions": "0", "managed": false, "mentionable": true, "flags": 0}})
}

/// A user option.
pub fn user_option(name: &str, person: &Person) -> Value {
    json!({"name": name, "type": 6, "value": person.id, "user": person.user_json()})
}

fn message_json(shared: &Shared, channel: &str, body: &Value) -> Value {
    json!({
        "id": shared.new_id(), "channel_id": channel,
        "author": {"id": BOT_ID, "username": "chatrang", "discriminator": "0", "avatar": null, "bot": true},
        "content": body.get("content").cloned().unwrap_or(json!("")),
        "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false,
        "type": 0, "flags": body.get("flags").cloned().unwrap_or(json!(0)),
        "components": body.get("components").cloned().unwrap_or(json!([])),
    })
}

/// Every REST call: recorded, then answered like Discord would.
async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let (json, files) = if multipart {
        read_multipart(request).await
    } else {
        let bytes = Bytes::from_request(request, &()).await.unwrap_or_default();
        (
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let (status, answer) = answer(&shared, &method, &segments, &json);
    let shown_privately = visibility(&shared, &method, &segments, &json, status);
    let repeated = answer.get("repeated").is_some();
    shared.record(Recorded {
        method,
        path,
        json,
        files,
        answer: answer.clone(),
        status: status.as_u16(),
        shown_privately,
        repeated,
    });
    if status == StatusCode::NO_CONTENT {
        return status.into_response();
    }
    (status, axum::Json(answer)).into_response()
}

/// Discord's visibility rule for the answers to an interaction: a public deferral ("thinking…")
/// is replaced by the first followup that succeeds, which keeps the deferral's public
/// visibility whatever its flags say, unless the bot deleted the "thinking…" message first.
fn visibility(
    shared: &Shared,
    method: &Method,
    segments: &[&str],
    body: &Value,
    status: StatusCode,
) -> Option<bool> {
    let mut thinking = shared.thinking.lock().unwrap();
    match (method.as_str(), segments) {
        ("POST", ["interactions", _, token, "callback"]) if body["type"] == 5 => {
            let private = body
                .pointer("/data/flags")
                .and_then(Value::as_u64)
                .unwrap_or(0)
                & 64
                != 0;
            if !private {
                thinking.insert(token.to_string(), true);
            }
            None
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
            thinking.remove(*token);
            None
        }
        ("POST", ["webhooks", _, token]) if status.is_success() => {
            thinking.remove(*token).map(|_| false)
        }
        _ => None,
    }
}

/// The failure to answer with, if the test asked for one: Discord's JSON error for `status`.
fn injected_failure(failures: &Mutex<Vec<u16>>) -> Option<(StatusCode, Value)> {
    let mut failures = failures.lock().unwrap();
    if failures.is_empty() {
        return None;
    }
    let status = failures.remove(0);
    let body = match status {
        429 => json!({"message": "You are being rate limited.", "retry_after": 0.05,
                      "global": false}),
        404 => json!({"message": "Unknown Channel", "code": 10003}),
        401 => json!({"message": "Invalid Webhook Token", "code": 50027}),
        _ => json!({"message": "Internal Server Error", "code": 0}),
    };
    Some((StatusCode::from_u16(status).unwrap(), body))
}

fn answer(
    shared: &Shared,
    method: &Method,
    segments: &[&str],
    body: &Value,
) -> (StatusCode, Value) {
    let port = shared.port;
    if let ("POST", ["webhooks", _, _]) = (method.as_str(), segments)
        && let Some(failure) = injected_failure(&shared.failing_followups)
    {
        return failure;
    }
    match (method.as_str(), segments) {
        ("GET", ["gateway"] | ["gateway", "bot"]) => (
            StatusCode::OK,
            json!({"url": format!("ws://127.0.0.1:{port}/gateway"), "shards": shared.shard_count,
                   "session_start_limit": {"total": 1000, "remaining": 1000,
                                           "reset_after": 0, "max_concurrency": 1}}),
        ),
        ("PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"]) => {
            (StatusCode::OK, json!([]))
        }
        ("POST", ["interactions", _, _, "callback"]) => (StatusCode::NO_CONTENT, Value::Null),
        ("DELETE", ["webhooks", _, _, "messages", _]) => (StatusCode::NO_CONTENT, Value::Null),
        ("POST", ["webhooks", _, _])
            if shared.refuse_next_followup.swap(false, Ordering::SeqCst) =>
        {
            (
                StatusCode::BAD_REQUEST,
                json!({"message": "Invalid Form Body", "code": 50035}),
            )
        }
        ("POST", ["webhooks", _, token])
        | ("PATCH" | "GET", ["webhooks", _, token, "messages", _]) => {
            let channel = shared
                .token_channels
                .lock()
                .unwrap()
                .get(*token)
                .cloned()
                .unwrap_or_default();
            (StatusCode::OK, message_json(shared, &channel, body))
        }
        ("POST", ["channels", channel, "messages"]) => {
            if let Some(failure) = injected_failure(&shared.failing_posts) {
                return failure;
            }
            let nonce = body["nonce"]
                .as_str()
                .filter(|_| body["enforce_nonce"] == true);
            let Some(nonce) = nonce else {
                return (StatusCode::OK, message_json(shared, channel, body));
            };
            let mut nonces = shared.nonces.lock().unwrap();
            let key = (channel.to_string(), nonce.to_string());
            if let Some(earlier) = nonces.get(&key) {
                let mut earlier = earlier.clone();
                earlier["repeated"] = json!(true);
                return (StatusCode::OK, earlier);
            }
            let message = message_json(shared, channel, body);
            nonces.insert(key, message.clone());
            (StatusCode::OK, message)
        }
        ("POST", ["channels", channel, "messages", _, "threads"]) => {
            if let Some(failure) = injected_failure(&shared.failing_threads) {
                return failure;
            }
            if shared.threads_forbidden.load(Ordering::SeqCst) {
                return (
                    StatusCode::FORBIDDEN,
                    json!({"message": "Missing Permissions", "code": 50013}),
                );
            }
            let thread = shared.new_id();
            let guild = shared.guild_of(channel);
            shared
                .channel_guilds
                .lock()
                .unwrap()
                .insert(thread.clone(), guild.clone());
            (
                StatusCode::CREATED,
                json!({"id": thread, "type": 11, "guild_id": guild,
                       "name": body["name"], "parent_id": channel, "owner_id": BOT_ID,
                       "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                                           "archive_timestamp": TIMESTAMP, "locked": false}}),
            )
        }
        _ => (
            StatusCode::NOT_FOUND,
            json!({"message": "404: Not Found", "code": 0}),
        ),
    }
}

async fn read_multipart(request: Request) -> (Value, Vec<FilePart>) {
    let mut json = Value::Null;
    let mut files = Vec::new();
    let Ok(mut form) = Multipart::from_request(request, &()).await else {
        return (json, files);
    };
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or("").to_string();
        let filename = field.file_name().map(String::from);
        let content_type = field.content_type().map(String::from);
        let bytes = field.bytes().await.unwrap_or_default().to_vec();
        if name == "payload_json" {
            json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        } else {
            files.push(FilePart {
                filename: filename.unwrap_or_default(),
                content_type,
                bytes,
            });
        }
    }
    (json, files)
}

/// A file attached to a command, as Discord's CDN serves it.
async fn attachment(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Response {
    match shared.attachments.lock().unwrap().get(&name) {
        Some(bytes) => bytes.clone().into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn gateway(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(shared, socket))
}

async fn send(socket: &mut WebSocket, value: Value) -> bool {
    socket
        .send(WsMessage::Text(value.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection: HELLO, then IDENTIFY answered with READY, or RESUME answered with
/// the events the bot missed and RESUMED; then heartbeats answered and the test's events
/// passed on, until the test drops the connection.
async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
    let mut wake = shared.gateway_wake.subscribe();
    if !send(
        &mut socket,
        json!({"op": 10, "d": {"heartbeat_interval": 41250}}),
    )
    .await
    {
        return;
    }
    let opening = loop {
        match socket.recv().await {
            Some(Ok(WsMessage::Text(text))) => {
                let payload: Value = serde_json::from_str(text.as_str()).unwrap_or(Value::Null);
                match payload["op"].as_u64() {
                    Some(2 | 6) => break payload,
                    Some(1) => {
                        send(&mut socket, json!({"op": 11})).await;
                    }
                    _ => {}
                }
            }
            Some(Ok(_)) => {}
            _ => return,
        }
    };
    let port = shared.port;
    // The session's shard: from IDENTIFY, or from the session id a RESUME gives back.
    let shard = if opening["op"] == 6 {
        opening["d"]["session_id"]
            .as_str()
            .and_then(|id| id.strip_prefix("fake-session-"))
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or(0)
    } else {
        opening["d"]["shard"][0].as_u64().unwrap_or(0) as u32
    };
    // The index of the next event of the shard to send this session.
    let mut next = if opening["op"] == 6 {
        shared.resumed.fetch_add(1, Ordering::SeqCst);
        // Events after the last sequence number the bot saw.
        (opening["d"]["seq"].as_u64().unwrap_or(1).max(1) - 1) as usize
    } else {
        shared.identified.fetch_add(1, Ordering::SeqCst);
        let total = opening["d"]["shard"][1].as_u64().unwrap_or(1) as u32;
        shared
            .identified_shards
            .lock()
            .unwrap()
            .push([shard, total]);
        let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
            "v": 10, "user": {"id": BOT_ID, "username": "chatrang", "discriminator": "0",
                              "avatar": null, "bot": true},
            "guilds": [], "session_id": format!("fake-session-{shard}"),
            "shard": [shard, total],
            "resume_gateway_url": format!("ws://127.0.0.1:{port}/gateway"),
            "application": {"id": APP_ID, "flags": 0}}});
        if !send(&mut socket, ready).await {
            return;
        }
        shared
            .events
            .lock()
            .unwrap()
            .get(&shard)
            .map_or(0, Vec::len)
    };
    if opening["op"] == 6 {
        if !send_pending(&shared, shard, &mut socket, &mut next).await {
            return;
        }
        let resumed = json!({"op": 0, "t": "RESUMED", "s": next + 1, "d": {}});
        if !send(&mut socket, resumed).await {
            return;
        }
    }
    loop {
        tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(WsMessage::Text(text))) => {
                    let payload: Value = serde_json::from_str(text.as_str()).unwrap_or(Value::Null);
                    if payload["op"].as_u64() == Some(1) && !send(&mut socket, json!({"op": 11})).await {
                        return;
                    }
                }
                Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            _ = wake.changed() => {
                if shared.drop_gateway.swap(false, Ordering::SeqCst) {
                    // Gone without a close frame, as when the network fails.
                    return;
                }
                if !send_pending(&shared, shard, &mut socket, &mut next).await {
                    return;
                }
            }
        }
    }
}

/// Sends the shard's events from index `next` on, moving `next` past them; `false` when the
/// connection is gone.
async fn send_pending(
    shared: &Shared,
    shard: u32,
    socket: &mut WebSocket,
    next: &mut usize,
) -> bool {
    let pending: Vec<(String, Value)> = shared
        .events
        .lock()
        .unwrap()
        .get(&shard)
        .map_or(&[][..], |events| events.get(*next..).unwrap_or(&[]))
        .to_vec();
    for (kind, data) in pending {
        *next += 1;
        let event = json!({"op": 0, "t": kind, "s": *next + 1, "d": data});
        if !send(socket, event).await {
            return false;
        }
    }
    true
}

/// An integer option, such as a game number.
pub fn int_option(name: &str, value: i64) -> Value {
    json!({"name": name, "type": 4, "value": value})
}
