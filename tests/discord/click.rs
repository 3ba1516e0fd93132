//! A numbered choice is one service command with one wording everywhere: `/click N` on
//! Discord (beside the buttons) and in the console picks the same choice and is refused in the
//! same words, because both adapters hand it to the service as the same command.

use super::{World, parity::console_output};
use crate::fake::{Channel, int_option};

/// What a place without any list of choices answers to `/click`.
const NO_LIST: &str = "There are no choices here to pick from; /board shows the game with its choices again, and /help lists the commands to type.";
/// What `/click 9` answers under a challenge (its two choices: accept, decline).
const NO_NINE: &str =
    "There is no choice 9; the last list here has 2. /board shows the game with its choices again.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn click_by_number_answers_in_the_same_words_on_discord_and_in_the_console() {
    let console = console_output(
        "/click 1\n/new chess @bob\n/as bob\n/click 9\n/click nine\n/click 1\n/as alice\n/move e2e4\n",
    )
    .await;
    for refusal in [NO_LIST, NO_NINE] {
        assert!(console.contains(&format!("✗ {refusal}")), "{console}");
    }
    assert!(
        console.contains("✗ \"nine\" is not a choice's number; say which by its number: /click 1"),
        "{console}"
    );
    assert!(
        console.contains("bob accepts and plays Black."),
        "{console}"
    );

    let world = World::new().await;
    let (alice, bob) = (&world.alice, &world.bob);
    let elsewhere = Channel::text(1200000000000000077);
    let token = world
        .fake
        .slash(alice, &elsewhere, "click", vec![int_option("number", 1)]);
    let refused = world.fake.wait_answer(&token).await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), NO_LIST);

    // The challenge offers its buttons in the lobby; their numbers work there too.
    let (_, thread) = world.challenge().await;
    let token = world
        .fake
        .slash(bob, &world.lobby, "click", vec![int_option("number", 9)]);
    let refused = world.fake.wait_answer(&token).await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), NO_NINE);
    let token = world
        .fake
        .slash(bob, &world.lobby, "click", vec![int_option("number", 1)]);
    let started = world.fake.wait_channel_message(&thread.id, 0).await;
    assert!(
        started.content().contains("bob accepts and plays Black."),
        "{}",
        started.content()
    );
    let pointer = world.fake.wait_answer(&token).await;
    assert_eq!(
        pointer.content(),
        format!("Done; the game is played in <#{}>.", thread.id)
    );
    // The lobby's list is the challenge's, for a board that has moved on.
    let token = world
        .fake
        .slash(bob, &world.lobby, "click", vec![int_option("number", 2)]);
    let stale = world.fake.wait_answer(&token).await;
    assert_eq!(
        stale.content(),
        "This board has moved on; pick from the choices of the latest message."
    );
    // The thread has had no list: a number there names nothing, in the same words.
    let token = world
        .fake
        .slash(alice, &thread, "click", vec![int_option("number", 1)]);
    assert_eq!(world.fake.wait_answer(&token).await.content(), NO_LIST);
}
