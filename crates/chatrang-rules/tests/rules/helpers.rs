//! Shared helpers: building positions from piece lists, loading games, and listing legal
//! actions and a piece's targets.

use chatrang_rules::{
    Game, GameId, Square,
    catalonia::{board::Board, pieces::Piece},
    registry,
};

/// A square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Loads a position string or fails the test with the string and the reason.
pub fn load(game: GameId, text: &str) -> Box<dyn Game> {
    registry::load(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every legal action's notation, sorted.
pub fn legal(game: &dyn Game) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    v.sort();
    v
}

/// The legal actions whose notation starts with `prefix` (a square: the moves from it), sorted.
pub fn legal_starting(game: &dyn Game, prefix: &str) -> Vec<String> {
    legal(game)
        .into_iter()
        .filter(|n| n.starts_with(prefix))
        .collect()
}

/// Builds the board field of a position string from `"K:i2 k:h11 G:a1"` (upper case White).
pub fn board(files: u8, ranks: u8, pieces: &str) -> String {
    let mut grid = vec![vec![None::<String>; files as usize]; ranks as usize];
    for item in pieces.split_whitespace() {
        let (symbol, square) = item.split_once(':').expect("piece:square");
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse::<usize>().expect("rank") - 1;
        grid[rank][file] = Some(symbol.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..ranks as usize).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(s) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(s);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// Chromopolis' board field (ranks 6 to 1; files b–g on ranks 1 and 6, a–g on the others)
/// with these squares filled (`("b3", "N")`, `("f3", ".[p]")`, `("c3", "A[NL]")`), the rest
/// empty.
pub fn chromopolis_board(filled: &[(&str, &str)]) -> String {
    let mut rows = Vec::new();
    for rank in (1..=6).rev() {
        let files = if rank == 1 || rank == 6 {
            "bcdefg"
        } else {
            "abcdefg"
        };
        let mut row = String::new();
        let mut empty = 0;
        for file in files.chars() {
            match filled.iter().find(|(s, _)| *s == format!("{file}{rank}")) {
                Some((_, content)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(content);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A Catalonia board with these pieces (letter case gives the colour) and pits.
pub fn catalonia_board(pieces: &[(&str, char)], pits: &[&str]) -> Board {
    let mut b = Board::empty();
    for &(s, c) in pieces {
        b.put(sq(s), Some(Piece::from_letter(c).unwrap()));
    }
    for p in pits {
        b.add_pit(sq(p));
    }
    b
}

/// A Cataclysm game from pieces, side to move and King's-leap rights.
pub fn cataclysm(pieces: &str, side: &str, rights: &str) -> Box<dyn Game> {
    let text = format!("{} {side} {rights} - 0 1", board(16, 12, pieces));
    registry::load(GameId::Cataclysm, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn chess(text: &str) -> Box<dyn Game> {
    registry::load(GameId::Chess, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of the piece on `from`, as sorted notations.
pub fn moves_from(game: &dyn Game, from: &str) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter(|a| a.from.is_some_and(|s| s.to_string() == from) && !a.notation.contains('&'))
        .map(|a| a.notation)
        .collect();
    v.sort();
    v
}

/// The destination squares of the piece on `from`, sorted.
pub fn targets(game: &dyn Game, from: &str) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter(|a| a.from.is_some_and(|s| s.to_string() == from) && !a.notation.contains('&'))
        .filter_map(|a| a.to.map(|s| s.to_string()))
        .collect();
    v.sort();
    v.dedup();
    v
}

pub fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn has(game: &dyn Game, notation: &str) -> bool {
    game.legal_actions().iter().any(|a| a.notation == notation)
}
