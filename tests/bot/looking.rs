//! Looking at a game without changing it (issue 36): the board keeps one side at the bottom
//! unless the game or the asker says otherwise, `/board text` and `/pieces` read it in words,
//! `/army` lists both armies with their XBetza, and `/piece` in a game's place knows the
//! pieces its players defined. From another server none of these finds the game
//! (`houses.rs` runs each of them there).

use chatrang::service::{Command, Reply};

use crate::common::{TestDb, ok, person, play, refused, req, two_player};

on_both_backends!(
    the_board_stays_white_side_up_unless_asked,
    the_board_and_pieces_read_in_words,
    piece_and_army_know_the_armies_of_the_game_here,
);

/// The number of the rank at the top of a reply's text board.
fn top_rank(reply: &Reply) -> String {
    let text = reply.board_text.as_deref().expect("a text board");
    text.lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().next())
        .expect("a rank line")
        .to_string()
}

async fn the_board_stays_white_side_up_unless_asked(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let after = play(&service, id, &alice, &bob, &["e2e4"]).await;
    assert_eq!(
        top_rank(&after),
        "8",
        "Black to move, White still at the bottom"
    );
    let look = |how: &str| Command::BoardAs(how.to_string());
    let black = ok(service.run(&req(&alice, Some(id)), look("black")).await);
    assert_eq!(top_rank(&black), "1");
    assert!(black.notify.is_empty(), "looking mentions nobody");
    let flipped = ok(service.run(&req(&alice, Some(id)), look("flip")).await);
    assert_eq!(top_rank(&flipped), "1");
    let white = ok(service.run(&req(&alice, Some(id)), look("White")).await);
    assert_eq!(top_rank(&white), "8");
    let why = refused(service.run(&req(&alice, Some(id)), look("sideways")).await);
    assert_eq!(
        why,
        "/board shows the board from white, black, flip (turned round) or as text (in words); \
         \"sideways\" is none of these."
    );

    // A game that turns with the side to move, and one mated: drawn from the winner's side.
    let turning = two_player(&service, "chess", &alice, &bob, &[("orientation", "turn")]).await;
    let after = play(&service, turning, &alice, &bob, &["e2e4"]).await;
    assert_eq!(top_rank(&after), "1", "Black to move, Black at the bottom");
    let mated = play(
        &service,
        turning,
        &bob,
        &alice,
        &["f7f6", "d2d4", "g7g5", "d1h5"],
    )
    .await;
    assert!(mated.text.contains("White wins"), "{}", mated.text);
    assert_eq!(top_rank(&mated), "8", "the winner's side");
    let fixed = two_player(&service, "chess", &alice, &bob, &[("orientation", "black")]).await;
    let start = ok(service.run(&req(&bob, Some(fixed)), Command::Board).await);
    assert_eq!(top_rank(&start), "1");
    let why = refused(
        service
            .run(
                &req(&alice, None),
                Command::New(chatrang::service::NewGame {
                    game: "chess".into(),
                    opponent: Some(bob.clone()),
                    options: vec![("orientation".into(), "upside".into())],
                    ..Default::default()
                }),
            )
            .await,
    );
    assert!(
        why.contains("white, black or turn") && why.contains("\"upside\""),
        "{why}"
    );
}

async fn the_board_and_pieces_read_in_words(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let words = ok(service
        .run(&req(&bob, Some(id)), Command::BoardAs("text".into()))
        .await);
    assert!(words.image.is_none() && words.board_text.is_none());
    assert!(
        words.text.contains(
            "rank 8: a8 black rook, b8 black knight, c8 black bishop, d8 black queen, e8 black \
             king, f8 black bishop, g8 black knight, h8 black rook"
        ),
        "{}",
        words.text
    );
    assert!(
        words
            .text
            .contains("rank 4: empty squares a4 to d4, e4 white pawn, empty squares f4 to h4"),
        "{}",
        words.text
    );
    let pieces = ok(service
        .run(&req(&bob, Some(id)), Command::Pieces("white".into()))
        .await);
    assert!(
        pieces
            .text
            .contains("White has 16 pieces: Rook a1, h1; Knight b1, g1;"),
        "{}",
        pieces.text
    );
    assert!(
        pieces.text.contains("Pawn a2, b2, c2, d2, f2, g2, h2, e4"),
        "{}",
        pieces.text
    );
    assert!(!pieces.text.contains("Black has"), "{}", pieces.text);
    let why = refused(
        service
            .run(&req(&bob, Some(id)), Command::Pieces("purple".into()))
            .await,
    );
    assert_eq!(
        why,
        "Say /pieces white or /pieces black, or /pieces alone for both sides; \"purple\" is no \
         side."
    );

    // Cataclysm's board in words is longer than a message: the rest goes in a file.
    let big = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
    let words = ok(service
        .run(&req(&bob, Some(big)), Command::BoardAs("text".into()))
        .await);
    let file = words.attachment.expect("the whole board as a file");
    let whole = String::from_utf8(file.content).expect("text");
    assert!(
        whole.contains("rank 1: ") && whole.contains("rank 12: "),
        "{whole}"
    );
    assert!(words.text.chars().count() <= chatrang::service::MESSAGE_BUDGET);
}

/// Alice's Easy Patch list, with an Amazon and a Zebra the built-in example has not.
const ALICE_ARMY: &str = "Amazon, AM, QN; Rook, R, R; Bishop, B, B; Knight, N, N; Zebra, Z, Z; Chancellor, C, RN; \
     Camel, L, C";

async fn piece_and_army_know_the_armies_of_the_game_here(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    // Before a game exists here, the game's catalogue answers (and has no Amazon).
    let why = refused(
        service
            .run(
                &req(&alice, None),
                Command::Piece {
                    game: "easy-patch".into(),
                    piece: "Amazon".into(),
                },
            )
            .await,
    );
    assert!(why.contains("Amazon"), "{why}");
    let list = ok(service
        .run(
            &req(&alice, None),
            Command::Piece {
                game: "cataclysm".into(),
                piece: String::new(),
            },
        )
        .await);
    assert!(
        list.text.starts_with("The pieces of Cataclysm:"),
        "{}",
        list.text
    );
    assert!(
        list.text.contains("• Grand Rook (G) — XBetza"),
        "{}",
        list.text
    );
    let why = refused(
        service
            .run(
                &req(&alice, None),
                Command::Piece {
                    game: String::new(),
                    piece: String::new(),
                },
            )
            .await,
    );
    assert!(why.starts_with("Say the game and the piece"), "{why}");

    let id = two_player(
        &service,
        "easy-patch",
        &alice,
        &bob,
        &[("white-army", ALICE_ARMY)],
    )
    .await;
    for (game, piece) in [("easy-patch", "Amazon"), ("Amazon", ""), ("Zebra", "")] {
        let reply = ok(service
            .run(
                &req(&bob, Some(id)),
                Command::Piece {
                    game: game.into(),
                    piece: piece.into(),
                },
            )
            .await);
        assert!(reply.text.contains("XBetza"), "{}", reply.text);
        assert!(reply.board_text.is_some(), "a diagram");
    }
    let amazon = ok(service
        .run(
            &req(&bob, Some(id)),
            Command::Piece {
                game: "AM".into(),
                piece: String::new(),
            },
        )
        .await);
    assert!(
        amazon.text.contains("Amazon (AM, XBetza QN)"),
        "{}",
        amazon.text
    );
    // Alice drafts her Amazon: it joins White's army; the Zebra waits in the pool.
    ok(service
        .run(&req(&alice, Some(id)), Command::Move("pick AM d1".into()))
        .await);
    let army = ok(service
        .run(&req(&bob, Some(id)), Command::Army(String::new()))
        .await);
    let (white, rest) = army.text.split_once("Black's army:").expect("both armies");
    let (black, pool) = rest.split_once("Still in the pool").expect("the pool");
    assert!(white.contains("White's army:"), "{}", army.text);
    assert!(white.contains("• Amazon (AM) — XBetza QN"), "{}", army.text);
    assert!(!black.contains("Amazon"), "{}", army.text);
    assert!(pool.contains("• Zebra (Z) — XBetza Z"), "{}", army.text);
    let whites = ok(service
        .run(&req(&bob, Some(id)), Command::Army("white".into()))
        .await);
    assert!(whites.text.contains("Amazon") && !whites.text.contains("Black's army"));
    let alone = ok(service
        .run(
            &req(&bob, Some(id)),
            Command::Piece {
                game: String::new(),
                piece: String::new(),
            },
        )
        .await);
    assert_eq!(alone.text, army.text, "/piece alone lists the armies");
    let why = refused(
        service
            .run(
                &req(&bob, Some(id)),
                Command::Piece {
                    game: "Unicorn".into(),
                    piece: String::new(),
                },
            )
            .await,
    );
    assert!(why.contains("/army lists its pieces"), "{why}");
}
