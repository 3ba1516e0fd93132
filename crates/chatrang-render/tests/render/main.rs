//! Board pictures: decode the PNGs and check what people rely on (sizes, highlights, tiles,
//! pits, orientation, camps, stacks, the legend, the pool), the text board, and that malformed
//! views never panic.

use std::collections::BTreeSet;

use chatrang_render::{
    LegendEntry, RenderError, Renderer, gallery, legend_entries,
    palette::{self, Rgba},
    text_board,
};
use chatrang_rules::{
    BoardView, Color, GameId, Geometry, Mark, Options, OutsideSlot, PieceView, Square, registry,
};
use image::RgbImage;
use samples::sq;

mod chart;
mod compass;
mod contrast;
mod defined;
mod draft;
mod preview;
mod samples;
mod table;
mod text_cells;

/// Every sprite kind the games use (from the project brief).
const KINDS: &[&str] = &[
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "grand-rook",
    "sorceress",
    "duke",
    "tiger",
    "elephant",
    "centaur",
    "royal-knight",
    "chinese-nightrider",
    "pao",
    "blocking-prince",
    "grasshopper",
    "pawn-mecklenburg",
    "pawn-defending",
    "pawn-fish",
    "pawn-chinese",
    "pawn-chinese-mecklenburg",
    "pawn-chinese-defending",
    "pawn-chinese-fish",
    "pawn-berolina",
    "pawn-berolina-mecklenburg",
    "pawn-berolina-defending",
    "pawn-berolina-fish",
    "pawn-ff",
    "pawn-ff-mecklenburg",
    "pawn-ff-defending",
    "pawn-ff-fish",
    "spear-japanese",
    "spear-arabic",
    "spear-berolina",
    "spear-diagonal",
    "advocate",
    "prelate",
    "gentleman",
    "lady",
    "peasant",
];

fn render(view: &BoardView, orientation: Color) -> (chatrang_render::Layout, RgbImage) {
    let renderer = Renderer::global();
    let png = renderer.png(view, orientation).expect("renders");
    assert_eq!(&png[1..4], b"PNG");
    let image = image::load_from_memory(&png).expect("decodes").to_rgb8();
    let layout = renderer.layout(view, orientation).expect("lays out");
    assert_eq!(
        (image.width(), image.height()),
        (layout.width, layout.height)
    );
    (layout, image)
}

fn pixel(image: &RgbImage, x: i32, y: i32) -> [u8; 3] {
    image.get_pixel(x as u32, y as u32).0
}

fn close(actual: [u8; 3], expected: Rgba, tolerance: u8) -> bool {
    actual
        .iter()
        .zip(expected.rgb())
        .all(|(a, e)| a.abs_diff(e) <= tolerance)
}

/// The colour of a square's top-left corner area (sprites leave the corners clear), inside
/// the thin frame of a last-move square.
fn corner(layout: &chatrang_render::Layout, image: &RgbImage, square: &str) -> [u8; 3] {
    let rect = layout.square_rect(sq(square)).expect("on the board");
    pixel(image, rect.x + 2, rect.y + 2)
}

/// How many pixels of a square differ clearly from its background colour (a piece's ink).
fn ink(
    layout: &chatrang_render::Layout,
    image: &RgbImage,
    square: Square,
    background: Rgba,
) -> usize {
    let rect = layout.square_rect(square).expect("on the board");
    let mut count = 0;
    for y in rect.y..rect.y + rect.h as i32 {
        for x in rect.x..rect.x + rect.w as i32 {
            if !close(pixel(image, x, y), background, 40) {
                count += 1;
            }
        }
    }
    count
}

#[test]
fn every_kind_has_its_own_sprite_in_both_colours() {
    let renderer = Renderer::global();
    let drawn: BTreeSet<&str> = Renderer::kinds().collect();
    for kind in KINDS {
        assert!(drawn.contains(kind), "{kind} has no artwork");
        let white = renderer
            .sprite_rgba(kind, Color::White, 48)
            .expect("white sprite");
        let black = renderer
            .sprite_rgba(kind, Color::Black, 48)
            .expect("black sprite");
        assert_eq!(white.len(), 48 * 48 * 4);
        let covered = white.chunks(4).filter(|p| p[3] > 128).count();
        assert!(covered > 48 * 48 / 8, "{kind} covers only {covered} pixels");
        assert_ne!(white, black, "{kind} looks the same for both sides");
    }
    assert!(
        renderer
            .sprite_rgba("no-such-kind", Color::White, 48)
            .is_none()
    );
}

#[test]
fn no_two_piece_kinds_share_identical_art() {
    let renderer = Renderer::global();
    let sprites: Vec<(&str, Vec<u8>)> = KINDS
        .iter()
        .map(|k| {
            (
                *k,
                renderer.sprite_rgba(k, Color::White, 48).expect("sprite"),
            )
        })
        .collect();
    for (i, (a, sa)) in sprites.iter().enumerate() {
        for (b, sb) in &sprites[i + 1..] {
            let differing = sa
                .chunks(4)
                .zip(sb.chunks(4))
                .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 60))
                .count();
            assert!(
                differing > 20,
                "{a} and {b} look alike ({differing} pixels differ)"
            );
        }
    }
}

#[test]
fn chess_start_has_pieces_on_their_squares_in_both_orientations() {
    let view = samples::chess_start();
    for orientation in Color::ALL {
        let (layout, image) = render(&view, orientation);
        assert_eq!(layout.square, 72);
        assert!(close(
            corner(&layout, &image, "a1"),
            palette::DARK_SQUARE,
            0
        ));
        assert!(close(
            corner(&layout, &image, "h1"),
            palette::LIGHT_SQUARE,
            0
        ));
        assert!(
            ink(&layout, &image, sq("e1"), palette::DARK_SQUARE) > 600,
            "king on e1"
        );
        assert_eq!(
            ink(&layout, &image, sq("e4"), palette::LIGHT_SQUARE),
            0,
            "e4 is empty"
        );
    }
}

#[test]
fn orientation_puts_the_chosen_side_at_the_bottom() {
    let view = samples::chess_start();
    let renderer = Renderer::global();
    let white = renderer.layout(&view, Color::White).unwrap();
    let black = renderer.layout(&view, Color::Black).unwrap();
    let a1_white = white.square_rect(sq("a1")).unwrap();
    let a1_black = black.square_rect(sq("a1")).unwrap();
    let h8_white = white.square_rect(sq("h8")).unwrap();
    assert_eq!(a1_white.x, white.board.x);
    assert_eq!(a1_white.y, white.board.y + 7 * 72);
    assert_eq!((a1_black.x, a1_black.y), (h8_white.x, h8_white.y));
    // The White king's pixels move with its square: light body pixels in e1's place.
    let (layout, image) = render(&view, Color::Black);
    let e1 = layout.square_rect(sq("e1")).unwrap();
    assert!(
        e1.y < layout.board.y + 72,
        "e1 is on the top row from Black's side"
    );
    let light = (e1.y..e1.y + 72)
        .flat_map(|y| (e1.x..e1.x + 72).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&image, x, y).iter().all(|&c| c > 235))
        .count();
    assert!(
        light > 800,
        "the White king's light body is drawn on e1 ({light} pixels)"
    );
}

#[test]
fn last_move_and_check_are_highlighted() {
    let view = samples::chess_mate();
    let (layout, image) = render(&view, Color::White);
    // h5-f7: both squares tinted (h5 is light, f7 is light).
    let tinted = palette::LAST_MOVE.over(palette::LIGHT_SQUARE);
    assert!(close(corner(&layout, &image, "h5"), tinted, 2));
    assert!(close(corner(&layout, &image, "f7"), tinted, 2));
    assert!(close(
        corner(&layout, &image, "g5"),
        palette::DARK_SQUARE,
        0
    ));
    // The mated king on e8 has the red check frame.
    assert!(close(corner(&layout, &image, "e8"), palette::CHECK, 2));
    assert!(!close(corner(&layout, &image, "d8"), palette::CHECK, 60));
}

#[test]
fn cataclysm_is_sixteen_by_twelve_with_a_legend_of_its_fairy_pieces() {
    let view = samples::cataclysm_start();
    let (layout, image) = render(&view, Color::White);
    assert_eq!(layout.square, 56);
    assert_eq!((layout.board.w, layout.board.h), (16 * 56, 12 * 56));
    assert!(
        layout.width <= 1000,
        "phone-friendly width: {}",
        layout.width
    );
    let names: BTreeSet<String> = legend_entries(&view).into_iter().map(|e| e.name).collect();
    let expected: BTreeSet<String> = [
        "Centaur",
        "Duke",
        "Elephant",
        "Grand Rook",
        "Sorceress",
        "Tiger",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(names, expected);
    assert_eq!(layout.legend.len(), 6);
    // Legend icons are drawn below the board.
    let first = &layout.legend[0];
    assert!(first.y > layout.board.y + layout.board.h as i32);
    assert!(!close(
        pixel(&image, first.x + 18, first.y + 20),
        palette::BACKGROUND,
        10
    ));
}

#[test]
fn chess_has_no_legend_but_a_diagram_explains_its_marks() {
    assert!(legend_entries(&samples::chess_start()).is_empty());
    let view = samples::cataclysm_diagram("Sorceress");
    let entries: Vec<LegendEntry> = legend_entries(&view);
    assert_eq!(entries.len(), 1);
    let (layout, image) = render(&view, Color::White);
    assert!(
        layout.legend.len() >= 2,
        "the piece and at least one kind of mark"
    );
    let (square, _) = view
        .marks
        .iter()
        .find(|(_, m)| *m == Mark::Move || *m == Mark::MoveOrCapture)
        .expect("the sorceress moves");
    let (cx, cy) = layout.square_rect(*square).unwrap().center();
    assert!(close(pixel(&image, cx as i32, cy as i32), palette::MOVE, 3));
}

#[test]
fn katarenga_shows_its_colours_camps_and_framed_last_move() {
    let view = samples::katarenga();
    let (layout, image) = render(&view, Color::White);
    for (square, tile) in &view.tiles {
        if view.last_move.contains(square) {
            continue;
        }
        let rect = layout.square_rect(*square).unwrap();
        assert!(
            close(
                pixel(&image, rect.x + 3, rect.y + 3),
                palette::tile(*tile),
                0
            ),
            "{square} should show {tile:?}"
        );
    }
    // The last move is framed, not tinted, so the colour stays readable inside.
    let c8 = layout.square_rect(sq("c8")).unwrap();
    assert!(close(
        pixel(&image, c8.x + 1, c8.y + 1),
        palette::LAST_MOVE_FRAME,
        0
    ));
    let c8_tile = view.tiles.iter().find(|(s, _)| *s == sq("c8")).unwrap().1;
    assert_eq!(c8_tile, chatrang_rules::Tile::Blue);
    assert!(close(
        pixel(&image, c8.x + 18, c8.y + 6),
        palette::tile(c8_tile),
        0
    ));
    // Camps beyond the corners, with the owner's border, the camped pawn inside.
    let h8_camp = layout.outside_rect(sq("h8")).unwrap();
    let h8 = layout.square_rect(sq("h8")).unwrap();
    assert!(h8_camp.x > h8.x && h8_camp.y < h8.y);
    assert!(close(
        pixel(&image, h8_camp.x + 1, h8_camp.y + 1),
        palette::BLACK_SIDE,
        0
    ));
    let a1_camp = layout.outside_rect(sq("a1")).unwrap();
    assert!(close(
        pixel(&image, a1_camp.x + 1, a1_camp.y + 1),
        palette::WHITE_SIDE,
        0
    ));
    let (cx, cy) = h8_camp.center();
    assert!(
        pixel(&image, cx as i32, cy as i32 + 12)
            .iter()
            .all(|&c| c > 200),
        "a White pawn in the camp"
    );
    assert!(h8_camp.x + h8_camp.w as i32 <= layout.width as i32);
    assert!(h8_camp.y >= 0);
}

#[test]
fn catalonia_shows_pits_and_the_chain() {
    let view = samples::catalonia();
    let (layout, image) = render(&view, Color::White);
    for pit in ["d5", "g4", "b5"] {
        let (cx, cy) = layout.square_rect(sq(pit)).unwrap().center();
        assert!(
            close(
                pixel(&image, cx as i32, cy as i32 + 4),
                palette::PIT_CORE,
                0
            ),
            "pit on {pit}"
        );
    }
    // The arrow from c4 down to c3 runs over c4's lower half.
    let c4 = layout.square_rect(sq("c4")).unwrap();
    let (cx, cy) = c4.center();
    let [r, g, b] = pixel(&image, cx as i32, cy as i32 + 24);
    assert!(
        r > 180 && (80..180).contains(&g) && b < 90,
        "arrow colour, got {:?}",
        [r, g, b]
    );
    assert!(layout.header_lines.concat().contains("score 41"));
}

#[test]
fn chromopolis_repeats_the_a_file_leaves_holes_void_and_counts_stacks() {
    let view = samples::chromopolis();
    for orientation in Color::ALL {
        let (layout, image) = render(&view, orientation);
        assert_eq!(layout.columns.len(), 8);
        assert_eq!((layout.columns[0], layout.columns[7]), (0, 0));
        let a4: Vec<_> = layout.square_rects(sq("a4")).collect();
        assert_eq!(a4.len(), 2, "a4 drawn at both sides");
        for rect in &a4 {
            let (cx, cy) = rect.center();
            let p = pixel(&image, cx as i32, cy as i32 + 10);
            assert!(
                p.iter().all(|&c| c < 90),
                "the Black pawn on a4 at x={}: {p:?}",
                rect.x
            );
        }
        for hole in ["a1", "a6"] {
            for rect in layout.square_rects(sq(hole)) {
                assert!(
                    close(pixel(&image, rect.x + 5, rect.y + 5), palette::VOID, 0),
                    "{hole} is void"
                );
            }
        }
        // e4 holds three bound pieces: a count badge in its lower right.
        let e4 = layout.square_rect(sq("e4")).unwrap();
        let badge = pixel(&image, e4.x + e4.w as i32 - 8, e4.y + e4.h as i32 - 14);
        assert!(
            close(badge, palette::BOUND, 8) || close(badge, palette::WHITE_SIDE, 30),
            "badge: {badge:?}"
        );
        // d3's lone bound knight is crossed by cords.
        let d3 = layout.square_rect(sq("d3")).unwrap();
        let (cx, cy) = d3.center();
        let knot = pixel(
            &image,
            cx as i32,
            (d3.y as f32 + d3.h as f32 * 0.525) as i32,
        );
        assert!(
            close(knot, palette::BOUND, 10),
            "cords on d3: {knot:?} vs {cy}"
        );
    }
}

#[test]
fn pick_a_team_draft_has_a_pool_panel_under_the_board() {
    let view = samples::pick_a_team_draft();
    let (layout, image) = render(&view, Color::Black);
    let pool = layout.pool.expect("a pool panel");
    assert!(pool.y > layout.board.y + layout.board.h as i32);
    assert!(pool.x + pool.w as i32 <= layout.width as i32);
    assert!(pool.y + pool.h as i32 <= layout.height as i32);
    let shown: usize = layout.pool_entries.iter().map(|e| e.count).sum();
    assert_eq!(shown, view.pool.len());
    let first = &layout.pool_entries[0];
    assert!(
        !close(
            pixel(&image, first.x + 18, first.y + 20),
            palette::POOL_PANEL,
            10
        ),
        "first pool icon"
    );
    // Black at the bottom: rank 10 is the bottom row.
    let e10 = layout.square_rect(sq("e10")).unwrap();
    assert_eq!(e10.y, layout.board.y + 9 * 72);
}

#[test]
fn unknown_kinds_are_lettered_tokens() {
    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(4, 4).unwrap()),
        ..BoardView::default()
    };
    let token = |symbol: &str| PieceView {
        kind: "user-wizard".into(),
        name: "Wizard".into(),
        symbol: symbol.into(),
        color: Color::White,
        bound: false,
    };
    view.pieces.push((sq("a1"), token("W")));
    view.pieces.push((sq("c1"), token("Z")));
    let (layout, image) = render(&view, Color::White);
    let crop = |square: &str| -> Vec<[u8; 3]> {
        let r = layout.square_rect(sq(square)).unwrap();
        (0..r.h as i32)
            .flat_map(|y| (0..r.w as i32).map(move |x| (x, y)))
            .map(|(x, y)| pixel(&image, r.x + x, r.y + y))
            .collect()
    };
    assert_ne!(crop("a1"), crop("c1"), "the letter is drawn on the token");
    assert!(ink(&layout, &image, sq("a1"), palette::DARK_SQUARE) > 1000);
    assert_eq!(legend_entries(&view).len(), 1);
}

#[test]
fn text_boards_read_like_the_board() {
    let text = text_board(&samples::chess_start(), Color::White);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Chess · move 1 · White to move");
    assert_eq!(lines[1], " 8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
    assert_eq!(lines[5], " 4 · · · · · · · ·");
    assert_eq!(lines[8], " 1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖");
    assert_eq!(lines[9], "   a b c d e f g h");
    let black = text_board(&samples::chess_start(), Color::Black);
    let lines: Vec<&str> = black.lines().collect();
    assert_eq!(lines[1], " 1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖");
    assert_eq!(lines[9], "   h g f e d c b a");

    let cataclysm = text_board(&samples::cataclysm_start(), Color::White);
    assert!(cataclysm.contains("12 g ♜ · ·"), "{cataclysm}");
    assert!(cataclysm.contains(
        "Pieces: C = Centaur, D = Duke, E = Elephant, G = Grand Rook, S = Sorceress, T = Tiger"
    ));

    let chromopolis = text_board(&samples::chromopolis(), Color::White);
    assert!(
        chromopolis.lines().nth(1).unwrap().starts_with(" 6 # l"),
        "{chromopolis}"
    );
    assert!(chromopolis.contains("The files wrap around: a is next to g."));
    assert!(
        chromopolis.contains("♟3"),
        "e4's stack of three: {chromopolis}"
    );
    assert!(
        chromopolis.contains("♞*"),
        "d3's bound knight: {chromopolis}"
    );

    let katarenga = text_board(&samples::katarenga(), Color::White);
    assert!(
        katarenga.contains(" 8 r· y· b♙ g· r· y· g· b·"),
        "{katarenga}"
    );
    assert!(
        katarenga.contains("\n    a  b  c  d  e  f  g  h\n"),
        "{katarenga}"
    );
    assert!(
        katarenga.contains("Black camp beyond h8: White Pawn"),
        "{katarenga}"
    );

    let catalonia = text_board(&samples::catalonia(), Color::White);
    assert!(catalonia.contains("Chain: c3→e4, e4→d3, d3→c4, c4→c3"));
    assert!(catalonia.contains("◌"), "pits");

    let draft = text_board(&samples::pick_a_team_draft(), Color::Black);
    assert!(draft.contains("Pool (21): Rook (R), Bishop (B)"), "{draft}");
}

fn piece(kind: &str) -> PieceView {
    samples::piece(kind, Color::Black)
}

#[test]
fn malformed_views_render_or_fail_cleanly() {
    let renderer = Renderer::global();
    assert_eq!(
        renderer.png(&BoardView::default(), Color::White),
        Err(RenderError::NoBoard)
    );
    assert!(text_board(&BoardView::default(), Color::White).contains("(no board)"));

    let mut view = BoardView {
        geometry: Some(Geometry::rectangle(8, 8).unwrap()),
        header: "x".repeat(100_000),
        ..BoardView::default()
    };
    let far = sq("p16");
    view.pieces.push((far, piece("queen")));
    view.pieces.push((
        sq("a1"),
        PieceView {
            kind: String::new(),
            name: String::new(),
            symbol: String::new(),
            color: Color::White,
            bound: true,
        },
    ));
    view.marks.extend([
        (far, Mark::Capture),
        (sq("b2"), Mark::Hop),
        (sq("b2"), Mark::Force),
    ]);
    view.arrows
        .extend([(far, sq("a1")), (sq("a1"), sq("a1")), (sq("a1"), sq("h8"))]);
    view.last_move.push(far);
    view.check.push(far);
    view.tiles.push((far, chatrang_rules::Tile::Pit));
    view.outside.push(OutsideSlot {
        label: "y".repeat(5000),
        beside: sq("d4"),
        owner: Color::White,
        piece: Some(piece("king")),
        last_move: true,
    });
    view.outside.push(OutsideSlot {
        label: String::new(),
        beside: far,
        owner: Color::Black,
        piece: None,
        last_move: false,
    });
    for orientation in Color::ALL {
        let (layout, _) = render(&view, orientation);
        assert_eq!(
            layout.outside_rect(sq("d4")),
            None,
            "no outside beyond a middle square"
        );
        assert!(layout.header_lines.len() <= 6);
        assert!(layout.width < 2000 && layout.height < 2000);
        text_board(&view, orientation);
    }

    // A huge pool and a thousand unknown kinds: capped, still drawn.
    let mut crowded = BoardView {
        geometry: Some(Geometry::rectangle(1, 1).unwrap()),
        ..BoardView::default()
    };
    crowded.pool = (0..10_000)
        .map(|i| PieceView {
            kind: format!("k{i}"),
            name: format!("Piece number {i} with a long name"),
            symbol: "Q".into(),
            color: Color::White,
            bound: false,
        })
        .collect();
    crowded.pieces = (0..1000)
        .map(|i| {
            (
                sq("a1"),
                PieceView {
                    kind: format!("k{i}"),
                    name: format!("P{i}"),
                    symbol: "Z".into(),
                    color: Color::Black,
                    bound: i % 2 == 0,
                },
            )
        })
        .collect();
    match renderer.png(&crowded, Color::White) {
        Ok(png) => assert!(image::load_from_memory(&png).is_ok()),
        Err(e) => assert_eq!(e, RenderError::TooLarge),
    }
    text_board(&crowded, Color::Black);

    // The largest board.
    let big = BoardView {
        geometry: Some(Geometry::rectangle(16, 16).unwrap().cylinder()),
        ..BoardView::default()
    };
    let (layout, _) = render(&big, Color::Black);
    assert_eq!(layout.columns.len(), 17);
}

#[test]
fn the_gallery_writes_every_picture() {
    let dir = std::env::temp_dir().join(format!("chatrang-gallery-{}", std::process::id()));
    let written = gallery::write(&dir).expect("the gallery renders every view");
    // Every board, a replay and a review chart of each game (the evaluation for a game of
    // two sides, the turns for one played together), the rating chart and the two
    // tournament tables.
    assert_eq!(
        written.len(),
        gallery::views().unwrap().len() + 2 * GameId::ALL.len() + 3
    );
    let names: BTreeSet<String> = written
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for id in GameId::ALL {
        for what in ["start", "middlegame", "replay", "review"] {
            let name = format!("{}-{what}", id.slug());
            assert!(names.contains(&name), "{name} is missing");
        }
        // Every piece type of every game has its diagram.
        let game = registry::new_game(id, &Options::default(), 1).unwrap();
        let diagrams = names
            .iter()
            .filter(|n| n.starts_with(&format!("{}-piece-", id.slug())))
            .count();
        assert_eq!(diagrams, game.pieces().len(), "{id}");
    }
    for feature in [
        "pick-a-team-draft-black",
        "katarenga-baseline-black",
        "katarenga-camps",
        "chromopolis-stack",
        "catalonia-chain",
        "catalonia-hint",
        "cataclysm-pawn-moves",
        gallery::CHART,
        gallery::TABLE,
        gallery::DUPLICATE_TABLE,
    ] {
        assert!(names.contains(feature), "{feature} is missing");
    }
    for path in &written {
        let bytes = std::fs::read(path).unwrap();
        assert!(
            image::load_from_memory(&bytes).is_ok(),
            "{}",
            path.display()
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_gallery_shows_each_games_features_from_real_play() {
    let views = gallery::views().unwrap();
    let find = |name: &str| {
        views
            .iter()
            .find(|(n, ..)| n == name)
            .map(|(_, v, _)| v)
            .unwrap_or_else(|| panic!("{name} is missing"))
    };
    // The start of Pick-a-team is its draft, with the pool beside the board; the middlegame is
    // past the draft.
    assert!(!find("pick-a-team-start").pool.is_empty());
    assert!(find("pick-a-team-middlegame").pool.is_empty());
    assert!(!find("pick-a-team-middlegame").pieces.is_empty());
    // Middlegames are reached by playing: something has moved.
    for id in GameId::ALL {
        let middle = find(&format!("{}-middlegame", id.slug()));
        assert!(
            !middle.last_move.is_empty() || id == GameId::Catalonia,
            "{id}"
        );
    }
    assert!(!find("katarenga-camps").outside.is_empty());
    let stack = find("chromopolis-stack");
    assert!(
        stack
            .pieces
            .iter()
            .any(|(sq, _)| { stack.pieces.iter().filter(|(s, _)| s == sq).count() >= 2 })
    );
    assert!(!find("catalonia-chain").arrows.is_empty());
}

#[test]
fn a_pawn_diagram_separates_moves_from_captures() {
    let view = samples::cataclysm_diagram("Pawn");
    let (layout, image) = render(&view, Color::White);
    let find = |wanted: Mark| {
        view.marks
            .iter()
            .find(|(_, m)| *m == wanted)
            .map(|(s, _)| *s)
    };
    let moves = find(Mark::Move).expect("a pawn moves forward");
    let captures = find(Mark::Capture).expect("a pawn captures diagonally");
    let centre = |square: Square| {
        let (x, y) = layout.square_rect(square).unwrap().center();
        pixel(&image, x as i32, y as i32)
    };
    assert!(close(centre(moves), palette::MOVE, 3));
    assert!(close(centre(captures), palette::CAPTURE, 3));
    let labels: Vec<String> = layout
        .legend
        .iter()
        .map(|p| p.item.label(layout.drafting))
        .collect();
    assert!(labels.contains(&"moves here".to_string()), "{labels:?}");
    assert!(labels.contains(&"captures here".to_string()), "{labels:?}");
}

#[test]
fn moves_of_a_piece_mark_its_legal_targets() {
    let view = samples::chess_knight_moves();
    let marked: BTreeSet<(String, String)> = view
        .marks
        .iter()
        .map(|(s, m)| (s.to_string(), format!("{m:?}")))
        .collect();
    let expected: BTreeSet<(String, String)> = [
        ("c3", "Origin"),
        ("b1", "Move"),
        ("d5", "Move"),
        ("e4", "Capture"),
        ("a4", "Move"),
        ("b5", "Move"),
        ("e2", "Move"),
    ]
    .into_iter()
    .map(|(s, m)| (s.to_string(), m.to_string()))
    .collect();
    assert_eq!(marked, expected);
    let (layout, image) = render(&view, Color::White);
    let (cx, cy) = layout.square_rect(sq("d5")).unwrap().center();
    assert!(close(pixel(&image, cx as i32, cy as i32), palette::MOVE, 3));
    // The capture on e4 rings the pawn in red.
    let e4 = layout.square_rect(sq("e4")).unwrap();
    let ring = pixel(&image, e4.x + 36, e4.y + 36 - 29);
    assert!(close(ring, palette::CAPTURE, 3), "{ring:?}");
    let c3 = layout.square_rect(sq("c3")).unwrap();
    assert!(close(
        pixel(&image, c3.x + 1, c3.y + 1),
        palette::ORIGIN.over(palette::DARK_SQUARE),
        2
    ));
}

/// A move that moves a second piece (Cataclysm's two-pawn move, castling's rook) marks that
/// piece and where it goes, in a style of its own with a legend entry, while the selected
/// piece's own targets keep their move marks.
#[test]
fn moves_of_a_pawn_mark_the_partner_pawn_of_a_two_pawn_move() {
    let game = registry::new_game(GameId::Cataclysm, &Options::default(), 0).unwrap();
    let actions = game.legal_actions();
    let view = samples::cataclysm_pawn_moves();
    let mark_on = |square: &str| {
        view.marks
            .iter()
            .find(|(s, _)| *s == sq(square))
            .map(|(_, m)| *m)
    };
    assert_eq!(mark_on("e5"), Some(Mark::Move));
    assert_eq!(mark_on("e6"), Some(Mark::Move));
    assert_eq!(mark_on("f4"), Some(Mark::Partner));
    assert_eq!(mark_on("f5"), Some(Mark::Partner));
    // The pawns on the left pair with e4 too, though their moves are written d4d5&e4e5.
    assert_eq!(mark_on("d4"), Some(Mark::Partner));
    assert_eq!(mark_on("a5"), Some(Mark::Partner));
    // Every pawn that may advance with e4, and where it goes, and nothing else, is marked.
    let partners: BTreeSet<Square> = actions
        .iter()
        .filter_map(|a| match a.partner {
            Some((from2, to2)) if a.from == Some(sq("e4")) => Some([from2, to2]),
            Some((from2, _)) if from2 == sq("e4") => Some([a.from?, a.to?]),
            _ => None,
        })
        .flatten()
        .collect();
    let marked: BTreeSet<Square> = view
        .marks
        .iter()
        .filter(|(_, m)| *m == Mark::Partner)
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(
        partners.len(),
        30,
        "the 15 other pawns and their steps: {partners:?}"
    );
    assert_eq!(marked, partners);
    let (layout, image) = render(&view, Color::White);
    let (cx, cy) = layout.square_rect(sq("f5")).unwrap().center();
    assert!(close(
        pixel(&image, cx as i32, cy as i32),
        palette::PARTNER,
        3
    ));
    let labels: Vec<String> = layout
        .legend
        .iter()
        .map(|p| p.item.label(layout.drafting))
        .collect();
    // The partner pawn's outline and the diamond where it goes are both explained.
    assert!(
        labels.contains(&"a piece that moves along".to_string()),
        "{labels:?}"
    );
    assert!(
        labels.contains(&"where that piece goes".to_string()),
        "{labels:?}"
    );
    assert!(text_board(&view, Color::White).contains('◆'));
}

/// Castling marks the rook and its square as the king's partner.
#[test]
fn moves_of_a_king_mark_the_castling_rook() {
    let game = registry::load(GameId::Chess, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let view = chatrang_render::moves_view(&game.view(), sq("e1"), &game.legal_actions());
    let partner_squares: BTreeSet<String> = view
        .marks
        .iter()
        .filter(|(_, m)| *m == Mark::Partner)
        .map(|(s, _)| s.to_string())
        .collect();
    // h1→f1 and a1→d1; f1 and d1 are the king's own steps, so they keep the move mark.
    assert_eq!(
        partner_squares,
        BTreeSet::from(["a1".to_string(), "h1".to_string()])
    );
}

#[test]
fn rendering_is_deterministic_and_shared_across_threads() {
    let view = samples::chromopolis();
    let first = Renderer::global().png(&view, Color::White).unwrap();
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let view = view.clone();
            std::thread::spawn(move || Renderer::global().png(&view, Color::White).unwrap())
        })
        .collect();
    for handle in handles {
        assert_eq!(handle.join().unwrap(), first);
    }
}

#[test]
fn chatrang_render_draws_every_game_and_refuses_unknown_ones() {
    let dir = std::env::temp_dir().join(format!("chatrang-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for id in GameId::ALL {
        let out = dir.join(format!("{}.png", id.slug()));
        chatrang_render::command::render(id.slug(), &[], None, Some(out.clone()), false)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(image::load_from_memory(&std::fs::read(&out).unwrap()).is_ok());
    }
    let out = Some(dir.join("x.png"));
    assert!(chatrang_render::command::render("go", &[], None, out.clone(), false).is_err());
    let piece = ["No Such Piece".to_string()];
    assert!(chatrang_render::command::render("piece", &piece, None, out, false).is_err());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_real_games_need_no_sprite_sizes_beyond_those_made_at_start() {
    let renderer = Renderer::new();
    let usual = renderer.sprite_sizes();
    for (name, view, orientation) in gallery::views().unwrap() {
        renderer.draw(&view, orientation).unwrap();
        assert_eq!(renderer.sprite_sizes(), usual, "{name}");
    }
}

#[test]
fn pictures_are_palette_pngs_that_keep_flat_colours_exact_and_stay_small() {
    let renderer = Renderer::global();
    let view = chatrang_render::showcase::middlegame(GameId::Cataclysm).expect("a middlegame");
    let png = renderer.png(&view, Color::White).unwrap();
    assert!(
        png.len() <= 250 * 1024,
        "a 16×12 board must stay under 250 KB, got {} bytes",
        png.len()
    );
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let reader = decoder.read_info().unwrap();
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    let plte = reader.info().palette.as_ref().expect("a palette").to_vec();
    assert!(plte.len() <= 256 * 3);
    let colors: Vec<[u8; 3]> = plte.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    for must in [
        palette::LIGHT_SQUARE,
        palette::DARK_SQUARE,
        palette::BACKGROUND,
        palette::TEXT,
        palette::LAST_MOVE.over(palette::LIGHT_SQUARE),
        palette::LAST_MOVE.over(palette::DARK_SQUARE),
        palette::CHECK,
    ] {
        assert!(colors.contains(&must.rgb()), "{must:?} is in the palette");
    }
    // And the squares come out in exactly those colours.
    let (layout, image) = render(&view, Color::White);
    assert_eq!(corner(&layout, &image, "a1"), palette::DARK_SQUARE.rgb());
    assert_eq!(corner(&layout, &image, "b1"), palette::LIGHT_SQUARE.rgb());
}
