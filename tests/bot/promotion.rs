//! A pawn move written without its promotion (issue 20, point 2): the service answers privately
//! with one choice per piece the pawn may become, named after the piece; a click plays the
//! move while the board is the one the choices were drawn for, and is refused once it has
//! moved on. For every game with promotion choices: chess, Cataclysm's compulsory last rank,
//! a Pick-a-team army's own pawn and Chromopolis.

use chatrang::{
    rules::{Color, GameId, picka::examples::example_list},
    service::{Choice, Command, Pick, Reply, Service, ServiceError, User},
};

use crate::common::{TestDb, move_as, ok, person, refused, req, two_player};

on_both_backends!(
    a_chess_pawn_move_without_its_promotion_offers_the_four_pieces_privately,
    a_promotion_choice_plays_the_move_and_a_stale_one_is_refused,
    cataclysm_asks_on_its_last_rank_and_lets_a_pawn_stay_on_the_ranks_before,
    a_pick_a_team_armys_own_pawn_offers_the_types_of_both_lists,
    pick_a_team_version_one_offers_every_promotion_type,
    chromopolis_offers_knight_advocate_and_prelate,
);

/// Alice (White) and Bob in a game of `game` from `position`, with more options.
async fn game_from(
    service: &Service,
    game: &str,
    position: &str,
    more: &[(&str, &str)],
) -> (i64, User, User) {
    let (alice, bob) = (person("alice"), person("bob"));
    let mut options = vec![("position", position)];
    options.extend_from_slice(more);
    let id = two_player(service, game, &alice, &bob, &options).await;
    (id, alice, bob)
}

/// The labels of a reply's choices, sorted.
fn labels(reply: &Reply) -> Vec<String> {
    let mut labels: Vec<String> = reply.choices.iter().map(|c| c.label.clone()).collect();
    labels.sort();
    labels
}

/// The choice labelled `label`.
fn choice<'a>(reply: &'a Reply, label: &str) -> &'a Choice {
    reply
        .choices
        .iter()
        .find(|c| c.label == label)
        .unwrap_or_else(|| panic!("no choice {label} in {:?}", labels(reply)))
}

fn sorted(labels: &[&str]) -> Vec<String> {
    let mut labels: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
    labels.sort();
    labels
}

/// `who` clicks `choice`.
async fn click(service: &Service, who: &User, choice: &Choice) -> Result<Reply, ServiceError> {
    service
        .run(&req(who, None), Command::Click(Pick::Id(choice.encode())))
        .await
}

async fn a_chess_pawn_move_without_its_promotion_offers_the_four_pieces_privately(db: TestDb) {
    let service = db.service().await;
    let (id, alice, _) = game_from(&service, "chess", "7k/P7/8/8/8/8/8/4K3 w - - 0 1", &[]).await;
    let before = service.store().game(id).await.unwrap().unwrap();
    let question = ok(move_as(&service, &alice, Some(id), "a7a8").await);
    assert!(!question.public, "only the mover sees the question");
    assert!(
        question.text.starts_with("Choose the promotion for a7a8"),
        "{}",
        question.text
    );
    let offered: Vec<(&str, Command)> = question
        .choices
        .iter()
        .map(|c| (c.label.as_str(), c.command.clone()))
        .collect();
    assert_eq!(
        offered,
        [
            ("Queen (a7a8=Q)", Command::Move("a7a8=Q".into())),
            ("Rook (a7a8=R)", Command::Move("a7a8=R".into())),
            ("Bishop (a7a8=B)", Command::Move("a7a8=B".into())),
            ("Knight (a7a8=N)", Command::Move("a7a8=N".into())),
        ]
    );
    for c in &question.choices {
        assert_eq!((c.game, c.version), (id, before.version), "{}", c.label);
    }
    // Asking changed nothing, and nobody is mentioned.
    assert!(question.notify.is_empty());
    let after = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        (after.version, after.position),
        (before.version, before.position)
    );
    // The destination alone asks the same question.
    let short = ok(move_as(&service, &alice, Some(id), "a8").await);
    assert_eq!(labels(&short), labels(&question));
}

async fn a_promotion_choice_plays_the_move_and_a_stale_one_is_refused(db: TestDb) {
    let service = db.service().await;
    let (id, alice, _) = game_from(&service, "chess", "7k/P7/8/8/8/8/8/4K3 w - - 0 1", &[]).await;
    let question = ok(move_as(&service, &alice, Some(id), "a7a8").await);
    let played = ok(click(&service, &alice, choice(&question, "Knight (a7a8=N)")).await);
    assert!(played.public, "the move is shown to everyone");
    assert!(
        played.text.contains("promotes to a Knight"),
        "{}",
        played.text
    );
    let row = service.store().game(id).await.unwrap().unwrap();
    assert!(row.position.starts_with("N6k/8/"), "{}", row.position);
    // The other buttons of the question are for a board that has moved on.
    let stale = refused(click(&service, &alice, choice(&question, "Queen (a7a8=Q)")).await);
    assert_eq!(
        stale,
        "This board has moved on; pick from the choices of the latest message."
    );
    let unchanged = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(unchanged.version, row.version);
}

async fn cataclysm_asks_on_its_last_rank_and_lets_a_pawn_stay_on_the_ranks_before(db: TestDb) {
    let service = db.service().await;
    // White pawns on e11 (one step from rank 12, where promotion is compulsory) and on c9
    // (one step from rank 10, where it is optional).
    let position = "16/4P2k8/16/2P13/16/16/16/16/16/16/8K7/16 w - - 0 1";
    let (id, alice, bob) = game_from(&service, "cataclysm", position, &[]).await;
    let question = ok(move_as(&service, &alice, Some(id), "e11e12").await);
    assert!(!question.public);
    assert_eq!(
        labels(&question),
        sorted(&[
            "Queen (e11e12=Q)",
            "Grand Rook (e11e12=G)",
            "Bishop (e11e12=B)",
            "Sorceress (e11e12=S)",
        ])
    );
    let played = ok(click(&service, &alice, choice(&question, "Grand Rook (e11e12=G)")).await);
    assert!(
        played.text.contains("promotes to a Grand Rook"),
        "{}",
        played.text
    );
    ok(move_as(&service, &bob, Some(id), "h11h10").await);
    // Where the pawn may stay a pawn, a move without a letter stays one: no question.
    let stayed = ok(move_as(&service, &alice, Some(id), "c9c10").await);
    assert!(
        stayed.public && stayed.choices.is_empty(),
        "{}",
        stayed.text
    );
    assert!(!stayed.text.contains("becomes"), "{}", stayed.text);
}

async fn a_pick_a_team_armys_own_pawn_offers_the_types_of_both_lists(db: TestDb) {
    let service = db.service().await;
    // Easy Patch with White's Camel swapped for a Soldier of its own, marked pawn: on e7 it
    // must promote, to any non-royal, non-pawn type of either list.
    let white = example_list(GameId::EasyPatch, Color::White)
        .unwrap()
        .replacen("Camel, L, C", "Soldier, S, fsW, pawn", 1);
    let (id, alice, _) = game_from(
        &service,
        "easy-patch",
        "k7/4S3/8/8/8/8/8/4K3 w - - 0 1",
        &[("white-army", &white)],
    )
    .await;
    let question = ok(move_as(&service, &alice, Some(id), "e7e8").await);
    assert_eq!(
        labels(&question),
        sorted(&[
            "Queen (e7e8=Q)",
            "Rook (e7e8=R)",
            "Bishop (e7e8=B)",
            "Knight (e7e8=N)",
            "Archbishop (e7e8=A)",
            "Chancellor (e7e8=C)",
            "Grasshopper (e7e8=G)",
            "Centaur (e7e8=CE)",
            "Cannon (e7e8=CA)",
        ])
    );
    let played = ok(click(&service, &alice, choice(&question, "Cannon (e7e8=CA)")).await);
    assert!(
        played.text.contains("promotes to a Cannon"),
        "{}",
        played.text
    );
    let row = service.store().game(id).await.unwrap().unwrap();
    assert!(row.position.starts_with("k3[CA]3/"), "{}", row.position);
}

async fn pick_a_team_version_one_offers_every_promotion_type(db: TestDb) {
    let service = db.service().await;
    let (id, alice, _) = game_from(
        &service,
        "pick-a-team",
        "k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1",
        &[],
    )
    .await;
    let question = ok(move_as(&service, &alice, Some(id), "e9e10").await);
    assert_eq!(question.choices.len(), 12, "{:?}", labels(&question));
    let grasshopper = choice(&question, "Grasshopper (e9e10=G)");
    assert_eq!(grasshopper.command, Command::Move("e9e10=G".into()));
    let played = ok(click(&service, &alice, grasshopper).await);
    assert!(
        played.text.contains("promotes to a Grasshopper"),
        "{}",
        played.text
    );
}

async fn chromopolis_offers_knight_advocate_and_prelate(db: TestDb) {
    let service = db.service().await;
    let (id, alice, bob) =
        game_from(&service, "chromopolis", "5k/2P4/7/7/7/3K2 w - 0 1", &[]).await;
    let question = ok(move_as(&service, &alice, Some(id), "c5c6").await);
    assert_eq!(
        labels(&question),
        sorted(&["Knight (c5c6=N)", "Advocate (c5c6=A)", "Prelate (c5c6=L)"])
    );
    // The question is the mover's: for the other player its buttons are no move of theirs.
    let other = refused(click(&service, &bob, choice(&question, "Prelate (c5c6=L)")).await);
    assert!(other.contains("White's turn"), "{other}");
    let played = ok(click(&service, &alice, choice(&question, "Prelate (c5c6=L)")).await);
    assert!(played.text.contains("Prelate"), "{}", played.text);
}
