//! `--http ADDRESS` (off by default): a small HTTP server for the machines that look after the
//! bot. `/healthz` answers 200 `ok` when the database answers and the chat platform is
//! connected, else 503 with the reason (for Docker's `HEALTHCHECK`, a load balancer, a
//! supervisor); `/metrics` gives what the bot counts and times (see `service::metered`) in
//! Prometheus's text format, written by `metrics-exporter-prometheus`.

use std::{net::SocketAddr, sync::Arc};

use axum::{Router, extract::State, http::StatusCode, routing::get};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

use crate::{service::Service, stopping::Stop};

/// The histograms' buckets, in seconds: from a quick command (5 ms) to a long search (30 s).
const BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// Installs the process's metrics recorder (once, before anything is counted).
pub fn install_recorder() -> Result<PrometheusHandle, String> {
    let handle = PrometheusBuilder::new()
        .set_buckets(&BUCKETS)
        .and_then(PrometheusBuilder::install_recorder)
        .map_err(|error| format!("cannot record metrics: {error}"))?;
    crate::service::describe_metrics();
    Ok(handle)
}

#[derive(Clone)]
struct Served {
    service: Arc<Service>,
    metrics: PrometheusHandle,
}

/// Listens on `address`, so that a wrong one stops the start with its reason.
pub async fn listen(address: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| format!("cannot listen on {address} for --http: {error}"))
}

/// Serves `/healthz` and `/metrics` on `listener` until `stop` is asked for.
pub async fn serve(
    listener: tokio::net::TcpListener,
    service: Arc<Service>,
    metrics: PrometheusHandle,
    mut stop: Stop,
) {
    if let Ok(address) = listener.local_addr() {
        tracing::info!(%address, "serving /healthz and /metrics");
    }
    let app = Router::new()
        .route("/healthz", get(health_page))
        .route("/metrics", get(metrics_page))
        .with_state(Served { service, metrics });
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(async move { stop.requested().await })
        .await;
    if let Err(error) = served {
        tracing::error!(%error, "the HTTP server of --http stopped");
    }
}

async fn health_page(State(served): State<Served>) -> (StatusCode, String) {
    match served.service.health().await {
        Ok(()) => (StatusCode::OK, "ok\n".to_string()),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")),
    }
}

async fn metrics_page(State(served): State<Served>) -> String {
    served.service.sample_gauges().await;
    served.metrics.run_upkeep();
    served.metrics.render()
}
