//! How the chess-like engine stores things compactly: a board cell (colour and type in one
//! byte), and the compiled steps, rays and attack probes of a variant's tables. A leaf: the
//! tables, the board and the move generator all speak in these.

use super::piece::TypeId;
use crate::{Color, xbetza::Hop};

/// Cell encoding on the board: 0 is empty; otherwise type + 1 in the low six bits, and
/// [`BLACK_BIT`] for Black.
pub(crate) type Cell = u8;
pub(crate) const BLACK_BIT: Cell = 0x40;
pub(crate) const TYPE_MASK: Cell = 0x3F;
/// An index that is always empty, used for "no block square" so checks need no branch.
pub(crate) const NO_SQUARE: u16 = 256;

pub(crate) const fn cell(color: Color, type_id: TypeId) -> Cell {
    (type_id + 1)
        | match color {
            Color::White => 0,
            Color::Black => BLACK_BIT,
        }
}

pub(crate) const fn cell_color(c: Cell) -> Color {
    if c & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}

pub(crate) const fn cell_type(c: Cell) -> TypeId {
    (c & TYPE_MASK) - 1
}

/// A compiled step: where it lands, and up to two squares that must be empty first.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct CStep {
    pub(crate) to: u8,
    pub(crate) blocks: [u16; 2],
}

/// A compiled ray: its steps (a range of the variant's shared steps) and how it moves. Eight
/// bytes, the flags packed in one: a Pick-a-team variant holds tens of thousands of these.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CRay {
    pub(crate) first: u32,
    pub(crate) len: u8,
    pub(crate) pass_first: u8,
    pub(crate) hop: Hop,
    pub(super) flags: u8,
}

pub(super) const RAY_MOVES: u8 = 1;
pub(super) const RAY_CAPTURES: u8 = 2;
pub(super) const RAY_EN_PASSANT: u8 = 4;
pub(super) const RAY_DOUBLE_STEP: u8 = 8;
pub(super) const RAY_LAME: u8 = 16;

impl CRay {
    /// It may end on an empty square.
    #[inline(always)]
    pub(crate) fn moves(&self) -> bool {
        self.flags & RAY_MOVES != 0
    }

    /// It may capture.
    #[inline(always)]
    pub(crate) fn captures(&self) -> bool {
        self.flags & RAY_CAPTURES != 0
    }

    /// It may capture en passant.
    #[inline(always)]
    pub(crate) fn en_passant(&self) -> bool {
        self.flags & RAY_EN_PASSANT != 0
    }

    /// A two-square initial move of a piece that can be taken en passant.
    #[inline(always)]
    pub(crate) fn double_step(&self) -> bool {
        self.flags & RAY_DOUBLE_STEP != 0
    }

    /// Some step has squares that must be empty first (a lame leap or rider).
    #[inline(always)]
    pub(crate) fn lame(&self) -> bool {
        self.flags & RAY_LAME != 0
    }
}

/// How a probe is walked.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
#[repr(u8)]
pub(crate) enum ProbeKind {
    /// Outward until the first piece, which attacks if its type's bit is set at that distance.
    Slide = 0,
    /// The first piece is a screen; the next piece beyond it may attack.
    Cannon = 1,
    /// The adjacent square must hold a hurdle; the first piece beyond it may attack.
    Grasshopper = 2,
    /// Independent single squares (leapers), optionally all behind one square that must be
    /// empty (the first leg of a two-leg move).
    Fan = 3,
}

#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct CProbe {
    pub(crate) first: u32,
    pub(crate) len: u8,
    pub(crate) pass_first: u8,
    pub(crate) hop_kind: u8,
    /// The types this probe can find, a bit each: a probe for types the enemy does not have
    /// on the board is skipped (Pick-a-team variants know thirty types; a game holds a few).
    pub(crate) types: u64,
    /// No lame step and no leg to pass first: only the squares walked can block it, so a
    /// position's pins can be read off it (see `Board::exposure_unless_in_check`).
    pub(crate) plain: bool,
}

pub(crate) const PROBE_SLIDE: u8 = ProbeKind::Slide as u8;
pub(crate) const PROBE_CANNON: u8 = ProbeKind::Cannon as u8;
pub(crate) const PROBE_GRASSHOPPER: u8 = ProbeKind::Grasshopper as u8;
pub(crate) const PROBE_FAN: u8 = ProbeKind::Fan as u8;
