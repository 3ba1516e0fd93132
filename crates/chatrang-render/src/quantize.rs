//! The 256-colour palette every picture is drawn in, and the blend tables that let an indexed
//! picture be drawn by table look-ups.
//!
//! A board is mostly flat colour (squares, tints, margins, piece fills) with anti-aliased
//! edges between them, so a palette loses nothing that matters: the flat colours are kept
//! exactly and the edge colours are learned. [`Palette::learn`] takes the colours that must
//! be exact and a few sample pictures drawn in full colour; every colour covering a large
//! area of a sample is kept exactly, and NeuQuant (the `color_quant` crate) chooses the rest
//! from the remaining pixels. Drawing then never searches the palette: laying a colour at
//! one of [`LEVELS`] strengths over any palette entry is a [`Lut`] computed once.

use std::{
    collections::{HashMap, HashSet},
    sync::{Arc, Mutex},
};

/// For each palette index under a pixel, the index of the colour that results from laying
/// one colour at one strength over it.
pub type Lut = [u8; 256];

/// Alpha is quantized to this many steps above zero: level `l` is alpha `l × 17`. Finer
/// steps would not be visible on anti-aliased edges a pixel or two wide.
pub const LEVELS: u8 = 15;

/// The strength level (0 to [`LEVELS`]) of an alpha value.
pub fn level(alpha: u8) -> u8 {
    ((alpha as u32 * LEVELS as u32 + 127) / 255) as u8
}

/// A colour area at least this large in the samples is a flat colour, kept exactly.
const FLAT_PIXELS: u32 = 300;
/// The share of the palette that flat colours may take; the rest is for edges.
const MAX_FLAT: usize = 160;
/// How much one edge colour may weigh in NeuQuant's training, so that a few long edges do
/// not crowd out the rest.
const MAX_WEIGHT: u32 = 256;

/// Blend tables by colour and strength.
type Luts = HashMap<([u8; 3], u8), Arc<Lut>>;

pub struct Palette {
    colors: Vec<[u8; 3]>,
    luts: Mutex<Luts>,
}

impl Palette {
    /// A palette of exactly `colors` (at most 256; more are dropped).
    pub fn new(mut colors: Vec<[u8; 3]>) -> Palette {
        let mut seen = HashSet::new();
        colors.retain(|c| seen.insert(*c));
        colors.truncate(256);
        if colors.is_empty() {
            colors.push([0, 0, 0]);
        }
        Palette {
            colors,
            luts: Mutex::new(HashMap::new()),
        }
    }

    /// Learns a palette: every colour of `exact`, the flat colours of `samples` (opaque RGBA
    /// pictures), and edge colours chosen by NeuQuant for what remains.
    pub fn learn<S: AsRef<[u8]>>(
        exact: &[[u8; 3]],
        samples: impl IntoIterator<Item = S>,
    ) -> Palette {
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for sample in samples {
            let mut run: Option<([u8; 3], u32)> = None;
            for px in sample.as_ref().chunks_exact(4) {
                let rgb = [px[0], px[1], px[2]];
                match &mut run {
                    Some((color, n)) if *color == rgb => *n += 1,
                    _ => {
                        if let Some((color, n)) = run.take() {
                            *counts.entry(color).or_default() += n;
                        }
                        run = Some((rgb, 1));
                    }
                }
            }
            if let Some((color, n)) = run {
                *counts.entry(color).or_default() += n;
            }
        }
        let mut flat: Vec<([u8; 3], u32)> = counts
            .iter()
            .filter(|&(_, &n)| n >= FLAT_PIXELS)
            .map(|(&c, &n)| (c, n))
            .collect();
        flat.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut colors: Vec<[u8; 3]> = exact.to_vec();
        for (color, _) in flat {
            if colors.len() >= MAX_FLAT {
                break;
            }
            if !colors.contains(&color) {
                colors.push(color);
            }
        }
        let room = 256usize.saturating_sub(colors.len());
        let kept: HashSet<[u8; 3]> = colors.iter().copied().collect();
        let mut edges: Vec<([u8; 3], u32)> = counts
            .into_iter()
            .filter(|(c, _)| !kept.contains(c))
            .collect();
        edges.sort_unstable();
        let mut rest = Vec::new();
        for (color, n) in edges {
            for _ in 0..n.min(MAX_WEIGHT) {
                rest.extend_from_slice(&[color[0], color[1], color[2], 255]);
            }
        }
        // NeuQuant wants at least 64 neurons; asking for more than the room and keeping the
        // most distinct of them would be no better, so a small room is filled as it comes.
        if room > 0 && rest.len() >= 4 * 64 {
            let learned = color_quant::NeuQuant::new(10, room.max(64), &rest).color_map_rgb();
            for rgb in learned.chunks_exact(3) {
                if colors.len() >= 256 {
                    break;
                }
                let rgb = [rgb[0], rgb[1], rgb[2]];
                if !kept.contains(&rgb) && !colors.contains(&rgb) {
                    colors.push(rgb);
                }
            }
        }
        Palette::new(colors)
    }

    pub fn len(&self) -> usize {
        self.colors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    /// The colour of an index (an index past the end reads as the last colour).
    pub fn rgb(&self, index: u8) -> [u8; 3] {
        self.colors[(index as usize).min(self.colors.len() - 1)]
    }

    /// The palette as the PNG `PLTE` chunk wants it.
    pub fn rgb_bytes(&self) -> Vec<u8> {
        self.colors.concat()
    }

    /// The index of the palette colour nearest to `rgb` (exact when it is in the palette).
    pub fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0usize);
        for (i, c) in self.colors.iter().enumerate() {
            let d = distance(*c, rgb);
            if d < best.0 {
                best = (d, i);
                if d == 0 {
                    break;
                }
            }
        }
        best.1 as u8
    }

    /// The table for laying `color` at strength `level` (1 to [`LEVELS`]) over any palette
    /// colour; computed on first use and kept.
    pub fn blend(&self, color: [u8; 3], level: u8) -> Arc<Lut> {
        let level = level.min(LEVELS);
        let key = (color, level);
        if let Some(lut) = self.lock().get(&key) {
            return lut.clone();
        }
        let alpha = level as u32 * 255 / LEVELS as u32;
        let mut lut = [0u8; 256];
        for (i, entry) in lut.iter_mut().enumerate().take(self.colors.len()) {
            *entry = self.nearest(mix(color, self.colors[i], alpha));
        }
        let lut = Arc::new(lut);
        self.lock().insert(key, lut.clone());
        lut
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Luts> {
        self.luts.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `top` at `alpha` (0–255) over `bottom`, rounded like the RGBA canvas rounds.
pub fn mix(top: [u8; 3], bottom: [u8; 3], alpha: u32) -> [u8; 3] {
    let channel = |t: u8, b: u8| ((t as u32 * alpha + b as u32 * (255 - alpha) + 127) / 255) as u8;
    [
        channel(top[0], bottom[0]),
        channel(top[1], bottom[1]),
        channel(top[2], bottom[2]),
    ]
}

/// Squared distance, weighted for the eye's greater sensitivity to green.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_and_flat_colours_are_kept_exactly() {
        let mut picture = Vec::new();
        for i in 0..20_000u32 {
            let px = match i % 100 {
                0..=59 => [10, 200, 30, 255],
                60..=98 => [240, 240, 240, 255],
                _ => [(i % 256) as u8, (i / 256 % 256) as u8, 7, 255],
            };
            picture.extend_from_slice(&px);
        }
        let palette = Palette::learn(&[[1, 2, 3]], [&picture]);
        assert!(palette.len() <= 256);
        for exact in [[1, 2, 3], [10, 200, 30], [240, 240, 240]] {
            assert_eq!(palette.rgb(palette.nearest(exact)), exact);
        }
    }

    #[test]
    fn blend_tables_mix_towards_the_colour() {
        let palette = Palette::new(vec![[0, 0, 0], [255, 255, 255], [128, 128, 128]]);
        let half = palette.blend([255, 255, 255], 8);
        assert_eq!(palette.rgb(half[0]), [128, 128, 128]);
        let full = palette.blend([255, 255, 255], LEVELS);
        assert_eq!(full[0], 1);
        assert_eq!(full[2], 1);
        assert_eq!(level(0), 0);
        assert_eq!(level(255), LEVELS);
        assert_eq!(level(9), 1);
    }
}
