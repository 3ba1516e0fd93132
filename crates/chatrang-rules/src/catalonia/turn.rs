//! The turn as a state machine: moves (with the optional swapped order), then, once chains
//! exist, scoring, the bomb, the escape and the removal of trapped Peasants. `legal` lists the
//! choices of the pending decision; `apply` performs one and then takes every following step
//! that involves no choice, reporting what happened in sentences.

use super::{
    chain::{Solver, Work},
    dice::Roller,
    notation::Act,
    pieces::{Piece, geometry},
    position::{FIVE_TURN_RULE, Phase, Position, TurnRecord},
};
use crate::{Actor, Color, Outcome, Square, Status};

impl Position {
    /// Who must decide now, and what, in words.
    pub fn status(&self) -> Status {
        let (actor, prompt) = match &self.phase {
            Phase::Over => return Status::Over(self.outcome()),
            Phase::Move {
                side,
                may_swap: true,
                ..
            } => (
                Actor::Side(*side),
                format!("{side} to move (or swap to propose that Black moves first this turn)"),
            ),
            Phase::Move { side, .. } => (Actor::Side(*side), format!("{side} to move")),
            Phase::SwapProposed => (
                Actor::Side(Color::Black),
                "White proposes that Black moves first this turn: Black, accept or decline".into(),
            ),
            Phase::Target { center: Some(c) } => (
                Actor::Anyone,
                format!(
                    "the bomb fell on the empty square {c}: anyone, choose the target among the pieces next to it (bomb {})",
                    example(&self.target_options())
                ),
            ),
            Phase::Target { center: None } => (
                Actor::Anyone,
                format!(
                    "anyone, choose the bomb's target among the pieces of a longest chain (bomb {})",
                    example(&self.target_options())
                ),
            ),
            Phase::Escape { from, piece } => (
                Actor::Side(piece.color),
                format!(
                    "{}, choose where your {} bombed out of {from} escapes (escape {})",
                    piece.color,
                    piece.kind.name(),
                    example(&self.qualifying_escapes(*piece, *from))
                ),
            ),
            Phase::Trapped { side } => (
                Actor::Side(*side),
                format!(
                    "{side}, remove a trapped Peasant (remove {}) or keep them (keep)",
                    example(&self.board.trapped_peasants(*side))
                ),
            ),
        };
        Status::Ongoing { actor, prompt }
    }

    /// The result once the game is over.
    pub(crate) fn outcome(&self) -> Outcome {
        if self.history.is_empty() {
            Outcome::Score {
                points: 0,
                reason: format!(
                    "no chain formed by the end of turn {}: everyone has lost",
                    self.turn.min(FIVE_TURN_RULE)
                ),
            }
        } else {
            Outcome::Score {
                points: self.total(),
                reason: format!("after {} turns", self.turn),
            }
        }
    }

    /// Every choice of the pending decision.
    pub fn legal(&self) -> Vec<Act> {
        match &self.phase {
            Phase::Over => Vec::new(),
            Phase::Move { side, may_swap, .. } => {
                let mut acts: Vec<Act> = self
                    .board
                    .legal_moves(*side)
                    .into_iter()
                    .map(|(f, t)| Act::Move(f, t))
                    .collect();
                if *may_swap {
                    acts.push(Act::Swap);
                }
                acts
            }
            Phase::SwapProposed => vec![Act::Accept, Act::Decline],
            Phase::Target { .. } => self.target_options().into_iter().map(Act::Bomb).collect(),
            Phase::Escape { from, piece } => self
                .qualifying_escapes(*piece, *from)
                .into_iter()
                .map(Act::Escape)
                .collect(),
            Phase::Trapped { side } => {
                let mut acts: Vec<Act> = self
                    .board
                    .trapped_peasants(*side)
                    .into_iter()
                    .map(Act::Remove)
                    .collect();
                acts.push(Act::Keep);
                acts
            }
        }
    }

    /// The pieces the bomb may target now: the pieces next to the empty square hit, or, in
    /// the non-random variant, every piece that belongs to some longest chain.
    pub(crate) fn target_options(&self) -> Vec<Square> {
        match self.phase {
            Phase::Target { center: Some(c) } => self.neighbours_with_pieces(c),
            Phase::Target { center: None } => self.pieces_of_longest_chains(),
            _ => Vec::new(),
        }
    }

    fn neighbours_with_pieces(&self, center: Square) -> Vec<Square> {
        let mut out = Vec::new();
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if let Some(s) = geometry().offset(center, dx, dy)
                    && self.board.piece_at(s).is_some()
                {
                    out.push(s);
                }
            }
        }
        out.sort();
        out
    }

    fn pieces_of_longest_chains(&self) -> Vec<Square> {
        let (graph, squares) = self.board.graph();
        let Some(longest) = Solver::default().longest(&graph) else {
            return Vec::new();
        };
        let solver = Solver::default();
        (0..graph.len())
            .filter(|&v| {
                longest.contains(&v)
                    || solver
                        .chain_through(&graph, v, longest.len() - 1, true, &mut Work::default())
                        .is_some()
            })
            .map(|v| squares[v])
            .collect()
    }

    /// The escape squares where `piece` would belong to some chain (`from` already a pit).
    pub fn qualifying_escapes(&self, piece: Piece, from: Square) -> Vec<Square> {
        self.board
            .escape_squares(piece, from)
            .into_iter()
            .filter(|&to| {
                let mut board = self.board.clone();
                board.put(to, Some(piece));
                let (graph, squares) = board.graph();
                squares
                    .iter()
                    .position(|&s| s == to)
                    .is_some_and(|v| Solver::default().has_chain_through(&graph, v))
            })
            .collect()
    }

    /// Performs a legal action and every step after it that needs no decision, rolling with
    /// `roller`. Returns what happened, sentence by sentence. The caller has checked that
    /// `act` is in [`Self::legal`]; when the roller reports a fault the position is half-way
    /// through the action and must be discarded.
    pub fn apply(&mut self, act: Act, roller: &mut Roller<'_>) -> Vec<String> {
        let mut events = Vec::new();
        match (self.phase.clone(), act) {
            (Phase::Move { side, second, .. }, Act::Move(from, to)) => {
                let piece = self.board.piece_at(from);
                self.board.put(to, piece);
                self.board.put(from, None);
                self.last = vec![from, to];
                events.push(format!(
                    "{side}: {} {from}–{to}",
                    piece.map_or("piece", |p| p.kind.name())
                ));
                self.after_move(side, second, roller, &mut events);
            }
            (Phase::Move { .. }, Act::Swap) => {
                self.phase = Phase::SwapProposed;
                events.push("White proposes that Black moves first this turn".into());
            }
            (Phase::SwapProposed, Act::Accept) => {
                self.phase = Phase::Move {
                    side: Color::Black,
                    second: false,
                    may_swap: false,
                };
                events.push("Black accepts and moves first this turn".into());
                self.pass_if_stuck(roller, &mut events);
            }
            (Phase::SwapProposed, Act::Decline) => {
                self.phase = Phase::Move {
                    side: Color::White,
                    second: false,
                    may_swap: false,
                };
                events.push("Black declines; White moves first".into());
                self.pass_if_stuck(roller, &mut events);
            }
            (Phase::Target { .. }, Act::Bomb(target)) => {
                self.bomb_piece(target, roller, &mut events)
            }
            (Phase::Escape { from, piece }, Act::Escape(to)) => {
                self.board.put(to, Some(piece));
                self.last = vec![from, to];
                events.push(format!("the {} escapes to {to}", piece.describe()));
                self.end_turn(roller, &mut events);
            }
            (Phase::Trapped { side }, Act::Remove(square)) => {
                self.board.put(square, None);
                self.last = vec![square];
                events.push(format!("{side} removes the trapped Peasant on {square}"));
                self.phase = Phase::Trapped { side };
                self.settle_trapped(roller, &mut events);
            }
            (Phase::Trapped { side }, Act::Keep) => {
                events.push(format!("{side} keeps its trapped Peasants"));
                self.after_trapped(side, roller, &mut events);
            }
            _ => events.push("nothing happens".into()),
        }
        events
    }

    fn after_move(
        &mut self,
        side: Color,
        second: bool,
        roller: &mut Roller<'_>,
        events: &mut Vec<String>,
    ) {
        if second {
            self.score(roller, events);
        } else {
            self.phase = Phase::Move {
                side: !side,
                second: true,
                may_swap: false,
            };
            self.pass_if_stuck(roller, events);
        }
    }

    /// A side without a legal move passes.
    fn pass_if_stuck(&mut self, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        if let Phase::Move { side, second, .. } = self.phase
            && self.board.legal_moves(side).is_empty()
        {
            events.push(format!("{side} has no legal move and passes"));
            if second {
                self.score(roller, events);
            } else {
                self.phase = Phase::Move {
                    side: !side,
                    second: true,
                    may_swap: false,
                };
                self.pass_if_stuck(roller, events);
            }
        }
    }

    /// The scoring phase, then the bomb, or the end of the turn.
    fn score(&mut self, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        let (graph, squares) = self.board.graph();
        let chain: Vec<Square> = Solver::default()
            .longest(&graph)
            .map(|c| c.into_iter().map(|v| squares[v]).collect())
            .unwrap_or_default();
        if chain.is_empty() && !self.chains_started() {
            events.push(format!("turn {}: no chain yet", self.turn));
            // The game loop adds the result to the description, once.
            if self.turn >= FIVE_TURN_RULE || self.turn >= self.limit {
                self.phase = Phase::Over;
            } else {
                self.next_turn(roller, events);
            }
            return;
        }
        let k = chain.len() as u32;
        let points = k * k;
        events.push(if chain.is_empty() {
            format!("turn {}: no chain, 0 points", self.turn)
        } else {
            format!(
                "turn {}: chain of {k} ({}) scores {points}",
                self.turn,
                chain
                    .iter()
                    .map(Square::to_string)
                    .collect::<Vec<_>>()
                    .join("→")
            )
        });
        self.history.push(TurnRecord {
            turn: self.turn,
            points,
            chain,
            bomb: None,
        });
        if self.turn >= self.limit {
            // Nothing after the last scoring can change the result (which the game loop adds
            // to the description).
            self.phase = Phase::Over;
            return;
        }
        self.bomb(roller, events);
    }

    /// The pit phase: roll for the bomb (rerolling onto pits) or, in the non-random variant,
    /// ask for a piece of a longest chain.
    fn bomb(&mut self, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        if !self.random {
            if self.this_turn().is_some_and(|r| r.chain.is_empty()) {
                events.push("no chain this turn, so no bomb".into());
                self.end_turn(roller, events);
            } else {
                self.phase = Phase::Target { center: None };
            }
            return;
        }
        let free = (0..36).any(|i| !self.board.is_pit(bomb_square(i / 6 + 1, i % 6 + 1)));
        if !free {
            events.push("every square from b2 to g7 is already a pit: no bomb".into());
            self.end_turn(roller, events);
            return;
        }
        let center = loop {
            let (Some(file), Some(rank)) = (roller.d6(&mut self.dice), roller.d6(&mut self.dice))
            else {
                // The record's rolls do not fit: the caller discards this position.
                return;
            };
            let s = bomb_square(file, rank);
            if self.board.is_pit(s) {
                events.push(format!(
                    "the dice roll {file}-{rank}: {s} is already a pit, roll again"
                ));
            } else {
                events.push(format!(
                    "the dice roll {file}-{rank}: the bomb falls on {s}"
                ));
                break s;
            }
        };
        if self.board.piece_at(center).is_some() {
            self.bomb_piece(center, roller, events);
            return;
        }
        let around = self.neighbours_with_pieces(center);
        match around.as_slice() {
            [] => {
                self.board.add_pit(center);
                self.bombed(center);
                self.last = vec![center];
                events.push(format!("no piece nearby: {center} becomes a pit"));
                self.end_turn(roller, events);
            }
            [only] => {
                events.push(format!("the only piece in the blast is on {only}"));
                self.bomb_piece(*only, roller, events);
            }
            _ => {
                self.phase = Phase::Target {
                    center: Some(center),
                }
            }
        }
    }

    /// The piece on `target` is hit: its square becomes a pit and it escapes, if it can.
    fn bomb_piece(&mut self, target: Square, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        let Some(piece) = self.board.piece_at(target) else {
            self.end_turn(roller, events);
            return;
        };
        self.board.put(target, None);
        self.board.add_pit(target);
        self.bombed(target);
        self.last = vec![target];
        events.push(format!(
            "the {} on {target} is hit; {target} becomes a pit",
            piece.describe()
        ));
        let options = self.qualifying_escapes(piece, target);
        match options.as_slice() {
            [] => {
                events.push(format!(
                    "no escape square would join a chain: the {} is removed",
                    piece.describe()
                ));
                self.end_turn(roller, events);
            }
            [only] => {
                self.board.put(*only, Some(piece));
                self.last = vec![target, *only];
                events.push(format!(
                    "the {} escapes to {only}, the one square where it joins a chain",
                    piece.describe()
                ));
                self.end_turn(roller, events);
            }
            _ => {
                self.phase = Phase::Escape {
                    from: target,
                    piece,
                }
            }
        }
    }

    /// Notes on this turn's record where the bomb fell.
    fn bombed(&mut self, square: Square) {
        if let Some(record) = self.history.last_mut().filter(|r| r.turn == self.turn) {
            record.bomb = Some(square);
        }
    }

    /// The end of the turn: trapped Peasants, White's first.
    fn end_turn(&mut self, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        self.phase = Phase::Trapped { side: Color::White };
        self.settle_trapped(roller, events);
    }

    fn settle_trapped(&mut self, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        if let Phase::Trapped { side } = self.phase
            && self.board.trapped_peasants(side).is_empty()
        {
            self.after_trapped(side, roller, events);
        }
    }

    fn after_trapped(&mut self, side: Color, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        match side {
            Color::White => {
                self.phase = Phase::Trapped { side: Color::Black };
                self.settle_trapped(roller, events);
            }
            Color::Black => self.next_turn(roller, events),
        }
    }

    fn next_turn(&mut self, roller: &mut Roller<'_>, events: &mut Vec<String>) {
        self.turn += 1;
        self.phase = Phase::Move {
            side: Color::White,
            second: false,
            may_swap: true,
        };
        self.pass_if_stuck(roller, events);
    }
}

/// The first of the choices, to show how to write one.
fn example(choices: &[Square]) -> String {
    choices
        .first()
        .map_or_else(|| "…".into(), Square::to_string)
}

/// The square of a roll: file 1 → b … 6 → g, rank 1 → 2 … 6 → 7.
pub(crate) fn bomb_square(file_die: u8, rank_die: u8) -> Square {
    Square::new(file_die, rank_die).expect("dice give b2..g7")
}
