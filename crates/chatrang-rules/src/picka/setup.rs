//! The fixed facts of one Pick-a-team game: its compiled variant, the draft pool, where each
//! side places its picks, and (for the player-defined games) the two lists it was built from.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock, PoisonError, Weak},
};

use super::{
    army::Army,
    build::{self, add_promotions},
    types::version_one_types,
    validate::ListRules,
};
use crate::{
    ByColor, Color, GameId, Geometry, Square,
    chesslike::{
        EndRules, FenError, PieceType, RightsKind, Stalemate, TypeId, Variant, VariantError,
        VariantRules,
    },
};

/// Where a side may place its picks.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Zone {
    /// Its first two ranks; the second only once the first is full (Version One, Two, Patch).
    TwoRanks,
    /// The empty squares of its first rank (Easy Patch).
    FirstRank,
}

/// Why the rules of a game with player-defined armies cannot be built from two lists that
/// passed the list rules.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PickRulesError {
    #[error("{} has no player-defined armies", .0.display_name())]
    /// The game is no Pick-a-team game.
    NoArmies(GameId),
    /// The pooled pieces do not make a variant.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The fixed start (Easy Patch's Kings and pawns) does not fit the variant.
    #[error(transparent)]
    Start(#[from] FenError),
}

#[derive(Debug)]
/// A Pick-a-team game's rules: its armies and the variant compiled from them.
pub struct PickRules {
    pub(crate) game: GameId,
    /// The variant the armies play.
    pub variant: Arc<Variant>,
    /// Each type of the pool and how many copies it has.
    pub(crate) pool: Vec<(TypeId, u8)>,
    /// Each side's first pick must be a royal piece.
    pub(crate) first_pick_royal: bool,
    pub(crate) zone: Zone,
    /// Pieces standing before the draft begins (Easy Patch's Kings and pawns).
    pub(crate) fixed: Vec<(Square, Color, TypeId)>,
    /// The lists the game was built from, written into its position strings.
    pub(crate) armies: Option<ByColor<Army>>,
}

/// Whose pick the `index`-th pick (from 0) is: W1, B2, W2, B2, …, and one to end.
pub(crate) const fn picker(index: u16) -> Color {
    if index.div_ceil(2).is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// Where the `index`-th pick stands within its side's turn: (1, 1) alone, (1, 2) the first
/// of two, (2, 2) the second of two.
pub(crate) const fn place_in_turn(index: u16, total: u16) -> (u16, u16) {
    if index == 0 || index + 1 == total {
        (1, 1)
    } else if !index.is_multiple_of(2) {
        (1, 2)
    } else {
        (2, 2)
    }
}

/// The rules shared by games in play, by game and lists (each written on one line).
type CacheKey = (GameId, String, String);

fn cache() -> &'static Mutex<HashMap<CacheKey, Weak<PickRules>>> {
    static CACHE: OnceLock<Mutex<HashMap<CacheKey, Weak<PickRules>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn cache_key(game: GameId, armies: &ByColor<Army>) -> CacheKey {
    (
        game,
        armies[Color::White].to_line(),
        armies[Color::Black].to_line(),
    )
}

fn in_cache(key: &CacheKey, armies: &ByColor<Army>) -> Option<Arc<PickRules>> {
    let found = cache()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(key)
        .and_then(Weak::upgrade);
    // The lists themselves are compared too, in case two differ only where a line omits.
    found.filter(|r| r.armies.as_ref() == Some(armies))
}

fn empty_board(n: u8) -> String {
    let rank = n.to_string();
    let ranks: Vec<&str> = (0..n).map(|_| rank.as_str()).collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

const EASY_START: &str = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";

impl PickRules {
    /// Version One: the 30 types of `docs/rules.md` §2.1, one of each, on an empty 10×10 board.
    pub fn version_one() -> Arc<PickRules> {
        static RULES: OnceLock<Arc<PickRules>> = OnceLock::new();
        RULES
            .get_or_init(|| {
                let types = version_one_types();
                let pool = (0..types.len() as TypeId).map(|t| (t, 1)).collect();
                let variant = Variant::new(VariantRules {
                    game: GameId::PickATeam,
                    geometry: Geometry::rectangle(10, 10).expect("10×10 is a board"),
                    types,
                    rights: RightsKind::None,
                    two_pawn_move: false,
                    royal_capture_wins: true,
                    stalemate: Stalemate::Draw,
                    end: EndRules::CHESS,
                    start_position: empty_board(10),
                })
                .expect("Version One is a valid variant");
                Arc::new(PickRules {
                    game: GameId::PickATeam,
                    variant: Arc::new(variant),
                    pool,
                    first_pick_royal: true,
                    zone: Zone::TwoRanks,
                    fixed: Vec::new(),
                    armies: None,
                })
            })
            .clone()
    }

    /// [`PickRules::with_armies`], shared: games of one kind with the same two lists (the
    /// example lists, a rematch) hold one `PickRules` and so one compiled variant, which costs
    /// hundreds of kilobytes and milliseconds to build. The process keeps only `Weak`s, so the
    /// rules are freed with their last game.
    pub(crate) fn shared(
        game: GameId,
        armies: ByColor<Army>,
    ) -> Result<Arc<PickRules>, PickRulesError> {
        let key = cache_key(game, &armies);
        if let Some(rules) = in_cache(&key, &armies) {
            return Ok(rules);
        }
        // Built outside the lock: another game's lists need not wait for these.
        let rules = Arc::new(PickRules::with_armies(game, armies)?);
        let mut cache = cache().lock().unwrap_or_else(PoisonError::into_inner);
        cache.retain(|_, weak| weak.strong_count() > 0);
        cache.insert(key, Arc::downgrade(&rules));
        Ok(rules)
    }

    /// The shared rules of games in play with these two lists, if there are any (see
    /// [`PickRules::shared`]). The lists passed their list rules when those games began, so
    /// loading another game with them need not check them again.
    pub(crate) fn in_use(game: GameId, armies: &ByColor<Army>) -> Option<Arc<PickRules>> {
        in_cache(&cache_key(game, armies), armies)
    }

    /// Version Two, Patch or Easy Patch from two lists that passed the game's list rules.
    pub fn with_armies(game: GameId, armies: ByColor<Army>) -> Result<PickRules, PickRulesError> {
        let list_rules = ListRules::for_game(game).ok_or(PickRulesError::NoArmies(game))?;
        let geometry = list_rules.geometry.clone();
        let easy = game == GameId::EasyPatch;
        let fixed_types = if easy {
            vec![
                PieceType::new("King", "K", "king", "K")
                    .expect("K is valid XBetza")
                    .royal()
                    .described("royal; one step in any direction"),
                PieceType::new("Pawn", "P", "pawn", "fmWfceFifmnD")
                    .expect("the orthodox pawn is valid XBetza")
                    .pawn(&[1])
                    .described(
                        "an orthodox pawn: one step forward (two from its first square), \
                         captures diagonally forward, en passant",
                    ),
            ]
        } else {
            Vec::new()
        };
        let lists = ByColor::new(
            armies[Color::White].pieces.as_slice(),
            armies[Color::Black].pieces.as_slice(),
        );
        let mut pooled = build::merge(fixed_types, &lists, &geometry);
        add_promotions(&mut pooled.types, geometry.ranks() - 1, |_| None);
        let start = if easy {
            EASY_START.to_string()
        } else {
            empty_board(geometry.ranks())
        };
        let variant = Variant::new(VariantRules {
            game,
            geometry,
            types: pooled.types,
            rights: RightsKind::None,
            two_pawn_move: false,
            royal_capture_wins: true,
            stalemate: Stalemate::Draw,
            end: EndRules::CHESS,
            start_position: start.clone(),
        })?;
        let fixed = if easy {
            crate::chesslike::Setup::parse(&variant, &start)?.pieces
        } else {
            Vec::new()
        };
        Ok(PickRules {
            game,
            variant: Arc::new(variant),
            pool: pooled.pool,
            first_pick_royal: !easy,
            zone: if easy {
                Zone::FirstRank
            } else {
                Zone::TwoRanks
            },
            fixed,
            armies: Some(armies),
        })
    }

    /// All picks of the draft.
    pub(crate) fn total_picks(&self) -> u16 {
        self.pool.iter().map(|&(_, n)| n as u16).sum()
    }

    /// How many copies of a type the pool starts with (0 for types outside it).
    pub(crate) fn copies(&self, type_id: TypeId) -> u8 {
        self.pool
            .iter()
            .find(|&&(t, _)| t == type_id)
            .map_or(0, |&(_, n)| n)
    }

    /// The royal types of the pool.
    pub(crate) fn royal_types(&self) -> Vec<TypeId> {
        self.pool
            .iter()
            .map(|&(t, _)| t)
            .filter(|&t| self.variant.piece_type(t).royal)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_order_is_w1_b2_w2_and_so_on() {
        let order: String = (0..30).map(|i| picker(i).letter()).collect();
        assert_eq!(order, "wbbwwbbwwbbwwbbwwbbwwbbwwbbwwb");
        let v2: String = (0..40).map(|i| picker(i).letter()).collect();
        assert!(v2.starts_with("wbbww") && v2.ends_with("bbw"));
        assert_eq!(v2.matches('w').count(), 20);
        let easy: String = (0..14).map(|i| picker(i).letter()).collect();
        assert_eq!(easy, "wbbwwbbwwbbwwb");
    }

    #[test]
    fn each_turn_has_one_or_two_picks() {
        let places: Vec<(u16, u16)> = (0..30).map(|i| place_in_turn(i, 30)).collect();
        assert_eq!(&places[..4], &[(1, 1), (1, 2), (2, 2), (1, 2)]);
        assert_eq!(places[28], (2, 2));
        assert_eq!(places[29], (1, 1));
        assert_eq!(place_in_turn(39, 40), (1, 1));
    }
}
