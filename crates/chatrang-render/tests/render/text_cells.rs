//! The text board can be read without the picture: in every game, from its start through a
//! few dozen moves (a draft included), two different pieces never share a square's text, and a
//! piece the legend names is written with the legend's whole symbol (Pick-a-team's C, CN and
//! CP; Patch's Archbishop A and Alfil AL; the Blocking Prince PR and Royal Knight RN).

use std::collections::BTreeMap;

use chatrang_render::{legend_entries, text_board};
use chatrang_rules::{BoardView, Color, GAMES, Square};

/// How many actions each game plays (always the first legal one) while its boards are checked.
const ACTIONS: usize = 60;

/// Each square's text, read back from the text board drawn from White's side: the rank lines
/// cut into columns as wide as the file letters below them are apart.
fn cells(text: &str) -> BTreeMap<Square, String> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let files = lines
        .iter()
        .find(|l| l.len() > 4 && l[..3].iter().all(|c| *c == ' ') && l.contains(&'a'))
        .expect("a line of file letters");
    let letters: Vec<(usize, char)> = files
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_lowercase())
        .map(|(i, c)| (i, *c))
        .collect();
    let step = letters.get(1).map_or(2, |b| b.0 - letters[0].0);
    // A Katarenga square's colour letter stands before its piece, over no file letter.
    let colour = letters[0].0 - 3;
    let mut out = BTreeMap::new();
    for line in &lines {
        let label: String = line.iter().take(3).collect();
        let Ok(rank) = label.trim().parse::<u8>() else {
            continue;
        };
        for &(at, letter) in &letters {
            let start = at - colour;
            let cell: String = line.iter().skip(start).take(step).collect();
            let square = Square::parse(&format!("{letter}{rank}")).expect("a square");
            out.insert(square, cell.trim().to_string());
        }
    }
    out
}

/// Checks one view: distinct pieces have distinct cells, and the legend's symbols are whole.
fn check(game: &str, view: &BoardView) {
    let text = text_board(view, Color::White);
    let cells = cells(&text);
    let mut seen: BTreeMap<String, (String, Color)> = BTreeMap::new();
    for (square, piece) in &view.pieces {
        if view.pieces.iter().filter(|(s, _)| s == square).count() > 1 || piece.bound {
            continue;
        }
        let cell = cells
            .get(square)
            .unwrap_or_else(|| panic!("{game}: no cell for {square}\n{text}"));
        let who = (piece.name.clone(), piece.color);
        if let Some(other) = seen.insert(cell.clone(), who.clone()) {
            assert_eq!(
                other, who,
                "{game}: \"{cell}\" is written for two pieces\n{text}"
            );
        }
        if let Some(entry) = legend_entries(view)
            .into_iter()
            .find(|e| e.name == piece.name && !e.symbol.is_empty())
        {
            assert!(
                cell.eq_ignore_ascii_case(&entry.symbol),
                "{game}: the {} on {square} is \"{cell}\", the legend says {}\n{text}",
                piece.name,
                entry.symbol
            );
        }
    }
}

#[test]
fn every_game_writes_each_piece_apart_on_its_text_board() {
    for spec in &GAMES {
        let mut game = spec.example().expect("every game has an example");
        check(spec.slug, &game.view());
        for _ in 0..ACTIONS {
            let Some(action) = game.legal_actions().into_iter().next() else {
                break;
            };
            game.play(&action.notation).expect("a legal action plays");
            check(spec.slug, &game.view());
        }
    }
}

#[test]
fn pick_a_team_pieces_keep_both_letters_in_a_piece_diagram() {
    let game = GAMES
        .iter()
        .find(|g| g.slug == "pick-a-team")
        .expect("Pick-a-team is a game")
        .example()
        .expect("it has an example");
    for (name, symbol) in [("Chinese Nightrider", "CN"), ("Chinese Pawn", "CP")] {
        let view = game.piece_diagram(name).expect("a diagram");
        let text = text_board(&view, Color::White);
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().any(|w| w == symbol)),
            "{name} is not written {symbol}:\n{text}"
        );
    }
}

#[test]
fn a_camp_is_named_with_its_owner_once_and_hints_are_not_called_a_chain() {
    let spec = GAMES
        .iter()
        .find(|g| g.slug == "katarenga")
        .expect("Katarenga is a game");
    let mut game = spec.example().expect("it has an example");
    game.play("baseline north")
        .expect("Black chooses a baseline");
    let mut view = game.view();
    let text = text_board(&view, Color::White);
    let camps: Vec<&str> = text.lines().filter(|l| l.contains("beyond")).collect();
    assert_eq!(camps.len(), 4, "{text}");
    for line in camps {
        assert!(
            !line.contains("(White") && !line.contains("(Black"),
            "the owner is said twice: {line}"
        );
    }
    let (a, b) = (Square::parse("b1").unwrap(), Square::parse("c3").unwrap());
    view.hints.push((a, b));
    view.arrows.clear();
    let text = text_board(&view, Color::White);
    assert!(text.contains("Hint: b1→c3"), "{text}");
    assert!(!text.contains("Chain:"), "{text}");
}
