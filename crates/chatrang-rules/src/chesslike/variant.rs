//! A chess-like variant: its board, its piece types and its rule switches, plus the move and
//! attack tables compiled from them once. Everything the move generator needs is looked up here.

use std::{collections::HashMap, sync::OnceLock};

use super::{
    eval::EvalTables,
    piece::{PieceType, TypeId},
};
use crate::{
    Color, GameId, Geometry, Square, SquareSet,
    move_table::{self, Ray},
    xbetza::Hop,
};

/// Extra state a variant keeps beside the board.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum RightsKind {
    /// No such state.
    None,
    /// Orthodox castling (king on e1/e8, rooks on the a and h files), written `KQkq`.
    Castling,
    /// Cataclysm's King's leap to the corners of the first rank while the King is unmoved,
    /// written `K` (White's King unmoved) and `k`.
    KingLeap,
}

/// The rule switches of one variant.
#[derive(Clone, Debug)]
pub struct Rules {
    pub game: GameId,
    pub geometry: Geometry,
    pub types: Vec<PieceType>,
    pub rights: RightsKind,
    /// Cataclysm's two-pawn move.
    pub two_pawn_move: bool,
    /// Pick-a-team: a royal left attacked when play starts may be captured, which wins.
    pub royal_capture_wins: bool,
    pub start_position: String,
}

/// Cell encoding on the board: 0 is empty; otherwise type + 1 in the low six bits, and
/// [`BLACK_BIT`] for Black.
pub type Cell = u8;
pub const BLACK_BIT: Cell = 0x40;
pub const TYPE_MASK: Cell = 0x3F;
/// An index that is always empty, used for "no block square" so checks need no branch.
pub const NO_SQUARE: u16 = 256;

pub const fn cell(color: Color, type_id: TypeId) -> Cell {
    (type_id + 1)
        | match color {
            Color::White => 0,
            Color::Black => BLACK_BIT,
        }
}

pub const fn cell_color(c: Cell) -> Color {
    if c & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}

pub const fn cell_type(c: Cell) -> TypeId {
    (c & TYPE_MASK) - 1
}

/// A compiled step: where it lands, and up to two squares that must be empty first.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct CStep {
    pub to: u8,
    pub blocks: [u16; 2],
}

/// A compiled ray: its steps (a range of the variant's shared steps) and how it moves. Eight
/// bytes, the flags packed in one: a Pick-a-team variant holds tens of thousands of these.
#[derive(Copy, Clone, Debug)]
pub struct CRay {
    pub first: u32,
    pub len: u8,
    pub pass_first: u8,
    pub hop: Hop,
    flags: u8,
}

const RAY_MOVES: u8 = 1;
const RAY_CAPTURES: u8 = 2;
const RAY_EN_PASSANT: u8 = 4;
const RAY_DOUBLE_STEP: u8 = 8;
const RAY_LAME: u8 = 16;

impl CRay {
    /// It may end on an empty square.
    #[inline(always)]
    pub fn moves(&self) -> bool {
        self.flags & RAY_MOVES != 0
    }

    /// It may capture.
    #[inline(always)]
    pub fn captures(&self) -> bool {
        self.flags & RAY_CAPTURES != 0
    }

    /// It may capture en passant.
    #[inline(always)]
    pub fn en_passant(&self) -> bool {
        self.flags & RAY_EN_PASSANT != 0
    }

    /// A two-square initial move of a piece that can be taken en passant.
    #[inline(always)]
    pub fn double_step(&self) -> bool {
        self.flags & RAY_DOUBLE_STEP != 0
    }

    /// Some step has squares that must be empty first (a lame leap or rider).
    #[inline(always)]
    pub fn lame(&self) -> bool {
        self.flags & RAY_LAME != 0
    }
}

/// How a probe is walked.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
#[repr(u8)]
pub enum ProbeKind {
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

/// A path walked outward from a target square to find attackers.
#[derive(Clone, Debug)]
struct Probe {
    steps: Vec<CStep>,
    kind: ProbeKind,
    pass_first: u8,
    /// For each step, the types (bit per type) that attack from there.
    masks: Vec<u64>,
}

#[derive(Copy, Clone, Debug, Default)]
pub struct CProbe {
    pub first: u32,
    pub len: u8,
    pub pass_first: u8,
    pub hop_kind: u8,
    /// The types this probe can find, a bit each: a probe for types the enemy does not have
    /// on the board is skipped (Pick-a-team variants know thirty types; a game holds a few).
    pub types: u64,
    /// No lame step and no leg to pass first: only the squares walked can block it, so a
    /// position's pins can be read off it (see `Board::exposure_unless_in_check`).
    pub plain: bool,
}

pub const PROBE_SLIDE: u8 = ProbeKind::Slide as u8;
pub const PROBE_CANNON: u8 = ProbeKind::Cannon as u8;
pub const PROBE_GRASSHOPPER: u8 = ProbeKind::Grasshopper as u8;
pub const PROBE_FAN: u8 = ProbeKind::Fan as u8;

/// A variant with its compiled tables. Build once, share by `Arc`.
pub struct Variant {
    pub rules: Rules,
    /// Every square that exists, in index order.
    pub squares: Vec<Square>,
    /// One past the highest square index: the stride of `ray_index` (256 would leave most of a
    /// small board's entries empty).
    span: usize,
    /// The steps of every ray, each distinct sequence stored once (a Queen's and a Rook's ray
    /// up the e-file, or White's and Black's, are one sequence).
    steps: Vec<CStep>,
    rays: Vec<CRay>,
    /// Per (type, colour, square): a range of `rays`.
    ray_index: Vec<(u32, u32)>,
    probe_steps: Vec<CStep>,
    probe_masks: Vec<u64>,
    probes: Vec<CProbe>,
    probe_index: Vec<(u32, u32)>,
    /// Types whose rays may reach the same square twice in one position, from some square
    /// (see [`move_table::may_reach_twice`]): their targets need de-duplicating.
    may_repeat: Vec<bool>,
    pub royal_types: Vec<TypeId>,
    /// Per (type, colour): the squares where a move of the type promotes.
    promotion_zones: Vec<SquareSet>,
    /// Bit per type that may be captured.
    capturable_types: u64,
    /// The type that castles with the King (orthodox chess's Rook), looked up once.
    pub castling_rook: Option<TypeId>,
    /// The search's evaluation tables, built the first time the bot plays this variant.
    eval: OnceLock<EvalTables>,
}

/// Why a variant definition is unusable.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum VariantError {
    #[error("a game may have at most 63 piece types, not {0}")]
    TooManyTypes(usize),
    #[error("two piece types use the symbol {0}")]
    DuplicateSymbol(String),
    #[error("the symbol \"{0}\" must be one or two letters")]
    BadSymbol(String),
    #[error("{piece} promotes to \"{symbol}\", which is not a piece of this game")]
    UnknownPromotion { piece: String, symbol: String },
}

impl std::fmt::Debug for Variant {
    /// Only the name: the tables are far too large to print.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.rules.game.id())
    }
}

impl Variant {
    pub fn new(rules: Rules) -> Result<Variant, VariantError> {
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
        let span = squares.iter().map(|s| s.index() + 1).max().unwrap_or(0);
        let mut v = Variant {
            squares,
            span,
            steps: Vec::new(),
            rays: Vec::new(),
            ray_index: vec![(0, 0); n * 2 * span],
            probe_steps: Vec::new(),
            probe_masks: Vec::new(),
            probes: Vec::new(),
            probe_index: vec![(0, 0); 2 * 256],
            may_repeat: vec![false; n],
            royal_types: (0..n as u8)
                .filter(|&i| rules.types[i as usize].royal)
                .collect(),
            promotion_zones: promotion_zones(&rules, &geometry),
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
            eval: OnceLock::new(),
            rules,
        };
        v.compile_moves();
        v.compile_probes();
        // The tables grew by doubling; a variant is kept for as long as its games are.
        v.steps.shrink_to_fit();
        v.rays.shrink_to_fit();
        v.probe_steps.shrink_to_fit();
        v.probe_masks.shrink_to_fit();
        v.probes.shrink_to_fit();
        Ok(v)
    }

    pub fn geometry(&self) -> &Geometry {
        &self.rules.geometry
    }

    /// Piece values and square bonuses for the search (see [`EvalTables`]).
    pub fn eval_tables(&self) -> &EvalTables {
        self.eval.get_or_init(|| EvalTables::new(self))
    }

    pub fn types(&self) -> &[PieceType] {
        &self.rules.types
    }

    pub fn piece_type(&self, id: TypeId) -> &PieceType {
        &self.rules.types[id as usize]
    }

    /// The squares where a move of this type and colour promotes (or must, or cannot go).
    #[inline]
    pub fn promotion_zone(&self, id: TypeId, color: Color) -> &SquareSet {
        &self.promotion_zones[id as usize * 2 + color.index()]
    }

    /// Whether the variant knows more types than an army usually holds (Pick-a-team's
    /// catalogue of thirty): then probes for absent types are worth skipping.
    #[inline]
    pub fn many_types(&self) -> bool {
        self.rules.types.len() > 16
    }

    /// Whether pieces of this type may be captured (looked up by bit: move generation asks
    /// for every capture).
    #[inline]
    pub fn capturable(&self, id: TypeId) -> bool {
        self.capturable_types & (1 << id) != 0
    }

    pub fn type_by_symbol(&self, symbol: &str) -> Option<TypeId> {
        self.rules
            .types
            .iter()
            .position(|t| t.symbol.eq_ignore_ascii_case(symbol))
            .map(|i| i as TypeId)
    }

    /// The rays of a piece on a square.
    #[inline]
    pub fn rays(&self, type_id: TypeId, color: Color, from: Square) -> &[CRay] {
        let (a, b) = self.ray_index[self.ray_slot(type_id, color, from)];
        &self.rays[a as usize..b as usize]
    }

    /// Where the range of rays of a (type, colour, square) is kept in `ray_index`.
    #[inline(always)]
    fn ray_slot(&self, type_id: TypeId, color: Color, from: Square) -> usize {
        (type_id as usize * 2 + color.index()) * self.span + from.index()
    }

    #[inline]
    pub fn ray_steps(&self, ray: &CRay) -> &[CStep] {
        &self.steps[ray.first as usize..ray.first as usize + ray.len as usize]
    }

    pub fn may_repeat(&self, type_id: TypeId) -> bool {
        self.may_repeat[type_id as usize]
    }

    /// Attack probes that find pieces of `attacker` attacking `target`.
    #[inline]
    pub fn probes(&self, target: Square, attacker: Color) -> &[CProbe] {
        let (a, b) = self.probe_index[attacker.index() * 256 + target.index()];
        &self.probes[a as usize..b as usize]
    }

    #[inline]
    pub fn probe_step(&self, probe: &CProbe, i: usize) -> (CStep, u64) {
        let k = probe.first as usize + i;
        (self.probe_steps[k], self.probe_masks[k])
    }

    /// The rays of a type on a square as the shared [`Ray`] form, for diagrams and validators.
    pub fn uncompiled_rays(&self, type_id: TypeId, color: Color, from: Square) -> Vec<Ray> {
        self.piece_type(type_id).rays(self.geometry(), color, from)
    }

    fn compile_moves(&mut self) {
        let geometry = self.rules.geometry.clone();
        // Where each distinct step sequence already stands in `steps`.
        let mut known: HashMap<Vec<CStep>, u32> = HashMap::new();
        for type_id in 0..self.rules.types.len() as TypeId {
            for color in Color::ALL {
                for &from in &self.squares.clone() {
                    let rays = self.uncompiled_rays(type_id, color, from);
                    let t = &self.rules.types[type_id as usize];
                    let ep_target = t.betza.atoms.iter().any(|a| a.en_passant);
                    let start = self.rays.len() as u32;
                    if !self.may_repeat[type_id as usize] && move_table::may_reach_twice(&rays) {
                        self.may_repeat[type_id as usize] = true;
                    }
                    for ray in &rays {
                        let compiled: Vec<CStep> = ray
                            .steps
                            .iter()
                            .map(|step| CStep {
                                to: step.to.index() as u8,
                                blocks: step
                                    .blocks
                                    .map(|b| b.map_or(NO_SQUARE, |s| s.index() as u16)),
                            })
                            .collect();
                        let steps = &mut self.steps;
                        let first = *known.entry(compiled).or_insert_with_key(|compiled| {
                            let first = steps.len() as u32;
                            steps.extend_from_slice(compiled);
                            first
                        });
                        let double_step = ep_target
                            && ray.modes.moves
                            && !ray.modes.captures
                            && ray.steps.len() == 1
                            && ray.steps[0].blocks[0].is_some()
                            && t.initial_ranks
                                .contains(&geometry.relative_rank(from, color))
                            && t.betza.atoms.iter().any(|a| a.initial && a.lame);
                        let lame = ray.steps.iter().any(|s| s.blocks != [None, None]);
                        let flags = [
                            (ray.modes.moves, RAY_MOVES),
                            (ray.modes.captures, RAY_CAPTURES),
                            (ray.en_passant, RAY_EN_PASSANT),
                            (double_step, RAY_DOUBLE_STEP),
                            (lame, RAY_LAME),
                        ]
                        .iter()
                        .filter(|(set, _)| *set)
                        .fold(0, |all, (_, bit)| all | bit);
                        self.rays.push(CRay {
                            first,
                            len: ray.steps.len() as u8,
                            pass_first: ray.pass_first,
                            hop: ray.hop,
                            flags,
                        });
                    }
                    let end = self.rays.len() as u32;
                    let slot = self.ray_slot(type_id, color, from);
                    self.ray_index[slot] = (start, end);
                }
            }
        }
    }

    /// Whether a piece of this type may never end a move on `square`: a pawn whose promotion
    /// there is compulsory but which has nothing to become (a game whose other types are all
    /// royal or pawns). The move generator lists no such move, so it attacks nothing there.
    fn cannot_enter(&self, type_id: TypeId, color: Color, square: Square) -> bool {
        let rank = self.rules.geometry.relative_rank(square, color);
        self.piece_type(type_id)
            .promotions
            .iter()
            .find(|p| p.relative_rank == rank)
            .is_some_and(|p| !p.optional && p.choices.is_empty())
    }

    /// Builds, for every target square, the paths outward along which an attacker could stand,
    /// by reversing every capturing ray of every piece from every square. Walks that share
    /// their beginning are merged so one walk serves several piece types; single leaps (and
    /// two-leg moves through the same empty square) are gathered into fans of independent checks.
    fn compile_probes(&mut self) {
        let n_types = self.rules.types.len();
        let mut building: Vec<Vec<Probe>> = vec![Vec::new(); 2 * 256];
        for type_id in 0..n_types as TypeId {
            for color in Color::ALL {
                for &from in &self.squares.clone() {
                    let (a, b) = self.ray_index[self.ray_slot(type_id, color, from)];
                    for r in a..b {
                        let ray = self.rays[r as usize];
                        if !ray.captures() {
                            continue;
                        }
                        let steps = self.ray_steps(&ray).to_vec();
                        for j in ray.pass_first as usize..steps.len() {
                            if ray.hop != Hop::None && j == 0 {
                                continue; // a hop needs a screen or hurdle before its target
                            }
                            let target = steps[j].to as usize;
                            if self.cannot_enter(type_id, color, Square::from_index(steps[j].to)) {
                                continue;
                            }
                            // Reverse path: the squares between, nearest the target first, then
                            // the attacker's own square. The blocks of the step that leaves a
                            // square are checked when the walk reaches that square.
                            let mut path = Vec::with_capacity(j + 1);
                            for i in (0..j).rev() {
                                path.push(CStep {
                                    to: steps[i].to,
                                    blocks: steps[i + 1].blocks,
                                });
                            }
                            path.push(CStep {
                                to: from.index() as u8,
                                blocks: steps[0].blocks,
                            });
                            let kind = match ray.hop {
                                Hop::None if path.len() == 1 => ProbeKind::Fan,
                                Hop::None if ray.pass_first == 1 && path.len() == 2 => {
                                    ProbeKind::Fan
                                }
                                Hop::None => ProbeKind::Slide,
                                Hop::Cannon => ProbeKind::Cannon,
                                Hop::Grasshopper => ProbeKind::Grasshopper,
                            };
                            let list = &mut building[color.index() * 256 + target];
                            add_probe(list, path, kind, ray.pass_first, type_id);
                        }
                    }
                }
            }
        }
        for color in Color::ALL {
            for target in 0..256usize {
                let list = std::mem::take(&mut building[color.index() * 256 + target]);
                let start = self.probes.len() as u32;
                for p in list {
                    let first = self.probe_steps.len() as u32;
                    let plain =
                        p.pass_first == 0 && p.steps.iter().all(|s| s.blocks == [NO_SQUARE; 2]);
                    self.probe_steps.extend_from_slice(&p.steps);
                    self.probe_masks.extend_from_slice(&p.masks);
                    self.probes.push(CProbe {
                        first,
                        len: p.steps.len() as u8,
                        pass_first: p.pass_first,
                        hop_kind: p.kind as u8,
                        types: p.masks.iter().fold(0, |all, m| all | m),
                        plain,
                    });
                }
                let end = self.probes.len() as u32;
                self.probe_index[color.index() * 256 + target] = (start, end);
            }
        }
    }
}

/// Per (type, colour), the squares on a rank where one of the type's promotion rules applies.
fn promotion_zones(rules: &Rules, geometry: &Geometry) -> Vec<SquareSet> {
    let mut zones = Vec::with_capacity(rules.types.len() * 2);
    for t in &rules.types {
        for color in Color::ALL {
            let mut zone = SquareSet::EMPTY;
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

/// Adds the path of one attacker to a target's probes: into a fan with the same pass square,
/// or into a walk that starts the same way.
fn add_probe(
    list: &mut Vec<Probe>,
    path: Vec<CStep>,
    kind: ProbeKind,
    pass_first: u8,
    type_id: TypeId,
) {
    let bit = 1u64 << type_id;
    let same = |a: &CStep, b: &CStep| a.to == b.to && a.blocks == b.blocks;
    if kind == ProbeKind::Fan {
        let pass = pass_first as usize;
        let (lead, end) = path.split_at(pass);
        let end = end[0];
        for p in list.iter_mut() {
            if p.kind == ProbeKind::Fan
                && p.pass_first == pass_first
                && p.steps[..pass].iter().zip(lead).all(|(a, b)| same(a, b))
            {
                match p.steps[pass..].iter().position(|s| same(s, &end)) {
                    Some(i) => p.masks[pass + i] |= bit,
                    None => {
                        p.steps.push(end);
                        p.masks.push(bit);
                    }
                }
                return;
            }
        }
        let mut masks = vec![0; path.len()];
        masks[pass] = bit;
        list.push(Probe {
            steps: path,
            kind,
            pass_first,
            masks,
        });
        return;
    }
    let attacker_at = path.len() - 1;
    for p in list.iter_mut() {
        if p.kind != kind || p.pass_first != pass_first {
            continue;
        }
        let common = p
            .steps
            .iter()
            .zip(&path)
            .take_while(|(a, b)| same(a, b))
            .count();
        if common == path.len() {
            p.masks[attacker_at] |= bit;
            return;
        }
        if common == p.steps.len() {
            p.steps.extend_from_slice(&path[common..]);
            p.masks.resize(path.len(), 0);
            p.masks[attacker_at] |= bit;
            return;
        }
    }
    let mut masks = vec![0; path.len()];
    masks[attacker_at] = bit;
    list.push(Probe {
        steps: path,
        kind,
        pass_first,
        masks,
    });
}
