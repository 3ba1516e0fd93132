//! `--http`: `/healthz` and `/metrics`. A real Prometheus (Debian's `prometheus`) scrapes
//! `chatrang console --http` while moves are played, and its HTTP API is asked what it
//! recorded: the move counter and the move commands' latency histogram count every move. And
//! `/healthz` says 503 with the reason when the connection or the database is down.

use std::{
    io::{Read, Write},
    net::{SocketAddr, TcpListener, TcpStream},
    process::{Child, Command as Process, Stdio},
    sync::Arc,
    time::{Duration, Instant},
};

use chatrang::{
    service::{Service, TextPainter},
    stopping::Stop,
    store::Store,
};

use crate::{
    common::{Backend, ITALIAN, TestDb},
    kill_storm::{Next, Run},
};

/// Moves played while Prometheus watches.
const MOVES: usize = 12;

/// A free port on 127.0.0.1 (free when asked; the tests' processes take it at once).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `GET path` on `address`: the status and the body.
fn get(address: SocketAddr, path: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&address, Duration::from_secs(2)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let status = answer.split_whitespace().nth(1)?.parse().ok()?;
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((status, body.to_string()))
}

/// Kills Prometheus when the test ends.
struct Prometheus(Child);

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Prometheus's binary, or `None` when its test is skipped on purpose.
fn prometheus_binary() -> Option<&'static str> {
    if std::env::var("CHATRANG_SKIP_PROMETHEUS").as_deref() == Ok("1") {
        eprintln!("Prometheus test skipped: CHATRANG_SKIP_PROMETHEUS=1");
        return None;
    }
    let found = Process::new("prometheus")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "the metrics test needs Prometheus: apt-get install prometheus (as .ci/run does), or \
         CHATRANG_SKIP_PROMETHEUS=1 to skip it"
    );
    Some("prometheus")
}

/// The value of an instant `query` in Prometheus at `api`, once it has one.
fn query(api: SocketAddr, query: &str) -> Option<f64> {
    let encoded: String = query
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'-' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let (status, body) = get(api, &format!("/api/v1/query?query={encoded}"))?;
    if status != 200 {
        return None;
    }
    // Chunked or not, the JSON object is between the first `{` and the last `}`.
    let json = &body[body.find('{')?..=body.rfind('}')?];
    let answer: serde_json::Value = serde_json::from_str(json).ok()?;
    answer["data"]["result"][0]["value"][1]
        .as_str()?
        .parse()
        .ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prometheus_scraping_the_bot_counts_every_move_and_its_latency() {
    let Some(prometheus) = prometheus_binary() else {
        return;
    };
    let Some(_db) = TestDb::new(Backend::Sqlite).await else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let bot: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let api: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let address = bot.to_string();
    let mut run = Run::start_with(data.path(), None, &[("CHATRANG_HTTP", address.as_str())]);
    assert!(run.ready(), "chatrang console greets once it is ready");
    let (status, body) = get(bot, "/healthz").expect("/healthz answers");
    assert_eq!((status, body.trim()), (200, "ok"));

    let config = data.path().join("prometheus.yml");
    std::fs::write(
        &config,
        format!(
            "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: chatrang\n    \
             static_configs:\n      - targets: ['{bot}']\n"
        ),
    )
    .unwrap();
    let _prometheus = Prometheus(
        Process::new(prometheus)
            .arg(format!("--config.file={}", config.display()))
            .arg(format!(
                "--storage.tsdb.path={}",
                data.path().join("tsdb").display()
            ))
            .arg(format!("--web.listen-address={api}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Prometheus starts"),
    );

    // A game, and its moves one by one.
    let mut next = Next::Challenge;
    let mut moves = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while moves < MOVES {
        let (who, line) = next.line();
        let said = run.ask(who, &line, deadline).expect("answered");
        assert!(!said.iter().any(|l| l.starts_with('✗')), "{said:?}");
        if let Next::Move(..) = next {
            moves += 1;
        }
        next = next.after(crate::kill_storm::game_number(&said));
    }
    assert!(MOVES <= ITALIAN.len());

    // Prometheus scrapes every second: wait until it has seen them all.
    let wanted = MOVES as f64;
    let waited = Instant::now();
    let mut seen = None;
    while waited.elapsed() < Duration::from_secs(90) {
        seen = query(api, "sum(chatrang_moves_total)");
        if seen == Some(wanted) {
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    assert_eq!(seen, Some(wanted), "Prometheus counted every move");
    assert_eq!(
        query(api, "sum(chatrang_command_seconds_count{command=\"move\"})"),
        Some(wanted),
        "the latency histogram has one observation per move"
    );
    assert_eq!(
        query(
            api,
            "sum(chatrang_command_seconds_bucket{command=\"move\",le=\"+Inf\"})"
        ),
        Some(wanted)
    );
    assert_eq!(
        query(
            api,
            "sum(chatrang_commands_total{command=\"move\",result=\"ok\"})"
        ),
        Some(wanted)
    );
    eprintln!(
        "Prometheus saw {MOVES} moves after {:.1} s",
        waited.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_says_what_is_down() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    let service = Arc::new(Service::new(store.clone(), Arc::new(TextPainter)));
    let listener = chatrang::http::listen("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let address = listener.local_addr().unwrap();
    let handle = metrics_exporter_prometheus::PrometheusBuilder::new()
        .build_recorder()
        .handle();
    tokio::spawn(chatrang::http::serve(
        listener,
        service.clone(),
        handle,
        Stop::never(),
    ));
    let health = || async move {
        tokio::task::spawn_blocking(move || get(address, "/healthz").expect("it answers"))
            .await
            .unwrap()
    };
    assert_eq!(health().await, (200, "ok\n".to_string()));
    service.disconnected("connecting to the Discord gateway");
    assert_eq!(
        health().await,
        (503, "connecting to the Discord gateway\n".to_string())
    );
    service.connected();
    assert_eq!(health().await.0, 200);
    store.close().await;
    let (status, body) = health().await;
    assert_eq!(status, 503);
    assert!(body.contains("database"), "{body}");
    let (status, metrics) = tokio::task::spawn_blocking(move || get(address, "/metrics").unwrap())
        .await
        .unwrap();
    assert_eq!(status, 200, "{metrics}");
}
