//! How good one candidate pairing of a bracket is, as the quality criteria of C.04.3 (2025)
//! rank it: a vector compared field by field, smaller better. The absolute criteria (no
//! rematch, colours of non-topscorers) are not here: candidates breaking them are never made.

use crate::{
    dutch::{
        colour::{Preference, Strength, allocate, preference},
        state::{Float, PlayerState},
    },
    model::Colour,
};

/// The criteria of one candidate, in the order they are compared.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quality {
    /// C5: the number of players left unpaired (fewer pairs is worse).
    pub unpaired: u32,
    /// C6: the score differences of the pairs and the downfloaters, largest first.
    pub score_differences: Vec<u32>,
    /// C9: unplayed rounds of the player given the pairing-allocated bye.
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
        if allocate(&self.players[hi], &self.players[lo], self.initial) == Colour::White { (hi, lo) } else { (lo, hi) }
    }
}

/// The quality of pairing `pairs` (ranking indices) with `downfloaters` left over, in a
/// bracket whose resident score is `bracket_score` (half-points); `bye` when the one player
/// left over takes the pairing-allocated bye.
pub fn quality(ctx: &Context, pairs: &[(usize, usize)], downfloaters: &[usize], bracket_score: u32, bye: bool) -> Quality {
    let p = ctx.players;
    let mut q = Quality {
        unpaired: downfloaters.len() as u32,
        score_differences: Vec::with_capacity(pairs.len() + downfloaters.len()),
        bye_unplayed: 0,
        topscorer_difference: 0,
        topscorer_repeat: 0,
        colour_missed: 0,
        strong_missed: 0,
        down_again: 0,
        up_again: 0,
        down_two_ago: 0,
        up_two_ago: 0,
    };
    let float = |q: &mut Quality, who: &PlayerState, f: Float| {
        if who.floats[0] == Some(f) {
            if f == Float::Down { q.down_again += 1 } else { q.up_again += 1 }
        }
        if who.floats[1] == Some(f) {
            if f == Float::Down { q.down_two_ago += 1 } else { q.up_two_ago += 1 }
        }
    };
    for &(a, b) in pairs {
        let (sa, sb) = (p[a].score, p[b].score);
        q.score_differences.push(sa.abs_diff(sb));
        if sa != sb {
            let (hi, lo) = if sa > sb { (a, b) } else { (b, a) };
            float(&mut q, &p[hi], Float::Down);
            float(&mut q, &p[lo], Float::Up);
        }
        let (white, black) = ctx.colours(a, b);
        for (who, colour) in [(white, Colour::White), (black, Colour::Black)] {
            if let Some(Preference { colour: wanted, strength }) = preference(&p[who])
                && wanted != colour
            {
                q.colour_missed += 1;
                if strength >= Strength::Strong {
                    q.strong_missed += 1;
                }
            }
        }
        if ctx.topscorer[a] || ctx.topscorer[b] {
            for (who, colour) in [(white, Colour::White), (black, Colour::Black)] {
                let cd = p[who].colour_difference() + if colour == Colour::White { 1 } else { -1 };
                if cd.abs() > 2 {
                    q.topscorer_difference += 1;
                }
                let c = &p[who].colours;
                if c.len() >= 2 && c[c.len() - 1] == colour && c[c.len() - 2] == colour {
                    q.topscorer_repeat += 1;
                }
            }
        }
    }
    for &d in downfloaters {
        q.score_differences.push(p[d].score + 2 - bracket_score.min(p[d].score + 2));
        float(&mut q, &p[d], Float::Down);
        if bye {
            q.bye_unplayed += p[d].unplayed;
        }
    }
    q.score_differences.sort_unstable_by(|a, b| b.cmp(a));
    q
}
