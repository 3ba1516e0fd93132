//! `/rating` on Discord: the person comes from Discord's member picker (as `/new`'s
//! opponent does), and the answer carries the chart as a PNG with its description.

use super::World;
use crate::fake::{int_option, option, user_option};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rating_posts_the_chart_as_a_png() {
    let world = World::new().await;
    let thread = world.game().await;
    let token = world.fake.slash(
        &world.bob,
        &thread,
        "resign",
        vec![int_option("confirm", 0)],
    );
    world.fake.wait_answer(&token).await;
    let token = world.fake.slash(
        &world.alice,
        &world.lobby,
        "rating",
        vec![user_option("user", &world.bob), option("game", "chess")],
    );
    let answer = world.fake.wait_answer(&token).await;
    let text = answer.content();
    assert!(text.starts_with("bob's Chess rating"), "{text}");
    assert!(text.contains("1 game: 0 won, 0 drawn, 1 lost"), "{text}");
    let pngs = answer.pngs();
    assert_eq!(pngs.len(), 1, "{:?}", answer.files);
    let chart = image::load_from_memory(&pngs[0].bytes).expect("a PNG");
    assert_eq!(
        (chart.width(), chart.height()),
        (
            chatrang::render::chart::CHART_WIDTH,
            chatrang::render::chart::CHART_HEIGHT
        )
    );
    let attachments = answer
        .json
        .get("attachments")
        .or_else(|| answer.json.pointer("/data/attachments"))
        .cloned()
        .unwrap_or_default();
    assert!(
        attachments.to_string().contains("bob's rating history"),
        "the alt text: {attachments}"
    );
    // Without options: the asker's own ratings.
    let token = world
        .fake
        .slash(&world.alice, &world.lobby, "rating", vec![]);
    let answer = world.fake.wait_answer(&token).await;
    assert!(
        answer.content().starts_with("alice's ratings"),
        "{}",
        answer.content()
    );
    assert_eq!(answer.pngs().len(), 1);
}
