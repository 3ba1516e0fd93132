//! The colours of every picture, in one place so that tests can ask what a highlighted square,
//! a pit or a Katarenga tile should look like.

use chatrang_rules::Tile;

/// An opaque or translucent colour: red, green, blue, alpha (0 = invisible, 255 = opaque).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const fn opaque(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }

    /// The same colour with another alpha.
    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// This colour laid over an opaque `below` (straight alpha), as the picture will show it.
    pub fn over(self, below: Rgba) -> Rgba {
        let a = self.3 as u32;
        let mix =
            |top: u8, bottom: u8| ((top as u32 * a + bottom as u32 * (255 - a) + 127) / 255) as u8;
        Rgba(
            mix(self.0, below.0),
            mix(self.1, below.1),
            mix(self.2, below.2),
            255,
        )
    }

    pub const fn rgb(self) -> [u8; 3] {
        [self.0, self.1, self.2]
    }
}

/// Behind and around the board: a dark slate that suits both light and dark chat themes.
pub const BACKGROUND: Rgba = Rgba::opaque(43, 45, 49);
/// Squares that do not exist (Chromopolis a1 and a6).
pub const VOID: Rgba = Rgba::opaque(26, 27, 30);
pub const TEXT: Rgba = Rgba::opaque(230, 231, 234);
pub const COORDINATES: Rgba = Rgba::opaque(190, 192, 198);
pub const LIGHT_SQUARE: Rgba = Rgba::opaque(238, 219, 184);
pub const DARK_SQUARE: Rgba = Rgba::opaque(176, 136, 101);

/// Laid over both squares of the last move.
pub const LAST_MOVE: Rgba = Rgba(247, 236, 86, 120);
/// The thin frame around a tinted last-move square (a shape as well as a colour).
pub const LAST_MOVE_EDGE: Rgba = Rgba::opaque(120, 100, 10);
/// The frame of a last-move square that has a colour of its own (Katarenga).
pub const LAST_MOVE_FRAME: Rgba = Rgba::opaque(255, 250, 190);
/// Laid over the square of the piece a diagram or a move list is about.
pub const ORIGIN: Rgba = Rgba(120, 200, 255, 110);
/// The frame and glow around a royal piece in check.
pub const CHECK: Rgba = Rgba::opaque(226, 32, 32);
/// Laid over the repeated file of a cylinder, so that the copy reads as a copy.
pub const REPEAT_VEIL: Rgba = Rgba(43, 45, 49, 70);

pub const MOVE: Rgba = Rgba::opaque(38, 150, 62);
pub const CAPTURE: Rgba = Rgba::opaque(212, 45, 40);
pub const HOP: Rgba = Rgba::opaque(138, 72, 196);
pub const DEFEND: Rgba = Rgba::opaque(40, 105, 200);
pub const FORCE: Rgba = Rgba::opaque(236, 128, 20);
/// The partner of a move: the second pawn of a two-pawn move, castling's rook.
pub const PARTNER: Rgba = Rgba::opaque(0, 150, 165);
/// Catalonia chain arrows, and their dark edge.
pub const ARROW: Rgba = Rgba(255, 140, 0, 215);
pub const ARROW_OUTLINE: Rgba = Rgba(60, 30, 0, 150);
/// Hint arrows (suggested moves): blue, unlike the chain, and dashed.
pub const HINT: Rgba = Rgba(70, 170, 255, 225);
pub const HINT_OUTLINE: Rgba = Rgba(0, 20, 60, 170);
/// The dark edge around every move mark, so that a mark stands out on every square colour
/// (see the contrast test).
pub const MARK_OUTLINE: Rgba = Rgba::opaque(24, 24, 28);
/// The cords drawn across a bound Chromopolis piece.
pub const BOUND: Rgba = Rgba::opaque(150, 40, 170);

/// The floor and the core of a Catalonia pit.
pub const PIT_FLOOR: Rgba = Rgba::opaque(74, 58, 46);
pub const PIT_CORE: Rgba = Rgba::opaque(22, 17, 14);

/// The panel behind the Pick-a-team pool, the veil over a piece that cannot be picked now and
/// its dimmed label.
pub const POOL_PANEL: Rgba = Rgba::opaque(54, 57, 63);
pub const POOL_VEIL: Rgba = Rgba(54, 57, 63, 170);
pub const DIM_TEXT: Rgba = Rgba::opaque(140, 142, 148);
/// The disc behind legend and pool icons, so Black icons show on the dark background.
pub const ICON_PLATE: Rgba = Rgba::opaque(150, 130, 108);
/// The side colours used for camps, baselines and badges.
pub const WHITE_SIDE: Rgba = Rgba::opaque(246, 246, 242);
pub const BLACK_SIDE: Rgba = Rgba::opaque(18, 18, 20);

/// The fill of a square with a tile.
pub const fn tile(tile: Tile) -> Rgba {
    match tile {
        Tile::Red => Rgba::opaque(214, 84, 72),
        Tile::Yellow => Rgba::opaque(236, 192, 64),
        Tile::Green => Rgba::opaque(92, 164, 88),
        Tile::Blue => Rgba::opaque(78, 128, 196),
        Tile::Pit => PIT_FLOOR,
    }
}

/// The faint movement sign drawn on Katarenga tiles.
pub const TILE_SIGN: Rgba = Rgba(20, 20, 20, 95);

/// The usual square colour: a1 is dark.
pub const fn square(file: u8, rank: u8) -> Rgba {
    if (file + rank).is_multiple_of(2) {
        DARK_SQUARE
    } else {
        LIGHT_SQUARE
    }
}

/// The colours that must come out exactly in an indexed picture: every opaque colour above,
/// and each tint over each surface it is laid on (the tests, and players, compare them).
pub fn exact_colors() -> Vec<[u8; 3]> {
    let tiles = [Tile::Red, Tile::Yellow, Tile::Green, Tile::Blue].map(tile);
    let mut surfaces = vec![LIGHT_SQUARE, DARK_SQUARE, PIT_FLOOR, VOID, BACKGROUND];
    surfaces.extend(tiles);
    let mut colors: Vec<Rgba> = vec![
        TEXT,
        COORDINATES,
        LAST_MOVE_FRAME,
        LAST_MOVE_EDGE,
        CHECK,
        MOVE,
        CAPTURE,
        HOP,
        DEFEND,
        FORCE,
        PARTNER,
        BOUND,
        MARK_OUTLINE,
        POOL_PANEL,
        DIM_TEXT,
        PIT_CORE,
        ICON_PLATE,
        WHITE_SIDE,
        BLACK_SIDE,
    ];
    colors.extend(&surfaces);
    for tint in [LAST_MOVE, ORIGIN, REPEAT_VEIL] {
        colors.extend(surfaces.iter().map(|&below| tint.over(below)));
    }
    colors.extend(tiles.iter().map(|&below| TILE_SIGN.over(below)));
    colors.into_iter().map(Rgba::rgb).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_mixes_by_alpha() {
        let white = Rgba::opaque(255, 255, 255);
        let black = Rgba::opaque(0, 0, 0);
        assert_eq!(black.alpha(0).over(white), white);
        assert_eq!(black.over(white), black);
        assert_eq!(black.alpha(128).over(white), Rgba::opaque(127, 127, 127));
    }

    #[test]
    fn a1_is_dark_and_the_four_tiles_differ() {
        assert_eq!(square(0, 0), DARK_SQUARE);
        assert_eq!(square(1, 0), LIGHT_SQUARE);
        let tiles = [Tile::Red, Tile::Yellow, Tile::Green, Tile::Blue, Tile::Pit].map(tile);
        for (i, a) in tiles.iter().enumerate() {
            for b in &tiles[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
