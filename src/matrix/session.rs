//! Logging in once and being the same device afterwards: the session (access token, device id)
//! is kept in `DIR/matrix/session.json` and the end-to-end keys in matrix-sdk's SQLite store
//! beside it, so a restart decrypts what was sent while the bot was away.

use std::{path::Path, time::Duration};

use matrix_sdk::{Client, authentication::matrix::MatrixSession, config::RequestConfig};

use super::{Config, MatrixError, config::SESSION_FILE};

/// matrix-sdk's store (state, sync token, crypto keys).
const STORE_DIR: &str = "store";
/// How long any request may take; a sync's long poll gets its own wait on top. A connection
/// that died without a word (half-open) then fails the request, and the sync loop tries again,
/// instead of waiting forever.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// How many times a request is tried before its failure is the caller's: a post the homeserver
/// refuses for a while (rate limits, errors) is then the outbox's to post later, instead of
/// holding its room for up to fifteen minutes of matrix-sdk's own retries.
const ATTEMPTS: usize = 3;

/// A client logged in as the bot, and whether it is the first login (then there is no sync
/// position yet, and what happened in the rooms before is history, not commands).
pub struct LoggedIn {
    pub client: Client,
    pub first_login: bool,
}

/// Restores the kept session, or logs in with the configured user and password and keeps it.
pub async fn log_in(config: &Config) -> Result<LoggedIn, MatrixError> {
    std::fs::create_dir_all(&config.dir).map_err(|e| MatrixError::Files(config.dir.clone(), e))?;
    let client = Client::builder()
        .homeserver_url(&config.homeserver)
        .request_config(
            RequestConfig::new()
                .timeout(REQUEST_TIMEOUT)
                .retry_limit(ATTEMPTS),
        )
        .sqlite_store(config.dir.join(STORE_DIR), None)
        .build()
        .await
        .map_err(|e| MatrixError::Setup(e.to_string()))?;
    let file = config.dir.join(SESSION_FILE);
    if let Some(session) = read_session(&file)? {
        client
            .restore_session(session)
            .await
            .map_err(|e| MatrixError::Login(e.to_string()))?;
        return Ok(LoggedIn {
            client,
            first_login: false,
        });
    }
    let Some((user, password)) = &config.login else {
        return Err(MatrixError::Login(
            "no kept session and no MATRIX_USER / MATRIX_PASSWORD".to_string(),
        ));
    };
    client
        .matrix_auth()
        .login_username(user, password)
        .initial_device_display_name("Chatrang")
        .send()
        .await
        .map_err(|e| MatrixError::Login(e.to_string()))?;
    let session = client
        .matrix_auth()
        .session()
        .ok_or_else(|| MatrixError::Login("the homeserver gave no session".to_string()))?;
    write_session(&file, &session)?;
    Ok(LoggedIn {
        client,
        first_login: true,
    })
}

fn read_session(file: &Path) -> Result<Option<MatrixSession>, MatrixError> {
    match std::fs::read_to_string(file) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| MatrixError::Setup(format!("{} is unreadable: {e}", file.display()))),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(MatrixError::Files(file.to_path_buf(), error)),
    }
}

/// Writes the session where only this user can read it (it holds the access token).
fn write_session(file: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let text = serde_json::to_string_pretty(session)
        .map_err(|e| MatrixError::Setup(format!("cannot write the session: {e}")))?;
    let partial = file.with_extension("json.new");
    std::fs::write(&partial, text).map_err(|e| MatrixError::Files(partial.clone(), e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o600));
    }
    std::fs::rename(&partial, file).map_err(|e| MatrixError::Files(file.to_path_buf(), e))
}
