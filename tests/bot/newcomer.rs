//! What a newcomer types, read as the console and Matrix read it and carried out by the
//! service (issue 36): a game named by its number with or without `#`, refusals that show the
//! command to type, `/join` and `/leave` finding the game that gathers players, help on one
//! command or topic, every game's leaders, a resignation that asks first, no rematch of an
//! aborted game, and no mention or buttons for the bot on its own turn. Each is also asked
//! from another server, which learns nothing.

use chatrang::{
    service::{Command, NewGame, Place, Reply, Service, ServiceError, User, parse, replay},
    store::GameState,
};

use crate::common::{TestDb, ask, here, ok, person, play, refused, req, two_player};

on_both_backends!(
    a_game_is_named_by_its_number_with_or_without_the_hash,
    join_and_leave_find_the_game_that_gathers_players,
    help_explains_one_command_or_topic_and_games_keep_to_their_rules,
    resigning_asks_first_and_the_button_resigns,
    an_aborted_game_offers_no_rematch,
    the_bot_is_not_mentioned_nor_given_buttons_on_its_turn,
    a_group_game_names_both_teams_when_it_starts,
    moves_by_piece_letter_and_bad_squares,
);

/// A channel of another server.
fn elsewhere() -> Place {
    Place::new("server-2", "channel-9")
}

/// `line` typed by `who` in `place`, read as the console reads it (names are people of
/// `common::person`) and carried out.
async fn typed(
    service: &Service,
    place: &Place,
    who: &User,
    line: &str,
) -> Result<Reply, ServiceError> {
    let line = parse(line, '/', &|name| person(name.trim_start_matches('@')))
        .map_err(ServiceError::from)?
        .expect("a command");
    service.run(&ask(place, who, line.game), line.command).await
}

async fn a_game_is_named_by_its_number_with_or_without_the_hash(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol, dave, erin) = (
        person("alice"),
        person("bob"),
        person("carol"),
        person("dave"),
        person("erin"),
    );
    let first = two_player(&service, "chess", &alice, &bob, &[]).await;
    let second = two_player(&service, "chess", &carol, &dave, &[]).await;
    // Someone in neither game is told the exact command for each.
    let which = refused(typed(&service, &here(), &erin, "/board").await);
    assert!(
        which.contains(&format!(
            "/board #{first} (Chess) or /board #{second} (Chess)"
        )),
        "{which}"
    );
    let which = refused(typed(&service, &here(), &erin, "/move e4").await);
    assert!(which.contains(&format!("/move e4 #{second}")), "{which}");
    // The number works with or without its #, before or after the command's own word.
    for line in [format!("/board {second}"), format!("/board #{second}")] {
        let shown = ok(typed(&service, &here(), &erin, &line).await);
        assert_eq!(shown.game.map(|g| g.id), Some(second), "{line}");
    }
    ok(typed(&service, &here(), &carol, &format!("/move e2e4 #{second}")).await);
    ok(typed(&service, &here(), &dave, &format!("/draw {second}")).await);
    let declined = ok(typed(&service, &here(), &carol, &format!("/draw no {second}")).await);
    assert!(
        declined.text.contains(&format!("#{second}")),
        "{}",
        declined.text
    );
    // From another server the bare number reaches nothing, in the words a number never used
    // gets.
    let never = refused(typed(&service, &elsewhere(), &erin, "/board 987654").await);
    let there = refused(typed(&service, &elsewhere(), &erin, &format!("/board {second}")).await);
    assert_eq!(
        there.replace(&second.to_string(), "N"),
        never.replace("987654", "N")
    );
    let row = service.store().game(second).await.unwrap().unwrap();
    assert_eq!(row.pending, None, "the declined draw is the last change");
    // /help shows the # form.
    let help = ok(typed(&service, &here(), &erin, "/help").await).text;
    assert!(
        help.contains("/board #2") && help.contains("/board 2"),
        "{help}"
    );
}

/// A group game of Catalonia started by `who` here.
async fn catalonia(service: &Service, who: &User) -> i64 {
    let reply = ok(service
        .run(
            &req(who, None),
            Command::New(NewGame {
                game: "catalonia".into(),
                seed: Some(2),
                ..NewGame::default()
            }),
        )
        .await);
    reply.game.expect("a new game").id
}

async fn join_and_leave_find_the_game_that_gathers_players(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol, dave) = (
        person("alice"),
        person("bob"),
        person("carol"),
        person("dave"),
    );
    let chess = two_player(&service, "chess", &bob, &dave, &[]).await;
    let group = catalonia(&service, &alice).await;
    // Bob plays chess here; /join and /leave are about the team game all the same.
    let joined = ok(typed(&service, &here(), &bob, "/join black").await);
    assert_eq!(joined.game.map(|g| g.id), Some(group), "{}", joined.text);
    ok(typed(&service, &here(), &carol, "/join black").await);
    let left = ok(typed(&service, &here(), &bob, "/leave").await);
    assert!(left.text.contains(&format!("#{group}")), "{}", left.text);
    assert!(left.text.contains("bob leaves Black"), "{}", left.text);
    let row = service.store().game(chess).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active, "the chess game goes on");
    // With two team games to join, the refusal shows the command for each.
    let other = catalonia(&service, &carol).await;
    let which = refused(typed(&service, &here(), &bob, "/join white").await);
    assert!(
        which.contains(&format!("/join white #{group}"))
            && which.contains(&format!("/join white #{other}")),
        "{which}"
    );
    ok(typed(&service, &here(), &bob, &format!("/join {other} white")).await);
    // Another server's /join finds none of them.
    let there = refused(typed(&service, &elsewhere(), &dave, "/join black").await);
    assert!(
        there.starts_with("There is no game in progress here"),
        "{there}"
    );
}

async fn help_explains_one_command_or_topic_and_games_keep_to_their_rules(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    for (asked, says) in [
        ("/help undo", "/undo [no]"),
        ("/help move", "/move e4 #2"),
        ("/help /takeback", "/undo"),
        ("/help teams", "/join white"),
        ("/help timed", "deadline=1d"),
    ] {
        let help = ok(typed(&service, &here(), &alice, asked).await).text;
        assert!(help.contains(says), "{asked}: {help}");
    }
    let chess = ok(typed(&service, &here(), &alice, "/help chess").await).text;
    assert!(!chess.contains("reminders at half time"), "{chess}");
    assert!(
        chess.contains("/help timed") && chess.contains("/help teams"),
        "{chess}"
    );
    assert!(chess.contains("orientation=white"), "{chess}");
    let nothing = refused(typed(&service, &here(), &alice, "/help fly").await);
    assert!(
        nothing.contains("no game, command or topic called \"fly\""),
        "{nothing}"
    );
    // Help is the same everywhere: it names no game of any server.
    let there = ok(typed(&service, &elsewhere(), &alice, "/help undo").await).text;
    assert_eq!(
        there,
        ok(typed(&service, &here(), &alice, "/help undo").await).text
    );
}

async fn resigning_asks_first_and_the_button_resigns(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, mallory) = (person("alice"), person("bob"), person("mallory"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    let asked = ok(typed(&service, &here(), &bob, "/resign").await);
    assert!(!asked.public, "the question is the player's alone");
    assert!(asked.text.contains("/resign yes"), "{}", asked.text);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Active, "asking changes nothing");
    let [button] = asked.choices.as_slice() else {
        panic!("one button: {:?}", asked.choices);
    };
    // The button is refused from another server, and to the other player works as theirs only.
    let click = Command::Click(chatrang::service::Pick::Id(button.encode()));
    refused(
        service
            .run(&ask(&elsewhere(), &mallory, None), click.clone())
            .await,
    );
    refused(typed(&service, &elsewhere(), &mallory, &format!("/resign {id}")).await);
    let done = ok(service.run(&req(&bob, None), click).await);
    assert!(done.text.contains("bob resigns for Black"), "{}", done.text);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
    // /resign yes resigns at once.
    let again = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(typed(&service, &here(), &alice, &format!("/resign yes {again}")).await);
    let row = service.store().game(again).await.unwrap().unwrap();
    assert_eq!(row.state, GameState::Over);
}

async fn an_aborted_game_offers_no_rematch(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, admin) = (person("alice"), person("bob"), person("admin"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e2e4"]).await;
    let aborted = ok(service
        .run(&req(&admin, Some(id)).admin(true), Command::Abort)
        .await);
    assert!(aborted.choices.is_empty(), "{:?}", aborted.choices);
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(board.choices.is_empty(), "{:?}", board.choices);
    let why = refused(service.run(&req(&alice, Some(id)), Command::Rematch).await);
    assert!(why.contains("aborted"), "{why}");
    // A game that ended by play still offers one.
    let played = two_player(&service, "chess", &alice, &bob, &[]).await;
    let over = ok(typed(&service, &here(), &bob, &format!("/resign yes #{played}")).await);
    assert!(
        over.choices.iter().any(|c| c.command == Command::Rematch),
        "{:?}",
        over.choices
    );
}

async fn the_bot_is_not_mentioned_nor_given_buttons_on_its_turn(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let started = ok(typed(&service, &here(), &alice, "/new pick-a-team ai=1 as=black").await);
    let id = started.game.expect("a game").id;
    assert!(started.notify.is_empty(), "{:?}", started.notify);
    assert!(started.choices.is_empty(), "{:?}", started.choices);
    let board = ok(service.run(&req(&alice, Some(id)), Command::Board).await);
    assert!(
        board.notify.is_empty() && board.choices.is_empty(),
        "{:?}",
        board.choices
    );
    // The bot's move made, it is Alice's turn: she is mentioned and has her buttons.
    let said = service.fire_due_timers().await.unwrap();
    let moved = said.last().expect("the bot moves");
    assert_eq!(moved.notify, vec![alice.id.clone()], "{}", moved.text);
    assert!(!moved.choices.is_empty(), "{}", moved.text);
    // Nor is the bot mentioned when Alice resigns to it.
    let over = ok(typed(&service, &here(), &alice, &format!("/resign yes #{id}")).await);
    assert!(over.notify.is_empty(), "{:?}", over.notify);
}

async fn a_group_game_names_both_teams_when_it_starts(db: TestDb) {
    let service = db.service().await;
    let alice = person("alice");
    let started = ok(typed(&service, &here(), &alice, "/new chess @bob team").await);
    assert!(
        started.text.contains("White: alice. Black: bob."),
        "{}",
        started.text
    );
    // A direct challenge is listed as waiting for its opponent, said once.
    let challenge = ok(typed(&service, &here(), &alice, "/new chess @carol").await);
    let id = challenge.game.expect("a game").id;
    let games = ok(typed(&service, &here(), &alice, "/games").await).text;
    assert!(
        games.contains(&format!(
            "#{id} (Chess), you play White — Waiting for carol to accept"
        )),
        "{games}"
    );
    assert!(!games.contains("waiting for an opponent"), "{games}");
    let gathering = ok(typed(&service, &here(), &alice, "/new chess team").await);
    assert!(
        gathering.text.contains("Black: nobody yet (/join black)")
            && gathering
                .text
                .contains("begins as soon as both sides have a player"),
        "{}",
        gathering.text
    );
}

async fn moves_by_piece_letter_and_bad_squares(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
    let sorceress = ok(typed(&service, &here(), &alice, "/moves S").await).text;
    assert!(sorceress.contains("Sorceress (S)"), "{sorceress}");
    let z9 = refused(typed(&service, &here(), &alice, "/moves z9").await);
    assert_eq!(z9, "z9 is not a square on this board.");
    // From another server the letter reaches nothing.
    let there = refused(typed(&service, &elsewhere(), &alice, &format!("/moves S {id}")).await);
    assert!(there.contains("There is no game"), "{there}");
    // During Pick-a-team's draft no piece moves on the board, and the answer says so.
    let draft = two_player(&service, "pick-a-team", &alice, &bob, &[]).await;
    let row = service.store().game(draft).await.unwrap().unwrap();
    let log = service.store().log(draft).await.unwrap();
    let pick = replay(&row, &log).unwrap().legal_actions()[0].clone();
    let square = pick.to.expect("a pick places a piece on a square");
    // Whoever picks first makes the pick.
    let move_pick = || Command::Move(pick.notation.clone());
    if service
        .run(&req(&alice, Some(draft)), move_pick())
        .await
        .is_err()
    {
        ok(service.run(&req(&bob, Some(draft)), move_pick()).await);
    }
    let why = refused(
        typed(
            &service,
            &here(),
            &alice,
            &format!("/moves {square} {draft}"),
        )
        .await,
    );
    assert!(why.starts_with("No piece moves on the board now"), "{why}");
}
