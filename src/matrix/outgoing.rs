//! How one service [`Reply`] looks on Matrix: an `m.notice` (bots must not trigger other bots)
//! with the service's Markdown as HTML and as plain text (`markdown`), pills and `m.mentions`
//! naming exactly who must act; the board as an `m.image` with its size and type, and its
//! description as the caption (the `body` clients without pictures show and screen readers
//! read, the file's name apart, as MSC2530 has it); a record as an `m.file`; choices as a
//! numbered list the bot pre-reacts to with keys. In a game's thread every event carries the
//! thread relation. matrix-sdk encrypts events and uploads in encrypted rooms by itself.

use matrix_sdk::{
    Room,
    attachment::{AttachmentConfig, AttachmentInfo, BaseImageInfo},
    room::{
        futures::{SendMessageLikeEvent, SendMessageLikeEventResult},
        reply::{EnforceThread, Reply as ReplyTo},
    },
    ruma::{
        OwnedEventId, OwnedTransactionId, OwnedUserId, UInt,
        events::{
            Mentions,
            reaction::ReactionEventContent,
            relation::{Annotation, Thread},
            room::message::{
                AddMentions, Relation, ReplyWithinThread, RoomMessageEventContent,
                TextMessageEventContent,
            },
        },
    },
};

use super::{
    markdown::{Rendered, render},
    place::Where,
};
use crate::{
    service::{COMMANDS, Choice, Reply, Tone, numbered},
    store::OfferedChoice,
};

/// Number keys for the first ten choices.
const NUMBER_KEYS: [&str; 10] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];
pub const YES_KEY: &str = "✅";
pub const NO_KEY: &str = "❌";

/// What was sent for a reply: the notice (a new game's thread starts from it) and the choices
/// it offers, with their keys.
pub struct Sent {
    pub notice: OwnedEventId,
    pub choices: Vec<OfferedChoice>,
}

/// Sends `reply` to `place`; `prefix` is how commands are typed here (for the choices' hint),
/// `answer` names the answer to an event (see [`transaction`]).
pub async fn send_reply(
    room: &Room,
    place: &Where,
    reply: &Reply,
    prefix: char,
    answer: Option<&str>,
) -> Result<Sent, matrix_sdk::Error> {
    let once = Once { reply, answer };
    let mentions = mentioned(&reply.notify);
    let choices = keyed(&reply.choices);
    let (body, html) = notice_text(reply, &mentions, &choices, prefix);
    let mut notice = RoomMessageEventContent::notice_html(body, html);
    notice.mentions = Some(Mentions::with_user_ids(mentions.clone()));
    if let Some(root) = &place.thread {
        notice.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    }
    let notice = once
        .send(room.send(notice), "notice")
        .await?
        .response
        .event_id;
    for offered in &choices {
        let key = Annotation::new(notice.clone(), offered.reaction.clone());
        let part = format!("key{}", offered.position);
        once.send(room.send(ReactionEventContent::new(key)), &part)
            .await?;
    }
    // The thread of a new game starts from its announcement.
    let thread = place.thread.clone().unwrap_or_else(|| notice.clone());
    // The picture, then any more (a review's boards), each once: the first keeps the
    // transaction name it always had.
    let images = reply.image.iter().chain(&reply.more_images);
    for (n, image) in images.enumerate() {
        let (width, height) = image.size().unzip();
        let info = BaseImageInfo {
            width: width.map(UInt::from),
            height: height.map(UInt::from),
            size: UInt::new(image.bytes.len() as u64),
            ..BaseImageInfo::default()
        };
        let caption = Some(image.description.trim())
            .filter(|d| !d.is_empty())
            .map(TextMessageEventContent::plain);
        let mut config = AttachmentConfig::new()
            .info(AttachmentInfo::Image(info))
            .caption(caption)
            .reply(Some(in_thread(&thread)));
        let part = match n {
            0 => "image".to_string(),
            n => format!("image{n}"),
        };
        if let Some(txn) = once.transaction(&part) {
            config = config.txn_id(txn);
        }
        let kind = if image.mime() == "image/gif" {
            mime::IMAGE_GIF
        } else {
            mime::IMAGE_PNG
        };
        room.send_attachment(&image.filename, &kind, image.bytes.clone(), config)
            .await?;
    }
    if let Some(file) = &reply.attachment {
        let mut config = AttachmentConfig::new().reply(Some(in_thread(&thread)));
        if let Some(txn) = once.transaction("file") {
            config = config.txn_id(txn);
        }
        room.send_attachment(
            &file.filename,
            &mime::TEXT_PLAIN_UTF_8,
            file.content.clone(),
            config,
        )
        .await?;
    }
    Ok(Sent { notice, choices })
}

/// Where the transaction ids of a reply's events come from. Sent again after a crash (the
/// homeserver took an event, the bot never heard back or died first), an event with the same
/// transaction id is answered with the event the homeserver already has instead of being
/// shown twice. An outbox post is named by its game, version and kind (so that the command's
/// answer and the outbox's later post of it are one); another answer by the event it answers.
struct Once<'a> {
    reply: &'a Reply,
    answer: Option<&'a str>,
}

impl Once<'_> {
    /// Sends one event (`part`) of the reply, with its transaction id when it has one.
    async fn send(
        &self,
        send: SendMessageLikeEvent<'_>,
        part: &str,
    ) -> Result<SendMessageLikeEventResult, matrix_sdk::Error> {
        match self.transaction(part) {
            Some(txn) => send.with_transaction_id(txn).await,
            None => send.await,
        }
    }

    /// The transaction id of one event (`part`) of the reply: the same each time it is sent.
    fn transaction(&self, part: &str) -> Option<OwnedTransactionId> {
        let key = self.reply.post_key.as_deref().or(self.answer)?;
        Some(transaction_id(key, part))
    }
}

/// A transaction id made of `key` and `part`, in the characters a URL path keeps as they are
/// (an event id may hold `$`, `:`, `/` or `+`).
fn transaction_id(key: &str, part: &str) -> OwnedTransactionId {
    let safe: String = key
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() || "-_.".contains(c) {
            true => c,
            false => '_',
        })
        .collect();
    OwnedTransactionId::from(format!("chatrang.{safe}.{part}"))
}

/// A plain notice (errors, notes) in `place`, addressed to `to` when given.
pub async fn send_notice(
    room: &Room,
    place: &Where,
    text: &str,
    to: Option<&OwnedUserId>,
    answer: Option<&str>,
) -> Result<OwnedEventId, matrix_sdk::Error> {
    let shown = render(text);
    let (body, html) = match to {
        Some(user) => led_by(&format!("{user}: "), &format!("{}: ", pill(user)), shown),
        None => (shown.plain, shown.html),
    };
    let mut notice = RoomMessageEventContent::notice_html(body, html);
    notice.mentions = Some(Mentions::with_user_ids(to.cloned()));
    if let Some(root) = &place.thread {
        notice.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    }
    let send = room.send(notice);
    let sent = match answer {
        Some(answer) => {
            send.with_transaction_id(transaction_id(answer, "notice"))
                .await
        }
        None => send.await,
    };
    Ok(sent?.response.event_id)
}

/// A reply (an image, a file) that goes in the thread rooted at `root`.
fn in_thread(root: &OwnedEventId) -> ReplyTo {
    ReplyTo {
        event_id: root.clone(),
        enforce_thread: EnforceThread::Threaded(ReplyWithinThread::No),
        add_mentions: AddMentions::No,
    }
}

/// The Matrix users among the service's user ids (who must act).
fn mentioned(notify: &[String]) -> Vec<OwnedUserId> {
    notify
        .iter()
        .filter_map(|id| OwnedUserId::try_from(id.as_str()).ok())
        .collect()
}

/// Each choice with its place in the list and its reaction key: ✅ and ❌ for the one yes and
/// the one no of a question, else the number keys (only `!click N` beyond ten). A "no" choice
/// standing alone (Resign under "Resign game #3? … Click Resign to confirm") gets a number: ❌
/// there would read as "no, keep playing", and resign.
pub fn keyed(choices: &[Choice]) -> Vec<OfferedChoice> {
    let one_yes = choices.iter().filter(|c| c.tone() == Tone::Yes).count() == 1;
    let one_no = choices.iter().filter(|c| c.tone() == Tone::No).count() == 1;
    numbered(choices)
        .into_iter()
        .zip(choices)
        .enumerate()
        .map(|(i, (offered, choice))| {
            let reaction = match choice.tone() {
                Tone::Yes if one_yes => YES_KEY.to_string(),
                Tone::No if one_no && one_yes => NO_KEY.to_string(),
                _ => NUMBER_KEYS
                    .get(i)
                    .map_or_else(String::new, |k| k.to_string()),
            };
            OfferedChoice {
                reaction,
                ..offered
            }
        })
        .collect()
}

/// The notice's plain and HTML bodies: pills for who must act, the text, the text board when
/// there is no picture, and the numbered choices.
fn notice_text(
    reply: &Reply,
    mentions: &[OwnedUserId],
    choices: &[OfferedChoice],
    prefix: char,
) -> (String, String) {
    let ids: Vec<String> = mentions.iter().map(|u| u.to_string()).collect();
    let pills: Vec<String> = mentions.iter().map(pill).collect();
    let (lead, lead_html) = match mentions.is_empty() {
        true => (String::new(), String::new()),
        false => (
            format!("{}: ", ids.join(" ")),
            format!("{}: ", pills.join(" ")),
        ),
    };
    let shown = render(&with_prefix(&reply.text, prefix));
    let (mut body, mut html) = led_by(&lead, &lead_html, shown);
    if reply.image.is_none()
        && let Some(board) = reply.board_text.as_deref().filter(|b| !b.trim().is_empty())
    {
        body.push_str(&format!("\n\n{board}"));
        html.push_str(&format!("<pre><code>{}</code></pre>", escape(board)));
    }
    if !choices.is_empty() {
        let labels: Vec<&str> = reply.choices.iter().map(|c| c.label.as_str()).collect();
        let lines: Vec<String> = choices
            .iter()
            .zip(&labels)
            .map(|(c, label)| format!("{}. {} {label}", c.position, c.reaction))
            .collect();
        let hint = format!("React with a key, or type {prefix}click N.");
        body.push_str(&format!("\n{}\n{hint}", lines.join("\n")));
        let items: Vec<String> = lines.iter().map(|l| format!("{}<br>", escape(l))).collect();
        html.push_str(&format!("<p>{}{}</p>", items.concat(), escape(&hint)));
    }
    (body, html)
}

/// A rendered text after a lead (the pills of who is addressed), in the same line: inside the
/// text's first paragraph.
fn led_by(lead: &str, lead_html: &str, shown: Rendered) -> (String, String) {
    let body = format!("{lead}{}", shown.plain);
    let html = match shown.html.strip_prefix("<p>") {
        Some(rest) => format!("<p>{lead_html}{rest}"),
        None if lead_html.is_empty() => shown.html,
        None => format!("<p>{}</p>{}", lead_html.trim_end(), shown.html),
    };
    (body, html)
}

/// The service's texts name commands with `/`; here they are typed with `prefix`.
pub fn with_prefix(text: &str, prefix: char) -> String {
    if prefix == '/' {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('/') {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let word: String = after[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let starts_word = out
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || "(\"'`“".contains(c));
        let is_command = COMMANDS
            .iter()
            .any(|c| c.name == word || c.aliases.contains(&word.as_str()));
        out.push(if starts_word && is_command {
            prefix
        } else {
            '/'
        });
        rest = &after[1..];
    }
    out.push_str(rest);
    out
}

/// A mention pill: a link to the user that clients show as their name.
fn pill(user: &OwnedUserId) -> String {
    format!("<a href=\"https://matrix.to/#/{user}\">{user}</a>")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Command;

    fn choice(label: &str, command: Command) -> Choice {
        Choice {
            label: label.into(),
            game: 1,
            version: 2,
            command,
        }
    }

    #[test]
    fn a_question_gets_yes_and_no_keys_and_other_choices_numbers() {
        let keys = keyed(&[
            choice("Accept", Command::Accept),
            choice("Decline", Command::Decline),
        ]);
        let reactions: Vec<&str> = keys.iter().map(|k| k.reaction.as_str()).collect();
        assert_eq!(reactions, vec![YES_KEY, NO_KEY]);
        let keys = keyed(&[
            choice("Queen", Command::Move("a7a8=Q".into())),
            choice("Rook", Command::Move("a7a8=R".into())),
        ]);
        let reactions: Vec<&str> = keys.iter().map(|k| k.reaction.as_str()).collect();
        assert_eq!(reactions, vec!["1️⃣", "2️⃣"]);
        assert_eq!(keys[1].position, 2);
        // A resignation to confirm: its one choice is not a "no".
        let keys = keyed(&[choice("Resign", Command::Resign)]);
        assert_eq!(keys[0].reaction, "1️⃣");
    }

    #[test]
    fn the_notice_pings_who_must_act_and_escapes_what_people_typed() {
        let reply = Reply {
            text: "Game #1: <b>alice</b> & co".into(),
            notify: vec!["@bob:example.org".into(), "not-a-matrix-id".into()],
            ..Reply::default()
        };
        let mentions = mentioned(&reply.notify);
        let (body, html) = notice_text(&reply, &mentions, &[], '!');
        assert!(body.starts_with("@bob:example.org: Game #1"), "{body}");
        assert!(
            html.contains("https://matrix.to/#/@bob:example.org"),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;alice&lt;/b&gt; &amp; co"), "{html}");
    }

    #[test]
    fn commands_in_texts_are_written_with_the_rooms_prefix() {
        assert_eq!(
            with_prefix(
                "Play on, or /resign; /help GAME, and/or e2/e4 (see /nothing)",
                '!'
            ),
            "Play on, or !resign; !help GAME, and/or e2/e4 (see /nothing)"
        );
        assert_eq!(with_prefix("(/draw to accept)", '!'), "(!draw to accept)");
        assert_eq!(with_prefix("/move e2e4", '/'), "/move e2e4");
    }
}
