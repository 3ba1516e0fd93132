//! Which squares matter to a King's safety in one position. A move that leaves none of the
//! `leaving` squares and lands on none of the `arriving` ones cannot expose its own King, so
//! the move generator keeps it without playing it and probing for attacks (make-and-test).
//! Only squares on a line that ends at an enemy piece able to attack along it count, so in a
//! typical position they are the few pinned pieces and nothing else.

use super::{
    attack::Relocation,
    board::Board,
    cell::{BLACK_BIT, CProbe, NO_SQUARE, PROBE_FAN, PROBE_SLIDE, cell_type},
    variant::Variant,
};
use crate::{Color, Square, SquareSet};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Exposure {
    /// A piece leaving one of these may open a line onto the King.
    pub(crate) leaving: SquareSet,
    /// A piece arriving on one of these may become a cannon's screen or a grasshopper's
    /// hurdle in front of the King.
    pub(crate) arriving: SquareSet,
}

impl Exposure {
    /// Whether a plain move (one piece from one square to another, nothing else taken away)
    /// may expose the King.
    #[inline]
    pub(crate) fn touches(&self, from: Square, to: Square) -> bool {
        self.leaving.contains(from) || self.arriving.contains(to)
    }
}

impl Board {
    /// The squares that matter to the safety of `us`'s King on `king` now, or `None` when it
    /// is in check (then every move needs the full test): one walk along each attack probe
    /// answers both. `enemy`: the enemy's types on the board (a superset will do). Sound for moves of up to two pieces at once (Cataclysm's two-pawn move),
    /// hence "two of ours" below.
    pub(crate) fn exposure_unless_in_check(
        &self,
        v: &Variant,
        king: Square,
        us: Color,
        enemy: u64,
    ) -> Option<Exposure> {
        let them_bit = if us == Color::White { BLACK_BIT } else { 0 };
        let mut exposure = Exposure::default();
        let probes = v.probes(king, us.other()).iter();
        for probe in probes.filter(|p| p.types & enemy != 0) {
            if probe.plain && probe.hop_kind == PROBE_SLIDE {
                if self.mark_pins(v, probe, them_bit, &mut exposure) {
                    return None;
                }
                continue;
            }
            if self.probe_attacks(v, probe, them_bit, Relocation::NONE) {
                return None;
            }
            if !probe.plain {
                // Lame steps and legs to pass: nothing can open unless an attacker waits at
                // the far end already.
                if self.attacker_on(v, probe, them_bit) {
                    exposure.mark_all(v, probe);
                }
            } else if probe.hop_kind != PROBE_FAN {
                // Single leaps have nothing between to open; hops have screens and hurdles.
                self.mark_hop_line(v, probe, them_bit, &mut exposure);
            }
        }
        Some(exposure)
    }

    /// A slide outward from the King: our pieces met before the first enemy piece are pinned
    /// when that piece attacks along the line. Three or more of ours still shield the King
    /// after any two leave. Gives whether the enemy piece attacks with none of ours between:
    /// check.
    fn mark_pins(
        &self,
        v: &Variant,
        probe: &CProbe,
        them_bit: u8,
        exposure: &mut Exposure,
    ) -> bool {
        let mut ours = [Square::from_index(0); 2];
        let mut count = 0;
        for i in 0..probe.len as usize {
            let (step, mask) = v.probe_step(probe, i);
            let c = self.cells[step.to as usize];
            if c == 0 {
                continue;
            }
            if c & BLACK_BIT != them_bit {
                if count == ours.len() {
                    return false;
                }
                ours[count] = Square::from_index(step.to);
                count += 1;
                continue;
            }
            if mask & (1u64 << cell_type(c)) == 0 {
                return false;
            }
            for &square in &ours[..count] {
                exposure.leaving.insert(square);
            }
            return count == 0;
        }
        false
    }

    /// Whether an enemy piece stands on the probe where its type would attack from.
    fn attacker_on(&self, v: &Variant, probe: &CProbe, them_bit: u8) -> bool {
        (0..probe.len as usize).any(|i| {
            let (step, mask) = v.probe_step(probe, i);
            let c = self.cells[step.to as usize];
            c != 0 && c & BLACK_BIT == them_bit && mask & (1u64 << cell_type(c)) != 0
        })
    }

    /// A cannon's or grasshopper's line outward from the King: when an enemy piece stands on
    /// it where it could attack, every square before it matters both ways (a screen or hurdle
    /// may come or go).
    fn mark_hop_line(&self, v: &Variant, probe: &CProbe, them_bit: u8, exposure: &mut Exposure) {
        let mut attacker_at = None;
        for i in 0..probe.len as usize {
            let (step, mask) = v.probe_step(probe, i);
            let c = self.cells[step.to as usize];
            if c != 0 && c & BLACK_BIT == them_bit && mask & (1u64 << cell_type(c)) != 0 {
                attacker_at = Some(i);
            }
        }
        for i in 0..attacker_at.unwrap_or(0) {
            let square = Square::from_index(v.probe_step(probe, i).0.to);
            exposure.leaving.insert(square);
            exposure.arriving.insert(square);
        }
    }
}

impl Exposure {
    /// A probe with lame steps or a leg to pass, with an attacker on it: every square on its
    /// way counts, whatever stands there (rare; make-and-test settles those moves).
    fn mark_all(&mut self, v: &Variant, probe: &CProbe) {
        let hops = probe.hop_kind != PROBE_FAN && probe.hop_kind != PROBE_SLIDE;
        for i in 0..probe.len as usize {
            let (step, _) = v.probe_step(probe, i);
            let on_path = probe.hop_kind != PROBE_FAN || i < probe.pass_first as usize;
            if on_path {
                let square = Square::from_index(step.to);
                self.leaving.insert(square);
                if hops {
                    self.arriving.insert(square);
                }
            }
            for block in step.blocks {
                if block != NO_SQUARE {
                    self.leaving.insert(Square::from_index(block as u8));
                }
            }
        }
    }
}
