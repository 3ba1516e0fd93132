//! Move generation on a chess-like board: the pseudo-legal moves read off the variant's rays,
//! the legality test against the own royal's safety (cheap for moves that cannot expose it),
//! and the variant's special moves added last.

use super::{
    attack::Relocation,
    board::Board,
    cell::{BLACK_BIT, Cell, cell_type},
    exposure::Exposure,
    moves::{Move, MoveKind},
    piece::TypeId,
    special::add_special_moves,
    variant::Variant,
};
use crate::{Color, Square, SquareSet, xbetza::Hop};

/// Where generated moves go: a list, or a counter that keeps only the number of legal ones.
pub trait MoveSink {
    /// Receives one generated move.
    fn push(&mut self, m: Move);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
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

impl Board {
    /// Pseudo-legal moves: everything the pieces can do, ignoring the own royal's safety.
    pub fn pseudo_moves(&self, v: &Variant, out: &mut impl MoveSink) {
        let us = self.side;
        let our_bit = if us == Color::Black { BLACK_BIT } else { 0 };
        for from in self.occupied[us.index()].iter() {
            let c = self.cells[from.index()];
            let t = cell_type(c);
            let dedupe = v.may_repeat(t);
            let mut seen = SquareSet::EMPTY;
            let careful_zone = v.careful_zone(t, us);
            // Most pieces neither repeat targets nor promote: their moves go straight out.
            // A macro, not a closure, so the hot path is inlined at every use.
            macro_rules! emit {
                ($to:expr, $kind:expr, $out:expr) => {{
                    let (to, kind) = ($to, $kind);
                    if dedupe || careful_zone.contains(to) {
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

    /// Pushes a move onto a square of the piece's careful zone: once per piece it may become
    /// (while its side has fewer than the piece's promotion limit), and unpromoted too where
    /// promotion is optional or no rule applies, unless the piece would be stuck there.
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
        let may_stay = !v.immobile_zone(t, self.side).contains(to);
        let rank = v.geometry().relative_rank(to, self.side);
        let promotions = &v.piece_type(t).promotions;
        let Some(rule) = promotions.iter().find(|p| p.relative_rank == rank) else {
            if may_stay {
                out.push(plain);
            }
            return;
        };
        if rule.optional && may_stay {
            out.push(plain);
        }
        for symbol in &rule.choices {
            let Some(promotion) = v.type_by_symbol(symbol) else {
                continue;
            };
            if self.may_promote_to(v, promotion) {
                out.push(Move {
                    promotion: Some(promotion),
                    ..plain
                });
            }
        }
    }

    /// Whether the side to move is below the type's promotion limit, if it has one.
    fn may_promote_to(&self, v: &Variant, promotion: TypeId) -> bool {
        let Some(limit) = v.piece_type(promotion).promotion_limit else {
            return true;
        };
        let ours = self.occupied[self.side.index()]
            .iter()
            .filter(|&sq| cell_type(self.cells[sq.index()]) == promotion)
            .count();
        ours < usize::from(limit)
    }

    /// Legal moves: pseudo-legal ones that do not leave the own royal attacked, plus the
    /// variant's special moves. A capture of the enemy royal is always legal (it wins).
    pub fn legal_moves(&self, v: &Variant, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(v, out);
        let legality = self.legality(v);
        out.retain(|&m| self.is_legal(v, &legality, m));
        add_special_moves(self, v, out);
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
        add_special_moves(self, v, &mut special);
        counter.count + special.len() as u64
    }

    /// What the legality test of this position's pseudo-legal moves needs, found once.
    fn legality(&self, v: &Variant) -> Legality {
        let us = self.side;
        let Some(king) = self.royal[us.index()] else {
            return Legality::NoRoyal;
        };
        if v.rules.end.royal_capture {
            // Checks do not bind: every move is legal, as if there were no royal piece.
            return Legality::NoRoyal;
        }
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
}
