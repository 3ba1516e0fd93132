//! A server's own variants through the service (issue 41), on both databases: defining one
//! with its sanity run, listing, showing and deleting, versions that never change a game in
//! play, the refusals, the limit per server, a game against the bot played to mate, and the
//! house: another server sees nothing of them.

use chatrang::{
    rules::{Color, GameId, Outcome, Status, registry, search::Level},
    service::{Command, NewGame, Place, Service, User, VariantArgs},
    store::{GameState, Saved, VariantRow},
};

use crate::common::{TestDb, ask, here, move_as, ok, person, refused, req, two_player};

on_both_backends!(
    a_variant_is_defined_listed_shown_and_played,
    a_new_version_never_changes_a_game_in_play,
    each_mistake_gets_its_sentence_and_saves_nothing,
    only_the_author_or_a_moderator_changes_or_deletes_a_variant,
    a_server_has_at_most_fifty_variants,
    another_server_sees_nothing_of_a_servers_variants,
    a_defined_variant_against_the_bot_is_played_to_mate,
);

const NIGHTRIDER: &str = "[nightrider:chess]\nknight = -\npiece = Nightrider, N, NN\n";

fn variant(words: &str, definition: Option<&str>) -> Command {
    Command::Variant(VariantArgs {
        words: words.to_string(),
        definition: definition.map(str::to_string),
    })
}

/// `who` defines `name` in `place` and the reply is returned.
async fn define(
    service: &Service,
    place: &Place,
    who: &User,
    name: &str,
    definition: &str,
) -> chatrang::service::Reply {
    ok(service
        .run(
            &ask(place, who, None),
            variant(&format!("new {name}"), Some(definition)),
        )
        .await)
}

fn new_game(game: &str, opponent: Option<&User>, options: &[(&str, &str)]) -> Command {
    Command::New(NewGame {
        game: game.into(),
        opponent: opponent.cloned(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seed: Some(3),
        ..NewGame::default()
    })
}

async fn a_variant_is_defined_listed_shown_and_played(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let saved = define(&service, &here(), &alice, "Nightrider chess", NIGHTRIDER).await;
    assert!(saved.public, "a new variant is news for the channel");
    assert!(
        saved
            .text
            .contains("alice saves the variant Nightrider chess (version 1)"),
        "{}",
        saved.text
    );
    // The sanity run's perft from the start: Fairy-Stockfish counts the same.
    assert!(
        saved.text.contains("perft 24 / 576 / 15586"),
        "{}",
        saved.text
    );
    assert!(saved.text.contains("200 random games"), "{}", saved.text);
    let board = saved.board_text.expect("the start is drawn");
    assert!(board.contains("Nightrider chess · move 1"), "{board}");

    let list = ok(service.run(&req(&bob, None), variant("list", None)).await);
    assert!(
        list.text
            .contains("• Nightrider chess (/new nightrider-chess): version 1, by alice"),
        "{}",
        list.text
    );
    // Drawn for real here: a picture of the start and a diagram per piece.
    let drawing = Service::new(db.open().await, chatrang::service::default_painter());
    let shown = ok(drawing
        .run(&req(&bob, None), variant("show Nightrider chess", None))
        .await);
    assert!(shown.image.is_some(), "the start is drawn");
    assert!(
        shown.text.contains("• Nightrider (N) — XBetza NN."),
        "{}",
        shown.text
    );
    assert_eq!(shown.more_images.len(), 6, "a diagram per piece");
    let attached = shown.attachment.expect("the definition is attached");
    assert_eq!(attached.filename, "nightrider-chess.ini");
    let text = String::from_utf8(attached.content).unwrap();
    assert!(text.starts_with("[Nightrider chess]\n"), "{text}");
    assert!(text.contains("piece = Nightrider, N, NN"), "{text}");

    // Played by its name, in any letter case, with a hyphen or quoted with its space.
    for typed in ["nightrider-chess", "Nightrider Chess"] {
        let reply = ok(service
            .run(&req(&alice, None), new_game(typed, Some(&bob), &[]))
            .await);
        assert!(
            reply
                .text
                .contains("alice challenges bob to Nightrider chess"),
            "{}",
            reply.text
        );
    }
    // Casual until each variant has a leaderboard of its own.
    let why = refused(
        service
            .run(
                &req(&alice, None),
                new_game("nightrider-chess", Some(&bob), &[("rated", "yes")]),
            )
            .await,
    );
    assert!(why.contains("not rated yet"), "{why}");
    let id = two_player(&service, "nightrider-chess", &alice, &bob, &[]).await;
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.options.get("rated").map(String::as_str), Some("no"));
    assert_eq!(row.variant.known(), Some(GameId::Defined));
    assert_eq!(row.title(), "Nightrider chess");
    // A Nightrider rides two knight's leaps, c3 over d5 to take on e7.
    ok(move_as(&service, &alice, Some(id), "b1c3").await);
    ok(move_as(&service, &bob, Some(id), "a7a6").await);
    let taken = ok(move_as(&service, &alice, Some(id), "c3e7").await);
    assert!(
        taken.text.contains("Nightrider c3 takes Pawn on e7"),
        "{}",
        taken.text
    );
    let board = ok(service.run(&req(&bob, Some(id)), Command::Board).await);
    assert!(board.text.contains("Nightrider chess"), "{}", board.text);
    // The game's record names the variant.
    let history = ok(service.run(&req(&bob, Some(id)), Command::History).await);
    assert!(
        history.text.contains("Nightrider chess"),
        "{}",
        history.text
    );

    let gone = ok(service
        .run(&req(&alice, None), variant("delete nightrider-chess", None))
        .await);
    assert!(
        gone.text
            .contains("alice deletes the variant Nightrider chess")
    );
    let why = refused(
        service
            .run(
                &req(&alice, None),
                new_game("nightrider-chess", Some(&bob), &[]),
            )
            .await,
    );
    assert!(
        why.starts_with("There is no game called \"nightrider-chess\""),
        "{why}"
    );
    // The game in play goes on with the rules it began with.
    ok(move_as(&service, &bob, Some(id), "d8e7").await);
    let empty = ok(service.run(&req(&bob, None), variant("", None)).await);
    assert!(
        empty.text.contains("no variants of its own yet"),
        "{}",
        empty.text
    );
}

async fn a_new_version_never_changes_a_game_in_play(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    define(&service, &here(), &alice, "Knightmare", NIGHTRIDER).await;
    let old_game = two_player(&service, "knightmare", &alice, &bob, &[]).await;
    // Version 2: the Nightrider is a plain Knight again.
    let again = define(&service, &here(), &alice, "Knightmare", "[k:chess]\n").await;
    assert!(again.text.contains("(version 2)"), "{}", again.text);
    let new_game_id = two_player(&service, "knightmare", &alice, &bob, &[]).await;
    // The old game's Nightrider rides c3-d5-e7; the new game's Knight cannot.
    for id in [old_game, new_game_id] {
        ok(move_as(&service, &alice, Some(id), "b1c3").await);
        ok(move_as(&service, &bob, Some(id), "a7a6").await);
    }
    ok(move_as(&service, &alice, Some(old_game), "c3e7").await);
    let why = refused(move_as(&service, &alice, Some(new_game_id), "c3e7").await);
    assert!(why.contains("c3e7"), "{why}");
    // The old game still reads its version from the database after a restart.
    let fresh = db.service().await;
    let row = fresh.store().game(old_game).await.unwrap().unwrap();
    let game = registry::load(GameId::Defined, &row.position).unwrap();
    let names: Vec<String> = game.pieces().into_iter().map(|p| p.name).collect();
    assert!(names.contains(&"Nightrider".to_string()), "{names:?}");
    let list = ok(fresh.run(&req(&bob, None), variant("list", None)).await);
    assert!(list.text.contains("version 2"), "{}", list.text);
}

async fn each_mistake_gets_its_sentence_and_saves_nothing(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let cases: &[(&str, Option<&str>, &str)] = &[
        (
            "new",
            Some(NIGHTRIDER),
            "Name the variant: write /variant new NAME",
        ),
        ("new Empty", None, "The definition is missing"),
        (
            "new Chess",
            Some(NIGHTRIDER),
            "Chess is one of the bot's own games",
        ),
        (
            "new Pick-a-team",
            Some(NIGHTRIDER),
            "is one of the bot's own games",
        ),
        ("new 1234", Some(NIGHTRIDER), "name \"1234\" needs letters"),
        (
            "new Oops",
            Some("[Oops:chess]\nflyingGeneral = true\n"),
            "The definition is refused: ",
        ),
        (
            "new Oops",
            Some("[Oops:chess]\nfoo = bar\n"),
            "The definition is refused: ",
        ),
        (
            "new Oops",
            Some("[Oops:chess]\npiece = Blob, Z, Wx\n"),
            "The definition is refused: ",
        ),
        (
            "new Oops",
            Some("[Oops:chess]\nstartFen = rnbqkbnr/pppppppp/8/8 w - - 0 1\n"),
            "The definition is refused: ",
        ),
        (
            "new Oops",
            Some("[Oops:chess]\nking = -\n"),
            "The definition is refused: ",
        ),
        (
            "new Stuck",
            Some("[Stuck:chess]\nstartFen = k7/8/K7/8/8/8/1R6/8 b - - 0 1\n"),
            "The definition does not pass its check: The start position has no legal move",
        ),
        ("frobnicate", None, "/variant does not know \"frobnicate\""),
        ("show", None, "Say which variant: /variant show NAME"),
        (
            "show nothing-here",
            None,
            "This server has no variant called \"nothing-here\"",
        ),
        (
            "delete nothing-here",
            None,
            "This server has no variant called \"nothing-here\"",
        ),
    ];
    for (words, definition, expected) in cases {
        let why = refused(
            service
                .run(&req(&alice, None), variant(words, *definition))
                .await,
        );
        assert!(why.contains(expected), "/variant {words}: {why}");
        assert!(why.len() < 400, "a short sentence: {why}");
    }
    // A definition over 16 KB is refused before it is read.
    let long = format!("[Long:chess]\n{}", "# padding\n".repeat(2_000));
    let why = refused(
        service
            .run(&req(&alice, None), variant("new Long", Some(&long)))
            .await,
    );
    assert!(why.contains("at most 16000"), "{why}");
    // Typing a definition into /new is refused: only a saved, checked one starts a game.
    define(&service, &here(), &alice, "Fine", NIGHTRIDER).await;
    let why = refused(
        service
            .run(
                &req(&alice, None),
                new_game("fine", None, &[("definition", "[x:chess]\nking = -")]),
            )
            .await,
    );
    assert!(why.contains("has no option \"definition\""), "{why}");
    let list = ok(service.run(&req(&alice, None), variant("list", None)).await);
    assert!(
        list.text.contains("(1 of 50)"),
        "only Fine was saved: {}",
        list.text
    );
    // In a direct conversation there is no server to define it for.
    let why = refused(
        service
            .run(
                &ask(&Place::direct("dm-alice"), &alice, None),
                variant("list", None),
            )
            .await,
    );
    assert!(why.starts_with("Variants belong to a server"), "{why}");
}

async fn only_the_author_or_a_moderator_changes_or_deletes_a_variant(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, mod_) = (person("alice"), person("bob"), person("moderator"));
    define(&service, &here(), &alice, "Knightmare", NIGHTRIDER).await;
    let why = refused(
        service
            .run(
                &req(&bob, None),
                variant("new Knightmare", Some("[k:chess]\n")),
            )
            .await,
    );
    assert!(
        why.contains("Knightmare is another person's variant"),
        "{why}"
    );
    let why = refused(
        service
            .run(&req(&bob, None), variant("delete knightmare", None))
            .await,
    );
    assert!(
        why.contains("Only the author of Knightmare or a moderator"),
        "{why}"
    );
    let by_moderator = ok(service
        .run(
            &ask(&here(), &mod_, None).admin(true),
            variant("new Knightmare", Some("[k:chess]\n")),
        )
        .await);
    assert!(
        by_moderator.text.contains("(version 2)"),
        "{}",
        by_moderator.text
    );
    ok(service
        .run(
            &ask(&here(), &mod_, None).admin(true),
            variant("delete Knightmare", None),
        )
        .await);
    // Bob may now take the free name; its versions go on from the last.
    let bobs = define(&service, &here(), &bob, "Knightmare", NIGHTRIDER).await;
    assert!(bobs.text.contains("(version 3)"), "{}", bobs.text);
}

async fn a_server_has_at_most_fifty_variants(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let names: Vec<String> = (0..50)
        .map(|i| {
            let letter = char::from(b'a' + (i % 26) as u8);
            format!("Variant {letter}{}", "x".repeat(i / 26))
        })
        .collect();
    // 49 written straight into the store (each check takes a second), the 50th through the
    // service.
    for name in &names[..49] {
        let row = VariantRow {
            key: name.to_lowercase().replace(' ', "-"),
            name: name.clone(),
            version: 0,
            definition: "[v:chess]\n".into(),
            author: alice.id.clone(),
            created_at: 0,
        };
        let saved = service
            .store()
            .save_variant("server-1", &row, 50)
            .await
            .unwrap();
        assert!(matches!(saved, Saved::Version(1)), "{saved:?}");
    }
    define(&service, &here(), &alice, &names[49], "[v:chess]\n").await;
    let why = refused(
        service
            .run(
                &req(&alice, None),
                variant("new One more", Some("[v:chess]\n")),
            )
            .await,
    );
    assert!(why.contains("already has 50 variants"), "{why}");
    // A new version of a name it has is no new variant.
    define(&service, &here(), &alice, &names[0], NIGHTRIDER).await;
    // Another server has its own fifty.
    define(
        &service,
        &Place::new("server-2", "c"),
        &alice,
        "One more",
        "[v:chess]\n",
    )
    .await;
}

async fn another_server_sees_nothing_of_a_servers_variants(db: TestDb) {
    let service = db.service().await;
    let (alice, mallory) = (person("alice"), person("mallory"));
    let elsewhere = Place::new("server-2", "channel-9");
    define(&service, &here(), &alice, "Knightmare", NIGHTRIDER).await;
    // What server 2 is told about Knightmare is what it is told about a name never used.
    for (words, never) in [
        ("show knightmare", "show never-used"),
        ("delete knightmare", "delete never-used"),
    ] {
        let asked = async |w: &str| {
            service
                .run(
                    &ask(&elsewhere, &mallory, None).admin(true),
                    variant(w, None),
                )
                .await
        };
        let known = refused(asked(words).await);
        let unknown = refused(asked(never).await);
        assert_eq!(
            known.replace("knightmare", "X"),
            unknown.replace("never-used", "X")
        );
    }
    let list = ok(service
        .run(&ask(&elsewhere, &mallory, None), variant("list", None))
        .await);
    assert!(!list.text.contains("Knightmare"), "{}", list.text);
    let known = refused(
        service
            .run(
                &ask(&elsewhere, &mallory, None),
                new_game("knightmare", None, &[]),
            )
            .await,
    );
    let unknown = refused(
        service
            .run(
                &ask(&elsewhere, &mallory, None),
                new_game("never-used", None, &[]),
            )
            .await,
    );
    assert_eq!(
        known.replace("knightmare", "X"),
        unknown.replace("never-used", "X")
    );
    for piece in ["", "Nightrider"] {
        let asked = async |game: &str| {
            service
                .run(
                    &ask(&elsewhere, &mallory, None),
                    Command::Piece {
                        game: game.into(),
                        piece: piece.into(),
                    },
                )
                .await
        };
        let known = refused(asked("knightmare").await);
        let unknown = refused(asked("never-used").await);
        assert_eq!(
            known.replace("knightmare", "X"),
            unknown.replace("never-used", "X")
        );
    }
    // In its own server, /piece finds its pieces.
    let listed = ok(service
        .run(
            &req(&alice, None),
            Command::Piece {
                game: "knightmare".into(),
                piece: String::new(),
            },
        )
        .await);
    assert!(
        listed.text.contains("The pieces of Knightmare:"),
        "{}",
        listed.text
    );
    let drawn = ok(service
        .run(
            &req(&alice, None),
            Command::Piece {
                game: "knightmare".into(),
                piece: "nightrider".into(),
            },
        )
        .await);
    assert!(
        drawn.text.contains("Knightmare: Nightrider (N, XBetza NN)"),
        "{}",
        drawn.text
    );
    // Server 2 defines its own Knightmare, a different game, as version 1 of its own.
    let theirs = define(&service, &elsewhere, &mallory, "Knightmare", "[k:chess]\n").await;
    assert!(theirs.text.contains("(version 1)"), "{}", theirs.text);
    // Server 1's is untouched: still Alice's, version 1, with its Nightrider.
    let shown = ok(service
        .run(&req(&alice, None), variant("show knightmare", None))
        .await);
    assert!(shown.text.contains("version 1, by alice"), "{}", shown.text);
    assert!(shown.text.contains("Nightrider"), "{}", shown.text);
}

async fn a_defined_variant_against_the_bot_is_played_to_mate(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    // Black's King against White's two Queens and a Rook on a 6×6 board: a mate comes soon,
    // however the bot at level 3 defends.
    define(
        &service,
        &here(),
        &alice,
        "Queens' rout",
        "maxFile = 6\nmaxRank = 6\nking = k\nqueen = q\nrook = r\npawn = p\n\
         startFen = 2k3/6/6/6/6/QQ1KR1 w - - 0 1\npromotionPieceTypes = q\ncastling = false\n",
    )
    .await;
    let reply = ok(service
        .run(
            &req(&alice, None),
            new_game("queens-rout", None, &[("ai", "3")]),
        )
        .await);
    assert!(
        reply
            .text
            .contains("alice plays Queens' rout against Chatrang level 3"),
        "{}",
        reply.text
    );
    let id = reply.game.expect("a game").id;
    for _ in 0..60 {
        let row = service.store().game(id).await.unwrap().unwrap();
        if row.state != GameState::Active {
            break;
        }
        if !service.fire_due_timers().await.unwrap().is_empty() {
            continue;
        }
        let game = registry::load(GameId::Defined, &row.position).unwrap();
        let thought = game
            .think(&Level::new(4).unwrap().limits(1))
            .expect("a move");
        ok(move_as(&service, &alice, Some(id), &thought.notation).await);
    }
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    let game = registry::load(GameId::Defined, &row.position).unwrap();
    match game.status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(reason.contains("checkmate"), "{reason}");
        }
        other => panic!("not a mate: {other:?}"),
    }
    // Casual: nobody has a rating, and the leaderboards still read.
    assert!(
        service
            .store()
            .ratings_of("server-1", &alice.id)
            .await
            .unwrap()
            .is_empty()
    );
    ok(service
        .run(&req(&alice, None), Command::Leaderboard(String::new()))
        .await);
}
