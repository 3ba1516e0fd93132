//! `/vacation 3d` and `/vacation off`: the clocks of a person's games stop while it is their
//! turn and they are away, where they are the only one on their side (a team plays on).
//!
//! A vacation moves the game's timers later by its length rather than stopping them, so the
//! scheduler needs nothing new: a turn that begins during the vacation starts its clock when
//! it ends ([`Service::clock_start`]), and ending it early moves the timers back.

use std::time::Duration;

use super::{
    base::Service,
    reply::{Reply, ServiceError, ServiceResult},
    request::User,
    timing::{LONGEST_TURN, span},
};
use crate::store::{GameState, StoreError, Vacation};

/// The longest vacation.
const LONGEST: Duration = LONGEST_TURN;

impl Service {
    /// `/vacation`: starts one (`3d`), ends it (`off`), or says where it stands (nothing).
    pub(crate) async fn vacation(&self, user: &User, arg: &str) -> ServiceResult {
        let now = self.now_ms();
        let last = self.store.vacation_of(&user.id).await?;
        let current = last.filter(|v| v.is_on(now));
        let arg = arg.trim().to_lowercase();
        match arg.as_str() {
            "" => Ok(Reply::text(match current {
                Some(v) => format!(
                    "You are on vacation for {} more. /vacation off ends it early.",
                    span(v.end - now)
                ),
                None => "You are not on vacation. /vacation 3d stops the clocks of your games \
                         for three days (up to 14 days) while it is your turn."
                    .to_string(),
            })),
            "off" | "end" | "stop" => {
                let Some(vacation) = current else {
                    return Err(ServiceError::refused(
                        "You are not on vacation; /vacation 3d starts one.",
                    ));
                };
                let ended = Vacation {
                    start: vacation.start,
                    end: now,
                };
                self.store.set_vacation(&user.id, &user.name, ended).await?;
                let games = self.shift_clocks(user, now - vacation.end).await?;
                Ok(Reply::text(format!(
                    "Welcome back: your vacation is over{}.",
                    clocks(games, "runs again", "run again")
                )))
            }
            length => {
                let length = read_length(length)?;
                if let Some(v) = current {
                    return Err(ServiceError::refused(format!(
                        "You are on vacation for {} more; /vacation off ends it first.",
                        span(v.end - now)
                    )));
                }
                if let Some(v) = last {
                    // As long again after the last one ended before the next may start.
                    let next = v.end + (v.end - v.start);
                    if now < next {
                        return Err(ServiceError::refused(format!(
                            "Your last vacation lasted {}; the next can start in {} (a break \
                             as long as the vacation comes between two).",
                            span(v.end - v.start),
                            span(next - now)
                        )));
                    }
                }
                let vacation = Vacation {
                    start: now,
                    end: now + length,
                };
                self.store
                    .set_vacation(&user.id, &user.name, vacation)
                    .await?;
                let games = self.shift_clocks(user, length).await?;
                Ok(Reply::text(format!(
                    "Enjoy your vacation: for {}, the clocks of your games where you play alone \
                     stop while it is your turn{}. /vacation off ends it early.",
                    span(length),
                    clocks(games, "stops now", "stop now")
                )))
            }
        }
    }

    /// Moves by `delta` the timers of the user's timed games where it is their turn and they
    /// play alone on their side; returns how many games it moved.
    async fn shift_clocks(&self, user: &User, delta: i64) -> Result<usize, StoreError> {
        let mut moved = 0;
        for row in self.store.open_games_of_user(&user.id).await? {
            if row.state != GameState::Active || row.timing.per_turn_ms.is_none() {
                continue;
            }
            let Ok(loaded) = self.load_row(row).await else {
                continue;
            };
            if loaded.to_act() == [user.id.clone()]
                && self
                    .store
                    .shift_timers(loaded.row.id, loaded.row.version, delta)
                    .await?
            {
                moved += 1;
            }
        }
        Ok(moved)
    }
}

/// "; the clocks of 2 games stop now", or nothing when no clock was running.
fn clocks(games: usize, one: &str, many: &str) -> String {
    match games {
        0 => String::new(),
        1 => format!("; the clock of 1 game {one}"),
        n => format!("; the clocks of {n} games {many}"),
    }
}

/// A vacation's length: more than nothing, at most 14 days.
fn read_length(text: &str) -> Result<i64, ServiceError> {
    let refused = || {
        ServiceError::refused(format!(
            "A vacation is a length up to 14 days, such as /vacation 3d or /vacation 36h (or \
             /vacation off); \"{}\" is not one.",
            super::words::shown(text)
        ))
    };
    let length = humantime::parse_duration(text).map_err(|_| refused())?;
    if length.is_zero() || length > LONGEST {
        return Err(refused());
    }
    Ok(length.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vacation_lasts_up_to_fourteen_days() {
        assert_eq!(read_length("3d").unwrap(), 3 * 86_400_000);
        assert_eq!(read_length("14d").unwrap(), 14 * 86_400_000);
        let long = "9".repeat(5_000);
        let refusal = read_length(&long).unwrap_err().to_string();
        assert!(
            refusal.contains(&format!("\"{}…\" is not one.", &long[..40])),
            "{refusal}"
        );
        for bad in ["15d", "0s", "soon", ""] {
            assert!(read_length(bad).is_err(), "{bad}");
        }
    }
}
