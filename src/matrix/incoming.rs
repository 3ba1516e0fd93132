//! What people do in a room, translated for the service: a text message that is a command
//! (`!move e4e6`, or "chatrang: move e4e6"), a bare move in a game's thread by the player to
//! act, and a reaction with one of the keys the bot offered (the service's `/click`, as
//! `!click N` is). A reply counts in the game of the message it answers (clients without
//! threads reply instead), without its quoted fallback; an edit counts when it fixes a message
//! that was no command (a command that ran never runs again). Notices (other bots) and the
//! bot's own events are ignored.

use std::{collections::HashMap, future::Future, sync::Arc};

use matrix_sdk::{
    Room, RoomMemberships, RoomState,
    event_handler::Ctx,
    ruma::{
        EventId, OwnedEventId, OwnedUserId, UserId,
        api::client::receipt::create_receipt::v3::ReceiptType,
        events::receipt::ReceiptThread,
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

use super::{Bot, channel::Asked, community::community, place::Where, related, typing};
use crate::service::{Command, Pick, Request, ServiceError, User, parse};

/// Room moderators (power level 50 and more) may `!abort` a game.
const MODERATOR: i64 = 50;
/// How many edited messages the bot remembers having handled an edit of; a message edited
/// again after that many others is a rare case, and its new edit is then ignored only if the
/// original was a command.
const EDITS_KEPT: usize = 10_000;

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

/// A message in a room the bot is in: handled in the room's turn.
pub async fn on_message(event: OriginalSyncRoomMessageEvent, room: Room, Ctx(bot): Ctx<Arc<Bot>>) {
    if event.sender == bot.me || room.state() != RoomState::Joined {
        return;
    }
    let handler = bot.clone();
    bot.rooms
        .run_in_order(room.room_id().to_owned(), async move {
            let source = source_of(&event.event_id);
            handler
                .once(&source, handler.text_message(event, room, &source))
                .await;
        });
}

/// A reaction: the click of a choice when it is one of the keys the bot offered.
pub async fn on_reaction(event: OriginalSyncReactionEvent, room: Room, Ctx(bot): Ctx<Arc<Bot>>) {
    if event.sender == bot.me || room.state() != RoomState::Joined {
        return;
    }
    let handler = bot.clone();
    bot.rooms
        .run_in_order(room.room_id().to_owned(), async move {
            let source = source_of(&event.event_id);
            handler
                .once(&source, handler.reaction(event, room, &source))
                .await;
        });
}

/// The service's name for a Matrix event that may give a command.
fn source_of(event: &EventId) -> String {
    format!("matrix:{event}")
}

impl Bot {
    /// Handles the event `source` unless it was handled before: after a crash the bot reads
    /// again the events since the last position it saved (see `sync`), and one whose command
    /// was carried out, or that was answered, must not run twice. `handle` says whether the
    /// event was a command or a try at one (a word in a game's thread), which is then
    /// recorded; a command that changed something recorded it with its change already.
    /// Conversation is not recorded: read again, it is ignored again.
    async fn once(&self, source: &str, handle: impl Future<Output = bool>) {
        if self.service.was_handled(source).await {
            tracing::info!(source, "skipping an event handled before a restart");
            return;
        }
        if handle.await {
            self.service.mark_handled(source).await;
        }
    }

    /// A text message, with where it belongs: its thread, the game a reply answers, or, for
    /// an edit that fixes a message that was no command, the fixed text where that message
    /// was. True when it was a command or a try at a move.
    async fn text_message(
        &self,
        event: OriginalSyncRoomMessageEvent,
        room: Room,
        source: &str,
    ) -> bool {
        let (text, thread) = match &event.content.relates_to {
            Some(Relation::Replacement(edit)) => {
                let MessageType::Text(text) = &edit.new_content.msgtype else {
                    return false;
                };
                let Some(thread) = self.fixed(&room, &edit.event_id, &event.sender).await else {
                    return false;
                };
                (text.body.clone(), thread)
            }
            _ => {
                let MessageType::Text(text) = &event.content.msgtype else {
                    return false;
                };
                let thread = match &event.content.relates_to {
                    Some(Relation::Thread(thread)) => Some(thread.event_id.clone()),
                    Some(Relation::Reply(reply)) => {
                        self.thread_answered(&room, &reply.in_reply_to.event_id)
                            .await
                    }
                    _ => None,
                };
                (related::without_fallback(&text.body).to_string(), thread)
            }
        };
        let here = Where {
            room: room.room_id().to_owned(),
            thread,
        };
        let body = self.addressed(&text);
        let tried_a_move = here.thread.is_some() && is_one_word(&body);
        let asked = Asked::new(self, &room, here, &event.sender).answering(source);
        let answered = self.message(asked, &body).await;
        if answered {
            read(&room, event.event_id);
        }
        answered || tried_a_move
    }

    /// The game's thread a reply answers: the thread of the message it replies to, or the
    /// thread that message starts when a game lives there (a challenge, an announcement).
    async fn thread_answered(&self, room: &Room, replied: &EventId) -> Option<OwnedEventId> {
        if let Some(thread) = related::earlier(room, replied).await.and_then(|e| e.thread) {
            return Some(thread);
        }
        let root = Where::room(room.room_id().to_owned()).thread(replied.to_owned());
        let has_game = self.service.has_game_in(&root.to_string()).await;
        has_game.unwrap_or(false).then(|| replied.to_owned())
    }

    /// Where the message `original` was, when `sender`'s edit of it is to be handled: the
    /// original was theirs and no command (a typo the edit fixes), and no earlier edit of it
    /// was handled. `None` otherwise: an edit of a command that ran must not run again, nor
    /// that of a bare word in a game's thread, which was tried as a move (edited after the
    /// move was played, it would play another at the player's next turn).
    async fn fixed(
        &self,
        room: &Room,
        original: &EventId,
        sender: &OwnedUserId,
    ) -> Option<Option<OwnedEventId>> {
        let earlier = related::earlier(room, original).await?;
        let prefix = self.config.prefix;
        let text = earlier.text.as_deref().map(|t| self.addressed(t))?;
        let was_command = matches!(
            parse(&text, prefix, &|name| User::new(name, name)),
            Ok(Some(_))
        ) || (earlier.thread.is_some() && is_one_word(&text));
        if earlier.sender != *sender || was_command || !self.first_edit_of(original) {
            return None;
        }
        Some(earlier.thread)
    }

    /// Whether no edit of `original` was handled before (kept for the bot's run).
    fn first_edit_of(&self, original: &EventId) -> bool {
        let mut edited = self.edited.lock().unwrap_or_else(|e| e.into_inner());
        if edited.len() >= EDITS_KEPT {
            edited.clear();
        }
        edited.insert(original.to_owned())
    }

    /// Handles a reaction in its room's turn; true when it was a key the bot offered.
    async fn reaction(&self, event: OriginalSyncReactionEvent, room: Room, source: &str) -> bool {
        let relation = &event.content.relates_to;
        let offered = self
            .service
            .offered_by_reaction(relation.event_id.as_str(), &relation.key)
            .await;
        let Some((place, choice)) = (match offered {
            Ok(found) => found,
            Err(error) => {
                tracing::warn!(%error, "cannot look up a reaction");
                return false;
            }
        }) else {
            return false;
        };
        let here = Where::parse(&place).unwrap_or_else(|| Where::room(room.room_id().to_owned()));
        let mut asked = Asked::new(self, &room, here, &event.sender).answering(source);
        let request = self.request(&asked, None).await;
        let work = self.service.run(&request, Command::Click(Pick::Id(choice)));
        let result = typing::while_busy(&room, work).await;
        self.service.present(&mut asked, result).await;
        true
    }

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

    /// Handles one text message; true when it was a command or a move the bot answered.
    async fn message(&self, mut asked: Asked<'_>, body: &str) -> bool {
        // A clean stop waits for the answer to be sent too (the service refuses a command
        // that comes once the bot stops).
        let _inside = self.service.come_in();
        let prefix = self.config.prefix;
        let names = member_names(asked.room).await;
        let person = |name: &str| person(&names, name, self.me.server_name().as_str());
        match parse(body, prefix, &person) {
            Err(why) => {
                let refused = Err(ServiceError::refused(why.to_string()));
                self.service.present(&mut asked, refused).await;
                true
            }
            Ok(Some(mut line)) => {
                // A game started in a room's main timeline moves into the thread of its
                // announcement: a bot that moves first waits for it, so that its board is
                // posted there and not in the room.
                if let Command::New(new) = &mut line.command {
                    new.opens_thread = asked.here.thread.is_none();
                }
                let request = self.request(&asked, line.game).await;
                let room = asked.room;
                let work = self
                    .service
                    .run_showing_notes(request, line.command, &mut asked);
                let result = typing::while_busy(room, work).await;
                self.service.present(&mut asked, result).await;
                true
            }
            // In a game's thread a message that is only a legal move by the player to act is
            // played; anything else there is conversation and gets no answer.
            Ok(None) if asked.here.thread.is_some() && is_one_word(body) => {
                let request = self.request(&asked, None).await;
                let work = self.service.run(&request, Command::Move(body.to_string()));
                let result = typing::while_busy(asked.room, work).await;
                let played = result.is_ok();
                if played {
                    self.service.present(&mut asked, result).await;
                }
                played
            }
            Ok(None) => false,
        }
    }

    /// The service's request for the sender of what is `asked`: their name in the room, the
    /// game (a number typed, the thread's game, or their only game in the room), whether they
    /// moderate, and the event that asks.
    async fn request(&self, asked: &Asked<'_>, game: Option<i64>) -> Request {
        let (room, here, sender) = (asked.room, &asked.here, asked.sender);
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
        let request = Request::new(user, here.place(&community(room).await))
            .about(game)
            .admin(admin);
        match asked.answering {
            Some(source) => request.from_message(source),
            None => request,
        }
    }
}

/// Marks a message the bot answered as read, so that its sender's client shows that the bot
/// saw it. Nothing waits for it, and a failure only costs the mark.
fn read(room: &Room, message: OwnedEventId) {
    let room = room.clone();
    tokio::spawn(async move {
        let receipt = room
            .send_single_receipt(ReceiptType::Read, ReceiptThread::Unthreaded, message)
            .await;
        if let Err(error) = receipt {
            tracing::debug!(%error, "cannot mark a message read");
        }
    });
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
