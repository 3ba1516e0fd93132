//! `/forget-me` (issue 39): a person's name and id give way to an anonymous stand-in in every
//! record of the server where they ask (of every server, from a direct message), after a
//! confirmation; games still replay and the others' ratings are untouched; another server's
//! records are neither changed nor revealed.

use chatrang::{
    service::{Command, NewGame, Place, Service, User},
    store::GameState,
};

use crate::common::{
    TestDb, ask, here, leaderboard, ok, person, play, recorded_moves, refused, req, sql_text,
    two_player,
};

on_both_backends!(
    forget_me_asks_first_then_makes_this_servers_records_anonymous,
    forget_me_waits_for_the_games_and_tournaments_in_its_reach,
    from_a_direct_message_forget_me_reaches_every_server,
    forget_me_in_another_server_changes_and_reveals_nothing_here,
);

fn server_2() -> Place {
    Place::new("server-2", "channel-7")
}

/// A rated chess game in `place` that Black resigns after two moves.
async fn finished_game(service: &Service, place: &Place, white: &User, black: &User) -> i64 {
    let reply = ok(service
        .run(
            &ask(place, white, None),
            Command::New(NewGame {
                game: "chess".into(),
                opponent: Some(black.clone()),
                seed: Some(1),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a new game").id;
    ok(service
        .run(&ask(place, black, Some(id)), Command::Accept)
        .await);
    for (who, m) in [(white, "e4"), (black, "e5")] {
        ok(service
            .run(&ask(place, who, Some(id)), Command::Move(m.into()))
            .await);
    }
    ok(service
        .run(&ask(place, black, Some(id)), Command::Resign)
        .await);
    id
}

/// How many rows of the texts the bot wrote about the games of `server` contain `word`.
async fn texts_naming(db: &TestDb, server: &str, word: &str) -> i64 {
    let like = sql_text(&format!("%{word}%"));
    let games = format!(
        "(SELECT id FROM games WHERE server_id = {})",
        sql_text(server)
    );
    db.count(&format!(
        "SELECT (SELECT COUNT(*) FROM games WHERE id IN {games} AND outcome LIKE {like}) \
         + (SELECT COUNT(*) FROM results WHERE game_id IN {games} AND reason LIKE {like}) \
         + (SELECT COUNT(*) FROM game_log WHERE game_id IN {games} AND description LIKE {like}) \
         + (SELECT COUNT(*) FROM outbox WHERE game_id IN {games} AND text LIKE {like})"
    ))
    .await
}

/// How many rows of `server`'s records hold the id `user_id`.
async fn rows_holding(db: &TestDb, server: &str, user_id: &str) -> i64 {
    let id = sql_text(user_id);
    let server = sql_text(server);
    let games = format!("(SELECT id FROM games WHERE server_id = {server})");
    db.count(&format!(
        "SELECT (SELECT COUNT(*) FROM participants WHERE game_id IN {games} AND user_id = {id}) \
         + (SELECT COUNT(*) FROM game_log WHERE game_id IN {games} AND user_id = {id}) \
         + (SELECT COUNT(*) FROM games WHERE id IN {games} AND (creator = {id} OR challenged = {id})) \
         + (SELECT COUNT(*) FROM ratings WHERE server_id = {server} AND user_id = {id}) \
         + (SELECT COUNT(*) FROM rating_history WHERE server_id = {server} AND user_id = {id}) \
         + (SELECT COUNT(*) FROM subscriptions WHERE server_id = {server} AND user_id = {id})"
    ))
    .await
}

/// The stand-in's name an answer gives: `Anonymous 3F2A1C`.
fn stand_in(answer: &str) -> String {
    let at = answer
        .find("Anonymous ")
        .unwrap_or_else(|| panic!("no stand-in named: {answer}"));
    answer[at..at + "Anonymous ".len() + 6].to_string()
}

async fn forget_me_asks_first_then_makes_this_servers_records_anonymous(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol, dave) = (
        person("alice"),
        person("bob"),
        person("carol"),
        person("dave"),
    );
    let won = finished_game(&service, &here(), &alice, &bob).await;
    let lost = finished_game(&service, &here(), &carol, &alice).await;
    let other_server = finished_game(&service, &server_2(), &alice, &dave).await;
    ok(service
        .run(&req(&alice, None), Command::Subscribe("chess".into()))
        .await);
    let moves_before = recorded_moves(service.store(), won).await;
    let bobs_line = |board: &str| {
        board
            .lines()
            .find(|l| l.contains("bob"))
            .map(str::to_string)
    };
    let board_before = leaderboard(&service, "chess").await;
    assert!(board_before.contains("alice"), "{board_before}");
    // Another process on the same database has the game in memory already.
    let other_process = db.service().await;
    ok(other_process
        .run(&req(&bob, Some(won)), Command::History)
        .await);
    assert!(rows_holding(&db, "server-1", "id-alice").await > 0);
    assert!(texts_naming(&db, "server-1", "alice").await > 0);

    // Asked without "yes", it says what it would do, and does nothing.
    let question = ok(service
        .run(&req(&alice, None), Command::ForgetMe(false))
        .await);
    assert!(!question.public);
    assert!(
        question.text.contains("/forget-me yes") && question.text.contains("this server"),
        "{}",
        question.text
    );
    let still = rows_holding(&db, "server-1", "id-alice").await;
    assert!(still > 0, "the question changed nothing");

    let done = ok(service
        .run(&req(&alice, None), Command::ForgetMe(true))
        .await);
    assert!(!done.public);
    assert!(done.text.contains("2 games and 1 rating"), "{}", done.text);
    let anonymous = stand_in(&done.text);
    assert_eq!(rows_holding(&db, "server-1", "id-alice").await, 0);
    assert_eq!(texts_naming(&db, "server-1", "alice").await, 0);
    assert!(texts_naming(&db, "server-1", &anonymous).await > 0);

    // The games replay as they were, now under the stand-in's name, in this process and in
    // the other one that had them in memory.
    assert_eq!(recorded_moves(service.store(), won).await, moves_before);
    for process in [&service, &other_process] {
        let history = ok(process.run(&req(&bob, Some(won)), Command::History).await);
        let record = String::from_utf8(history.attachment.unwrap().content).unwrap();
        assert!(
            record.contains(&format!("[White \"{anonymous}\"]")) && !record.contains("alice"),
            "{record}"
        );
        assert!(record.contains("1. e4 e5 1-0"), "{record}");
    }
    let board = ok(service.run(&req(&carol, Some(lost)), Command::Board).await);
    assert!(!board.text.contains("alice"), "{}", board.text);

    // The leaderboard keeps the stand-in's rating and Bob's, unchanged.
    let board_after = leaderboard(&service, "chess").await;
    assert!(
        board_after.contains(&anonymous) && !board_after.contains("alice"),
        "{board_after}"
    );
    assert_eq!(bobs_line(&board_after), bobs_line(&board_before));

    // The other server's game and leaderboard are as they were.
    assert!(rows_holding(&db, "server-2", "id-alice").await > 0);
    let there = ok(service
        .run(
            &ask(&server_2(), &dave, Some(other_server)),
            Command::History,
        )
        .await);
    let record = String::from_utf8(there.attachment.unwrap().content).unwrap();
    assert!(record.contains("[White \"alice\"]"), "{record}");
    let row = service.store().game(other_server).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);

    // Alice plays on under her own name.
    let next = two_player(&service, "chess", &alice, &bob, &[]).await;
    let shown = ok(service.run(&req(&bob, Some(next)), Command::Board).await);
    assert!(shown.text.contains("alice"), "{}", shown.text);
}

async fn forget_me_waits_for_the_games_and_tournaments_in_its_reach(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, dave) = (person("alice"), person("bob"), person("dave"));
    let playing = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, playing, &alice, &bob, &["e4"]).await;
    // A game in another server is not this server's business, nor named here.
    let elsewhere = {
        let reply = ok(service
            .run(
                &ask(&server_2(), &dave, None),
                Command::New(NewGame {
                    game: "chess".into(),
                    opponent: Some(alice.clone()),
                    ..NewGame::default()
                }),
            )
            .await);
        reply.game.unwrap().id
    };
    for confirmed in [false, true] {
        let why = refused(
            service
                .run(&req(&alice, None), Command::ForgetMe(confirmed))
                .await,
        );
        assert_eq!(
            why,
            format!(
                "First finish, resign or leave game #{playing} (/games lists yours); then \
                 send /forget-me again."
            )
        );
    }
    // From a direct message, every server's games count.
    let why = refused(
        service
            .run(
                &ask(&Place::direct("dm-alice"), &alice, None),
                Command::ForgetMe(true),
            )
            .await,
    );
    assert!(why.contains(&format!("#{playing}, #{elsewhere}")), "{why}");
    ok(service
        .run(&req(&alice, Some(playing)), Command::Resign)
        .await);

    // A tournament she entered holds her too, until she leaves it.
    ok(service
        .run(&req(&bob, None), Command::Tournament("new chess".into()))
        .await);
    ok(service
        .run(&req(&alice, None), Command::Tournament("join".into()))
        .await);
    let why = refused(
        service
            .run(&req(&alice, None), Command::ForgetMe(true))
            .await,
    );
    assert!(why.starts_with("First leave"), "{why}");
    ok(service
        .run(&req(&alice, None), Command::Tournament("leave".into()))
        .await);
    let done = ok(service
        .run(&req(&alice, None), Command::ForgetMe(true))
        .await);
    assert!(done.text.contains("1 game"), "{}", done.text);
    // The game elsewhere waits for her, under her name.
    let row = service.store().game(elsewhere).await.unwrap().unwrap();
    assert_eq!(row.challenged.as_deref(), Some("id-alice"));
}

async fn from_a_direct_message_forget_me_reaches_every_server(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, dave) = (person("alice"), person("bob"), person("dave"));
    finished_game(&service, &here(), &alice, &bob).await;
    finished_game(&service, &server_2(), &dave, &alice).await;
    ok(service
        .run(&req(&alice, None), Command::Notify("all".into()))
        .await);
    let dm = Place::direct("dm-alice");
    let question = ok(service
        .run(&ask(&dm, &alice, None), Command::ForgetMe(false))
        .await);
    assert!(question.text.contains("every server"), "{}", question.text);
    let done = ok(service
        .run(&ask(&dm, &alice, None), Command::ForgetMe(true))
        .await);
    assert!(done.text.contains("2 games and 2 ratings"), "{}", done.text);
    for server in ["server-1", "server-2"] {
        assert_eq!(rows_holding(&db, server, "id-alice").await, 0, "{server}");
        assert_eq!(texts_naming(&db, server, "alice").await, 0, "{server}");
    }
    // Her name and settings are gone too.
    assert_eq!(service.store().player_name("id-alice").await.unwrap(), None);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM players WHERE name = 'alice'")
            .await,
        0
    );
}

async fn forget_me_in_another_server_changes_and_reveals_nothing_here(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let game = finished_game(&service, &here(), &alice, &bob).await;
    let before = service.store().game(game).await.unwrap().unwrap();
    // Alice, in a server where she never played, is told there was nothing to forget there,
    // with no word of server 1.
    let done = ok(service
        .run(&ask(&server_2(), &alice, None), Command::ForgetMe(true))
        .await);
    assert_eq!(
        done.text,
        "Done: the bot kept no games, ratings or tournaments of yours in this server."
    );
    assert_eq!(service.store().game(game).await.unwrap().unwrap(), before);
    assert!(rows_holding(&db, "server-1", "id-alice").await > 0);
    assert!(texts_naming(&db, "server-1", "alice").await > 0);
    // Bob's forgetting, asked in server 2, leaves his server-1 game and rating alone.
    ok(service
        .run(&ask(&server_2(), &bob, None), Command::ForgetMe(true))
        .await);
    assert!(rows_holding(&db, "server-1", "id-bob").await > 0);
    assert!(leaderboard(&service, "chess").await.contains("bob"));
}
