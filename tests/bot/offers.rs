//! Undo requests and draw offers as a player meets them: an undo takes back one's own last
//! move, as chess sites do (at one's own turn, that move and the reply to it), and every offer
//! says how to decline it as well as how to accept.

use chatrang::service::Command;

use crate::common::{TestDb, ok, person, play, refused, req, two_player};

on_both_backends!(
    undo_at_your_own_turn_takes_back_your_move_and_the_reply,
    offers_say_how_to_decline_them,
);

/// After 1. e4 e5 2. Bc4 Nc6, White's undo takes back Bc4 and Nc6 (White to move again);
/// Black's, at White's turn, takes back Black's own move alone; a side without a move of its
/// own has nothing to take back.
async fn undo_at_your_own_turn_takes_back_your_move_and_the_reply(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    // The positions after 1. e4 and after 1. e4 e5, from a game of reference.
    let reference = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, reference, &alice, &bob, &["e2e4"]).await;
    let after_e4 = service.store().game(reference).await.unwrap().unwrap();
    play(&service, reference, &bob, &alice, &["e7e5"]).await;
    let after_e5 = service.store().game(reference).await.unwrap().unwrap();
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let nothing_yet = refused(service.run(&req(&bob, Some(id)), Command::Undo).await);
    assert!(nothing_yet.contains("no move yet"), "{nothing_yet}");
    play(&service, id, &bob, &alice, &["e7e5"]).await;
    play(&service, id, &alice, &bob, &["f1c4", "b8c6"]).await;
    let asked = ok(service.run(&req(&alice, Some(id)), Command::Undo).await);
    assert!(
        asked
            .text
            .contains("asks to take back the last 2 moves (White: Bishop f1–c4; Black: Knight b8–c6). bob: /undo"),
        "{}",
        asked.text
    );
    let allowed = ok(service.run(&req(&bob, Some(id)), Command::Undo).await);
    assert!(allowed.text.contains("White to move"), "{}", allowed.text);
    assert!(
        allowed.text.contains("Knight b8–c6) are taken back."),
        "{}",
        allowed.text
    );
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        row.position, after_e5.position,
        "back to White's second move"
    );
    // Black asks at White's turn: Black's own move goes back, nothing else.
    let asked = ok(service.run(&req(&bob, Some(id)), Command::Undo).await);
    assert!(
        asked.text.contains("the last move (Black: Pawn e7–e5)"),
        "{}",
        asked.text
    );
    ok(service.run(&req(&alice, Some(id)), Command::Undo).await);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.position, after_e4.position, "Black to move again");
    let log = service.store().log(id).await.unwrap();
    let undos = log.iter().filter(|e| e.kind.as_str() == "undo").count();
    assert_eq!(undos, 3, "one undo line a move taken back");
}

/// The draw offer names `/draw no`, the undo request `/undo no`, beside the way to accept.
async fn offers_say_how_to_decline_them(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let draw = ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
    assert!(
        draw.text
            .contains("/draw to accept, or /draw no to decline"),
        "{}",
        draw.text
    );
    ok(service
        .run(&req(&bob, Some(id)), Command::DeclineDraw)
        .await);
    let undo = ok(service.run(&req(&alice, Some(id)), Command::Undo).await);
    assert!(
        undo.text
            .contains("/undo to allow it, or /undo no to refuse"),
        "{}",
        undo.text
    );
}
