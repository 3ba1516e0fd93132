//! Why a picture could not be made. Its own file so that the renderer and everything above it
//! can name it without reaching back into `mod.rs`.

use super::encode::EncodeError;
use super::layout::MAX_SIDE_PX;

/// Why a view could not be drawn.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum RenderError {
    #[error("there is no board to draw (the view has no geometry)")]
    NoBoard,
    #[error("the picture would be larger than {max}×{max} pixels", max = MAX_SIDE_PX)]
    TooLarge,
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(#[from] EncodeError),
}
