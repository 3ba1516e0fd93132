//! Tournaments (issue 37): a round robin and a Swiss played through the service to their
//! final standings, whose tie-breaks are worked out by hand below; every round's games start
//! at once, and the next round is paired when the last game of a round ends. Withdrawals and
//! late joiners follow the stated rules; two processes never pair a round twice, and a fresh
//! process finds nothing to redo; another server neither sees nor joins a tournament.

use std::sync::Arc;

use std::time::Duration;

use chatrang::{
    service::{Command, ManualClock, Outbox, Place, Service, TextPainter, User},
    store::{BoardEnd, BoardRow, PostKind, TournamentState},
};

use crate::common::{TestDb, ask, here, ok, person, refused, req};

on_both_backends!(
    a_four_player_round_robin_is_played_to_its_final_standings,
    a_six_player_swiss_of_three_rounds_is_played_to_its_final_standings,
    a_withdrawal_forfeits_the_later_round_robin_games_and_a_late_joiner_starts_on_nought,
    two_processes_pair_each_round_once_and_a_fresh_one_redoes_nothing,
    another_server_neither_sees_nor_joins_a_tournament,
    only_its_creator_or_a_moderator_starts_it_and_bad_terms_are_refused,
    it_starts_at_its_time_and_a_game_lost_on_time_without_a_move_is_a_forfeit,
    an_entry_at_the_moment_of_the_start_is_paired_or_a_late_joiner_never_left_out,
);

async fn tournament(service: &Service, who: &User, text: &str) -> String {
    ok(service
        .run(&req(who, None), Command::Tournament(text.into()))
        .await)
    .text
}

/// The number in "tournament #N".
fn number(text: &str) -> i64 {
    let after = text
        .split("tournament #")
        .nth(1)
        .unwrap_or_else(|| panic!("no tournament number in: {text}"));
    after
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("a number")
}

/// Announces a tournament by `creator` and enters everyone of `players` (the creator too,
/// if listed); returns its number.
async fn announce(service: &Service, creator: &User, terms: &str, players: &[&User]) -> i64 {
    let id = number(&tournament(service, creator, &format!("new {terms}")).await);
    for player in players {
        let joined = tournament(service, player, &format!("join {id}")).await;
        assert!(joined.contains(&player.name), "{joined}");
    }
    id
}

/// The boards of round `round` so far.
async fn boards(service: &Service, id: i64, round: i64) -> Vec<BoardRow> {
    let all = service.store().tournament_boards(id).await.unwrap();
    all.into_iter().filter(|b| b.round == round).collect()
}

/// How a game between two players ends, by their names: the winner's name, or `None` for a
/// draw.
type Results<'a> = &'a [(&'a str, &'a str, Option<&'a str>)];

fn result_between<'a>(results: Results<'a>, a: &str, b: &str) -> Option<&'a str> {
    results
        .iter()
        .find(|(x, y, _)| (*x == a && *y == b) || (*x == b && *y == a))
        .unwrap_or_else(|| panic!("no result between {a} and {b}"))
        .2
}

/// Plays every board of the round being played to the result `results` gives it: the loser
/// resigns, or White offers a draw and Black takes it.
async fn play_round(service: &Service, id: i64, round: i64, results: Results<'_>) {
    let boards = boards(service, id, round).await;
    assert!(!boards.is_empty(), "round {round} has boards");
    for board in boards {
        let (white, black) = (name_of(&board.white), name_of(&board.black));
        let (white_user, black_user) = (person(&white), person(&black));
        let game = Some(board.game_id);
        match result_between(results, &white, &black) {
            Some(winner) => {
                let loser = if winner == white {
                    &black_user
                } else {
                    &white_user
                };
                ok(service.run(&req(loser, game), Command::Resign).await);
            }
            None => {
                ok(service.run(&req(&white_user, game), Command::Draw).await);
                ok(service.run(&req(&black_user, game), Command::Draw).await);
            }
        }
    }
}

/// A test person's name from their id (`id-alice`).
fn name_of(user_id: &str) -> String {
    user_id.trim_start_matches("id-").to_string()
}

async fn state(service: &Service, id: i64) -> (TournamentState, i64) {
    let t = service.store().tournament(id).await.unwrap().unwrap();
    (t.state, t.round)
}

async fn standings(service: &Service, who: &User, id: i64) -> String {
    tournament(service, who, &format!("standings {id}")).await
}

async fn a_four_player_round_robin_is_played_to_its_final_standings(db: TestDb) {
    let service =
        Service::new(db.open().await, Arc::new(TextPainter)).with_outbox(Outbox::new("test"));
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(person);
    let id = announce(
        &service,
        &alice,
        "chess format=round-robin deadline=1d",
        &[&alice, &bob, &carol, &dave],
    )
    .await;
    let started = tournament(&service, &alice, &format!("start {id}")).await;
    assert!(started.contains("round 1 of 3"), "{started}");
    // Each pair meets once: alice beats bob and dave and draws with carol; bob beats carol
    // and draws with dave; dave beats carol.
    let results: Results = &[
        ("alice", "bob", Some("alice")),
        ("alice", "carol", None),
        ("alice", "dave", Some("alice")),
        ("bob", "carol", Some("bob")),
        ("bob", "dave", None),
        ("carol", "dave", Some("dave")),
    ];
    let mut met = Vec::new();
    for round in 1..=3 {
        assert_eq!(state(&service, id).await, (TournamentState::Running, round));
        let this = boards(&service, id, round).await;
        assert_eq!(this.len(), 2, "two games a round, all started at once");
        for board in &this {
            assert!(board.end == BoardEnd::Playing);
            let mut pair = [board.white.clone(), board.black.clone()];
            pair.sort();
            assert!(!met.contains(&pair), "{pair:?} meet twice");
            met.push(pair);
        }
        play_round(&service, id, round, results).await;
    }
    assert_eq!(met.len(), 6, "everyone met everyone");
    assert_eq!(state(&service, id).await, (TournamentState::Over, 3));
    // Colours: 4 players, 3 rounds: each has White once or twice.
    let all = service.store().tournament_boards(id).await.unwrap();
    for who in ["id-alice", "id-bob", "id-carol", "id-dave"] {
        let whites = all.iter().filter(|b| b.white == who).count();
        assert!((1..=2).contains(&whites), "{who} had White {whites} times");
    }
    // By hand: alice 1 + ½ + 1 = 2½; bob 0 + 1 + ½ = 1½; dave 0 + ½ + 1 = 1½; carol ½.
    // Sonneborn-Berger: alice 1½ (bob) + ¼ (half of carol's ½) + 1½ (dave) = 3¼;
    // bob ½ (carol) + ¾ (half of dave's 1½) = 1¼; dave ¾ (half of bob's) + ½ (carol) = 1¼;
    // carol 1¼ (half of alice's 2½). Bob and dave are equal on both: they share 2nd–3rd.
    let table = standings(&service, &bob, id).await;
    assert!(
        table.ends_with(
            "1. alice 2½ (SB 3¼)\n2–3. bob 1½ (SB 1¼)\n2–3. dave 1½ (SB 1¼)\n4. carol ½ (SB 1¼)"
        ),
        "{table}"
    );
    assert!(table.contains("final standings"), "{table}");
    // The final standings are posted with the game that ended the last round.
    let last = boards(&service, id, 3).await;
    let mut posted = Vec::new();
    for board in &last {
        for post in service.store().posts_of_game(board.game_id).await.unwrap() {
            if post.post.kind == PostKind::Tournament {
                posted.push(post.post.text);
            }
        }
    }
    assert!(
        posted
            .iter()
            .any(|text| text.contains("is over. Winner: alice")
                && text.contains("2–3. dave 1½ (SB 1¼)")),
        "{posted:?}"
    );
    // Round 2's first board carries the standings after round 1.
    let second = boards(&service, id, 2).await;
    let posts = service
        .store()
        .posts_of_game(second[0].game_id)
        .await
        .unwrap();
    assert!(
        posts.iter().any(|p| p.post.kind == PostKind::Tournament
            && p.post.text.contains("Standings after round 1")),
        "{posts:?}"
    );
}

async fn a_six_player_swiss_of_three_rounds_is_played_to_its_final_standings(db: TestDb) {
    let service = db.service().await;
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let people = names.map(person);
    let refs: Vec<&User> = people.iter().collect();
    let id = announce(&service, &people[0], "chess format=swiss rounds=3", &refs).await;
    tournament(&service, &people[0], &format!("start {id}")).await;
    // Everyone is unrated, so the starting list is by name: ann 1, ben 2, … fay 6. Round 1
    // pairs the top half with the bottom half, White for player 1 and alternating down
    // the boards: ann–dan, eve–ben, cat–fay.
    let pairs = |boards: &[BoardRow]| -> Vec<(String, String)> {
        boards
            .iter()
            .map(|b| (name_of(&b.white), name_of(&b.black)))
            .collect()
    };
    let expect = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(w, b)| (w.to_string(), b.to_string()))
            .collect()
    };
    let round_1 = boards(&service, id, 1).await;
    assert_eq!(
        pairs(&round_1),
        expect(&[("ann", "dan"), ("eve", "ben"), ("cat", "fay")])
    );
    // Round 1: ann beats dan, ben and eve draw, fay beats cat. Round 2: ann and fay draw,
    // ben beats cat, eve beats dan. Round 3: ann beats ben, fay beats eve, cat beats dan.
    let results: Results = &[
        ("ann", "dan", Some("ann")),
        ("ben", "eve", None),
        ("cat", "fay", Some("fay")),
        ("ann", "fay", None),
        ("ben", "cat", Some("ben")),
        ("dan", "eve", Some("eve")),
        ("ann", "ben", Some("ann")),
        ("eve", "fay", Some("fay")),
        ("cat", "dan", Some("cat")),
    ];
    play_round(&service, id, 1, results).await;
    // After round 1: ann 1, fay 1; ben ½, eve ½; cat 0, dan 0. Ann and fay meet, fay
    // White (ann had White). Ben and eve have met, so both float down to the 0 group and
    // meet its two in order, ben–cat and eve–dan, each taking the colour they are due.
    let round_2 = boards(&service, id, 2).await;
    assert_eq!(
        pairs(&round_2),
        expect(&[("fay", "ann"), ("ben", "cat"), ("dan", "eve")])
    );
    play_round(&service, id, 2, results).await;
    let round_3 = boards(&service, id, 3).await;
    // After round 2 four players have 1½: ann, ben, eve, fay (cat and dan 0). Ann–fay and
    // ben–eve have met; ann–eve with ben–fay would give both pairs a colour clash (each
    // pair is due the same colour), ann–ben with eve–fay none, so the Dutch rules take it;
    // cat–dan below, cat White (due White after White–Black).
    assert_eq!(
        pairs(&round_3),
        expect(&[("ann", "ben"), ("eve", "fay"), ("cat", "dan")])
    );
    play_round(&service, id, 3, results).await;
    assert_eq!(state(&service, id).await, (TournamentState::Over, 3));
    // By hand. Points: fay 1 + ½ + 1, ann 1 + ½ + 1, ben ½ + 1 + 0, eve ½ + 1 + 0, cat
    // 0 + 0 + 1, dan 0. Buchholz (opponents' final scores): fay cat 1 + ann 2½ + eve 1½ = 5;
    // ann dan 0 + fay 2½ + ben 1½ = 4; ben eve 1½ + cat 1 + ann 2½ = 5; eve ben 1½ + dan 0
    // + fay 2½ = 4; cat fay 2½ + ben 1½ + dan 0 = 4; dan ann 2½ + eve 1½ + cat 1 = 5. Cut-1
    // drops the lowest: 4 for everyone. Sonneborn-Berger: fay 1 (cat) + 1¼ (half of ann)
    // + 1½ (eve) = 3¾; ann 0 (dan) + 1¼ (half of fay) + 1½ (ben) = 2¾; ben ¾ (half of
    // eve) + 1 (cat) = 1¾; eve ¾ (half of ben) + 0 (dan) = ¾; cat 0 (dan); dan 0.
    let table = standings(&service, &people[1], id).await;
    assert!(
        table.ends_with(
            "final standings:\n\
             1. fay 2½ (BH 5, BH-C1 4, SB 3¾)\n\
             2. ann 2½ (BH 4, BH-C1 4, SB 2¾)\n\
             3. ben 1½ (BH 5, BH-C1 4, SB 1¾)\n\
             4. eve 1½ (BH 4, BH-C1 4, SB ¾)\n\
             5. cat 1 (BH 4, BH-C1 4, SB 0)\n\
             6. dan 0 (BH 5, BH-C1 4, SB 0)"
        ),
        "{table}"
    );
}

async fn a_withdrawal_forfeits_the_later_round_robin_games_and_a_late_joiner_starts_on_nought(
    db: TestDb,
) {
    let service = db.service().await;
    let [ann, ben, cat, dan] = ["ann", "ben", "cat", "dan"].map(person);
    let id = announce(&service, &ann, "katarenga", &[&ann, &ben, &cat, &dan]).await;
    tournament(&service, &ann, &format!("start {id}")).await;
    // A round robin takes nobody once it runs.
    let eve = person("eve");
    let why = refused(
        service
            .run(&req(&eve, None), Command::Tournament(format!("join {id}")))
            .await,
    );
    assert!(why.contains("round robin under way"), "{why}");
    // Dan withdraws during round 1: his round 1 game goes on (he resigns it), and from
    // round 2 on his opponents win by forfeit, without a game.
    let left = tournament(&service, &dan, &format!("leave {id}")).await;
    assert!(left.contains("not paired from round 2 on"), "{left}");
    let results: Results = &[
        ("ann", "ben", Some("ann")),
        ("ann", "cat", Some("ann")),
        ("ben", "cat", Some("ben")),
        ("ann", "dan", Some("ann")),
        ("ben", "dan", Some("ben")),
        ("cat", "dan", Some("cat")),
    ];
    play_round(&service, id, 1, results).await;
    for round in 2..=3 {
        let this = boards(&service, id, round).await;
        assert_eq!(this.len(), 1, "round {round}: only the game without dan");
        assert!(
            this.iter()
                .all(|b| b.white != "id-dan" && b.black != "id-dan")
        );
        play_round(&service, id, round, results).await;
    }
    assert_eq!(state(&service, id).await, (TournamentState::Over, 3));
    let byes = service.store().tournament_byes(id).await.unwrap();
    let forfeit_wins = byes.iter().filter(|b| b.absence == "forfeit-win").count();
    assert_eq!(forfeit_wins, 2, "{byes:?}");
    assert!(
        byes.iter()
            .any(|b| b.user_id == "id-dan" && b.absence == "withdrawn")
    );
    // Ann 3 (two games and a forfeit win), ben 2, cat 1, dan 0: the forfeits count as
    // points, and as unplayed rounds for the tie-break.
    let table = standings(&service, &ann, id).await;
    assert!(table.contains("\n1. ann 3 ("), "{table}");
    assert!(table.contains("\n4. dan 0 ("), "{table}");

    // A Swiss takes a late joiner: paired from the next round, the missed round worth 0.
    let [p, q, r, s] = ["pia", "quin", "ray", "sol"].map(person);
    let swiss = announce(&service, &p, "chess rounds=2", &[&p, &q, &r, &s]).await;
    tournament(&service, &p, &format!("start {swiss}")).await;
    let late = tournament(&service, &eve, &format!("join {swiss}")).await;
    assert!(late.contains("paired from round 2 on"), "{late}");
    let swiss_results: Results = &[
        ("pia", "ray", Some("pia")),
        ("quin", "sol", Some("quin")),
        ("pia", "quin", Some("pia")),
        ("ray", "sol", Some("ray")),
        ("eve", "sol", Some("eve")),
        ("eve", "ray", Some("eve")),
        ("eve", "quin", Some("eve")),
        ("eve", "pia", Some("eve")),
    ];
    play_round(&service, swiss, 1, swiss_results).await;
    let round_2 = boards(&service, swiss, 2).await;
    let paired: usize = round_2.len() * 2;
    let byes = service.store().tournament_byes(swiss).await.unwrap();
    let bye_2 = byes.iter().filter(|b| b.round == 2).count();
    assert_eq!(
        paired + bye_2,
        5,
        "five players in round 2: {round_2:?} {byes:?}"
    );
    assert!(
        round_2
            .iter()
            .any(|b| b.white == "id-eve" || b.black == "id-eve")
            || byes.iter().any(|b| b.user_id == "id-eve"),
        "eve plays round 2"
    );
}

async fn two_processes_pair_each_round_once_and_a_fresh_one_redoes_nothing(db: TestDb) {
    let first = db.service().await;
    let second = db.service().await;
    let people = ["ann", "ben", "cat", "dan", "eve", "fay"].map(person);
    let refs: Vec<&User> = people.iter().collect();
    let id = announce(&first, &people[0], "chess rounds=2", &refs).await;
    // Both processes try to start it at the same moment: round 1 is paired once.
    let asker = req(&people[0], None);
    let start = Command::Tournament(format!("start {id}"));
    let (a, b) = tokio::join!(
        first.run(&asker, start.clone()),
        second.run(&asker, start.clone()),
    );
    assert!(a.is_ok() || b.is_ok(), "{a:?} {b:?}");
    assert_eq!(boards(&first, id, 1).await.len(), 3);
    // The last game of round 1 ends in the first process while the second looks after its
    // tournaments again and again: round 2 is paired once.
    let round_1 = boards(&first, id, 1).await;
    for board in &round_1[1..] {
        let loser = person(&name_of(&board.black));
        ok(first
            .run(&req(&loser, Some(board.game_id)), Command::Resign)
            .await);
    }
    let last = &round_1[0];
    let loser = person(&name_of(&last.black));
    let resigner = req(&loser, Some(last.game_id));
    let resign = first.run(&resigner, Command::Resign);
    let looking = async {
        for _ in 0..20 {
            second.advance_tournaments().await.unwrap();
            tokio::task::yield_now().await;
        }
    };
    let (resigned, ()) = tokio::join!(resign, looking);
    ok(resigned);
    second.advance_tournaments().await.unwrap();
    assert_eq!(state(&first, id).await, (TournamentState::Running, 2));
    let all = first.store().tournament_boards(id).await.unwrap();
    assert_eq!(all.len(), 6, "three boards in each of two rounds: {all:?}");
    // A fresh process (a restart) finds nothing to redo mid-round.
    let restarted = db.service().await;
    restarted.advance_tournaments().await.unwrap();
    assert_eq!(first.store().tournament_boards(id).await.unwrap(), all);
    assert_eq!(state(&restarted, id).await, (TournamentState::Running, 2));
}

async fn another_server_neither_sees_nor_joins_a_tournament(db: TestDb) {
    let service = db.service().await;
    let [ann, ben] = ["ann", "ben"].map(person);
    let id = announce(&service, &ann, "chess format=round-robin", &[&ann, &ben]).await;
    let elsewhere = Place::new("server-2", "channel-9");
    let mallory = person("mallory");
    let moderator_there = ask(&elsewhere, &mallory, None).admin(true);
    let from_there = |text: String| service.run(&moderator_there, Command::Tournament(text));
    // Every subcommand with this tournament's number gets the answer a number never used gets.
    for word in ["join", "leave", "start", "cancel", "standings", "pairings"] {
        let theirs = refused(from_there(format!("{word} {id}")).await);
        let never = refused(from_there(format!("{word} 987654")).await);
        assert_eq!(
            theirs.replace(&id.to_string(), "N"),
            never.replace("987654", "N")
        );
        assert!(theirs.contains("no tournament"), "{theirs}");
    }
    // Without a number, and in the list, it does not exist there.
    let list = ok(from_there(String::new()).await).text;
    assert!(list.starts_with("No tournament here yet"), "{list}");
    assert!(refused(from_there("join".into()).await).contains("no tournament here"));
    // A Join button copied to the other server finds nothing either.
    let button = chatrang::service::Choice {
        label: "Join".into(),
        game: 0,
        version: 0,
        command: Command::Tournament(format!("join {id}")),
    };
    let why = refused(
        service
            .run(
                &ask(&elsewhere, &mallory, None),
                Command::Click(chatrang::service::Pick::Id(button.encode())),
            )
            .await,
    );
    assert!(why.contains("no tournament"), "{why}");
    let entrants = service.store().entrants(id).await.unwrap();
    assert_eq!(entrants.len(), 2, "nobody joined from elsewhere");
    assert_eq!(state(&service, id).await, (TournamentState::Open, 0));
    // The same button in its own server joins.
    let carol = person("carol");
    let joined = ok(service
        .run(
            &req(&carol, None),
            Command::Click(chatrang::service::Pick::Id(button.encode())),
        )
        .await);
    assert!(
        joined.text.contains("carol joins tournament"),
        "{}",
        joined.text
    );
}

async fn only_its_creator_or_a_moderator_starts_it_and_bad_terms_are_refused(db: TestDb) {
    let service = db.service().await;
    let [ann, ben, cat] = ["ann", "ben", "cat"].map(person);
    let id = announce(&service, &ann, "chess rounds=3", &[&ann, &ben]).await;
    let why = refused(
        service
            .run(&req(&ben, None), Command::Tournament(format!("start {id}")))
            .await,
    );
    assert!(why.contains("Only the one who announced"), "{why}");
    // Two players cannot play three Swiss rounds without meeting twice.
    let why = refused(
        service
            .run(&req(&ann, None), Command::Tournament(format!("start {id}")))
            .await,
    );
    assert!(why.contains("needs at least 4 players"), "{why}");
    tournament(&service, &cat, &format!("join {id}")).await;
    let twice = refused(
        service
            .run(&req(&cat, None), Command::Tournament(format!("join {id}")))
            .await,
    );
    assert!(twice.contains("already"), "{twice}");
    // A moderator may start it (here: call it off).
    let off = ok(service
        .run(
            &req(&ben, None).admin(true),
            Command::Tournament(format!("cancel {id}")),
        )
        .await);
    assert!(off.text.contains("called off"), "{}", off.text);
    for (terms, says) in [
        ("new chess format=swiss", "rounds"),
        ("new catalonia format=swiss rounds=3", "duplicate event"),
        ("new chess rounds=0", "from 1 to 15"),
        ("new chess colour=white", "not one of them"),
        ("new", "Name the game"),
        ("dance", "not one of them"),
    ] {
        let why = refused(
            service
                .run(&req(&ann, None), Command::Tournament(terms.into()))
                .await,
        );
        assert!(why.contains(says), "{terms}: {why}");
        assert!(why.len() < 300, "{why}");
    }
    let long = "x".repeat(200);
    let why = refused(
        service
            .run(&req(&ann, None), Command::Tournament(format!("new {long}")))
            .await,
    );
    assert!(!why.contains(&"x".repeat(41)), "{why}");
    // Nothing is run in a direct conversation.
    let why = refused(
        service
            .run(
                &ask(&Place::direct("dm-ann"), &ann, None),
                Command::Tournament("new chess rounds=3".into()),
            )
            .await,
    );
    assert!(why.contains("server channel"), "{why}");
    let _ = here();
}

async fn it_starts_at_its_time_and_a_game_lost_on_time_without_a_move_is_a_forfeit(db: TestDb) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = Service::new(db.open().await, Arc::new(TextPainter)).with_clock(clock.clone());
    let [ann, ben, cat] = ["ann", "ben", "cat"].map(person);
    let id = announce(
        &service,
        &ann,
        "chess format=round-robin deadline=1h start=1d",
        &[&ann, &ben, &cat],
    )
    .await;
    // Not before its time.
    clock.advance(Duration::from_secs(23 * 3600));
    service.advance_tournaments().await.unwrap();
    assert_eq!(state(&service, id).await, (TournamentState::Open, 0));
    clock.advance(Duration::from_secs(3600));
    service.advance_tournaments().await.unwrap();
    assert_eq!(state(&service, id).await, (TournamentState::Running, 1));
    // Three players: one game a round, the third rests (no game, no point).
    let round_1 = boards(&service, id, 1).await;
    assert_eq!(round_1.len(), 1);
    let byes = service.store().tournament_byes(id).await.unwrap();
    assert_eq!(byes.len(), 1);
    assert_eq!(byes[0].absence, "rest");
    // Nobody moves: after the hour White loses on time, never having moved: a forfeit,
    // which ends the round, and the next round starts at once.
    clock.advance(Duration::from_secs(3601));
    service.fire_due_timers().await.unwrap();
    let ended = boards(&service, id, 1).await;
    assert_eq!(
        ended[0].end,
        BoardEnd::Won {
            winner: chatrang::rules::Color::Black,
            forfeit: true
        }
    );
    assert_eq!(state(&service, id).await, (TournamentState::Running, 2));
    let pairings = tournament(&service, &ann, &format!("pairings {id}")).await;
    assert!(pairings.contains("round 2 of 3"), "{pairings}");
    let standings = tournament(&service, &ann, &format!("standings {id}")).await;
    // The forfeit gives Black the point, and counts for neither as a game played: the
    // winner's Sonneborn-Berger counts it against a dummy opponent on its own score (1),
    // and the rest counts 0 against a dummy on one's own score too.
    let winner = person(&name_of(&ended[0].black));
    assert!(
        standings.contains(&format!("1. {} 1 (SB 1)", winner.name)),
        "{standings}"
    );
}

/// A service that draws real pictures and delivers through an outbox.
async fn drawing_service(db: &TestDb) -> Arc<Service> {
    Arc::new(
        Service::new(db.open().await, Arc::new(chatrang::service::RenderPainter))
            .with_outbox(Outbox::new("test")),
    )
}

/// A round robin of ann and ben, over after its one game (Black resigns, and the adapter
/// says it posted that answer); its number and that game's board.
async fn two_player_round_robin_over(service: &Service) -> (i64, BoardRow) {
    let [ann, ben] = ["ann", "ben"].map(person);
    let id = announce(service, &ann, "chess format=round-robin", &[&ann, &ben]).await;
    tournament(service, &ann, &format!("start {id}")).await;
    let game = boards(service, id, 1).await[0].clone();
    let loser = person(&name_of(&game.black));
    let resigned = ok(service
        .run(&req(&loser, Some(game.game_id)), Command::Resign)
        .await);
    service.delivered(&resigned).await;
    (id, game)
}

/// The standings are a table picture, with the same table in words as its alt text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standings_are_a_png_table_with_its_rows_in_words() {
    let Some(db) = TestDb::new(crate::common::Backend::Sqlite).await else {
        return;
    };
    let service = drawing_service(&db).await;
    let ann = person("ann");
    let (id, game) = two_player_round_robin_over(&service).await;
    let reply = ok(service
        .run(
            &req(&ann, None),
            Command::Tournament(format!("standings {id}")),
        )
        .await);
    let image = reply.image.expect("a table picture");
    let decoded = image::load_from_memory(&image.bytes).expect("a PNG");
    assert!(
        (400..=900).contains(&decoded.width()),
        "{}",
        decoded.width()
    );
    assert_eq!(image.filename, format!("tournament-{id}-standings.png"));
    let winner = name_of(&game.white);
    assert!(
        image.description.contains(&format!(
            "Place | Player | Points | SB\n1 | {winner} | 1 | 0"
        )),
        "{}",
        image.description
    );
}

/// What the delivery loop posted.
#[derive(Clone, Default)]
struct Posted(Arc<std::sync::Mutex<Vec<chatrang::service::Reply>>>);

impl chatrang::service::Poster for Posted {
    async fn post(
        &self,
        reply: &chatrang::service::Reply,
    ) -> Result<(), chatrang::service::PostFailure> {
        self.0.lock().unwrap().push(reply.clone());
        Ok(())
    }
}

/// The final standings are posted by the delivery loop with the table picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_final_standings_are_posted_with_the_table_picture() {
    let Some(db) = TestDb::new(crate::common::Backend::Sqlite).await else {
        return;
    };
    let service = drawing_service(&db).await;
    two_player_round_robin_over(&service).await;
    let posted = Posted::default();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let running = service.clone();
    let poster = posted.clone();
    let task = tokio::spawn(async move { running.run_background(poster, stopped).await });
    let found = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            let hit = posted
                .0
                .lock()
                .unwrap()
                .iter()
                .find(|r| r.text.contains("is over. Winner"))
                .cloned();
            if let Some(reply) = hit {
                return reply;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the final standings are posted");
    stop.send(true).unwrap();
    task.await.unwrap();
    let image = found.image.expect("posted with the table picture");
    assert!(image::load_from_memory(&image.bytes).is_ok());
    assert!(image.description.contains("Place | Player | Points | SB"));
}

async fn an_entry_at_the_moment_of_the_start_is_paired_or_a_late_joiner_never_left_out(db: TestDb) {
    for attempt in 0..5 {
        let first = db.service().await;
        let second = db.service().await;
        let people = ["ann", "ben", "cat", "dan"].map(|n| person(&format!("{n}{attempt}")));
        let refs: Vec<&User> = people.iter().collect();
        let id = announce(&first, &people[0], "chess rounds=2", &refs).await;
        let latecomer = person(&format!("eve{attempt}"));
        let (starter, joiner) = (req(&people[0], None), req(&latecomer, None));
        let (started, joined) = tokio::join!(
            first.run(&starter, Command::Tournament(format!("start {id}"))),
            second.run(&joiner, Command::Tournament(format!("join {id}"))),
        );
        ok(started);
        ok(joined);
        // Eve has a number either way: paired in round 1 (she entered first), or from round
        // 2 on (she entered once it ran).
        let entrants = first.store().entrants(id).await.unwrap();
        assert_eq!(entrants.len(), 5);
        assert!(entrants.iter().all(|e| e.number.is_some()), "{entrants:?}");
        let eve = entrants.iter().find(|e| e.user_id == latecomer.id).unwrap();
        let round_1 = boards(&first, id, 1).await;
        let byes = first.store().tournament_byes(id).await.unwrap();
        let in_round_1 = round_1
            .iter()
            .any(|b| b.white == eve.user_id || b.black == eve.user_id)
            || byes.iter().any(|b| b.user_id == eve.user_id);
        assert_eq!(in_round_1, eve.joined_round == 1, "{eve:?}");
    }
}
