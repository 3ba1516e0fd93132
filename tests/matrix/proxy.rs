//! A TCP proxy on 127.0.0.1 between the bot and the homeserver, which a test can break the way a
//! network does: [`Proxy::cut`] resets every open connection at once (a TCP reset, no clean
//! close), and [`Proxy::refuse`] resets every new one until [`Proxy::restore`]. It also notices a
//! long-poll `/sync` that is waiting for its answer, so a test can cut in the middle of one, and
//! can reset the connection of every request whose first line contains a text
//! ([`Proxy::cut_requests`]), so that they fail as a network failure would, or relay such
//! requests and reset the connection when each answer comes ([`Proxy::drop_answers`]): the
//! homeserver did it, the bot never hears so. It can also hold the answer to the next such
//! request back until the test lets it go ([`Proxy::hold_next_answer`]), as a slow homeserver
//! would.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{
        TcpListener, TcpStream,
        tcp::{OwnedReadHalf, OwnedWriteHalf},
    },
    task::JoinHandle,
};

/// A running proxy; it stops when dropped.
pub struct Proxy {
    /// The homeserver's URL as the bot should see it: this proxy.
    pub url: String,
    shared: Arc<Shared>,
    accepting: JoinHandle<()>,
}

#[derive(Default)]
struct Shared {
    refusing: AtomicBool,
    /// Requests whose first line contains this are not relayed: their connection is reset.
    cut: Mutex<Option<String>>,
    /// Requests cut that way.
    requests_cut: AtomicUsize,
    /// Requests whose first line contains this are relayed, and their answers are not: the
    /// connection is reset when one comes.
    drop_answers: Mutex<Option<String>>,
    /// Answers dropped that way.
    answers_dropped: AtomicUsize,
    /// The next request whose first line contains this is relayed, and its answer waits for
    /// `released`.
    hold_answer_next: Mutex<Option<String>>,
    /// Answers held that way so far.
    answers_held: AtomicUsize,
    released: tokio::sync::Notify,
    /// Connections reset at once because the proxy was refusing.
    refused: AtomicUsize,
    /// Connections made through the proxy since it started.
    accepted: AtomicUsize,
    next: AtomicU64,
    open: Mutex<HashMap<u64, Open>>,
}

/// A connection being relayed.
struct Open {
    relay: JoinHandle<()>,
    waiting: Arc<Waiting>,
}

/// Since when the connection's request is a `/sync` with no answer yet.
#[derive(Default)]
struct Waiting(Mutex<Option<Instant>>);

impl Proxy {
    /// A proxy to the HTTP server at `upstream` (`http://127.0.0.1:PORT`).
    pub async fn start(upstream: &str) -> Proxy {
        let upstream = upstream.trim_start_matches("http://").to_string();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let shared = Arc::new(Shared::default());
        let accepting = tokio::spawn(accept(listener, upstream, shared.clone()));
        Proxy {
            url,
            shared,
            accepting,
        }
    }

    /// Resets every open connection, both ways, without a clean close; returns how many.
    pub async fn cut(&self) -> usize {
        let open: Vec<Open> = self
            .shared
            .open
            .lock()
            .unwrap()
            .drain()
            .map(|(_, o)| o)
            .collect();
        for connection in &open {
            connection.relay.abort();
        }
        for connection in &open {
            // Aborted, the relay drops its sockets, which reset (zero linger).
            while !connection.relay.is_finished() {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        open.len()
    }

    /// From now on every new connection is reset as soon as it is made.
    pub fn refuse(&self) {
        self.shared.refusing.store(true, Ordering::SeqCst);
    }

    /// New connections are relayed again.
    pub fn restore(&self) {
        self.shared.refusing.store(false, Ordering::SeqCst);
    }

    /// From now on a request whose first line contains `text` (such as
    /// `/send/m.room.message/`) is not relayed: its connection is reset instead.
    pub fn cut_requests(&self, text: &str) {
        *self.shared.cut.lock().unwrap() = Some(text.to_string());
    }

    /// Such requests are relayed again.
    pub fn stop_cutting(&self) {
        *self.shared.cut.lock().unwrap() = None;
    }

    /// From now on a request whose first line contains `text` reaches the homeserver, but its
    /// answer does not reach the bot: the connection is reset when it comes.
    pub fn drop_answers(&self, text: &str) {
        *self.shared.drop_answers.lock().unwrap() = Some(text.to_string());
    }

    /// Answers reach the bot again.
    pub fn stop_dropping(&self) {
        *self.shared.drop_answers.lock().unwrap() = None;
    }

    /// The next request whose first line contains `text` reaches the homeserver, and its
    /// answer waits in the proxy until [`Proxy::release`].
    pub fn hold_next_answer(&self, text: &str) {
        *self.shared.hold_answer_next.lock().unwrap() = Some(text.to_string());
    }

    /// How many answers [`Proxy::hold_next_answer`] has held (released or not).
    pub fn answers_held(&self) -> usize {
        self.shared.answers_held.load(Ordering::SeqCst)
    }

    /// Lets the held answer go on to the bot.
    pub fn release(&self) {
        self.shared.released.notify_one();
    }

    /// How many answers were dropped by [`Proxy::drop_answers`].
    pub fn answers_dropped(&self) -> usize {
        self.shared.answers_dropped.load(Ordering::SeqCst)
    }

    /// How many requests were cut by [`Proxy::cut_requests`].
    pub fn requests_cut(&self) -> usize {
        self.shared.requests_cut.load(Ordering::SeqCst)
    }

    /// How many connections were refused.
    pub fn refused(&self) -> usize {
        self.shared.refused.load(Ordering::SeqCst)
    }

    /// How many connections were made through the proxy.
    pub fn accepted(&self) -> usize {
        self.shared.accepted.load(Ordering::SeqCst)
    }

    /// Waits until a `/sync` request has been waiting for its answer for at least `for_at_least`
    /// (the homeserver is holding the long poll open).
    pub async fn wait_for_long_poll(&self, for_at_least: Duration) {
        let waited = tokio::time::timeout(super::PATIENCE, async {
            loop {
                let holding = self.shared.open.lock().unwrap().values().any(|o| {
                    !o.relay.is_finished()
                        && o.waiting
                            .0
                            .lock()
                            .unwrap()
                            .is_some_and(|since| since.elapsed() >= for_at_least)
                });
                if holding {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
        waited.expect("the bot holds a long-poll /sync open through the proxy");
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.accepting.abort();
        for (_, open) in self.shared.open.lock().unwrap().drain() {
            open.relay.abort();
        }
    }
}

async fn accept(listener: TcpListener, upstream: String, shared: Arc<Shared>) {
    loop {
        let Ok((inbound, _)) = listener.accept().await else {
            continue;
        };
        let _ = inbound.set_zero_linger();
        if shared.refusing.load(Ordering::SeqCst) {
            shared.refused.fetch_add(1, Ordering::SeqCst);
            drop(inbound);
            continue;
        }
        shared.accepted.fetch_add(1, Ordering::SeqCst);
        let id = shared.next.fetch_add(1, Ordering::SeqCst);
        let waiting = Arc::new(Waiting::default());
        {
            // Locked until the connection is listed, so that its end cannot come first.
            let mut open = shared.open.lock().unwrap();
            let relay = tokio::spawn(relay(
                inbound,
                upstream.clone(),
                waiting.clone(),
                shared.clone(),
                id,
            ));
            open.insert(id, Open { relay, waiting });
        }
    }
}

/// Relays one connection both ways until both sides are done.
async fn relay(
    inbound: TcpStream,
    upstream: String,
    waiting: Arc<Waiting>,
    shared: Arc<Shared>,
    id: u64,
) {
    if let Ok(outbound) = TcpStream::connect(&upstream).await {
        let _ = outbound.set_zero_linger();
        let (from_client, to_client) = inbound.into_split();
        let (from_server, to_server) = outbound.into_split();
        let cut = tokio::sync::Notify::new();
        // The request on this connection whose answer is to be dropped was relayed.
        let answer_to_drop = AtomicBool::new(false);
        // The request on this connection whose answer is to be held was relayed.
        let answer_to_hold = AtomicBool::new(false);
        let relaying = async {
            tokio::join!(
                pump(from_client, to_server, |bytes| {
                    if is_sync_request(bytes) {
                        *waiting.0.lock().unwrap() = Some(Instant::now());
                    }
                    if first_line_matches(&shared.drop_answers, bytes, false) {
                        answer_to_drop.store(true, Ordering::SeqCst);
                    }
                    if first_line_matches(&shared.hold_answer_next, bytes, true) {
                        answer_to_hold.store(true, Ordering::SeqCst);
                    }
                    if first_line_matches(&shared.cut, bytes, false) {
                        shared.requests_cut.fetch_add(1, Ordering::SeqCst);
                        cut.notify_one();
                        return Verdict::Stop;
                    }
                    Verdict::Pass
                }),
                pump(from_server, to_client, |_| {
                    *waiting.0.lock().unwrap() = None;
                    if answer_to_drop.swap(false, Ordering::SeqCst) {
                        shared.answers_dropped.fetch_add(1, Ordering::SeqCst);
                        cut.notify_one();
                        return Verdict::Stop;
                    }
                    if answer_to_hold.swap(false, Ordering::SeqCst) {
                        shared.answers_held.fetch_add(1, Ordering::SeqCst);
                        return Verdict::Hold(&shared.released);
                    }
                    Verdict::Pass
                }),
            )
        };
        // A cut request drops both sockets at once: they reset (zero linger).
        tokio::select! {
            _ = relaying => {}
            _ = cut.notified() => {}
        }
    }
    shared.open.lock().unwrap().remove(&id);
}

/// What to do with a chunk: pass it on, stop copying, or pass it on once a signal comes.
enum Verdict<'a> {
    Pass,
    Stop,
    Hold(&'a tokio::sync::Notify),
}

/// Copies `from` to `to`, showing each chunk to `relay` first, which says what to do with it;
/// passes an end on.
async fn pump<'a>(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    relay: impl Fn(&[u8]) -> Verdict<'a>,
) {
    let mut buffer = vec![0; 64 * 1024];
    loop {
        let n = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        match relay(&buffer[..n]) {
            Verdict::Pass => {}
            Verdict::Stop => return,
            Verdict::Hold(released) => released.notified().await,
        }
        if to.write_all(&buffer[..n]).await.is_err() {
            break;
        }
    }
    let _ = to.shutdown().await;
}

/// Whether a chunk from the client starts a request `armed` waits for (and disarms it when
/// `once`).
fn first_line_matches(armed: &Mutex<Option<String>>, bytes: &[u8], once: bool) -> bool {
    let mut armed = armed.lock().unwrap();
    let Some(text) = armed.as_deref() else {
        return false;
    };
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    if !String::from_utf8_lossy(line).contains(text) {
        return false;
    }
    if once {
        *armed = None;
    }
    true
}

/// Whether a chunk from the client starts a `/sync` request.
fn is_sync_request(bytes: &[u8]) -> bool {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    line.starts_with("GET /_matrix/client/") && line.contains("/sync")
}
