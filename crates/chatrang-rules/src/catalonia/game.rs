//! Catalonia's [`Rules`]: parsing against the pending decision, the pieces, and the picture
//! (drawn by `picture`).

use super::{
    chain::Solver,
    dice::Roller,
    notation::{self, Act, Parsed},
    pieces::{Kind, Piece, defence_rays, geometry},
    position::{Phase, Position},
};
use crate::{
    ActionError, Actor, BestTurn, BoardView, Chance, Color, GameId, Mark, Outcome, PieceInfo,
    Rolls, RollsError, Square, Status,
    kit::{Match, Rules, Touched},
    move_table::reach_on_empty_board,
    search::{Found, Limits},
};

/// Catalonia's rules on one position; [`CataloniaGame`] is its game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Catalonia {
    /// The state of the game.
    pub position: Position,
}

/// A Catalonia game in progress.
pub type CataloniaGame = Match<Catalonia>;

impl Catalonia {
    /// The game from this position.
    pub fn game(position: Position) -> CataloniaGame {
        Match::new(Catalonia { position })
    }

    /// Reads the input as an action of the pending decision and checks it is legal.
    fn read(&self, input: &str, legal: &[Act]) -> Result<Act, ActionError> {
        let phase = self.position.phase();
        let act = match notation::parse(input)? {
            Parsed::Act(act) => act,
            Parsed::Bare(square) => match phase {
                Phase::Target { .. } => Act::Bomb(square),
                Phase::Escape { .. } => Act::Escape(square),
                Phase::Trapped { .. } => Act::Remove(square),
                _ => {
                    return Err(ActionError::Illegal(format!(
                        "{square} alone is not a move; write where from and where to, like e2e4"
                    )));
                }
            },
        };
        if legal.contains(&act) {
            return Ok(act);
        }
        Err(ActionError::Illegal(self.why_not(act, legal)))
    }

    /// A sentence saying why `act` is refused and what to do instead.
    fn why_not(&self, act: Act, legal: &[Act]) -> String {
        let board = self.position.board();
        let prompt = match self.position.status() {
            Status::Ongoing { prompt, .. } => prompt,
            Status::Over(outcome) => outcome.to_string(),
        };
        let choices = |wrap: fn(Act) -> Option<Square>| {
            legal
                .iter()
                .filter_map(|a| wrap(*a))
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (self.position.phase(), act) {
            (Phase::Move { side, .. }, Act::Move(from, to)) => match board.piece_at(from) {
                None => format!("there is no piece on {from}; {prompt}"),
                Some(p) if p.color != *side => {
                    format!("the piece on {from} is {}'s; {prompt}", p.color)
                }
                Some(p) if board.is_pit(to) => {
                    format!("the {} cannot move into the pit on {to}", p.kind.name())
                }
                Some(p) => format!(
                    "the {} on {from} cannot move to {to} (no capture, no crossing pits); it can go to: {}",
                    p.kind.name(),
                    list_or_none(board.moves_from(from))
                ),
            },
            (
                Phase::Move {
                    side,
                    second: false,
                    may_swap: false,
                },
                Act::Swap,
            ) => match side {
                Color::White => {
                    "Black declined the swap this turn, so White moves first; a swap may be proposed once a turn".into()
                }
                Color::Black => {
                    "Black accepted the swap and moves first this turn; a swap may be proposed once a turn".into()
                }
            },
            (Phase::Move { .. }, Act::Swap) => {
                "a swap can only be proposed before anyone moves this turn".into()
            }
            (Phase::Target { .. }, Act::Bomb(s)) => format!(
                "{s} cannot be the bomb's target; choose one of: {}",
                choices(|a| match a {
                    Act::Bomb(s) => Some(s),
                    _ => None,
                })
            ),
            (Phase::Escape { piece, .. }, Act::Escape(s)) => format!(
                "the {} cannot escape to {s}: it must go where it joins a chain: {}",
                piece.kind.name(),
                choices(|a| match a {
                    Act::Escape(s) => Some(s),
                    _ => None,
                })
            ),
            (Phase::Trapped { .. }, Act::Remove(s)) => format!(
                "the piece on {s} is not a trapped Peasant of this side; remove one of: {} (or keep)",
                choices(|a| match a {
                    Act::Remove(s) => Some(s),
                    _ => None,
                })
            ),
            _ => format!("not now: {prompt}"),
        }
    }

    /// The longest chain on the board now, as squares.
    pub fn current_chain(&self) -> Vec<Square> {
        let (graph, squares) = self.position.board().graph();
        Solver::default()
            .longest(&graph)
            .map(|c| c.into_iter().map(|v| squares[v]).collect())
            .unwrap_or_default()
    }
}

fn list_or_none(squares: Vec<Square>) -> String {
    if squares.is_empty() {
        "nowhere".into()
    } else {
        squares
            .iter()
            .map(Square::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Rules for Catalonia {
    type Move = Act;
    /// No repetition rule: the game ends after its last turn.
    type Key = ();
    /// What happened, in sentences: the move, the score, the bomb, the escape.
    type Effect = Vec<String>;

    const REPETITION: bool = false;

    fn id(&self) -> GameId {
        GameId::Catalonia
    }

    fn text(&self) -> String {
        self.position.to_text()
    }

    fn key(&self) {}

    fn decided(&self) -> Option<Outcome> {
        match self.position.phase() {
            Phase::Over => Some(self.position.outcome()),
            _ => None,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Act>) {
        out.extend(self.position.legal());
    }

    /// Every decision offers a choice (a side without moves is passed over), so this is only
    /// reached by a damaged position: the score so far stands.
    fn without_moves(&self) -> Outcome {
        self.position.outcome()
    }

    fn prompt(&self) -> (Actor, String) {
        match self.position.status() {
            Status::Ongoing { actor, prompt } => (actor, prompt),
            Status::Over(outcome) => (Actor::Anyone, outcome.to_string()),
        }
    }

    fn parse(&self, input: &str, legal: &[Act]) -> Result<Act, ActionError> {
        self.read(input, legal)
    }

    fn canonical(&self, act: Act) -> String {
        act.notation()
    }

    fn touched(&self, act: Act) -> Touched {
        let (from, to) = match act {
            Act::Move(f, t) => (Some(f), Some(t)),
            Act::Bomb(s) | Act::Remove(s) => (Some(s), None),
            Act::Escape(s) => match self.position.phase() {
                Phase::Escape { from, .. } => (Some(*from), Some(s)),
                _ => (None, Some(s)),
            },
            _ => (None, None),
        };
        Touched {
            from,
            to,
            partner: None,
        }
    }

    fn apply(&mut self, act: Act) -> Vec<String> {
        self.position.apply(act, &mut Roller::new(Chance::Draw))
    }

    fn turn_scores(&self) -> Vec<(u32, u32)> {
        let scored = self.position.history().iter();
        scored.map(|r| (u32::from(r.turn), r.points)).collect()
    }

    fn best_turn(&self) -> Option<BestTurn> {
        super::review::best_turn(&self.position)
    }

    /// The action after which the longest chain is longest (the first such in the order of
    /// the legal moves): what a player who cares only for the score would do this turn.
    fn stand_in(&self, legal: &[Act]) -> Option<Act> {
        let chain_after = |act: Act| {
            let mut next = self.clone();
            next.apply(act);
            next.current_chain().len()
        };
        let mut best: Option<(usize, Act)> = None;
        for &act in legal {
            let length = chain_after(act);
            if best.is_none_or(|(longest, _)| length > longest) {
                best = Some((length, act));
            }
        }
        best.map(|(_, act)| act)
    }

    /// The partner's plan (see `super::partner`): the best move pair of the turn, or the
    /// best single action. Its score is the turn's points, the longest chain squared.
    fn think(&self, _history: &[()], _limits: &Limits<'_>) -> Option<Found<Act>> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let (plan, chain, weighed) = super::partner::plan(&self.position, &legal)?;
        Some(Found {
            best: plan[0],
            score: (chain * chain) as i32,
            depth: plan.len() as u32,
            nodes: weighed,
            pv: plan,
        })
    }

    /// Every action is: the game has no repetition rule.
    fn irreversible(_: &Vec<String>) -> bool {
        true
    }

    fn describe(_before: &Self, _after: &Self, _act: Act, events: &Vec<String>) -> String {
        events.join("; ")
    }

    /// The bomb's dice come from `chance`. The caller works on a copy of the position and
    /// keeps it only when the record's rolls (if any) fit the action.
    fn apply_with(
        &mut self,
        act: Act,
        chance: Chance<'_>,
    ) -> Result<(Vec<String>, Rolls), RollsError> {
        let mut roller = Roller::new(chance);
        let events = self.position.apply(act, &mut roller);
        let rolls = roller.finish()?;
        Ok((events, rolls))
    }

    fn view(&self, state: &str) -> BoardView {
        super::picture::view(&self.position, &self.current_chain(), state)
    }

    fn pieces(&self) -> Vec<PieceInfo> {
        Kind::ALL
            .into_iter()
            .map(|k| PieceInfo {
                name: k.name().into(),
                symbol: k.symbol().to_string(),
                betza: if k == Kind::Peasant {
                    "vW, plus a non-leaping double step between its 2nd and 4th ranks; defends fF"
                        .into()
                } else {
                    k.move_betza().into()
                },
                description: k.description().into(),
            })
            .collect()
    }

    fn piece_diagram(&self, piece: &str) -> Result<BoardView, ActionError> {
        let wanted = piece.trim();
        let kind = Kind::ALL
            .into_iter()
            .find(|k| {
                k.name().eq_ignore_ascii_case(wanted)
                    || k.symbol().to_string().eq_ignore_ascii_case(wanted)
            })
            .ok_or_else(|| {
                ActionError::Illegal(format!(
                    "Catalonia has no piece called \"{}\"; its pieces are Knight, Bishop, Lady, Gentleman and Peasant",
                    wanted.chars().take(30).collect::<String>()
                ))
            })?;
        let piece = Piece::new(Color::White, kind);
        // A Peasant on its 2nd rank shows its double step.
        let from = if kind == Kind::Peasant {
            Square::new(3, 1)
        } else {
            Square::new(3, 3)
        }
        .expect("d2 and d4 exist");
        let mut board = super::board::Board::empty();
        board.put(from, Some(piece));
        let moves = board.moves_from(from);
        let defends = reach_on_empty_board(defence_rays(piece, from));
        let mut marks: Vec<(Square, Mark)> = moves.iter().map(|&s| (s, Mark::Move)).collect();
        for s in defends.iter() {
            match marks.iter_mut().find(|(m, _)| *m == s) {
                Some(entry) => entry.1 = Mark::MoveOrCapture,
                None => marks.push((s, Mark::Defend)),
            }
        }
        marks.push((from, Mark::Origin));
        Ok(BoardView {
            geometry: Some(geometry().clone()),
            pieces: vec![(from, piece.view(false))],
            marks,
            header: format!(
                "{} ({}): {} (moves and defends where both are marked)",
                kind.name(),
                kind.symbol(),
                kind.description()
            ),
            perspective: Some(Color::White),
            ..BoardView::default()
        })
    }
}
