//! A small fixed hasher for position keys: the same key hashes the same in every process and
//! on every run (std's `RandomState` does not), and it is fast on the `u64` keys most games
//! use.

use std::hash::{Hash, Hasher};

/// Folds written words with a multiply-rotate (as rustc's FxHash does), then mixes.
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        mix(self.0)
    }
}

/// The 64-bit hash of a position key.
pub(crate) fn key_hash<K: Hash>(key: &K) -> u64 {
    let mut h = Fold::default();
    key.hash(&mut h);
    h.finish()
}

/// SplitMix64's finaliser: spreads every input bit over the output.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
