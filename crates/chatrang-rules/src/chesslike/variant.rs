//! A chess-like variant: its definition ([`VariantRules`]: board, piece types, rule switches)
//! and the [`Variant`] compiled from it once, which answers every question the move generator
//! asks (its tables are in `tables`, its cell and step encoding in `cell`).

use std::sync::OnceLock;

use super::{
    cell::{CProbe, CRay, CStep},
    piece::{PieceType, TypeId},
    tables::Tables,
    values::EvalTables,
};
use crate::{Color, GameId, Geometry, Square, SquareSet, move_table::Ray};

/// Extra state a variant keeps beside the board.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum RightsKind {
    /// No such state.
    None,
    /// Castling, written `KQkq`: orthodox chess's, or its like on any width of board (the
    /// files say where the King and Rooks stand and where they go).
    Castling(CastlingFiles),
    /// Cataclysm's King's leap to the corners of the first rank while the King is unmoved,
    /// written `K` (White's King unmoved) and `k`.
    KingLeap,
}

/// Where castling's King and Rooks stand on their first rank and where the King goes, as
/// Fairy-Stockfish places them: the King from its file to the side's target file, the Rook
/// from its corner to the square beside the King's target, on the inner side.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct CastlingFiles {
    /// The King's file at the start.
    pub king: u8,
    /// The file the King goes to: queenside, then kingside.
    pub king_to: [u8; 2],
    /// The castling Rooks' files at the start: queenside, then kingside.
    pub rook: [u8; 2],
}

impl CastlingFiles {
    /// Orthodox chess: the King on e, the Rooks on a and h; the King goes to c or g.
    pub const ORTHODOX: CastlingFiles = CastlingFiles {
        king: 4,
        king_to: [2, 6],
        rook: [0, 7],
    };

    /// The file a side's Rook goes to: beside the King's target, toward the middle.
    pub fn rook_to(&self, kingside: bool) -> u8 {
        if kingside {
            self.king_to[1] - 1
        } else {
            self.king_to[0] + 1
        }
    }
}

/// What the side to move gets when it has no legal move and is not in check.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Stalemate {
    /// A draw, as in chess.
    Draw,
    /// The stalemated side loses, as in Shatranj.
    Loss,
    /// The stalemated side wins.
    Win,
}

/// How a game ends besides checkmate and stalemate. Orthodox chess's unless a variant defined
/// by players says otherwise (Fairy-Stockfish's `nMoveRule`, `nFoldRule` and its extinction
/// rules: the bare king, the King that may be captured).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct EndRules {
    /// Half-moves without a capture or pawn move that draw (chess's 100); `None`: no limit.
    pub move_rule_plies: Option<u32>,
    /// Occurrences of one position that draw (chess's 3); `None`: repetition never ends a game.
    pub repetitions: Option<usize>,
    /// Shatranj's bare king: a side left with its royal piece alone loses, unless it takes
    /// the other side's last piece but the royal one at once (then both are bare and play on).
    pub bare_king_loses: bool,
    /// Checks do not bind: a move may leave the royal piece attacked, and taking it wins.
    /// There is no checkmate; a side without a move is stalemated.
    pub royal_capture: bool,
}

impl EndRules {
    /// Orthodox chess: fifty moves, threefold repetition, checkmate (no bare king, no capture
    /// of the King).
    pub const CHESS: EndRules = EndRules {
        move_rule_plies: Some(100),
        repetitions: Some(3),
        bare_king_loses: false,
        royal_capture: false,
    };
}

/// The definition of one variant: its board, its piece types and its rule switches. What a
/// game module writes; [`Variant::new`] compiles it.
#[derive(Clone, Debug)]
pub struct VariantRules {
    /// The game this variant is.
    pub game: GameId,
    /// The board.
    pub geometry: Geometry,
    /// The piece types; a type's index is its [`TypeId`].
    pub types: Vec<PieceType>,
    /// The extra state kept beside the board.
    pub rights: RightsKind,
    /// Cataclysm's two-pawn move.
    pub two_pawn_move: bool,
    /// Pick-a-team: a royal left attacked when play starts may be captured, which wins.
    pub royal_capture_wins: bool,
    /// The result of a stalemate.
    pub stalemate: Stalemate,
    /// The move-count, repetition, bare-king and King-capture rules.
    pub end: EndRules,
    /// The start position, as a position string.
    pub start_position: String,
}
/// A variant with its compiled tables. Build once, share by `Arc`.
pub struct Variant {
    /// The definition it was compiled from.
    pub(crate) rules: VariantRules,
    /// Every square that exists, in index order.
    pub squares: Vec<Square>,
    /// The compiled rays and attack probes.
    tables: Tables,
    /// The royal piece types (the King), whose capture or mate ends the game.
    pub(crate) royal_types: Vec<TypeId>,
    /// Per (type, colour): the squares where a move of the type needs a closer look, because
    /// it promotes there or may not stay there unpromoted.
    careful_zones: Vec<SquareSet>,
    /// Per (type, colour): the squares the type may not move to unpromoted (it could never
    /// move again; `PieceType::never_immobile`).
    immobile_zones: Vec<SquareSet>,
    /// Bit per type that may be captured.
    capturable_types: u64,
    /// The type that castles with the King (orthodox chess's Rook), looked up once.
    pub(crate) castling_rook: Option<TypeId>,
    /// Per square index, the castling rights a move from or to it keeps (a King's or Rook's
    /// start square clears its rights).
    castle_masks: Vec<u8>,
    /// The search's evaluation tables, built the first time the bot plays this variant (by
    /// `Variant::eval_tables`, in the evaluation's module).
    pub(super) eval: OnceLock<EvalTables>,
    /// A variant defined by players: its name and its definition, which every position string
    /// carries so that a game in play keeps the exact rules it began with.
    pub(crate) defined: Option<DefinedLabel>,
}

/// What a variant defined by players is called, and its definition packed on one line (the
/// canonical text's lines joined by `|`), as its position strings carry it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct DefinedLabel {
    /// The name people read: "Nightrider chess".
    pub name: String,
    /// The canonical definition, its lines joined by `|`.
    pub packed: String,
}

/// Why a variant definition is unusable.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum VariantError {
    #[error("a game may have at most 63 piece types, not {0}")]
    /// Refused: a game may have at most 63 piece types, not ….
    TooManyTypes(usize),
    #[error("two piece types use the symbol {0}")]
    /// Refused: two piece types use the symbol ….
    DuplicateSymbol(String),
    #[error("the symbol \"{0}\" must be one or two letters")]
    /// Refused: the symbol "…" must be one or two letters.
    BadSymbol(String),
    #[error("{piece} promotes to \"{symbol}\", which is not a piece of this game")]
    /// Refused: `piece` promotes to "`symbol`", which is not a piece of this game.
    UnknownPromotion {
        /// The piece concerned.
        piece: String,
        /// The symbol concerned.
        symbol: String,
    },
}

impl std::fmt::Debug for Variant {
    /// Only the name: the tables are far too large to print.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.display_name())
    }
}

impl Variant {
    /// Labels a compiled variant as one defined by players.
    pub(crate) fn defined_as(mut self, label: DefinedLabel) -> Variant {
        self.defined = Some(label);
        self
    }

    /// The name people read: the game's, or a defined variant's own.
    pub fn display_name(&self) -> &str {
        match &self.defined {
            Some(label) => &label.name,
            None => self.rules.game.display_name(),
        }
    }

    /// The label of a variant defined by players; `None` for the built-in games.
    pub fn defined(&self) -> Option<&DefinedLabel> {
        self.defined.as_ref()
    }

    /// Checks the definition and compiles its tables.
    pub fn new(rules: VariantRules) -> Result<Variant, VariantError> {
        let n = rules.types.len();
        if n > 63 {
            return Err(VariantError::TooManyTypes(n));
        }
        for (i, t) in rules.types.iter().enumerate() {
            let ok = (1..=2).contains(&t.symbol.len())
                && t.symbol.chars().all(|c| c.is_ascii_uppercase())
                && t.symbol
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic());
            if !ok {
                return Err(VariantError::BadSymbol(t.symbol.clone()));
            }
            if rules.types[..i].iter().any(|u| u.symbol == t.symbol) {
                return Err(VariantError::DuplicateSymbol(t.symbol.clone()));
            }
            for p in &t.promotions {
                for s in &p.choices {
                    if !rules.types.iter().any(|u| &u.symbol == s) {
                        return Err(VariantError::UnknownPromotion {
                            piece: t.name.clone(),
                            symbol: s.clone(),
                        });
                    }
                }
            }
        }
        let geometry = rules.geometry.clone();
        let squares: Vec<Square> = geometry.squares().collect();
        let tables = Tables::compile(&rules.types, &geometry, &squares);
        let immobile = immobile_zones(&rules, &geometry);
        Ok(Variant {
            squares,
            tables,
            royal_types: (0..n as u8)
                .filter(|&i| rules.types[i as usize].royal)
                .collect(),
            careful_zones: careful_zones(&rules, &geometry, &immobile),
            immobile_zones: immobile,
            capturable_types: rules
                .types
                .iter()
                .enumerate()
                .filter(|(_, t)| t.capturable)
                .fold(0, |bits, (i, _)| bits | 1 << i),
            castling_rook: rules
                .types
                .iter()
                .position(|t| t.symbol == "R")
                .map(|i| i as TypeId),
            castle_masks: castle_masks(&rules),
            eval: OnceLock::new(),
            defined: None,
            rules,
        })
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.rules.geometry
    }

    /// The piece types, indexed by [`TypeId`].
    pub fn types(&self) -> &[PieceType] {
        &self.rules.types
    }

    /// One piece type.
    pub fn piece_type(&self, id: TypeId) -> &PieceType {
        &self.rules.types[id as usize]
    }

    /// The squares where a move of this type and colour promotes (or must, or cannot go).
    #[inline]
    pub(crate) fn careful_zone(&self, id: TypeId, color: Color) -> &SquareSet {
        &self.careful_zones[id as usize * 2 + color.index()]
    }

    /// The squares a piece of this type and colour may not move to without promoting.
    #[inline]
    pub(crate) fn immobile_zone(&self, id: TypeId, color: Color) -> &SquareSet {
        &self.immobile_zones[id as usize * 2 + color.index()]
    }

    /// Whether the variant knows more types than an army usually holds (Pick-a-team's
    /// catalogue of thirty): then probes for absent types are worth skipping.
    #[inline]
    pub(crate) fn many_types(&self) -> bool {
        self.rules.types.len() > 16
    }

    /// Whether pieces of this type may be captured (looked up by bit: move generation asks
    /// for every capture).
    #[inline]
    pub(crate) fn capturable(&self, id: TypeId) -> bool {
        self.capturable_types & (1 << id) != 0
    }

    /// The type written with this symbol, in any letter case.
    pub fn type_by_symbol(&self, symbol: &str) -> Option<TypeId> {
        self.rules
            .types
            .iter()
            .position(|t| t.symbol.eq_ignore_ascii_case(symbol))
            .map(|i| i as TypeId)
    }

    /// The castling rights a move from or to `square` keeps.
    #[inline]
    pub(crate) fn castle_mask(&self, square: Square) -> u8 {
        self.castle_masks[square.index()]
    }

    /// The rays of a piece on a square.
    #[inline]
    pub(crate) fn rays(&self, type_id: TypeId, color: Color, from: Square) -> &[CRay] {
        self.tables.rays(type_id, color, from)
    }

    #[inline]
    pub(crate) fn ray_steps(&self, ray: &CRay) -> &[CStep] {
        self.tables.ray_steps(ray)
    }

    pub(crate) fn may_repeat(&self, type_id: TypeId) -> bool {
        self.tables.may_repeat(type_id)
    }

    /// Attack probes that find pieces of `attacker` attacking `target`.
    #[inline]
    pub(crate) fn probes(&self, target: Square, attacker: Color) -> &[CProbe] {
        self.tables.probes(target, attacker)
    }

    #[inline]
    pub(crate) fn probe_step(&self, probe: &CProbe, i: usize) -> (CStep, u64) {
        self.tables.probe_step(probe, i)
    }

    /// The rays of a type on a square as the shared [`Ray`] form, for diagrams and validators.
    pub(crate) fn uncompiled_rays(&self, type_id: TypeId, color: Color, from: Square) -> Vec<Ray> {
        self.piece_type(type_id).rays(self.geometry(), color, from)
    }
}

/// Per square index, the castling rights kept by a move from or to it: the King's start square
/// clears both of its side's, a Rook's start square its own.
fn castle_masks(rules: &VariantRules) -> Vec<u8> {
    use super::rights::{BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE};
    let mut masks = vec![0xFF; 256];
    let RightsKind::Castling(files) = rules.rights else {
        return masks;
    };
    let last = rules.geometry.ranks() - 1;
    for (rank, queenside, kingside) in [
        (0, WHITE_QUEENSIDE, WHITE_KINGSIDE),
        (last, BLACK_QUEENSIDE, BLACK_KINGSIDE),
    ] {
        let mut clear = |file: u8, bits: u8| {
            if let Some(square) = Square::new(file, rank) {
                masks[square.index()] &= !bits;
            }
        };
        clear(files.king, queenside | kingside);
        clear(files.rook[0], queenside);
        clear(files.rook[1], kingside);
    }
    masks
}

/// Per (type, colour), the squares on a rank where one of the type's promotion rules applies.
fn careful_zones(
    rules: &VariantRules,
    geometry: &Geometry,
    immobile: &[SquareSet],
) -> Vec<SquareSet> {
    let mut zones = Vec::with_capacity(rules.types.len() * 2);
    for (i, t) in rules.types.iter().enumerate() {
        for color in Color::ALL {
            let mut zone = immobile[i * 2 + color.index()];
            for square in geometry.squares() {
                let rank = geometry.relative_rank(square, color);
                if t.promotions.iter().any(|p| p.relative_rank == rank) {
                    zone.insert(square);
                }
            }
            zones.push(zone);
        }
    }
    zones
}

fn immobile_zones(rules: &VariantRules, geometry: &Geometry) -> Vec<SquareSet> {
    let mut zones = Vec::with_capacity(rules.types.len() * 2);
    for t in &rules.types {
        for color in Color::ALL {
            let mut zone = SquareSet::EMPTY;
            if t.never_immobile {
                for square in geometry.squares() {
                    if !t.can_move_from(geometry, color, square) {
                        zone.insert(square);
                    }
                }
            }
            zones.push(zone);
        }
    }
    zones
}
