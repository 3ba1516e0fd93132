//! Perft: every game's leaf counts from `tests/data/perft/<game>.perft` (in this crate), in one
//! format, checked twice: by the game's fast count (`Game::perft`) and, while the tree is small, through the
//! public interface (`legal_actions`, then `play` of each notation on a clone), so notation and
//! move generation must agree.
//!
//! The format: records separated by blank lines; `#` starts a comment line (each file says
//! where its counts come from in `# source:` lines). A record is
//!
//! ```text
//! game chess                   the game's id (GameId::parse), as the file is named
//! id kiwipete                  optional: a name for messages
//! position <text>              a position string for registry::load, or `start`: a new game
//!                              with default options and seed 0
//! moves e2e4 e7e5              optional: actions played from the position first
//! legal a2a3 a2a4 …            optional: the complete list of legal actions (any order)
//! perft 1 20                   depth and leaf count, one line each; `slow` after the count
//! perft 5 4865609 slow         leaves it to an ignored test
//! ```
//!
//! A block of comments alone (a file's header) is no record.

use chatrang_rules::{Game, GameId, Options, registry};

use crate::helpers::legal;

/// Counts at most this big (or of depth 2 or less) are also counted through the interface.
const INTERFACE_NODES: u64 = 20_000;

struct Count {
    depth: u32,
    nodes: u64,
    slow: bool,
    line: usize,
}

struct Record {
    /// `crates/chatrang-rules/tests/data/perft/<game>.perft`.
    file: String,
    /// The record's first line.
    line: usize,
    id: String,
    game: GameId,
    position: String,
    moves: Vec<String>,
    legal: Option<(usize, Vec<String>)>,
    counts: Vec<Count>,
}

impl Record {
    /// `file:line (id)` of one line of this record.
    fn at(&self, line: usize) -> String {
        format!("{}:{line} ({})", self.file, self.id)
    }

    /// `file:line (id)` of the record's first line.
    fn place(&self) -> String {
        self.at(self.line)
    }

    /// The game at the position, after the record's moves.
    fn start(&self) -> Box<dyn Game> {
        let mut game = if self.position == "start" {
            registry::new_game(self.game, &Options::default(), 0)
        } else {
            registry::load(self.game, &self.position)
        }
        .unwrap_or_else(|e| panic!("{}: position: {e}", self.place()));
        for action in &self.moves {
            game.play(action)
                .unwrap_or_else(|e| panic!("{}: moves: {action}: {e}", self.place()));
        }
        game
    }
}

/// The records of `crates/chatrang-rules/tests/data/perft/<game>.perft`.
fn read(game: &str) -> Vec<Record> {
    let file = format!("tests/data/perft/{game}.perft");
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let records = parse(&file, &text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!records.is_empty(), "{file} holds no records");
    for r in &records {
        assert_eq!(
            r.game,
            GameId::parse(game).unwrap(),
            "{}: a record of another game",
            r.place()
        );
    }
    records
}

fn parse(file: &str, text: &str) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    loop {
        let block: Vec<(usize, &str)> = lines
            .by_ref()
            .skip_while(|(_, l)| l.is_empty())
            .take_while(|(_, l)| !l.is_empty())
            .filter(|(_, l)| !l.starts_with('#'))
            .collect();
        // A block of comments alone is no record; the end of the file yields nothing at all.
        let Some(&(first, _)) = block.first() else {
            if lines.clone().next().is_none() {
                break;
            }
            continue;
        };
        records.push(record(file, first, &block)?);
    }
    Ok(records)
}

fn record(file: &str, first: usize, block: &[(usize, &str)]) -> Result<Record, String> {
    let mut game = None;
    let mut id = None;
    let mut position = None;
    let mut moves = Vec::new();
    let mut listed = None;
    let mut counts = Vec::new();
    for &(line, text) in block {
        let fail = |what: &str| format!("{file}:{line}: {what}: {text}");
        let (key, value) = text.split_once(' ').unwrap_or((text, ""));
        let value = value.trim();
        match key {
            "game" => game = Some(GameId::parse(value).map_err(|e| fail(&e.to_string()))?),
            "id" => id = Some(value.to_string()),
            "position" => position = Some(value.to_string()),
            "moves" => moves = value.split_whitespace().map(String::from).collect(),
            "legal" => {
                listed = Some((line, value.split_whitespace().map(String::from).collect()));
            }
            "perft" => {
                let words: Vec<&str> = value.split_whitespace().collect();
                let (depth, nodes, slow) = match words[..] {
                    [d, n] => (d, n, false),
                    [d, n, "slow"] => (d, n, true),
                    _ => return Err(fail("expected `perft DEPTH COUNT [slow]`")),
                };
                counts.push(Count {
                    depth: depth.parse().map_err(|_| fail("bad depth"))?,
                    nodes: nodes.parse().map_err(|_| fail("bad count"))?,
                    slow,
                    line,
                });
            }
            _ => return Err(fail("unknown key")),
        }
    }
    let missing = |what: &str| format!("{file}:{first}: the record has no `{what}` line");
    let id = id.unwrap_or_else(|| format!("record of line {first}"));
    Ok(Record {
        file: file.to_string(),
        line: first,
        id,
        game: game.ok_or_else(|| missing("game"))?,
        position: position.ok_or_else(|| missing("position"))?,
        moves,
        legal: listed,
        counts,
    })
}

/// Leaf count through the interface: every listed action played by its notation on a clone.
fn by_interface(game: &dyn Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal_actions()
        .iter()
        .map(|a| {
            let mut next = game.clone_game();
            next.play(&a.notation)
                .unwrap_or_else(|e| panic!("{} is listed but refused: {e}", a.notation));
            by_interface(&*next, depth - 1)
        })
        .sum()
}

/// Which counts to check: those not marked `slow`, or all of them.
#[derive(Clone, Copy, PartialEq)]
enum Depths {
    Quick,
    All,
}

/// Checks every count of `records` by the fast count; gives the number of counts checked.
fn fast(records: &[Record], depths: Depths) -> usize {
    let mut checked = 0;
    for r in records {
        let game = r.start();
        for c in &r.counts {
            if c.slow && depths == Depths::Quick {
                continue;
            }
            assert_eq!(
                game.perft(c.depth),
                c.nodes,
                "{} depth {}",
                r.at(c.line),
                c.depth
            );
            checked += 1;
        }
    }
    checked
}

/// Checks the small counts (depth 2 or less, or at most `INTERFACE_NODES`) through the
/// interface; gives the number of counts checked.
fn interface(records: &[Record]) -> usize {
    let mut checked = 0;
    for r in records {
        let game = r.start();
        for c in &r.counts {
            if c.depth <= 2 || c.nodes <= INTERFACE_NODES {
                let through = by_interface(&*game, c.depth);
                assert_eq!(
                    through,
                    c.nodes,
                    "{} depth {} through the interface",
                    r.at(c.line),
                    c.depth
                );
                checked += 1;
            }
        }
    }
    checked
}

/// Checks the `legal` lists; gives the number of lists checked.
fn listed(records: &[Record]) -> usize {
    let mut checked = 0;
    for r in records {
        if let Some((line, list)) = &r.legal {
            let mut expected = list.clone();
            expected.sort();
            assert_eq!(legal(&*r.start()), expected, "{}", r.at(*line));
            checked += 1;
        }
    }
    checked
}

/// Everything a game's file holds, but the slow counts: the `legal` lists, the fast counts, and
/// the small counts through the interface. Gives the number of fast counts checked.
fn check(game: &str) -> usize {
    let records = read(game);
    listed(&records);
    interface(&records);
    fast(&records, Depths::Quick)
}

#[test]
fn chess_perft_matches_published_counts() {
    assert_eq!(check("chess"), 30);
}

#[test]
fn cataclysm_perft_to_depth_2() {
    assert_eq!(check("cataclysm"), 2);
}

/// Depth 3 (15 million nodes) takes seconds; CI runs it with
/// `cargo test --test rules perft_to_depth -- --ignored`.
#[test]
#[ignore]
fn cataclysm_perft_to_depth_3() {
    assert_eq!(fast(&read("cataclysm"), Depths::All), 3);
}

mod catalonia {
    #[test]
    fn perft_counts_match_the_data_file() {
        assert_eq!(super::check("catalonia"), 6);
    }
}

mod katarenga {
    #[test]
    fn katarenga_perft_matches_the_data_file() {
        assert_eq!(super::check("katarenga"), 12);
    }
}

mod chromopolis {
    use chatrang_rules::{GameId, registry};

    #[test]
    fn chromopolis_perft_matches_the_data_file() {
        assert_eq!(super::check("chromopolis"), 12);
    }

    #[test]
    fn the_start_is_what_a_new_game_gives() {
        let first = &super::read("chromopolis")[0];
        let game = registry::new_game(GameId::Chromopolis, &Default::default(), 0).unwrap();
        assert_eq!(game.position_text(), first.position, "{}", first.place());
    }
}

/// Pick-a-team and Patch middlegames: the `legal` lists checked by hand, the fast counts, and
/// the counts through the interface, each a test of its own.
mod picka {
    use super::{Depths, Record, read};

    fn records() -> Vec<Record> {
        let mut records = read("pick-a-team");
        records.extend(read("patch"));
        records
    }

    #[test]
    fn the_data_file_has_four_middlegames() {
        assert_eq!(records().len(), 4);
    }

    #[test]
    fn depth_one_moves_are_those_checked_by_hand() {
        assert_eq!(super::listed(&records()), 3);
    }

    #[test]
    fn perft_counts_match_the_data_file() {
        assert_eq!(super::fast(&records(), Depths::Quick), 13);
    }

    /// The hopper position's depths 4 and 5 (150 million nodes), Fairy-Stockfish's counts;
    /// CI runs it with the other slow perft (`perft_to_depth` with `--ignored`).
    #[test]
    #[ignore]
    fn hopper_perft_to_depth_5() {
        assert_eq!(super::fast(&records(), Depths::All), 15);
    }

    #[test]
    fn perft_through_the_game_interface_agrees() {
        assert_eq!(super::interface(&records()), 9);
    }
}
