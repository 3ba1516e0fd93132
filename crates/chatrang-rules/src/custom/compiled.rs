//! The compiled variants of definitions, shared: a variant's tables cost far more to compile
//! than a move to play, so every game in memory with the same definition uses one copy, found
//! here by the definition's packed text.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock, PoisonError, Weak},
};

use super::{definition::Definition, error::DefinitionError};
use crate::chesslike::{DefinedLabel, Variant};

/// The definition packed on one line, as position strings carry it.
pub fn pack(definition: &Definition) -> String {
    definition.to_text().trim_end().replace('\n', "|")
}

/// The compiled variant of a definition: the one the games in memory with the same
/// definition share, else compiled now with `build` and shared from then on. Compiling a
/// variant's tables costs far more than a move, so a game loaded again (the sanity run reads
/// back every position, the service every game it was not keeping) finds them here.
pub(super) fn shared(
    definition: &Definition,
    build: impl FnOnce() -> Result<Variant, DefinitionError>,
) -> Result<Arc<Variant>, DefinitionError> {
    let packed = pack(definition);
    if let Some(variant) = in_cache(&packed) {
        return Ok(variant);
    }
    // Compiled without the lock held: another thread's game need not wait for it.
    let variant = Arc::new(build()?.defined_as(DefinedLabel {
        name: definition.name.clone(),
        packed: packed.clone(),
    }));
    let mut cache = cache().lock().unwrap_or_else(PoisonError::into_inner);
    cache.retain(|_, weak| weak.strong_count() > 0);
    cache.insert(packed, Arc::downgrade(&variant));
    Ok(variant)
}

pub(super) fn in_cache(packed: &str) -> Option<Arc<Variant>> {
    cache()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(packed)
        .and_then(Weak::upgrade)
}

fn cache() -> &'static Mutex<HashMap<String, Weak<Variant>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Weak<Variant>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}
