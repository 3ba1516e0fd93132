//! `/moves S` and `/moves Sorceress`: the moves of the pieces a letter or a name stands for, as
//! a newcomer who knows the pieces but not the notation asks for them.

use super::{loaded::Loaded, reply::Reply};

/// `/moves S`: the legal moves of the pieces a letter or a name stands for ("S", "Sorceress"),
/// when no move's notation starts with what was typed; `None` when no piece is called so.
pub(crate) fn pieces_moves(loaded: &Loaded, typed: &str) -> Option<Reply> {
    if typed.is_empty() {
        return None;
    }
    let view = loaded.game.view();
    let named: Vec<_> = view
        .pieces
        .iter()
        .filter(|(_, p)| p.symbol.eq_ignore_ascii_case(typed) || p.name.eq_ignore_ascii_case(typed))
        .collect();
    let (_, first) = named.first()?;
    let mut moves: Vec<String> = loaded
        .game
        .legal_actions()
        .into_iter()
        .filter(|a| named.iter().any(|(square, _)| a.move_of(*square).is_some()))
        .map(|a| a.notation)
        .collect();
    moves.sort();
    Some(Reply::text(if moves.is_empty() {
        format!("No {} ({}) has a legal move now.", first.name, first.symbol)
    } else {
        format!(
            "Legal moves of the {} ({}): {}",
            first.name,
            first.symbol,
            moves.join(" ")
        )
    }))
}
