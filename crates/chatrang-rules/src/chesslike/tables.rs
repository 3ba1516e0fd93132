//! A variant's compiled move and attack tables: every piece's rays from every square, and for
//! every target square the probes that find its attackers. Built once from the piece types and
//! the board; the move generator only looks things up here.

use std::collections::HashMap;

use super::{
    cell::{
        CProbe, CRay, CStep, NO_SQUARE, ProbeKind, RAY_CAPTURES, RAY_DOUBLE_STEP, RAY_EN_PASSANT,
        RAY_LAME, RAY_MOVES,
    },
    piece::{PieceType, TypeId},
};
use crate::{Color, Geometry, Square, move_table, xbetza::Hop};

/// The compiled tables of one variant.
pub(super) struct Tables {
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
}

impl Tables {
    /// Compiles the rays and probes of these types on this board (`squares`: every square that
    /// exists, in index order).
    pub(super) fn compile(types: &[PieceType], geometry: &Geometry, squares: &[Square]) -> Tables {
        let n = types.len();
        let span = squares.iter().map(|s| s.index() + 1).max().unwrap_or(0);
        let mut t = Tables {
            span,
            steps: Vec::new(),
            rays: Vec::new(),
            ray_index: vec![(0, 0); n * 2 * span],
            probe_steps: Vec::new(),
            probe_masks: Vec::new(),
            probes: Vec::new(),
            probe_index: vec![(0, 0); 2 * 256],
            may_repeat: vec![false; n],
        };
        t.compile_moves(types, geometry, squares);
        t.compile_probes(types, geometry, squares);
        // The tables grew by doubling; a variant is kept for as long as its games are.
        t.steps.shrink_to_fit();
        t.rays.shrink_to_fit();
        t.probe_steps.shrink_to_fit();
        t.probe_masks.shrink_to_fit();
        t.probes.shrink_to_fit();
        t
    }

    /// The rays of a piece on a square.
    #[inline]
    pub(super) fn rays(&self, type_id: TypeId, color: Color, from: Square) -> &[CRay] {
        let (a, b) = self.ray_index[self.ray_slot(type_id, color, from)];
        &self.rays[a as usize..b as usize]
    }

    /// Where the range of rays of a (type, colour, square) is kept in `ray_index`.
    #[inline(always)]
    fn ray_slot(&self, type_id: TypeId, color: Color, from: Square) -> usize {
        (type_id as usize * 2 + color.index()) * self.span + from.index()
    }

    #[inline]
    pub(super) fn ray_steps(&self, ray: &CRay) -> &[CStep] {
        &self.steps[ray.first as usize..ray.first as usize + ray.len as usize]
    }

    pub(super) fn may_repeat(&self, type_id: TypeId) -> bool {
        self.may_repeat[type_id as usize]
    }

    /// Attack probes that find pieces of `attacker` attacking `target`.
    #[inline]
    pub(super) fn probes(&self, target: Square, attacker: Color) -> &[CProbe] {
        let (a, b) = self.probe_index[attacker.index() * 256 + target.index()];
        &self.probes[a as usize..b as usize]
    }

    #[inline]
    pub(super) fn probe_step(&self, probe: &CProbe, i: usize) -> (CStep, u64) {
        let k = probe.first as usize + i;
        (self.probe_steps[k], self.probe_masks[k])
    }

    fn compile_moves(&mut self, types: &[PieceType], geometry: &Geometry, squares: &[Square]) {
        // Where each distinct step sequence already stands in `steps`.
        let mut known: HashMap<Vec<CStep>, u32> = HashMap::new();
        for type_id in 0..types.len() as TypeId {
            for color in Color::ALL {
                for &from in squares {
                    let rays = types[type_id as usize].rays(geometry, color, from);
                    let t = &types[type_id as usize];
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

    /// Builds, for every target square, the paths outward along which an attacker could stand,
    /// by reversing every capturing ray of every piece from every square. Walks that share
    /// their beginning are merged so one walk serves several piece types; single leaps (and
    /// two-leg moves through the same empty square) are gathered into fans of independent checks.
    fn compile_probes(&mut self, types: &[PieceType], geometry: &Geometry, squares: &[Square]) {
        let n_types = types.len();
        let mut building: Vec<Vec<Probe>> = vec![Vec::new(); 2 * 256];
        for type_id in 0..n_types as TypeId {
            for color in Color::ALL {
                for &from in squares {
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
                            if cannot_enter(
                                types,
                                geometry,
                                type_id,
                                color,
                                Square::from_index(steps[j].to),
                            ) {
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

/// Whether a piece of this type may never end a move on `square`: a pawn whose promotion
/// there is compulsory but which has nothing to become (a game whose other types are all
/// royal or pawns). The move generator lists no such move, so it attacks nothing there.
fn cannot_enter(
    types: &[PieceType],
    geometry: &Geometry,
    type_id: TypeId,
    color: Color,
    square: Square,
) -> bool {
    let rank = geometry.relative_rank(square, color);
    types[type_id as usize]
        .promotions
        .iter()
        .find(|p| p.relative_rank == rank)
        .is_some_and(|p| !p.optional && p.choices.is_empty())
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
