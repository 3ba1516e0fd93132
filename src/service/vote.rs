//! Team votes (`/new … vote=on`): a member's move is a vote for their side's move. The move is
//! played as soon as a strict majority of the side agrees, or when everyone has voted (most
//! votes; a tie goes to the move proposed first), or at the deadline (see `schedule`). A new
//! vote replaces the member's old one; votes count for one turn only.

use super::{
    base::Service,
    loaded::Loaded,
    play::Attempt,
    reply::{Reply, ServiceError},
    request::User,
    show::game_ref,
    words::join_names,
};
use crate::{
    rules::{Actor, Color, Status},
    store::{StoreError, Vote},
};

/// The votes of a turn, counted.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct Tally {
    /// Each move voted for, with its voters, most votes first (a tie: proposed first).
    pub moves: Vec<(String, Vec<String>)>,
    /// How many may vote.
    pub electorate: usize,
}

impl Tally {
    /// Counts the votes of the people in `electorate` (ids); anyone else's are ignored.
    pub fn count(votes: &[Vote], electorate: &[String]) -> Tally {
        let mut moves: Vec<(String, Vec<String>, i64)> = Vec::new();
        for vote in votes.iter().filter(|v| electorate.contains(&v.user_id)) {
            match moves.iter_mut().find(|(n, ..)| *n == vote.notation) {
                Some((_, voters, first)) => {
                    voters.push(vote.user_id.clone());
                    *first = (*first).min(vote.seq);
                }
                None => moves.push((vote.notation.clone(), vec![vote.user_id.clone()], vote.seq)),
            }
        }
        moves.sort_by_key(|(_, voters, first)| (std::cmp::Reverse(voters.len()), *first));
        Tally {
            moves: moves.into_iter().map(|(n, v, _)| (n, v)).collect(),
            electorate: electorate.len(),
        }
    }

    /// The move with the most votes so far (a tie: the one proposed first).
    pub fn leader(&self) -> Option<&str> {
        self.moves.first().map(|(n, _)| n.as_str())
    }

    /// The move the side has chosen: one a strict majority agrees on, or, once everyone has
    /// voted, the leader.
    pub fn decided(&self) -> Option<&str> {
        let cast: usize = self.moves.iter().map(|(_, v)| v.len()).sum();
        let (notation, voters) = self.moves.first()?;
        (voters.len() * 2 > self.electorate || cast >= self.electorate).then_some(notation)
    }

    /// How many votes a strict majority needs.
    pub fn majority(&self) -> usize {
        self.electorate / 2 + 1
    }
}

impl Service {
    /// The votes cast for the turn `loaded` is at, counted among who must act.
    pub(crate) async fn tally(&self, loaded: &Loaded) -> Result<Tally, StoreError> {
        let votes = self
            .store
            .votes_of(loaded.row.id, loaded.row.version)
            .await?;
        Ok(Tally::count(&votes, &loaded.to_act()))
    }

    /// "Votes: e4 (alice, bob) · d4 (carol)", for the board of a game whose turn has votes.
    pub(crate) async fn votes_line(&self, loaded: &Loaded) -> Option<String> {
        if !loaded.row.timing.votes {
            return None;
        }
        let tally = match self.tally(loaded).await {
            Ok(tally) => tally,
            Err(error) => {
                tracing::warn!(game = loaded.row.id, %error, "cannot read the votes");
                return None;
            }
        };
        (!tally.moves.is_empty()).then(|| describe(loaded, &tally))
    }

    /// Records `user`'s vote for `notation` (a legal action of `side`'s turn) and plays the
    /// side's move when the vote decides it.
    pub(crate) async fn vote(
        &self,
        loaded: &Loaded,
        user: &User,
        side: Color,
        notation: &str,
    ) -> Result<Reply, Attempt> {
        let failed = |e: StoreError| Attempt::Failed(ServiceError::from(e));
        self.store
            .cast_vote(loaded.row.id, loaded.row.version, &user.id, notation)
            .await
            .map_err(failed)?;
        let tally = self.tally(loaded).await.map_err(failed)?;
        if let Some(chosen) = tally.decided() {
            let who = format!("the vote of {}", voters_of(loaded, side));
            let chosen = chosen.to_string();
            return self
                .play_as(loaded, user, Some(side), &chosen, &who, false)
                .await;
        }
        let text = format!(
            "Game {}: {} votes {notation}. {} A move is played when {} of {} agree, when \
             everyone has voted, or at the deadline.",
            loaded.label(),
            user.name,
            describe(loaded, &tally),
            tally.majority(),
            tally.electorate
        );
        Ok(Reply {
            text,
            game: Some(game_ref(loaded)),
            public: true,
            ..Reply::default()
        })
    }
}

/// Who votes for a side: "White (alice, bob and carol)"; everyone, for a question to anyone.
fn voters_of(loaded: &Loaded, side: Color) -> String {
    match loaded.game.status() {
        Status::Ongoing {
            actor: Actor::Anyone,
            ..
        } => "everyone".to_string(),
        _ => format!("{side} ({})", loaded.names(side)),
    }
}

/// The tally as a sentence, with names.
fn describe(loaded: &Loaded, tally: &Tally) -> String {
    fn name<'a>(loaded: &'a Loaded, id: &'a str) -> &'a str {
        loaded
            .people
            .iter()
            .find(|p| p.user_id == id)
            .map_or(id, |p| p.name.as_str())
    }
    let moves: Vec<String> = tally
        .moves
        .iter()
        .map(|(notation, voters)| {
            let names: Vec<&str> = voters.iter().map(|id| name(loaded, id)).collect();
            format!("{notation} ({})", join_names(&names))
        })
        .collect();
    let cast: usize = tally.moves.iter().map(|(_, v)| v.len()).sum();
    format!(
        "Votes ({cast} of {}): {}.",
        tally.electorate,
        moves.join(" · ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vote(user: &str, notation: &str, seq: i64) -> Vote {
        Vote {
            user_id: user.into(),
            notation: notation.into(),
            seq,
        }
    }

    fn electorate(n: usize) -> Vec<String> {
        ["a", "b", "c", "d"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_strict_majority_decides_at_once() {
        let votes = [vote("a", "e4", 1), vote("b", "e4", 2)];
        assert_eq!(Tally::count(&votes, &electorate(3)).decided(), Some("e4"));
        // Two of four is not a strict majority, and not everyone has voted.
        assert_eq!(Tally::count(&votes, &electorate(4)).decided(), None);
        assert_eq!(Tally::count(&votes[..1], &electorate(3)).decided(), None);
    }

    #[test]
    fn when_everyone_has_voted_a_tie_goes_to_the_move_proposed_first() {
        let votes = [
            vote("a", "d4", 1),
            vote("b", "e4", 2),
            vote("c", "e4", 3),
            vote("d", "d4", 4),
        ];
        let tally = Tally::count(&votes, &electorate(4));
        assert_eq!(tally.decided(), Some("d4"));
        assert_eq!(tally.moves[0].1, vec!["a".to_string(), "d".to_string()]);
    }

    #[test]
    fn the_leader_has_the_most_votes_and_strangers_do_not_count() {
        let votes = [
            vote("a", "d4", 1),
            vote("b", "e4", 2),
            vote("c", "e4", 3),
            vote("x", "d4", 4),
            vote("y", "d4", 5),
        ];
        let tally = Tally::count(&votes, &electorate(4));
        assert_eq!(tally.leader(), Some("e4"));
        assert_eq!(tally.decided(), None);
        assert_eq!(Tally::count(&[], &electorate(2)).leader(), None);
    }
}
