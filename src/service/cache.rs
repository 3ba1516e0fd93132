//! The games the service keeps replayed in memory, so that a command does not replay a game's
//! whole log each time. An entry is used only at the version the database holds, so the
//! database stays the source of truth; every change of a game or of its people appends to its
//! log and so bumps the version.
//!
//! The cache is bounded and forgets the least recently used game first: a busy bot keeps the
//! games people are playing, and a game nobody touched for a while is replayed from its log
//! when it is next asked for (a few milliseconds). `chatrang bench memory` measures what a
//! kept game costs.

use std::sync::{Mutex, MutexGuard};

use hashlink::LruCache;

use crate::{rules::Game, store::Participant};

/// How many games the service keeps replayed in memory unless [`CAPACITY_VARIABLE`] says
/// otherwise, counting each game as its row's `memory_weight` (a game with armies of its own
/// counts for [`ARMY_GAME_WEIGHT`](crate::rules::registry::ARMY_GAME_WEIGHT) games: the
/// default cache holds at most 64 of them, about 40 MB). Chosen for memory: a kept game costs a few kB (1.7 kB on average in `chatrang bench memory`), so the
/// cache stays near 1 MB of games; a game not kept is replayed from its log when next named
/// (0.2 ms for chess, 5 ms for Pick-a-team v2).
pub const DEFAULT_CAPACITY: usize = 512;

/// The environment variable that sets how many games are kept (a positive number).
pub const CAPACITY_VARIABLE: &str = "CHATRANG_CACHE_GAMES";

/// A replayed game and its people, with the version of the record they reflect.
pub(crate) struct Cached {
    pub version: i64,
    /// The row's revision: a write that changes no move (a person forgotten) bumps it alone.
    pub revision: i64,
    pub game: Box<dyn Game>,
    pub people: Vec<Participant>,
    /// The record's replay disagreed with its snapshot (see `replay::restore`).
    pub damaged: bool,
}

/// What keeping a game counts for against the capacity.
fn weight(game: &dyn Game) -> usize {
    game.id().spec().memory_weight
}

/// The replayed games by id, the most recently used last.
pub(crate) struct GameCache(Mutex<Kept>);

/// The games kept, and what they count for together.
struct Kept {
    games: LruCache<i64, Cached>,
    /// The sum of the kept games' [`weight`]s.
    weight: usize,
    capacity: usize,
}

impl Default for GameCache {
    /// A cache of [`CAPACITY_VARIABLE`] games, else [`DEFAULT_CAPACITY`].
    fn default() -> GameCache {
        GameCache::with_capacity(configured_capacity(
            std::env::var(CAPACITY_VARIABLE).ok().as_deref(),
        ))
    }
}

/// The capacity `value` (the environment variable's) asks for; an unreadable one is logged and
/// the default is used, since a cache size is no reason to refuse to start.
fn configured_capacity(value: Option<&str>) -> usize {
    let Some(value) = value else {
        return DEFAULT_CAPACITY;
    };
    match value.trim().parse::<usize>() {
        Ok(n) if n > 0 => n,
        _ => {
            tracing::warn!(
                "{CAPACITY_VARIABLE}={value:?} is not a positive number; keeping \
                 {DEFAULT_CAPACITY} games in memory"
            );
            DEFAULT_CAPACITY
        }
    }
}

impl GameCache {
    /// An empty cache that keeps games up to `capacity` (see [`DEFAULT_CAPACITY`]).
    pub fn with_capacity(capacity: usize) -> GameCache {
        GameCache(Mutex::new(Kept {
            games: LruCache::new_unbounded(),
            weight: 0,
            capacity,
        }))
    }

    /// The kept games, whatever happened to an earlier holder of the lock. A panic while the
    /// lock is held (in a game's `clone_game`, say) cannot leave the map half-changed: each
    /// change is one call into the LRU map, and what runs under the lock besides is a copy of
    /// an entry or the drop of one already removed. Only the running weight can be off, and
    /// it is counted again. So a poisoned lock is taken as it is; refusing it would turn one
    /// failed command into every later command replaying its game's log.
    fn lock(&self) -> MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(|poisoned| {
            self.0.clear_poison();
            let mut kept = poisoned.into_inner();
            kept.weight = kept.games.iter().map(|(_, e)| weight(&*e.game)).sum();
            kept
        })
    }

    /// A copy of game `id` with its people and whether it is damaged, if it is kept at
    /// exactly `version` and `revision`. Marks the game used.
    pub fn get(
        &self,
        id: i64,
        version: i64,
        revision: i64,
    ) -> Option<(Box<dyn Game>, Vec<Participant>, bool)> {
        self.lock()
            .games
            .get(&id)
            .filter(|entry| entry.version == version && entry.revision == revision)
            .map(|entry| (entry.game.clone_game(), entry.people.clone(), entry.damaged))
    }

    /// Keeps game `id` as `entry` says, as the most recently used; when the cache is full, the
    /// least recently used games are forgotten until it fits (the newest is always kept).
    pub fn put(&self, id: i64, entry: Cached) {
        let mut kept = self.lock();
        kept.weight += weight(&*entry.game);
        if let Some(old) = kept.games.insert(id, entry) {
            kept.weight -= weight(&*old.game);
        }
        while kept.weight > kept.capacity && kept.games.len() > 1 {
            let Some((_, gone)) = kept.games.remove_lru() else {
                break;
            };
            kept.weight -= weight(&*gone.game);
        }
    }

    /// How many times the kept copy of a game has generated its legal moves. Looking does not
    /// count as a use.
    pub fn legal_sets_computed(&self, id: i64) -> Option<u64> {
        self.lock()
            .games
            .peek(&id)
            .map(|entry| entry.game.legal_sets_computed())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::PoisonError;

    use super::*;
    use crate::rules::{GameId, Options, registry, registry::ARMY_GAME_WEIGHT};

    fn entry(version: i64) -> Cached {
        entry_of(GameId::Chess, version)
    }

    fn entry_of(game: GameId, version: i64) -> Cached {
        Cached {
            version,
            revision: 0,
            game: registry::new_game(game, &Options::default(), 0).unwrap(),
            people: Vec::new(),
            damaged: false,
        }
    }

    /// The ids among `ids` the cache holds, looked at without touching their order.
    fn held(cache: &GameCache, ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
        ids.into_iter()
            .filter(|&id| cache.legal_sets_computed(id).is_some())
            .collect()
    }

    #[test]
    fn when_full_the_least_recently_kept_game_goes_first() {
        let cache = GameCache::with_capacity(3);
        for id in 1..=4 {
            cache.put(id, entry(1));
        }
        assert_eq!(held(&cache, 1..=4), [2, 3, 4]);
    }

    #[test]
    fn a_game_read_lately_outlives_one_kept_after_it() {
        let cache = GameCache::with_capacity(2);
        cache.put(1, entry(1));
        cache.put(2, entry(1));
        assert!(cache.get(1, 1, 0).is_some());
        cache.put(3, entry(1));
        assert_eq!(held(&cache, 1..=3), [1, 3]);
    }

    #[test]
    fn keeping_a_game_again_makes_room_for_nothing_else() {
        let cache = GameCache::with_capacity(2);
        cache.put(1, entry(1));
        cache.put(2, entry(1));
        cache.put(1, entry(2));
        assert_eq!(held(&cache, 1..=2), [1, 2]);
        assert!(cache.get(1, 2, 0).is_some());
    }

    #[test]
    fn the_cache_never_holds_more_than_its_capacity() {
        let cache = GameCache::with_capacity(5);
        for id in 0..100 {
            cache.put(id, entry(1));
            assert!(cache.lock().games.len() <= 5);
        }
        assert_eq!(held(&cache, 0..100), [95, 96, 97, 98, 99]);
    }

    #[test]
    fn a_game_with_armies_of_its_own_counts_for_several() {
        let cache = GameCache::with_capacity(2 * ARMY_GAME_WEIGHT);
        for id in 0..ARMY_GAME_WEIGHT as i64 {
            cache.put(id, entry(1));
        }
        cache.put(100, entry_of(GameId::Patch, 1));
        assert_eq!(cache.lock().weight, 2 * ARMY_GAME_WEIGHT);
        cache.put(101, entry_of(GameId::PickATeamV2, 1));
        // The second army game takes the place of all the chess games.
        assert!(held(&cache, 0..ARMY_GAME_WEIGHT as i64).is_empty());
        assert_eq!(held(&cache, 100..=101), [100, 101]);
        cache.put(102, entry(1));
        assert_eq!(held(&cache, 100..=102), [101, 102]);
        assert_eq!(cache.lock().weight, ARMY_GAME_WEIGHT + 1);
        // A game kept again is counted once.
        cache.put(101, entry_of(GameId::PickATeamV2, 2));
        assert_eq!(cache.lock().weight, ARMY_GAME_WEIGHT + 1);
    }

    #[test]
    fn a_game_heavier_than_the_whole_cache_is_still_kept_alone() {
        let cache = GameCache::with_capacity(2);
        cache.put(1, entry(1));
        cache.put(2, entry_of(GameId::EasyPatch, 1));
        assert_eq!(held(&cache, 1..=2), [2]);
        cache.put(3, entry(1));
        assert_eq!(held(&cache, 1..=3), [3]);
    }

    #[test]
    fn a_game_is_served_only_at_the_version_kept() {
        let cache = GameCache::with_capacity(2);
        cache.put(1, entry(7));
        assert!(cache.get(1, 6, 0).is_none());
        assert!(cache.get(1, 7, 0).is_some());
    }

    #[test]
    fn a_panic_while_the_lock_is_held_leaves_the_cache_working() {
        let cache = GameCache::with_capacity(2);
        cache.put(1, entry(1));
        let panicked = std::thread::scope(|s| {
            s.spawn(|| {
                let _held = cache.0.lock().unwrap_or_else(PoisonError::into_inner);
                panic!("a command fails while it holds the cache");
            })
            .join()
        });
        assert!(panicked.is_err() && cache.0.is_poisoned());
        // The running weight is counted again from the games kept.
        cache
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .weight = 99;
        assert!(cache.get(1, 1, 0).is_some());
        assert_eq!(cache.lock().weight, 1);
        cache.put(2, entry(1));
        assert_eq!(held(&cache, 1..=2), [1, 2]);
    }

    #[test]
    fn the_capacity_comes_from_a_positive_number_else_the_default() {
        assert_eq!(configured_capacity(None), DEFAULT_CAPACITY);
        assert_eq!(configured_capacity(Some(" 500 ")), 500);
        for bad in ["0", "-3", "many", ""] {
            assert_eq!(configured_capacity(Some(bad)), DEFAULT_CAPACITY, "{bad:?}");
        }
    }
}
