//! `/army`: the pieces of the game open here and how they move, each side's army apart, so
//! that a player can read the armies the players defined (Patch, Easy Patch, Version Two)
//! with their XBetza. A piece belongs to a side's army when that side has one on the board or
//! in a camp; during a draft the pool (either side may pick from it) follows, then the game's
//! other pieces (promotions, pieces already taken).

use super::{
    base::Service,
    board_as::{fitted, sides},
    loaded::Loaded,
    reply::ServiceResult,
    request::Request,
};
use crate::rules::{BoardView, Color, PieceInfo};

impl Service {
    /// `/army [white|black]`: one side's army, or both and the game's other pieces.
    pub(crate) async fn army(&self, req: &Request, side: &str) -> ServiceResult {
        let sides = sides(side, "/army")?;
        let loaded = self.look(req, true).await?;
        Ok(army_reply(&loaded, &sides))
    }
}

/// The pieces of `loaded`'s game for `sides`, one line each with its symbol, XBetza and
/// moves; when both sides are asked for, also the draft's pool and the game's other pieces.
pub(crate) fn army_reply(loaded: &Loaded, sides: &[Color]) -> super::Reply {
    let view = loaded.game.view();
    let pieces = loaded.game.pieces();
    let mut text = format!("Pieces of game {}:", loaded.label());
    let mut listed: Vec<&str> = Vec::new();
    for &side in sides {
        let mine: Vec<&PieceInfo> = pieces
            .iter()
            .filter(|p| in_army(&view, side, &p.name))
            .collect();
        text.push_str(&format!("\n{side}'s army:"));
        if mine.is_empty() {
            text.push_str(" no pieces on the board.");
        }
        for piece in mine {
            text.push_str(&format!("\n{}", line(piece)));
            listed.push(&piece.name);
        }
    }
    if sides.len() > 1 {
        let mut section = |title: &str, keep: &dyn Fn(&PieceInfo) -> bool| {
            let found: Vec<&PieceInfo> = pieces
                .iter()
                .filter(|p| !listed.contains(&p.name.as_str()) && keep(p))
                .collect();
            if !found.is_empty() {
                text.push_str(title);
                for piece in found {
                    text.push_str(&format!("\n{}", line(piece)));
                    listed.push(&piece.name);
                }
            }
        };
        section("\nStill in the pool, for either side to pick:", &|p| {
            view.pool.iter().any(|q| q.name == p.name)
        });
        section(
            "\nThe game's other pieces (promotions, pieces no longer in play):",
            &|_| true,
        );
    }
    text.push_str("\n/piece NAME draws one of them with its moves.");
    fitted(text, &format!("game-{}-army.txt", loaded.row.id))
}

/// "• Amazon (AM) — XBetza QN: moves as a queen or a knight."
pub(crate) fn line(piece: &PieceInfo) -> String {
    let said = piece.description.trim().trim_end_matches('.');
    if said.is_empty() {
        // A piece a server defined has its XBetza and nothing more.
        return format!(
            "• {} ({}) — XBetza {}.",
            piece.name, piece.symbol, piece.betza
        );
    }
    format!(
        "• {} ({}) — XBetza {}: {said}.",
        piece.name, piece.symbol, piece.betza
    )
}

/// Whether `side` has a piece called `name` on the board or in a camp (the draft's pool is
/// either side's).
fn in_army(view: &BoardView, side: Color, name: &str) -> bool {
    let on_board = view.pieces.iter().map(|(_, p)| p);
    let in_camps = view.outside.iter().filter_map(|slot| slot.piece.as_ref());
    on_board
        .chain(in_camps)
        .any(|p| p.color == side && p.name == name)
}
