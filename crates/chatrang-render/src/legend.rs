//! Which piece types the legend names: every fairy type (one that orthodox chess does not
//! have) on the board or in a camp, once each, in alphabetical order. Shared by the picture
//! and the text board.

use std::sync::OnceLock;

use chatrang_rules::{BoardView, Color, GameId, PieceView};

/// One named piece type.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct LegendEntry {
    pub kind: String,
    pub name: String,
    pub symbol: String,
    /// The colour of the first such piece seen, used for its icon.
    pub color: Color,
}

impl LegendEntry {
    /// "Grand Rook (G)".
    pub fn label(&self) -> String {
        if self.symbol.is_empty() {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, self.symbol)
        }
    }
}

/// The fairy piece types present in `view`.
pub fn entries(view: &BoardView) -> Vec<LegendEntry> {
    let on_board = view.pieces.iter().map(|(_, p)| p);
    let in_camps = view.outside.iter().filter_map(|slot| slot.piece.as_ref());
    let mut entries: Vec<LegendEntry> = Vec::new();
    for piece in on_board.chain(in_camps) {
        if !is_fairy(&piece.kind) {
            continue;
        }
        if entries
            .iter()
            .any(|e| e.kind == piece.kind && e.name == piece.name)
        {
            continue;
        }
        entries.push(entry(piece));
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name).then(a.kind.cmp(&b.kind)));
    entries
}

fn entry(piece: &PieceView) -> LegendEntry {
    LegendEntry {
        kind: piece.kind.clone(),
        name: piece.name.chars().take(40).collect(),
        symbol: piece.symbol.chars().take(4).collect(),
        color: piece.color,
    }
}

/// The kinds that are not orthodox chess pieces (those on a chess board at the start, read
/// from the game itself); the legend names these.
fn is_fairy(kind: &str) -> bool {
    static ORTHODOX: OnceLock<Vec<String>> = OnceLock::new();
    let orthodox = ORTHODOX.get_or_init(|| {
        GameId::Chess
            .spec()
            .example()
            .map(|game| {
                game.view()
                    .pieces
                    .into_iter()
                    .map(|(_, p)| p.kind)
                    .collect()
            })
            .unwrap_or_default()
    });
    !orthodox.iter().any(|k| k == kind)
}
