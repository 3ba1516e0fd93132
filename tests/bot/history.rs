//! `/history` reads like a score sheet and attaches the game's record in PGN. Chess is in
//! standard algebraic notation, numbered as players count, and checked against independent
//! oracles: shakmaty (lichess's rules library) writes the SAN ours must match, and pgn-reader
//! reads our records back and replays them to our final position.

use std::{io, ops::ControlFlow};

use chatrang::{
    rules::{
        chess,
        chesslike::{Position, notation, san::san},
    },
    service::{Command, NewGame, Reply, Service, User},
    store::LogKind,
};
use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _, fen::Fen, uci::UciMove};

use crate::common::{TestDb, move_as, ok, person, play, req, two_player};

on_both_backends!(
    a_chess_game_is_a_score_sheet_in_san_and_a_pgn_that_replays,
    en_passant_a_named_knight_and_a_promotion_replay_from_the_pgn,
    a_custom_start_is_in_the_pgn_with_setup_and_fen,
    moves_taken_back_leave_the_sheet_and_a_note_stands_in_their_place,
    catalonia_is_numbered_by_turn,
    other_games_keep_their_own_notation_numbered_by_pairs,
    quotes_and_backslashes_in_names_are_escaped_in_the_tags,
);

// ---- SAN against shakmaty, position by position ----

/// Positions with every kind of SAN: the start, the perft suite's tricky ones (castling both
/// ways, en passant, promotions with and without capture, pins, checks), and positions made
/// for disambiguation by file, by rank and by square.
const POSITIONS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kiwipete, perft position 2.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // Promotions by both sides, and knights that share squares.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Two knights on one rank, two on one file, three queens, rooks on a rank and a file.
    "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
    "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1",
    "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
    "4k3/8/8/R7/8/8/4K3/R6R w - - 0 1",
    // A pinned knight is no rival; a pawn takes en passant; a scholar's mate.
    "4r1k1/8/8/8/8/8/2N1N3/4K3 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
];

fn ours(fen: &str) -> Position {
    Position::from_text(chess::variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn theirs(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Our SAN of the move written `canonical` (`e7e8=Q`, `e1g1` for castling) in `fen`.
fn san_of(fen: &str, canonical: &str) -> String {
    let pos = ours(fen);
    let m = notation::parse(&pos, canonical, &pos.legal_moves())
        .unwrap_or_else(|e| panic!("{fen}: {canonical}: {e}"));
    san(&pos, m)
}

/// Every legal move of `fen` gets the SAN shakmaty gives it; returns how many were compared.
fn agrees_with_shakmaty(fen: &str) -> usize {
    let pos = ours(fen);
    let oracle = theirs(fen);
    let legal = pos.legal_moves();
    assert_eq!(
        legal.len(),
        oracle.legal_moves().len(),
        "{fen}: the same legal moves"
    );
    for &m in &legal {
        let canonical = notation::canonical(&pos, m);
        let uci = canonical.replace('=', "").to_ascii_lowercase();
        let theirs = UciMove::from_ascii(uci.as_bytes())
            .unwrap()
            .to_move(&oracle)
            .unwrap_or_else(|e| panic!("{fen}: {uci}: {e}"));
        assert_eq!(
            san(&pos, m),
            shakmaty::san::SanPlus::from_move(oracle.clone(), theirs).to_string(),
            "{fen}: the SAN of {canonical}"
        );
    }
    legal.len()
}

#[test]
fn san_tells_moves_apart_by_file_then_rank_then_square() {
    let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san_of(knights, "b1d2"), "Nbd2");
    assert_eq!(san_of(knights, "f1d2"), "Nfd2");
    assert_eq!(san_of(knights, "b1c3"), "Nc3", "no rival: no origin");
    let on_a_file = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1";
    assert_eq!(san_of(on_a_file, "g1f3"), "N1f3");
    assert_eq!(san_of(on_a_file, "g5f3"), "N5f3");
    assert_eq!(san_of(on_a_file, "g5e4"), "Ne4");
    let queens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    assert_eq!(san_of(queens, "a1b2"), "Qa1b2", "file and rank both shared");
    assert_eq!(san_of(queens, "a3b2"), "Q3b2");
    assert_eq!(san_of(queens, "c1b2"), "Qcb2");
    let rooks = "4k3/8/8/R7/8/8/4K3/R6R w - - 0 1";
    assert_eq!(san_of(rooks, "a1d1"), "Rad1");
    assert_eq!(san_of(rooks, "h1d1"), "Rhd1");
    assert_eq!(san_of(rooks, "a1a3"), "R1a3");
    assert_eq!(san_of(rooks, "a5a3"), "R5a3");
    assert_eq!(
        san_of("4r1k1/8/8/8/8/8/2N1N3/4K3 w - - 0 1", "c2d4"),
        "Nd4",
        "a pinned knight cannot go there, so it is no rival"
    );
    for fen in &POSITIONS[6..11] {
        agrees_with_shakmaty(fen);
    }
}

#[test]
fn san_writes_captures_castling_promotion_check_and_mate() {
    let kiwipete = POSITIONS[1];
    assert_eq!(san_of(kiwipete, "e1g1"), "O-O");
    assert_eq!(san_of(kiwipete, "e1c1"), "O-O-O");
    assert_eq!(san_of(kiwipete, "e5f7"), "Nxf7");
    assert_eq!(san_of(kiwipete, "d5e6"), "dxe6");
    assert_eq!(
        san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"),
        "exd6",
        "en passant"
    );
    let promotion = "3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(promotion, "c7d8=Q"), "cxd8=Q+");
    assert_eq!(san_of(promotion, "c7c8=N"), "c8=N");
    assert_eq!(san_of(POSITIONS[5], "g2h1=Q"), "gxh1=Q");
    assert_eq!(san_of(POSITIONS[11], "h5f7"), "Qxf7#");
}

#[test]
fn san_agrees_with_shakmaty_on_every_move_two_plies_deep() {
    let mut compared = 0;
    for fen in POSITIONS {
        compared += agrees_with_shakmaty(fen);
        let pos = ours(fen);
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            compared += agrees_with_shakmaty(&next.to_text());
        }
    }
    assert!(compared > 6_000, "{compared} moves compared");
}

// ---- the record, read back by pgn-reader and replayed by shakmaty ----

/// A record as a PGN reader sees it.
#[derive(Debug)]
struct ReadBack {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    comments: Vec<String>,
    outcome: Option<String>,
    /// The position after replaying every move, from the `FEN` tag or the usual start.
    position: Chess,
}

impl ReadBack {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = ReadBack;
    type Output = Result<ReadBack, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let position = match tags.iter().find(|(n, _)| n == "FEN") {
            Some((_, fen)) => match Fen::from_ascii(fen.as_bytes())
                .map_err(|e| e.to_string())
                .and_then(|f| {
                    f.into_position(CastlingMode::Standard)
                        .map_err(|e| e.to_string())
                }) {
                Ok(position) => position,
                Err(e) => return ControlFlow::Break(Err(format!("FEN {fen}: {e}"))),
            },
            None => Chess::default(),
        };
        ControlFlow::Continue(ReadBack {
            tags,
            sans: Vec::new(),
            comments: Vec::new(),
            outcome: None,
            position,
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&game.position) {
            Ok(m) => {
                game.sans.push(san_plus.to_string());
                game.position.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(format!("{san_plus}: {e}"))),
        }
    }

    fn comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        game.comments.push(
            String::from_utf8_lossy(comment.as_bytes())
                .trim()
                .to_string(),
        );
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        game.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        Ok(game)
    }
}

/// Reads a PGN record and replays its moves; fails on any move that is not legal SAN.
fn read_back(pgn: &str) -> ReadBack {
    Reader::new(io::Cursor::new(pgn.as_bytes()))
        .read_game(&mut Collect)
        .expect("the record reads")
        .expect("the record holds a game")
        .unwrap_or_else(|e| panic!("{e}\n{pgn}"))
}

/// The record attached to a `/history` reply, and its file name.
fn record(reply: &Reply) -> (String, String) {
    let file = reply.attachment.as_ref().expect("a record is attached");
    (
        file.filename.clone(),
        String::from_utf8(file.content.clone()).expect("the record is text"),
    )
}

/// The movetext of a record on one line (its lines are cut at 79 characters).
fn movetext(pgn: &str) -> String {
    pgn.lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tag lines of a record, in order.
fn tag_names(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix('['))
        .map(|l| l.split(' ').next().unwrap_or("").to_string())
        .collect()
}

/// `/history` of game `id`, asked by `user`.
async fn history(service: &Service, user: &User, id: i64) -> Reply {
    ok(service.run(&req(user, Some(id)), Command::History).await)
}

/// The moves of the message: every line between the header and the status line.
fn sheet_lines(reply: &Reply) -> Vec<String> {
    let lines: Vec<&str> = reply.text.lines().collect();
    lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// The board and the side to move of a position string (FEN's first two fields).
fn placement_and_turn(fen: &str) -> String {
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// The replayed position is the one the service stored.
async fn ends_where_we_end(service: &Service, id: i64, read: &ReadBack) {
    let row = service.store().game(id).await.unwrap().unwrap();
    let replayed = Fen::from_position(&read.position, EnPassantMode::Legal).to_string();
    assert_eq!(
        placement_and_turn(&replayed),
        placement_and_turn(&row.position)
    );
}

/// `asker` asks to take back their last move (and the reply, at their own turn) and `allower`
/// allows it.
async fn take_back(service: &Service, id: i64, asker: &User, allower: &User) {
    ok(service.run(&req(asker, Some(id)), Command::Undo).await);
    ok(service.run(&req(allower, Some(id)), Command::Undo).await);
}

/// Légal's mate after White castles: captures, castling, a check and a mate, in SAN.
async fn a_chess_game_is_a_score_sheet_in_san_and_a_pgn_that_replays(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(
        &service,
        id,
        &alice,
        &bob,
        &[
            "e2e4", "e7e5", "g1f3", "d7d6", "f1c4", "c8g4", "e1g1", "g7g6", "b1c3", "a7a6", "f3e5",
            "g4d1", "c4f7", "e8e7", "c3d5",
        ],
    )
    .await;
    let reply = history(&service, &bob, id).await;
    assert_eq!(
        sheet_lines(&reply),
        [
            "1. e4 e5",
            "2. Nf3 d6",
            "3. Bc4 Bg4",
            "4. O-O g6",
            "5. Nc3 a6",
            "6. Nxe5 Bxd1",
            "7. Bxf7+ Ke7",
            "8. Nd5#",
        ],
        "{}",
        reply.text
    );
    let (filename, pgn) = record(&reply);
    assert_eq!(filename, format!("chatrang-game-{id}.pgn"));
    assert_eq!(
        tag_names(&pgn)[..7],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
        "the Seven Tag Roster opens the record, in its order:\n{pgn}"
    );
    assert!(
        !pgn.contains("[FEN ") && !pgn.contains("[SetUp "),
        "the usual start needs no FEN:\n{pgn}"
    );
    assert!(
        pgn.lines().all(|l| l.chars().count() <= 79),
        "lines of at most 79 characters:\n{pgn}"
    );
    assert_eq!(
        movetext(&pgn),
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. O-O g6 5. Nc3 a6 6. Nxe5 Bxd1 7. Bxf7+ Ke7 8. Nd5# 1-0"
    );
    let read = read_back(&pgn);
    assert_eq!(
        read.tag("Event"),
        Some(&*format!("Chatrang game #{id} (Chess)"))
    );
    assert_eq!(read.tag("White"), Some("alice"));
    assert_eq!(read.tag("Black"), Some("bob"));
    assert_eq!(read.tag("Round"), Some("-"));
    assert_eq!(read.tag("Result"), Some("1-0"));
    assert_eq!(read.tag("Termination"), Some("White wins (checkmate)"));
    let date = read.tag("Date").unwrap();
    assert!(
        date.len() == 10
            && date.chars().enumerate().all(|(i, c)| if i == 4 || i == 7 {
                c == '.'
            } else {
                c.is_ascii_digit()
            }),
        "YYYY.MM.DD: {date}"
    );
    assert_eq!(read.outcome.as_deref(), Some("1-0"));
    assert_eq!(read.sans.len(), 15);
    assert!(read.position.is_checkmate());
    ends_where_we_end(&service, id, &read).await;
}

/// En passant, a knight named by its file, and a promotion that captures with check.
async fn en_passant_a_named_knight_and_a_promotion_replay_from_the_pgn(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(
        &service,
        id,
        &alice,
        &bob,
        &[
            "e4", "a7a6", "e5", "d5", "exd6", "Nf6", "dxc7", "b8d7", "c7d8=Q", "e8d8",
        ],
    )
    .await;
    let reply = history(&service, &alice, id).await;
    let (_, pgn) = record(&reply);
    assert_eq!(
        movetext(&pgn),
        "1. e4 a6 2. e5 d5 3. exd6 Nf6 4. dxc7 Nbd7 5. cxd8=Q+ Kxd8 *"
    );
    let read = read_back(&pgn);
    assert_eq!(read.outcome.as_deref(), Some("*"));
    assert_eq!(read.tag("Result"), Some("*"));
    assert_eq!(read.tag("Termination"), None, "the game goes on");
    ends_where_we_end(&service, id, &read).await;
}

/// A game set up at move 23 with Black to move: the sheet starts at `23...`, and the record
/// says where it started.
async fn a_custom_start_is_in_the_pgn_with_setup_and_fen(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let start = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 23";
    let id = two_player(&service, "chess", &alice, &bob, &[("position", start)]).await;
    play(&service, id, &bob, &alice, &["Kd7", "e4", "Kd6"]).await;
    let reply = history(&service, &alice, id).await;
    assert_eq!(
        sheet_lines(&reply),
        ["23... Kd7", "24. e4 Kd6"],
        "{}",
        reply.text
    );
    let (_, pgn) = record(&reply);
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.initial_position, start);
    let read = read_back(&pgn);
    assert_eq!(read.tag("SetUp"), Some("1"));
    assert_eq!(read.tag("FEN"), Some(start));
    assert_eq!(movetext(&pgn), "23... Kd7 24. e4 Kd6 *");
    ends_where_we_end(&service, id, &read).await;
}

/// An undo takes the move off the sheet and leaves a note where it was; the two moves of an
/// undo asked at one's own turn (one's move and the reply) share a note; Black's move taken
/// back is followed by `N...`. The record keeps the notes as comments and still replays the
/// game that stands.
async fn moves_taken_back_leave_the_sheet_and_a_note_stands_in_their_place(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "chess", &alice, &bob, &[]).await;
    play(&service, id, &alice, &bob, &["e4", "e5", "Nf3"]).await;
    take_back(&service, id, &alice, &bob).await;
    play(&service, id, &alice, &bob, &["Bc4", "Nc6"]).await;
    take_back(&service, id, &alice, &bob).await;
    play(&service, id, &alice, &bob, &["d4", "exd4"]).await;
    take_back(&service, id, &bob, &alice).await;
    ok(move_as(&service, &bob, Some(id), "Nc6").await);
    let reply = history(&service, &alice, id).await;
    assert_eq!(
        sheet_lines(&reply),
        [
            "1. e4 e5",
            "(1 move taken back: 2. Nf3)",
            "(2 moves taken back: 2. Bc4 Nc6)",
            "2. d4",
            "(1 move taken back: 2... exd4)",
            "2... Nc6",
        ],
        "{}",
        reply.text
    );
    let (_, pgn) = record(&reply);
    assert_eq!(
        movetext(&pgn),
        "1. e4 e5 {1 move taken back: 2. Nf3} {2 moves taken back: 2. Bc4 Nc6} 2. d4 \
         {1 move taken back: 2... exd4} 2... Nc6 *"
    );
    let read = read_back(&pgn);
    assert_eq!(read.sans, ["e4", "e5", "d4", "Nc6"]);
    assert_eq!(read.comments.len(), 3);
    ends_where_we_end(&service, id, &read).await;
}

/// The first of `user`'s legal moves in game `id` that moves a piece (not a swap offer).
async fn first_move(service: &Service, user: &User, id: i64) -> String {
    let moves = service
        .legal_moves(&req(user, Some(id)), "")
        .await
        .unwrap()
        .moves;
    moves
        .into_iter()
        .find(|m| m != "swap")
        .expect("a legal move")
}

/// Catalonia numbers its turns: a swap, its acceptance and both moves are turn 1's line.
async fn catalonia_is_numbered_by_turn(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    // A cooperative game starts at once, with nothing to accept.
    let reply = ok(service
        .run(
            &req(&alice, None),
            Command::New(NewGame {
                game: "catalonia".into(),
                opponent: Some(bob.clone()),
                seed: Some(1),
                ..NewGame::default()
            }),
        )
        .await);
    let id = reply.game.expect("a game id").id;
    ok(move_as(&service, &alice, Some(id), "swap").await);
    ok(move_as(&service, &bob, Some(id), "accept").await);
    let mut played = Vec::new();
    for user in [&bob, &alice, &alice, &bob] {
        let m = first_move(&service, user, id).await;
        ok(move_as(&service, user, Some(id), &m).await);
        played.push(m);
    }
    let reply = history(&service, &alice, id).await;
    assert_eq!(
        sheet_lines(&reply),
        [
            format!("1. swap accept {} {}", played[0], played[1]),
            format!("2. {} {}", played[2], played[3]),
        ],
        "{}",
        reply.text
    );
    let (filename, record) = record(&reply);
    assert_eq!(filename, format!("chatrang-game-{id}.txt"));
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        tag_names(&record),
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Variant",
            "SetUp",
            "FEN",
            "Options",
            "Seed",
            "CurrentPosition",
        ]
    );
    for tag in [
        "[Variant \"catalonia\"]".to_string(),
        format!("[FEN \"{}\"]", row.initial_position),
        "[Seed \"1\"]".to_string(),
        format!("[CurrentPosition \"{}\"]", row.position),
    ] {
        assert!(record.contains(&tag), "{tag} in:\n{record}");
    }
    assert_eq!(
        movetext(&record),
        format!(
            "1. swap accept {} {} 2. {} {} *",
            played[0], played[1], played[2], played[3]
        )
    );
}

/// A game without SAN keeps the notation its players type, numbered by move pairs.
async fn other_games_keep_their_own_notation_numbered_by_pairs(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "cataclysm", &alice, &bob, &[]).await;
    let mut played = Vec::new();
    for user in [&alice, &bob, &alice] {
        let m = first_move(&service, user, id).await;
        ok(move_as(&service, user, Some(id), &m).await);
        played.push(m);
    }
    let log = service.store().log(id).await.unwrap();
    let logged: Vec<String> = log
        .iter()
        .filter(|e| e.kind == LogKind::Move)
        .filter_map(|e| e.notation.clone())
        .collect();
    assert_eq!(logged, played, "the suggestions are the canonical notation");
    let reply = history(&service, &bob, id).await;
    assert_eq!(
        sheet_lines(&reply),
        [
            format!("1. {} {}", played[0], played[1]),
            format!("2. {}", played[2]),
        ],
        "{}",
        reply.text
    );
    let (_, record) = record(&reply);
    assert!(record.contains("[Variant \"cataclysm\"]"), "{record}");
}

/// Names with quotes and backslashes survive the trip through a PGN tag.
async fn quotes_and_backslashes_in_names_are_escaped_in_the_tags(db: TestDb) {
    let service = db.service().await;
    let quoted = User::new("id-quoted", r#"Al "the \ pawn""#);
    let bob = person("bob");
    let id = two_player(&service, "chess", &quoted, &bob, &[]).await;
    ok(move_as(&service, &quoted, Some(id), "e4").await);
    let (_, pgn) = record(&history(&service, &bob, id).await);
    assert!(
        pgn.contains(r#"[White "Al \"the \\ pawn\""]"#),
        "escaped as the standard says:\n{pgn}"
    );
    let read = read_back(&pgn);
    assert_eq!(read.tag("White"), Some(r#"Al "the \ pawn""#));
    assert_eq!(read.sans, ["e4"]);
}
