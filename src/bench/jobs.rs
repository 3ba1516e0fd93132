//! Several games of a match at once, one per core (`--jobs`): a level-5 row of the ladder
//! takes hours on one core. Each worker has its own state (its own Fairy-Stockfish, its own
//! think times), and the results come back in the order of the games, so a match's tally does
//! not depend on how many jobs played it.

use std::sync::{
    Mutex,
    atomic::{AtomicU32, Ordering},
};

/// `work(state, i)` for every `i` in `0..count`, on `jobs` threads (at least one, and no more
/// than there are games: `--jobs 100000` starts no idle engines), each with a state made by
/// `start`; the results in the order of `i`, and the workers' states. The
/// first error stops the workers from taking new games and is returned.
pub fn run<S: Send, R: Send, E: Send>(
    count: u32,
    jobs: usize,
    start: impl Fn() -> Result<S, E> + Sync,
    work: impl Fn(&mut S, u32) -> Result<R, E> + Sync,
) -> Result<(Vec<R>, Vec<S>), E> {
    let next = AtomicU32::new(0);
    let failed = Mutex::new(None);
    let done = Mutex::new(Vec::with_capacity(count as usize));
    let states = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(count.max(1) as usize).max(1) {
            scope.spawn(|| {
                let mut state = match start() {
                    Ok(state) => state,
                    Err(e) => return keep_first(&failed, e),
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || lock(&failed).is_some() {
                        break;
                    }
                    match work(&mut state, i) {
                        Ok(result) => lock(&done).push((i, result)),
                        Err(e) => {
                            keep_first(&failed, e);
                            break;
                        }
                    }
                }
                lock(&states).push(state);
            });
        }
    });
    if let Some(e) = into_inner(failed) {
        return Err(e);
    }
    let mut done = into_inner(done);
    done.sort_by_key(|(i, _)| *i);
    Ok((
        done.into_iter().map(|(_, r)| r).collect(),
        into_inner(states),
    ))
}

fn keep_first<E>(failed: &Mutex<Option<E>>, e: E) {
    lock(failed).get_or_insert(e);
}

/// A worker that panicked leaves its results behind; the others' are still good.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn into_inner<T>(mutex: Mutex<T>) -> T {
    mutex
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_the_order_of_the_games_whatever_the_jobs() {
        for jobs in [1, 2, 5] {
            let (squares, states) = run(
                20,
                jobs,
                || Ok::<u32, ()>(0),
                |played, i| {
                    *played += 1;
                    Ok(i * i)
                },
            )
            .unwrap();
            assert_eq!(squares, (0..20).map(|i| i * i).collect::<Vec<_>>());
            assert_eq!(states.len(), jobs);
            assert_eq!(states.iter().sum::<u32>(), 20, "every game played once");
        }
    }

    #[test]
    fn no_more_workers_start_than_there_are_games() {
        let (results, states) = run(3, 1_000_000, || Ok::<(), ()>(()), |_, i| Ok(i)).unwrap();
        assert_eq!(results, vec![0, 1, 2]);
        assert_eq!(states.len(), 3);
        let (none, states) = run(0, 0, || Ok::<(), ()>(()), |_, i| Ok(i)).unwrap();
        assert!(none.is_empty());
        assert_eq!(states.len(), 1);
    }

    #[test]
    fn the_first_error_is_returned() {
        let result = run(
            10,
            2,
            || Ok::<(), String>(()),
            |_, i| {
                if i == 3 {
                    Err(format!("game {i}"))
                } else {
                    Ok(i)
                }
            },
        );
        assert_eq!(result.unwrap_err(), "game 3");
        let refused = run(3, 2, || Err::<(), _>("no engine"), |_, i| Ok::<_, &str>(i));
        assert_eq!(refused.unwrap_err(), "no engine");
    }
}
