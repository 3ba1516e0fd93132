//! A cooperative game's tournament (Catalonia): a duplicate event. Its entrants form groups
//! (`/tournament join group=Otters`; whoever names no group plays alone, with the bot as the
//! other side), every group plays one game, all from the same seed, so every group meets the
//! same dice and bombs, and the best final score wins. There is one round; the standings
//! compare the groups turn by turn.
//!
//! The groups are fixed at the start: each entrant's group is written with the round, and a
//! board's row names its group (its `white` column; `black` is empty).

use std::collections::BTreeSet;

use super::{
    base::Service,
    bot::bot_user,
    reply::{Image, Reply, ServiceResult},
    start::random_seed,
    tournament_history::starting_numbers,
    tournament_round::{BoardGame, game_of},
};
use crate::{
    render::table::{Table, table_alt},
    rules::{Color, search::Level},
    store::{BoardEnd, Entrant, NewRound, TournamentRow, TournamentState},
};

/// The most groups the standings picture shows side by side (the text lists them all).
const PICTURED_GROUPS: usize = 6;

/// A group of a duplicate event: its name and its people (user id, name), in entry order.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct Group {
    pub name: String,
    pub people: Vec<(String, String)>,
}

/// The groups of a duplicate event, in the order their first person entered: those who named
/// the same group (in any case) play together, spelled as the first of them spelled it;
/// anyone who named none plays alone, under their own name. No two groups share a name.
pub(crate) fn groups_of(entrants: &[Entrant]) -> Vec<Group> {
    // Each group with the name its people chose, lowercased (`None`: a person alone).
    let mut groups: Vec<(Group, Option<String>)> = Vec::new();
    let mut taken = BTreeSet::new();
    for e in entrants.iter().filter(|e| e.left_round.is_none()) {
        let person = (e.user_id.clone(), e.name.clone());
        let chosen = e.team.as_ref().map(|team| team.to_lowercase());
        if let Some(key) = &chosen
            && let Some((group, _)) = groups.iter_mut().find(|(_, k)| k.as_ref() == Some(key))
        {
            group.people.push(person);
            continue;
        }
        let wanted = e.team.clone().unwrap_or_else(|| e.name.clone());
        let mut name = wanted.clone();
        let mut n = 2;
        while taken.contains(&name.to_lowercase()) {
            name = format!("{wanted} ({n})");
            n += 1;
        }
        taken.insert(name.to_lowercase());
        let group = Group {
            name,
            people: vec![person],
        };
        groups.push((group, chosen));
    }
    groups.into_iter().map(|(group, _)| group).collect()
}

/// Who plays which side in a group's game: its people alternately White and Black, in entry
/// order; a person alone has the bot as Black.
fn sides(group: &Group) -> Vec<(String, Color)> {
    let mut members: Vec<(String, Color)> = group
        .people
        .iter()
        .enumerate()
        .map(|(i, (user, _))| {
            let side = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            (user.clone(), side)
        })
        .collect();
    if members.len() == 1 {
        members.push((bot_user(Level::DEFAULT).id, Color::Black));
    }
    members
}

/// A group as people read it: "Otters (alice, bob)", "Owls (dave with the bot)", or for a
/// person alone under their own name "carol with the bot".
fn group_named(name: &str, people: &[String]) -> String {
    match people {
        [one] if one == name => format!("{one} with the bot"),
        [one] => format!("{name} ({one} with the bot)"),
        many => format!("{name} ({})", many.join(", ")),
    }
}

/// How a group's game stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum GroupEnd {
    Playing,
    Scored,
    /// Given up (resigned or aborted): no score.
    Abandoned,
}

/// One group's result so far.
#[derive(Clone, Debug)]
struct GroupResult {
    name: String,
    people: Vec<String>,
    game: i64,
    /// (turn, points) of each scored turn.
    turns: Vec<(u32, u32)>,
    total: u32,
    end: GroupEnd,
}

impl GroupResult {
    /// The place this result shares with equal ones (`None` for an abandoned game).
    fn place(&self, all: &[GroupResult]) -> Option<usize> {
        (self.end != GroupEnd::Abandoned).then(|| {
            1 + all
                .iter()
                .filter(|r| r.end != GroupEnd::Abandoned && r.total > self.total)
                .count()
        })
    }
}

impl Service {
    /// Starts duplicate event `t`: the groups are fixed and every group's game starts from
    /// one seed. `None` when another process started it first (or someone entered meanwhile).
    pub(crate) async fn try_start_duplicate(
        &self,
        t: &TournamentRow,
    ) -> ServiceResult<Option<String>> {
        let entrants = self.store.entrants(t.id).await?;
        let groups = groups_of(&entrants);
        let Some(kind) = game_of(t) else {
            return Ok(Some(
                "This tournament's game is not one this bot plays any more.".into(),
            ));
        };
        if groups.len() < 2 {
            self.store.cancel_tournament(t.id, self.now_ms()).await?;
            return Ok(Some(format!(
                "Tournament #{} is called off: a duplicate event needs at least two groups.",
                t.id
            )));
        }
        self.remember(&bot_user(Level::DEFAULT)).await?;
        let listed: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let names: Vec<String> = g.people.iter().map(|(_, n)| n.clone()).collect();
                format!("{}. {}", i + 1, group_named(&g.name, &names))
            })
            .collect();
        let summary = format!(
            "Tournament #{} ({kind}, duplicate event) has begun: every group plays the same \
             dice and bombs, and the best final score wins.\nGroups:\n{}",
            t.id,
            listed.join("\n")
        );
        let seed = random_seed();
        let now = self.now_ms();
        let mut boards = Vec::new();
        for (i, group) in groups.iter().enumerate() {
            let members = sides(group);
            let names: Vec<String> = group.people.iter().map(|(_, n)| n.clone()).collect();
            let text = format!(
                "Tournament #{}, {}: {kind}, with the same dice as every group of the event.",
                t.id,
                group_named(&group.name, &names)
            );
            let game = BoardGame {
                board: i as i64 + 1,
                labels: (group.name.clone(), String::new()),
                members,
                seed,
                text,
            };
            let summary = (i == 0).then_some(summary.as_str());
            boards.push(self.board_of(t, kind, game, summary, now).await?);
        }
        let teams = groups
            .iter()
            .flat_map(|g| g.people.iter().map(|(u, _)| (u.clone(), g.name.clone())))
            .collect();
        let round = NewRound {
            tournament_id: t.id,
            round: 1,
            rounds: 1,
            numbers: starting_numbers(&entrants),
            teams,
            boards,
            byes: Vec::new(),
        };
        Ok(self.write_round(&round, now).await?.then_some(summary))
    }

    /// Every group's result so far, best first (abandoned games last).
    async fn group_results(&self, t: &TournamentRow) -> ServiceResult<Vec<GroupResult>> {
        let entrants = self.store.entrants(t.id).await?;
        let mut results = Vec::new();
        for board in self.store.tournament_boards(t.id).await? {
            let people = entrants
                .iter()
                .filter(|e| e.team.as_deref() == Some(board.white.as_str()))
                .map(|e| e.name.clone())
                .collect();
            let turns = match self.store.game(board.game_id).await? {
                Some(row) => self.load_row(row).await?.game.turn_scores(),
                None => Vec::new(),
            };
            let (end, total) = match board.end {
                BoardEnd::Playing => (GroupEnd::Playing, turns.iter().map(|t| t.1).sum()),
                BoardEnd::Scored { points } => (GroupEnd::Scored, points.max(0) as u32),
                _ => (GroupEnd::Abandoned, 0),
            };
            results.push(GroupResult {
                name: board.white,
                people,
                game: board.game_id,
                turns,
                total,
                end,
            });
        }
        results.sort_by_key(|r| (r.end == GroupEnd::Abandoned, std::cmp::Reverse(r.total)));
        Ok(results)
    }

    /// `/tournament standings` of a duplicate event: each group's score turn by turn, as a
    /// picture (turns down, the best groups across) and in words.
    pub(crate) async fn duplicate_standings(&self, t: &TournamentRow) -> ServiceResult {
        let results = self.group_results(t).await?;
        let when = if t.state == TournamentState::Over {
            "final standings"
        } else {
            "standings so far"
        };
        let title = format!("Tournament #{} (duplicate event), {when}", t.id);
        let table = turns_table(&title, &results);
        let description = table_alt(&table);
        let painter = self.painter.clone();
        let png = tokio::task::spawn_blocking(move || painter.table(&table))
            .await
            .ok()
            .and_then(Result::ok);
        Ok(Reply {
            text: format!("{title}:\n{}", results_text(&results)),
            image: png.map(|png| Image {
                bytes: png,
                filename: format!("tournament-{}-standings.png", t.id),
                description,
            }),
            ..Reply::default()
        })
    }

    /// `/tournament pairings` of a duplicate event: each group's game and sides.
    pub(crate) async fn duplicate_games(&self, t: &TournamentRow) -> ServiceResult {
        let results = self.group_results(t).await?;
        let lines: Vec<String> = results
            .iter()
            .map(|r| format!("• {}: game #{}", group_named(&r.name, &r.people), r.game))
            .collect();
        Ok(Reply::text(format!(
            "Tournament #{}, the groups' games (the same dice for all):\n{}",
            t.id,
            lines.join("\n")
        )))
    }

    /// The final words of a duplicate event: the best score and the standings.
    pub(crate) async fn duplicate_final_words(&self, t: &TournamentRow) -> ServiceResult<String> {
        let results = self.group_results(t).await?;
        let best: Vec<&GroupResult> = results
            .iter()
            .filter(|r| r.place(&results) == Some(1))
            .collect();
        let winner = match best.as_slice() {
            [] => "no group finished with a score".to_string(),
            groups => {
                let names: Vec<String> = groups
                    .iter()
                    .map(|r| group_named(&r.name, &r.people))
                    .collect();
                format!("{}, {} points", names.join(" and "), groups[0].total)
            }
        };
        Ok(format!(
            "Tournament #{} is over. Best score: {winner}\nFinal standings:\n{}",
            t.id,
            results_text(&results)
        ))
    }
}

/// The standings in words: place, group, people, score and each scored turn.
fn results_text(results: &[GroupResult]) -> String {
    let lines: Vec<String> = results
        .iter()
        .map(|r| {
            let shared = results
                .iter()
                .filter(|o| o.place(results) == r.place(results));
            let place = match r.place(results) {
                Some(p) if shared.count() > 1 => format!("={p}."),
                Some(p) => format!("{p}."),
                None => "–".to_string(),
            };
            let state = match r.end {
                GroupEnd::Playing => format!("{} points so far", r.total),
                GroupEnd::Scored => format!("{} points", r.total),
                GroupEnd::Abandoned => "abandoned".to_string(),
            };
            let turns = match (r.turns.first(), r.turns.last()) {
                (Some(first), Some(last)) => {
                    let points: Vec<String> = r.turns.iter().map(|t| t.1.to_string()).collect();
                    format!("; turns {}–{}: {}", first.0, last.0, points.join(" "))
                }
                _ => String::new(),
            };
            format!(
                "{place} {}: {state}{turns}",
                group_named(&r.name, &r.people)
            )
        })
        .collect();
    lines.join("\n")
}

/// The picture's table: a row per turn scored by any group and a total, a column per group
/// (the best [`PICTURED_GROUPS`]); "–" where a group has no score for that turn.
fn turns_table(title: &str, results: &[GroupResult]) -> Table {
    let shown: Vec<&GroupResult> = results.iter().take(PICTURED_GROUPS).collect();
    let turns: BTreeSet<u32> = shown
        .iter()
        .flat_map(|r| r.turns.iter().map(|t| t.0))
        .collect();
    let mut rows: Vec<Vec<String>> = turns
        .iter()
        .map(|turn| {
            let mut row = vec![turn.to_string()];
            for r in &shown {
                let points = r.turns.iter().find(|t| t.0 == *turn);
                row.push(points.map_or("–".to_string(), |t| t.1.to_string()));
            }
            row
        })
        .collect();
    let mut total = vec!["Total".to_string()];
    for r in &shown {
        total.push(match r.end {
            GroupEnd::Abandoned => "gave up".to_string(),
            GroupEnd::Playing => format!("{}…", r.total),
            GroupEnd::Scored => r.total.to_string(),
        });
    }
    rows.push(total);
    let mut headings = vec!["Turn".to_string()];
    headings.extend(shown.iter().map(|r| r.name.clone()));
    let title = if results.len() > shown.len() {
        format!("{title} (best {} of {} groups)", shown.len(), results.len())
    } else {
        title.to_string()
    };
    Table {
        title,
        numeric: vec![true; headings.len()],
        headings,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(id: &str, team: Option<&str>) -> Entrant {
        Entrant {
            user_id: id.into(),
            name: id.to_uppercase(),
            number: None,
            rating: 1500,
            joined_round: 1,
            left_round: None,
            team: team.map(Into::into),
        }
    }

    fn names(groups: &[Group]) -> Vec<(String, Vec<String>)> {
        groups
            .iter()
            .map(|g| {
                let people = g.people.iter().map(|(u, _)| u.clone()).collect();
                (g.name.clone(), people)
            })
            .collect()
    }

    #[test]
    fn those_who_name_one_group_in_any_case_play_together_and_the_others_alone() {
        let entrants = [
            entrant("ann", Some("Otters")),
            entrant("bob", None),
            entrant("cat", Some("otters")),
            entrant("dan", Some("Owls")),
        ];
        assert_eq!(
            names(&groups_of(&entrants)),
            [
                (
                    "Otters".to_string(),
                    vec!["ann".to_string(), "cat".to_string()]
                ),
                ("BOB".to_string(), vec!["bob".to_string()]),
                ("Owls".to_string(), vec!["dan".to_string()]),
            ]
        );
    }

    #[test]
    fn a_person_alone_whose_name_is_a_groups_gets_a_name_of_their_own() {
        let mut alone = entrant("x", None);
        alone.name = "Otters".into();
        let groups = groups_of(&[entrant("y", Some("OTTERS")), alone]);
        assert_eq!(groups.len(), 2);
        assert_eq!(
            (groups[0].name.as_str(), groups[1].name.as_str()),
            ("OTTERS", "Otters (2)")
        );
    }

    #[test]
    fn a_group_alternates_sides_and_a_person_alone_has_the_bot_as_black() {
        let group = Group {
            name: "G".into(),
            people: vec![
                ("a".into(), "A".into()),
                ("b".into(), "B".into()),
                ("c".into(), "C".into()),
            ],
        };
        let sides_of: Vec<Color> = sides(&group).into_iter().map(|(_, c)| c).collect();
        assert_eq!(sides_of, [Color::White, Color::Black, Color::White]);
        let alone = Group {
            name: "A".into(),
            people: vec![("a".into(), "A".into())],
        };
        let members = sides(&alone);
        assert_eq!(members[1], (bot_user(Level::DEFAULT).id, Color::Black));
    }

    fn result(name: &str, turns: &[(u32, u32)], end: GroupEnd) -> GroupResult {
        GroupResult {
            name: name.into(),
            people: vec![name.to_lowercase()],
            game: 1,
            turns: turns.to_vec(),
            total: turns.iter().map(|t| t.1).sum(),
            end,
        }
    }

    #[test]
    fn equal_scores_share_a_place_and_an_abandoned_game_has_none() {
        let results = [
            result("A", &[(3, 4), (4, 9)], GroupEnd::Scored),
            result("B", &[(2, 9), (3, 4)], GroupEnd::Scored),
            result("C", &[(3, 4)], GroupEnd::Scored),
            result("D", &[], GroupEnd::Abandoned),
        ];
        let text = results_text(&results);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "=1. A (a with the bot): 13 points; turns 3–4: 4 9"
        );
        assert!(lines[1].starts_with("=1. B"), "{text}");
        assert!(lines[2].starts_with("3. C"), "{text}");
        assert_eq!(lines[3], "– D (d with the bot): abandoned");
        assert_eq!(group_named("ann", &["ann".into()]), "ann with the bot");
        assert_eq!(group_named("G", &["a".into(), "b".into()]), "G (a, b)");
    }

    #[test]
    fn the_table_has_a_row_per_turn_any_group_scored_and_a_total() {
        let results = [
            result("A", &[(3, 4), (4, 9)], GroupEnd::Scored),
            result("B", &[(2, 9), (3, 4)], GroupEnd::Playing),
        ];
        let table = turns_table("T", &results);
        assert_eq!(table.headings, ["Turn", "A", "B"]);
        assert_eq!(
            table.rows,
            [
                vec!["2", "–", "9"],
                vec!["3", "4", "4"],
                vec!["4", "9", "–"],
                vec!["Total", "13", "13…"],
            ]
        );
    }
}
