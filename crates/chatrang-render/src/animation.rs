//! Replays: a game as an animated GIF, one board picture per position with a caption band
//! under it naming the move that led there.
//!
//! Each frame is the very picture the game showed after that move (drawn by the same
//! [`Renderer::draw`], in the same palette), so the last frame is the final board as people saw
//! it. GIF keeps every frame of one size and one palette: the frames are laid on a canvas as
//! large as the largest (with room for the caption under the tallest) (a legend that grows as pieces appear makes a taller picture), and the
//! renderer's palette is the GIF's global colour table. A frame after the first is stored as the
//! smallest rectangle holding every pixel that changed, with the unchanged pixels inside it
//! transparent, so that a move costs the bytes of the squares it touched and a few letters.

use gif::{DisposalMethod, Encoder, Frame, Repeat};

use super::font;
use super::indexed::IndexedCanvas;
use super::lzw;
use super::palette;
use super::renderer::{Picture, Renderer};
use chatrang_rules::{BoardView, Color};

/// One position of a replay.
#[derive(Clone, Debug)]
pub struct Still {
    /// The position, drawn as its board picture.
    pub view: BoardView,
    /// What is written in the band under the board: the move that led here ("12. Nf3").
    pub caption: String,
    /// How long the frame stays, in hundredths of a second (GIF's unit).
    pub hold: u16,
}

/// An encoded replay.
#[derive(Clone, Debug)]
pub struct Animation {
    pub gif: Vec<u8>,
    pub frames: usize,
    pub width: u32,
    pub height: u32,
}

/// Why a replay could not be made.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum AnimationError {
    #[error("a replay needs at least one position")]
    Empty,
    #[error(transparent)]
    Render(#[from] super::RenderError),
    #[error("the picture is too large for a GIF ({0}×{1})")]
    TooLarge(u32, u32),
    #[error("the GIF could not be written: {0}")]
    Gif(String),
}

impl From<gif::EncodingError> for AnimationError {
    fn from(error: gif::EncodingError) -> Self {
        AnimationError::Gif(error.to_string())
    }
}

/// The shortest hold a browser honours: most show a frame held for less than 2/100 s for 1/10 s.
pub const SHORTEST_HOLD: u16 = 2;

impl Renderer {
    /// The replay of `stills` with `orientation`'s side at the bottom, as a looping GIF.
    pub fn gif(&self, stills: &[Still], orientation: Color) -> Result<Animation, AnimationError> {
        if stills.is_empty() {
            return Err(AnimationError::Empty);
        }
        // Drawn once to learn the canvas: the widest and tallest picture, and the caption band
        // (as tall as the largest picture's header line, so it reads at the same size).
        let mut width = 0;
        let mut board_height = 0;
        let mut caption_size: f32 = 0.0;
        for still in stills {
            let layout = self.layout(&still.view, orientation)?;
            width = width.max(layout.width);
            board_height = board_height.max(layout.height);
            caption_size = caption_size.max(layout.header_size);
        }
        let band = (caption_size * 1.9).ceil() as u32;
        let height = board_height + band;
        let (Ok(w), Ok(h)) = (u16::try_from(width), u16::try_from(height)) else {
            return Err(AnimationError::TooLarge(width, height));
        };
        let palette = self.palette();
        let mut colors = palette.rgb_bytes();
        // One index beyond the palette marks "unchanged" in the frames after the first; a
        // full palette has none to spare, and its frames are stored whole inside their box.
        let transparent = (palette.len() < 256).then_some(palette.len() as u8);
        if transparent.is_some() {
            colors.extend(palette::BACKGROUND.rgb());
        }
        let background = palette.nearest(palette::BACKGROUND.rgb());
        let mut out = Vec::new();
        let mut encoder = Encoder::new(&mut out, w, h, &colors)?;
        encoder.set_repeat(Repeat::Infinite)?;
        // The frames are drawn on a thread of their own while this one compares and compresses
        // the ones before: the two take about as long, and a replay is somebody's wait.
        std::thread::scope(|scope| {
            let (frames, drawn) = std::sync::mpsc::sync_channel(4);
            scope.spawn(move || {
                for still in stills {
                    let frame = self.draw(&still.view, orientation).map(|picture| {
                        self.frame(&picture, width, height, background, &still.caption)
                    });
                    let failed = frame.is_err();
                    // A closed channel means the GIF failed: nothing more to draw for.
                    if frames.send(frame).is_err() || failed {
                        break;
                    }
                }
            });
            let mut previous: Option<Vec<u8>> = None;
            for (still, frame) in stills.iter().zip(drawn) {
                let frame = frame?;
                let mut gif_frame = match &previous {
                    None => Frame::from_indexed_pixels(w, h, frame.clone(), None),
                    Some(before) => changed_part(before, &frame, width, transparent),
                };
                gif_frame.delay = still.hold.max(SHORTEST_HOLD);
                gif_frame.dispose = DisposalMethod::Keep;
                // Mostly one colour: the background in the first frame, "unchanged" after it.
                let run_byte = gif_frame.transparent.unwrap_or(background);
                gif_frame.buffer = lzw::compress(&gif_frame.buffer, run_byte).into();
                encoder.write_lzw_pre_encoded_frame(&gif_frame)?;
                previous = Some(frame);
            }
            Ok::<(), AnimationError>(())
        })?;
        drop(encoder);
        Ok(Animation {
            gif: out,
            frames: stills.len(),
            width,
            height,
        })
    }

    /// `picture` at the top left of a `width` × `height` canvas of the background, with
    /// `caption` written in a band right under it (where the canvas is taller than the
    /// picture, the rest stays background).
    fn frame(
        &self,
        picture: &Picture,
        width: u32,
        height: u32,
        background: u8,
        caption: &str,
    ) -> Vec<u8> {
        let (pw, ph) = (
            picture.layout.width as usize,
            picture.layout.height as usize,
        );
        let mut pixels = vec![background; width as usize * height as usize];
        for (row, line) in picture.indices.chunks_exact(pw).take(ph).enumerate() {
            let start = row * width as usize;
            pixels[start..start + pw].copy_from_slice(line);
        }
        let size = picture.layout.header_size;
        let band = (size * 1.9).ceil() as u32;
        let left = picture.layout.header.map_or(12, |r| r.x.max(0) as u32) as f32;
        let text = font::fit(
            &self.fonts().bold,
            size,
            caption.trim(),
            width as f32 - 2.0 * left,
        );
        let mut canvas = IndexedCanvas::from_indices(width, height, pixels, self.palette());
        font::draw(
            &mut canvas,
            &self.fonts().bold,
            size,
            left,
            ph as f32 + band as f32 * 0.5 + size * 0.36,
            palette::TEXT,
            &text,
        );
        canvas.into_indices()
    }
}

/// The part of `after` that differs from `before` (both `width` pixels wide): the smallest
/// rectangle holding every changed pixel, with the unchanged ones `transparent` when there is
/// such an index. A frame that changes nothing is one unchanged pixel (GIF still needs a frame
/// to hold the time).
fn changed_part(
    before: &[u8],
    after: &[u8],
    width: u32,
    transparent: Option<u8>,
) -> Frame<'static> {
    let width = width as usize;
    let rows = || before.chunks_exact(width).zip(after.chunks_exact(width));
    // Whole rows compare as slices (a memcmp); only a changed row is looked at more closely.
    let Some(top) = rows().position(|(a, b)| a != b) else {
        let pixel = transparent.unwrap_or(after[0]);
        return Frame::from_indexed_pixels(1, 1, vec![pixel], transparent);
    };
    let bottom = rows().rposition(|(a, b)| a != b).unwrap_or(top);
    let (mut left, mut right) = (usize::MAX, 0);
    for (a, b) in rows().take(bottom + 1).skip(top) {
        if let Some((first, last)) = differing_span(a, b) {
            left = left.min(first);
            right = right.max(last);
        }
    }
    let (w, h) = (right - left + 1, bottom - top + 1);
    let mut pixels = Vec::with_capacity(w * h);
    for row in top..=bottom {
        let range = row * width + left..row * width + right + 1;
        let (a, b) = (&before[range.clone()], &after[range]);
        match transparent {
            // An unchanged row of the box is all "unchanged": a fill, not a pixel-by-pixel look.
            Some(t) if a == b => pixels.resize(pixels.len() + w, t),
            Some(t) => mark_unchanged(a, b, t, &mut pixels),
            None => pixels.extend_from_slice(b),
        }
    }
    let mut frame = Frame::from_indexed_pixels(w as u16, h as u16, pixels, transparent);
    frame.left = left as u16;
    frame.top = top as u16;
    frame
}

/// The first and last places where `a` and `b` differ, found eight pixels at a time.
fn differing_span(a: &[u8], b: &[u8]) -> Option<(usize, usize)> {
    const STEP: usize = 8;
    let chunks = a.len() / STEP;
    let same = |i: usize| a[i * STEP..(i + 1) * STEP] == b[i * STEP..(i + 1) * STEP];
    let differs = |i: usize| a[i] != b[i];
    let first_chunk = (0..chunks).find(|&i| !same(i)).unwrap_or(chunks);
    let first = (first_chunk * STEP..a.len()).find(|&i| differs(i))?;
    let tail = chunks * STEP;
    let last = match (tail..a.len()).rev().find(|&i| differs(i)) {
        Some(i) => i,
        None => {
            let last_chunk = (0..chunks).rev().find(|&i| !same(i)).unwrap_or(0);
            (last_chunk * STEP..(last_chunk + 1) * STEP)
                .rev()
                .find(|&i| differs(i))
                .unwrap_or(first)
        }
    };
    Some((first, last))
}

/// `after`'s pixels with those equal to `before`'s replaced by `transparent`, appended to
/// `out`: a run of eight equal pixels is one comparison.
fn mark_unchanged(before: &[u8], after: &[u8], transparent: u8, out: &mut Vec<u8>) {
    let mut a = before.chunks_exact(8);
    let mut b = after.chunks_exact(8);
    for (x, y) in a.by_ref().zip(b.by_ref()) {
        if x == y {
            out.extend_from_slice(&[transparent; 8]);
        } else {
            out.extend(
                x.iter()
                    .zip(y)
                    .map(|(&p, &q)| if p == q { transparent } else { q }),
            );
        }
    }
    let (x, y) = (a.remainder(), b.remainder());
    out.extend(
        x.iter()
            .zip(y)
            .map(|(&p, &q)| if p == q { transparent } else { q }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_rectangle_is_kept_and_the_rest_of_it_is_transparent() {
        let before = [0u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut after = before;
        after[5] = 1; // row 1, column 1
        after[10] = 2; // row 2, column 2
        let frame = changed_part(&before, &after, 4, Some(9));
        assert_eq!(
            (frame.left, frame.top, frame.width, frame.height),
            (1, 1, 2, 2)
        );
        assert_eq!(&frame.buffer[..], &[1, 9, 9, 2]);
        let whole = changed_part(&before, &after, 4, None);
        assert_eq!(&whole.buffer[..], &[1, 0, 0, 2]);
        let same = changed_part(&before, &before, 4, Some(9));
        assert_eq!(
            (same.width, same.height, &same.buffer[..]),
            (1, 1, &[9u8][..])
        );
    }

    /// The box and pixels, found the slow way: every pixel compared.
    fn changed_part_pixel_by_pixel(
        before: &[u8],
        after: &[u8],
        width: usize,
        t: u8,
    ) -> (usize, usize, Vec<u8>) {
        let changed: Vec<usize> = (0..after.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        let (top, bottom) = (changed[0] / width, changed[changed.len() - 1] / width);
        let left = changed.iter().map(|i| i % width).min().unwrap_or(0);
        let right = changed.iter().map(|i| i % width).max().unwrap_or(0);
        let pixels = (top..=bottom)
            .flat_map(|row| (left..=right).map(move |column| row * width + column))
            .map(|i| if before[i] == after[i] { t } else { after[i] })
            .collect();
        (left, top, pixels)
    }

    proptest::proptest! {
        #[test]
        fn the_changed_rectangle_is_the_one_found_pixel_by_pixel(
            width in 1usize..40,
            before in proptest::collection::vec(0u8..3, 40 * 12),
            changes in proptest::collection::vec((0usize..40 * 12, 0u8..3), 1..12),
        ) {
            let mut after = before.clone();
            for (place, colour) in changes {
                after[place] = colour;
            }
            let size = width * 12;
            let (before, after) = (&before[..size], &after[..size]);
            proptest::prop_assume!(before != after);
            let frame = changed_part(before, after, width as u32, Some(9));
            let (left, top, pixels) = changed_part_pixel_by_pixel(before, after, width, 9);
            proptest::prop_assert_eq!((frame.left as usize, frame.top as usize), (left, top));
            proptest::prop_assert_eq!(&frame.buffer[..], &pixels[..]);
        }
    }
}
