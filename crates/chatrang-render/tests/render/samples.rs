//! Hand-built views for the renderer's tests, which check exact pixels and so need positions
//! they know square by square (camps occupied, a stack of three, a chain of four, pits). The
//! positions of the real games come from `chatrang_render::showcase`, which the gallery and
//! the renderer's palette use too.

use chatrang_render::showcase;
use chatrang_rules::{BoardView, Color, GameId, Geometry, OutsideSlot, PieceView, Square, Tile};

/// A piece of the named sprite kind (see [`showcase::piece_types`]), or a user-defined one if
/// no game has the kind.
pub fn piece(kind: &str, color: Color) -> PieceView {
    let (name, symbol) = showcase::piece_types()
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

pub fn chess_start() -> BoardView {
    showcase::start(GameId::Chess).expect("chess starts")
}

/// Scholar's mate: the last move and the mated king are highlighted.
pub fn chess_mate() -> BoardView {
    showcase::chess_mate().expect("the mate's moves are legal")
}

/// The legal moves of the knight on c3 in an open game (one of them a capture), marked.
pub fn chess_knight_moves() -> BoardView {
    showcase::chess_knight_moves().expect("the opening's moves are legal")
}

/// The moves of the pawn on e4 at Cataclysm's start: its own steps, and the neighbouring pawns
/// that may advance with it (the two-pawn move) marked as partners.
pub fn cataclysm_pawn_moves() -> BoardView {
    showcase::cataclysm_pawn_moves().expect("Cataclysm starts")
}

pub fn cataclysm_start() -> BoardView {
    showcase::start(GameId::Cataclysm).expect("Cataclysm starts")
}

pub fn cataclysm_diagram(piece: &str) -> BoardView {
    showcase::new_game(GameId::Cataclysm, 1)
        .expect("Cataclysm starts")
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
    let game = GameId::PickATeam
        .spec()
        .example()
        .expect("Pick-a-team starts");
    let kinds: Vec<String> = game
        .pieces()
        .into_iter()
        .filter_map(|info| {
            let diagram = game.piece_diagram(&info.name).ok()?;
            let (_, shown) = diagram
                .pieces
                .into_iter()
                .find(|(_, p)| p.name == info.name)?;
            Some(shown.kind)
        })
        .collect();
    view.pool = showcase::piece_types()
        .iter()
        .filter(|t| kinds.contains(&t.kind) && !placed.contains(&t.kind))
        .map(|t| piece(&t.kind, Color::White))
        .collect();
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
            last_move: false,
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
