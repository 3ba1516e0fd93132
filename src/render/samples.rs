//! Hand-built sample views for the renderer's tests, which check exact pixels and so need
//! positions they know square by square (camps occupied, a stack of three, a chain of four,
//! pits). The gallery, `chatrang render` and the benchmark show the real games instead (see
//! [`super::showcase`]); from here they only take the chess positions reached by fixed moves of
//! the real game and the sheet of every piece's artwork, which no game can show.

use std::sync::OnceLock;

use crate::rules::{
    BoardView, Color, GAMES, GameId, GameSpec, Geometry, OutsideSlot, PieceView, Square, Tile,
};

/// One piece type of a game: its name, sprite kind and letter.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PieceType {
    pub name: String,
    pub kind: String,
    pub symbol: String,
}

/// Every piece type of every game in the table of games, once per sprite kind, in the games'
/// order and each game's own order: read from each game's piece diagrams, so this is what the
/// games show and no second list to keep up to date.
pub fn piece_types() -> &'static [PieceType] {
    static TYPES: OnceLock<Vec<PieceType>> = OnceLock::new();
    TYPES.get_or_init(|| {
        let mut types: Vec<PieceType> = Vec::new();
        for spec in &GAMES {
            for found in game_piece_types(spec) {
                if !types.iter().any(|t| t.kind == found.kind) {
                    types.push(found);
                }
            }
        }
        types
    })
}

/// The piece types of one game, in its order (a game that cannot start shows none; the
/// gallery reports it).
fn game_piece_types(spec: &GameSpec) -> Vec<PieceType> {
    let Ok(game) = spec.example() else {
        return Vec::new();
    };
    game.pieces()
        .into_iter()
        .filter_map(|info| {
            let diagram = game.piece_diagram(&info.name).ok()?;
            let shown = diagram
                .pieces
                .iter()
                .map(|(_, p)| p)
                .find(|p| p.name == info.name)?;
            Some(PieceType {
                name: info.name.clone(),
                kind: shown.kind.clone(),
                symbol: info.symbol.clone(),
            })
        })
        .collect()
}

/// A piece of the named sprite kind (see [`piece_types`]), or a user-defined one if no game
/// has the kind.
pub fn piece(kind: &str, color: Color) -> PieceView {
    let (name, symbol) = piece_types()
        .iter()
        .find(|t| t.kind == kind)
        .map_or((kind, "?"), |t| (t.name.as_str(), t.symbol.as_str()));
    PieceView {
        kind: kind.to_string(),
        name: name.to_string(),
        symbol: symbol.to_string(),
        color,
        bound: false,
    }
}

/// The square named `name`; the samples only use valid names.
pub fn sq(name: &str) -> Square {
    Square::parse(name).expect("sample squares are valid")
}

fn place(view: &mut BoardView, text: &str, color: Color) {
    for item in text.split_whitespace() {
        let (kind, square) = item.split_once('@').expect("kind@square");
        view.pieces.push((sq(square), piece(kind, color)));
    }
}

/// Plays moves given as `from-to` pairs (the first legal action joining them).
fn played(id: GameId, moves: &[&str]) -> Box<dyn crate::rules::Game> {
    let mut game = id.spec().example().expect("every game starts");
    for m in moves {
        let (from, to) = m.split_once('-').expect("from-to");
        let action = game
            .legal_actions()
            .into_iter()
            .find(|a| a.from == Some(sq(from)) && a.to == Some(sq(to)))
            .expect("sample moves are legal");
        game.play(&action.notation).expect("legal");
    }
    game
}

pub fn chess_start() -> BoardView {
    played(GameId::Chess, &[]).view()
}

/// Scholar's mate: the last move and the mated king are highlighted.
pub fn chess_mate() -> BoardView {
    played(
        GameId::Chess,
        &[
            "e2-e4", "e7-e5", "f1-c4", "b8-c6", "d1-h5", "g8-f6", "h5-f7",
        ],
    )
    .view()
}

/// The legal moves of the knight on c3 in an open game (one of them a capture), marked.
pub fn chess_knight_moves() -> BoardView {
    let game = played(
        GameId::Chess,
        &["e2-e4", "d7-d5", "g1-f3", "d5-e4", "b1-c3", "c8-g4"],
    );
    let mut view = super::moves_view(&game.view(), sq("c3"), &game.legal_actions());
    view.header = format!("{} · moves of the Knight on c3", view.header);
    view
}

/// The moves of the pawn on e4 at Cataclysm's start: its own steps, and the neighbouring pawns
/// that may advance with it (the two-pawn move) marked as partners.
pub fn cataclysm_pawn_moves() -> BoardView {
    let game = played(GameId::Cataclysm, &[]);
    let mut view = super::moves_view(&game.view(), sq("e4"), &game.legal_actions());
    view.header = format!("{} · moves of the Pawn on e4", view.header);
    view
}

pub fn cataclysm_start() -> BoardView {
    played(GameId::Cataclysm, &[]).view()
}

/// A few opening moves of Cataclysm.
pub fn cataclysm_middlegame() -> BoardView {
    played(
        GameId::Cataclysm,
        &[
            "h4-h6", "i9-i7", "g4-g5", "e9-e7", "b3-c5", "o10-n8", "h6-i7",
        ],
    )
    .view()
}

pub fn cataclysm_diagram(piece: &str) -> BoardView {
    played(GameId::Cataclysm, &[])
        .piece_diagram(piece)
        .expect("Cataclysm has this piece")
}

/// Pick-a-team chess during the draft: a few pieces placed, the rest in the pool.
pub fn pick_a_team_draft() -> BoardView {
    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(10, 10).expect("10×10")),
        header: "Pick-a-team chess · draft, pick 9 of 30 · Black to pick and place".into(),
        perspective: Some(Color::Black),
        ..BoardView::default()
    };
    place(
        &mut view,
        "king@e1 grasshopper@d1 pawn-berolina@c1 spear-arabic@f1",
        Color::White,
    );
    place(
        &mut view,
        "royal-knight@f10 pao@e10 pawn-fish@g10 queen@d10 pawn-chinese-defending@h10",
        Color::Black,
    );
    view.last_move = vec![sq("h10")];
    let placed: Vec<String> = view.pieces.iter().map(|(_, p)| p.kind.clone()).collect();
    // The pool: the rest of the game's piece types, in the order of `piece_types`.
    let kinds: Vec<String> = game_piece_types(GameId::PickATeam.spec())
        .into_iter()
        .map(|t| t.kind)
        .collect();
    view.pool = piece_types()
        .iter()
        .filter(|t| kinds.contains(&t.kind) && !placed.contains(&t.kind))
        .map(|t| piece(&t.kind, Color::White))
        .collect();
    view
}

/// Pick-a-team chess in play, with pieces of every kind it has.
pub fn pick_a_team_play() -> BoardView {
    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(10, 10).expect("10×10")),
        header: "Pick-a-team chess · move 14 · White to move".into(),
        perspective: Some(Color::White),
        ..BoardView::default()
    };
    place(
        &mut view,
        "king@e1 rook@a1 chinese-nightrider@c1 blocking-prince@d2 grasshopper@f3 \
         pawn@a2 pawn-chinese@b3 pawn-berolina@c4 pawn-ff@e4 pawn-mecklenburg@f2 \
         pawn-chinese-mecklenburg@g2 pawn-berolina-mecklenburg@h3 pawn-ff-mecklenburg@i2 \
         spear-japanese@j1 spear-diagonal@b1",
        Color::White,
    );
    place(
        &mut view,
        "royal-knight@f10 queen@d10 knight@c10 bishop@h10 pao@e8 spear-arabic@a10 \
         spear-berolina@j10 pawn-defending@a9 pawn-chinese-defending@b8 \
         pawn-berolina-defending@c9 pawn-ff-defending@e7 pawn-fish@g9 pawn-chinese-fish@h8 \
         pawn-berolina-fish@i9 pawn-ff-fish@j8",
        Color::Black,
    );
    view.last_move = vec![sq("e9"), sq("e7")];
    view
}

/// The four Katarenga quarterboards Q1a–Q4a, top row first.
const KATARENGA_ROWS: [&str; 8] = [
    "RYBGRYGB", "GRGBGYRY", "YYBRBBGR", "BGRYYRBG", "RGBYRGBY", "YYGRYYBR", "BBRGBGRG", "GRYBGRYB",
];

/// Katarenga mid-game: all four colours, two camps taken, a pawn about to enter a third.
pub fn katarenga() -> BoardView {
    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(8, 8).expect("8×8")),
        header: "Katarenga · board 1a2a3a4a · move 17 · Black to move".into(),
        perspective: Some(Color::Black),
        ..BoardView::default()
    };
    for (row, line) in KATARENGA_ROWS.iter().enumerate() {
        for (file, c) in line.chars().enumerate() {
            let tile = match c {
                'R' => Tile::Red,
                'Y' => Tile::Yellow,
                'G' => Tile::Green,
                _ => Tile::Blue,
            };
            let square = Square::new(file as u8, 7 - row as u8).expect("8×8");
            view.tiles.push((square, tile));
        }
    }
    place(
        &mut view,
        "pawn@b1 pawn@d3 pawn@e2 pawn@g4 pawn@c8",
        Color::White,
    );
    place(
        &mut view,
        "pawn@a1 pawn@f6 pawn@h7 pawn@c5 pawn@e5",
        Color::Black,
    );
    view.last_move = vec![sq("b6"), sq("c8")];
    for (beside, owner) in [
        ("a1", Color::White),
        ("h1", Color::White),
        ("a8", Color::Black),
        ("h8", Color::Black),
    ] {
        view.outside.push(OutsideSlot {
            label: format!("{owner} camp"),
            beside: sq(beside),
            owner,
            piece: None,
        });
    }
    view.outside[3].piece = Some(piece("pawn", Color::White));
    view.outside[0].piece = Some(piece("pawn", Color::Black));
    view
}

/// Chromopolis: the cylinder with its two missing squares, bound pieces and stacks.
pub fn chromopolis() -> BoardView {
    let geometry = Geometry::rectangle(7, 6)
        .expect("7×6")
        .cylinder()
        .with_holes([sq("a1"), sq("a6")]);
    let mut view = BoardView {
        geometry: Some(geometry),
        header: "Chromopolis · move 12 · White to move".into(),
        perspective: Some(Color::White),
        ..BoardView::default()
    };
    place(
        &mut view,
        "prelate@b1 advocate@c1 knight@c3 king@e1 prelate@g1 pawn@b2 pawn@d4 pawn@f2 pawn@g3",
        Color::White,
    );
    place(
        &mut view,
        "prelate@b6 advocate@c6 knight@d6 king@e6 prelate@g6 pawn@b5 pawn@c5 pawn@e5 pawn@a4",
        Color::Black,
    );
    let bound = |kind: &str, color: Color| PieceView {
        bound: true,
        ..piece(kind, color)
    };
    // Two bound pawns under a free White advocate on f4, a bound Black knight alone on d3, and
    // three bound pieces stacked on e4.
    view.pieces.push((sq("f4"), bound("pawn", Color::Black)));
    view.pieces.push((sq("f4"), bound("pawn", Color::White)));
    view.pieces
        .push((sq("f4"), piece("advocate", Color::White)));
    view.pieces.push((sq("d3"), bound("knight", Color::Black)));
    view.pieces.push((sq("e4"), bound("pawn", Color::White)));
    view.pieces
        .push((sq("e4"), bound("advocate", Color::Black)));
    view.pieces.push((sq("e4"), bound("pawn", Color::Black)));
    view.last_move = vec![sq("e3"), sq("f4")];
    view
}

/// Catalonia: pits and the longest chain as arrows from defender to defended.
pub fn catalonia() -> BoardView {
    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(8, 8).expect("8×8")),
        header: "Catalonia · turn 7 of 15 · White to move · score 41 (last turn 16)".into(),
        perspective: Some(Color::White),
        ..BoardView::default()
    };
    place(
        &mut view,
        "knight@c3 bishop@c1 lady@d1 gentleman@e2 bishop@f1 knight@g1 \
         peasant@b2 peasant@d3 peasant@f2 peasant@g2 peasant@h3",
        Color::White,
    );
    place(
        &mut view,
        "lady@c4 bishop@e4 knight@b8 gentleman@e8 bishop@f8 knight@f6 \
         peasant@b7 peasant@c7 peasant@d6 peasant@f7 peasant@g7",
        Color::Black,
    );
    for pit in ["d5", "g4", "b5"] {
        view.tiles.push((sq(pit), Tile::Pit));
    }
    // The longest chain: Knight c3 → Bishop e4 → Peasant d3 → Lady c4 → Knight c3.
    view.arrows = vec![
        (sq("c3"), sq("e4")),
        (sq("e4"), sq("d3")),
        (sq("d3"), sq("c4")),
        (sq("c4"), sq("c3")),
    ];
    view.last_move = vec![sq("d2"), sq("d3")];
    view
}

/// Every piece type in both colours on one board (White on the lower half, eleven a rank),
/// with its legend.
pub fn all_pieces() -> BoardView {
    let types = piece_types();
    let ranks = types.len().div_ceil(11).max(1) as u8;
    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(11, 2 * ranks).expect("a board of the piece types")),
        header: "Every piece type".into(),
        perspective: Some(Color::White),
        ..BoardView::default()
    };
    for (i, t) in types.iter().enumerate() {
        let (file, rank) = ((i % 11) as u8, (i / 11) as u8);
        view.pieces.push((
            Square::new(file, rank).expect("on the board"),
            piece(&t.kind, Color::White),
        ));
        view.pieces.push((
            Square::new(10 - file, 2 * ranks - 1 - rank).expect("on the board"),
            piece(&t.kind, Color::Black),
        ));
    }
    view
}

/// The boards the renderer learns its palette from: between them every surface, tint, mark,
/// arrow, panel and piece at every usual size, on both square colours.
pub fn palette_samples() -> Vec<BoardView> {
    vec![
        chess_start(),
        chess_mate(),
        chess_knight_moves(),
        cataclysm_middlegame(),
        cataclysm_pawn_moves(),
        cataclysm_diagram("Grand Rook"),
        pick_a_team_draft(),
        pick_a_team_play(),
        katarenga(),
        chromopolis(),
        catalonia(),
        all_pieces(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_piece_types_use_every_piece_artwork() {
        let kinds: Vec<&str> = piece_types().iter().map(|t| t.kind.as_str()).collect();
        for (kind, _) in super::super::assets::PIECES {
            assert!(kinds.contains(kind), "no game shows {kind}: {kinds:?}");
        }
    }
}
