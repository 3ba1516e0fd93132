//! A direct conversation with the bot (a Discord DM; issue 20, point 4): nobody else sees it,
//! so no game with other people starts there and it has no leaderboard, while help, piece
//! diagrams, one's games and looking at them by number work. Games started in one before
//! (stored under the server `dm`) go on for their players, but nobody is routed into one.

use chatrang::service::{Command, NewGame, Place, Reply, Service, User};

use crate::common::{TestDb, ask, here, move_as, ok, person, refused, req, sql_text, two_player};

on_both_backends!(
    challenges_and_group_games_are_refused_in_a_direct_conversation,
    help_pieces_and_your_games_work_in_a_direct_conversation,
    a_leaderboard_asked_in_a_direct_conversation_says_it_belongs_to_a_server,
    a_move_by_number_from_a_direct_conversation_is_shown_where_the_game_lives,
    nobody_accepts_or_joins_a_game_started_in_a_direct_conversation,
    a_game_started_in_a_direct_conversation_goes_on_for_its_players,
    a_rematch_asked_in_a_direct_conversation_goes_where_the_game_was_played,
);

const SERVER_GAMES: &str = "Challenges and group games are played in a server channel, where \
                            everyone can see the board; start it there.";

/// Alice's direct conversation with the bot.
fn alices_dm() -> Place {
    Place::direct("dm-alice")
}

/// The place where games were started in a direct message before that was refused: the
/// Discord adapter named the server `dm`.
fn old_dm() -> Place {
    Place::new("dm", "dm-alice")
}

fn new_game(opponent: Option<&User>) -> NewGame {
    NewGame {
        game: "chess".into(),
        opponent: opponent.cloned(),
        seed: Some(1),
        ..NewGame::default()
    }
}

/// Alice's command in her direct conversation.
async fn in_dm(service: &Service, user: &User, game: Option<i64>, command: Command) -> Reply {
    ok(service.run(&ask(&alices_dm(), user, game), command).await)
}

async fn challenges_and_group_games_are_refused_in_a_direct_conversation(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let attempts = [
        new_game(Some(&bob)),
        new_game(None),
        NewGame {
            teams: true,
            ..new_game(None)
        },
        NewGame {
            white: vec![alice.clone()],
            black: vec![bob.clone()],
            ..new_game(None)
        },
        NewGame {
            game: "catalonia".into(),
            ..new_game(None)
        },
    ];
    for attempt in attempts {
        let why = refused(
            service
                .run(
                    &ask(&alices_dm(), &alice, None),
                    Command::New(attempt.clone()),
                )
                .await,
        );
        assert_eq!(why, SERVER_GAMES, "{attempt:?}");
    }
    for who in [&alice, &bob] {
        let games = service.store().open_games_of_user(&who.id).await.unwrap();
        assert!(games.is_empty(), "{}: {games:?}", who.name);
    }
    // The same challenge in a server channel is made.
    ok(service
        .run(&req(&alice, None), Command::New(new_game(Some(&bob))))
        .await);
}

async fn help_pieces_and_your_games_work_in_a_direct_conversation(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let help = in_dm(&service, &alice, None, Command::Help(None)).await;
    assert!(
        help.text.contains("Chatrang hosts these games"),
        "{}",
        help.text
    );
    assert!(
        help.text.contains("In this direct message"),
        "the help says what works here:\n{}",
        help.text
    );
    assert!(
        help.text.chars().count() < 2000,
        "{} characters",
        help.text.chars().count()
    );
    // The help of a server channel does not talk about direct messages.
    let there = ok(service.run(&req(&alice, None), Command::Help(None)).await);
    assert!(!there.text.contains("direct message"), "{}", there.text);
    let rules = in_dm(&service, &alice, None, Command::Help(Some("chess".into()))).await;
    assert!(rules.text.contains("server channel"), "{}", rules.text);
    let piece = in_dm(
        &service,
        &alice,
        None,
        Command::Piece {
            game: "cataclysm".into(),
            piece: "sorceress".into(),
        },
    )
    .await;
    assert!(piece.text.contains("Sorceress"), "{}", piece.text);
    assert!(piece.board_text.is_some());
    let none = in_dm(&service, &alice, None, Command::Games).await;
    assert!(none.text.contains("no open games"), "{}", none.text);

    // A game in a server channel is listed, and looked at by its number, privately.
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let games = in_dm(&service, &alice, None, Command::Games).await;
    assert!(games.text.contains(&format!("#{id}")), "{}", games.text);
    let board = in_dm(&service, &alice, Some(id), Command::Board).await;
    assert!(!board.public, "a look from a direct message stays there");
    assert!(board.board_text.is_some());
    assert!(board.text.contains(&format!("#{id}")), "{}", board.text);
    let history = in_dm(&service, &alice, Some(id), Command::History).await;
    assert!(!history.public && history.attachment.is_some());
    let moves = in_dm(&service, &alice, Some(id), Command::Moves("e2".into())).await;
    assert!(moves.text.contains("e2e4"), "{}", moves.text);
    // In the game's channel, the board is shown there for everyone as before.
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(board.public);
    // Without a number, a direct conversation has no game of its own.
    let why = refused(
        service
            .run(&ask(&alices_dm(), &alice, None), Command::Board)
            .await,
    );
    assert!(why.contains("no game in progress here"), "{why}");
}

async fn a_leaderboard_asked_in_a_direct_conversation_says_it_belongs_to_a_server(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    let why = refused(
        service
            .run(
                &ask(&alices_dm(), &alice, None),
                Command::Leaderboard("chess".into()),
            )
            .await,
    );
    assert!(why.starts_with("Leaderboards belong to a server"), "{why}");
    assert!(!why.contains("alice"), "{why}");
    // The server's own leaderboard has the result.
    let board = ok(service
        .run(&req(&bob, None), Command::Leaderboard("chess".into()))
        .await);
    assert!(board.text.contains("alice"), "{}", board.text);
}

async fn a_move_by_number_from_a_direct_conversation_is_shown_where_the_game_lives(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let moved = in_dm(&service, &alice, Some(id), Command::Move("e2e4".into())).await;
    assert!(moved.public, "a move is for everyone in the game's channel");
    let game = moved.game.expect("the reply names its game");
    assert_eq!(game.place, here().channel);
    assert_eq!(moved.notify, vec![bob.id.clone()]);
}

async fn nobody_accepts_or_joins_a_game_started_in_a_direct_conversation(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    // Made the old way: a challenge to Bob and an open one, and a group game.
    let mut ids = Vec::new();
    for new in [
        new_game(Some(&bob)),
        new_game(None),
        NewGame {
            teams: true,
            ..new_game(None)
        },
    ] {
        let reply = ok(service
            .run(&ask(&old_dm(), &alice, None), Command::New(new))
            .await);
        ids.push(reply.game.unwrap().id);
    }
    let mut versions = Vec::new();
    for &id in &ids {
        versions.push(service.store().game(id).await.unwrap().unwrap().version);
    }
    // Such a game is its players' alone: nobody else reaches it, from any place, and Bob, who
    // was challenged to the first, reaches it from his own direct messages only, to be told
    // why he cannot accept it.
    let bobs_dm = Place::direct("dm-bob");
    for (who, &id) in [(&bob, &ids[0]), (&bob, &ids[1]), (&carol, &ids[2])] {
        for place in [here(), bobs_dm.clone()] {
            let command = if id == ids[2] {
                Command::Join(None)
            } else {
                Command::Accept
            };
            let answer = refused(service.run(&ask(&place, who, Some(id)), command).await);
            if who.name == "bob" && id == ids[0] && place.direct {
                assert!(
                    answer.contains(
                        "was started in a direct message, where only alice sees its board"
                    ),
                    "{answer}"
                );
            } else {
                assert_eq!(
                    answer,
                    format!("There is no game #{id}; /games lists yours.")
                );
            }
        }
    }
    for (&id, version) in ids.iter().zip(versions) {
        let row = service.store().game(id).await.unwrap().unwrap();
        assert_eq!(row.version, version, "game #{id} is unchanged");
    }
    // Alice may still withdraw them from her direct conversation.
    let withdrawn = in_dm(&service, &alice, Some(ids[0]), Command::Leave).await;
    assert!(withdrawn.text.contains("withdraws"), "{}", withdrawn.text);
}

async fn a_game_started_in_a_direct_conversation_goes_on_for_its_players(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    // A game accepted before challenges were refused in direct messages.
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    db.execute(&format!(
        "UPDATE games SET server_id = 'dm', place_id = {} WHERE id = {id}",
        sql_text(&old_dm().channel)
    ))
    .await;
    // Alice plays in her direct conversation, Bob by number from his (a server's channel is
    // not the game's: nobody reaches it from there).
    ok(service
        .run(
            &ask(&alices_dm(), &alice, None),
            Command::Move("e2e4".into()),
        )
        .await);
    refused(move_as(&service, &bob, Some(id), "e7e5").await);
    ok(service
        .run(
            &ask(&Place::direct("dm-bob"), &bob, Some(id)),
            Command::Move("e7e5".into()),
        )
        .await);
    let board = in_dm(&service, &alice, None, Command::Board).await;
    assert!(board.text.contains(&format!("#{id}")), "{}", board.text);
    for (who, dm, notation) in [(&alice, "dm-alice", "g1f3"), (&bob, "dm-bob", "b8c6")] {
        let last = ok(service
            .run(
                &ask(&Place::direct(dm), who, Some(id)),
                Command::Move(notation.into()),
            )
            .await);
        assert!(last.text.contains(&notation[..2]), "{}", last.text);
    }
}

async fn a_rematch_asked_in_a_direct_conversation_goes_where_the_game_was_played(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(service.run(&req(&bob, Some(id)), Command::Resign).await);
    let rematch = in_dm(&service, &alice, Some(id), Command::Rematch).await;
    let new_id = rematch.game.as_ref().unwrap().id;
    let row = service.store().game(new_id).await.unwrap().unwrap();
    assert_eq!(
        (row.server_id.as_str(), row.place_id.as_str()),
        (here().server.as_str(), here().channel.as_str())
    );
    ok(service.run(&req(&bob, Some(new_id)), Command::Accept).await);

    // A game played in a direct message gets no rematch there, and no server's channel reaches
    // it: a new game is started with /new in a server channel.
    let old = two_player(&service, "chess", &alice, &bob, &[]).await;
    db.execute(&format!(
        "UPDATE games SET server_id = 'dm', place_id = {} WHERE id = {old}",
        sql_text(&old_dm().channel)
    ))
    .await;
    ok(service
        .run(
            &ask(&Place::direct("dm-bob"), &bob, Some(old)),
            Command::Resign,
        )
        .await);
    let why = refused(
        service
            .run(&ask(&alices_dm(), &alice, Some(old)), Command::Rematch)
            .await,
    );
    assert_eq!(why, SERVER_GAMES);
    let why = refused(service.run(&req(&alice, Some(old)), Command::Rematch).await);
    assert_eq!(why, format!("There is no game #{old}; /games lists yours."));
}
