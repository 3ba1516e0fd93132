//! `/settings`: a server's settings. Anyone may look; its moderators change them. One setting
//! so far: whether a game's replay is posted in its thread when it ends (on by default).

use super::{
    base::Service,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
    words::shown,
};
use crate::store::PlaceSettings;

impl Service {
    /// `/settings [replays=on|off]`.
    pub(crate) async fn settings(&self, req: &Request, arg: &str) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(
                "Settings belong to a server: ask for /settings in one of its channels.",
            ));
        }
        let server = &req.place.server;
        let mut settings = self.store.place_settings(server).await?;
        let arg = arg.trim();
        if arg.is_empty() {
            return Ok(Reply::text(describe("This server's settings", settings)));
        }
        if !req.admin {
            return Err(ServiceError::refused(
                "Only a moderator of this server can change its settings; /settings alone \
                 shows them.",
            ));
        }
        for word in arg.split_whitespace() {
            let (name, value) = word.split_once('=').unwrap_or((word, ""));
            if name.to_lowercase() != "replays" {
                return Err(ServiceError::refused(format!(
                    "\"{}\" is not a setting; write replays=on or replays=off.",
                    shown(name)
                )));
            }
            settings.replays = match value.to_lowercase().as_str() {
                "on" | "yes" | "true" => true,
                "off" | "no" | "false" => false,
                _ => {
                    return Err(ServiceError::refused(format!(
                        "replays= takes on or off; \"{}\" is neither.",
                        shown(value)
                    )));
                }
            };
        }
        self.store
            .set_place_settings(server, settings, &req.user.id)
            .await?;
        Ok(Reply {
            public: true,
            ..Reply::text(describe(
                &format!("{} sets this server's settings", req.user.name),
                settings,
            ))
        })
    }
}

/// "Title:" and each setting with what it does.
fn describe(title: &str, settings: PlaceSettings) -> String {
    let (replays, other) = if settings.replays {
        ("on", "off")
    } else {
        ("off", "on")
    };
    format!(
        "{title}:\n• replays={replays}: post a game's replay (an animated picture) in its thread \
         when it ends; /replay shows one at any time either way.\nModerators change them: \
         /settings replays={other}."
    )
}
