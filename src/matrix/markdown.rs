//! The service writes its texts in the Markdown Discord shows (`**bold**`, `*italics*`,
//! `` `code` ``, lists, quotes, links). A Matrix client shows a notice's HTML
//! `formatted_body`, or its plain `body` when it shows no HTML, and neither shows Markdown: both
//! are made here from the Markdown (parsed by pulldown-cmark), the plain one without the
//! markup's characters. A line break is a line break, as on Discord.
//!
//! The texts hold what people typed (names, game titles, refused input), so nothing in them
//! becomes markup the bot did not mean. Raw HTML is shown as the characters typed, and so is a
//! link to anything but an http(s) address (`javascript:`, `data:`). A picture becomes a link
//! to it: a client would fetch a picture from wherever it points, telling that server who reads
//! the room. Only the tags of Matrix's HTML subset are written.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd, html};

use crate::service::places_not_lists;

/// A text as a Matrix notice carries it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Rendered {
    /// For clients without HTML: the words, without the markup.
    pub plain: String,
    /// The `formatted_body`.
    pub html: String,
}

/// Renders the service's Markdown `text` for Matrix.
pub fn render(text: &str) -> Rendered {
    let text = places_not_lists(text);
    let events = safe_events(&text);
    let mut html = String::new();
    html::push_html(&mut html, events.iter().cloned());
    Rendered {
        plain: plain(&events),
        html: html.trim_end().to_string(),
    }
}

/// The Markdown's events, with only what the bot means as markup left as markup; see the
/// module's doc.
fn safe_events(text: &str) -> Vec<Event<'_>> {
    let mut events = Vec::new();
    let mut parsed = Parser::new_ext(text, Options::ENABLE_STRIKETHROUGH).into_offset_iter();
    // The lines of a raw HTML block, shown as a paragraph of text.
    let mut html_block: Option<Vec<CowStr>> = None;
    while let Some((event, range)) = parsed.next() {
        match event {
            Event::Start(Tag::HtmlBlock) => html_block = Some(Vec::new()),
            Event::Html(raw) if html_block.is_some() => {
                if let Some(lines) = &mut html_block {
                    lines.push(raw);
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                let lines = html_block.take().unwrap_or_default();
                let text: String = lines.concat();
                events.push(Event::Start(Tag::Paragraph));
                for (i, line) in text.trim_end().lines().enumerate() {
                    if i > 0 {
                        events.push(Event::HardBreak);
                    }
                    events.push(Event::Text(line.to_string().into()));
                }
                events.push(Event::End(TagEnd::Paragraph));
            }
            Event::Html(raw) | Event::InlineHtml(raw) => events.push(Event::Text(raw)),
            Event::SoftBreak => events.push(Event::HardBreak),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                if is_web(&dest_url) {
                    events.push(link(link_type, dest_url));
                } else {
                    events.push(as_typed(text, &range));
                    skip_to(&mut parsed, TagEnd::Link);
                }
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                if is_web(&dest_url) {
                    events.push(link(link_type, dest_url));
                } else {
                    events.push(as_typed(text, &range));
                    skip_to(&mut parsed, TagEnd::Image);
                }
            }
            Event::End(TagEnd::Image) => events.push(Event::End(TagEnd::Link)),
            Event::Start(tag) if is_matrix_tag(&tag) => events.push(Event::Start(tag)),
            Event::End(tag) if is_matrix_tag_end(&tag) => events.push(Event::End(tag)),
            // Tags outside the subset (none with these options): their words stay.
            Event::Start(_) | Event::End(_) => {}
            event @ (Event::Text(_) | Event::Code(_) | Event::HardBreak | Event::Rule) => {
                events.push(event)
            }
            // Footnotes, task lists, maths (not enabled): as typed.
            _ => events.push(as_typed(text, &range)),
        }
    }
    events
}

/// A link to a web address, without a title (not in Matrix's subset).
fn link(link_type: LinkType, dest_url: CowStr<'_>) -> Event<'_> {
    Event::Start(Tag::Link {
        link_type,
        dest_url,
        title: CowStr::Borrowed(""),
        id: CowStr::Borrowed(""),
    })
}

/// The characters of `range` of the text, as they were typed.
fn as_typed<'a>(text: &'a str, range: &Range<usize>) -> Event<'a> {
    Event::Text(text.get(range.clone()).unwrap_or_default().into())
}

/// Leaves out the events up to the end of the link or picture just started.
fn skip_to<'a>(parsed: &mut impl Iterator<Item = (Event<'a>, Range<usize>)>, end: TagEnd) {
    let mut depth = 1;
    for (event, _) in parsed.by_ref() {
        match event {
            Event::Start(Tag::Link { .. }) if end == TagEnd::Link => depth += 1,
            Event::Start(Tag::Image { .. }) if end == TagEnd::Image => depth += 1,
            Event::End(tag) if tag == end => {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// An address a link may go to: a web page, not a script or data.
fn is_web(url: &str) -> bool {
    let url = url.trim_start().to_ascii_lowercase();
    url.starts_with("https://") || url.starts_with("http://")
}

/// Tags written as elements of Matrix's HTML subset (links and pictures apart).
fn is_matrix_tag(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::Paragraph
            | Tag::Heading { .. }
            | Tag::BlockQuote(_)
            | Tag::CodeBlock(_)
            | Tag::List(_)
            | Tag::Item
            | Tag::Emphasis
            | Tag::Strong
            | Tag::Strikethrough
    )
}

fn is_matrix_tag_end(tag: &TagEnd) -> bool {
    matches!(
        tag,
        TagEnd::Paragraph
            | TagEnd::Heading(_)
            | TagEnd::BlockQuote(_)
            | TagEnd::CodeBlock
            | TagEnd::List(_)
            | TagEnd::Item
            | TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Link
    )
}

/// The plain text of the events: the words and the code, blocks apart, list items with a
/// bullet or their number, quoted lines after `> `, and a link's address after its words.
fn plain(events: &[Event]) -> String {
    let mut out = String::new();
    // Each open list's next number (`None` for bullets).
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut quotes = 0;
    // Where the words of each open link start in `out`, and its address.
    let mut links: Vec<(usize, String)> = Vec::new();
    let push = |out: &mut String, text: &str, quotes: usize| {
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                out.push('\n');
            }
            if quotes > 0 && (out.is_empty() || out.ends_with('\n')) && !line.is_empty() {
                out.push_str(&"> ".repeat(quotes));
            }
            out.push_str(line);
        }
    };
    for event in events {
        match event {
            Event::Text(text) | Event::Code(text) => push(&mut out, text, quotes),
            Event::HardBreak | Event::SoftBreak => out.push('\n'),
            Event::Rule => block(&mut out),
            Event::Start(Tag::BlockQuote(_)) => {
                block(&mut out);
                quotes += 1;
            }
            Event::End(TagEnd::BlockQuote(_)) => {
                quotes = quotes.saturating_sub(1);
                block(&mut out);
            }
            Event::Start(Tag::List(first)) => {
                line(&mut out);
                lists.push(*first);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
                block(&mut out);
            }
            Event::Start(Tag::Item) => {
                line(&mut out);
                let indent = "  ".repeat(lists.len().saturating_sub(1));
                let mark = match lists.last_mut() {
                    Some(Some(number)) => {
                        *number += 1;
                        format!("{}. ", *number - 1)
                    }
                    _ => "• ".to_string(),
                };
                push(&mut out, &format!("{indent}{mark}"), quotes);
            }
            Event::End(TagEnd::Item) => line(&mut out),
            Event::Start(Tag::CodeBlock(_)) => block(&mut out),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::CodeBlock) => {
                block(&mut out)
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                links.push((out.len(), dest_url.to_string()))
            }
            Event::End(TagEnd::Link) => {
                if let Some((start, url)) = links.pop()
                    && out.get(start..) != Some(url.as_str())
                {
                    out.push_str(&format!(" ({url})"));
                }
            }
            _ => {}
        }
    }
    out.trim_end().to_string()
}

/// Ends the line, unless at the start of one.
fn line(out: &mut String) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

/// Leaves an empty line before what follows, as between paragraphs.
fn block(out: &mut String) {
    if out.is_empty() {
        return;
    }
    line(out);
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The elements `html` opens and closes, in order (`p`, `/p`): in the escaped output every
    /// `<` starts one.
    fn tags(html: &str) -> Vec<String> {
        html.split('<')
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '/')
                    .collect()
            })
            .collect()
    }

    /// The addresses of the links in `html` (text that reads `href="` is escaped `&lt;a`).
    fn hrefs(html: &str) -> Vec<&str> {
        html.split("<a href=\"").skip(1).collect()
    }

    /// The elements of Matrix's HTML subset the renderer writes.
    const WRITTEN: [&str; 19] = [
        "p",
        "br",
        "strong",
        "em",
        "del",
        "code",
        "pre",
        "a",
        "ul",
        "ol",
        "li",
        "blockquote",
        "hr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
    ];

    proptest! {
        /// Whatever is typed, the HTML has only elements of the subset, and links only to web
        /// addresses.
        #[test]
        fn no_text_makes_other_elements_or_links_off_the_web(
            text in "([<>a-z!\\[\\]()*_`:/ \n=\"'&#;~.-]|script|javascript:|https://|<a href=){0,40}"
        ) {
            let shown = render(&text);
            for tag in tags(&shown.html) {
                let name = tag.trim_start_matches('/');
                prop_assert!(WRITTEN.contains(&name), "{tag} in {}", shown.html);
            }
            for href in hrefs(&shown.html) {
                let web = href.starts_with("http://") || href.starts_with("https://");
                prop_assert!(web, "{}", shown.html);
            }
        }
    }

    #[test]
    fn bold_italics_and_code_become_html_and_plain_words() {
        let shown = render("**Chess**: *the* game; type `e2e4`.");
        assert_eq!(
            shown.html,
            "<p><strong>Chess</strong>: <em>the</em> game; type <code>e2e4</code>.</p>"
        );
        assert_eq!(shown.plain, "Chess: the game; type e2e4.");
    }

    #[test]
    fn a_line_break_is_a_line_break() {
        let shown = render("Games:\n• Chess\n• Catalonia");
        assert_eq!(
            shown.html,
            "<p>Games:<br />\n• Chess<br />\n• Catalonia</p>"
        );
        assert_eq!(shown.plain, "Games:\n• Chess\n• Catalonia");
    }

    #[test]
    fn lists_quotes_and_code_blocks_keep_their_shape_in_plain_text() {
        let shown = render(
            "Steps:\n\n- one\n- two\n\n1. first\n2. second\n\n> said\n> twice\n\n```\na  b\n```",
        );
        assert!(shown.html.contains("<ul>\n<li>one</li>"), "{}", shown.html);
        assert!(shown.html.contains("<blockquote>"), "{}", shown.html);
        assert!(
            shown.html.contains("<pre><code>a  b\n</code></pre>"),
            "{}",
            shown.html
        );
        assert_eq!(
            shown.plain,
            "Steps:\n\n• one\n• two\n\n1. first\n2. second\n\n> said\n> twice\n\na  b"
        );
    }

    #[test]
    fn raw_html_is_shown_as_typed() {
        for typed in [
            "<b>x</b>",
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "a <!-- c --> b",
        ] {
            let shown = render(&format!("Name: {typed}"));
            assert_eq!(tags(&shown.html), ["p", "/p"], "{}", shown.html);
            assert_eq!(shown.plain, format!("Name: {typed}"));
        }
        let block = render("<div>\n<script>alert(1)</script>\n</div>");
        assert_eq!(
            block.html,
            "<p>&lt;div&gt;<br />\n&lt;script&gt;alert(1)&lt;/script&gt;<br />\n&lt;/div&gt;</p>"
        );
        assert_eq!(block.plain, "<div>\n<script>alert(1)</script>\n</div>");
    }

    #[test]
    fn only_web_links_are_links_and_others_are_shown_as_typed() {
        let shown = render("See [the rules](https://example.org/rules \"t\").");
        assert_eq!(
            shown.html,
            "<p>See <a href=\"https://example.org/rules\">the rules</a>.</p>"
        );
        assert_eq!(shown.plain, "See the rules (https://example.org/rules).");
        for typed in [
            "[x](javascript:alert(1))",
            "[x](JavaScript:alert(1))",
            "[x](data:text/html,hi)",
            "<javascript:alert(1)>",
            "<bob@example.org>",
            "[![x](javascript:a)](javascript:b)",
        ] {
            let shown = render(typed);
            assert!(!shown.html.contains("<a"), "{typed}: {}", shown.html);
            assert_eq!(shown.plain, typed);
        }
        let auto = render("<https://example.org>");
        assert_eq!(
            auto.html,
            "<p><a href=\"https://example.org\">https://example.org</a></p>"
        );
        assert_eq!(auto.plain, "https://example.org");
    }

    #[test]
    fn a_picture_is_a_link_to_it_never_fetched() {
        let shown = render("![the board](https://example.org/b.png)");
        assert_eq!(
            shown.html,
            "<p><a href=\"https://example.org/b.png\">the board</a></p>"
        );
        assert!(!render("![x](mxc://a/b)").html.contains("<img"));
    }

    #[test]
    fn any_text_renders_without_panicking() {
        for text in [
            "", "*", "**", "`", "```", "> ", "[", "](", "<", "\\", "1.", "-", "\n\n\n",
        ] {
            let _ = render(text);
        }
    }
}
