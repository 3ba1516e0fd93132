//! The one table of games: everything the rest of the program knows about a game comes from
//! its row in [`GAMES`]: its id and name, whether it is cooperative, its help and start
//! options, how to build and load it, and its rematch rule. `GameId` parsing and its error
//! text, `/help`, the adapters' choice lists and the gallery are generated from this table, so
//! adding a game is one row here (see `docs/adding-a-game.md`).

use std::fmt;

use super::{
    Game, GameId, OptionSpec, Options, PieceInfo, SetupError, UnknownGame, cataclysm, catalonia,
    chess,
    chesslike::{ChessLike, Position},
    chromopolis, custom, katarenga, picka,
    score_sheet::{self, NewSheetReplay, SetupPhase},
};

/// What a game whose players wrote their own armies counts for in the bot's memory (see
/// [`GameSpec::memory_weight`]).
pub const ARMY_GAME_WEIGHT: usize = 8;

/// Builds a new game from options and a seed.
pub type NewGame = fn(&Options, u64) -> Result<Box<dyn Game>, SetupError>;

/// Loads a game from its position string.
pub type LoadGame = fn(&str) -> Result<Box<dyn Game>, SetupError>;

/// A Pick-a-team draft: its picks come before play, which the board counts from move 1.
const DRAFT: SetupPhase = SetupPhase {
    label: "Draft",
    prefix: "pick ",
};

/// Katarenga's choice of baseline, which comes before White's first move.
const BASELINE_CHOICE: SetupPhase = SetupPhase {
    label: "Setup",
    prefix: "baseline ",
};

/// One game the bot hosts.
pub struct GameSpec {
    /// Which game the row is.
    pub id: GameId,
    /// The game's slug: its stable id as text, used on the command line and in the database
    /// (`chess`, `pick-a-team`, …). [`GameId::slug`] reads it.
    pub slug: &'static str,
    /// The name people read: "Pick-a-team chess".
    pub name: &'static str,
    /// Everyone plays together for one score (Catalonia): no winner, no rating.
    pub cooperative: bool,
    /// The rules summary shown by `/help`.
    pub help: &'static str,
    /// The options a new game accepts, by name.
    pub options: &'static [OptionSpec],
    /// A new game from these options. `seed` feeds every random choice the game makes (boards,
    /// dice), so the same seed and options always give the same game.
    pub new: NewGame,
    /// A game from a position string written by [`Game::position_text`].
    pub load: LoadGame,
    /// The options of the rematch of a game that ended on this position, when the game has a
    /// rule for it (Katarenga's return game); `None` starts the rematch like the first game.
    pub rematch: Option<fn(&str) -> Option<Options>>,
    /// The game's record is a real PGN that chess programs read (`.pgn`, Seven Tag Roster,
    /// SAN); other games write the same layout in their own notation with a `Variant` tag.
    pub pgn: bool,
    /// How the score sheet names and numbers the game's moves by replaying it (chess's SAN
    /// and move numbers, Catalonia's turns); `None`: the log's notation, numbered as the
    /// sides alternate.
    pub score_sheet: Option<NewSheetReplay>,
    /// The actions before play begins, which the score sheet writes apart so that play is
    /// numbered as the board counts it (Katarenga's baseline, a Pick-a-team draft); `None`:
    /// play begins at once.
    pub setup: Option<SetupPhase>,
    /// What the `/hint` search's score means in words, for a game where the bot is a partner
    /// who gives hints (Catalonia); `None`: the game has no hints.
    pub hint: Option<fn(i32) -> String>,
    /// What keeping one game in the bot's memory costs, counted in ordinary games: a game
    /// whose players wrote their own armies carries move tables compiled for them, 0.3 to
    /// 0.65 MB, some hundred times an ordinary game (`chatrang bench memory`).
    pub memory_weight: usize,
}

impl GameSpec {
    /// A game at its usual start: the one `/piece` and the gallery show. Every game in the
    /// table starts without options (a test checks it).
    pub fn example(&self) -> Result<Box<dyn Game>, SetupError> {
        (self.new)(&Options::default(), 0)
    }

    /// The game's piece catalogue (for `/piece`, the legend and the gallery): the pieces of
    /// its example game.
    pub fn pieces(&self) -> Result<Vec<PieceInfo>, SetupError> {
        self.example().map(|game| game.pieces())
    }

    /// A new game: from the `position` option when given (for every game but Pick-a-team,
    /// whose `position` carries its armies and is read by its own constructor).
    pub fn start(&self, options: &Options, seed: u64) -> Result<Box<dyn Game>, SetupError> {
        (self.new)(options, seed)
    }
}

/// The games' names and traits, read from their rows in [`GAMES`].
impl GameId {
    /// Its row in the table of games.
    pub fn spec(self) -> &'static GameSpec {
        spec(self)
    }

    /// The game's slug, its stable id as text: `chess`, `cataclysm`, `pick-a-team`, …
    pub fn slug(self) -> &'static str {
        self.spec().slug
    }

    /// The name people read: "Pick-a-team chess".
    pub fn display_name(self) -> &'static str {
        self.spec().name
    }

    /// True for Catalonia, where everyone plays together for one score.
    pub fn is_cooperative(self) -> bool {
        self.spec().cooperative
    }

    /// Reads a slug as the database stores it: a built-in game's, or `defined` for a variant
    /// defined by players (which people never type: they name the variant itself).
    pub fn from_stored(slug: &str) -> Result<GameId, UnknownGame> {
        if slug == DEFINED.slug {
            return Ok(GameId::Defined);
        }
        GameId::parse(slug)
    }

    /// Reads a built-in game's slug or display name, in any letter case.
    pub fn parse(text: &str) -> Result<GameId, UnknownGame> {
        let wanted = text.trim().to_lowercase();
        GAMES
            .iter()
            .find(|g| g.slug == wanted || g.name.to_lowercase() == wanted)
            .map(|g| g.id)
            .ok_or_else(|| UnknownGame(text.chars().take(40).collect()))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let slugs: Vec<&str> = GAMES.iter().map(|g| g.slug).collect();
        let (last, rest) = slugs.split_last().expect("the table has games");
        write!(
            f,
            "there is no game called \"{}\"; the games are {} and {last}",
            self.0,
            rest.join(", ")
        )
    }
}

/// The `position` option every game accepts.
const POSITION: OptionSpec = OptionSpec {
    name: "position",
    description: "start from this position string instead of the usual setup",
};

/// Every game, in the order lists show them. `GameId::ALL` follows this order.
pub static GAMES: [GameSpec; 9] = [
    GameSpec {
        id: GameId::Chess,
        slug: "chess",
        name: "Chess",
        cooperative: false,
        help: chess::HELP,
        options: &[POSITION],
        new: |options, _| or_position(options, load_chess, || chess_like(chess::variant())),
        load: load_chess,
        rematch: None,
        pgn: true,
        score_sheet: Some(score_sheet::chess),
        setup: None,
        hint: None,
        memory_weight: 1,
    },
    GameSpec {
        id: GameId::Cataclysm,
        slug: "cataclysm",
        name: "Cataclysm",
        cooperative: false,
        help: cataclysm::HELP,
        options: &[POSITION],
        new: |options, _| or_position(options, load_cataclysm, || chess_like(cataclysm::variant())),
        load: load_cataclysm,
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: None,
        hint: None,
        memory_weight: 1,
    },
    GameSpec {
        id: GameId::PickATeam,
        slug: "pick-a-team",
        name: "Pick-a-team chess",
        cooperative: false,
        help: picka::HELP_V1,
        options: picka::OPTIONS_V1,
        new: |options, _| picka::new_game(GameId::PickATeam, options),
        load: |text| picka::load(GameId::PickATeam, text),
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: Some(DRAFT),
        hint: None,
        memory_weight: 1,
    },
    GameSpec {
        id: GameId::PickATeamV2,
        slug: "pick-a-team-v2",
        name: "Pick-a-team chess, Version Two",
        cooperative: false,
        help: picka::HELP_V2,
        options: picka::OPTIONS_ARMIES,
        new: |options, _| picka::new_game(GameId::PickATeamV2, options),
        load: |text| picka::load(GameId::PickATeamV2, text),
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: Some(DRAFT),
        hint: None,
        memory_weight: ARMY_GAME_WEIGHT,
    },
    GameSpec {
        id: GameId::Patch,
        slug: "patch",
        name: "Patch",
        cooperative: false,
        help: picka::HELP_PATCH,
        options: picka::OPTIONS_ARMIES,
        new: |options, _| picka::new_game(GameId::Patch, options),
        load: |text| picka::load(GameId::Patch, text),
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: Some(DRAFT),
        hint: None,
        memory_weight: ARMY_GAME_WEIGHT,
    },
    GameSpec {
        id: GameId::EasyPatch,
        slug: "easy-patch",
        name: "Easy Patch",
        cooperative: false,
        help: picka::HELP_EASY,
        options: picka::OPTIONS_EASY,
        new: |options, _| picka::new_game(GameId::EasyPatch, options),
        load: |text| picka::load(GameId::EasyPatch, text),
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: Some(DRAFT),
        hint: None,
        memory_weight: ARMY_GAME_WEIGHT,
    },
    GameSpec {
        id: GameId::Katarenga,
        slug: "katarenga",
        name: "Katarenga",
        cooperative: false,
        help: katarenga::HELP,
        options: &katarenga::OPTIONS,
        new: |options, seed| {
            or_position(options, load_katarenga, || {
                Ok(Box::new(katarenga::new_game(options, seed)?))
            })
        },
        load: load_katarenga,
        rematch: Some(|position| katarenga::return_game_options(position).ok()),
        pgn: false,
        score_sheet: None,
        setup: Some(BASELINE_CHOICE),
        hint: None,
        memory_weight: 1,
    },
    GameSpec {
        id: GameId::Chromopolis,
        slug: "chromopolis",
        name: "Chromopolis",
        cooperative: false,
        help: chromopolis::HELP,
        options: &[POSITION],
        new: |options, _| {
            or_position(options, load_chromopolis, || {
                Ok(Box::new(chromopolis::Chromopolis::start()))
            })
        },
        load: load_chromopolis,
        rematch: None,
        pgn: false,
        score_sheet: None,
        setup: None,
        hint: None,
        memory_weight: 1,
    },
    GameSpec {
        id: GameId::Catalonia,
        slug: "catalonia",
        name: "Catalonia",
        cooperative: true,
        help: catalonia::HELP,
        options: &catalonia::OPTIONS,
        new: |options, seed| {
            or_position(options, catalonia::load, || {
                catalonia::new_game(options, seed)
            })
        },
        load: catalonia::load,
        rematch: None,
        pgn: false,
        score_sheet: Some(score_sheet::catalonia),
        setup: None,
        hint: Some(catalonia::hint_outcome),
        memory_weight: 1,
    },
];

/// The row of every variant defined by players: how such a game starts (from its `definition`
/// option, the canonical text a server saved) and loads (its position strings carry the
/// definition); see `custom::played`.
pub static DEFINED: GameSpec = GameSpec {
    id: GameId::Defined,
    slug: "defined",
    name: "Defined variant",
    cooperative: false,
    help: custom::HELP,
    options: &[custom::DEFINITION_OPTION, POSITION],
    new: |options, _| custom::played::new_game(options),
    load: custom::played::load,
    rematch: None,
    pgn: false,
    score_sheet: None,
    setup: None,
    hint: None,
    memory_weight: ARMY_GAME_WEIGHT,
};

/// The game from the `position` option when it is given, else a new one.
fn or_position(
    options: &Options,
    load: LoadGame,
    new: impl FnOnce() -> Result<Box<dyn Game>, SetupError>,
) -> Result<Box<dyn Game>, SetupError> {
    match options.get("position") {
        Some(text) => load(text),
        None => new(),
    }
}

fn chess_like(
    variant: std::sync::Arc<super::chesslike::Variant>,
) -> Result<Box<dyn Game>, SetupError> {
    Ok(Box::new(ChessLike::game(Position::start(variant))))
}

fn load_chess_like(
    variant: std::sync::Arc<super::chesslike::Variant>,
    text: &str,
) -> Result<Box<dyn Game>, SetupError> {
    Position::from_text(variant, text)
        .map(|p| Box::new(ChessLike::game(p)) as Box<dyn Game>)
        .map_err(|e| SetupError(e.to_string()))
}

fn load_chess(text: &str) -> Result<Box<dyn Game>, SetupError> {
    load_chess_like(chess::variant(), text)
}

fn load_cataclysm(text: &str) -> Result<Box<dyn Game>, SetupError> {
    load_chess_like(cataclysm::variant(), text)
}

fn load_katarenga(text: &str) -> Result<Box<dyn Game>, SetupError> {
    Ok(Box::new(katarenga::load(text)?))
}

fn load_chromopolis(text: &str) -> Result<Box<dyn Game>, SetupError> {
    Ok(Box::new(chromopolis::load(text)?))
}

/// The row of a game.
pub fn spec(id: GameId) -> &'static GameSpec {
    if id == GameId::Defined {
        return &DEFINED;
    }
    GAMES
        .iter()
        .find(|g| g.id == id)
        .expect("every GameId has a row in GAMES (checked by a test)")
}

/// Starts a new game (see [`GameSpec::new`]).
pub fn new_game(id: GameId, options: &Options, seed: u64) -> Result<Box<dyn Game>, SetupError> {
    (spec(id).new)(options, seed)
}

/// Loads a game from a position string written by [`Game::position_text`].
pub fn load(id: GameId, text: &str) -> Result<Box<dyn Game>, SetupError> {
    (spec(id).load)(text)
}

/// The options a game accepts when it starts.
pub fn option_specs(id: GameId) -> &'static [OptionSpec] {
    spec(id).options
}

/// The name people read for a game in this position: its game's, or for a defined variant
/// the variant's own, which its position string carries.
pub fn title(id: GameId, position: &str) -> String {
    match id {
        GameId::Defined => {
            custom::played::variant_name(position).unwrap_or_else(|| id.display_name().to_string())
        }
        _ => id.display_name().to_string(),
    }
}

/// The rules summary shown by `/help`.
pub fn help(id: GameId) -> &'static str {
    spec(id).help
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_one_row_per_game_in_the_order_of_all() {
        let ids: Vec<GameId> = GAMES.iter().map(|g| g.id).collect();
        assert_eq!(ids, GameId::ALL.to_vec());
    }

    #[test]
    fn every_game_starts_without_options_and_loads_its_own_position() {
        for spec in &GAMES {
            let game = spec
                .example()
                .unwrap_or_else(|e| panic!("{}: {e}", spec.slug));
            assert_eq!(game.id(), spec.id);
            let text = game.position_text();
            let again = (spec.load)(&text).unwrap_or_else(|e| panic!("{}: {e}", spec.slug));
            assert_eq!(again.position_text(), text, "{}", spec.slug);
        }
    }
}
