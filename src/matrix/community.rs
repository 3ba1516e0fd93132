//! Whose leaderboards a room's games count for (the service's "server"): the room's Space when
//! it has one; else, for a room that replaced another in a room upgrade, the old room's; else
//! the room itself.
//!
//! Anyone can create a room whose `m.room.create` names any room as its `predecessor`, so the
//! claim alone proves nothing. The succession is trusted only when the old room, one the bot is
//! in, has an `m.room.tombstone` naming this room as its replacement: a state event the
//! homeserver accepts only from someone allowed to send it there. A room that merely claims a
//! predecessor is its own community, and nothing of the old room reaches it.

use futures_util::StreamExt;
use matrix_sdk::{Room, RoomState, room::ParentSpace};

/// More upgrades than any room goes through; a chain longer than this stops there.
const MAX_UPGRADES: usize = 32;

/// Whose leaderboards `room`'s games count for; see the module's doc.
pub async fn community(room: &Room) -> String {
    let mut room = room.clone();
    for _ in 0..MAX_UPGRADES {
        if let Some(space) = space_of(&room).await {
            return space;
        }
        match predecessor(&room) {
            Some(old) => room = old,
            None => break,
        }
    }
    room.room_id().to_string()
}

/// The room `room` replaced in a room upgrade, when the succession is proven (see the
/// module's doc): its `m.room.create` names a room the bot is in, and that room's tombstone
/// names `room`.
pub fn predecessor(room: &Room) -> Option<Room> {
    let claimed = room.predecessor_room()?.room_id;
    if claimed == room.room_id() {
        return None;
    }
    let old = room.client().get_room(&claimed)?;
    let names_this_room = old
        .successor_room()
        .is_some_and(|successor| successor.room_id == room.room_id());
    (old.state() == RoomState::Joined && names_this_room).then_some(old)
}

/// The room's Space: a parent that lists the room as its child, or whose sender may do so (the
/// first by id when there are several).
async fn space_of(room: &Room) -> Option<String> {
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
    spaces.into_iter().min()
}
