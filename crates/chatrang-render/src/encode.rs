//! PNG encoding of a finished picture: palette indices, one byte a pixel, compressed with
//! fdeflate, which is tuned for PNG. The settings were chosen with `chatrang bench render`,
//! which also compares the alternatives ([`Settings::candidates`]). Pictures drawn in full
//! colour (the rating chart, tables) are encoded as opaque RGB by [`rgb`].

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

/// How to encode: row filter and deflate level.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    pub filter: Filter,
    pub deflate: DeflateCompression,
}

impl Default for Settings {
    /// The Up filter and fdeflate: a board repeats itself from row to row inside each
    /// square, which Up turns into runs of zeros; palette indices are not magnitudes, so
    /// Sub and Paeth predict them no better and cost more (see `chatrang bench render`).
    fn default() -> Self {
        Settings {
            filter: Filter::Up,
            deflate: DeflateCompression::FdeflateUltraFast,
        }
    }
}

impl Settings {
    /// The combinations the benchmark compares, with a short label each.
    pub fn candidates() -> Vec<(String, Settings)> {
        let mut out = Vec::new();
        for filter in [
            Filter::NoFilter,
            Filter::Sub,
            Filter::Up,
            Filter::Paeth,
            Filter::Adaptive,
        ] {
            for (level, deflate) in [
                ("fdeflate", DeflateCompression::FdeflateUltraFast),
                ("zlib-1", DeflateCompression::Level(1)),
            ] {
                out.push((format!("{filter:?} {level}"), Settings { filter, deflate }));
            }
        }
        out
    }
}

/// Why a picture could not be encoded: a caller's mistake (the sizes do not match) or the
/// encoder's own complaint, kept as its message so that the error stays `Clone` and comparable.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum EncodeError {
    #[error("{pixels} pixels for {width}×{height}")]
    Size {
        pixels: usize,
        width: u32,
        height: u32,
    },
    #[error("a palette of {0} bytes")]
    Palette(usize),
    #[error("{0}")]
    Png(String),
}

impl From<png::EncodingError> for EncodeError {
    fn from(error: png::EncodingError) -> Self {
        EncodeError::Png(error.to_string())
    }
}

/// Encodes `width` × `height` palette indices with the palette `rgb` (three bytes a colour).
pub fn png(
    indices: &[u8],
    width: u32,
    height: u32,
    rgb: &[u8],
    settings: Settings,
) -> Result<Vec<u8>, EncodeError> {
    let pixels = (width as usize) * (height as usize);
    if indices.len() != pixels {
        return Err(EncodeError::Size {
            pixels: indices.len(),
            width,
            height,
        });
    }
    if rgb.is_empty() || !rgb.len().is_multiple_of(3) || rgb.len() > 256 * 3 {
        return Err(EncodeError::Palette(rgb.len()));
    }
    let mut out = Vec::with_capacity(pixels / 8);
    let mut encoder = Encoder::new(&mut out, width, height);
    encoder.set_color(ColorType::Indexed);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_palette(rgb.to_vec());
    encoder.set_filter(settings.filter);
    encoder.set_deflate_compression(settings.deflate);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}

/// Encodes `width` × `height` opaque RGBA pixels (four bytes a pixel, the alpha dropped) as
/// an RGB PNG, with the Sub filter: a picture drawn in full colour has flat runs along its rows.
pub fn rgb(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, EncodeError> {
    let pixels = (width as usize) * (height as usize);
    if rgba.len() != pixels * 4 {
        return Err(EncodeError::Size {
            pixels: rgba.len() / 4,
            width,
            height,
        });
    }
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = Encoder::new(&mut out, width, height);
    encoder.set_color(ColorType::Rgb);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_filter(Filter::Sub);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_round_trips_through_the_decoder() {
        let indices: Vec<u8> = (0..12u8).map(|i| i % 3).collect();
        let rgb = [255, 0, 0, 0, 255, 0, 0, 0, 255];
        let file = png(&indices, 4, 3, &rgb, Settings::default()).unwrap();
        let mut decoder = png::Decoder::new(std::io::Cursor::new(file));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (4, 3));
        assert_eq!(&buf[..6], &[255, 0, 0, 0, 255, 0]);
        assert!(png(&indices, 5, 3, &rgb, Settings::default()).is_err());
        assert!(png(&indices, 4, 3, &[], Settings::default()).is_err());
    }
}
