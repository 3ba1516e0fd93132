//! The hot position state of a chess-like game: cells, side to move, rights, en passant and
//! clocks. `Copy`-sized and free of history, so search can copy-make it cheaply.

use super::exposure::Exposure;
use super::{
    moves::{Move, MoveKind},
    piece::TypeId,
    variant::{
        BLACK_BIT, CProbe, CStep, Cell, NO_SQUARE, PROBE_CANNON, PROBE_FAN, PROBE_GRASSHOPPER,
        Variant, cell, cell_color, cell_type,
    },
};
use crate::{Color, Square, SquareSet, xbetza::Hop};

/// Where generated moves go: a list, or a counter that keeps only the number of legal ones.
pub trait MoveSink {
    fn push(&mut self, m: Move);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// One piece imagined moved, for probing attacks without playing the move.
#[derive(Clone, Copy)]
pub(super) struct Relocation {
    from: usize,
    to: usize,
    piece: Cell,
}

impl Relocation {
    /// Nothing moved: both squares are the always-empty cell.
    pub(super) const NONE: Relocation = Relocation {
        from: NO_SQUARE as usize,
        to: NO_SQUARE as usize,
        piece: 0,
    };
}

/// How to test the moves of one position for the own royal's safety.
enum Legality {
    /// No royal of the side to move (a draft): every move is legal.
    NoRoyal,
    /// Not in check: only moves touching the exposure squares, and the royal's own, are tested.
    /// `enemy`: the enemy's types on the board, for probing the royal's steps.
    Safe {
        king: Square,
        exposure: Exposure,
        enemy: u64,
    },
    /// In check: every move is tested.
    InCheck { king: Square, enemy: u64 },
}

/// Counts the legal moves among pseudo-legal ones as they are generated.
struct LegalCounter<'a> {
    board: &'a Board,
    v: &'a Variant,
    legality: Legality,
    count: u64,
}

impl MoveSink for LegalCounter<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.board.is_legal(self.v, &self.legality, m) {
            self.count += 1;
        }
    }
}

/// Castling and King's-leap rights, one bit each.
pub const WHITE_KINGSIDE: u8 = 1;
pub const WHITE_QUEENSIDE: u8 = 2;
pub const BLACK_KINGSIDE: u8 = 4;
pub const BLACK_QUEENSIDE: u8 = 8;
/// King's leap: the King has not moved.
pub const WHITE_LEAP: u8 = 16;
pub const BLACK_LEAP: u8 = 32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// 256 squares plus one always-empty cell at [`NO_SQUARE`].
    pub cells: [Cell; 257],
    pub side: Color,
    /// The royal piece's square per side (`None` when a side has none, as during a draft).
    pub royal: [Option<Square>; 2],
    pub rights: u8,
    /// The square a pawn just passed with its double step, and that pawn's square.
    pub ep: Option<(Square, Square)>,
    pub halfmove: u16,
    pub fullmove: u16,
    pub hash: u64,
    /// The squares holding a piece, per colour: move generation visits only these.
    pub occupied: [SquareSet; 2],
}

/// A fixed mixing function: the Zobrist key of any (what, where) pair, without a table.
#[inline]
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn piece_key(c: Cell, sq: usize) -> u64 {
    mix(((c as u64) << 9) | sq as u64)
}

const SIDE_KEY: u64 = 0x5A5A_1234_9876_F00D;

impl Board {
    pub fn empty() -> Board {
        Board {
            cells: [0; 257],
            side: Color::White,
            royal: [None, None],
            rights: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            occupied: [SquareSet::EMPTY; 2],
        }
    }

    #[inline]
    pub fn at(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Color, TypeId)> {
        let c = self.at(sq);
        (c != 0).then(|| (cell_color(c), cell_type(c)))
    }

    /// Puts a piece (or nothing) on a square, keeping royals and the hash right.
    pub fn set(&mut self, v: &Variant, sq: Square, piece: Option<(Color, TypeId)>) {
        let old = self.cells[sq.index()];
        if old != 0 {
            self.hash ^= piece_key(old, sq.index());
            self.occupied[cell_color(old).index()].remove(sq);
            if self.royal[cell_color(old).index()] == Some(sq) {
                self.royal[cell_color(old).index()] = None;
            }
        }
        let new = piece.map_or(0, |(c, t)| cell(c, t));
        self.cells[sq.index()] = new;
        if let Some((color, t)) = piece {
            self.hash ^= piece_key(new, sq.index());
            self.occupied[color.index()].insert(sq);
            if v.piece_type(t).royal {
                self.royal[color.index()] = Some(sq);
            }
        }
    }

    /// The hash of the whole state that matters for repetition.
    pub fn full_hash(&self) -> u64 {
        let mut h = self.hash ^ mix(0xABCD_0000 | self.rights as u64);
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        if let Some((ep, _)) = self.ep {
            h ^= mix(0xEEEE_0000 | ep.index() as u64);
        }
        h
    }

    pub fn recompute_hash(&mut self) {
        self.hash = 0;
        for i in 0..256 {
            if self.cells[i] != 0 {
                self.hash ^= piece_key(self.cells[i], i);
            }
        }
    }

    /// Is `target` attacked by any piece of `by`?
    #[inline]
    pub fn attacked(&self, v: &Variant, target: Square, by: Color) -> bool {
        self.attacked_after(v, target, by, Relocation::NONE, self.types_of(v, by))
    }

    /// The piece types `color` has on the board, a bit each, for skipping the attack probes
    /// of absent types. In a variant with few types, where most are on the board, looking
    /// costs more than it saves: all bits are set.
    pub fn types_of(&self, v: &Variant, color: Color) -> u64 {
        if !v.many_types() {
            return u64::MAX;
        }
        self.occupied[color.index()]
            .iter()
            .fold(0, |bits, sq| bits | 1 << cell_type(self.cells[sq.index()]))
    }

    /// Is `target` attacked by any piece of `by`, were one piece moved as `moved` says? A
    /// royal stepping to `target` is safe exactly when not (no make-and-test). `types`: the
    /// attacker's types on the board (a superset will do).
    #[inline]
    fn attacked_after(
        &self,
        v: &Variant,
        target: Square,
        by: Color,
        moved: Relocation,
        types: u64,
    ) -> bool {
        let want = if by == Color::Black { BLACK_BIT } else { 0 };
        v.probes(target, by)
            .iter()
            .any(|probe| probe.types & types != 0 && self.probe_attacks(v, probe, want, moved))
    }

    /// Whether a piece of colour bit `want` attacks along one probe, were one piece moved as
    /// `moved` says.
    #[inline(always)]
    pub(super) fn probe_attacks(
        &self,
        v: &Variant,
        probe: &CProbe,
        want: Cell,
        moved: Relocation,
    ) -> bool {
        // The square moved to counts too: on a cylinder a lame leg may pass over the target.
        let cell = |i: usize| {
            if i == moved.from {
                0
            } else if i == moved.to {
                moved.piece
            } else {
                self.cells[i]
            }
        };
        let clear =
            |step: &CStep| cell(step.blocks[0] as usize) == 0 && cell(step.blocks[1] as usize) == 0;
        if probe.hop_kind == PROBE_FAN {
            let mut i = 0;
            while i < probe.pass_first as usize {
                let (step, _) = v.probe_step(probe, i);
                if !clear(&step) || cell(step.to as usize) != 0 {
                    return false;
                }
                i += 1;
            }
            for i in i..probe.len as usize {
                let (step, mask) = v.probe_step(probe, i);
                let c = cell(step.to as usize);
                if c != 0
                    && c & BLACK_BIT == want
                    && mask & (1u64 << cell_type(c)) != 0
                    && clear(&step)
                {
                    return true;
                }
            }
            return false;
        }
        let mut screened = false;
        for i in 0..probe.len as usize {
            let (step, mask) = v.probe_step(probe, i);
            if !clear(&step) {
                break;
            }
            let c = cell(step.to as usize);
            if probe.hop_kind == PROBE_GRASSHOPPER && i == 0 {
                if c == 0 {
                    break;
                }
                continue;
            }
            if c == 0 {
                continue;
            }
            if probe.hop_kind == PROBE_CANNON && !screened {
                screened = true;
                continue;
            }
            return c & BLACK_BIT == want && mask & (1u64 << cell_type(c)) != 0;
        }
        false
    }

    #[inline]
    fn clear(&self, step: &CStep) -> bool {
        self.cells[step.blocks[0] as usize] == 0 && self.cells[step.blocks[1] as usize] == 0
    }

    /// Is the side to move's royal piece attacked?
    pub fn in_check(&self, v: &Variant) -> bool {
        self.royal_attacked(v, self.side)
    }

    pub fn royal_attacked(&self, v: &Variant, color: Color) -> bool {
        self.royal[color.index()].is_some_and(|k| self.attacked(v, k, color.other()))
    }

    /// Pseudo-legal moves: everything the pieces can do, ignoring the own royal's safety.
    pub fn pseudo_moves(&self, v: &Variant, out: &mut impl MoveSink) {
        let us = self.side;
        let our_bit = if us == Color::Black { BLACK_BIT } else { 0 };
        for from in self.occupied[us.index()].iter() {
            let c = self.cells[from.index()];
            let t = cell_type(c);
            let dedupe = v.may_repeat(t);
            let mut seen = SquareSet::EMPTY;
            let promotion_zone = v.promotion_zone(t, us);
            // Most pieces neither repeat targets nor promote: their moves go straight out.
            // A macro, not a closure, so the hot path is inlined at every use.
            macro_rules! emit {
                ($to:expr, $kind:expr, $out:expr) => {{
                    let (to, kind) = ($to, $kind);
                    if dedupe || promotion_zone.contains(to) {
                        if !dedupe || seen.insert(to) {
                            self.push_with_promotions(v, t, from, to, kind, $out);
                        }
                    } else {
                        $out.push(Move {
                            from,
                            to,
                            promotion: None,
                            kind,
                        });
                    }
                }};
            }
            for ray in v.rays(t, us, from) {
                let steps = v.ray_steps(ray);
                match ray.hop {
                    Hop::None => {
                        for (i, step) in steps.iter().enumerate() {
                            if ray.lame() && !self.clear(step) {
                                break;
                            }
                            let to = Square::from_index(step.to);
                            let target = self.cells[step.to as usize];
                            if i < ray.pass_first as usize {
                                if target != 0 {
                                    break;
                                }
                                continue;
                            }
                            if target == 0 {
                                if ray.moves() {
                                    let kind = if ray.double_step() {
                                        MoveKind::DoubleStep
                                    } else {
                                        MoveKind::Normal
                                    };
                                    emit!(to, kind, out);
                                } else if ray.en_passant()
                                    && let Some((ep, victim)) = self.ep
                                    && ep == to
                                {
                                    emit!(to, MoveKind::EnPassant { victim }, out);
                                }
                                continue;
                            }
                            if ray.captures() && self.capturable(v, target, our_bit) {
                                emit!(to, MoveKind::Normal, out);
                            }
                            break;
                        }
                    }
                    Hop::Cannon => {
                        let mut screened = false;
                        for step in steps {
                            if ray.lame() && !self.clear(step) {
                                break;
                            }
                            let target = self.cells[step.to as usize];
                            if !screened {
                                screened = target != 0;
                                continue;
                            }
                            let to = Square::from_index(step.to);
                            if target == 0 {
                                if ray.moves() {
                                    emit!(to, MoveKind::Normal, out);
                                }
                                continue;
                            }
                            if ray.captures() && self.capturable(v, target, our_bit) {
                                emit!(to, MoveKind::Normal, out);
                            }
                            break;
                        }
                    }
                    Hop::Grasshopper => {
                        let mut hurdle = false;
                        for step in steps {
                            if ray.lame() && !self.clear(step) {
                                break;
                            }
                            let target = self.cells[step.to as usize];
                            if !hurdle {
                                hurdle = target != 0;
                                continue;
                            }
                            let to = Square::from_index(step.to);
                            if target == 0 {
                                if ray.moves() {
                                    emit!(to, MoveKind::Normal, out);
                                }
                            } else if ray.captures() && self.capturable(v, target, our_bit) {
                                emit!(to, MoveKind::Normal, out);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    #[inline]
    fn capturable(&self, v: &Variant, target: Cell, our_bit: Cell) -> bool {
        target & BLACK_BIT != our_bit && v.capturable(cell_type(target))
    }

    /// Pushes a move onto a square of the piece's promotion zone: once per piece it may
    /// become, and unpromoted too where promotion is optional (or no rule applies there).
    fn push_with_promotions(
        &self,
        v: &Variant,
        t: TypeId,
        from: Square,
        to: Square,
        kind: MoveKind,
        out: &mut impl MoveSink,
    ) {
        let plain = Move {
            from,
            to,
            promotion: None,
            kind,
        };
        let rank = v.geometry().relative_rank(to, self.side);
        let promotions = &v.piece_type(t).promotions;
        let Some(rule) = promotions.iter().find(|p| p.relative_rank == rank) else {
            out.push(plain);
            return;
        };
        if rule.optional {
            out.push(plain);
        }
        for symbol in &rule.choices {
            out.push(Move {
                promotion: v.type_by_symbol(symbol),
                ..plain
            });
        }
    }

    /// Plays a move known to be pseudo-legal.
    pub fn make(&mut self, v: &Variant, m: Move) {
        let us = self.side;
        let moving = self.cells[m.from.index()];
        let captured = self.cells[m.to.index()];
        let t = cell_type(moving);
        let placed = m.promotion.map_or(moving, |p| cell(us, p));
        let irreversible = captured != 0 || v.piece_type(t).pawn;
        self.ep = None;
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                self.move_cell(m.from, m.to, placed);
                if m.kind == MoveKind::DoubleStep && self.en_passant_possible(v, m.to, us.other()) {
                    let passed = Square::from_index(((m.from.index() + m.to.index()) / 2) as u8);
                    self.ep = Some((passed, m.to));
                }
            }
            MoveKind::EnPassant { victim } => {
                self.move_cell(m.from, m.to, placed);
                self.clear_cell(victim);
            }
            MoveKind::Castle { rook_from, rook_to } => {
                let rook = self.cells[rook_from.index()];
                self.clear_cell(rook_from);
                self.move_cell(m.from, m.to, placed);
                self.put_cell(rook_to, rook);
            }
            MoveKind::TwoPawn { from2, to2 } => {
                self.move_cell(m.from, m.to, placed);
                let second = self.cells[from2.index()];
                self.move_cell(from2, to2, second);
            }
        }
        if v.piece_type(t).royal {
            self.royal[us.index()] = Some(m.to);
            self.rights &= match us {
                Color::White => !(WHITE_KINGSIDE | WHITE_QUEENSIDE | WHITE_LEAP),
                Color::Black => !(BLACK_KINGSIDE | BLACK_QUEENSIDE | BLACK_LEAP),
            };
        }
        if captured != 0 && v.piece_type(cell_type(captured)).royal {
            self.royal[us.other().index()] = None;
        }
        if self.rights & 0x0F != 0 {
            self.rights &= castle_mask(m.from) & castle_mask(m.to);
        }
        self.halfmove = if irreversible || matches!(m.kind, MoveKind::EnPassant { .. }) {
            0
        } else {
            self.halfmove + 1
        };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
    }

    /// Whether a piece of `by` that can take en passant stands beside `pawn`. Only then is
    /// the en-passant square recorded, so that repetition compares what can really happen.
    pub fn en_passant_possible(&self, v: &Variant, pawn: Square, by: Color) -> bool {
        [-1, 1].into_iter().any(|dx| {
            v.geometry()
                .offset(pawn, dx, 0)
                .and_then(|s| self.piece_at(s))
                .is_some_and(|(c, t)| {
                    c == by && v.piece_type(t).betza.atoms.iter().any(|a| a.en_passant)
                })
        })
    }

    #[inline]
    fn move_cell(&mut self, from: Square, to: Square, placed: Cell) {
        self.clear_cell(from);
        self.put_cell(to, placed);
    }

    #[inline]
    fn clear_cell(&mut self, sq: Square) {
        let old = self.cells[sq.index()];
        if old != 0 {
            self.hash ^= piece_key(old, sq.index());
            self.occupied[cell_color(old).index()].remove(sq);
            self.cells[sq.index()] = 0;
        }
    }

    #[inline]
    fn put_cell(&mut self, sq: Square, c: Cell) {
        self.clear_cell(sq);
        self.cells[sq.index()] = c;
        self.hash ^= piece_key(c, sq.index());
        self.occupied[cell_color(c).index()].insert(sq);
    }

    /// Legal moves: pseudo-legal ones that do not leave the own royal attacked, plus the
    /// variant's special moves. A capture of the enemy royal is always legal (it wins).
    pub fn legal_moves(&self, v: &Variant, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(v, out);
        let legality = self.legality(v);
        out.retain(|&m| self.is_legal(v, &legality, m));
        super::special::add_special_moves(self, v, out);
    }

    /// Counts legal moves without listing them (perft's last ply).
    pub fn count_legal(&self, v: &Variant) -> u64 {
        let mut counter = LegalCounter {
            board: self,
            v,
            legality: self.legality(v),
            count: 0,
        };
        self.pseudo_moves(v, &mut counter);
        let mut special = Vec::new();
        super::special::add_special_moves(self, v, &mut special);
        counter.count + special.len() as u64
    }

    /// What the legality test of this position's pseudo-legal moves needs, found once.
    fn legality(&self, v: &Variant) -> Legality {
        let us = self.side;
        let Some(king) = self.royal[us.index()] else {
            return Legality::NoRoyal;
        };
        let enemy = self.types_of(v, us.other());
        match self.exposure_unless_in_check(v, king, us, enemy) {
            Some(exposure) => Legality::Safe {
                king,
                exposure,
                enemy,
            },
            None => Legality::InCheck { king, enemy },
        }
    }

    /// Whether a pseudo-legal move leaves the own royal safe. Only moves that may expose it
    /// are played and probed: any move in check, en passant, and moves touching the
    /// [`Exposure`] squares. The royal's own steps are probed on the board as it stands.
    #[inline(always)]
    fn is_legal(&self, v: &Variant, legality: &Legality, m: Move) -> bool {
        let (king, enemy) = match *legality {
            Legality::NoRoyal => return true,
            Legality::Safe {
                king,
                exposure,
                enemy,
            } => {
                let plain = matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep);
                if m.from != king && plain && !exposure.touches(m.from, m.to) {
                    return true;
                }
                (king, enemy)
            }
            Legality::InCheck { king, enemy } => (king, enemy),
        };
        if self.captures_royal(v, m) {
            return true;
        }
        if m.from == king && m.kind == MoveKind::Normal && m.promotion.is_none() {
            let moved = Relocation {
                from: king.index(),
                to: m.to.index(),
                piece: self.cells[king.index()],
            };
            return !self.attacked_after(v, m.to, self.side.other(), moved, enemy);
        }
        self.leaves_royal_safe(v, m)
    }

    #[inline]
    pub fn captures_royal(&self, v: &Variant, m: Move) -> bool {
        let c = self.cells[m.to.index()];
        c != 0 && cell_color(c) != self.side && v.piece_type(cell_type(c)).royal
    }

    /// Whether a move leaves the own royal safe (for special moves built outside the generator).
    pub fn leaves_royal_safe(&self, v: &Variant, m: Move) -> bool {
        let mut after = self.clone();
        after.make(v, m);
        !after.royal_attacked(v, self.side)
    }
}

fn castle_mask(sq: Square) -> u8 {
    // Moving from or to a rook's or king's original square removes the matching right.
    match (sq.file(), sq.rank()) {
        (0, 0) => !WHITE_QUEENSIDE,
        (7, 0) => !WHITE_KINGSIDE,
        (4, 0) => !(WHITE_KINGSIDE | WHITE_QUEENSIDE),
        (0, 7) => !BLACK_QUEENSIDE,
        (7, 7) => !BLACK_KINGSIDE,
        (4, 7) => !(BLACK_KINGSIDE | BLACK_QUEENSIDE),
        _ => 0xFF,
    }
}
