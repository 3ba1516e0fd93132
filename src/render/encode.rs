//! PNG encoding of a finished picture. The canvas is opaque, so the alpha channel is dropped
//! (a quarter less to filter and deflate) and the rows are compressed with fdeflate, which is
//! tuned for PNG. The settings are chosen by `chatrang bench render`, which also compares the
//! alternatives ([`Settings::candidates`]).

use std::borrow::Cow;

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
    /// RGB, the Up filter (boards are made of columns of flat squares, so a row mostly repeats
    /// the one above) and fdeflate: the fastest at a size well under the chat limits.
    fn default() -> Self {
        Settings {
            alpha: false,
            filter: Filter::Up,
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
    let data: Cow<[u8]> = if settings.alpha {
        Cow::Borrowed(rgba)
    } else {
        let mut rgb = vec![0u8; pixels * 3];
        for (out, px) in rgb.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
            out.copy_from_slice(&px[..3]);
        }
        Cow::Owned(rgb)
    };
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
    writer.write_image_data(&data).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}
