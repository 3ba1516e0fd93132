//! Shared helpers: building positions from piece lists and listing a piece's targets.

use chatrang::rules::{Game, GameId, registry};

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
