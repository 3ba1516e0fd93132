//! Where a game lives on Matrix: a room, or a thread in it rooted at the game's challenge. The
//! service keeps it as one string, `!room:server` or `!room:server|$root`.

use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId};

use crate::service::Place;

/// Separates the room from the thread's root in a stored place (neither id contains it).
const THREAD: char = '|';

#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Where {
    pub room: OwnedRoomId,
    pub thread: Option<OwnedEventId>,
}

impl Where {
    pub fn room(room: OwnedRoomId) -> Where {
        Where { room, thread: None }
    }

    /// The same room, in the thread rooted at `root`.
    pub fn thread(&self, root: OwnedEventId) -> Where {
        Where {
            room: self.room.clone(),
            thread: Some(root),
        }
    }

    /// What the stored places of the threads of this place's room start with.
    pub fn threads_prefix(&self) -> String {
        format!("{}{THREAD}", self.room)
    }

    /// Reads a stored place; `None` when it is not a Matrix place.
    pub fn parse(place: &str) -> Option<Where> {
        let (room, thread) = match place.split_once(THREAD) {
            Some((room, root)) => (room, Some(OwnedEventId::try_from(root).ok()?)),
            None => (place, None),
        };
        Some(Where {
            room: OwnedRoomId::try_from(room).ok()?,
            thread,
        })
    }

    /// The service's place: the channel is this room or thread; the "server" (whose
    /// leaderboards it counts for) is `community`, the room's Space or the room itself.
    pub fn place(&self, community: &str) -> Place {
        Place::new(community, self.to_string())
    }
}

impl std::fmt::Display for Where {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.thread {
            Some(root) => write!(f, "{}{THREAD}{root}", self.room),
            None => write!(f, "{}", self.room),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_reads_back_as_written() {
        let room = Where::parse("!abc:example.org").unwrap();
        assert_eq!(room.thread, None);
        let thread = room.thread(OwnedEventId::try_from("$root:example.org").unwrap());
        let text = thread.to_string();
        assert_eq!(text, "!abc:example.org|$root:example.org");
        assert_eq!(Where::parse(&text), Some(thread));
        assert!(text.starts_with(&room.threads_prefix()));
        assert_eq!(
            Where::parse("1200000000000000001"),
            None,
            "a Discord channel"
        );
    }
}
