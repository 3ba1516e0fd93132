//! GIF's LZW compression, fast on long runs of one colour.
//!
//! A replay's frame after the first is mostly "unchanged" pixels (the transparent index) around
//! the few squares a move touched, and its first frame is mostly background. A general LZW coder
//! (the `gif` crate's, `weezl`) walks its dictionary once per pixel, which made compression two
//! thirds of a replay's time. This coder writes the same kind of stream (classic GIF LZW: a
//! dictionary of 4,096 codes, cleared when full, variable code width from 9 to 12 bits, read by
//! any GIF decoder), but it knows the dictionary's entries that are one colour repeated
//! (`run[k]` is the code of that colour k times; LZW builds them one longer at a time), so it
//! crosses a run of n pixels in a few steps instead of n dictionary lookups.
//!
//! Everything else is textbook LZW: the longest known string is matched greedily, the string
//! plus the next byte becomes a new code, and the decoder rebuilds the same dictionary.

/// The codes of one GIF image's pixels, as `gif::Encoder::write_lzw_pre_encoded_frame` wants
/// them: the minimum code size (8: any palette index) followed by the LZW bytes.
pub fn compress(pixels: &[u8], run_byte: u8) -> Vec<u8> {
    let mut coder = Coder::new(run_byte);
    coder.out.push(MIN_CODE_SIZE);
    coder.encode(pixels);
    coder.out
}

/// Palette indices are bytes, so roots are 0..=255 and the first free code follows them.
const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u16 = 1 << MIN_CODE_SIZE;
const END: u16 = CLEAR + 1;
const FIRST_FREE: u16 = CLEAR + 2;
/// GIF codes are at most 12 bits.
const MAX_WIDTH: u8 = 12;
const MAX_CODES: u16 = 1 << MAX_WIDTH;

/// Slots of the dictionary's hash table: a power of two, twice the codes so chains stay short.
const SLOTS: usize = 8192;

struct Coder {
    out: Vec<u8>,
    /// Bits written but not yet whole bytes, least significant first (GIF's order).
    bits: u64,
    bit_count: u32,
    width: u8,
    next_code: u16,
    /// The dictionary: (prefix code, byte) → code, open addressing. A slot belongs to the
    /// current dictionary only if its generation is the current one, so a clear is one add.
    keys: Vec<u32>,
    codes: Vec<u16>,
    generations: Vec<u32>,
    generation: u32,
    /// The colour whose runs are crossed in steps, and the codes of it repeated: `run[k - 1]`
    /// is the code of `run_byte` k times (`run[0]` is the root code `run_byte` itself).
    run_byte: u8,
    run: Vec<u16>,
}

impl Coder {
    fn new(run_byte: u8) -> Coder {
        Coder {
            out: Vec::new(),
            bits: 0,
            bit_count: 0,
            width: MIN_CODE_SIZE + 1,
            next_code: FIRST_FREE,
            keys: vec![0; SLOTS],
            codes: vec![0; SLOTS],
            generations: vec![0; SLOTS],
            generation: 1,
            run_byte,
            run: vec![u16::from(run_byte)],
        }
    }

    fn encode(&mut self, pixels: &[u8]) {
        self.emit(CLEAR);
        let Some((&first, _)) = pixels.split_first() else {
            self.emit(END);
            self.flush();
            return;
        };
        // The string matched so far is `current`'s, ending just before `i`.
        let mut current = u16::from(first);
        let mut i = 1;
        while i < pixels.len() {
            let byte = pixels[i];
            if current == u16::from(self.run_byte) && byte == self.run_byte {
                // Inside a run, measured once: one of it is matched and `ahead` more wait.
                // The match walks the repeated-colour codes as far as the run and the
                // dictionary both go; where the run is longer, that code is written, one
                // longer is learnt, and a new match starts.
                let mut ahead = run_length(&pixels[i..], self.run_byte);
                loop {
                    let reach = (1 + ahead).min(self.run.len());
                    current = self.run[reach - 1];
                    i += reach - 1;
                    ahead -= reach - 1;
                    if ahead == 0 {
                        break;
                    }
                    self.miss(current, self.run_byte);
                    current = u16::from(self.run_byte);
                    i += 1;
                    ahead -= 1;
                    if ahead == 0 {
                        break;
                    }
                }
                continue;
            }
            match self.find(current, byte) {
                Some(code) => current = code,
                None => {
                    self.miss(current, byte);
                    current = u16::from(byte);
                }
            }
            i += 1;
        }
        self.emit(current);
        // Reading that last code, the decoder adds one more entry before the end code, and may
        // widen its codes for it.
        if self.next_code >= (1 << self.width) && self.width < MAX_WIDTH {
            self.width += 1;
        }
        self.emit(END);
        self.flush();
    }

    /// `prefix` followed by `byte` is not in the dictionary: `prefix`'s code is written, and
    /// the longer string becomes the next code (or the dictionary starts again when full).
    fn miss(&mut self, prefix: u16, byte: u8) {
        let code = self.next_code;
        self.insert(prefix, byte, code);
        if byte == self.run_byte && self.run.last() == Some(&prefix) {
            self.run.push(code);
        }
        self.next_code += 1;
        self.emit(prefix);
        if self.next_code > (1 << self.width) && self.width < MAX_WIDTH {
            self.width += 1;
        }
        if self.next_code > MAX_CODES {
            self.emit(CLEAR);
            self.clear();
        }
    }

    fn clear(&mut self) {
        self.width = MIN_CODE_SIZE + 1;
        self.next_code = FIRST_FREE;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.generations.fill(0);
            self.generation = 1;
        }
        self.run.truncate(1);
    }

    fn slot(prefix: u16, byte: u8) -> (u32, usize) {
        let key = (u32::from(prefix) << 8) | u32::from(byte);
        (
            key,
            (key.wrapping_mul(0x9E37_79B1) >> 19) as usize & (SLOTS - 1),
        )
    }

    fn find(&self, prefix: u16, byte: u8) -> Option<u16> {
        let (key, mut slot) = Self::slot(prefix, byte);
        while self.generations[slot] == self.generation {
            if self.keys[slot] == key {
                return Some(self.codes[slot]);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        None
    }

    fn insert(&mut self, prefix: u16, byte: u8, code: u16) {
        let (key, mut slot) = Self::slot(prefix, byte);
        while self.generations[slot] == self.generation {
            slot = (slot + 1) & (SLOTS - 1);
        }
        self.generations[slot] = self.generation;
        self.keys[slot] = key;
        self.codes[slot] = code;
    }

    fn emit(&mut self, code: u16) {
        self.bits |= u64::from(code) << self.bit_count;
        self.bit_count += u32::from(self.width);
        while self.bit_count >= 8 {
            self.out.push(self.bits as u8);
            self.bits >>= 8;
            self.bit_count -= 8;
        }
    }

    fn flush(&mut self) {
        if self.bit_count > 0 {
            self.out.push(self.bits as u8);
        }
        self.bits = 0;
        self.bit_count = 0;
    }
}

/// How many bytes at the start of `bytes` are `byte`, eight at a time.
fn run_length(bytes: &[u8], byte: u8) -> usize {
    let pattern = u64::from_ne_bytes([byte; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut length = 0;
    for chunk in chunks.by_ref() {
        let word = u64::from_ne_bytes(chunk.try_into().unwrap_or([0; 8]));
        if word != pattern {
            return length + chunk.iter().take_while(|&&b| b == byte).count();
        }
        length += 8;
    }
    length
        + chunks
            .remainder()
            .iter()
            .take_while(|&&b| b == byte)
            .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What any GIF reader makes of `compress`'s bytes (the `gif` crate's own decoder, `weezl`).
    fn decompress(data: &[u8]) -> Vec<u8> {
        let (&size, codes) = data.split_first().expect("a minimum code size");
        weezl::decode::Decoder::new(weezl::BitOrder::Lsb, size)
            .decode(codes)
            .expect("a valid LZW stream")
    }

    /// Pixels of a few colours in runs of random lengths, like a frame's changed rectangle.
    fn runs() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec((0u8..6, 1usize..700), 0..60).prop_map(|runs| {
            runs.into_iter()
                .flat_map(|(colour, length)| std::iter::repeat_n(colour * 51, length))
                .collect()
        })
    }

    proptest! {
        #[test]
        fn any_bytes_come_back_unchanged(pixels in prop::collection::vec(any::<u8>(), 0..20_000), run_byte: u8) {
            prop_assert_eq!(decompress(&compress(&pixels, run_byte)), pixels);
        }

        #[test]
        fn runs_come_back_unchanged(pixels in runs(), run_byte in (0u8..6).prop_map(|c| c * 51)) {
            prop_assert_eq!(decompress(&compress(&pixels, run_byte)), pixels);
        }
    }

    #[test]
    fn long_runs_across_many_dictionary_clears_come_back_unchanged() {
        // 3 million pixels of one colour with a stray pixel every 1,000: the repeated-colour
        // codes grow to the dictionary's end and start again many times.
        let mut pixels = vec![7u8; 3_000_000];
        for (n, pixel) in pixels.iter_mut().enumerate().step_by(1000) {
            *pixel = (n / 1000 % 250) as u8;
        }
        let data = compress(&pixels, 7);
        assert_eq!(decompress(&data), pixels);
        assert!(data.len() < 60_000, "{} bytes", data.len());
    }

    #[test]
    fn a_run_costs_about_as_many_codes_as_the_square_root_of_its_length() {
        // LZW's repeated-colour codes grow one longer per use, so n pixels need about √(2n).
        let data = compress(&vec![3u8; 500_000], 3);
        assert!(data.len() < 2_000, "{} bytes", data.len());
        assert_eq!(decompress(&data).len(), 500_000);
    }

    #[test]
    fn nothing_is_a_clear_code_and_an_end_code() {
        assert_eq!(decompress(&compress(&[], 0)), Vec::<u8>::new());
        assert_eq!(compress(&[], 0), vec![8, 0x00, 0x03, 0x02]);
    }

    #[test]
    fn runs_are_counted_eight_at_a_time_and_then_byte_by_byte() {
        assert_eq!(run_length(&[1; 20], 1), 20);
        assert_eq!(run_length(&[1, 1, 1, 2, 1], 1), 3);
        let mut bytes = vec![5u8; 17];
        bytes[11] = 0;
        assert_eq!(run_length(&bytes, 5), 11);
        assert_eq!(run_length(&[], 5), 0);
    }
}
