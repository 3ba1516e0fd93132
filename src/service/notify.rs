//! `/notify all|turn|off`: when the bot mentions a person. Applied to every post about a game
//! (boards, reminders, "time is up"), whichever way it is delivered.

use super::{
    base::Service,
    loaded::Loaded,
    reply::{Reply, ServiceError, ServiceResult},
    request::User,
    words::shown,
};
use crate::store::Notify;

impl Service {
    /// `/notify`: sets when the asker is mentioned, or says what it is now.
    pub(crate) async fn notify(&self, user: &User, arg: &str) -> ServiceResult {
        let arg = arg.trim().to_lowercase();
        if arg.is_empty() {
            let now = self.store.notify_of(&user.id).await?;
            return Ok(Reply::text(format!(
                "You are mentioned: {}. /notify all, /notify turn or /notify off changes it.",
                meaning(now)
            )));
        }
        let Some(notify) = Notify::parse(&arg) else {
            return Err(ServiceError::refused(format!(
                "/notify is \"all\" (every move of your games), \"turn\" (when you must act, \
                 and reminders) or \"off\" (never); not \"{}\".",
                shown(&arg)
            )));
        };
        self.store.set_notify(&user.id, &user.name, notify).await?;
        Ok(Reply::text(format!(
            "From now on you are mentioned: {}.",
            meaning(notify)
        )))
    }

    /// Who a post about `loaded` mentions: `wanted` (who must act, or the post's own list)
    /// without the people who turned mentions off, and with the players who want every post.
    pub(crate) async fn mentions(&self, loaded: &Loaded, wanted: Vec<String>) -> Vec<String> {
        let mut people: Vec<String> = wanted.clone();
        for p in &loaded.people {
            if !people.contains(&p.user_id) {
                people.push(p.user_id.clone());
            }
        }
        let mut chosen = Vec::new();
        for user in people {
            let notify = match self.store.notify_of(&user).await {
                Ok(notify) => notify,
                // Mentioning as usual beats dropping a turn's mention.
                Err(error) => {
                    tracing::warn!(%error, "cannot read who wants mentions");
                    Notify::Turn
                }
            };
            let mention = match notify {
                Notify::All => true,
                Notify::Turn => wanted.contains(&user),
                Notify::Off => false,
            };
            if mention {
                chosen.push(user);
            }
        }
        chosen
    }
}

fn meaning(notify: Notify) -> &'static str {
    match notify {
        Notify::All => "on every move of your games",
        Notify::Turn => "when you must act, and in reminders",
        Notify::Off => "never (the boards still come)",
    }
}
