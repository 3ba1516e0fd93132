//! Player-defined pieces: the Hopper of issue 12 (`gRpR3`, whose two hop parts both reach a3 and
//! once listed that move twice, so it could not be played), and a property test that draws
//! random XBetza pieces, stands them with Kings on random boards and checks every move list:
//! no move twice, every move playable by its own notation to the position that move object
//! gives, and the same moves as a slow oracle that asks whether the King could be taken.

use std::{collections::BTreeSet, sync::Arc};

use chatrang_rules::{
    Color, Game, GameId, Geometry, Square,
    chesslike::{
        Board, EndRules, Move, PieceType, Position, PositionError, RightsKind, Setup, Stalemate,
        TypeId, Variant, VariantRules, notation, special,
    },
    picka::build::{MULTI_STEPS, add_promotions},
    registry,
};
use proptest::{prelude::*, test_runner::TestCaseError};

// ---------------------------------------------------------------------------------------------
// The Hopper of issue 12.
// ---------------------------------------------------------------------------------------------

const WHITE_ARMY: &str = "King, K, K, royal; Queen, Q, Q; Rook, R, R; Bishop, B, B; \
    Knight, N, N; Archbishop, A, BN; Chancellor, C, RN; Hopper, HP, gRpR3; Wazir, W, W; \
    Ferz, F, F; Dabbaba, D, D; Alfil, E, A; Threeleaper, H, H; Pawn, P, fmWfcF, pawn; \
    Berolina Pawn, BP, fmFfcW, pawn; Chinese Pawn, CP, fW, pawn";
const BLACK_ARMY: &str = "King, K, K, royal; Queen, Q, Q; Rook, R, R; Bishop, B, B; \
    Knight, N, N; Grasshopper, G, gQ; Centaur, CE, KN; Elephant, EL, FA; Wazir, W, W; \
    Ferz, F, F; Dabbaba, D, D; Alfil, E, A; Tripper, T, G; Soldier, S, fsW, pawn; \
    Pawn, P, fmWfcF, pawn; fF-Pawn, FP, fF, pawn";

/// The issue's position: the Hopper on a1 behind a Pawn on a2, the Kings on e1 and e8.
fn hopper_game() -> Box<dyn Game> {
    let text =
        format!("4k3/8/8/8/8/8/P7/[HP]3K3 w - - 0 1 | White: {WHITE_ARMY} | Black: {BLACK_ARMY}");
    registry::load(GameId::Patch, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Counted by hand: King d1 d2 e2 f2 f1, Pawn a3 a4 a5 (multi-steps from its second rank),
/// Hopper a3 (both hop parts, once) a4 (cannon, range 3) f1 (grasshopper over the King).
#[test]
fn a_hopper_with_two_hop_parts_counts_each_move_once() {
    assert_eq!(hopper_game().perft(1), 11);
}

#[test]
fn every_move_of_the_hopper_plays_by_its_own_notation() {
    let game = hopper_game();
    let actions = game.legal_actions();
    let hopper: Vec<&str> = actions
        .iter()
        .filter(|a| a.from.is_some_and(|s| s.to_string() == "a1"))
        .map(|a| a.notation.as_str())
        .collect();
    assert_eq!(hopper.len(), 3, "{hopper:?}");
    let distinct: BTreeSet<&str> = actions.iter().map(|a| a.notation.as_str()).collect();
    assert_eq!(distinct.len(), actions.len(), "a move is listed twice");
    for action in &actions {
        let mut next = game.clone_game();
        let played = next
            .play(&action.notation)
            .unwrap_or_else(|e| panic!("{}: {e}", action.notation));
        assert_eq!(played.notation, action.notation);
    }
}

/// `perft --divide`: each listed move played by its notation, the counts below it summing to
/// the whole count.
#[test]
fn divided_counts_of_the_hopper_position_sum_to_the_total() {
    let game = hopper_game();
    for depth in 1..=3 {
        let divided: u64 = game
            .legal_actions()
            .iter()
            .map(|action| {
                let mut next = game.clone_game();
                next.play(&action.notation)
                    .unwrap_or_else(|e| panic!("{}: {e}", action.notation));
                next.perft(depth - 1)
            })
            .sum();
        assert_eq!(divided, game.perft(depth), "depth {depth}");
    }
}

// ---------------------------------------------------------------------------------------------
// Random player-defined pieces.
// ---------------------------------------------------------------------------------------------

/// Leapers that `n` (lame) may apply to: those whose step passes over squares.
const LONG_LEAPERS: [char; 7] = ['D', 'N', 'A', 'H', 'C', 'Z', 'G'];
const LEAPERS: [char; 10] = ['W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K'];
const DIRECTIONS: [&str; 21] = [
    "", "", "", "f", "b", "l", "r", "s", "v", "fl", "fr", "bl", "br", "fs", "bs", "lv", "rv", "ff",
    "bb", "ll", "fb",
];

/// How one XBetza atom moves, before its direction and mode letters.
#[derive(Clone, Debug)]
enum Shape {
    /// A single leap (`W`, `nN`, `K`…).
    Leap { letter: char, lame: bool },
    /// A rider: `R`, `B`, `Q` or a doubled leaper (`NN`), or a leaper given a range (`W3`);
    /// with an optional range and an optional `p` or `g` hop.
    Ride {
        letter: char,
        doubled: bool,
        range: Option<u8>,
        lame: bool,
        hop: Option<char>,
    },
    /// `ma` two-leg move of a single-step leaper; the second leg `m`, `c` or either.
    TwoLeg {
        letter: char,
        lame: bool,
        second: &'static str,
    },
}

#[derive(Clone, Debug)]
struct AtomSpec {
    shape: Shape,
    mode: &'static str,
    directions: &'static str,
}

impl AtomSpec {
    /// The atom written in XBetza; without directions when `directions` is false.
    fn text(&self, directions: bool) -> String {
        let dirs = if directions { self.directions } else { "" };
        let lame = |letter: char, lame: bool| {
            if lame && LONG_LEAPERS.contains(&letter) {
                "n"
            } else {
                ""
            }
        };
        match &self.shape {
            Shape::Leap { letter, lame: l } => {
                format!("{dirs}{}{}{letter}", self.mode, lame(*letter, *l))
            }
            Shape::Ride {
                letter,
                doubled,
                range,
                lame: l,
                hop,
            } => {
                let is_rider = matches!(letter, 'R' | 'B' | 'Q');
                let double = !is_rider && (*doubled || range.is_none());
                let hop = hop.map_or(String::new(), String::from);
                // A hop needs more than one step.
                let range = match (range, hop.is_empty()) {
                    (Some(1), false) => Some(2),
                    (r, _) => *r,
                };
                format!(
                    "{dirs}{}{}{hop}{letter}{}{}",
                    self.mode,
                    lame(*letter, *l),
                    if double {
                        letter.to_string()
                    } else {
                        String::new()
                    },
                    range.map_or(String::new(), |r| r.to_string()),
                )
            }
            Shape::TwoLeg {
                letter,
                lame: l,
                second,
            } => format!("{dirs}m{}a{second}{letter}", lame(*letter, *l)),
        }
    }
}

fn atom() -> impl Strategy<Value = AtomSpec> {
    let leaper = prop::sample::select(LEAPERS.to_vec());
    let any_letter = prop::sample::select(vec![
        'R', 'B', 'Q', 'W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K',
    ]);
    // Riders and hops are drawn most often: two of them meeting on a square is the rare event
    // this test is for.
    let shape = prop_oneof![
        2 => (leaper.clone(), any::<bool>())
            .prop_map(|(letter, lame)| Shape::Leap { letter, lame }),
        4 => (
            any_letter,
            any::<bool>(),
            prop::option::of(1u8..=15),
            any::<bool>(),
            prop::option::weighted(0.7, prop::sample::select(vec!['p', 'g'])),
        )
            .prop_map(|(letter, doubled, range, lame, hop)| Shape::Ride {
                letter,
                doubled,
                range,
                lame,
                hop,
            }),
        1 => (
            leaper,
            any::<bool>(),
            prop::sample::select(vec!["", "m", "c"])
        )
            .prop_map(|(letter, lame, second)| Shape::TwoLeg {
                letter,
                lame,
                second
            }),
    ];
    (
        shape,
        prop::sample::select(vec!["", "", "m", "c"]),
        prop::sample::select(DIRECTIONS.to_vec()),
    )
        .prop_map(|(shape, mode, directions)| AtomSpec {
            shape,
            mode,
            directions,
        })
}

/// A player-defined piece: 1–3 atoms, and whether it is of the pawn family.
#[derive(Clone, Debug)]
struct PieceSpec {
    atoms: Vec<AtomSpec>,
    pawn: bool,
}

impl PieceSpec {
    /// The piece's XBetza: each atom as drawn, or without its direction letters where the
    /// parser refuses them for that shape (`vF`); the first atom alone if the atoms run together
    /// into something refused (`R` then `R`).
    fn betza(&self) -> String {
        let accepted = |text: &str| PieceType::new("x", "X", "custom", text).is_ok();
        let atoms: Vec<String> = self
            .atoms
            .iter()
            .map(|a| {
                let full = a.text(true);
                if accepted(&full) { full } else { a.text(false) }
            })
            .collect();
        let joined = atoms.concat();
        if accepted(&joined) {
            joined
        } else {
            atoms[0].clone()
        }
    }
}

fn piece() -> impl Strategy<Value = PieceSpec> {
    (
        prop::collection::vec(atom(), 1..=3),
        prop::bool::weighted(0.2),
    )
        .prop_map(|(atoms, pawn)| PieceSpec { atoms, pawn })
}

/// A board, the pieces of the game, and who stands where.
#[derive(Clone, Debug)]
struct Case {
    files: u8,
    ranks: u8,
    cylinder: bool,
    holes: Vec<usize>,
    pieces: Vec<PieceSpec>,
    kings: (usize, usize),
    /// (square number, White?, which drawn piece)
    placed: Vec<(usize, bool, usize)>,
    white_to_move: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (
        (2u8..=16, 2u8..=16, prop::bool::weighted(0.2)),
        prop::collection::vec(any::<usize>(), 0..=4),
        prop::collection::vec(piece(), 1..=3),
        (any::<usize>(), any::<usize>()),
        prop::collection::vec((any::<usize>(), any::<bool>(), any::<usize>()), 1..=14),
        any::<bool>(),
    )
        .prop_map(
            |((files, ranks, cylinder), holes, pieces, kings, placed, white_to_move)| Case {
                files,
                ranks,
                cylinder,
                holes,
                pieces,
                kings,
                placed,
                white_to_move,
            },
        )
}

/// Symbols of the drawn pieces (one of two letters, as in the Patch armies).
const SYMBOLS: [&str; 3] = ["X", "YY", "Z"];

impl Case {
    fn geometry(&self) -> Geometry {
        let g = Geometry::rectangle(self.files, self.ranks).expect("2..=16 is a board size");
        let all: Vec<Square> = g.squares().collect();
        // Keep at least two squares for the Kings.
        let holes: Vec<Square> = self
            .holes
            .iter()
            .take(all.len().saturating_sub(2))
            .map(|&i| all[i % all.len()])
            .collect();
        let g = g.with_holes(holes);
        if self.cylinder { g.cylinder() } else { g }
    }

    fn variant(&self) -> Arc<Variant> {
        let pieces: Vec<(String, bool)> = self.pieces.iter().map(|p| (p.betza(), p.pawn)).collect();
        variant_of(self.geometry(), &pieces)
    }

    /// The position, or `None` when the drawn one cannot be played (both Kings in check).
    fn position(&self, variant: &Arc<Variant>) -> Option<Position> {
        let squares = variant.squares.clone();
        let at = |i: usize| squares[i % squares.len()];
        let (white_king, black_king) = (at(self.kings.0), at(self.kings.1));
        if white_king == black_king {
            return None;
        }
        let mut pieces: Vec<(Square, Color, TypeId)> =
            vec![(white_king, Color::White, 0), (black_king, Color::Black, 0)];
        for &(i, white, which) in &self.placed {
            let color = if white { Color::White } else { Color::Black };
            let type_id = (which % self.pieces.len() + 1) as TypeId;
            let square = at(i);
            let on_promotion_rank = variant.piece_type(type_id).pawn
                && variant.geometry().relative_rank(square, color)
                    == variant.geometry().ranks() - 1;
            if !on_promotion_rank && pieces.iter().all(|&(s, _, _)| s != square) {
                pieces.push((square, color, type_id));
            }
        }
        let first = if self.white_to_move {
            Color::White
        } else {
            Color::Black
        };
        [first, first.other()].into_iter().find_map(|side| {
            let setup = Setup {
                pieces: pieces.clone(),
                side,
                rights: 0,
                en_passant: None,
                halfmove: 0,
                fullmove: 1,
            };
            match Position::from_setup(variant.clone(), setup) {
                Ok(p) => Some(p),
                Err(PositionError::OpponentInCheck(_)) => None,
                Err(e) => panic!("a drawn position is refused: {e}"),
            }
        })
    }

    fn describe(&self) -> String {
        let pieces: Vec<String> = self.pieces.iter().map(PieceSpec::betza).collect();
        format!(
            "{}×{}{} with {}",
            self.files,
            self.ranks,
            if self.cylinder { " cylinder" } else { "" },
            pieces.join(", ")
        )
    }
}

/// A King and up to three pieces (XBetza, pawn family?) named by [`SYMBOLS`]. Pawns take
/// Pick-a-team's multi-steps and promote, compulsorily, on the last rank.
fn variant_of(geometry: Geometry, pieces: &[(String, bool)]) -> Arc<Variant> {
    let mut types = vec![PieceType::new("King", "K", "king", "K").unwrap().royal()];
    for ((betza, pawn), symbol) in pieces.iter().zip(SYMBOLS) {
        let mut t = PieceType::new(&format!("Piece {betza}"), symbol, "custom", betza)
            .unwrap_or_else(|e| panic!("{betza}: {e}"));
        if *pawn {
            t.pawn = true;
            t.multi_steps = MULTI_STEPS.to_vec();
        }
        types.push(t);
    }
    add_promotions(&mut types, geometry.ranks() - 1, |_| None);
    let rules = VariantRules {
        game: GameId::Patch,
        geometry,
        types,
        rights: RightsKind::None,
        two_pawn_move: false,
        royal_capture_wins: false,
        stalemate: Stalemate::Draw,
        end: EndRules::CHESS,
        start_position: String::new(),
    };
    Arc::new(Variant::new(rules).expect("three drawn types and a King make a variant"))
}

/// The legal moves found the slow way: every pseudo-legal move (and special move) after which
/// no enemy move lands on the own King.
fn slow_legal(board: &Board, v: &Variant) -> BTreeSet<String> {
    let mut pseudo = Vec::new();
    board.pseudo_moves(v, &mut pseudo);
    special::add_special_moves(board, v, &mut pseudo);
    pseudo
        .into_iter()
        .filter(|&m| {
            let mut after = board.clone();
            after.make(v, m);
            !king_capturable(&after, v)
        })
        .map(|m| format!("{m:?}"))
        .collect()
}

/// Whether the side to move has a move onto the other side's King.
fn king_capturable(board: &Board, v: &Variant) -> bool {
    let mut replies = Vec::new();
    board.pseudo_moves(v, &mut replies);
    let king = board.royal[board.side.other().index()];
    replies.iter().any(|m| Some(m.to) == king)
}

/// No move listed twice, not even under two move objects with one notation.
fn no_move_twice(position: &Position, moves: &[Move], case: &str) -> Result<(), TestCaseError> {
    let mut seen = BTreeSet::new();
    for &m in moves {
        let text = notation::canonical(position, m);
        prop_assert!(
            seen.insert(text.clone()),
            "{text} is listed twice in {} ({case})",
            position.to_text()
        );
    }
    Ok(())
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    let variant = case.variant();
    let Some(position) = case.position(&variant) else {
        return Ok(());
    };
    let about = format!("{} in {}", case.describe(), position.to_text());
    let moves = position.legal_moves();
    no_move_twice(&position, &moves, &about)?;

    // The fast generator (attack probes, skipped tests) agrees with the slow oracle.
    let fast: BTreeSet<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    prop_assert_eq!(&fast, &slow_legal(position.board(), &variant), "{}", about);
    // Check, as the probes see it, is an enemy move onto the King.
    let mut enemy = position.board().clone();
    enemy.side = enemy.side.other();
    prop_assert_eq!(
        position.in_check(),
        king_capturable(&enemy, &variant),
        "{}",
        about
    );

    // The Game interface lists the same moves, and each plays by its notation to the position
    // that playing the move object gives.
    let game = chatrang_rules::chesslike::ChessLike::game(position.clone());
    let listed: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    let canonical: Vec<String> = moves
        .iter()
        .map(|&m| notation::canonical(&position, m))
        .collect();
    prop_assert_eq!(&listed, &canonical, "{}", about);
    for (&m, text) in moves.iter().zip(&listed) {
        let mut by_notation = game.clone();
        by_notation
            .play(text)
            .map_err(|e| TestCaseError::fail(format!("{text}: {e} ({about})")))?;
        let mut by_move = position.clone();
        by_move
            .play(m)
            .map_err(|e| TestCaseError::fail(format!("{m:?}: {e} ({about})")))?;
        prop_assert_eq!(
            by_notation.rules().position.board(),
            by_move.board(),
            "{} ({})",
            text,
            about
        );
        prop_assert_eq!(by_notation.position_text(), by_move.to_text());
        no_move_twice(&by_move, &by_move.legal_moves(), &about)?;
    }
    Ok(())
}

/// Found by the property test: a pawn with nothing to promote to cannot enter its last rank,
/// so it does not attack a square there either, and the King may go there.
#[test]
fn a_pawn_with_nothing_to_become_does_not_attack_its_last_rank() {
    let geometry = Geometry::rectangle(7, 6).unwrap();
    let variant = variant_of(geometry, &[("maW".to_string(), true)]);
    assert_legal_agrees_and_lists(&variant, "6K/1k5/X6/7/7/7 b - - 0 1", "b5a6");
}

/// In the position `text`, the fast generator agrees with the slow one, and the game lists
/// `action`.
fn assert_legal_agrees_and_lists(variant: &Arc<Variant>, text: &str, action: &str) {
    let position = Position::from_text(variant.clone(), text).unwrap();
    let moves: BTreeSet<String> = position
        .legal_moves()
        .iter()
        .map(|m| format!("{m:?}"))
        .collect();
    assert_eq!(moves, slow_legal(position.board(), variant));
    let listed = chatrang_rules::chesslike::ChessLike::game(position).legal_actions();
    assert!(listed.iter().any(|a| a.notation == action), "{listed:?}");
}

/// Found by the property test: on a 5-file cylinder the lame camel-and-camel piece on a2 goes
/// over b2 (the block of its first leg) to d3 and on round to b2. A King stepping from a1 to b2
/// blocks that first leg itself, so b2 is safe for it: the King's step must be probed with the
/// King standing on b2, not only gone from a1.
#[test]
fn a_king_may_step_onto_the_block_of_a_lame_leg_aimed_at_it() {
    let geometry = Geometry::rectangle(5, 13).unwrap().cylinder();
    let pieces = ["W", "mW", "mnacC"].map(|b| (b.to_string(), false));
    let variant = variant_of(geometry, &pieces);
    let text = "5/5/5/5/5/5/5/5/1z3/5/5/z2k1/K4 w - - 0 1";
    assert_legal_agrees_and_lists(&variant, text, "a1b2");
}

proptest! {
    // Failures print their case; they become named tests here rather than files in the tree.
    #![proptest_config(ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_pieces_list_each_move_once_and_play_it_by_its_notation(case in case()) {
        check(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 50_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The same property over many more cases: `cargo test --test rules -- --ignored generated`.
    #[test]
    #[ignore = "a long run; the bounded one runs by default"]
    fn generated_pieces_list_each_move_once_and_play_it_by_its_notation_long(case in case()) {
        check(&case)?;
    }
}
