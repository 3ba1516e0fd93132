//! Every server is its own house (issue 33): a game is reached by its number only from its own
//! server, or by its players from their direct messages. From another server, and from a
//! direct message by someone who does not play it, every command of the table gets the very
//! answer a number never used gets, and changes nothing; moderator rights count only in their
//! own server; lists and leaderboards show only the server they are asked in.

use chatrang::{
    service::{COMMANDS, Choice, Command, NewGame, Pick, Place, Service, User, VariantArgs},
    store::GameRow,
};

use crate::common::{TestDb, ask, here, ok, person, play, refused, req, two_player};

on_both_backends!(
    no_command_reaches_a_game_from_another_server_or_a_strangers_direct_message,
    a_moderator_of_another_server_cannot_abort_and_a_player_from_their_dm_neither,
    players_reach_their_games_from_their_direct_messages,
    lists_and_leaderboards_show_only_the_server_they_are_asked_in,
    a_direct_game_of_long_ago_is_its_players_alone,
);

/// A channel of another server, where Mallory moderates.
fn elsewhere() -> Place {
    Place::new("server-2", "channel-9")
}

/// Mallory's direct conversation with the bot.
fn mallorys_dm() -> Place {
    Place::direct("dm-mallory")
}

/// A number no game has.
const NEVER_USED: i64 = 987_654;

/// Every command of the table that can name a game, with arguments that would act if the
/// game were reachable. The match below fails to compile when a command is added, so that
/// each new command is put here (and so tested from another place).
fn every_command() -> Vec<Command> {
    let all = vec![
        Command::New(NewGame {
            game: "chess".into(),
            ..NewGame::default()
        }),
        Command::Accept,
        Command::Decline,
        Command::Join(None),
        Command::Leave,
        Command::Move("e2e4".into()),
        Command::Moves("e2".into()),
        Command::Board,
        Command::BoardAs("black".into()),
        Command::BoardAs("text".into()),
        Command::Pieces(String::new()),
        Command::Army("white".into()),
        Command::Resign,
        Command::AskToResign,
        Command::Draw,
        Command::DeclineDraw,
        Command::Undo,
        Command::DeclineUndo,
        Command::History,
        Command::Games,
        Command::Rematch,
        Command::Help(None),
        Command::Piece {
            game: "chess".into(),
            piece: "knight".into(),
        },
        // Without a game, /piece means the game open where it is asked: from elsewhere, none.
        Command::Piece {
            game: String::new(),
            piece: String::new(),
        },
        Command::Piece {
            game: "Queen".into(),
            piece: String::new(),
        },
        Command::Leaderboard("chess".into()),
        Command::Leaderboard(String::new()),
        Command::Rating {
            user: Some(person("alice")),
            game: "chess".into(),
        },
        Command::Rating {
            user: None,
            game: String::new(),
        },
        Command::Abort,
        Command::Limits(String::new()),
        Command::Replay(String::new()),
        Command::Replay("from=1 speed=fast".into()),
        Command::Review,
        Command::Settings(String::new()),
        Command::Settings("replays=off".into()),
        Command::Variant(VariantArgs::default()),
        Command::Variant(VariantArgs {
            words: "delete knightmare".into(),
            definition: None,
        }),
        Command::Seek(String::new()),
        Command::Seek("accept 1".into()),
        Command::Subscribe(String::new()),
        Command::Tournament(String::new()),
        Command::Tournament("join 1".into()),
        Command::Tournament("standings 1".into()),
        Command::Vacation(String::new()),
        Command::Notify(String::new()),
        Command::Hint,
        Command::ForgetMe(false),
        Command::Click(Pick::Id(String::new())),
    ];
    for command in &all {
        match command {
            Command::New(_)
            | Command::Accept
            | Command::Decline
            | Command::Join(_)
            | Command::Leave
            | Command::Move(_)
            | Command::Moves(_)
            | Command::Board
            | Command::BoardAs(_)
            | Command::Pieces(_)
            | Command::Army(_)
            | Command::Resign
            | Command::AskToResign
            | Command::Draw
            | Command::DeclineDraw
            | Command::Undo
            | Command::DeclineUndo
            | Command::History
            | Command::Games
            | Command::Rematch
            | Command::Help(_)
            | Command::Piece { .. }
            | Command::Leaderboard(_)
            | Command::Rating { .. }
            | Command::Abort
            | Command::Limits(_)
            | Command::Replay(_)
            | Command::Review
            | Command::Settings(_)
            | Command::Variant(_)
            | Command::Seek(_)
            | Command::Subscribe(_)
            | Command::Tournament(_)
            | Command::Vacation(_)
            | Command::Notify(_)
            | Command::Hint
            | Command::ForgetMe(_)
            | Command::Click(_) => {}
        }
    }
    for spec in COMMANDS {
        assert!(
            all.iter()
                .any(|c| c.spec().map(|s| s.name) == Some(spec.name)),
            "/{} is not tested from another place",
            spec.name
        );
    }
    all
}

/// The commands that act on a game (the others answer about no game in particular: help,
/// lists, settings; they are checked for what they show).
fn about_a_game(command: &Command) -> bool {
    // /piece naming a game answers from that game's example, wherever it is asked.
    if let Command::Piece { game, .. } = command {
        return chatrang::rules::GameId::parse(game).is_err();
    }
    !matches!(
        command,
        Command::New(_)
            | Command::Games
            | Command::Help(_)
            | Command::Leaderboard(_)
            | Command::Rating { .. }
            | Command::Limits(_)
            | Command::Settings(_)
            | Command::Variant(_)
            | Command::Seek(_)
            | Command::Subscribe(_)
            | Command::Tournament(_)
            | Command::Vacation(_)
            | Command::Notify(_)
            | Command::ForgetMe(_)
            | Command::Click(_)
    )
}

/// Server 1's games: an active game of Alice and Bob with a draw offer and a move to take
/// back pending, Carol's open challenge, a group game gathering, and a finished game.
struct Server1 {
    active: i64,
    open: i64,
    gathering: i64,
    finished: i64,
}

async fn server_1(service: &Service) -> Server1 {
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let finished = two_player(service, "chess", &alice, &bob, &[]).await;
    ok(service
        .run(&req(&bob, Some(finished)), Command::Resign)
        .await);
    let active = two_player(service, "chess", &alice, &bob, &[]).await;
    play(service, active, &alice, &bob, &["e2e4"]).await;
    let open = new_game(service, &carol, false).await;
    let gathering = new_game(service, &carol, true).await;
    Server1 {
        active,
        open,
        gathering,
        finished,
    }
}

async fn new_game(service: &Service, who: &User, teams: bool) -> i64 {
    let reply = ok(service
        .run(
            &req(who, None),
            Command::New(NewGame {
                game: "chess".into(),
                teams,
                seed: Some(1),
                ..NewGame::default()
            }),
        )
        .await);
    reply.game.expect("a new game").id
}

/// Every game row, to compare before and after.
async fn rows(service: &Service, ids: &[i64]) -> Vec<GameRow> {
    let mut rows = Vec::new();
    for &id in ids {
        rows.push(service.store().game(id).await.unwrap().unwrap());
    }
    rows
}

/// The answer to `command` about a number never used, with that number written as `#N`.
async fn never_used_answer(
    service: &Service,
    place: &Place,
    who: &User,
    command: &Command,
) -> String {
    let why = refused(
        service
            .run(
                &ask(place, who, Some(NEVER_USED)).admin(true),
                command.clone(),
            )
            .await,
    );
    why.replace(&format!("#{NEVER_USED}"), "#N")
}

async fn no_command_reaches_a_game_from_another_server_or_a_strangers_direct_message(db: TestDb) {
    let service = db.service().await;
    let games = server_1(&service).await;
    let ids = [games.active, games.open, games.gathering, games.finished];
    let before = rows(&service, &ids).await;
    let log_lengths: Vec<usize> = {
        let mut lengths = Vec::new();
        for &id in &ids {
            lengths.push(service.store().log(id).await.unwrap().len());
        }
        lengths
    };
    let mallory = person("mallory");
    for place in [elsewhere(), mallorys_dm()] {
        for command in every_command().into_iter().filter(about_a_game) {
            let expected = never_used_answer(&service, &place, &mallory, &command).await;
            assert!(
                !expected.contains("#N") || expected.contains("There is no game #N"),
                "{command:?}: {expected}"
            );
            for &id in &ids {
                let answer = service
                    .run(
                        &ask(&place, &mallory, Some(id)).admin(true),
                        command.clone(),
                    )
                    .await;
                let why = match answer {
                    Ok(reply) => panic!(
                        "{command:?} on game #{id} from {place:?} was answered: {}",
                        reply.text
                    ),
                    Err(why) => why.to_string(),
                };
                assert_eq!(
                    why.replace(&format!("#{id}"), "#N"),
                    expected,
                    "{command:?} on game #{id} from {place:?}"
                );
            }
        }
        // A button of each game, copied into another place, finds nothing either.
        for (id, row) in ids.iter().zip(&before) {
            for command in [
                Command::Accept,
                Command::Move("e7e5".into()),
                Command::Rematch,
            ] {
                let button = Choice {
                    label: "x".into(),
                    game: *id,
                    version: row.version,
                    command,
                };
                let why = refused(
                    service
                        .run(
                            &ask(&place, &mallory, None).admin(true),
                            Command::Click(Pick::Id(button.encode())),
                        )
                        .await,
                );
                assert_eq!(why, format!("There is no game #{id}; /games lists yours."));
            }
        }
    }
    assert_eq!(rows(&service, &ids).await, before, "nothing changed");
    for (&id, length) in ids.iter().zip(log_lengths) {
        assert_eq!(service.store().log(id).await.unwrap().len(), length);
    }
    // The same commands in the games' own server do reach them (so the refusals above are
    // the house's, not the commands' own): an onlooker there sees the board.
    let board = ok(service
        .run(&req(&mallory, Some(games.active)), Command::Board)
        .await);
    assert!(
        board.text.contains(&format!("#{}", games.active)),
        "{}",
        board.text
    );
}

async fn a_moderator_of_another_server_cannot_abort_and_a_player_from_their_dm_neither(db: TestDb) {
    let service = db.service().await;
    let games = server_1(&service).await;
    let (alice, mallory) = (person("alice"), person("mallory"));
    let before = rows(&service, &[games.active]).await;
    let why = refused(
        service
            .run(
                &ask(&elsewhere(), &mallory, Some(games.active)).admin(true),
                Command::Abort,
            )
            .await,
    );
    assert_eq!(
        why,
        format!("There is no game #{}; /games lists yours.", games.active)
    );
    // Alice moderates some other server: from her direct messages she reaches her game, but
    // her rights there are not rights in the game's server.
    let why = refused(
        service
            .run(
                &ask(&Place::direct("dm-alice"), &alice, Some(games.active)).admin(true),
                Command::Abort,
            )
            .await,
    );
    assert!(
        why.starts_with("Only a moderator of the game's server"),
        "{why}"
    );
    assert_eq!(rows(&service, &[games.active]).await, before);
    // A moderator of the game's own server aborts it.
    let reply = ok(service
        .run(
            &req(&person("moderator"), Some(games.active)).admin(true),
            Command::Abort,
        )
        .await);
    assert!(reply.text.contains("aborts the game"), "{}", reply.text);
}

async fn players_reach_their_games_from_their_direct_messages(db: TestDb) {
    let service = db.service().await;
    let games = server_1(&service).await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    let bobs_dm = Place::direct("dm-bob");
    let board = ok(service
        .run(&ask(&bobs_dm, &bob, Some(games.active)), Command::Board)
        .await);
    assert!(!board.public, "a look from a direct message stays there");
    let moved = ok(service
        .run(
            &ask(&bobs_dm, &bob, Some(games.active)),
            Command::Move("e7e5".into()),
        )
        .await);
    assert_eq!(
        moved.game.unwrap().place,
        here().channel,
        "posted in the game's place"
    );
    // Carol withdraws her open challenge from her direct messages.
    let withdrawn = ok(service
        .run(
            &ask(&Place::direct("dm-carol"), &carol, Some(games.open)),
            Command::Decline,
        )
        .await);
    assert!(withdrawn.text.contains("withdraws"), "{}", withdrawn.text);
    // A player does not reach their game from another server's channel: the answer there
    // would show the game to that server.
    let why = refused(
        service
            .run(
                &ask(&elsewhere(), &alice, Some(games.active)),
                Command::Board,
            )
            .await,
    );
    assert_eq!(
        why,
        format!("There is no game #{}; /games lists yours.", games.active)
    );
}

async fn lists_and_leaderboards_show_only_the_server_they_are_asked_in(db: TestDb) {
    let service = db.service().await;
    let games = server_1(&service).await;
    let (alice, mallory) = (person("alice"), person("mallory"));
    // Alice's games are listed in server 1 and in her direct messages, not in server 2.
    let there = ok(service.run(&req(&alice, None), Command::Games).await);
    assert!(
        there.text.contains(&format!("#{}", games.active)),
        "{}",
        there.text
    );
    let dm = ok(service
        .run(
            &ask(&Place::direct("dm-alice"), &alice, None),
            Command::Games,
        )
        .await);
    assert!(
        dm.text.contains(&format!("#{}", games.active)),
        "{}",
        dm.text
    );
    let other = ok(service
        .run(&ask(&elsewhere(), &alice, None), Command::Games)
        .await);
    assert!(
        !other.text.contains(&format!("#{}", games.active)) && !other.text.contains("Chess"),
        "{}",
        other.text
    );
    assert!(
        other.text.contains("no open games in this server"),
        "{}",
        other.text
    );
    // Server 1's leaderboard has the finished game's players; server 2's has nobody.
    let board = ok(service
        .run(&req(&mallory, None), Command::Leaderboard("chess".into()))
        .await);
    assert!(
        board.text.contains("alice") && board.text.contains("bob"),
        "{}",
        board.text
    );
    let board = ok(service
        .run(
            &ask(&elsewhere(), &mallory, None),
            Command::Leaderboard("chess".into()),
        )
        .await);
    assert!(
        !board.text.contains("alice") && !board.text.contains("bob"),
        "{}",
        board.text
    );
    // The leaders of every game: server 1's in server 1, nobody in server 2.
    let leaders = |place: Place| {
        let service = &service;
        let mallory = &mallory;
        async move {
            ok(service
                .run(
                    &ask(&place, mallory, None),
                    Command::Leaderboard(String::new()),
                )
                .await)
            .text
        }
    };
    let here_leaders = leaders(crate::common::here()).await;
    assert!(
        here_leaders.contains("Chess: ") && here_leaders.contains("alice"),
        "{here_leaders}"
    );
    let there_leaders = leaders(elsewhere()).await;
    assert!(
        !there_leaders.contains("alice") && there_leaders.contains("Nobody has finished"),
        "{there_leaders}"
    );
    // Server 2's moderator sets server 2's limits; server 1 keeps its own.
    ok(service
        .run(
            &ask(&elsewhere(), &mallory, None).admin(true),
            Command::Limits("challenges=1".into()),
        )
        .await);
    let limits = ok(service
        .run(&req(&alice, None), Command::Limits(String::new()))
        .await);
    assert!(limits.text.contains("challenges=5"), "{}", limits.text);
    let limits = ok(service
        .run(
            &ask(&elsewhere(), &alice, None),
            Command::Limits(String::new()),
        )
        .await);
    assert!(limits.text.contains("challenges=1"), "{}", limits.text);
}

async fn a_direct_game_of_long_ago_is_its_players_alone(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, mallory) = (person("alice"), person("bob"), person("mallory"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    db.execute(&format!(
        "UPDATE games SET server_id = 'dm', place_id = 'dm-alice' WHERE id = {id}"
    ))
    .await;
    // Every direct conversation once shared the server `dm`: a stranger's does not reach it.
    for place in [
        mallorys_dm(),
        Place::new("dm", "dm-mallory"),
        here(),
        elsewhere(),
    ] {
        let why = refused(
            service
                .run(&ask(&place, &mallory, Some(id)).admin(true), Command::Board)
                .await,
        );
        assert_eq!(why, format!("There is no game #{id}; /games lists yours."));
    }
    let board = ok(service
        .run(
            &ask(&Place::direct("dm-bob"), &bob, Some(id)),
            Command::Board,
        )
        .await);
    assert!(board.text.contains(&format!("#{id}")), "{}", board.text);
}
