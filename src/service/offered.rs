//! What a chat platform without buttons needs from the service: the choices it offered as
//! reactions (kept in the database, so they work after a restart), and the one open game of a
//! person in a room with many threads.

use super::{base::Service, channel::Offered, reply::ServiceResult, request::User};
use crate::store::OfferedChoice;

impl Service {
    /// Records the choices a posted message offers, where it is and where else it is seen.
    pub async fn remember_offered(&self, offered: &Offered) -> ServiceResult<()> {
        let also = offered.also_in.as_deref();
        let store = &self.store;
        Ok(store
            .offer_choices(&offered.message, &offered.place, also, &offered.choices)
            .await?)
    }

    /// Where `message` is and the choice a reaction `key` on it picks, if it offered one.
    pub async fn offered_by_reaction(
        &self,
        message: &str,
        key: &str,
    ) -> ServiceResult<Option<(String, String)>> {
        Ok(self.store.choice_by_reaction(message, key).await?)
    }

    /// Whether a game lives in `place` (a channel or a thread), whatever its state.
    pub async fn has_game_in(&self, place: &str) -> ServiceResult<bool> {
        Ok(self.store.last_game_in_place(place).await?.is_some())
    }

    /// The newest list of choices offered in `place`, in order.
    pub async fn newest_offered(&self, place: &str) -> ServiceResult<Vec<OfferedChoice>> {
        Ok(self.store.newest_choices(place).await?)
    }

    /// The user's one open game in `room` (in the room or one of its threads, whose places are
    /// `room|root`), when they have exactly one there.
    pub async fn only_open_game_in(&self, user: &User, room: &str) -> ServiceResult<Option<i64>> {
        let thread_prefix = format!("{room}|");
        let games: Vec<i64> = self
            .store
            .open_games_of_user(&user.id)
            .await?
            .into_iter()
            .filter(|g| g.place_id == room || g.place_id.starts_with(&thread_prefix))
            .map(|g| g.id)
            .collect();
        Ok(match games.as_slice() {
            [only] => Some(*only),
            _ => None,
        })
    }
}
