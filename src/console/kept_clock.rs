//! The console's simulated clock kept across runs: `/clock +2d` writes how far it is ahead of
//! real time into the data directory, and the next run starts there. Times written under the
//! moved clock (a vacation's end, a deadline) stay in step with it, so a vacation ended with
//! `/vacation off` stays ended after a restart instead of coming back for two days.

use std::{path::Path, time::Duration};

use crate::service::ShiftedClock;

/// The file, in the data directory, that holds the shift in milliseconds.
const FILE: &str = "console-clock-shift";

/// The shift a previous run left in `dir` (none when there is no readable file).
pub fn restore(dir: &Path, clock: &ShiftedClock) {
    let kept = std::fs::read_to_string(dir.join(FILE))
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok());
    if let Some(millis) = kept {
        clock.advance(Duration::from_millis(millis).saturating_sub(clock.shift()));
    }
}

/// Writes the clock's shift into `dir` for the next run.
pub fn keep(dir: &Path, clock: &ShiftedClock) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(FILE), clock.shift().as_millis().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shift_comes_back_in_the_next_run() {
        let dir = tempfile::tempdir().unwrap();
        let first = ShiftedClock::default();
        restore(dir.path(), &first);
        assert_eq!(first.shift(), Duration::ZERO, "no file: real time");
        first.advance(Duration::from_secs(2 * 86_400));
        keep(dir.path(), &first).unwrap();
        let second = ShiftedClock::default();
        restore(dir.path(), &second);
        assert_eq!(second.shift(), Duration::from_secs(2 * 86_400));
    }
}
