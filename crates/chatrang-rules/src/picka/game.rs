//! A Pick-a-team game's [`Rules`]: the draft, then play on the chess-like engine. The position
//! string is the draft's or the engine's, followed for the player-defined games by both lists
//! (`… | White: … | Black: …`), so it stands alone.

use std::sync::Arc;

use super::{
    draft::{Draft, DraftError, Pick},
    setup::PickRules,
};
use crate::{
    ActionError, Actor, BoardView, ByColor, Color, GameId, Mark, Outcome, PieceInfo,
    chesslike::{
        self, ChessLike, FenError, Position, PositionError, Setup,
        game::{piece_diagram, piece_infos, piece_view},
    },
    kit::{Match, Rules, Touched},
    search::{self, Evaluate, Found, Limits},
};

/// Why a Pick-a-team position string cannot be loaded: its lists part, or its board part.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PickTextError {
    /// What follows the board is not exactly the two lists.
    #[error("after the board, a position may carry the two lists as | White: … | Black: …")]
    Lists,
    /// A draft whose board cannot be read.
    #[error(transparent)]
    Setup(#[from] FenError),
    /// A draft board that picks made in turn could not have reached.
    #[error(transparent)]
    Draft(#[from] DraftError),
    /// A position in play that cannot be read or played from.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A Pick-a-team game's rules: the lists' compiled pieces and the phase.
#[derive(Clone, Debug)]
pub struct PickATeam {
    rules: Arc<PickRules>,
    phase: Phase,
}

/// A Pick-a-team game in progress.
pub type PickGame = Match<PickATeam>;

#[derive(Clone, Debug)]
enum Phase {
    Draft(Draft),
    Play(ChessLike),
}

/// An action: a pick during the draft, a move afterwards.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum PickMove {
    /// A pick of the draft.
    Pick(Pick),
    /// A move of the game.
    Play(chesslike::Move),
}

impl PickATeam {
    /// A new game at the start of its draft.
    pub(crate) fn game(rules: Arc<PickRules>) -> PickGame {
        Match::new(PickATeam {
            phase: Phase::Draft(Draft::new(rules.clone())),
            rules,
        })
    }

    /// Reads the board part of a position string (without the lists): a draft when it ends
    /// with the word `draft`, otherwise a position in play.
    pub(crate) fn from_board_text(
        rules: Arc<PickRules>,
        text: &str,
    ) -> Result<PickGame, PickTextError> {
        let text = text.trim();
        let v = rules.variant.clone();
        let phase = match text.strip_suffix("draft") {
            Some(board) => {
                let setup = Setup::parse(&v, board.trim())?;
                Phase::Draft(Draft::from_setup(rules.clone(), &setup)?)
            }
            None => Phase::Play(ChessLike::new(Position::from_text(v, text)?)),
        };
        Ok(Match::new(PickATeam { rules, phase }))
    }

    /// "White to pick (first of two)": who picks, short enough for a header.
    fn draft_turn(draft: &Draft) -> String {
        let which = match draft.place_in_turn() {
            (1, 2) => " (first of two)",
            (2, 2) => " (second of two)",
            _ => "",
        };
        format!("{} to pick{which}", draft.picker())
    }

    /// Who picks and what: the status line says it, once (the header has only who picks).
    fn draft_prompt(&self, draft: &Draft) -> String {
        let us = draft.picker();
        let royal = if draft.royal_required(us) {
            "; the first pick must be royal"
        } else {
            ""
        };
        format!(
            "{}: a piece from the pool and an empty square of rank {}{royal}",
            Self::draft_turn(draft),
            draft.open_rank(us)
        )
    }

    /// What to write during the draft, with a pick that is legal now as the example.
    fn draft_hint(&self, d: &Draft) -> String {
        let example = d
            .legal_picks()
            .first()
            .map_or_else(|| "pick K e1".to_string(), |&p| d.notation(p));
        format!(
            "the draft is still on: {} picks a piece and places it, such as {example}",
            d.picker()
        )
    }

    /// Reads a pick and says why it is refused, if it is: against the pool and the ranks, and
    /// for the last pick, against the position it would make.
    fn read_pick(&self, d: &Draft, input: &str) -> Result<Pick, ActionError> {
        let trimmed = input.trim();
        let says_pick = trimmed.to_ascii_lowercase().starts_with("pick") || trimmed.contains('@');
        let pick = match d.parse(input) {
            Ok(pick) => pick,
            // A single word that is no pick is most likely a move made too early.
            Err(ActionError::Unreadable { .. })
                if !says_pick
                    && !trimmed.is_empty()
                    && trimmed.len() <= 40
                    && !trimmed.contains(' ') =>
            {
                return Err(ActionError::Illegal(self.draft_hint(d)));
            }
            Err(e) => return Err(e),
        };
        if let Some(reason) = d.refusal(pick.0, pick.1) {
            return Err(ActionError::Illegal(reason));
        }
        let mut next = d.clone();
        next.place(pick);
        if next.is_complete()
            && let Err(e) = next.position()
        {
            return Err(ActionError::Illegal(format!(
                "this pick would make an impossible position: {e}"
            )));
        }
        Ok(pick)
    }

    /// The armies part of the position string, or nothing for Version One.
    fn armies_text(&self) -> String {
        match &self.rules.armies {
            Some(armies) => format!(
                " | White: {} | Black: {}",
                armies[Color::White].to_line(),
                armies[Color::Black].to_line()
            ),
            None => String::new(),
        }
    }

    fn draft_view(&self, d: &Draft) -> BoardView {
        let v = &self.rules.variant;
        let us = d.picker();
        let pieces = v
            .squares
            .iter()
            .filter_map(|&sq| d.board.piece_at(sq).map(|(c, t)| (sq, piece_view(v, c, t))))
            .collect();
        let pool = d
            .remaining()
            .into_iter()
            .flat_map(|(t, n)| (0..n).map(move |_| piece_view(v, us, t)))
            .collect();
        let open = d.open_squares(us);
        let unpickable = d
            .remaining()
            .into_iter()
            .filter(|&(t, _)| open.iter().all(|&sq| d.refusal(t, sq).is_some()))
            .map(|(t, _)| piece_view(v, us, t))
            .collect();
        let marks = open.iter().map(|&s| (s, Mark::Move)).collect();
        BoardView {
            geometry: Some(v.geometry().clone()),
            pieces,
            marks,
            pool,
            unpickable,
            last_move: d.last.into_iter().collect(),
            header: format!(
                "{} · draft, pick {} of {} · {}",
                self.rules.game.display_name(),
                d.picks + 1,
                d.total(),
                Self::draft_turn(d)
            ),
            perspective: Some(us),
            ..BoardView::default()
        }
    }
}

/// Splits a position string into its board part and the lists it carries, if any.
pub(crate) fn split_text(text: &str) -> Result<(&str, Option<ByColor<&str>>), PickTextError> {
    let mut parts = text.split('|');
    let board = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.map(str::trim).collect();
    if rest.is_empty() {
        return Ok((board, None));
    }
    let list = |label: &str| {
        rest.iter().find_map(|p| {
            let (head, tail) = p.split_once(':')?;
            head.trim()
                .eq_ignore_ascii_case(label)
                .then_some(tail.trim())
        })
    };
    match (list("white"), list("black"), rest.len()) {
        (Some(w), Some(b), 2) => Ok((board, Some(ByColor::new(w, b)))),
        _ => Err(PickTextError::Lists),
    }
}

impl Rules for PickATeam {
    type Move = PickMove;
    /// The engine's key in play; picks are irreversible, so the draft needs none.
    type Key = u64;
    /// Whether the action was irreversible: every pick is.
    type Effect = bool;

    const FIFTY_MOVES: Option<&'static str> = ChessLike::FIFTY_MOVES;

    fn id(&self) -> GameId {
        self.rules.game
    }

    fn text(&self) -> String {
        let board = match &self.phase {
            Phase::Draft(d) => d.to_text(),
            Phase::Play(g) => g.text(),
        };
        format!("{board}{}", self.armies_text())
    }

    fn key(&self) -> u64 {
        match &self.phase {
            Phase::Draft(d) => u64::from(d.picks),
            Phase::Play(g) => g.key(),
        }
    }

    fn decided(&self) -> Option<Outcome> {
        match &self.phase {
            Phase::Draft(_) => None,
            Phase::Play(g) => g.decided(),
        }
    }

    fn legal_moves(&self, out: &mut Vec<PickMove>) {
        match &self.phase {
            Phase::Draft(d) => out.extend(d.legal_picks().into_iter().map(PickMove::Pick)),
            Phase::Play(g) => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                out.extend(moves.into_iter().map(PickMove::Play));
            }
        }
    }

    fn without_moves(&self) -> Outcome {
        match &self.phase {
            Phase::Draft(d) => Outcome::Draw {
                reason: format!("{} has nowhere to place a piece", d.picker()),
            },
            Phase::Play(g) => g.without_moves(),
        }
    }

    fn prompt(&self) -> (Actor, String) {
        match &self.phase {
            Phase::Draft(d) => (Actor::Side(d.picker()), self.draft_prompt(d)),
            Phase::Play(g) => g.prompt(),
        }
    }

    fn parse(&self, input: &str, legal: &[PickMove]) -> Result<PickMove, ActionError> {
        match &self.phase {
            Phase::Draft(d) => self.read_pick(d, input).map(PickMove::Pick),
            Phase::Play(_) if input.trim().to_ascii_lowercase().starts_with("pick") => {
                Err(ActionError::Illegal(
                    "the draft is over; move a piece instead, such as e2e4".into(),
                ))
            }
            Phase::Play(_) if input.contains('@') => Err(ActionError::Illegal(
                "the draft is over; move a piece instead, such as e2e4".into(),
            )),
            Phase::Play(g) => {
                let moves: Vec<chesslike::Move> = legal
                    .iter()
                    .filter_map(|m| match m {
                        PickMove::Play(m) => Some(*m),
                        PickMove::Pick(_) => None,
                    })
                    .collect();
                g.parse(input, &moves).map(PickMove::Play)
            }
        }
    }

    fn canonical(&self, m: PickMove) -> String {
        match (&self.phase, m) {
            (Phase::Draft(d), PickMove::Pick(p)) => d.notation(p),
            (Phase::Play(g), PickMove::Play(m)) => g.canonical(m),
            _ => String::new(),
        }
    }

    fn touched(&self, m: PickMove) -> Touched {
        match (&self.phase, m) {
            (_, PickMove::Pick((_, square))) => Touched {
                to: Some(square),
                ..Touched::default()
            },
            (Phase::Play(g), PickMove::Play(m)) => g.touched(m),
            (Phase::Draft(_), PickMove::Play(_)) => Touched::default(),
        }
    }

    fn apply(&mut self, m: PickMove) -> bool {
        match (&mut self.phase, m) {
            (Phase::Play(g), PickMove::Play(m)) => g.apply(m),
            (Phase::Draft(d), PickMove::Pick(pick)) => {
                d.place(pick);
                // `parse` refuses a last pick whose position is impossible, and `legal_moves`
                // only offers picks `refusal` accepts, so the draft ends in play.
                if d.is_complete()
                    && let Ok(position) = d.position()
                {
                    self.phase = Phase::Play(ChessLike::new(position));
                }
                true
            }
            _ => false,
        }
    }

    /// A late side's draft pick is made for it (the first legal one); a late move loses.
    fn stand_in(&self, legal: &[PickMove]) -> Option<PickMove> {
        matches!(self.phase, Phase::Draft(_)).then(|| legal[0])
    }

    fn irreversible(effect: &bool) -> bool {
        *effect
    }

    fn describe(before: &Self, after: &Self, m: PickMove, effect: &bool) -> String {
        match (&before.phase, m) {
            (Phase::Play(b), PickMove::Play(m)) => match &after.phase {
                Phase::Play(a) => ChessLike::describe(b, a, m, effect),
                Phase::Draft(_) => String::new(),
            },
            (Phase::Draft(d), PickMove::Pick(pick)) => {
                let piece = before.rules.variant.piece_type(pick.0);
                let mut description = format!(
                    "{} picks the {} ({}) and places it on {}",
                    d.picker(),
                    piece.name,
                    piece.symbol,
                    pick.1
                );
                if let Phase::Play(game) = &after.phase {
                    description.push_str(" — the draft is complete");
                    if game.decided().is_none() {
                        description.push_str("; ");
                        description.push_str(&game.prompt().1);
                    }
                }
                description
            }
            _ => String::new(),
        }
    }

    fn ongoing_note(&self) -> Option<&'static str> {
        match &self.phase {
            Phase::Play(g) => g.ongoing_note(),
            Phase::Draft(_) => None,
        }
    }

    fn halfmove_clock(&self) -> u32 {
        match &self.phase {
            Phase::Play(g) => g.halfmove_clock(),
            Phase::Draft(_) => 0,
        }
    }

    fn view(&self, state: &str) -> BoardView {
        match &self.phase {
            Phase::Play(g) => g.view(state),
            Phase::Draft(d) => self.draft_view(d),
        }
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        piece_infos(&self.rules.variant)
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        piece_diagram(&self.rules.variant, piece)
    }

    fn think(&self, history: &[u64], limits: &Limits<'_>) -> Option<Found<PickMove>> {
        search::search(self, history, limits)
    }

    fn fast_perft(&self, depth: u32) -> Option<u64> {
        match &self.phase {
            Phase::Play(g) => g.fast_perft(depth),
            Phase::Draft(_) => None,
        }
    }
}

/// The search plays the draft too: its evaluation counts the material each side has picked
/// (so strong types go first) and wants weak pieces in front of strong ones.
impl Evaluate for PickATeam {
    fn side(&self) -> Color {
        match &self.phase {
            Phase::Draft(d) => d.picker(),
            Phase::Play(g) => g.side(),
        }
    }

    fn evaluate(&self) -> i32 {
        match &self.phase {
            Phase::Draft(d) => super::draft_eval::evaluate(d),
            Phase::Play(g) => g.evaluate(),
        }
    }

    fn capture_gain(&self, m: PickMove) -> Option<i32> {
        match (&self.phase, m) {
            (Phase::Play(g), PickMove::Play(m)) => g.capture_gain(m),
            _ => None,
        }
    }

    /// The play is a chess-like game; the draft's evaluation moves with every pick.
    fn frontier_pruning(&self) -> bool {
        matches!(self.phase, Phase::Play(_))
    }

    fn losing_capture(&self, m: PickMove) -> bool {
        match (&self.phase, m) {
            (Phase::Play(g), PickMove::Play(m)) => g.losing_capture(m),
            _ => false,
        }
    }

    fn in_check(&self) -> bool {
        match &self.phase {
            Phase::Play(g) => g.in_check(),
            Phase::Draft(_) => false,
        }
    }

    /// The draft's key is its pick count (picks are irreversible); search tells draft
    /// positions apart by their boards.
    fn search_key(&self) -> u64 {
        match &self.phase {
            Phase::Draft(d) => d.board.hash ^ u64::from(d.picks).rotate_left(40),
            Phase::Play(g) => g.search_key(),
        }
    }

    fn history_slot(&self, m: PickMove) -> usize {
        match (&self.phase, m) {
            (Phase::Play(g), PickMove::Play(m)) => g.history_slot(m),
            (_, PickMove::Pick((t, sq))) => usize::from(t) * 256 + sq.index(),
            _ => 0,
        }
    }
}
