//! The games the service keeps replayed in memory, so that a command does not replay a game's
//! whole log each time. An entry is used only at the version the database holds, so the
//! database stays the source of truth; every change of a game or of its people appends to its
//! log and so bumps the version.

use std::{collections::HashMap, sync::Mutex};

use crate::{rules::Game, store::Participant};

/// How many games the service keeps replayed in memory; beyond it the cache starts afresh.
const CACHE_LIMIT: usize = 4096;

/// A replayed game and its people, with the version of the record they reflect.
pub(crate) struct Cached {
    pub version: i64,
    pub game: Box<dyn Game>,
    pub people: Vec<Participant>,
    /// The record's replay disagreed with its snapshot (see `replay::restore`).
    pub damaged: bool,
}

/// The replayed games by id.
#[derive(Default)]
pub(crate) struct GameCache(Mutex<HashMap<i64, Cached>>);

impl GameCache {
    /// A copy of game `id` with its people and whether it is damaged, if it is kept at
    /// exactly `version`.
    pub fn get(&self, id: i64, version: i64) -> Option<(Box<dyn Game>, Vec<Participant>, bool)> {
        let cache = self.0.lock().ok()?;
        cache
            .get(&id)
            .filter(|entry| entry.version == version)
            .map(|entry| (entry.game.clone_game(), entry.people.clone(), entry.damaged))
    }

    /// Keeps game `id` as `entry` says.
    pub fn put(&self, id: i64, entry: Cached) {
        if let Ok(mut cache) = self.0.lock() {
            if cache.len() >= CACHE_LIMIT && !cache.contains_key(&id) {
                cache.clear();
            }
            cache.insert(id, entry);
        }
    }

    /// How many times the kept copy of a game has generated its legal moves.
    pub fn legal_sets_computed(&self, id: i64) -> Option<u64> {
        let cache = self.0.lock().ok()?;
        cache.get(&id).map(|entry| entry.game.legal_sets_computed())
    }
}
