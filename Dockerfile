# Chatrang's image: built in the Rust image, run as a user without rights in a slim Debian.
# Build: docker build -t chatrang .   Run: see compose.yaml and the README ("Running it for real").
# The pictures' pieces and fonts are inside the binary: it needs nothing else at run time but
# the CA certificates (Discord, Matrix) and curl for the health check.

FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin chatrang

FROM debian:bookworm-slim
# Not pinned: the CA certificates and curl should be the release's current, security fixes
# included.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin chatrang \
    && mkdir -p /data \
    && chown chatrang /data
COPY --from=build /src/target/release/chatrang /usr/local/bin/chatrang
USER 10001
# The database and the Matrix session live in /data; /healthz and /metrics on port 9090; one
# JSON object per log line for the log collector.
ENV CHATRANG_DATA=/data \
    CHATRANG_HTTP=0.0.0.0:9090 \
    LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 9090
# What `docker stop` sends; the bot finishes the commands in flight within CHATRANG_STOP_GRACE
# (10 s, Docker's own wait before it kills).
STOPSIGNAL SIGTERM
# The shell form, so that any failure of curl is the exit status 1 Docker reads as unhealthy.
# hadolint ignore=DL3025
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD curl -fsS http://127.0.0.1:9090/healthz || exit 1
ENTRYPOINT ["chatrang"]
CMD ["discord"]
