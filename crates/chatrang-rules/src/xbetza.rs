//! XBetza piece notation, parsed into [`Atom`]s: what a piece can do, independent of any board.
//!
//! Supported: the leapers W F D N A H C Z G and K; riders R B Q and doubled atoms (NN, WW…);
//! a range after the atom (R4, Q3); modalities `m` (move only) and `c` (capture only);
//! directions `f b l r s v` and pairs (`fl`, `ff`, `fs`…); `n` lame (non-jumping); `p` cannon
//! hop; `g` grasshopper hop; `i` only from the piece's initial squares; `e` en-passant capture;
//! and a two-leg move `maK` (a move-only step, then again a step of the same atom, as the
//! Cataclysm Sorceress). Anything else is an error naming the character and its position.

use std::fmt;

/// How a move may end: on an empty square, on an enemy piece, or either.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct Modes {
    pub(crate) moves: bool,
    pub(crate) captures: bool,
}

impl Modes {
    pub(crate) const BOTH: Modes = Modes {
        moves: true,
        captures: true,
    };
}

/// How a rider treats the pieces in its path.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) enum Hop {
    /// Stops at the first piece (a normal slider or leaper).
    None,
    /// `p`: must jump exactly one piece (the screen) and then moves on as a slider (cannon).
    Cannon,
    /// `g`: lands on the square just beyond the first piece met (grasshopper).
    Grasshopper,
}

/// One component of a piece: a step shape in some directions, with its conditions.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Atom {
    /// Every step vector, from White's point of view (+rank is forward).
    pub(crate) directions: Vec<(i8, i8)>,
    /// How many steps it may repeat in one direction; 1 for a leaper, `None` without limit.
    pub(crate) max_steps: Option<u8>,
    pub(crate) modes: Modes,
    pub(crate) hop: Hop,
    /// `n`: the squares the step passes over must be empty.
    pub(crate) lame: bool,
    /// `i`: only from the piece's initial squares (the game says which).
    pub(crate) initial: bool,
    /// `e`: may capture en passant.
    pub(crate) en_passant: bool,
    /// `a`: the step above (which must end on an empty square) is followed by one more step of
    /// the same shape, in any direction, ending as these modes allow.
    pub(crate) second_leg: Option<Modes>,
}

/// A parsed XBetza string.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Betza {
    /// The text it was read from.
    pub text: String,
    /// Its atoms, one per move component.
    pub atoms: Vec<Atom>,
}

/// Why an XBetza string was refused: the character, where it stands (1-based) and why.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub struct BetzaError {
    pub(crate) text: String,
    /// 1-based character position; 0 when the string as a whole is wrong.
    pub(crate) position: usize,
    pub(crate) found: Option<char>,
    pub(crate) reason: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.found {
            Some(c) => write!(
                f,
                "in \"{}\", '{}' at character {}: {}",
                self.text, c, self.position, self.reason
            ),
            None => write!(f, "in \"{}\": {}", self.text, self.reason),
        }
    }
}

/// The most characters a piece definition may have; longer input is refused outright.
const MAX_LEN: usize = super::limits::XBETZA;

#[derive(Copy, Clone, Eq, PartialEq)]
enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

/// The base (x, y) of each leaper letter, and whether it stands for two leapers at once (K).
fn atom_shape(letter: char) -> Option<&'static [(i8, i8)]> {
    Some(match letter {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' => &[(3, 1)],
        'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' | 'Q' => &[(1, 0), (1, 1)],
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        _ => return None,
    })
}

/// All distinct symmetric images of (a, b).
fn symmetric(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

fn shape_of(a: i8, b: i8) -> Shape {
    if a == 0 || b == 0 {
        Shape::Orthogonal
    } else if a.abs() == b.abs() {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

impl Betza {
    /// Parses a piece definition such as `fmWfcF`, `RcpR`, `nNN` or `KmaK`.
    pub fn parse(text: &str) -> Result<Betza, BetzaError> {
        Parser::new(text).parse()
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
}

/// Modifiers gathered before an atom letter.
#[derive(Default)]
struct Prefix {
    moves: bool,
    captures: bool,
    directions: Vec<(char, usize)>,
    lame: bool,
    hop: Option<(char, usize)>,
    initial: bool,
    en_passant: bool,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            chars: text.chars().collect(),
            pos: 0,
        }
    }

    fn error(&self, position: usize, reason: impl Into<String>) -> BetzaError {
        BetzaError {
            text: self.text.chars().take(MAX_LEN).collect(),
            position: position + 1,
            found: self.chars.get(position).copied(),
            reason: reason.into(),
        }
    }

    fn whole_error(&self, reason: impl Into<String>) -> BetzaError {
        BetzaError {
            text: self.text.chars().take(MAX_LEN).collect(),
            position: 0,
            found: None,
            reason: reason.into(),
        }
    }

    fn parse(mut self) -> Result<Betza, BetzaError> {
        if self.chars.is_empty() {
            return Err(self.whole_error("a piece needs at least one move, such as W or N"));
        }
        if self.chars.len() > MAX_LEN {
            return Err(self.whole_error(format!(
                "{} characters; a piece definition has at most {MAX_LEN}",
                self.chars.len()
            )));
        }
        let mut atoms = Vec::new();
        while self.pos < self.chars.len() {
            atoms.push(self.component()?);
        }
        Ok(Betza {
            text: self.text.to_string(),
            atoms,
        })
    }

    fn prefix(&mut self) -> Result<Prefix, BetzaError> {
        let mut p = Prefix::default();
        while let Some(&c) = self.chars.get(self.pos) {
            match c {
                'm' => p.moves = true,
                'c' => p.captures = true,
                'f' | 'b' | 'l' | 'r' | 's' | 'v' => p.directions.push((c, self.pos)),
                'n' => p.lame = true,
                'p' | 'g' => {
                    if p.hop.is_some() {
                        return Err(self.error(self.pos, "only one of p and g may be given"));
                    }
                    p.hop = Some((c, self.pos));
                }
                'i' => p.initial = true,
                'e' => p.en_passant = true,
                _ => break,
            }
            self.pos += 1;
        }
        Ok(p)
    }

    fn component(&mut self) -> Result<Atom, BetzaError> {
        let start = self.pos;
        let first = self.prefix()?;
        let mut second: Option<Prefix> = None;
        if self.chars.get(self.pos) == Some(&'a') {
            let a_pos = self.pos;
            if !first.moves || first.captures {
                return Err(self.error(
                    a_pos,
                    "the first leg of an 'a' move must be 'm' (move only)",
                ));
            }
            if first.hop.is_some() {
                return Err(self.error(a_pos, "hops cannot start an 'a' move"));
            }
            self.pos += 1;
            let later = self.prefix()?;
            if let Some(&(_, at)) = later.directions.first() {
                return Err(self.error(at, "directions after 'a' are not supported"));
            }
            if later.hop.is_some() || later.lame || later.initial || later.en_passant {
                return Err(self.error(a_pos + 1, "after 'a' only m or c may be given"));
            }
            second = Some(later);
        }
        let atom_pos = self.pos;
        let Some(&letter) = self.chars.get(atom_pos) else {
            return Err(self.error(
                start.min(self.chars.len().saturating_sub(1)),
                "modifiers must be followed by a piece letter (W F D N A H C Z G K R B Q)",
            ));
        };
        let Some(bases) = atom_shape(letter) else {
            let reason = if letter.is_ascii_lowercase() {
                "not a modifier this program knows (m c f b l r s v n p g i e a)"
            } else {
                "not a piece letter (W F D N A H C Z G K R B Q)"
            };
            return Err(self.error(atom_pos, reason));
        };
        self.pos += 1;

        // Riders: R, B, Q are riders by name; a doubled leaper letter rides; a number limits.
        let mut max_steps = match letter {
            'R' | 'B' | 'Q' => None,
            _ => Some(1),
        };
        if let Some(&next) = self.chars.get(self.pos) {
            if next == letter && matches!(max_steps, Some(1)) {
                max_steps = None;
                self.pos += 1;
            } else if next == letter {
                return Err(self.error(self.pos, "R, B and Q already ride; do not double them"));
            }
        }
        let digits_start = self.pos;
        while self.chars.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos > digits_start {
            let digits: String = self.chars[digits_start..self.pos].iter().collect();
            match digits.parse::<u8>() {
                Ok(n) if (1..=15).contains(&n) => max_steps = Some(n),
                _ => return Err(self.error(digits_start, "a range must be a number from 1 to 15")),
            }
        }

        let mut directions = Vec::new();
        for &(a, b) in bases {
            let all = symmetric(a, b);
            let chosen = select_directions(&all, shape_of(a, b), &first.directions)
                .map_err(|(at, reason)| self.error(at, reason))?;
            for d in chosen {
                if !directions.contains(&d) {
                    directions.push(d);
                }
            }
        }
        if directions.is_empty() {
            let at = first.directions.first().map_or(atom_pos, |&(_, p)| p);
            return Err(self.error(at, format!("these directions select no move of {letter}")));
        }

        let hop = match first.hop {
            None => Hop::None,
            Some((c, at)) => {
                if max_steps == Some(1) {
                    return Err(self.error(at, "hops need a rider, such as pR or gQ"));
                }
                if c == 'p' {
                    Hop::Cannon
                } else {
                    Hop::Grasshopper
                }
            }
        };
        if first.lame && !bases.iter().any(|&(a, b)| a.max(b) >= 2) {
            return Err(self.error(atom_pos, "'n' (lame) needs a step that passes over squares"));
        }
        if second.is_some() && max_steps != Some(1) {
            return Err(self.error(
                atom_pos,
                "an 'a' move needs a single-step leaper, such as K",
            ));
        }
        let modes_of = |p: &Prefix| match (p.moves, p.captures) {
            (false, false) => Modes::BOTH,
            (moves, captures) => Modes { moves, captures },
        };
        let (modes, second_leg) = match &second {
            Some(later) => (
                Modes {
                    moves: true,
                    captures: false,
                },
                Some(modes_of(later)),
            ),
            None => (modes_of(&first), None),
        };
        Ok(Atom {
            directions,
            max_steps,
            modes,
            hop,
            lame: first.lame,
            initial: first.initial,
            en_passant: first.en_passant,
            second_leg,
        })
    }
}

/// Keeps the step vectors that the direction letters select (all of them when none are given).
fn select_directions(
    all: &[(i8, i8)],
    shape: Shape,
    letters: &[(char, usize)],
) -> Result<Vec<(i8, i8)>, (usize, String)> {
    if letters.is_empty() {
        return Ok(all.to_vec());
    }
    // Split the letters into selectors: a single letter, or a meaningful pair.
    let mut selectors: Vec<(char, Option<char>, usize)> = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let (x, at) = letters[i];
        let y = letters.get(i + 1).map(|&(c, _)| c);
        let pairs = match (shape, x, y) {
            (Shape::Diagonal, 'f' | 'b', Some('l' | 'r')) => true,
            (Shape::Diagonal, 'l' | 'r', Some('f' | 'b')) => true,
            (Shape::Oblique, 'f' | 'b', Some(y)) => y == x || matches!(y, 'l' | 'r' | 's'),
            (Shape::Oblique, 'l' | 'r', Some(y)) => y == x || matches!(y, 'f' | 'b' | 'v'),
            _ => false,
        };
        if pairs {
            selectors.push((x, y, at));
            i += 2;
        } else {
            selectors.push((x, None, at));
            i += 1;
        }
    }
    let single = |c: char, at: usize, (dx, dy): (i8, i8)| -> Result<bool, (usize, String)> {
        Ok(match c {
            'f' => dy > 0,
            'b' => dy < 0,
            'l' => dx < 0,
            'r' => dx > 0,
            'v' | 's' if shape == Shape::Diagonal => {
                return Err((at, format!("'{c}' has no meaning for a diagonal step")));
            }
            'v' => dy.abs() > dx.abs(),
            's' => dx.abs() > dy.abs(),
            _ => unreachable!("only direction letters reach here"),
        })
    };
    let mut out = Vec::new();
    for &d in all {
        let mut keep = false;
        for &(x, y, at) in &selectors {
            let mut hit = single(x, at, d)?;
            if let Some(y) = y {
                hit &= if y == x {
                    // A doubled letter picks the narrow (ff, bb) or wide (ll, rr) oblique steps.
                    if matches!(x, 'f' | 'b') {
                        d.1.abs() > d.0.abs()
                    } else {
                        d.0.abs() > d.1.abs()
                    }
                } else {
                    single(y, at + 1, d)?
                };
            }
            keep |= hit;
        }
        if keep {
            out.push(d);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(text: &str) -> Vec<(i8, i8)> {
        let mut d: Vec<_> = Betza::parse(text).unwrap().atoms[0].directions.clone();
        d.sort();
        d
    }

    #[test]
    fn leapers_have_their_eight_or_four_images() {
        assert_eq!(dirs("W").len(), 4);
        assert_eq!(dirs("F").len(), 4);
        assert_eq!(dirs("N").len(), 8);
        assert_eq!(dirs("C").len(), 8);
        assert_eq!(dirs("Z").len(), 8);
        assert_eq!(dirs("G"), vec![(-3, -3), (-3, 3), (3, -3), (3, 3)]);
        assert_eq!(dirs("H"), vec![(-3, 0), (0, -3), (0, 3), (3, 0)]);
        assert_eq!(dirs("K").len(), 8);
    }

    #[test]
    fn riders_and_ranges() {
        let r = Betza::parse("R").unwrap();
        assert_eq!(r.atoms[0].max_steps, None);
        assert_eq!(Betza::parse("R4").unwrap().atoms[0].max_steps, Some(4));
        assert_eq!(Betza::parse("Q3").unwrap().atoms[0].max_steps, Some(3));
        assert_eq!(Betza::parse("NN").unwrap().atoms[0].max_steps, None);
        assert_eq!(Betza::parse("W").unwrap().atoms[0].max_steps, Some(1));
        let b4w = Betza::parse("B4W").unwrap();
        assert_eq!(b4w.atoms.len(), 2);
        assert_eq!(b4w.atoms[0].max_steps, Some(4));
        assert_eq!(b4w.atoms[1].max_steps, Some(1));
    }

    #[test]
    fn modalities_and_directions() {
        let pawn = Betza::parse("fmWfcF").unwrap();
        assert_eq!(pawn.atoms[0].directions, vec![(0, 1)]);
        assert!(pawn.atoms[0].modes.moves && !pawn.atoms[0].modes.captures);
        let mut capture = pawn.atoms[1].directions.clone();
        capture.sort();
        assert_eq!(capture, vec![(-1, 1), (1, 1)]);
        assert!(pawn.atoms[1].modes.captures && !pawn.atoms[1].modes.moves);
        assert_eq!(dirs("bmR"), vec![(0, -1)]);
        assert_eq!(dirs("sR"), vec![(-1, 0), (1, 0)]);
        assert_eq!(dirs("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(dirs("flF"), vec![(-1, 1)]);
        assert_eq!(dirs("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(dirs("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(dirs("fN").len(), 4);
        let spear = Betza::parse("fmRfcB").unwrap();
        assert_eq!(spear.atoms[0].directions, vec![(0, 1)]);
        assert_eq!(spear.atoms[1].directions.len(), 2);
    }

    #[test]
    fn lame_hop_initial_and_two_legs() {
        let chinese = Betza::parse("nNN").unwrap().atoms[0].clone();
        assert!(chinese.lame);
        assert_eq!(chinese.max_steps, None);
        let cannon = Betza::parse("mRcpR").unwrap();
        assert_eq!(cannon.atoms[1].hop, Hop::Cannon);
        assert!(cannon.atoms[1].modes.captures && !cannon.atoms[1].modes.moves);
        assert_eq!(Betza::parse("gQ").unwrap().atoms[0].hop, Hop::Grasshopper);
        let chess_pawn = Betza::parse("fmWfceFifmnD").unwrap();
        assert!(chess_pawn.atoms[1].en_passant);
        assert!(chess_pawn.atoms[2].initial && chess_pawn.atoms[2].lame);
        let sorceress = Betza::parse("KmaK").unwrap();
        assert_eq!(sorceress.atoms[1].second_leg, Some(Modes::BOTH));
        assert!(!sorceress.atoms[1].modes.captures);
    }

    fn error(text: &str) -> BetzaError {
        Betza::parse(text).unwrap_err()
    }

    #[test]
    fn errors_name_the_character_and_its_position() {
        let e = error("fmWxF");
        assert_eq!((e.position, e.found), (4, Some('x')));
        assert!(e.to_string().contains("'x' at character 4"), "{e}");
        let e = error("WY");
        assert_eq!((e.position, e.found), (2, Some('Y')));
        assert_eq!(error("").position, 0);
        assert_eq!(error("fm").found, Some('f'));
        assert_eq!(error("R0").position, 2);
        assert_eq!(error("R99").position, 2);
        assert_eq!(error("pW").found, Some('p'));
        assert_eq!(error("nW").found, Some('W'));
        assert_eq!(error("RR").position, 2);
        assert_eq!(error("vF").found, Some('v'));
        assert_eq!(error("caK").found, Some('a'));
        assert_eq!(error("mafK").found, Some('f'));
        assert_eq!(error("maR").found, Some('R'));
        assert_eq!(error("pgR").found, Some('g'));
        assert!(Betza::parse(&"W".repeat(100)).is_err());
    }

    proptest::proptest! {
        #[test]
        fn parsing_any_string_never_panics(text in "[a-zA-Z0-9]{0,20}") {
            let _ = Betza::parse(&text);
        }
    }
}
