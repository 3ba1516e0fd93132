//! What a message relates to, for the clients that do not thread: the game a reply answers
//! (the thread of the message it replies to, or the game whose thread that message starts),
//! and whether an edit fixes a message that was no command. Both read the earlier message from
//! the homeserver (decrypted in an encrypted room).

use matrix_sdk::{
    Room,
    ruma::{
        EventId, OwnedEventId, OwnedUserId,
        events::room::message::{
            MessageType, OriginalSyncRoomMessageEvent, Relation,
            sanitize::remove_plain_reply_fallback,
        },
    },
};

/// An earlier message of the room, as the bot reads it again.
pub struct Earlier {
    pub sender: OwnedUserId,
    /// Its text, without a quoted reply fallback; `None` for anything but text.
    pub text: Option<String>,
    /// The thread it belongs to.
    pub thread: Option<OwnedEventId>,
}

/// Reads message `id` of `room`; `None` when it cannot be read (gone, not a message, or not
/// decrypted).
pub async fn earlier(room: &Room, id: &EventId) -> Option<Earlier> {
    let event = room.event(id, None).await.ok()?;
    let message: OriginalSyncRoomMessageEvent = event.raw().deserialize_as_unchecked().ok()?;
    let text = match &message.content.msgtype {
        MessageType::Text(text) => Some(without_fallback(&text.body).to_string()),
        _ => None,
    };
    let thread = match &message.content.relates_to {
        Some(Relation::Thread(thread)) => Some(thread.event_id.clone()),
        _ => None,
    };
    Some(Earlier {
        sender: message.sender,
        text,
        thread,
    })
}

/// A reply's own text: clients that do not know rich replies quote the message they answer
/// in lines starting with `> `, then an empty line.
pub fn without_fallback(body: &str) -> &str {
    remove_plain_reply_fallback(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_reply_fallback_is_left_out() {
        let reply = "> <@chatrang:example.org> Game #1: alice plays e2–e4.\n> Bob to move.\n\ne7e5";
        assert_eq!(without_fallback(reply), "e7e5");
        assert_eq!(without_fallback("e7e5"), "e7e5");
        assert_eq!(
            without_fallback("> not a fallback\n\ne7e5"),
            "> not a fallback\n\ne7e5",
            "a quote that names no sender is the person's own text"
        );
    }
}
