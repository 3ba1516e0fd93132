//! The game service end to end, on SQLite and on PostgreSQL: complete games, every refusal,
//! teams, draws, undo with consent, rematch and leaderboards.

use chatrang::{
    rules::{Actor, Color, GameId, Options, Rolls, Status, picka, registry},
    service::{Choice, Command, MESSAGE_BUDGET, NewGame, Pick, Service, User, replay},
    store::{GameState, LogKind},
};

use crate::common::{
    ErrorLog, TestDb, anyone, here, leaderboard, move_as, ok, person, play, refused, req, sql_text,
    two_player,
};

on_both_backends!(
    fools_mate_ends_the_game_and_rates_both_players,
    cataclysm_played_from_the_start_ends_in_an_agreed_draw,
    cataclysm_mate_from_a_given_position,
    a_challenge_must_be_accepted_by_the_one_challenged,
    moves_out_of_turn_or_by_outsiders_are_refused,
    bad_moves_and_squares_are_explained,
    bad_game_names_and_options_are_refused,
    a_game_that_is_over_takes_no_more_moves,
    several_games_in_one_place_need_a_number,
    legal_moves_are_offered_by_prefix_and_by_piece,
    undo_needs_the_other_sides_consent,
    draw_offers_can_be_declined_and_resignation_ends_the_game,
    team_game_with_three_a_side,
    open_challenge_and_rematch_with_sides_swapped,
    katarenga_rematch_is_the_return_game,
    stale_and_unknown_buttons_are_refused,
    leaderboard_after_a_few_results,
    history_and_record_replay_the_game,
    one_service_move_generates_the_legal_moves_at_most_twice,
    history_keeps_the_newest_lines_and_whose_turn_within_the_budget,
    the_list_of_moves_stays_within_the_budget_and_says_how_many_more,
    move_suggestions_are_only_for_the_side_to_move,
);

/// One move through the service generates the legal moves of the position it reaches once:
/// the game keeps them with its status, so reading the move, judging the result, the reply's
/// status line, whose turn it is and the choices all reuse them. Counted on the game the
/// service keeps, for several moves of every two-player game.
async fn one_service_move_generates_the_legal_moves_at_most_twice(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    for game in [
        "chess",
        "cataclysm",
        "pick-a-team",
        "patch",
        "katarenga",
        "chromopolis",
    ] {
        let id = two_player(&service, game, &alice, &bob, &[]).await;
        for ply in 0..6 {
            let row = service.store().game(id).await.unwrap().unwrap();
            let log = service.store().log(id).await.unwrap();
            let now = replay(&row, &log).unwrap();
            let action = now.legal_actions()[0].notation.clone();
            let mover = match now.status() {
                Status::Ongoing {
                    actor: Actor::Side(Color::Black),
                    ..
                } => &bob,
                _ => &alice,
            };
            let before = service
                .legal_sets_computed(id)
                .unwrap_or_else(|| panic!("{game}: the service keeps the game it just wrote"));
            ok(move_as(&service, mover, Some(id), &action).await);
            let after = service
                .legal_sets_computed(id)
                .expect("kept after the move");
            let spent = after - before;
            assert!(
                (1..=2).contains(&spent),
                "{game}, ply {ply} ({action}): {spent} legal-move generations"
            );
        }
    }
}

async fn fools_mate_ends_the_game_and_rates_both_players(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let reply = play(
        &service,
        id,
        &alice,
        &bob,
        &["f2f3", "e7e5", "g2g4", "d8h4"],
    )
    .await;
    assert!(reply.text.contains("Black wins"), "{}", reply.text);
    assert!(reply.notify.is_empty(), "nobody must act after the end");
    assert!(reply.choices.iter().any(|c| c.command == Command::Rematch));
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    let (kind, winner, _) = service.store().result_of(id).await.unwrap().unwrap();
    assert_eq!((kind.as_str(), winner), ("win", Some(Color::Black)));
    let board = leaderboard(&service, "chess").await;
    let bob_at = board.find("bob").expect("bob is on the leaderboard");
    let alice_at = board.find("alice").expect("alice is on the leaderboard");
    assert!(bob_at < alice_at, "the winner ranks first:\n{board}");
    assert!(board.contains("1 game: 1 won, 0 drawn, 0 lost"), "{board}");
}

async fn cataclysm_played_from_the_start_ends_in_an_agreed_draw(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
    // A two-pawn move, ordinary pawn steps and a piece move.
    let reply = play(
        &service,
        id,
        &alice,
        &bob,
        &["d4d5&k4k5", "h9h8", "e4e5", "h8h7"],
    )
    .await;
    assert_eq!(reply.notify, vec![alice.id.clone()]);
    ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
    let reply = ok(service.run(&req(&bob, Some(id)), Command::Draw).await);
    assert!(reply.text.contains("draw (by agreement)"), "{}", reply.text);
    let (kind, winner, _) = service.store().result_of(id).await.unwrap().unwrap();
    assert_eq!((kind.as_str(), winner), ("draw", None));
}

async fn cataclysm_mate_from_a_given_position(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let position = "k15/2K13/16/16/16/16/7Q8/16/16/16/16/16 w - - 0 1";
    let id = two_player(
        &service,
        "cataclysm",
        &alice,
        &bob,
        &[("position", position)],
    )
    .await;
    let reply = ok(move_as(&service, &alice, Some(id), "h6a6").await);
    assert!(reply.text.contains("White wins"), "{}", reply.text);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    assert_eq!(row.initial_position, position);
}

async fn a_challenge_must_be_accepted_by_the_one_challenged(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "chess".into(),
                opponent: Some(bob.clone()),
                ..NewGame::default()
            }),
        )
        .await);
    assert_eq!(
        reply.notify,
        vec![bob.id.clone()],
        "the challenged is called"
    );
    let actions: Vec<_> = reply.choices.iter().map(|c| c.command.clone()).collect();
    assert_eq!(actions, vec![Command::Accept, Command::Decline]);
    let id = reply.game.unwrap().id;
    let early = refused(move_as(&service, &alice, Some(id), "e2e4").await);
    assert!(early.contains("has not started yet"), "{early}");
    let own = refused(service.run(&req(&alice, Some(id)), Command::Accept).await);
    assert!(own.contains("cannot accept your own challenge"), "{own}");
    let other = refused(service.run(&req(&carol, Some(id)), Command::Accept).await);
    assert_eq!(other, "This challenge is for bob.");
    let other = refused(service.run(&req(&carol, Some(id)), Command::Decline).await);
    assert_eq!(other, "Only bob can decline this challenge.");
    let yourself = refused(
        service
            .run(
                &req(&alice, None),
                Command::New(NewGame {
                    game: "chess".into(),
                    opponent: Some(alice.clone()),
                    ..NewGame::default()
                }),
            )
            .await,
    );
    assert!(yourself.contains("cannot challenge yourself"), "{yourself}");
    let declined = ok(service.run(&req(&bob, Some(id)), Command::Decline).await);
    assert!(declined.text.contains("bob declines"), "{}", declined.text);
    assert_eq!(declined.notify, vec![alice.id.clone()]);
    let again = refused(service.run(&req(&bob, Some(id)), Command::Accept).await);
    assert!(again.contains("is over"), "{again}");
}

async fn moves_out_of_turn_or_by_outsiders_are_refused(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let turn = refused(move_as(&service, &bob, Some(id), "e7e5").await);
    assert_eq!(turn, "It is White's turn; you play Black.");
    let outsider = refused(move_as(&service, &carol, Some(id), "e2e4").await);
    assert_eq!(outsider, "Only the players of this game can move.");
    let resign = refused(service.run(&req(&carol, Some(id)), Command::Resign).await);
    assert_eq!(resign, "Only the players of this game can resign.");
    let join = refused(
        service
            .run(&req(&carol, Some(id)), Command::Join(None))
            .await,
    );
    assert!(join.contains("is a two-player game"), "{join}");
    let leave = refused(service.run(&req(&alice, Some(id)), Command::Leave).await);
    assert!(leave.contains("/resign"), "{leave}");
    // Anyone may look.
    let board = ok(service.run(&req(&carol, Some(id)), Command::Board).await);
    assert!(board.board_text.unwrap().contains("♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"));
    assert!(board.notify.is_empty());
    // Nothing was played by the refused commands.
    assert_eq!(service.store().game(id).await.unwrap().unwrap().version, 2);
}

async fn bad_moves_and_squares_are_explained(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let off = refused(move_as(&service, &alice, Some(id), "e2e9").await);
    assert_eq!(off, "e9 is not a square on this board.");
    let illegal = refused(move_as(&service, &alice, Some(id), "e2e5").await);
    assert!(illegal.contains("not a legal move"), "{illegal}");
    let unreadable = refused(move_as(&service, &alice, Some(id), "hello").await);
    assert!(unreadable.starts_with("Could not read"), "{unreadable}");
    let moves_off = refused(
        service
            .run(&req(&alice, Some(id)), Command::Moves("e9".to_string()))
            .await,
    );
    assert_eq!(moves_off, "e9 is not a square on this board.");
    let empty = refused(
        service
            .run(&req(&alice, Some(id)), Command::Moves("e4".to_string()))
            .await,
    );
    assert_eq!(empty, "There is no piece on e4.");
    let theirs = refused(
        service
            .run(&req(&alice, Some(id)), Command::Moves("e7".to_string()))
            .await,
    );
    assert!(theirs.contains("it is White's turn"), "{theirs}");
    let missing = refused(move_as(&service, &alice, Some(999_999), "e2e4").await);
    assert_eq!(missing, "There is no game #999999; /games lists yours.");
}

async fn bad_game_names_and_options_are_refused(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let new = |game: &str, options: Vec<(String, String)>| NewGame {
        game: game.into(),
        options,
        ..NewGame::default()
    };
    let unknown = refused(
        service
            .run(&req(&alice, None), Command::New(new("chequers", vec![])))
            .await,
    );
    assert!(
        unknown.starts_with("There is no game called \"chequers\""),
        "{unknown}"
    );
    let option = refused(
        service
            .run(
                &req(&alice, None),
                Command::New(new("chess", vec![("turns".into(), "9".into())])),
            )
            .await,
    );
    assert_eq!(
        option,
        "Chess has no option \"turns\"; its own options are position; every game also takes \
         deadline, remind, on-timeout, vote, ai, as, seed, orientation, rated (/help chess and /help timed \
         explain them)."
    );
    let position = refused(
        service
            .run(
                &req(&alice, None),
                Command::New(new("chess", vec![("position".into(), "xyz".into())])),
            )
            .await,
    );
    assert!(position.starts_with("Cannot start Chess:"), "{position}");
    let none_here = refused(service.run(&req(&alice, None), Command::Board).await);
    assert!(
        none_here.starts_with("There is no game in progress here"),
        "{none_here}"
    );
    let help = refused(
        service
            .run(&req(&alice, None), Command::Help(Some("chequers".into())))
            .await,
    );
    assert!(help.contains("no game, command or topic called"), "{help}");
    let piece = refused(
        service
            .run(
                &req(&alice, None),
                Command::Piece {
                    game: "chess".into(),
                    piece: "dragon".into(),
                },
            )
            .await,
    );
    assert!(piece.contains("no piece called \"dragon\""), "{piece}");
}

async fn a_game_that_is_over_takes_no_more_moves(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    let late = refused(move_as(&service, &alice, Some(id), "e2e4").await);
    assert!(
        late.contains("is over (White wins (Black resigned))"),
        "{late}"
    );
    let draw = refused(service.run(&req(&alice, Some(id)), Command::Draw).await);
    assert!(draw.contains("is over"), "{draw}");
    let over = service
        .legal_moves(&req(&alice, Some(id)), "")
        .await
        .unwrap();
    assert!(over.moves.is_empty(), "{over:?}");
    assert!(over.note.is_some_and(|n| n.contains("is over")));
    // Without a number, in the place (a thread) where that game was played.
    let here = refused(move_as(&service, &alice, None, "e2e4").await);
    assert!(
        here.contains("game #1 (Chess) is over (White wins (Black resigned))")
            && here.contains("/new"),
        "{here}"
    );
}

async fn several_games_in_one_place_need_a_number(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol, dave) = (
        person("alice"),
        person("bob"),
        person("carol"),
        person("dave"),
    );
    let first = two_player(&service, "chess", &alice, &bob, &[]).await;
    let second = two_player(&service, "chess", &carol, &dave, &[]).await;
    // Each player's own game is found without a number.
    ok(move_as(&service, &alice, None, "e2e4").await);
    ok(move_as(&service, &carol, None, "d2d4").await);
    let stranger = refused(
        service
            .run(&req(&person("erin"), None), Command::Board)
            .await,
    );
    assert!(
        stranger.contains(&format!("#{first}")) && stranger.contains(&format!("#{second}")),
        "{stranger}"
    );
    let listed = ok(service.run(&req(&alice, None), Command::Games).await).text;
    assert!(listed.contains(&format!("#{first}")) && !listed.contains(&format!("#{second}")));
    assert!(listed.contains("you play White"), "{listed}");
}

async fn legal_moves_are_offered_by_prefix_and_by_piece(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
    let all = service
        .legal_moves(&req(&alice, Some(id)), "")
        .await
        .unwrap()
        .moves;
    assert_eq!(all.len(), 25, "autocomplete offers at most 25");
    let e4 = service
        .legal_moves(&req(&alice, Some(id)), "E4")
        .await
        .unwrap()
        .moves;
    assert!(
        e4.contains(&"e4e5".to_string()) && e4.contains(&"e4e6".to_string()),
        "{e4:?}"
    );
    assert!(e4.iter().all(|m| m.starts_with("e4")));
    let piece = ok(service
        .run(&req(&alice, Some(id)), Command::Moves("e4".to_string()))
        .await);
    assert!(
        piece.text.starts_with("The White Pawn on e4 can play: "),
        "{}",
        piece.text
    );
    // Two-pawn moves are the pawn's whichever pawn is written first.
    assert!(
        piece.text.contains(" d4d5&e4e5") && piece.text.contains(" e4e5&f4f5"),
        "{}",
        piece.text
    );
    assert!(
        piece.board_text.unwrap().contains('•'),
        "targets are marked"
    );
    let listed = ok(service
        .run(&req(&alice, Some(id)), Command::Moves("".to_string()))
        .await)
    .text;
    assert!(listed.contains("legal moves"), "{listed}");
}

async fn undo_needs_the_other_sides_consent(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let none = refused(service.run(&req(&alice, Some(id)), Command::Undo).await);
    assert_eq!(none, "There is no move to take back.");
    let start = service.store().game(id).await.unwrap().unwrap().position;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let asked = ok(service.run(&req(&alice, Some(id)), Command::Undo).await);
    assert_eq!(
        asked.notify,
        vec![bob.id.clone()],
        "the other side is asked"
    );
    assert!(asked.choices.iter().any(|c| c.command == Command::Undo));
    let twice = refused(service.run(&req(&alice, Some(id)), Command::Undo).await);
    assert!(twice.contains("already asked"), "{twice}");
    let draw_meanwhile = refused(service.run(&req(&bob, Some(id)), Command::Draw).await);
    assert!(
        draw_meanwhile.contains("undo request is waiting"),
        "{draw_meanwhile}"
    );
    ok(service
        .run(&req(&bob, Some(id)), Command::DeclineUndo)
        .await);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_ne!(row.position, start, "a refused undo changes nothing");
    assert_eq!(row.pending, None);
    ok(service.run(&req(&alice, Some(id)), Command::Undo).await);
    let allowed = ok(service.run(&req(&bob, Some(id)), Command::Undo).await);
    assert!(allowed.text.contains("taken back"), "{}", allowed.text);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.position, start, "the move is taken back");
    // White moves again, and the log still holds everything.
    play(&service, id, &alice, &bob, &["d2d4"]).await;
    let log = service.store().log(id).await.unwrap();
    let kinds: Vec<&str> = log.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(
        kinds,
        vec![
            "start",
            "accept",
            "move",
            "undo-ask",
            "undo-decline",
            "undo-ask",
            "undo",
            "move"
        ]
    );
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(replay(&row, &log).unwrap().position_text(), row.position);
}

async fn draw_offers_can_be_declined_and_resignation_ends_the_game(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let none = refused(
        service
            .run(&req(&bob, Some(id)), Command::DeclineDraw)
            .await,
    );
    assert_eq!(none, "There is no draw offer to decline.");
    let offer = ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
    assert_eq!(offer.notify, vec![bob.id.clone()]);
    let again = refused(service.run(&req(&alice, Some(id)), Command::Draw).await);
    assert!(again.contains("already offered a draw"), "{again}");
    ok(service
        .run(&req(&bob, Some(id)), Command::DeclineDraw)
        .await);
    // A declined offer can be made again; a move clears it.
    ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    assert_eq!(
        service.store().game(id).await.unwrap().unwrap().pending,
        None
    );
    let resigned = ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    assert!(
        resigned.text.contains("White wins (Black resigned)"),
        "{}",
        resigned.text
    );
    assert_eq!(resigned.notify, vec![alice.id.clone()]);
}

async fn team_game_with_three_a_side(db: TestDb) {
    let service = db.service().await;
    let whites: Vec<_> = ["ann", "ben", "cat"].into_iter().map(person).collect();
    let blacks: Vec<_> = ["dan", "eve", "fay"].into_iter().map(person).collect();
    let reply = ok(service
        .run(
            &req(&whites[0], None),
            Command::New(NewGame {
                game: "chess".into(),
                white: whites.clone(),
                black: blacks.clone(),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.unwrap().id;
    let mut expected: Vec<String> = whites.iter().map(|u| u.id.clone()).collect();
    let mut notified = reply.notify.clone();
    expected.sort();
    notified.sort();
    assert_eq!(notified, expected, "every White member is called");
    // Any member acts for the side; members of the other side wait their turn.
    ok(move_as(&service, &whites[2], Some(id), "e2e4").await);
    let wrong = refused(move_as(&service, &whites[1], Some(id), "d2d4").await);
    assert_eq!(wrong, "It is Black's turn; you play White.");
    ok(move_as(&service, &blacks[1], Some(id), "e7e5").await);
    ok(move_as(&service, &whites[1], Some(id), "g1f3").await);
    // Someone joins mid-game; sides cannot be switched once play began.
    let gus = person("gus");
    let joined = ok(service
        .run(&req(&gus, Some(id)), Command::Join(Some(Color::Black)))
        .await);
    assert!(joined.text.contains("gus joins Black"), "{}", joined.text);
    ok(move_as(&service, &gus, Some(id), "b8c6").await);
    let switch = refused(
        service
            .run(&req(&gus, Some(id)), Command::Join(Some(Color::White)))
            .await,
    );
    assert!(switch.contains("sides cannot be changed"), "{switch}");
    ok(service
        .run(&req(&blacks[0], Some(id)), Command::Leave)
        .await);
    let gone = refused(move_as(&service, &blacks[0], Some(id), "g8f6").await);
    assert_eq!(gone, "Only the players of this game can move.");
    // A draw offered by one member is accepted by another member of the other side.
    ok(service.run(&req(&whites[0], Some(id)), Command::Draw).await);
    let agreed = ok(service.run(&req(&blacks[2], Some(id)), Command::Draw).await);
    assert!(agreed.text.contains("draw"), "{}", agreed.text);
    let board = leaderboard(&service, "chess").await;
    for name in ["ann", "ben", "cat", "eve", "fay", "gus"] {
        assert!(board.contains(name), "{name} is rated:\n{board}");
    }
    assert!(!board.contains("dan"), "dan left before the end:\n{board}");
}

async fn open_challenge_and_rematch_with_sides_swapped(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "chess".into(),
                side: Some(Color::Black),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.unwrap().id;
    assert!(reply.text.contains("open challenge"), "{}", reply.text);
    let accepted = ok(service.run(&req(&bob, None), Command::Accept).await);
    assert_eq!(
        accepted.notify,
        vec![bob.id.clone()],
        "bob plays White and moves first"
    );
    let early = refused(service.run(&req(&alice, Some(id)), Command::Rematch).await);
    assert!(early.contains("has not finished"), "{early}");
    ok(service.run(&req(&alice, Some(id)), Command::Resign).await);
    let rematch = ok(service.run(&req(&alice, None), Command::Rematch).await);
    let new_id = rematch.game.unwrap().id;
    assert_ne!(new_id, id);
    assert_eq!(rematch.notify, vec![bob.id.clone()]);
    ok(service.run(&req(&bob, Some(new_id)), Command::Accept).await);
    let turn = refused(move_as(&service, &bob, Some(new_id), "e2e4").await);
    assert_eq!(turn, "It is White's turn; you play Black.");
    ok(move_as(&service, &alice, Some(new_id), "e2e4").await);
    let row = service.store().game(new_id).await.unwrap().unwrap();
    assert_eq!(row.rematch_of, Some(id));
}

/// Katarenga's rematch is the return game of a match: the same board with the colours swapped
/// (fixed by the `board` and `baseline` options), the other player moving first without a new
/// choice; what the bot says of it matches what the picture shows (no turned board).
async fn katarenga_rematch_is_the_return_game(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "katarenga", &alice, &bob, &[]).await;
    ok(move_as(&service, &bob, Some(id), "baseline east").await);
    let first = service.store().game(id).await.unwrap().unwrap();
    ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    let rematch = ok(service.run(&req(&bob, Some(id)), Command::Rematch).await);
    assert!(
        rematch.text.contains("the return game (the same board) of")
            && rematch.text.contains("with sides swapped"),
        "{}",
        rematch.text
    );
    assert!(!rematch.text.contains("180"), "{}", rematch.text);
    let new_id = rematch.game.unwrap().id;
    ok(service
        .run(&req(&alice, Some(new_id)), Command::Accept)
        .await);
    let row = service.store().game(new_id).await.unwrap().unwrap();
    let options = chatrang::rules::katarenga::return_game_options(&first.position).unwrap();
    assert_eq!(row.options, options.0);
    let start = registry::new_game(GameId::Katarenga, &options, row.seed).unwrap();
    assert_eq!(row.position, start.position_text());
    assert_eq!(row.initial_position, row.position);
    // Bob, White now, moves at once: the baseline came with the board.
    let moves = service
        .legal_moves(&req(&bob, Some(new_id)), "")
        .await
        .unwrap()
        .moves;
    assert!(!moves.is_empty(), "White has moves");
    assert!(
        moves.iter().all(|m| !m.starts_with("baseline")),
        "{moves:?}"
    );
    ok(move_as(&service, &bob, Some(new_id), &moves[0]).await);
    // A game that ended before the baseline was chosen gets an ordinary rematch.
    let early = two_player(&service, "katarenga", &alice, &bob, &[]).await;
    ok(service
        .run(&req(&alice, Some(early)), Command::Resign)
        .await);
    let again = ok(service
        .run(&req(&alice, Some(early)), Command::Rematch)
        .await);
    let again = service
        .store()
        .game(again.game.unwrap().id)
        .await
        .unwrap()
        .unwrap();
    let early_row = service.store().game(early).await.unwrap().unwrap();
    assert_eq!(again.initial_position, early_row.initial_position);
}

async fn stale_and_unknown_buttons_are_refused(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "chess".into(),
                opponent: Some(bob.clone()),
                ..NewGame::default()
            }),
        )
        .await);
    let accept = reply.choices[0].encode();
    let accepted = ok(service
        .run(
            &req(&bob, None),
            Command::Click(Pick::Id(accept.to_string())),
        )
        .await);
    assert!(accepted.text.contains("bob accepts"), "{}", accepted.text);
    let stale = refused(
        service
            .run(
                &req(&bob, None),
                Command::Click(Pick::Id(accept.to_string())),
            )
            .await,
    );
    assert_eq!(
        stale,
        "This board has moved on; pick from the choices of the latest message."
    );
    let garbage = refused(
        service
            .run(
                &req(&bob, None),
                Command::Click(Pick::Id("v9:x".to_string())),
            )
            .await,
    );
    assert!(garbage.contains("not understood"), "{garbage}");
    // A draw offer answered by its button.
    let id = reply.game.unwrap().id;
    let offer = ok(service.run(&req(&alice, Some(id)), Command::Draw).await);
    let decline = offer
        .choices
        .iter()
        .find(|c| c.command == Command::DeclineDraw)
        .unwrap()
        .encode();
    ok(service
        .run(
            &req(&bob, None),
            Command::Click(Pick::Id(decline.to_string())),
        )
        .await);
    assert_eq!(
        service.store().game(id).await.unwrap().unwrap().pending,
        None
    );
}

async fn leaderboard_after_a_few_results(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let empty = leaderboard(&service, "chess").await;
    assert!(empty.contains("Nobody has finished"), "{empty}");
    for _ in 0..2 {
        let id = two_player(&service, "chess", &alice, &bob, &[]).await;
        ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    }
    let id = two_player(&service, "chess", &bob, &carol, &[]).await;
    ok(service.run(&req(&bob, Some(id)), Command::Draw).await);
    ok(service.run(&req(&carol, Some(id)), Command::Draw).await);
    let board = leaderboard(&service, "chess").await;
    let lines: Vec<&str> = board.lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{board}");
    assert!(lines[0].contains("alice") && lines[0].contains("2 games: 2 won, 0 drawn, 0 lost"));
    assert!(lines[1].contains("carol") && lines[1].contains("1 game: 0 won, 1 drawn, 0 lost"));
    assert!(lines[2].contains("bob") && lines[2].contains("3 games: 0 won, 1 drawn, 2 lost"));
    let alice_rating = service
        .store()
        .rating("server-1", GameId::Chess, &alice.id)
        .await
        .unwrap()
        .unwrap();
    assert!(alice_rating.rating > 1600.0 && alice_rating.deviation < 350.0);
    // Another server has its own leaderboard; another game too.
    let elsewhere = ok(service
        .run(
            &anyone(chatrang::service::Place::new("server-2", "c")),
            Command::Leaderboard("chess".to_string()),
        )
        .await)
    .text;
    assert!(elsewhere.contains("Nobody"), "{elsewhere}");
    let cataclysm = leaderboard(&service, "cataclysm").await;
    assert!(cataclysm.contains("Nobody"), "{cataclysm}");
}

async fn history_and_record_replay_the_game(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e4", "e5", "Nf3"]).await;
    let history = ok(service.run(&req(&bob, Some(id)), Command::History).await);
    assert!(
        history.text.contains("\n1. e4 e5\n2. Nf3\n"),
        "{}",
        history.text
    );
    let record = String::from_utf8(history.attachment.unwrap().content).unwrap();
    assert!(record.contains("[Event \"Chatrang game #") && record.contains("[White \"alice\"]"));
    assert!(record.contains("\n1. e4 e5 2. Nf3 *\n"), "{record}");
    let row = service.store().game(id).await.unwrap().unwrap();
    let log = service.store().log(id).await.unwrap();
    assert_eq!(replay(&row, &log).unwrap().position_text(), row.position);
    let help = ok(service
        .run(&req(&alice, None), Command::Help(Some("cataclysm".into())))
        .await)
    .text;
    assert!(
        help.contains("Grand Rook") && help.contains("position"),
        "{help}"
    );
    let piece = ok(service
        .run(
            &req(&alice, None),
            Command::Piece {
                game: "cataclysm".into(),
                piece: "grand rook".into(),
            },
        )
        .await);
    assert!(piece.text.contains("RcpR"), "{}", piece.text);
    assert!(piece.board_text.unwrap().contains('G'));
}

// ---- the record: replay from the stored setup, damaged records, /abort ----

on_both_backends!(
    a_game_replays_from_its_stored_setup_whatever_its_options_and_seed_give_now,
    a_damaged_record_stops_the_game_until_an_admin_aborts_it,
    only_admins_abort_and_only_open_games,
    the_dice_a_move_rolls_are_logged_with_it_and_replayed_from_the_log,
    a_game_this_bot_no_longer_knows_is_listed_and_can_be_aborted,
);

/// The side to act in `game`, or White when anyone may.
fn side_to_act(game: &dyn chatrang::rules::Game) -> Color {
    match game.status() {
        Status::Ongoing {
            actor: Actor::Side(side),
            ..
        } => side,
        _ => Color::White,
    }
}

/// Plays the first legal action of the game as stored, by whoever must act.
async fn play_first_legal(service: &Service, id: i64, white: &User, black: &User) {
    let row = service.store().game(id).await.unwrap().unwrap();
    let kind = row.variant.known().unwrap();
    let game = registry::load(kind, &row.position).unwrap();
    let action = game.legal_actions()[0].notation.clone();
    let who = match side_to_act(game.as_ref()) {
        Color::White => white,
        Color::Black => black,
    };
    ok(move_as(service, who, Some(id), &action).await);
}

async fn a_game_replays_from_its_stored_setup_whatever_its_options_and_seed_give_now(db: TestDb) {
    let (alice, bob) = (person("alice"), person("bob"));
    // Katarenga's board is drawn from the seed, Patch's armies are the built-in example
    // lists, Catalonia's length is an option: each game starts from what those give today.
    let starts = [
        ("katarenga", vec![]),
        ("patch", vec![]),
        ("catalonia", vec![("turns".to_string(), "6".to_string())]),
    ];
    let mut ids = Vec::new();
    {
        let service = db.service().await;
        for (game, options) in starts {
            let reply = ok(service
                .run(
                    &req(&alice, None),
                    Command::New(NewGame {
                        game: game.into(),
                        opponent: Some(bob.clone()),
                        options,
                        seed: Some(11),
                        ..NewGame::default()
                    }),
                )
                .await);
            let id = reply.game.unwrap().id;
            if game != "catalonia" {
                ok(service.run(&req(&bob, Some(id)), Command::Accept).await);
            }
            for _ in 0..2 {
                play_first_legal(&service, id, &alice, &bob).await;
            }
            ids.push(id);
        }
        service.store().close().await;
    }
    // A later release: the seed draws another board, the example lists are others (here the
    // two sides' lists swapped), the length option reads differently.
    let swapped = serde_json::json!({
        "white-army": picka::examples::example_list(GameId::Patch, Color::Black).unwrap(),
        "black-army": picka::examples::example_list(GameId::Patch, Color::White).unwrap(),
    });
    let aged = [
        (ids[0], "{}".to_string(), 999),
        (ids[1], swapped.to_string(), 11),
        (ids[2], r#"{"turns":"20"}"#.to_string(), 999),
    ];
    for (id, options, seed) in &aged {
        db.execute(&format!(
            "UPDATE games SET options = {}, seed = {seed} WHERE id = {id}",
            sql_text(options)
        ))
        .await;
    }
    let service = db.service().await;
    for id in ids {
        let row = service.store().game(id).await.unwrap().unwrap();
        let kind = row.variant.known().unwrap();
        let today = registry::new_game(kind, &Options(row.options.clone()), row.seed).unwrap();
        assert_ne!(
            today.position_text(),
            row.initial_position,
            "{kind}: the aged options and seed must give another start, or this test shows nothing"
        );
        let log = service.store().log(id).await.unwrap();
        assert_eq!(
            replay(&row, &log).unwrap().position_text(),
            row.position,
            "{kind}"
        );
        let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
        assert!(!board.text.contains("damaged"), "{kind}: {}", board.text);
        play_first_legal(&service, id, &alice, &bob).await;
        let after = service.store().game(id).await.unwrap().unwrap();
        assert_eq!(after.initial_position, row.initial_position, "{kind}");
        let log = service.store().log(id).await.unwrap();
        assert_eq!(
            replay(&after, &log).unwrap().position_text(),
            after.position
        );
    }
}

/// What a damaged record gets: a refusal of every action, naming the way out.
const DAMAGED: &str = "This game's record is damaged; a moderator can /abort it.";

async fn a_damaged_record_stops_the_game_until_an_admin_aborts_it(db: TestDb) {
    let (alice, bob, admin) = (person("alice"), person("bob"), person("admin"));
    let start = registry::new_game(GameId::Chess, &Options::default(), 0)
        .unwrap()
        .position_text();
    // Three ways a record can disagree with itself: a snapshot the log does not lead to, a
    // snapshot that does not read, and a log move that cannot be played.
    let damages = [
        format!(
            "UPDATE games SET position = {} WHERE id = ID",
            sql_text(&start)
        ),
        "UPDATE games SET position = 'tampered' WHERE id = ID".to_string(),
        "UPDATE game_log SET notation = 'e7e4' WHERE game_id = ID AND kind = 'move' \
         AND notation = 'e7e5'"
            .to_string(),
    ];
    for damage in damages {
        let id = {
            let service = db.service().await;
            let id = two_player(&service, "chess", &alice, &bob, &[]).await;
            play(&service, id, &alice, &bob, &["e2e4", "e7e5"]).await;
            ok(service.run(&req(&bob, Some(id)), Command::Draw).await);
            service.store().close().await;
            id
        };
        db.execute(&damage.replace("ID", &id.to_string())).await;
        let service = db.service().await;
        let store = service.store();
        let (row, log) = (
            store.game(id).await.unwrap().unwrap(),
            store.log(id).await.unwrap(),
        );
        let errors = ErrorLog::capture();
        let button = Choice {
            label: String::new(),
            game: id,
            version: row.version,
            command: Command::Draw,
        };
        let g = Some(id);
        let refusals = [
            move_as(&service, &alice, g, "g1f3").await,
            move_as(&service, &alice, None, "g1f3").await,
            service
                .run(&req(&alice, g), Command::Moves("".to_string()))
                .await,
            service.run(&req(&alice, g), Command::Draw).await,
            service.run(&req(&alice, g), Command::DeclineDraw).await,
            service.run(&req(&alice, g), Command::Undo).await,
            service.run(&req(&bob, g), Command::Resign).await,
            service.run(&req(&bob, g), Command::Leave).await,
            service.run(&req(&bob, g), Command::Rematch).await,
            service
                .run(
                    &req(&alice, None),
                    Command::Click(Pick::Id(button.encode())),
                )
                .await,
        ];
        for refusal in refusals {
            let why = refused(refusal);
            assert!(why.contains(DAMAGED), "{damage}: {why}");
        }
        assert!(
            service
                .legal_moves(&req(&alice, g), "")
                .await
                .is_err_and(|e| e.to_string().contains(DAMAGED))
        );
        // Looking still works, and says why nothing can be done.
        let board = ok(service.run(&req(&alice, g), Command::Board).await);
        assert!(board.text.contains(DAMAGED), "{}", board.text);
        assert!(board.choices.is_empty() && board.notify.is_empty());
        let history = ok(service.run(&req(&alice, g), Command::History).await);
        assert!(history.text.contains(DAMAGED), "{}", history.text);
        let games = ok(service.run(&req(&alice, None), Command::Games).await);
        assert!(
            games.text.contains(DAMAGED.trim_end_matches('.')),
            "{}",
            games.text
        );
        // The damage is logged as an error naming the game, once.
        let logged = errors.text();
        assert!(
            logged.contains("record is damaged") && logged.contains(&format!("game={id} ")),
            "{damage}: {logged}"
        );
        assert_eq!(logged.lines().count(), 1, "{logged}");
        // The record is untouched.
        assert_eq!(store.game(id).await.unwrap().unwrap(), row, "{damage}");
        assert_eq!(store.log(id).await.unwrap(), log, "{damage}");
        // A player is not an admin; an admin ends the game, unrated.
        let why = refused(
            service
                .run(&req(&alice, g).admin(false), Command::Abort)
                .await,
        );
        assert!(why.contains("Only a moderator"), "{why}");
        assert_eq!(store.game(id).await.unwrap().unwrap(), row);
        let reply = ok(service
            .run(&req(&admin, g).admin(true), Command::Abort)
            .await);
        assert!(reply.text.contains("aborts the game"), "{}", reply.text);
        let after = store.game(id).await.unwrap().unwrap();
        assert_eq!(after.state, GameState::Over);
        assert_eq!(after.outcome.as_deref(), Some("aborted by admin"));
        assert_eq!(after.pending, None, "the draw offer goes with the game");
        assert_eq!(
            after.position, row.position,
            "the snapshot is kept as it was"
        );
        let (kind, winner, _) = store.result_of(id).await.unwrap().unwrap();
        assert_eq!((kind.as_str(), winner), ("aborted", None));
        let last = store.log(id).await.unwrap().pop().unwrap();
        assert_eq!(
            (last.kind.as_str(), last.user_id.as_str()),
            ("abort", "id-admin")
        );
        let why = refused(
            service
                .run(&req(&admin, g).admin(true), Command::Abort)
                .await,
        );
        assert!(why.contains("already over"), "{why}");
    }
    // Nobody was rated.
    let board = ok(db
        .service()
        .await
        .run(&anyone(here()), Command::Leaderboard("chess".into()))
        .await);
    assert!(board.text.contains("Nobody has finished"), "{}", board.text);
}

async fn only_admins_abort_and_only_open_games(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, admin) = (person("alice"), person("bob"), person("admin"));
    // A healthy game in play: its own players are no admins either.
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let why = refused(
        service
            .run(&req(&alice, Some(id)).admin(false), Command::Abort)
            .await,
    );
    assert!(
        why.contains("Only a moderator") && why.contains("/resign"),
        "{why}"
    );
    assert_eq!(
        service.store().game(id).await.unwrap().unwrap().state,
        GameState::Active
    );
    ok(service
        .run(&req(&admin, None).admin(true), Command::Abort)
        .await);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    let why = refused(move_as(&service, &bob, Some(id), "e7e5").await);
    assert!(why.contains("is over (aborted by admin)"), "{why}");
    // A challenge not yet accepted is cancelled.
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "chess".into(),
                opponent: Some(bob.clone()),
                ..NewGame::default()
            }),
        )
        .await);
    let challenge = reply.game.unwrap().id;
    ok(service
        .run(&req(&admin, Some(challenge)).admin(true), Command::Abort)
        .await);
    let row = service.store().game(challenge).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Cancelled);
    assert_eq!(service.store().result_of(challenge).await.unwrap(), None);
    let why = refused(
        service
            .run(&req(&admin, Some(challenge)).admin(true), Command::Abort)
            .await,
    );
    assert!(why.contains("was cancelled"), "{why}");
    let why = refused(
        service
            .run(&req(&admin, Some(999)).admin(true), Command::Abort)
            .await,
    );
    assert!(why.contains("There is no game #999"), "{why}");
}

/// The stored setup carries the whole start of every game: loaded back, it plays exactly like
/// the game made from the options and seed (armies, boards, baselines, turn limits, dice).
#[test]
fn every_game_plays_from_its_stored_setup_like_the_game_it_started_as() {
    let swapped = Options::default()
        .with(
            "white-army",
            picka::examples::example_list(GameId::Patch, Color::Black).unwrap(),
        )
        .with(
            "black-army",
            picka::examples::example_list(GameId::Patch, Color::White).unwrap(),
        );
    let mut starts: Vec<(GameId, Options)> = GameId::ALL
        .into_iter()
        .map(|id| (id, Options::default()))
        .collect();
    starts.extend([
        (GameId::Patch, swapped),
        (
            GameId::Katarenga,
            Options::default().with("baseline", "east"),
        ),
        (GameId::Catalonia, Options::default().with("turns", "7")),
        (
            GameId::Catalonia,
            Options::default().with("nonrandom", "true"),
        ),
    ]);
    for (id, options) in starts {
        for seed in [1, 77] {
            let mut started = registry::new_game(id, &options, seed).unwrap();
            let setup = started.position_text();
            let mut stored = registry::load(id, &setup).unwrap();
            let mut pick = seed;
            for step in 0..40 {
                assert_eq!(
                    stored.position_text(),
                    started.position_text(),
                    "{id} step {step}"
                );
                assert_eq!(stored.status(), started.status(), "{id} step {step}");
                let actions = started.legal_actions();
                if actions.is_empty() {
                    break;
                }
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let action = &actions[(pick >> 33) as usize % actions.len()].notation;
                let a = started.play(action).unwrap();
                let b = stored.play(action).unwrap();
                assert_eq!(a, b, "{id} step {step}: {action}");
            }
        }
    }
}

async fn the_dice_a_move_rolls_are_logged_with_it_and_replayed_from_the_log(db: TestDb) {
    use chatrang::rules::catalonia::{board::Board, pieces::Piece};
    let (alice, bob) = (person("alice"), person("bob"));
    // Black's a8c7 closes a chain of four: the turn is scored and the bomb's dice are rolled.
    let mut board = Board::empty();
    for (square, letter) in [
        ("c3", 'G'),
        ("d3", 'g'),
        ("c4", 'g'),
        ("d4", 'G'),
        ("a8", 'n'),
    ] {
        board.put(
            chatrang::rules::Square::parse(square).unwrap(),
            Piece::from_letter(letter),
        );
    }
    let position = format!(
        "{} 1/15 random chacha8:0000000000000007:0 black-moves-second - -",
        board.to_text()
    );
    let (id, rolls) = {
        let service = db.service().await;
        let reply = ok(service
            .run(
                &req(&alice, None),
                Command::New(NewGame {
                    game: "catalonia".into(),
                    opponent: Some(bob.clone()),
                    options: vec![("position".into(), position)],
                    ..NewGame::default()
                }),
            )
            .await);
        let id = reply.game.unwrap().id;
        ok(move_as(&service, &bob, Some(id), "a8c7").await);
        let log = service.store().log(id).await.unwrap();
        let kinds: Vec<&str> = log.iter().map(|e| e.kind.as_str()).collect();
        assert_eq!(kinds, ["start", "move", "roll"]);
        let roll = &log[2];
        assert_eq!(roll.user_id, bob.id);
        assert!(
            roll.description.contains("dice rolled by move 2"),
            "{}",
            roll.description
        );
        let rolls = Rolls::parse(roll.notation.as_deref().unwrap()).unwrap();
        assert_eq!(rolls.0.len(), 2, "no pit yet, so no roll again: {rolls:?}");
        assert!(rolls.0.iter().all(|face| (1..=6).contains(face)));
        let row = service.store().game(id).await.unwrap().unwrap();
        assert!(
            row.position.contains(" chacha8:0000000000000007:2 "),
            "{}",
            row.position
        );
        let record = ok(service.run(&req(&alice, Some(id)), Command::History).await).attachment;
        let record = String::from_utf8(record.unwrap().content).unwrap();
        assert!(
            record.contains(&format!("1... a8c7 {{dice {}}}", rolls.to_text())),
            "the rolls follow their move: {record}"
        );
        service.store().close().await;
        (id, rolls)
    };
    // The game goes on after a restart: the replay rolls nothing, it reads the log.
    let service = db.service().await;
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(!board.text.contains("damaged"), "{}", board.text);
    // A move taken back takes its dice with it; played again, it rolls the same dice (the
    // generator's place went back too), so an undo is no second throw.
    ok(service.run(&req(&alice, Some(id)), Command::Undo).await);
    ok(service.run(&req(&bob, Some(id)), Command::Undo).await);
    ok(move_as(&service, &bob, Some(id), "a8c7").await);
    let log = service.store().log(id).await.unwrap();
    let kinds: Vec<&str> = log.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(
        kinds,
        ["start", "move", "roll", "undo-ask", "undo", "move", "roll"]
    );
    assert_eq!(log[6].notation, Some(rolls.to_text()));
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(replay(&row, &log).unwrap().position_text(), row.position);
    service.store().close().await;
    // Other dice in the log make another game than the snapshot: replay takes the dice from
    // the log, not from the generator (which the position still has at the same place).
    let other = if rolls.0 == [6, 6] { "1,6" } else { "6,6" };
    db.execute(&format!(
        "UPDATE game_log SET notation = '{other}' WHERE game_id = {id} AND kind = 'roll' \
         AND seq = 7"
    ))
    .await;
    let service = db.service().await;
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(board.text.contains(DAMAGED), "{}", board.text);
}

/// A record of a game taken out of the table of games stays a record: the store reads it,
/// `/games` lists it by its stored id, every look or action says why it cannot be played, and
/// an admin can still end it (its result keeps the stored id).
async fn a_game_this_bot_no_longer_knows_is_listed_and_can_be_aborted(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, admin) = (person("alice"), person("bob"), person("admin"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    db.execute(&format!(
        "UPDATE games SET variant = 'shogi-9000' WHERE id = {id}"
    ))
    .await;
    let service = db.service().await;
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.variant.as_str(), "shogi-9000");
    assert_eq!(row.variant.known(), None);
    let why = format!("Game #{id} is a game this bot no longer knows (shogi-9000).");
    assert_eq!(
        refused(service.run(&req(&alice, Some(id)), Command::Board).await),
        why
    );
    assert_eq!(
        refused(move_as(&service, &bob, Some(id), "e7e5").await),
        why
    );
    let games = ok(service.run(&req(&alice, None), Command::Games).await);
    assert!(
        games.text.contains(&format!("#{id} (shogi-9000) — {why}")),
        "{}",
        games.text
    );
    let reply = ok(service
        .run(&req(&admin, Some(id)).admin(true), Command::Abort)
        .await);
    assert!(
        reply.text.starts_with(&format!(
            "Game #{id} (shogi-9000): admin (a moderator) aborts"
        )),
        "{}",
        reply.text
    );
    let after = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(after.state, GameState::Over);
    let (kind, _, _) = service.store().result_of(id).await.unwrap().unwrap();
    assert_eq!(kind.as_str(), "aborted");
}

/// With 30-character names in the status line, 300 chess plies (150 lines of the score
/// sheet) take more than a message: `/history` keeps the header, whose turn it is and the
/// newest lines that fit, consecutive and ending on the latest moves, and counts the rest
/// exactly. The moves are a fixed pseudo-random walk that never ends the game; shakmaty
/// names the latest two, independently of our SAN.
async fn history_keeps_the_newest_lines_and_whose_turn_within_the_budget(db: TestDb) {
    use shakmaty::{san::SanPlus, uci::UciMove};
    let service = db.service().await;
    let (alice, bob) = (
        person("Alice of the Very Long Name 30"),
        person("Bob with an Even Longer Name 3"),
    );
    assert_eq!(alice.name.chars().count(), 30);
    assert_eq!(bob.name.chars().count(), 30);
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let row = service.store().game(id).await.unwrap().unwrap();
    let mut now = registry::load(GameId::Chess, &row.initial_position).unwrap();
    let mut oracle = shakmaty::Chess::default();
    let mut sans = Vec::new();
    const PLIES: usize = 300;
    for ply in 0..PLIES {
        let mover = if ply % 2 == 0 { &alice } else { &bob };
        let legal = now.legal_actions();
        let choice = (0..legal.len())
            .map(|k| legal[(ply * 7 + 3 + k) % legal.len()].notation.clone())
            .find(|m| {
                let mut next = now.clone();
                next.play(m).is_ok() && matches!(next.status(), Status::Ongoing { .. })
            })
            .expect("a move that keeps the game going");
        now.play(&choice).unwrap();
        let uci = choice.replace('=', "").to_ascii_lowercase();
        let m = UciMove::from_ascii(uci.as_bytes())
            .unwrap()
            .to_move(&oracle)
            .unwrap();
        sans.push(SanPlus::from_move_and_play_unchecked(&mut oracle, m).to_string());
        ok(service
            .run(&req(mover, Some(id)), Command::Move(choice))
            .await);
    }
    let log = service.store().log(id).await.unwrap();
    let moves = log.iter().filter(|e| e.kind == LogKind::Move).count();
    assert_eq!(moves, PLIES);
    let lines = PLIES / 2;
    let status = ok(service.run(&req(&alice, Some(id)), Command::Board).await)
        .text
        .lines()
        .last()
        .unwrap()
        .to_string();
    assert!(status.contains(&alice.name), "still White's turn: {status}");

    let text = ok(service.run(&req(&bob, Some(id)), Command::History).await).text;
    assert!(text.chars().count() <= MESSAGE_BUDGET, "{text}");
    let shown: Vec<&str> = text.lines().collect();
    assert!(shown[0].starts_with(&format!("Game #{id} (")), "{text}");
    assert_eq!(shown[shown.len() - 1], status, "the status line ends it");
    assert_eq!(
        shown[shown.len() - 2],
        format!("{lines}. {} {}", sans[PLIES - 2], sans[PLIES - 1]),
        "the latest moves come just before it: {text}"
    );
    let moves_shown = shown.len() - 3;
    assert_eq!(
        shown[1],
        format!(
            "… {} earlier lines are in the attached record …",
            lines - moves_shown
        ),
        "{text}"
    );
    for (i, line) in shown[2..shown.len() - 1].iter().enumerate() {
        let number = lines - moves_shown + 1 + i;
        assert!(
            line.starts_with(&format!("{number}. ")),
            "the newest lines, consecutive: {text}"
        );
    }
    assert!(moves_shown > 10, "the budget is used: {text}");
}

/// Cataclysm's 252 moves at the start fill a message on their own (exactly the budget when
/// White is "alice"); with a longer name in the status line, `/moves` lists the ones that fit
/// and says exactly how many more there are.
async fn the_list_of_moves_stays_within_the_budget_and_says_how_many_more(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("Alice of the Very Long Name 30"), person("bob"));
    let id = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
    let row = service.store().game(id).await.unwrap().unwrap();
    let log = service.store().log(id).await.unwrap();
    let legal = replay(&row, &log).unwrap().legal_actions().len();
    let text = ok(service
        .run(&req(&alice, Some(id)), Command::Moves(String::new()))
        .await)
    .text;
    assert!(text.chars().count() <= MESSAGE_BUDGET, "{text}");
    assert!(
        text.starts_with(&format!("{legal} legal moves (")),
        "{text}"
    );
    let (list, more) = text
        .split_once("): ")
        .unwrap()
        .1
        .split_once(" … and ")
        .unwrap_or_else(|| panic!("some moves are left out: {text}"));
    let listed = list.split(' ').count();
    assert_eq!(
        more,
        format!(
            "{} more (type the start of a move to narrow the list)",
            legal - listed
        )
    );
    // A prefix narrows the list until all of it fits.
    let e4 = ok(service
        .run(&req(&alice, Some(id)), Command::Moves("e4".to_string()))
        .await)
    .text;
    assert!(!e4.contains("more"), "{e4}");
}

/// Autocomplete offers moves only to whoever may move now; anyone else gets no moves and
/// the sentence a move of theirs would be refused with.
async fn move_suggestions_are_only_for_the_side_to_move(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let white = service
        .legal_moves(&req(&alice, Some(id)), "")
        .await
        .unwrap();
    assert_eq!((white.moves.len(), white.note), (20, None));
    let early = service
        .legal_moves(&req(&bob, Some(id)), "e7")
        .await
        .unwrap();
    assert!(early.moves.is_empty(), "{early:?}");
    assert_eq!(
        early.note.as_deref(),
        Some("It is White's turn; you play Black.")
    );
    let outsider = service
        .legal_moves(&req(&carol, Some(id)), "")
        .await
        .unwrap();
    assert!(outsider.moves.is_empty(), "{outsider:?}");
    assert_eq!(
        outsider.note.as_deref(),
        Some("Only the players of this game can move.")
    );
    // The note is the refusal of the move itself.
    let refusal = refused(move_as(&service, &bob, Some(id), "e7e5").await);
    assert_eq!(Some(refusal), early.note);
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    // Sent once the turn has come, the note is no move either.
    let late = refused(
        service
            .run(&req(&bob, Some(id)), Command::Move(early.note.unwrap()))
            .await,
    );
    assert!(late.starts_with("Could not read"), "{late}");
    let black = service
        .legal_moves(&req(&bob, Some(id)), "e7")
        .await
        .unwrap();
    assert_eq!(black.moves, vec!["e7e5", "e7e6"]);
    let waiting = service
        .legal_moves(&req(&alice, Some(id)), "")
        .await
        .unwrap();
    assert_eq!(
        waiting.note.as_deref(),
        Some("It is Black's turn; you play White.")
    );
}
