//! The log: to stderr, filtered by `RUST_LOG`, as text for people or as JSON for a log
//! collector (`LOG_FORMAT`).

/// How the log is written (`LOG_FORMAT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people (the default).
    Text,
    /// One JSON object per line, for a log collector: the time, the level, the message, and
    /// the fields (the game, the place, the command) each as its own key.
    Json,
}

/// The log's format from `LOG_FORMAT` (`text` or `json`; text when unset).
pub fn log_format() -> Result<LogFormat, String> {
    match std::env::var("LOG_FORMAT") {
        Err(_) => Ok(LogFormat::Text),
        Ok(text) => match text.trim().to_lowercase().as_str() {
            "" | "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => Err(format!(
                "LOG_FORMAT is text or json; \"{}\" is neither",
                text.chars().take(40).collect::<String>()
            )),
        },
    }
}

/// Logs to stderr, filtered by `RUST_LOG` (else `default`: `warn` for the console, `info` for
/// a server, whose log shows the invite link), as text or JSON (`LOG_FORMAT`; text when it
/// does not read, which `check-config` reports). Colours only on a terminal: a log file or a
/// supervisor's journal gets plain text.
pub fn init_logging(default: &str) {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match log_format().unwrap_or(LogFormat::Text) {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
    };
}
