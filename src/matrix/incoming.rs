//! What people do in a room, translated for the service: a text message that is a command
//! (`!move e4e6`, or "chatrang: move e4e6"), a bare move in a game's thread by the player to
//! act, `!click N`, and a reaction with one of the keys the bot offered. Notices (other bots),
//! edits and the bot's own events are ignored.

use std::{collections::HashMap, sync::Arc};

use futures_util::StreamExt;

use matrix_sdk::{
    Room, RoomMemberships, RoomState,
    event_handler::Ctx,
    room::ParentSpace,
    ruma::{
        OwnedUserId, UserId,
        events::room::power_levels::UserPowerLevel,
        events::{
            reaction::OriginalSyncReactionEvent,
            room::{
                member::StrippedRoomMemberEvent,
                message::{MessageType, OriginalSyncRoomMessageEvent, Relation},
            },
        },
    },
};

use super::{
    Bot,
    outgoing::{send_notice, send_reply, with_prefix},
    place::Where,
};
use crate::service::{Command, Reply, Request, ServiceError, User, parse};

/// Room moderators (power level 50 and more) may `!abort` a game.
const MODERATOR: i64 = 50;

/// An invite to a room: joined at once, when it comes from an allowed server.
pub async fn on_invite(event: StrippedRoomMemberEvent, room: Room, Ctx(bot): Ctx<Arc<Bot>>) {
    if event.state_key != bot.me || !bot.config.accepts_invites_from(event.sender.as_str()) {
        return;
    }
    tokio::spawn(async move { join(room).await });
}

/// Joins a room, trying again for a while: the homeserver may not be ready right after the
/// invite (a known Synapse race).
pub async fn join(room: Room) {
    let mut wait = std::time::Duration::from_millis(200);
    for _ in 0..8 {
        match room.join().await {
            Ok(()) => return,
            Err(error) => {
                tracing::debug!(room = %room.room_id(), %error, "join failed; trying again");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
        }
    }
    tracing::warn!(room = %room.room_id(), "could not join the room I was invited to");
}

/// A message in a room the bot is in.
pub async fn on_message(event: OriginalSyncRoomMessageEvent, room: Room, Ctx(bot): Ctx<Arc<Bot>>) {
    if event.sender == bot.me || room.state() != RoomState::Joined {
        return;
    }
    let MessageType::Text(text) = &event.content.msgtype else {
        return;
    };
    let thread = match &event.content.relates_to {
        Some(Relation::Replacement(_)) => return,
        Some(Relation::Thread(thread)) => Some(thread.event_id.clone()),
        _ => None,
    };
    let here = Where {
        room: room.room_id().to_owned(),
        thread,
    };
    let body = bot.addressed(&text.body);
    bot.message(&room, &here, &event.sender, &body).await;
}

/// A reaction: the click of a choice when it is one of the keys the bot offered.
pub async fn on_reaction(event: OriginalSyncReactionEvent, room: Room, Ctx(bot): Ctx<Arc<Bot>>) {
    if event.sender == bot.me || room.state() != RoomState::Joined {
        return;
    }
    let relation = &event.content.relates_to;
    let offered = bot
        .service
        .offered_by_reaction(relation.event_id.as_str(), &relation.key)
        .await;
    let Some((place, choice)) = (match offered {
        Ok(found) => found,
        Err(error) => {
            tracing::warn!(%error, "cannot look up a reaction");
            return;
        }
    }) else {
        return;
    };
    let here = Where::parse(&place).unwrap_or_else(|| Where::room(room.room_id().to_owned()));
    let request = bot.request(&room, &here, &event.sender, None).await;
    let result = bot.service.run(&request, Command::Button(choice)).await;
    bot.show(&room, &here, &event.sender, result).await;
}

impl Bot {
    /// The text of a message addressed to the bot by name ("chatrang: new chess") as a
    /// command; any other text unchanged.
    fn addressed(&self, body: &str) -> String {
        let body = body.trim();
        let names = [
            self.me.as_str().to_string(),
            self.me.localpart().to_string(),
        ];
        for name in names {
            if let Some(rest) = strip_prefix_ignore_case(body, &name) {
                let rest = rest.trim_start_matches([':', ',']).trim();
                if !rest.is_empty() {
                    return match rest.starts_with(self.config.prefix) {
                        true => rest.to_string(),
                        false => format!("{}{rest}", self.config.prefix),
                    };
                }
            }
        }
        body.to_string()
    }

    /// Handles one text message.
    async fn message(&self, room: &Room, here: &Where, sender: &OwnedUserId, body: &str) {
        let prefix = self.config.prefix;
        if let Some(n) = click_number(body, prefix) {
            let result = self.click(room, here, sender, n).await;
            return self.show(room, here, sender, result).await;
        }
        let names = member_names(room).await;
        let person = |name: &str| person(&names, name, self.me.server_name().as_str());
        match parse(body, prefix, &person) {
            Err(why) => {
                self.show(
                    room,
                    here,
                    sender,
                    Err(ServiceError::refused(why.to_string())),
                )
                .await
            }
            Ok(Some(line)) => {
                let request = self.request(room, here, sender, line.game).await;
                let result = self.service.run(&request, line.command).await;
                self.show(room, here, sender, result).await;
            }
            // In a game's thread a message that is only a legal move by the player to act is
            // played; anything else there is conversation and gets no answer.
            Ok(None) if here.thread.is_some() && is_one_word(body) => {
                let request = self.request(room, here, sender, None).await;
                let result = self
                    .service
                    .run(&request, Command::Move(body.to_string()))
                    .await;
                if result.is_ok() {
                    self.show(room, here, sender, result).await;
                }
            }
            Ok(None) => {}
        }
    }

    /// `!click N`: the N-th choice of the newest list offered here.
    async fn click(
        &self,
        room: &Room,
        here: &Where,
        sender: &OwnedUserId,
        n: Option<i64>,
    ) -> Result<Reply, ServiceError> {
        let prefix = self.config.prefix;
        let Some(n) = n else {
            return Err(ServiceError::refused(format!(
                "Say which choice by its number: {prefix}click 1"
            )));
        };
        let offered = self.service.newest_offered(&here.to_string()).await?;
        let Some(choice) = offered.iter().find(|c| c.position == n) else {
            return Err(ServiceError::refused(if offered.is_empty() {
                "There are no choices here to pick from.".to_string()
            } else {
                format!(
                    "There is no choice {n}; the last list here has {}.",
                    offered.len()
                )
            }));
        };
        let request = self.request(room, here, sender, None).await;
        self.service
            .run(&request, Command::Button(choice.choice.clone()))
            .await
    }

    /// The service's request for `sender` here: their name in the room, the game (a number
    /// typed, the thread's game, or their only game in the room) and whether they moderate.
    async fn request(
        &self,
        room: &Room,
        here: &Where,
        sender: &OwnedUserId,
        game: Option<i64>,
    ) -> Request {
        let member = room.get_member(sender).await.ok().flatten();
        let name = member
            .as_ref()
            .and_then(|m| m.display_name().map(str::to_string))
            .unwrap_or_else(|| sender.localpart().to_string());
        let admin = member.is_some_and(|m| match m.power_level() {
            UserPowerLevel::Infinite => true,
            UserPowerLevel::Int(level) => i64::from(level) >= MODERATOR,
            _ => false,
        });
        let user = User::new(sender.to_string(), name);
        let game = match (game, &here.thread) {
            (Some(game), _) => Some(game),
            (None, Some(_)) => None,
            (None, None) => self
                .service
                .only_open_game_in(&user, room.room_id().as_str())
                .await
                .ok()
                .flatten(),
        };
        Request::new(user, here.place(&community(room).await))
            .about(game)
            .admin(admin)
    }

    /// Shows a result: a public reply where its game lives (a game still in the room's main
    /// timeline gets its thread, rooted at this post); anything else as a notice to the sender.
    pub async fn show(
        &self,
        room: &Room,
        here: &Where,
        sender: &OwnedUserId,
        result: Result<Reply, ServiceError>,
    ) {
        let reply = match result {
            Ok(reply) => reply,
            Err(error) => {
                let text = with_prefix(&error.to_string(), self.config.prefix);
                if let Err(failed) = send_notice(room, here, &text, Some(sender)).await {
                    tracing::warn!(error = %failed, "cannot send a notice");
                }
                return;
            }
        };
        if !reply.public {
            let mut private = reply.clone();
            private.notify = vec![sender.to_string()];
            self.post(room, here, &private).await;
            return;
        }
        let target = reply
            .game
            .as_ref()
            .and_then(|g| Where::parse(&g.place))
            .filter(|w| w.room == here.room)
            .unwrap_or_else(|| here.clone());
        match self.post(room, &target, &reply).await {
            Some(_) => self.service.delivered(&reply).await,
            None => {
                self.service
                    .not_delivered(&reply, "the homeserver refused it")
                    .await;
                let note = "That is saved; the homeserver did not take the board just now, and \
                            it will be posted as soon as it does.";
                let _ = send_notice(room, here, note, Some(sender)).await;
            }
        }
    }

    /// Sends a reply to `target` and remembers the choices it offers; a game that has no thread
    /// yet gets one from this post. `None` when the homeserver refused it.
    pub async fn post(&self, room: &Room, target: &Where, reply: &Reply) -> Option<()> {
        match self.post_reply(room, target, reply).await {
            Ok(()) => Some(()),
            Err(error) => {
                tracing::warn!(%error, room = %room.room_id(), "cannot send a reply");
                None
            }
        }
    }

    /// The same, with the homeserver's refusal: the outbox's poster does what a command's
    /// answer does (the thread, the reactions it offers) and judges the error itself.
    pub async fn post_reply(
        &self,
        room: &Room,
        target: &Where,
        reply: &Reply,
    ) -> Result<(), matrix_sdk::Error> {
        let sent = send_reply(room, target, reply, self.config.prefix).await?;
        // Only a game still in this room's main timeline moves into the thread of this post:
        // a game of another room (looked at by number) stays where it lives.
        let place = match (&target.thread, &reply.game) {
            (None, Some(game)) if reply.public && game.place == target.to_string() => {
                let thread = target.thread(sent.notice.clone());
                let place = thread.place(room.room_id().as_str());
                if let Err(error) = self.service.move_to_place(game.id, &place).await {
                    tracing::error!(game = game.id, %error, "cannot move a game to its thread");
                    target.clone()
                } else {
                    thread
                }
            }
            _ => target.clone(),
        };
        if !sent.choices.is_empty()
            && let Err(error) = self
                .service
                .remember_offered(sent.notice.as_str(), &place.to_string(), &sent.choices)
                .await
        {
            tracing::warn!(%error, "cannot remember the offered choices");
        }
        Ok(())
    }
}

/// `!click N` read: `Some(Some(n))`, `Some(None)` without a number, `None` for other text.
fn click_number(body: &str, prefix: char) -> Option<Option<i64>> {
    let rest = body.trim().strip_prefix(prefix)?;
    let mut words = rest.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("click") {
        return None;
    }
    Some(words.next().and_then(|n| n.parse().ok()))
}

fn is_one_word(body: &str) -> bool {
    let body = body.trim();
    !body.is_empty() && body.len() <= 16 && !body.contains(char::is_whitespace)
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// Whose leaderboards a room's games count for: the room's Space when it has one (a parent
/// that lists the room as its child, or whose sender may do so), else the room itself.
async fn community(room: &Room) -> String {
    let mut spaces = Vec::new();
    if let Ok(parents) = room.parent_spaces().await {
        let mut parents = std::pin::pin!(parents);
        while let Some(parent) = parents.next().await {
            if let Ok(ParentSpace::Reciprocal(space) | ParentSpace::WithPowerlevel(space)) = parent
            {
                spaces.push(space.room_id().to_string());
            }
        }
    }
    spaces.sort();
    spaces
        .into_iter()
        .next()
        .unwrap_or_else(|| room.room_id().to_string())
}

/// The display names of the room's members, by user id.
async fn member_names(room: &Room) -> HashMap<String, String> {
    room.members(RoomMemberships::JOIN | RoomMemberships::INVITE)
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|m| (m.user_id().to_string(), m.name().to_string()))
        .collect()
}

/// The person a mention names: `@bob:example.org`, or `@bob` on the bot's own server.
fn person(names: &HashMap<String, String>, mention: &str, own_server: &str) -> User {
    let mention = mention.trim().trim_start_matches('@');
    let id = if mention.contains(':') {
        format!("@{mention}")
    } else {
        format!("@{mention}:{own_server}")
    };
    let name = names.get(&id).cloned().unwrap_or_else(|| {
        UserId::parse(&id).map_or_else(|_| mention.to_string(), |u| u.localpart().to_string())
    });
    User::new(id, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn click_is_read_with_or_without_its_number() {
        assert_eq!(click_number("!click 2", '!'), Some(Some(2)));
        assert_eq!(click_number("  !CLICK  ", '!'), Some(None));
        assert_eq!(click_number("!move e2e4", '!'), None);
        assert_eq!(click_number("click 2", '!'), None);
    }

    #[test]
    fn a_mention_names_a_full_matrix_id_or_someone_on_the_bots_server() {
        let names = HashMap::from([("@bob:example.org".to_string(), "Bobby".to_string())]);
        let bob = person(&names, "bob:example.org", "example.org");
        assert_eq!(
            (bob.id.as_str(), bob.name.as_str()),
            ("@bob:example.org", "Bobby")
        );
        let carol = person(&names, "@carol", "example.org");
        assert_eq!(
            (carol.id.as_str(), carol.name.as_str()),
            ("@carol:example.org", "carol")
        );
    }
}
