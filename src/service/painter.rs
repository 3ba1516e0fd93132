//! How the service turns a [`BoardView`] into pictures. The service receives a painter when it
//! is built, so the real renderer plugs in without the service knowing it. Both painters write
//! the one text board of [`crate::render::text_board`]; [`TextPainter`] draws no picture and
//! serves tests, where rasterizing a PNG for every reply would only cost time.

use crate::{
    render::{
        animation::{Animation, Still},
        chart::Chart,
        eval_chart::EvalChart,
        table::Table,
        turn_chart::TurnChart,
    },
    rules::{BoardView, Color},
};

/// The one text board (Unicode, see [`crate::render::text_board`]), re-exported here for the
/// service's users that paint their own way.
pub use crate::render::text_board;

/// Why a reply goes without a picture (it still has the text board).
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum NoPicture {
    #[error("this painter draws text only")]
    TextOnly,
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    #[error(transparent)]
    Animation(#[from] crate::render::animation::AnimationError),
}

/// Draws boards. Called on tokio's blocking pool, so it may take its time.
pub trait BoardPainter: Send + Sync {
    /// A PNG picture of the board seen from `orientation`'s side, or why it could not be drawn.
    /// A painter without pictures returns `Err`, and replies go without an image.
    fn png(&self, view: &BoardView, orientation: Color) -> Result<Vec<u8>, NoPicture>;

    /// The board as monospaced text.
    fn text(&self, view: &BoardView, orientation: Color) -> String;

    /// A rating history as a PNG chart (`/rating`). Every painter draws the real one unless
    /// it draws no pictures at all.
    fn chart(&self, chart: &Chart) -> Result<Vec<u8>, NoPicture> {
        Ok(crate::render::chart::png(chart)?)
    }

    /// A table (a tournament's standings) as a PNG.
    fn table(&self, table: &Table) -> Result<Vec<u8>, NoPicture> {
        Ok(crate::render::table::table_png(table))
    }

    /// A replay: the positions as one animated GIF (`/replay`). Every painter draws the real
    /// one unless it draws no pictures at all.
    fn replay(&self, stills: &[Still], orientation: Color) -> Result<Animation, NoPicture> {
        Ok(crate::render::Renderer::global().gif(stills, orientation)?)
    }

    /// A review's evaluation chart (`/review`).
    fn eval_chart(&self, chart: &EvalChart) -> Result<Vec<u8>, NoPicture> {
        Ok(crate::render::eval_chart::png(chart)?)
    }

    /// A cooperative game's review chart, its turns' points scored and possible (`/review`).
    fn turn_chart(&self, chart: &TurnChart) -> Result<Vec<u8>, NoPicture> {
        Ok(crate::render::turn_chart::png(chart)?)
    }

    /// Gets ready to draw: the real painter rasterizes its sprites and learns its palette
    /// (most of a second), so that the first move after a start does not wait for it.
    fn warm_up(&self) {}
}

/// Text boards only: the real painter's text, and no picture.
#[derive(Copy, Clone, Debug, Default)]
pub struct TextPainter;

impl BoardPainter for TextPainter {
    fn png(&self, _view: &BoardView, _orientation: Color) -> Result<Vec<u8>, NoPicture> {
        Err(NoPicture::TextOnly)
    }

    fn text(&self, view: &BoardView, orientation: Color) -> String {
        text_board(view, orientation)
    }

    fn chart(&self, _chart: &Chart) -> Result<Vec<u8>, NoPicture> {
        Err(NoPicture::TextOnly)
    }

    fn table(&self, _table: &Table) -> Result<Vec<u8>, NoPicture> {
        Err(NoPicture::TextOnly)
    }

    fn replay(&self, _stills: &[Still], _orientation: Color) -> Result<Animation, NoPicture> {
        Err(NoPicture::TextOnly)
    }

    fn eval_chart(&self, _chart: &EvalChart) -> Result<Vec<u8>, NoPicture> {
        Err(NoPicture::TextOnly)
    }

    fn turn_chart(&self, _chart: &TurnChart) -> Result<Vec<u8>, NoPicture> {
        Err(NoPicture::TextOnly)
    }
}

/// The real painter: PNG pictures from [`crate::render`] and its text board.
#[derive(Copy, Clone, Debug, Default)]
pub struct RenderPainter;

impl BoardPainter for RenderPainter {
    fn png(&self, view: &BoardView, orientation: Color) -> Result<Vec<u8>, NoPicture> {
        Ok(crate::render::Renderer::global().png(view, orientation)?)
    }

    fn warm_up(&self) {
        crate::render::Renderer::global();
    }

    fn text(&self, view: &BoardView, orientation: Color) -> String {
        text_board(view, orientation)
    }
}
