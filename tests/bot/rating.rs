//! `/rating` and the rating history behind it: every rated game writes one history row per
//! player (ratings from before the history get a starting row), and `/rating` tells a person's
//! games, results, best win and median time per move in the server it is asked in, and
//! nothing of any other server.

use std::sync::Arc;

use chatrang::{
    service::{Command, Place, RenderPainter, Service, TeamOutcome, User, parse, rate_teams},
    store::LogKind,
};
use skillratings::glicko2::Glicko2Rating;

use crate::common::{TestDb, ask, ok, person, play, refused, req, two_player};

on_both_backends!(
    every_rated_game_writes_one_history_row_per_player,
    ratings_from_before_the_history_start_it_with_their_value,
    rating_tells_games_results_best_win_and_time_per_move,
    another_server_sees_no_rating_and_a_direct_message_none_at_all,
    the_leaderboard_without_a_game_lists_every_game_played_here,
);

/// A channel of another server.
fn elsewhere() -> Place {
    Place::new("server-2", "channel-9")
}

fn rating(user: Option<&User>, game: &str) -> Command {
    Command::Rating {
        user: user.cloned(),
        game: game.to_string(),
    }
}

/// A game of chess between `white` and `black` that `loser` resigns at once.
async fn resigned(service: &Service, white: &User, black: &User, loser: &User) -> i64 {
    let id = two_player(service, "chess", white, black, &[]).await;
    ok(service.run(&req(loser, Some(id)), Command::Resign).await);
    id
}

async fn every_rated_game_writes_one_history_row_per_player(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let first = resigned(&service, &alice, &bob, &bob).await;
    let second = two_player(&service, "chess", &alice, &bob, &[]).await;
    ok(service.run(&req(&alice, Some(second)), Command::Draw).await);
    ok(service.run(&req(&bob, Some(second)), Command::Draw).await);
    // An open game changes no rating.
    two_player(&service, "chess", &alice, &bob, &[]).await;
    assert_eq!(db.count("SELECT COUNT(*) FROM rating_history").await, 4);
    for game in [first, second] {
        let rows = db
            .count(&format!(
                "SELECT COUNT(*) FROM rating_history WHERE game_id = {game} \
                 AND server_id = 'server-1' AND variant = 'chess'"
            ))
            .await;
        assert_eq!(rows, 2, "game #{game}");
    }
    // Each player's last row is their rating now, and their rows follow their games.
    let store = service.store();
    for who in [&alice, &bob] {
        let history = store
            .rating_history("server-1", chatrang::rules::GameId::Chess, &who.id)
            .await
            .unwrap();
        let games: Vec<Option<i64>> = history.iter().map(|p| p.game_id).collect();
        assert_eq!(games, [Some(first), Some(second)], "{}", who.name);
        let now = store
            .rating("server-1", chatrang::rules::GameId::Chess, &who.id)
            .await
            .unwrap()
            .unwrap();
        let last = history.last().unwrap();
        assert_eq!((last.rating, last.deviation), (now.rating, now.deviation));
    }
    // The first game moved Alice from where everyone starts, as Glicko-2 says.
    let fresh = Glicko2Rating::new();
    let (won, _) = rate_teams(&[fresh], &[fresh], TeamOutcome::WhiteWins);
    let alice_history = store
        .rating_history("server-1", chatrang::rules::GameId::Chess, &alice.id)
        .await
        .unwrap();
    assert!((alice_history[0].rating - won[0].rating).abs() < 1e-9);
}

async fn ratings_from_before_the_history_start_it_with_their_value(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    resigned(&service, &alice, &bob, &bob).await;
    service.store().close().await;
    // The database as it was before the history was kept: ratings, and no history table.
    db.execute("DROP TABLE rating_history").await;
    db.execute("DELETE FROM _sqlx_migrations WHERE version = 11")
        .await;
    db.execute("UPDATE ratings SET updated_at = 1700000000000 WHERE user_id = 'id-alice'")
        .await;
    let store = db.open().await;
    assert_eq!(db.count("SELECT COUNT(*) FROM rating_history").await, 2);
    let starting = db
        .count(
            "SELECT COUNT(*) FROM rating_history h JOIN ratings r \
             ON r.server_id = h.server_id AND r.variant = h.variant AND r.user_id = h.user_id \
             WHERE h.game_id IS NULL AND h.rating = r.rating AND h.deviation = r.deviation \
             AND h.at = r.updated_at",
        )
        .await;
    assert_eq!(
        starting, 2,
        "one starting row a rating, with its value and time"
    );
    let alice_history = store
        .rating_history("server-1", chatrang::rules::GameId::Chess, &alice.id)
        .await
        .unwrap();
    assert_eq!(alice_history.len(), 1);
    assert_eq!(alice_history[0].at, 1_700_000_000_000);
    // The next game goes on from there.
    let service = Service::new(store, Arc::new(chatrang::service::TextPainter));
    resigned(&service, &alice, &bob, &alice).await;
    let after = service
        .store()
        .rating_history("server-1", chatrang::rules::GameId::Chess, &alice.id)
        .await
        .unwrap();
    assert_eq!(after.len(), 2);
    assert_eq!(after[0].game_id, None);
    assert!(after[1].rating < after[0].rating, "a loss lowers it");
}

/// Noon UTC on 2026-03-14, when the best win is recorded as finished.
const PI_DAY: i64 = 1_773_489_600_000;

/// Sets the times of game `id`'s log: each of `mover`'s moves comes the next of `delays`
/// (milliseconds) after the line before it, every other line a second after the one before.
async fn time_log(db: &TestDb, service: &Service, id: i64, mover: &User, delays: &mut Vec<i64>) {
    let mut at = 1_780_000_000_000 + id * 100_000_000;
    for entry in service.store().log(id).await.unwrap() {
        let mine = entry.kind == LogKind::Move && entry.user_id == mover.id;
        at += if mine { delays.remove(0) } else { 1_000 };
        db.execute(&format!(
            "UPDATE game_log SET at = {at} WHERE game_id = {id} AND seq = {}",
            entry.seq
        ))
        .await;
    }
}

async fn rating_tells_games_results_best_win_and_time_per_move(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    // Carol beats Bob first: she is above the start, he below, when Alice meets them.
    resigned(&service, &carol, &bob, &bob).await;
    // Alice beats Bob, beats Carol, draws with Bob and loses to Carol: five moves of hers.
    let beat_bob = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, beat_bob, &alice, &bob, &["e2e4", "e7e5", "g1f3"]).await;
    ok(service
        .run(&req(&bob, Some(beat_bob)), Command::Resign)
        .await);
    let beat_carol = two_player(&service, "chess", &alice, &carol, &[]).await;
    play(&service, beat_carol, &alice, &carol, &["e2e4"]).await;
    ok(service
        .run(&req(&carol, Some(beat_carol)), Command::Resign)
        .await);
    let drew = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, drew, &alice, &bob, &["d2d4", "d7d5"]).await;
    ok(service.run(&req(&alice, Some(drew)), Command::Draw).await);
    ok(service.run(&req(&bob, Some(drew)), Command::Draw).await);
    let lost = two_player(&service, "chess", &alice, &carol, &[]).await;
    play(&service, lost, &alice, &carol, &["e2e4", "e7e5"]).await;
    ok(service.run(&req(&alice, Some(lost)), Command::Resign).await);
    // Alice's moves took 5 s, 70 s, 20 s, 5 min and 40 s: the median is 40 s.
    let mut delays = vec![5_000, 70_000, 20_000, 300_000, 40_000];
    for game in [beat_bob, beat_carol, drew, lost] {
        time_log(&db, &service, game, &alice, &mut delays).await;
    }
    assert!(delays.is_empty(), "every delay used: {delays:?}");
    db.execute(&format!(
        "UPDATE results SET finished_at = {PI_DAY} WHERE game_id = {beat_carol}"
    ))
    .await;
    // Carol's rating when Alice beat her: what her first win made of the start.
    let fresh = Glicko2Rating::new();
    let (carol_then, bob_then) = rate_teams(&[fresh], &[fresh], TeamOutcome::WhiteWins);
    assert!(carol_then[0].rating > bob_then[0].rating);

    let text = ok(service.run(&req(&alice, None), rating(None, "chess")).await).text;
    let now = service
        .store()
        .rating("server-1", chatrang::rules::GameId::Chess, &alice.id)
        .await
        .unwrap()
        .unwrap();
    assert!(
        text.contains(&format!("{:.0} (±{:.0})", now.rating, 2.0 * now.deviation)),
        "{text}"
    );
    assert!(text.contains("4 games: 2 won, 1 drawn, 1 lost"), "{text}");
    assert!(
        text.contains(&format!(
            "Best win: carol ({:.0}) in game #{beat_carol} on 2026-03-14",
            carol_then[0].rating
        )),
        "{text}"
    );
    assert!(
        text.contains("Median time per move: 40 s (over 5 moves)"),
        "{text}"
    );
    // Bob, asked about by Alice: one game won by nobody, no best win; his own moves' times.
    let about_bob = ok(service
        .run(&req(&alice, None), rating(Some(&bob), "chess"))
        .await)
    .text;
    assert!(about_bob.starts_with("bob's Chess rating"), "{about_bob}");
    assert!(
        about_bob.contains("3 games: 0 won, 1 drawn, 2 lost"),
        "{about_bob}"
    );
    assert!(about_bob.contains("Best win: none yet"), "{about_bob}");
    // Without a game: one line a game played here, the same numbers.
    let every = ok(service.run(&req(&alice, None), rating(None, "")).await).text;
    assert!(every.contains("• Chess: "), "{every}");
    assert!(every.contains("4 games: 2 won, 1 drawn, 1 lost"), "{every}");
    assert!(every.contains(&format!("#{beat_carol}")), "{every}");
    // A rating in a game this build no longer hosts is left out, and the others are told.
    db.execute(
        "INSERT INTO ratings (server_id, variant, user_id, rating, deviation, volatility, \
         games, wins, draws, losses, updated_at) \
         VALUES ('server-1', 'shogi-9000', 'id-alice', 1500, 350, 0.06, 9, 9, 0, 0, 0)",
    )
    .await;
    let still = ok(service.run(&req(&alice, None), rating(None, "")).await).text;
    assert_eq!(still, every);
    // The same through the text reader, as the console and Matrix type it.
    let console = |name: &str| {
        let name = name.trim_start_matches('@');
        User::new(format!("id-{name}"), name)
    };
    let line = parse("/rating @bob chess", '/', &console).unwrap().unwrap();
    let typed = ok(service.run(&req(&alice, None), line.command).await).text;
    assert_eq!(typed, about_bob);
}

async fn another_server_sees_no_rating_and_a_direct_message_none_at_all(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, dave) = (person("alice"), person("bob"), person("dave"));
    resigned(&service, &alice, &bob, &bob).await;
    let mallory = person("mallory");
    for game in ["chess", ""] {
        // Alice herself, in server 2: the answer of someone who never played.
        let hers = ok(service
            .run(&ask(&elsewhere(), &alice, None), rating(None, game))
            .await);
        let never = ok(service.run(&req(&dave, None), rating(None, game)).await);
        assert_eq!(hers.text, never.text);
        assert!(hers.image.is_none());
        assert!(
            hers.text.contains("/new "),
            "says how to get one: {}",
            hers.text
        );
        // Alice named by someone in server 2: as if she were Dave, who never played.
        let named = ok(service
            .run(
                &ask(&elsewhere(), &mallory, None),
                rating(Some(&alice), game),
            )
            .await);
        let never = ok(service
            .run(&req(&mallory, None), rating(Some(&dave), game))
            .await);
        assert_eq!(named.text.replace("alice", "dave"), never.text);
    }
    // In server 1 she has one.
    let home = ok(service.run(&req(&alice, None), rating(None, "chess")).await);
    assert!(home.text.contains("1 game: 1 won"), "{}", home.text);
    // A direct message has no ratings: refused as the leaderboard is.
    let why = refused(
        service
            .run(
                &ask(&Place::direct("dm-alice"), &alice, None),
                rating(None, "chess"),
            )
            .await,
    );
    assert!(why.contains("belong to a server"), "{why}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_quoted_short() {
    let Some(db) = TestDb::new(crate::common::Backend::Sqlite).await else {
        return;
    };
    let service = db.service().await;
    let alice = person("alice");
    let long = format!("{}{}", "n".repeat(30), "o".repeat(30));
    // An unknown game (or a person written without @): quoted to 40 characters.
    for typed in [long.clone(), format!("bob {long}")] {
        let why = refused(service.run(&req(&alice, None), rating(None, &typed)).await);
        let quoted: String = typed.chars().take(40).collect();
        let longer: String = typed.chars().take(41).collect();
        assert!(why.contains(&quoted) && !why.contains(&longer), "{why}");
        assert!(why.contains("/rating @someone"), "{why}");
        assert!(why.chars().count() < 200, "{why}");
    }
    // Two people, or an @ alone, where one person is meant.
    let console = |name: &str| User::new(name.to_lowercase(), name);
    let two = parse(&format!("/rating @bob @{long} chess"), '/', &console).unwrap_err();
    let why = two.to_string();
    assert!(why.contains(&format!("@{}", &long[..39])), "{why}");
    assert!(!why.contains(&format!("@{}", &long[..40])), "{why}");
    let alone = parse("/rating @ chess", '/', &console)
        .unwrap_err()
        .to_string();
    assert!(alone.contains("\"@\""), "{alone}");
    // Catalonia has scores, not ratings: the sentence says where to look.
    let why = refused(
        service
            .run(&req(&alice, None), rating(None, "catalonia"))
            .await,
    );
    assert!(why.contains("/leaderboard catalonia"), "{why}");
}

/// The chart: a PNG of the chart's size, described in words, from the real painter.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rating_chart_is_a_png_with_its_history_in_words() {
    let Some(db) = TestDb::new(crate::common::Backend::Sqlite).await else {
        return;
    };
    let service = Service::new(db.open().await, Arc::new(RenderPainter));
    let (alice, bob) = (person("alice"), person("bob"));
    resigned(&service, &alice, &bob, &bob).await;
    resigned(&service, &alice, &bob, &alice).await;
    let reply = ok(service.run(&req(&alice, None), rating(None, "chess")).await);
    let image = reply.image.expect("a chart");
    let decoded = image::load_from_memory(&image.bytes).expect("a PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (
            chatrang::render::chart::CHART_WIDTH,
            chatrang::render::chart::CHART_HEIGHT
        )
    );
    assert_eq!(image.filename, "rating-chess.png");
    let words = &image.description;
    assert!(
        words.starts_with("alice's rating history: Chess from "),
        "{words}"
    );
    assert!(
        words.contains("lowest") && words.contains("highest"),
        "{words}"
    );
    // Without a game, every game played here is a line of one chart.
    let every = ok(service.run(&req(&alice, None), rating(None, "")).await);
    assert!(every.image.is_some());
}

async fn the_leaderboard_without_a_game_lists_every_game_played_here(db: TestDb) {
    let service = db.service().await;
    let (alice, bob, carol) = (person("alice"), person("bob"), person("carol"));
    resigned(&service, &alice, &bob, &bob).await;
    let cataclysm = two_player(&service, "cataclysm", &carol, &bob, &[]).await;
    ok(service
        .run(&req(&carol, Some(cataclysm)), Command::Resign)
        .await);
    let leaders = ok(service
        .run(&req(&alice, None), Command::Leaderboard(String::new()))
        .await)
    .text;
    let line = |game: &str| {
        leaders
            .lines()
            .find(|l| l.starts_with(&format!("• {game}: ")))
            .unwrap_or_else(|| panic!("no line for {game}: {leaders}"))
            .to_string()
    };
    assert!(line("Chess").starts_with("• Chess: alice "), "{leaders}");
    assert!(
        line("Cataclysm").starts_with("• Cataclysm: bob "),
        "{leaders}"
    );
    // Games nobody played here have no line.
    assert_eq!(
        leaders.lines().filter(|l| l.starts_with("• ")).count(),
        2,
        "{leaders}"
    );
}
