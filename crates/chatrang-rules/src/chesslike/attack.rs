//! Attacks on a chess-like board: is a square attacked, is a royal in check, would a move
//! leave the own royal attacked. Attacks are found by walking the variant's probes outward
//! from the target, never by generating the enemy's moves.

use super::{
    board::Board,
    cell::{
        BLACK_BIT, CProbe, CStep, Cell, NO_SQUARE, PROBE_CANNON, PROBE_FAN, PROBE_GRASSHOPPER,
        cell_color, cell_type,
    },
    moves::Move,
    variant::Variant,
};
use crate::{Color, Square};

/// One piece imagined moved, for probing attacks without playing the move.
#[derive(Clone, Copy)]
pub(super) struct Relocation {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) piece: Cell,
}

impl Relocation {
    /// Nothing moved: both squares are the always-empty cell.
    pub(super) const NONE: Relocation = Relocation {
        from: NO_SQUARE as usize,
        to: NO_SQUARE as usize,
        piece: 0,
    };
}

impl Board {
    /// Is `target` attacked by any piece of `by`?
    #[inline]
    pub fn attacked(&self, v: &Variant, target: Square, by: Color) -> bool {
        self.attacked_after(v, target, by, Relocation::NONE, self.types_of(v, by))
    }

    /// The piece types `color` has on the board, a bit each, for skipping the attack probes
    /// of absent types. In a variant with few types, where most are on the board, looking
    /// costs more than it saves: all bits are set.
    pub(crate) fn types_of(&self, v: &Variant, color: Color) -> u64 {
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
    pub(super) fn attacked_after(
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
    pub(super) fn clear(&self, step: &CStep) -> bool {
        self.cells[step.blocks[0] as usize] == 0 && self.cells[step.blocks[1] as usize] == 0
    }

    /// Is the side to move's royal piece attacked?
    pub fn in_check(&self, v: &Variant) -> bool {
        self.royal_attacked(v, self.side)
    }

    pub(crate) fn royal_attacked(&self, v: &Variant, color: Color) -> bool {
        self.royal[color.index()].is_some_and(|k| self.attacked(v, k, color.other()))
    }

    #[inline]
    /// Whether the move takes the enemy's royal piece (which wins where that is allowed).
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
