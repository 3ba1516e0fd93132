//! Variants defined by players (`docs/variants.md`) draw like the built-in games: the start of
//! every example definition and a diagram of each of its pieces, readable at the preview width
//! (lettered tokens for pieces without a picture, boards up to 12 files wide).

use chatrang_render::{MIN_PREVIEW_TEXT, PREVIEW_WIDTH, Renderer};
use chatrang_rules::{Color, Game, chesslike::ChessLike, custom};

/// The example definitions of the rules crate's tests.
fn definitions() -> Vec<(String, custom::Definition)> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chatrang-rules/tests/data/variants"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let d = custom::parse(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            (path.file_stem().unwrap().to_string_lossy().into_owned(), d)
        })
        .collect()
}

#[test]
fn every_defined_variant_draws_its_start_and_its_pieces_readably() {
    let renderer = Renderer::global();
    let out = std::env::var_os("CHATRANG_DEFINED_PICTURES").map(std::path::PathBuf::from);
    let mut unreadable = Vec::new();
    let mut drawn = 0;
    for (name, d) in definitions() {
        let game = ChessLike::game(d.start_position().unwrap());
        let mut views = vec![(name.clone(), game.view())];
        for piece in game.pieces() {
            let diagram = game
                .piece_diagram(&piece.name)
                .unwrap_or_else(|e| panic!("{name}: {}: {e}", piece.name));
            views.push((format!("{name}-{}", piece.name.to_lowercase()), diagram));
        }
        for (label, view) in views {
            let layout = renderer.layout(&view, Color::White).unwrap();
            let scale = layout.preview_scale();
            let text = layout.smallest_text() * scale;
            let square = layout.square as f32 * scale;
            if text < MIN_PREVIEW_TEXT || square < 20.0 {
                unreadable.push(format!(
                    "{label}: at {PREVIEW_WIDTH} px text {text:.1} px, squares {square:.1} px"
                ));
            }
            let png = renderer.png(&view, Color::White).unwrap();
            let image = image::load_from_memory(&png).unwrap();
            assert_eq!(
                (image.width(), image.height()),
                (layout.width, layout.height)
            );
            if let Some(dir) = &out {
                std::fs::write(dir.join(format!("{label}.png")), &png).unwrap();
            }
            drawn += 1;
        }
    }
    assert!(unreadable.is_empty(), "{unreadable:#?}");
    // Twelve definitions, each with its start and at least five pieces.
    assert!(drawn >= 12 * 6, "{drawn}");
}
