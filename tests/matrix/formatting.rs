//! How the bot's texts and pictures look in a Matrix client. The service writes its texts in
//! the Markdown Discord shows; a Matrix client shows the notice's HTML `formatted_body` (or,
//! without HTML, its plain `body`), so the Markdown must become HTML there and plain text here,
//! while whatever people typed stays text. A board picture says what it shows, for people who
//! cannot see it.

use matrix_sdk::ruma::OwnedUserId;

use super::{Person, Seen, World, in_thread};

/// The plain and HTML bodies of the first notice of `bot` whose plain body has `words`.
async fn formatted(who: &Person, bot: &OwnedUserId, words: &str) -> (String, String) {
    let Seen::Notice { body, html, .. } = who.notice(bot, words).await else {
        unreachable!()
    };
    (body, html.expect("the notice has an HTML body"))
}

/// `!help` and a game's rules (`!help catalonia`), written in Markdown, come as HTML with
/// bold, italics and code, and as plain text without a `**`, a `*` around a word or a
/// backtick.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_and_rules_come_formatted_and_their_plain_text_has_no_markup() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    world.alice.say(&world.room, "!help", None).await;
    let (body, html) = formatted(&world.alice, &bot, "hosts these games").await;
    assert!(html.contains("<code>chess</code>"), "{html}");
    assert!(body.contains("• Chess (chess)"), "{body}");
    assert!(!html.contains('`') && !body.contains('`'), "{body}\n{html}");

    world.alice.say(&world.room, "!help catalonia", None).await;
    let (body, html) = formatted(&world.alice, &bot, "cooperative").await;
    for tag in [
        "<strong>Catalonia</strong>",
        "<em>together</em>",
        "<code>swap</code>",
    ] {
        assert!(html.contains(tag), "{tag} is missing: {html}");
    }
    assert!(
        body.contains(
            "Catalonia (François Tremblay, 2010): cooperative. White and Black play together"
        ),
        "{body}"
    );
    for text in [&body, &html] {
        assert!(!text.contains("**"), "{text}");
        assert!(!text.contains("*together*"), "{text}");
        assert!(!text.contains('`'), "{text}");
    }
    // The rules' lines stay lines.
    assert!(html.contains("<br />\n• Knight"), "{html}");
    assert!(body.contains("\n• Knight"), "{body}");
}

/// A display name and refused input quoted back are in the bot's Markdown texts: raw HTML in
/// them is shown as the characters typed, and so is a link to a script.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_people_typed_is_shown_as_text_never_as_html_or_a_script_link() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let name = "<b>x</b><script>alert(1)</script>";
    world
        .alice
        .client
        .account()
        .set_display_name(Some(name))
        .await
        .unwrap();
    // The bot reads names from the room's state: wait until it knows the new one.
    let bots_room = world.bot.as_ref().unwrap().running.client.clone();
    let knows_the_name = async {
        loop {
            let room = bots_room.get_room(&world.room).unwrap();
            let member = room.get_member(&world.alice.id).await.ok().flatten();
            if member.is_some_and(|m| m.display_name() == Some(name)) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(super::PATIENCE, knows_the_name)
        .await
        .unwrap();
    world.game().await;
    let (body, html) = formatted(&world.alice, &bot, "challenges").await;
    assert!(body.contains(name), "{body}");
    assert!(
        html.contains("&lt;b&gt;x&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(!html.contains("<b>") && !html.contains("<script"), "{html}");

    let typed = [
        (
            "!new <script>alert(2)</script>",
            "alert(2)",
            "&lt;script&gt;alert(2)&lt;/script&gt;",
        ),
        ("!new chess <b>y</b>", "understand", "&lt;b&gt;y&lt;/b&gt;"),
    ];
    for (said, words, escaped) in typed {
        world.alice.say(&world.room, said, None).await;
        let (_, html) = formatted(&world.alice, &bot, words).await;
        assert!(html.contains(escaped), "{said}: {html}");
        assert!(!html.contains("<b>") && !html.contains("<script"), "{html}");
    }
    world
        .alice
        .say(&world.room, "!new chess [z](javascript:alert(3))", None)
        .await;
    let typed = "[z](javascript:alert(3))";
    let (_, html) = formatted(&world.alice, &bot, typed).await;
    assert!(html.contains(typed), "shown as typed: {html}");
    assert_eq!(
        html.matches("<a ").count(),
        1,
        "only the pill is a link: {html}"
    );
    assert!(!html.contains("href=\"javascript"), "{html}");
}

/// A board picture's `body` (what a client without the picture shows, and a screen reader
/// reads) describes the position: the game, the last move, whose turn it is and the material. The file's
/// name is its own field (MSC2530).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_picture_says_what_it_shows() {
    let world = World::new(false).await;
    let bot = world.bot_id();
    let root = world.game().await;
    world.alice.say(&world.room, "e2e4", Some(&root)).await;
    in_thread(&world.bob, &bot, &root, "e2–e4").await;
    let image = world
        .bob
        .wait_for("the board after e2–e4", |s| {
            matches!(s, Seen::Image { sender, thread, body, .. }
                if *sender == bot && thread.as_ref() == Some(&root) && body.contains("e2–e4"))
        })
        .await;
    let Seen::Image { body, filename, .. } = image else {
        unreachable!()
    };
    assert!(body.contains("game #1"), "{body}");
    assert!(body.contains("e2–e4"), "{body}");
    assert!(body.contains("Black to move"), "{body}");
    assert!(
        body.contains(
            "material: White 16 (8 Pawns, 2 Rooks, 2 Knights, 2 Bishops, 1 Queen, 1 King), Black 16"
        ),
        "{body}"
    );
    assert!(!body.ends_with(".png"), "{body}");
    let filename = filename.expect("the file's name is given apart from the description");
    assert!(
        filename.starts_with("game-1-") && filename.ends_with(".png"),
        "{filename}"
    );
}
