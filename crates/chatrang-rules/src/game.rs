//! The one interface every game offers to the rest of the program. The service, the renderer
//! and the adapters only ever see a `Box<dyn Game>`. It is implemented once, by the game loop
//! [`super::kit::Match`]; a game implements [`super::kit::Rules`] and adds a row to
//! [`super::registry::GAMES`].

use std::{collections::BTreeMap, fmt};

use super::{
    BoardEdge, Color, Geometry, Square,
    best_turn::BestTurn,
    search::{found::Thought, level::Limits},
};

/// Every game the bot hosts: a game's identity everywhere in the program. Its text form is its
/// slug ([`GameId::slug`]: `chess`, `pick-a-team`), used on the command line and in the
/// database; its row in the table of games is [`GameId::spec`].
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub enum GameId {
    /// Orthodox chess.
    Chess,
    /// Cataclysm.
    Cataclysm,
    /// Pick-a-team chess, first edition.
    PickATeam,
    /// Pick-a-team chess, second edition.
    PickATeamV2,
    /// Patch, a Pick-a-team game.
    Patch,
    /// Easy Patch, a Pick-a-team game.
    EasyPatch,
    /// Katarenga.
    Katarenga,
    /// Chromopolis.
    Chromopolis,
    /// Catalonia, the cooperative game.
    Catalonia,
    /// A variant defined by the players of a server (`docs/variants.md`): its definition
    /// travels in its position string. It is no row of the table of games and not in
    /// [`GameId::ALL`]: a server's own variants are listed by the server's `/variant list`.
    Defined,
}

impl GameId {
    /// Every built-in game, in the order of the table of games (not [`GameId::Defined`]).
    pub const ALL: [GameId; 9] = [
        GameId::Chess,
        GameId::Cataclysm,
        GameId::PickATeam,
        GameId::PickATeamV2,
        GameId::Patch,
        GameId::EasyPatch,
        GameId::Katarenga,
        GameId::Chromopolis,
        GameId::Catalonia,
    ];
}

/// A game name that is in no row of the table; the message lists the games there are.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct UnknownGame(pub String);

impl std::error::Error for UnknownGame {}

/// Who must act next.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Actor {
    /// A side (or any member of that side's team).
    Side(Color),
    /// Any participant of the game; the first valid answer counts.
    Anyone,
}

/// Whether the game goes on, and if so who must do what.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Status {
    /// The game goes on.
    Ongoing {
        /// Who must act.
        actor: Actor,
        /// What is asked, for people: "White to move", "choose where the Knight escapes".
        prompt: String,
    },
    /// The game is over.
    Over(Outcome),
}

/// How a game ended.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why, in words.
        reason: String,
    },
    /// Nobody won.
    Draw {
        /// Why, in words.
        reason: String,
    },
    /// The cooperative result: one score for everyone.
    Score {
        /// The points scored together.
        points: u32,
        /// Why the game ended, in words.
        reason: String,
    },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins ({reason})"),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
            Outcome::Score { points, reason } => write!(f, "final score {points} ({reason})"),
        }
    }
}

/// One legal action, in the game's notation, with the squares it concerns (for pictures and
/// for "the moves of this piece").
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Action {
    /// Canonical notation; [`Game::play`] accepts it back.
    pub notation: String,
    /// Where the piece started, if it moved.
    pub from: Option<Square>,
    /// Where it ended.
    pub to: Option<Square>,
    /// Another piece the action moves too, from and to: the second pawn of Cataclysm's
    /// two-pawn move, the rook of castling. `/moves` marks it apart from the piece's own move.
    pub partner: Option<(Square, Square)>,
}

impl Action {
    /// Where the action takes the piece on `square`, and the other piece it moves with it, if
    /// it moves that piece at all, as the main piece or as the partner: `/moves e4` shows
    /// `d4d5&e4e5` as well as `e4e5&f4f5`.
    pub fn move_of(&self, square: Square) -> Option<(Square, Option<(Square, Square)>)> {
        if self.from == Some(square) {
            return self.to.map(|to| (to, self.partner));
        }
        let (partner_from, partner_to) = self.partner?;
        if partner_from != square {
            return None;
        }
        let main = self.from.zip(self.to);
        Some((partner_to, main))
    }
}

/// What [`Game::play`] did.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Played {
    /// The canonical notation of the action, as stored in the game's record.
    pub notation: String,
    /// A sentence for people: "White: Grand Rook e1 takes e7 (check)".
    pub description: String,
}

/// The random outcomes one action drew, in the order drawn: small numbers whose meaning the
/// game defines (Catalonia: die faces, 1 to 6). The service writes them in the game's log as
/// the action happens and hands them back when it replays the game, so that a game replays
/// with the rolls it really had, whatever the generator that made them becomes.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Rolls(pub Vec<u32>);

impl Rolls {
    /// Whether no roll was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `3,5`: how a game's log writes them.
    pub fn to_text(&self) -> String {
        self.0
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads [`Rolls::to_text`] back.
    pub fn parse(text: &str) -> Result<Rolls, RollsError> {
        if text.trim().is_empty() {
            return Ok(Rolls::default());
        }
        text.split(',')
            .map(|n| {
                let n = n.trim();
                n.parse::<u32>()
                    .map_err(|_| RollsError::Unreadable(n.to_string()))
            })
            .collect::<Result<_, _>>()
            .map(Rolls)
    }
}

/// Why the rolls a game's record holds cannot be used: they are unreadable, or they do not fit
/// what the action rolls. A replay stops there rather than play the game differently from how
/// it went, so each sentence says what the record got wrong.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum RollsError {
    /// A log entry that is not a list of numbers (the text as written there).
    #[error("\"{0:.12}\" is not a recorded roll")]
    Unreadable(String),
    #[error("{0} has no dice, but the record holds rolls for this action")]
    /// The game has no dice.
    NoDice(GameId),
    #[error("the record's roll {0} is not a die face")]
    /// A number that no die shows.
    NotAFace(u32),
    #[error("the record holds no dice roll for this action")]
    /// A roll was needed that was not given.
    Missing,
    /// Rolls the action did not use, how many.
    #[error(
        "the record holds {0} dice roll{s} more than this action makes",
        s = if *.0 == 1 { "" } else { "s" }
    )]
    LeftOver(usize),
}

/// Where the random outcomes of an action come from (see [`Game::play_with`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Chance<'a> {
    /// New outcomes from the game's own seeded generator, whose state is part of the
    /// position: an action played now.
    Draw,
    /// These outcomes from the record, in order: a replay. The generator moves past them as
    /// if it had drawn them, so the position after a replay is the position after the game.
    /// A game may still draw for an action that the record holds no outcomes for when its
    /// record comes from before outcomes were recorded.
    Recorded(&'a [u32]),
}

/// Why an action was refused. The position is unchanged.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ActionError {
    #[error("could not read \"{input}\": {expected}")]
    /// The input is no action of this game.
    Unreadable {
        /// The input as written.
        input: String,
        /// What was expected.
        expected: String,
    },
    #[error("{0}")]
    /// The action is not allowed now; the text says why.
    Illegal(String),
    #[error("the game is over ({0})")]
    /// The game is over; the text says how it ended.
    GameOver(String),
    /// A move that is legal only with a promotion, written without one. Every way to finish
    /// it is listed, so that an adapter can offer them to click rather than have it retyped.
    #[error("{input} needs a promotion choice: {}", promotion_list(.choices))]
    NeedsPromotion {
        /// The move as it was written (at most 40 characters).
        input: String,
        /// The move without its promotion, in canonical notation: `a7a8`.
        bare: String,
        /// One entry per piece the pawn may become, in the game's order.
        choices: Vec<Promotion>,
    },
}

/// One way to finish a move that needs a promotion choice.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Promotion {
    /// The whole move in canonical notation, which [`Game::play`] accepts back: `a7a8=Q`.
    pub notation: String,
    /// The name of the piece the pawn becomes: "Queen".
    pub piece: String,
}

/// "a7a8=Q, a7a8=R, a7a8=B or a7a8=N"; a long list (Pick-a-team) is cut after eight.
fn promotion_list(choices: &[Promotion]) -> String {
    const SHOWN: usize = 8;
    let notations: Vec<&str> = choices.iter().map(|c| c.notation.as_str()).collect();
    match notations.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        many if many.len() > SHOWN => {
            format!("{}, … ({} in all)", many[..SHOWN].join(", "), many.len())
        }
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Why a game could not be set up or loaded.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// A background colour a square can have beyond the usual light and dark.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Tile {
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// A Catalonia bomb crater.
    Pit,
}

/// A mark drawn on a square (move hints and piece diagrams).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Mark {
    /// The piece may move here, but not capture.
    Move,
    /// The piece may capture here, but not move.
    Capture,
    /// Either.
    MoveOrCapture,
    /// Reached by jumping over a piece (cannon or grasshopper).
    Hop,
    /// The piece defends this square (Catalonia).
    Defend,
    /// The piece applies force here (Chromopolis).
    Force,
    /// Another piece that moves along with the selected one, and where it goes (the second
    /// pawn of a two-pawn move, the rook of castling).
    Partner,
    /// The piece shown in a diagram or selected.
    Origin,
}

impl Mark {
    /// The marks drawn on squares (every one but the origin), in the legend's order.
    pub const HINTS: [Mark; 7] = [
        Mark::Move,
        Mark::Capture,
        Mark::MoveOrCapture,
        Mark::Hop,
        Mark::Partner,
        Mark::Defend,
        Mark::Force,
    ];
}

/// How one piece looks: enough for the renderer and the text board.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct PieceView {
    /// Stable sprite id, such as `king`, `grand-rook`, `pawn-berolina-fish`.
    pub kind: String,
    /// The name people read, such as "Grand Rook".
    pub name: String,
    /// The letter used in notation and position strings (upper case).
    pub symbol: String,
    /// Whose piece it is.
    pub color: Color,
    /// Chromopolis: bound (captured but still on the board).
    pub bound: bool,
}

/// A space outside the grid, such as a Katarenga camp beyond a corner.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct OutsideSlot {
    /// What is drawn in the slot.
    pub label: String,
    /// The board square the slot sits beyond (diagonally outward from it).
    pub beside: Square,
    /// The side the slot belongs to.
    pub owner: Color,
    /// The piece in the slot, if any.
    pub piece: Option<PieceView>,
    /// The last move ended here (a pawn entered this camp), so it is highlighted with the
    /// move's other squares.
    pub last_move: bool,
}

/// Everything a picture or a text board of a position needs, and nothing about the rules.
#[derive(Clone, Debug, Default)]
pub struct BoardView {
    /// The board's shape; `None` for the usual 8x8.
    pub geometry: Option<Geometry>,
    /// Pieces on squares; several on one square form a stack (Chromopolis).
    pub pieces: Vec<(Square, PieceView)>,
    /// Coloured squares (Katarenga's and Chromopolis's boards).
    pub tiles: Vec<(Square, Tile)>,
    /// Marks on squares: legal targets, the bomb's target, ...
    pub marks: Vec<(Square, Mark)>,
    /// Arrows from one square to another (a Catalonia chain: defender to defended).
    pub arrows: Vec<(Square, Square)>,
    /// The squares of the last move, for highlighting.
    pub last_move: Vec<Square>,
    /// Royal pieces in check.
    pub check: Vec<Square>,
    /// Slots beside the board (captured pieces, the draft's pool, ...).
    pub outside: Vec<OutsideSlot>,
    /// Pieces still to be drafted (Pick-a-team).
    pub pool: Vec<PieceView>,
    /// Pool pieces that cannot be picked now (the first pick must be royal), drawn dimmed.
    pub unpickable: Vec<PieceView>,
    /// One line: game, move or turn, who acts, score.
    pub header: String,
    /// The side whose view suits the picture (usually the side to act).
    pub perspective: Option<Color>,
    /// Names written beside the board's edges, when a choice refers to them (Katarenga's
    /// baseline); drawn beside the named edge whichever side is at the bottom.
    pub edge_names: Vec<(BoardEdge, String)>,
    /// Suggested moves (`/hint`), drawn as arrows of their own colour so that they are not
    /// mistaken for `arrows`.
    pub hints: Vec<(Square, Square)>,
    /// What each square colour means, for the picture's legend ("red: like a rook, to the
    /// next red").
    pub tile_meanings: Vec<(Tile, String)>,
}

/// Describes one kind of piece for `/piece` and the legend.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PieceInfo {
    /// The piece's name.
    pub name: String,
    /// The letters that write it in moves and positions.
    pub symbol: String,
    /// Its moves in XBetza.
    pub betza: String,
    /// Its moves in words.
    pub description: String,
}

/// Options chosen when a game starts, by name (`turns`, `board`, `position`, …).
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Options(pub BTreeMap<String, String>);

impl Options {
    /// The value of an option, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// These options with one more set.
    pub fn with(mut self, name: &str, value: impl Into<String>) -> Options {
        self.0.insert(name.to_string(), value.into());
        self
    }
}

/// An option a game accepts at start-up, so that adapters can offer it without knowing the game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct OptionSpec {
    /// The option's name, as typed.
    pub name: &'static str,
    /// What it does, for `/help`.
    pub description: &'static str,
}

/// A game in progress, through strings: what the service and the adapters see.
pub trait Game: Send + Sync + fmt::Debug {
    /// Which game this is.
    fn id(&self) -> GameId;

    /// The position string; [`super::registry::load`] reads it back to an equal position.
    fn position_text(&self) -> String;

    /// Whether the game goes on, and who must act.
    fn status(&self) -> Status;

    /// Every legal action now, in canonical notation.
    fn legal_actions(&self) -> Vec<Action>;

    /// A cooperative game's scored turns so far: (turn, points), in order; empty for the
    /// other games (see [`super::kit::Rules::turn_scores`]).
    fn turn_scores(&self) -> Vec<(u32, u32)>;

    /// In a cooperative game, the most the current turn could score with the moves still to
    /// be made in it (see [`super::kit::Rules::best_turn`]); `None` between a turn's moves
    /// and in the other games.
    fn best_turn(&self) -> Option<BestTurn>;

    /// The action the bot takes for a side whose time ran out, when the game goes on without
    /// it (see [`super::kit::Rules::stand_in`]); `None`: the late side loses on time.
    fn stand_in(&self) -> Option<String>;

    /// The bot's move here, by search within `limits` (see [`super::search`]); `None` when
    /// the game is over or the bot does not play this game.
    fn think(&self, limits: &Limits<'_>) -> Option<Thought>;

    /// Reads and performs one action. On error nothing changes. Any chance is drawn from the
    /// game's own generator ([`Chance::Draw`]).
    fn play(&mut self, input: &str) -> Result<Played, ActionError>;

    /// [`Game::play`] with its chance made explicit: the random outcomes come from `chance`,
    /// and the ones used are reported so that the service can record them. On error nothing
    /// changes; a record whose outcomes do not fit the action is an error too. The rules stay
    /// pure either way: the generator's state lives in the position, and nothing outside the
    /// game draws for it.
    fn play_with(
        &mut self,
        input: &str,
        chance: Chance<'_>,
    ) -> Result<(Played, Rolls), ActionError>;

    /// What to draw.
    fn view(&self) -> BoardView;

    /// The piece types of this game.
    fn pieces(&self) -> Vec<PieceInfo>;

    /// One piece of the named type alone on an empty board, its reach marked.
    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError>;

    /// A copy of the game, boxed.
    fn clone_game(&self) -> Box<dyn Game>;

    /// Counts the leaf nodes of the tree of legal actions `depth` deep (a correctness check).
    fn perft(&self, depth: u32) -> u64;

    /// How many times this game generated its set of legal moves since it was built: once
    /// per position reached, as the set is kept with the position. The service's counting
    /// test reads it.
    fn legal_sets_computed(&self) -> u64;
}

impl Clone for Box<dyn Game> {
    fn clone(&self) -> Self {
        self.clone_game()
    }
}
