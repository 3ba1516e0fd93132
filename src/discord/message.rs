//! How one service [`Reply`] looks on Discord: the text with the mentions of the people who
//! must act, the board picture (or the text board when there is none), the downloadable record,
//! and the choices as buttons. A text too long for a message (the rules of most games) goes in
//! an embed, which holds twice as much, rather than being cut. The same parts go into an interaction response, a followup or a
//! plain channel message, so the three builders are filled from one [`Outgoing`].

use poise::serenity_prelude::{
    self as serenity, ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, RoleId, UserId,
};

use crate::service::{Choice, Reply, Tone, places_not_lists};

/// Discord refuses messages longer than this many characters.
const MAX_CONTENT: usize = 2000;
/// Discord refuses an embed's description longer than this.
const MAX_EMBED: usize = 4096;
/// The longest description (alt text) of an attachment Discord takes.
const MAX_ALT_TEXT: usize = 1024;
/// Discord's limits: five buttons a row, five rows a message, 80 characters a label.
const BUTTONS_PER_ROW: usize = 5;
const MAX_ROWS: usize = 5;
const MAX_LABEL: usize = 80;

/// A message ready to send, whichever way it is sent.
pub struct Outgoing {
    pub content: String,
    /// The reply's text when it does not fit in `content`.
    pub embed: Option<CreateEmbed>,
    pub files: Vec<CreateAttachment>,
    pub rows: Vec<CreateActionRow>,
    /// Who may be pinged. Only the people who must act: a name that looks like `@everyone`
    /// or a mention typed into a move never pings anyone.
    pub mentions: Vec<UserId>,
    /// The one role that may be pinged: the role a server's moderators chose for a game's
    /// seeks. No other role is ever pinged.
    pub role: Option<RoleId>,
}

impl Outgoing {
    /// Plain text without pings or buttons (errors, notes).
    pub fn text(text: impl Into<String>) -> Outgoing {
        Outgoing {
            content: clip(places_not_lists(&text.into()), MAX_CONTENT),
            embed: None,
            files: Vec::new(),
            rows: Vec::new(),
            mentions: Vec::new(),
            role: None,
        }
    }

    /// Everything a reply carries.
    pub fn from_reply(reply: &Reply) -> Outgoing {
        let mentions: Vec<UserId> = reply
            .notify
            .iter()
            .filter_map(|id| id.parse::<u64>().ok().filter(|id| *id != 0))
            .map(UserId::new)
            .collect();
        let role = reply
            .mention_role
            .as_deref()
            .and_then(|id| id.parse::<u64>().ok().filter(|id| *id != 0))
            .map(RoleId::new);
        let tags: Vec<String> = role
            .iter()
            .map(|id| format!("<@&{id}>"))
            .chain(mentions.iter().map(|id| format!("<@{id}>")))
            .collect();
        let mut content = tags.join(" ");
        let mut embed = None;
        let text = places_not_lists(&reply.text);
        let space = usize::from(!content.is_empty());
        if content.chars().count() + space + text.chars().count() <= MAX_CONTENT {
            if !content.is_empty() {
                content.push(' ');
            }
            content.push_str(&text);
        } else {
            embed = Some(CreateEmbed::new().description(clip(text, MAX_EMBED)));
        }
        let mut files = Vec::new();
        match (&reply.image, &reply.board_text) {
            (Some(image), _) => {
                let mut picture =
                    CreateAttachment::bytes(image.bytes.clone(), image.filename.clone());
                // Discord's alt text, read by screen readers.
                if !image.description.trim().is_empty() {
                    picture = picture.description(clip(image.description.clone(), MAX_ALT_TEXT));
                }
                files.push(picture);
            }
            (None, Some(board)) if !board.trim().is_empty() => {
                let block = format!("\n```\n{board}\n```");
                if content.chars().count() + block.chars().count() <= MAX_CONTENT {
                    content.push_str(&block);
                }
            }
            _ => {}
        }
        for image in &reply.more_images {
            let mut picture = CreateAttachment::bytes(image.bytes.clone(), image.filename.clone());
            if !image.description.trim().is_empty() {
                picture = picture.description(clip(image.description.clone(), MAX_ALT_TEXT));
            }
            files.push(picture);
        }
        if let Some(attachment) = &reply.attachment {
            files.push(CreateAttachment::bytes(
                attachment.content.clone(),
                attachment.filename.clone(),
            ));
        }
        Outgoing {
            content: clip(content, MAX_CONTENT),
            embed,
            files,
            rows: buttons(&reply.choices),
            mentions,
            role,
        }
    }

    fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .users(self.mentions.iter().copied())
            .roles(self.role)
            .replied_user(false)
    }

    pub fn into_followup(self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        let allowed = self.allowed_mentions();
        CreateInteractionResponseFollowup::new()
            .content(self.content)
            .embeds(self.embed.into_iter().collect())
            .files(self.files)
            .components(self.rows)
            .allowed_mentions(allowed)
            .ephemeral(ephemeral)
    }

    pub fn into_response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        let allowed = self.allowed_mentions();
        CreateInteractionResponseMessage::new()
            .content(self.content)
            .embeds(self.embed.into_iter().collect())
            .files(self.files)
            .components(self.rows)
            .allowed_mentions(allowed)
            .ephemeral(ephemeral)
    }

    pub fn into_message(self) -> CreateMessage {
        let allowed = self.allowed_mentions();
        CreateMessage::new()
            .content(self.content)
            .embeds(self.embed.into_iter().collect())
            .files(self.files)
            .components(self.rows)
            .allowed_mentions(allowed)
    }
}

/// The choices as rows of buttons; the button id is the choice's own encoding (action, game
/// and version), so the global click handler needs nothing else.
pub fn buttons(choices: &[Choice]) -> Vec<CreateActionRow> {
    choices
        .iter()
        .take(BUTTONS_PER_ROW * MAX_ROWS)
        .map(|choice| {
            CreateButton::new(choice.encode())
                .label(choice.label.chars().take(MAX_LABEL).collect::<String>())
                .style(style(choice.tone()))
        })
        .collect::<Vec<_>>()
        .chunks(BUTTONS_PER_ROW)
        .map(|row| CreateActionRow::Buttons(row.to_vec()))
        .collect()
}

fn style(tone: Tone) -> ButtonStyle {
    match tone {
        Tone::Yes => ButtonStyle::Success,
        Tone::No => ButtonStyle::Danger,
        Tone::Play => ButtonStyle::Primary,
        Tone::Other => ButtonStyle::Secondary,
    }
}

/// Cuts text to one of Discord's length limits, on a character boundary, marking the cut.
fn clip(text: String, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text;
    }
    let mut clipped: String = text.chars().take(limit - 1).collect();
    clipped.push('…');
    clipped
}

/// The user as the service knows them: the snowflake and the name shown in this server.
pub fn service_user(
    user: &serenity::User,
    member: Option<&serenity::Member>,
) -> crate::service::User {
    let name = member
        .map(|m| m.display_name().to_string())
        .unwrap_or_else(|| user.display_name().to_string());
    crate::service::User::new(user.id.to_string(), name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Image;

    fn reply() -> Reply {
        Reply {
            text: "Game #1 (Chess): alice (White): e2e4".into(),
            board_text: Some("board".into()),
            image: Some(Image {
                bytes: vec![1, 2, 3],
                filename: "game-1-2.png".into(),
                description: "Board of game #1".into(),
            }),
            notify: vec!["1300000000000000002".into()],
            ..Reply::default()
        }
    }

    #[test]
    fn the_people_who_must_act_are_mentioned_and_only_they_may_be_pinged() {
        let out = Outgoing::from_reply(&reply());
        assert!(out.content.starts_with("<@1300000000000000002> Game #1"));
        assert_eq!(out.mentions, vec![UserId::new(1300000000000000002)]);
        assert_eq!(out.files.len(), 1);
    }

    #[test]
    fn a_seeks_role_is_mentioned_and_it_is_the_only_role_that_may_be_pinged() {
        let reply = Reply {
            text: "alice seeks a game of Chess".into(),
            notify: vec!["1300000000000000002".into()],
            mention_role: Some("1400000000000000009".into()),
            ..Reply::default()
        };
        let out = Outgoing::from_reply(&reply);
        assert!(
            out.content
                .starts_with("<@&1400000000000000009> <@1300000000000000002> alice seeks"),
            "{}",
            out.content
        );
        let allowed = serde_json::to_value(out.allowed_mentions()).expect("json");
        assert_eq!(allowed["roles"], serde_json::json!(["1400000000000000009"]));
        assert_eq!(allowed["users"], serde_json::json!(["1300000000000000002"]));
        let parse = allowed["parse"].as_array().map_or(0, Vec::len);
        assert_eq!(parse, 0, "no @everyone, no other role: {allowed}");
    }

    #[test]
    fn the_board_picture_carries_its_description_as_alt_text() {
        let out = Outgoing::from_reply(&reply());
        assert_eq!(
            out.files[0].description.as_deref(),
            Some("Board of game #1")
        );
    }

    #[test]
    fn without_a_picture_the_text_board_is_shown() {
        let mut reply = reply();
        reply.image = None;
        let out = Outgoing::from_reply(&reply);
        assert!(out.content.ends_with("```\nboard\n```"), "{}", out.content);
        assert!(out.files.is_empty());
    }

    #[test]
    fn long_text_is_clipped_to_discords_limit() {
        let out = Outgoing::text("x".repeat(5000));
        assert_eq!(out.content.chars().count(), MAX_CONTENT);
    }

    fn description(out: &Outgoing) -> String {
        let embed = serde_json::to_value(out.embed.as_ref().expect("an embed")).unwrap();
        embed["description"].as_str().unwrap().to_string()
    }

    #[test]
    fn a_reply_too_long_for_a_message_goes_whole_in_an_embed() {
        let mut reply = reply();
        reply.text = "A rule of the game.\n".repeat(150);
        let out = Outgoing::from_reply(&reply);
        assert_eq!(out.content, "<@1300000000000000002>");
        assert_eq!(description(&out), reply.text);
        assert_eq!(out.files.len(), 1, "the picture stays");
        // Short text stays in the message.
        assert!(Outgoing::from_reply(&super::tests::reply()).embed.is_none());
        // Past the embed's own limit, the embed is clipped.
        reply.text = "y".repeat(5000);
        assert_eq!(
            description(&Outgoing::from_reply(&reply)).chars().count(),
            MAX_EMBED
        );
    }

    #[test]
    fn thirty_choices_become_five_rows_of_five() {
        let choices: Vec<Choice> = (0..30)
            .map(|i| Choice {
                label: format!("c{i}"),
                game: 1,
                version: 1,
                command: crate::service::Command::Move(format!("c{i}")),
            })
            .collect();
        assert_eq!(buttons(&choices).len(), MAX_ROWS);
    }
}
