//! How good one candidate pairing of a bracket is, as the quality criteria of C.04.3 (2025)
//! rank it: a vector compared field by field, smaller better. The absolute criteria (no
//! rematch, colours of non-topscorers) are not here: candidates breaking them are never made.
//!
//! The same measure bounds a candidate still being built: the pairs made so far count in
//! full, the players not yet placed only as much as they must (an odd one out, the colour
//! preferences that cannot all be met), so that a search can drop every candidate that starts
//! badly.

use crate::{
    dutch::{
        colour::{Strength, allocate, preference},
        state::{Float, PlayerState},
    },
    model::Colour,
};

/// The criteria of one candidate, in the order they are compared.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quality {
    /// The lowest score among the players who could still take the pairing-allocated bye
    /// once this bracket's leftovers join the players below (0 when there is no bye): the bye
    /// goes as low in the table as it can.
    pub bye_score: u32,
    /// C5: the number of players left unpaired (fewer pairs is worse).
    pub unpaired: u32,
    /// C6: the score differences of the pairs and the downfloaters, largest first.
    pub score_differences: Vec<u32>,
    /// C7, first part: the fewest players of the next bracket (this bracket's leftovers and
    /// the next score group) left without a partner there, when the round is completed
    /// below it and the bye goes as low as it can.
    pub next_left: u32,
    /// C7, second part (the score differences there): among those pairings of the next
    /// bracket, the smallest list (largest first) of the score differences of this bracket's
    /// leftovers who move on down from it (their score plus one point over the next group's).
    pub next_differences: Vec<u32>,
    /// C9: unplayed rounds of the player who gets the pairing-allocated bye, when this
    /// bracket decides who that is (its single leftover is the only possible taker).
    pub bye_unplayed: u32,
    /// C10: topscorers (or their opponents) whose colour difference would pass two.
    pub topscorer_difference: u32,
    /// C11: topscorers (or their opponents) who would have one colour three times running.
    pub topscorer_repeat: u32,
    /// C12: players not given their colour preference.
    pub colour_missed: u32,
    /// C13: players not given a strong (or absolute) colour preference.
    pub strong_missed: u32,
    /// C14: players given a downfloat again after one last round.
    pub down_again: u32,
    /// C15: players given an upfloat again after one last round.
    pub up_again: u32,
    /// C16: players given a downfloat as two rounds ago.
    pub down_two_ago: u32,
    /// C17: players given an upfloat as two rounds ago.
    pub up_two_ago: u32,
    /// C18–C21: the score differences behind those repeated floats (downfloat as last round,
    /// upfloat as last round, downfloat as two rounds ago, upfloat as two rounds ago), each
    /// list largest first.
    pub repeat_differences: [Vec<u32>; 4],
}

/// The counted criteria of one pair or one downfloater, added up over a candidate.
#[derive(Debug, Clone, Copy, Default)]
pub struct Effect {
    score_difference: u32,
    topscorer_difference: u32,
    topscorer_repeat: u32,
    colour_missed: u32,
    strong_missed: u32,
    down_again: u32,
    up_again: u32,
    down_two_ago: u32,
    up_two_ago: u32,
    repeat_differences: [Option<u32>; 4],
}

/// What the quality needs to know about the round being paired.
pub struct Context<'a> {
    /// The players to pair, in ranking order (score, then pairing number).
    pub players: &'a [PlayerState],
    /// Topscorers (only in the last round): over half the possible score.
    pub topscorer: &'a [bool],
    /// The colour player 1 had (or would have) in round 1.
    pub initial: Colour,
}

impl Context<'_> {
    /// The colours of a pair of ranking indices: (white, black).
    pub fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        let (hi, lo) = if a < b { (a, b) } else { (b, a) };
        if allocate(&self.players[hi], &self.players[lo], self.initial) == Colour::White {
            (hi, lo)
        } else {
            (lo, hi)
        }
    }

    fn float(&self, effect: &mut Effect, who: usize, f: Float, difference: u32) {
        let floats = self.players[who].floats;
        let (again, two_ago, slot) = match f {
            Float::Down => (&mut effect.down_again, &mut effect.down_two_ago, 0),
            Float::Up => (&mut effect.up_again, &mut effect.up_two_ago, 1),
        };
        *again += u32::from(floats[0] == Some(f));
        *two_ago += u32::from(floats[1] == Some(f));
        if floats[0] == Some(f) {
            effect.repeat_differences[slot] = Some(difference);
        }
        if floats[1] == Some(f) {
            effect.repeat_differences[slot + 2] = Some(difference);
        }
    }

    /// What pairing `a` with `b` costs.
    pub fn pair_effect(&self, a: usize, b: usize) -> Effect {
        let p = self.players;
        let mut e = Effect {
            score_difference: p[a].score.abs_diff(p[b].score),
            ..Effect::default()
        };
        if p[a].score != p[b].score {
            let (hi, lo) = if p[a].score > p[b].score {
                (a, b)
            } else {
                (b, a)
            };
            let difference = e.score_difference;
            self.float(&mut e, hi, Float::Down, difference);
            self.float(&mut e, lo, Float::Up, difference);
        }
        let (white, black) = self.colours(a, b);
        for (who, colour) in [(white, Colour::White), (black, Colour::Black)] {
            if let Some(pref) = preference(&p[who])
                && pref.colour != colour
            {
                e.colour_missed += 1;
                e.strong_missed += u32::from(pref.strength >= Strength::Strong);
            }
            if self.topscorer[a] || self.topscorer[b] {
                let cd = p[who].colour_difference() + if colour == Colour::White { 1 } else { -1 };
                e.topscorer_difference += u32::from(cd.abs() > 2);
                let c = &p[who].colours;
                e.topscorer_repeat +=
                    u32::from(c.len() >= 2 && c[c.len() - 1] == colour && c[c.len() - 2] == colour);
            }
        }
        e
    }

    /// The fewest colour preferences the players of `open` must miss when paired among
    /// themselves, from the numbers wanting each colour alone (one may be left over).
    pub fn open_colour_bound(&self, open: &[usize]) -> u32 {
        self.open_bound(open, Strength::Mild)
    }

    /// The same for preferences at least `least` strong: players with weaker or no
    /// preference can take either colour.
    pub fn open_bound(&self, open: &[usize], least: Strength) -> u32 {
        self.bound_leaving(open, least, open.len() % 2)
    }

    /// The same when `left_over` of them stay unpaired (each may be one of the unmatched).
    pub fn bound_leaving(&self, open: &[usize], least: Strength, left_over: usize) -> u32 {
        let (mut white, mut black, mut free) = (0i64, 0i64, 0i64);
        for &x in open {
            match preference(&self.players[x]) {
                Some(p) if p.strength >= least && p.colour == Colour::White => white += 1,
                Some(p) if p.strength >= least => black += 1,
                _ => free += 1,
            }
        }
        (((white - black).abs() - free - left_over as i64).max(0) / 2) as u32
    }

    /// Whether pairing `a` with `b` can give both their colour preference.
    pub fn colours_agree(&self, a: usize, b: usize) -> bool {
        match (preference(&self.players[a]), preference(&self.players[b])) {
            (Some(x), Some(y)) => x.colour != y.colour,
            _ => true,
        }
    }

    /// What leaving `d` over costs, in a bracket of resident score `bracket_score`.
    pub fn downfloater_effect(&self, d: usize, bracket_score: u32) -> Effect {
        let score = self.players[d].score;
        let mut e = Effect {
            score_difference: score + 2 - bracket_score.min(score + 2),
            ..Effect::default()
        };
        let difference = e.score_difference;
        self.float(&mut e, d, Float::Down, difference);
        e
    }

    /// The quality of `pairs` with `downfloaters` left over, plus the least that the players
    /// of `open` (not yet placed) must add. The bye criterion (C9) is left at 0: it needs
    /// the players below, see the bracket search.
    pub fn quality(
        &self,
        effects: &dyn Fn(usize, usize) -> Effect,
        pairs: &[(usize, usize)],
        downfloaters: &[usize],
        open: &[usize],
        bracket_score: u32,
    ) -> Quality {
        let odd = open.len() as u32 % 2;
        let mut q = Quality {
            unpaired: downfloaters.len() as u32 + odd,
            score_differences: Vec::with_capacity(pairs.len() + downfloaters.len() + open.len()),
            bye_score: 0,
            next_left: 0,
            next_differences: Vec::new(),
            bye_unplayed: 0,
            topscorer_difference: 0,
            topscorer_repeat: 0,
            colour_missed: 0,
            strong_missed: 0,
            down_again: 0,
            up_again: 0,
            down_two_ago: 0,
            up_two_ago: 0,
            repeat_differences: Default::default(),
        };
        let mut add = |e: Effect| {
            q.score_differences.push(e.score_difference);
            q.topscorer_difference += e.topscorer_difference;
            q.topscorer_repeat += e.topscorer_repeat;
            q.colour_missed += e.colour_missed;
            q.strong_missed += e.strong_missed;
            q.down_again += e.down_again;
            q.up_again += e.up_again;
            q.down_two_ago += e.down_two_ago;
            q.up_two_ago += e.up_two_ago;
            for (list, value) in q.repeat_differences.iter_mut().zip(e.repeat_differences) {
                list.extend(value);
            }
        };
        for &(a, b) in pairs {
            add(effects(a, b));
        }
        for &d in downfloaters {
            add(self.downfloater_effect(d, bracket_score));
        }
        if !open.is_empty() {
            q.colour_missed += self.open_colour_bound(open);
            q.strong_missed += self.open_bound(open, Strength::Strong);
            // Their pairs cost nothing at best, except that when an odd number of them come
            // from above, one of those meets a resident (or is left over): at least the
            // smallest such difference.
            let above: Vec<u32> = open
                .iter()
                .map(|&x| self.players[x].score)
                .filter(|&score| score > bracket_score)
                .map(|score| score - bracket_score)
                .collect();
            let mut zeros = open.len() / 2;
            if above.len() % 2 == 1 && zeros > 0 {
                zeros -= 1;
                q.score_differences
                    .push(above.iter().copied().min().unwrap_or(0));
            }
            q.score_differences.extend(std::iter::repeat_n(0, zeros));
            if odd == 1 {
                // One of them will be left over: at least the smallest leftover difference.
                let least = open
                    .iter()
                    .map(|&x| self.downfloater_effect(x, bracket_score).score_difference)
                    .min();
                q.score_differences.push(least.unwrap_or(0));
            }
        }
        q.score_differences.sort_unstable_by(|a, b| b.cmp(a));
        for list in &mut q.repeat_differences {
            list.sort_unstable_by(|a, b| b.cmp(a));
        }
        q
    }
}
