//! How long and how far one `go` may search: a node budget, a depth and a time, from the GUI's
//! bounds and clocks. The search itself is bounded by nodes and polls a stop test; the time
//! here becomes that test's deadline.

use std::time::Duration;

use super::command::Go;
use chatrang_rules::Color;

/// The bounds of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub nodes: u64,
    pub depth: u32,
    /// `None`: no time limit (`go infinite`, `go nodes`, `go depth`): it ends on its bounds or on
    /// `stop`.
    pub time: Option<Duration>,
}

/// The deepest the search goes when nothing bounds the depth.
const DEEPEST: u32 = 64;

/// Kept back from a clock for the GUI's and the operating system's delays, so that a move made
/// on the last of the time does not arrive too late.
const MARGIN: Duration = Duration::from_millis(30);

/// Moves a game is assumed still to last when the GUI does not say (`movestogo`).
const MOVES_LEFT: u64 = 30;

impl Budget {
    /// The bounds of `go` for `side` to move.
    pub fn of(go: &Go, side: Color) -> Budget {
        let nodes = go.nodes.unwrap_or(u64::MAX);
        let depth = go
            .depth
            .map_or(DEEPEST, |d| d.clamp(1, u64::from(DEEPEST)) as u32);
        let (clock, increment) = match side {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        let time = if go.infinite || go.ponder {
            None
        } else if let Some(ms) = go.movetime {
            Some(Duration::from_millis(ms).saturating_sub(MARGIN / 3))
        } else {
            clock.map(|left| from_clock(left, increment.unwrap_or(0), go.movestogo))
        };
        Budget { nodes, depth, time }
    }
}

/// A share of the clock: the time left over the moves still to play, plus most of the
/// increment, never more than a third of what is left (less the margin).
fn from_clock(left: u64, increment: u64, moves_to_go: Option<u64>) -> Duration {
    let moves = moves_to_go.unwrap_or(MOVES_LEFT).clamp(1, MOVES_LEFT);
    let share = left / moves + increment * 3 / 4;
    let most = (left / 3).saturating_sub(MARGIN.as_millis() as u64);
    Duration::from_millis(share.min(most).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_gives_a_share_and_never_most_of_it() {
        let go = Go {
            wtime: Some(60_000),
            btime: Some(3_000),
            winc: Some(1_000),
            ..Go::default()
        };
        let white = Budget::of(&go, Color::White);
        assert_eq!(white.time, Some(Duration::from_millis(2_000 + 750)));
        let black = Budget::of(&go, Color::Black);
        assert_eq!(black.time, Some(Duration::from_millis(100)));
        let last = Budget::of(
            &Go {
                btime: Some(40),
                ..Go::default()
            },
            Color::Black,
        );
        assert_eq!(last.time, Some(Duration::from_millis(1)));
    }

    #[test]
    fn nodes_depth_and_infinite_have_no_clock() {
        let go = Go {
            nodes: Some(5_000),
            depth: Some(900),
            ..Go::default()
        };
        assert_eq!(
            Budget::of(&go, Color::White),
            Budget {
                nodes: 5_000,
                depth: DEEPEST,
                time: None
            }
        );
        let movetime = Go {
            movetime: Some(100),
            ..Go::default()
        };
        assert_eq!(
            Budget::of(&movetime, Color::Black).time,
            Some(Duration::from_millis(90))
        );
    }
}
