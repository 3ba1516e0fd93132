//! The dice: a SplitMix64 generator whose whole state is one number kept in the position, so
//! a saved game rolls the same dice after loading and a replay from the seed rolls them again.

/// A seeded generator of die rolls.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Dice {
    state: u64,
}

impl Dice {
    pub const fn new(seed: u64) -> Dice {
        Dice { state: seed }
    }

    /// The state to store in the position string.
    pub const fn state(self) -> u64 {
        self.state
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// One d6, 1 to 6, uniform (multiply-shift of the high 32 bits; the bias is below 2^-29).
    pub fn d6(&mut self) -> u8 {
        let high = self.next_u64() >> 32;
        ((high * 6) >> 32) as u8 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_comes_up_about_a_sixth_of_the_time() {
        let mut dice = Dice::new(7);
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            counts[usize::from(dice.d6())] += 1;
        }
        assert_eq!(counts[0], 0);
        for face in 1..=6 {
            assert!((9_000..11_000).contains(&counts[face]), "{counts:?}");
        }
    }

    #[test]
    fn the_same_seed_rolls_the_same_dice() {
        let (mut a, mut b) = (Dice::new(42), Dice::new(42));
        let rolls_a: Vec<u8> = (0..20).map(|_| a.d6()).collect();
        let rolls_b: Vec<u8> = (0..20).map(|_| b.d6()).collect();
        assert_eq!(rolls_a, rolls_b);
        assert_eq!(a, b);
    }
}
