//! Scores as whole half-points, so that no sum of points ever meets a float rounding: a win is
//! two halves, a draw one.

use std::fmt;

/// A score in half-points: `Points(7)` is 3½ points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw or a half-point bye.
    pub const HALF: Points = Points(1);
    /// One point: a win, a forfeit win or a pairing-allocated bye.
    pub const ONE: Points = Points(2);

    /// The score in half-points.
    pub fn halves(self) -> u32 {
        self.0
    }

    /// The score written with one decimal, as report files write it ("3.5", "10.0").
    pub fn decimal(self) -> String {
        format!("{}.{}", self.0 / 2, if self.0 % 2 == 1 { 5 } else { 0 })
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

/// Written as people read scores: "3½", "½", "4".
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_for_people_and_for_files() {
        assert_eq!(Points(7).to_string(), "3½");
        assert_eq!(Points(1).to_string(), "½");
        assert_eq!(Points(8).to_string(), "4");
        assert_eq!(Points(7).decimal(), "3.5");
        assert_eq!(Points(20).decimal(), "10.0");
    }
}
