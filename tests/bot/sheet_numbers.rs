//! `/history` counts moves as the board does: what a game does before play begins
//! (Katarenga's baseline, a Pick-a-team draft) is written apart, and play is numbered from 1.

use chatrang::{
    rules::{Actor, Color, GameId, Status, registry},
    service::{Command, Service, User},
};

use crate::common::{TestDb, move_as, ok, person, req, two_player};

on_both_backends!(
    katarenga_numbers_play_from_white_s_first_move,
    a_pick_a_team_draft_is_not_counted_as_moves,
);

/// The lines of `/history` between its header and its status line.
async fn sheet(service: &Service, user: &User, id: i64) -> Vec<String> {
    let reply = ok(service.run(&req(user, Some(id)), Command::History).await);
    let lines: Vec<&str> = reply.text.lines().collect();
    lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// The first legal action of the side to act in game `id`, played by that side's player.
async fn play_first(service: &Service, id: i64, kind: GameId, players: [&User; 2]) -> String {
    let row = service.store().game(id).await.unwrap().unwrap();
    let game = registry::load(kind, &row.position).unwrap();
    let Status::Ongoing {
        actor: Actor::Side(side),
        ..
    } = game.status()
    else {
        panic!("a side acts: {:?}", game.status());
    };
    let user = if side == Color::White {
        players[0]
    } else {
        players[1]
    };
    let action = game.legal_actions()[0].notation.clone();
    ok(move_as(service, user, Some(id), &action).await);
    action
}

/// The header of the board of game `id` (a game of `kind`), with its move number: the title
/// of the picture `/board` posts.
async fn board_header(service: &Service, id: i64, kind: GameId) -> String {
    let row = service.store().game(id).await.unwrap().unwrap();
    registry::load(kind, &row.position).unwrap().view().header
}

async fn katarenga_numbers_play_from_white_s_first_move(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "katarenga", &alice, &bob, &[]).await;
    ok(move_as(&service, &bob, Some(id), "baseline north").await);
    assert!(
        board_header(&service, id, GameId::Katarenga)
            .await
            .contains("· move 1 ·"),
        "the board counts White's first move as move 1"
    );
    let white = play_first(&service, id, GameId::Katarenga, [&alice, &bob]).await;
    let black = play_first(&service, id, GameId::Katarenga, [&alice, &bob]).await;
    assert_eq!(
        sheet(&service, &alice, id).await,
        [
            "Setup, Black: baseline north".to_string(),
            format!("1. {white} {black}")
        ]
    );
    let header = board_header(&service, id, GameId::Katarenga).await;
    assert!(
        header.contains("· move 2 ·"),
        "the next line is 2: {header}"
    );
}

async fn a_pick_a_team_draft_is_not_counted_as_moves(db: TestDb) {
    let service = db.service().await;
    let (alice, bob) = (person("alice"), person("bob"));
    let id = two_player(&service, "pick-a-team", &alice, &bob, &[]).await;
    let mut picks = 0;
    loop {
        let row = service.store().game(id).await.unwrap().unwrap();
        let game = registry::load(GameId::PickATeam, &row.position).unwrap();
        if !game.legal_actions()[0].notation.starts_with("pick ") {
            break;
        }
        play_first(&service, id, GameId::PickATeam, [&alice, &bob]).await;
        picks += 1;
    }
    assert_eq!(picks, 30, "the whole draft");
    let header = board_header(&service, id, GameId::PickATeam).await;
    assert!(header.contains("move 1"), "{header}");
    let first = play_first(&service, id, GameId::PickATeam, [&alice, &bob]).await;
    let lines = sheet(&service, &alice, id).await;
    let (play, draft) = lines.split_last().unwrap();
    assert_eq!(play, &format!("1. {first}"), "{lines:?}");
    assert!(
        draft.iter().all(|l| l.starts_with("Draft, ")),
        "the draft is written apart: {lines:?}"
    );
    assert!(draft[0].starts_with("Draft, White: pick "), "{lines:?}");
}
