//! Following a room upgrade, so that it strands no game. Upgrading a room makes a new room
//! whose `m.room.create` names the old one as its predecessor, and ends the old one with an
//! `m.room.tombstone` naming the new one; people cannot post in the old room any more.
//!
//! * The old room's tombstone: the bot joins the new room. An invite-only room cannot be
//!   joined yet; the bot joins it when invited, as it joins any room (clients invite the old
//!   room's members).
//! * The bot in the new room (it just joined, the tombstone came after, or the bot starts):
//!   once the succession is proven (see `community`), each open game of the old room, in its
//!   timeline or a thread, is announced in the new room with its board, and the game moves to
//!   the thread of that announcement, as a new game moves to its announcement's thread. Its
//!   players play on there, and the new room counts for the old room's leaderboards.
//!
//! A room that only claims a predecessor gets nothing: no game, no leaderboard, no word that
//! the old room exists.

use std::sync::Arc;

use matrix_sdk::{
    Client, Room, RoomState,
    event_handler::Ctx,
    ruma::{
        OwnedServerName, RoomOrAliasId,
        events::room::{
            create::OriginalSyncRoomCreateEvent, tombstone::OriginalSyncRoomTombstoneEvent,
        },
    },
};

use super::{Bot, community, place::Where};

/// What the announcement says after the game's number and name.
const CONTINUES: &str = "continues here after the room's upgrade.";

/// Follows room upgrades from now on, and carries over the games of upgrades the bot has not
/// finished following (it stopped while it did).
pub fn follow(client: &Client, bot: &Arc<Bot>) {
    client.add_event_handler(on_tombstone);
    client.add_event_handler(on_create);
    for room in client.joined_rooms() {
        carry_games_to(bot, room);
    }
}

/// A room the bot is in was upgraded: the bot goes to the new room (or carries the games over
/// at once when it is there already).
async fn on_tombstone(
    event: OriginalSyncRoomTombstoneEvent,
    room: Room,
    client: Client,
    Ctx(bot): Ctx<Arc<Bot>>,
) {
    if room.state() != RoomState::Joined || !bot.config.accepts_invites_from(event.sender.as_str())
    {
        return;
    }
    let new = event.content.replacement_room;
    if let Some(joined) = client
        .get_room(&new)
        .filter(|r| r.state() == RoomState::Joined)
    {
        carry_games_to(&bot, joined);
        return;
    }
    let via: Vec<OwnedServerName> = vec![event.sender.server_name().to_owned()];
    let target: &RoomOrAliasId = (&*new).into();
    // The new room's state then comes with the next sync, and `on_create` carries the games.
    if let Err(error) = client.join_room_by_id_or_alias(target, &via).await {
        let waiting = "cannot join the upgraded room yet; waiting for an invite";
        tracing::info!(room = %new, %error, "{waiting}");
    }
}

/// The bot sees a room's creation when it joins it: a room that replaced one of the bot's gets
/// its games.
async fn on_create(_event: OriginalSyncRoomCreateEvent, room: Room, Ctx(bot): Ctx<Arc<Bot>>) {
    if room.state() == RoomState::Joined {
        carry_games_to(&bot, room);
    }
}

/// Carries the open games of the room `new` replaced over to `new`, in `new`'s turn, when the
/// succession is proven. Carrying twice is harmless: the games moved the first time are no
/// longer in the old room.
fn carry_games_to(bot: &Arc<Bot>, new: Room) {
    let Some(old) = community::predecessor(&new) else {
        return;
    };
    let handler = bot.clone();
    bot.rooms
        .run_in_order(new.room_id().to_owned(), async move {
            handler.carry_games(&old, &new).await;
        });
}

impl Bot {
    /// Announces each open game of `old` in `new`, and moves it into the announcement's
    /// thread.
    async fn carry_games(&self, old: &Room, new: &Room) {
        let from = Where::room(old.room_id().to_owned());
        let games = self
            .service
            .open_games_under(&from.to_string(), &from.threads_prefix())
            .await;
        let games = match games {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, room = %from, "cannot list the games of an upgraded room");
                return;
            }
        };
        let target = Where::room(new.room_id().to_owned());
        for game in games {
            let reply = self
                .service
                .moved_reply(game, &target.to_string(), CONTINUES)
                .await;
            let reply = match reply {
                Ok(reply) => reply,
                Err(error) => {
                    tracing::error!(game, %error, "cannot announce a game in the upgraded room");
                    continue;
                }
            };
            // Announced again after a crash (the game not yet moved), the homeserver answers
            // with the announcement it already has.
            let version = reply.game.as_ref().map_or(0, |g| g.version);
            let answer = format!("moved-{game}-{version}");
            match self.post_reply(new, &target, &reply, Some(&answer)).await {
                Ok(offered) => {
                    self.service.remember_shown(offered.as_ref()).await;
                    let (from, to) = (old.room_id(), new.room_id());
                    tracing::info!(game, %from, %to, "a game moved with its room's upgrade");
                }
                Err(error) => {
                    tracing::warn!(game, %error, "cannot announce a game in the upgraded room")
                }
            }
        }
    }
}
