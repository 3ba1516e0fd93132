//! PNG encoding of a finished picture: rows are Paeth-filtered and compressed with fdeflate,
//! which is tuned for PNG. The settings were chosen with `chatrang bench render`, which also
//! compares the alternatives ([`Settings::candidates`]).

use std::cell::RefCell;

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

/// How to encode: colour type, row filter and deflate level.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    /// Keep the (always opaque) alpha channel.
    pub alpha: bool,
    pub filter: Filter,
    pub deflate: DeflateCompression,
}

impl Default for Settings {
    /// RGBA with the Paeth filter and fdeflate. Dropping the (constant) alpha channel saves
    /// 6 % of the size but its copy costs more than deflating the filtered zeros; Up and Sub
    /// are faster but leave the anti-aliased piece edges poorly predicted (a 16×12 board grows
    /// past 350 KB); adaptive filtering costs a third more for 4 % less; zlib level 1 is a
    /// third smaller at twice the time (see `chatrang bench render`).
    fn default() -> Self {
        Settings {
            alpha: true,
            filter: Filter::Paeth,
            deflate: DeflateCompression::FdeflateUltraFast,
        }
    }
}

impl Settings {
    /// The combinations the benchmark compares, with a short label each.
    pub fn candidates() -> Vec<(String, Settings)> {
        let mut out = Vec::new();
        for alpha in [true, false] {
            for filter in [Filter::Up, Filter::Sub, Filter::Paeth, Filter::Adaptive] {
                for (level, deflate) in [
                    ("fdeflate", DeflateCompression::FdeflateUltraFast),
                    ("zlib-1", DeflateCompression::Level(1)),
                ] {
                    let label = format!(
                        "{} {:?} {level}",
                        if alpha { "RGBA" } else { "RGB" },
                        filter
                    );
                    out.push((
                        label,
                        Settings {
                            alpha,
                            filter,
                            deflate,
                        },
                    ));
                }
            }
        }
        out
    }
}

/// Encodes opaque RGBA rows of `width` × `height` pixels as a PNG file.
pub fn png(rgba: &[u8], width: u32, height: u32, settings: Settings) -> Result<Vec<u8>, String> {
    let pixels = (width as usize) * (height as usize);
    if rgba.len() != pixels * 4 {
        return Err(format!("{} bytes for {width}×{height} pixels", rgba.len()));
    }
    if settings.alpha {
        return write(rgba, width, height, settings);
    }
    // The RGB rows go to a buffer kept per thread, so that a request neither allocates nor
    // faults in a few megabytes of fresh pages.
    thread_local! {
        static RGB: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    RGB.with(|cell| {
        let mut rgb = cell.borrow_mut();
        rgb.resize(pixels * 3, 0);
        to_rgb(rgba, &mut rgb);
        write(&rgb, width, height, settings)
    })
}

/// Drops every fourth byte; four pixels at a time so that the compiler can use wide moves.
fn to_rgb(rgba: &[u8], rgb: &mut [u8]) {
    let mut src = rgba.chunks_exact(16);
    let mut dst = rgb.chunks_exact_mut(12);
    for (s, d) in (&mut src).zip(&mut dst) {
        d[0..3].copy_from_slice(&s[0..3]);
        d[3..6].copy_from_slice(&s[4..7]);
        d[6..9].copy_from_slice(&s[8..11]);
        d[9..12].copy_from_slice(&s[12..15]);
    }
    for (s, d) in src
        .remainder()
        .chunks_exact(4)
        .zip(dst.into_remainder().chunks_exact_mut(3))
    {
        d.copy_from_slice(&s[..3]);
    }
}

/// Writes the PNG of rows already in the settings' colour type.
fn write(data: &[u8], width: u32, height: u32, settings: Settings) -> Result<Vec<u8>, String> {
    let pixels = (width as usize) * (height as usize);
    let mut out = Vec::with_capacity(pixels / 4);
    let mut encoder = Encoder::new(&mut out, width, height);
    encoder.set_color(if settings.alpha {
        ColorType::Rgba
    } else {
        ColorType::Rgb
    });
    encoder.set_depth(BitDepth::Eight);
    encoder.set_filter(settings.filter);
    encoder.set_deflate_compression(settings.deflate);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(data).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}
