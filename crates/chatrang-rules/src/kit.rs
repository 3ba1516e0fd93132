//! The rules kit: what a game must say about itself ([`Rules`]) and the one game loop that
//! turns it into a [`Game`] ([`Match`]).
//!
//! A game writes only what is its own: its moves, how to read and write them, what a move does
//! and what a position shows. The loop around it is written once, here: "is it over?", the
//! repetition history, the fifty-move rule, the read → describe → apply pipeline, the mapping
//! to [`Action`]s and perft. Modelled on shakmaty's `Position` (a few required methods, the
//! rest provided), with the draw rules Fairy-Stockfish keeps per variant as provided constants.

use std::fmt;

use super::{
    Action, ActionError, Actor, BestTurn, BoardView, Chance, Game, GameId, Outcome, PieceInfo,
    Played, Rolls, RollsError, Square, Status,
    search::{
        found::{Found, Thought},
        level::Limits,
    },
};

/// The squares a move concerns, for pictures and for "the moves of this piece".
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Touched {
    /// Where the piece started, if it moved.
    pub from: Option<Square>,
    /// Where it ended.
    pub to: Option<Square>,
    /// Another piece the move takes along, from and to (castling's rook, the second pawn).
    pub partner: Option<(Square, Square)>,
}

impl Touched {
    /// A piece going from one square to another.
    pub fn step(from: Square, to: Square) -> Touched {
        Touched {
            from: Some(from),
            to: Some(to),
            partner: None,
        }
    }
}

/// The rules of one game, on one position. Implemented once per game; [`Match`] does the rest.
pub trait Rules: Clone + Send + Sync + fmt::Debug + 'static {
    /// One legal action, small and cheap to copy: what search and perft work with.
    type Move: Copy + Eq + fmt::Debug + Send + Sync;
    /// What identifies a position for the repetition rule.
    type Key: Clone + Eq + fmt::Debug + Send + Sync;
    /// What applying a move did, as far as describing it and the draw rules need to know.
    type Effect;

    /// Whether three occurrences of one position (since the last irreversible move) draw.
    const REPETITION: bool = true;
    /// The reason given when a hundred half-moves pass without an irreversible one, for games
    /// with the fifty-move rule (see [`Rules::halfmove_clock`]); `None` for games without it.
    const FIFTY_MOVES: Option<&'static str> = None;

    /// Which game this is.
    fn id(&self) -> GameId;

    /// The position string; the game's loader reads it back to an equal position.
    fn text(&self) -> String;

    /// What repetition compares: positions with equal keys are the same position.
    fn key(&self) -> Self::Key;

    /// A result the position alone decides, before any move is looked at: a royal piece
    /// captured, a King bound, a race won, the last turn played.
    fn decided(&self) -> Option<Outcome>;

    /// Every legal move, appended to `out`. Called only when [`Rules::decided`] is `None` and
    /// no draw rule has ended the game.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The result when there is no legal move: checkmate, stalemate, "neither side can move".
    fn without_moves(&self) -> Outcome;

    /// Who acts now and what they are asked, while the game goes on.
    fn prompt(&self) -> (Actor, String);

    /// Reads one action against the legal moves of this position: a legal move, or an error
    /// saying what is wrong and what to write instead.
    fn parse(&self, input: &str, legal: &[Self::Move]) -> Result<Self::Move, ActionError>;

    /// The canonical notation, which [`Rules::parse`] accepts back.
    fn canonical(&self, m: Self::Move) -> String;

    /// The squares the move concerns.
    fn touched(&self, m: Self::Move) -> Touched;

    /// Plays a legal move. Chance, if the game has any, is drawn from the position's own
    /// generator.
    fn apply(&mut self, m: Self::Move) -> Self::Effect;

    /// True when no position before the move can come back (a capture, a pawn move, …): the
    /// repetition history and the fifty-move count start again.
    fn irreversible(effect: &Self::Effect) -> bool;

    /// A sentence for people about a move just played, from the positions before and after.
    fn describe(before: &Self, after: &Self, m: Self::Move, effect: &Self::Effect) -> String;

    /// What to draw; `state` is the status line ("White to move", "draw (stalemate)").
    fn view(&self, state: &str) -> BoardView;

    /// The piece types of this game.
    fn pieces(&self) -> Vec<PieceInfo>;

    /// One piece of the named type alone on a board, its reach marked.
    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError>;

    /// Half-moves since the last irreversible one, for [`Rules::FIFTY_MOVES`].
    fn halfmove_clock(&self) -> u32 {
        0
    }

    /// How many occurrences of one position draw: three where [`Rules::REPETITION`] holds.
    /// A variant defined by players may set its own number, or none.
    fn repetition_limit(&self) -> Option<usize> {
        Self::REPETITION.then_some(3)
    }

    /// How many half-moves without an irreversible one draw: a hundred for games with
    /// [`Rules::FIFTY_MOVES`]. A variant defined by players may set its own number, or none.
    fn move_rule_plies(&self) -> Option<u32> {
        Self::FIFTY_MOVES.map(|_| 100)
    }

    /// True while a decision inside a turn is pending (Chromopolis's unbinding choice): no
    /// draw rule is judged until it is made.
    fn draws_wait(&self) -> bool {
        false
    }

    /// A cooperative game's scored turns so far: (turn, points), in order. Empty for a game
    /// without turn scores. A duplicate event compares its groups turn by turn with them.
    fn turn_scores(&self) -> Vec<(u32, u32)> {
        Vec::new()
    }

    /// A cooperative game's best moves for the rest of the current turn, for its review;
    /// `None` when no move of the turn is pending, or the game has no turn scores.
    fn best_turn(&self) -> Option<BestTurn> {
        None
    }

    /// Added to the description of a move after which the game goes on: ", check".
    fn ongoing_note(&self) -> Option<&'static str> {
        None
    }

    /// What the bot does for a side whose time ran out, when the game goes on without it:
    /// a decision pending inside a turn (by default the first choice, when
    /// [`Rules::draws_wait`] says one is pending), a draft pick, every move of a cooperative
    /// game. `None` means the late side loses on time. `legal` is never empty.
    fn stand_in(&self, legal: &[Self::Move]) -> Option<Self::Move> {
        self.draws_wait().then(|| legal[0])
    }

    /// The bot's choice here, within `limits`: by `super::search::search` for the games
    /// the bot plays against people, by a game's own planner otherwise. `history` holds the
    /// keys since the last irreversible move, this position's last. `None` for a game the
    /// bot does not play.
    fn think(&self, _history: &[Self::Key], _limits: &Limits<'_>) -> Option<Found<Self::Move>> {
        None
    }

    /// [`Rules::apply`] with its chance made explicit (see [`Game::play_with`]). Games with
    /// dice override it; this one refuses a record that claims rolls for a game without any.
    fn apply_with(
        &mut self,
        m: Self::Move,
        chance: Chance<'_>,
    ) -> Result<(Self::Effect, Rolls), RollsError> {
        if let Chance::Recorded(rolls) = chance
            && !rolls.is_empty()
        {
            return Err(RollsError::NoDice(self.id()));
        }
        Ok((self.apply(m), Rolls::default()))
    }

    /// A faster leaf count than the kit's, where the game has one (the chess-like engine's
    /// make/unmake perft on its board); `None` uses [`Match`]'s.
    fn fast_perft(&self, _depth: u32) -> Option<u64> {
        None
    }
}

/// A game in progress: the rules' position, the repetition history, and the legal moves and
/// result of the position, computed once after each action and kept. Search can use it
/// directly: [`Match::legal_moves`] and [`Match::apply`] work on moves, without strings.
#[derive(Clone, Debug)]
pub struct Match<R: Rules> {
    rules: R,
    /// Keys of the positions since the last irreversible move, the current one last.
    history: Vec<R::Key>,
    legal: Vec<R::Move>,
    /// The result, once the game is over.
    ended: Option<Outcome>,
    /// How many times the legal moves were generated for this game (see
    /// [`Game::legal_sets_computed`]).
    legal_sets: u64,
}

impl<R: Rules> Match<R> {
    /// The game from this position, with no history before it.
    pub(crate) fn new(rules: R) -> Match<R> {
        let mut game = Match {
            history: vec![rules.key()],
            rules,
            legal: Vec::new(),
            ended: None,
            legal_sets: 0,
        };
        game.refresh();
        game
    }

    /// The rules on the current position.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> &[R::Move] {
        &self.legal
    }

    /// The result, if the game is over.
    pub(crate) fn outcome(&self) -> Option<&Outcome> {
        self.ended.as_ref()
    }

    /// Plays a legal move without reading or describing it (search, tests).
    pub fn apply(&mut self, m: R::Move) -> R::Effect {
        let effect = self.rules.apply(m);
        self.record(&effect);
        effect
    }

    /// Brings the history, the legal moves and the status up to date after a move.
    fn record(&mut self, effect: &R::Effect) {
        if R::irreversible(effect) {
            self.history.clear();
        }
        self.history.push(self.rules.key());
        self.refresh();
    }

    fn refresh(&mut self) {
        self.legal.clear();
        let ended = ended(&self.rules, &self.history).or_else(|| {
            self.legal_sets += 1;
            self.rules.legal_moves(&mut self.legal);
            self.legal.is_empty().then(|| self.rules.without_moves())
        });
        self.ended = ended;
    }

    /// The leaf count of the kit: copy-make on the position, the history as a stack.
    fn count(rules: &R, history: &mut Vec<R::Key>, since: usize, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if ended(rules, &history[since..]).is_some() {
            return 0;
        }
        let mut moves = Vec::new();
        rules.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = rules.clone();
                let effect = next.apply(m);
                let next_since = if R::irreversible(&effect) {
                    history.len()
                } else {
                    since
                };
                history.push(next.key());
                let n = Self::count(&next, history, next_since, depth - 1);
                history.pop();
                n
            })
            .sum()
    }
}

/// The result the position and its history decide without looking at the moves: the game's
/// own verdict, then repetition, then the move-count rule (threefold and fifty moves unless
/// the game says otherwise).
fn ended<R: Rules>(rules: &R, history: &[R::Key]) -> Option<Outcome> {
    if let Some(outcome) = rules.decided() {
        return Some(outcome);
    }
    if rules.draws_wait() {
        return None;
    }
    if let Some(limit) = rules.repetition_limit()
        && let Some(now) = history.last()
        && history.iter().filter(|k| *k == now).count() >= limit
    {
        let reason = match limit {
            3 => "threefold repetition".to_string(),
            n => format!("{n}-fold repetition"),
        };
        return Some(Outcome::Draw { reason });
    }
    match rules.move_rule_plies() {
        Some(plies) if rules.halfmove_clock() >= plies => {
            let reason = match R::FIFTY_MOVES {
                Some(reason) if plies == 100 => reason.to_string(),
                _ => format!("{}-move rule", plies / 2),
            };
            Some(Outcome::Draw { reason })
        }
        _ => None,
    }
}

impl<R: Rules> Game for Match<R> {
    fn id(&self) -> GameId {
        self.rules.id()
    }

    fn position_text(&self) -> String {
        self.rules.text()
    }

    fn status(&self) -> Status {
        match &self.ended {
            Some(outcome) => Status::Over(outcome.clone()),
            None => {
                let (actor, prompt) = self.rules.prompt();
                Status::Ongoing { actor, prompt }
            }
        }
    }

    fn turn_scores(&self) -> Vec<(u32, u32)> {
        self.rules.turn_scores()
    }

    fn best_turn(&self) -> Option<BestTurn> {
        match self.ended {
            Some(_) => None,
            None => self.rules.best_turn(),
        }
    }

    fn stand_in(&self) -> Option<String> {
        if self.ended.is_some() || self.legal.is_empty() {
            return None;
        }
        let m = self.rules.stand_in(&self.legal)?;
        Some(self.rules.canonical(m))
    }

    fn think(&self, limits: &Limits<'_>) -> Option<Thought> {
        if self.ended.is_some() {
            return None;
        }
        let found = self.rules.think(&self.history, limits)?;
        // The line in notation: each move is written on the position it is played from.
        let mut position = self.rules.clone();
        let pv = found
            .pv
            .iter()
            .map(|&m| {
                let notation = position.canonical(m);
                position.apply(m);
                notation
            })
            .collect();
        Some(Thought {
            notation: self.rules.canonical(found.best),
            score: found.score,
            depth: found.depth,
            nodes: found.nodes,
            pv,
        })
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal
            .iter()
            .map(|&m| {
                let touched = self.rules.touched(m);
                Action {
                    notation: self.rules.canonical(m),
                    from: touched.from,
                    to: touched.to,
                    partner: touched.partner,
                }
            })
            .collect()
    }

    fn play(&mut self, input: &str) -> Result<Played, ActionError> {
        self.play_with(input, Chance::Draw)
            .map(|(played, _)| played)
    }

    fn play_with(
        &mut self,
        input: &str,
        chance: Chance<'_>,
    ) -> Result<(Played, Rolls), ActionError> {
        if let Some(found) = super::limits::over(input, super::limits::ACTION) {
            return Err(ActionError::Unreadable {
                input: input.chars().take(40).collect(),
                expected: format!(
                    "that is {found} characters; a move is at most {}",
                    super::limits::ACTION
                ),
            });
        }
        if let Some(outcome) = &self.ended {
            return Err(ActionError::GameOver(outcome.to_string()));
        }
        // Pasted and decorated forms (`1. e4`, `♗c4`, `e4–e6`) reach the game's reader plain.
        let m = self
            .rules
            .parse(&super::typed::plain_move(input), &self.legal)?;
        let mut next = self.rules.clone();
        let (effect, rolls) = next
            .apply_with(m, chance)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        let mut description = R::describe(&self.rules, &next, m, &effect);
        let notation = self.rules.canonical(m);
        self.rules = next;
        self.record(&effect);
        match &self.ended {
            Some(outcome) => description.push_str(&format!(" — {outcome}")),
            None => {
                if let Some(note) = self.rules.ongoing_note() {
                    description.push_str(note);
                }
            }
        }
        Ok((
            Played {
                notation,
                description,
            },
            rolls,
        ))
    }

    fn view(&self) -> BoardView {
        let state = match self.status() {
            Status::Over(outcome) => outcome.to_string(),
            Status::Ongoing { prompt, .. } => prompt,
        };
        self.rules.view(&state)
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        self.rules.pieces()
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        self.rules.piece_diagram(piece)
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth > 0 && self.outcome().is_some() {
            return 0;
        }
        if let Some(n) = self.rules.fast_perft(depth) {
            return n;
        }
        let mut history = self.history.clone();
        Self::count(&self.rules, &mut history, 0, depth)
    }

    fn legal_sets_computed(&self) -> u64 {
        self.legal_sets
    }
}
