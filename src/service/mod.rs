//! The game service: every command of the bot as a plain async function that returns a
//! structured [`Reply`] (or a [`ServiceError`] whose text is the sentence to show). Adapters
//! (console, Discord, Matrix) only translate to and from these calls; every decision about
//! permissions, turns, teams, draws and undo is made here, against the database.
//!
//! Games are only ever `Box<dyn Game>` built from their row in the table of games
//! ([`crate::rules::registry::GAMES`]), so a new game needs no change here: names, help and
//! options come from its row, whose turn it is from [`crate::rules::Status`], and cooperative
//! scoring from `GameId::is_cooperative`. Adapters list the games with [`Service::games`] and
//! never read the table themselves.
//!
//! The files, bottom to top (each imports only files listed before it, so there is no import
//! cycle):
//! * `request` (who asks, where, about which game), `words` (names and sentences),
//!   `painter` (how boards are drawn), `describe` (what a board picture shows, in words),
//!   `orientation` (which side a game's pictures put at the bottom, and `/board`'s words),
//!   `budget` (how long a reply's text may be, and cutting long lists to fit);
//! * `command` (everything a person can ask, and the table that names and explains it),
//!   `choice` (a command bound to a board version: a button), `typed` (a command written out
//!   as it is typed, for refusals that show what to type);
//! * `reply` (what a command gives back, and its error), `guard` (a panic in a command
//!   becomes an error, not a crash), `parse` (commands typed as text),
//!   `cache` (games kept in memory), `outbox` (the terms of delivery: settings, the news a
//!   change posts, how a platform posts), `clock` (the one time everything is due by),
//!   `queue` (rows claimed in the database and handled once: the loop timers and posts share);
//! * `lease` (this process's lease, which makes its claims hold while it lives);
//! * `base` (the [`Service`] value and the list of games);
//! * `loaded` (a game loaded for a command and what is said about it), `named_pieces` (the
//!   moves of the pieces a letter or a name stands for);
//! * `replay` (rebuilding a game from its record);
//! * `namer` (naming and numbering moves by replaying them: SAN, turns), `sheet` (the score
//!   sheet: the moves in effect as players count them, and what was taken back), `pgn` (a
//!   game's record as PGN);
//! * `rating` (Glicko-2, and the result and ratings when a game ends);
//! * `house` (who may reach a game: its own server, and its players from their direct
//!   conversations), `resolve` (finding and loading the game a command is about), `show` (a game in a
//!   reply), `write` (the one write path of a change to a game), `deliver` (publishing a
//!   change through the outbox, and posts as a claimed queue), `channel` (the one way a
//!   platform shows a command's result, over a small trait each adapter implements);
//! * `limits` (how many games one person may start and keep waiting in a server, and
//!   `/limits`);
//! * `start_words` (what `/new` says of options and teams);
//! * the commands: `start` (`/new`), `gather` (accept, decline, join, leave), `rematch`,
//!   `play` (moves, clicks), `board_as` (the board, turned or in words, and `/pieces`),
//!   `army` (each side's pieces and their moves), `piece` (a piece's diagram), `agree` (draw,
//!   resign), `confirm` (asking before a resignation), `undo`, `abort`, `info` (lists and
//!   leaderboards), `stats` (a person's rating history: `/rating`), `help`, `history` (the score sheet and the record), `moved`
//!   (a place's open games announced where the place moved);
//! * `click` (a choice picked by its id or its number), `run` ([`Service::run`], the one
//!   door: a command to the function that carries it out);
//! * `schedule` (timers as a claimed queue, and what each says when it fires), `driver`
//!   ([`Service::run_background`], the one loop of a process: its timers and its posts).

mod abort;
mod agree;
mod animated;
mod appraise;
mod appraise_turns;
mod army;
mod auto_replays;
mod base;
mod board_as;
mod bot;
mod budget;
mod cache;
mod channel;
mod choice;
mod click;
mod clock;
mod command;
mod confirm;
mod deliver;
mod describe;
mod doors;
mod driver;
mod export;
mod film;
mod forget;
mod gather;
mod guard;
mod health;
mod heavy;
mod help;
mod hint;
mod history;
mod house;
mod info;
mod lease;
mod lifecycle;
mod limits;
mod loaded;
mod markup;
mod metered;
mod moved;
mod named_pieces;
mod namer;
mod notify;
mod offered;
mod orientation;
mod outbox;
mod painter;
mod parse;
mod pgn;
mod piece;
mod play;
mod progress;
mod queue;
mod rated;
mod rating;
mod rematch;
mod replay;
mod reply;
mod request;
mod resolve;
mod resume;
mod review;
mod run;
mod schedule;
mod seek;
mod seek_words;
mod settings;
mod sheet;
mod show;
mod start;
mod start_words;
mod stats;
mod subscribe;
mod thinking;
mod thought;
mod timing;
mod tournament;
mod tournament_duplicate;
mod tournament_history;
mod tournament_round;
mod tournament_table;
mod tournament_words;
mod turn_review;
mod typed;
mod undo;
mod vacation;
mod variant;
mod vote;
mod words;
mod write;

pub use base::{GameInfo, Service, default_painter};
pub use bot::BOT_OPTIONS;
pub use budget::MESSAGE_BUDGET;
pub use cache::CAPACITY_VARIABLE;
pub use channel::{APOLOGY, Channel, Offered, Shown, numbered};
pub use choice::{Choice, Tone};
pub use clock::{Clock, ManualClock, ShiftedClock, SystemClock};
pub use command::{
    COMMANDS, Command, CommandSpec, NewGame, Pick, VariantArgs, command_list, find as find_command,
};
pub use doors::{Closed, Inside};
pub use export::{ExportedGame, iso_time};
pub use lease::LEASE;
pub use limits::DEFAULT_LIMITS;
pub use markup::places_not_lists;
pub use metered::{describe as describe_metrics, platform_error};
pub use orientation::ORIENTATION_OPTION;
pub use outbox::{Outbox, PostFailure, Poster};
pub use painter::{BoardPainter, NoPicture, RenderPainter, TextPainter, text_board};
pub use parse::{Line, ParseError, parse};
pub use play::Suggestions;
pub use progress::{Progress, ShowNotes};
pub use rated::RATED_OPTION;
pub use rating::{TeamOutcome, rate_teams};
pub use replay::{LogError, ReplayError, replay};
pub use reply::{Attachment, GameRef, Image, Reply, ServiceError, ServiceResult};
pub use request::{Place, Request, User};
pub use seek_words::{SeekAsk, read_offer as read_seek_offer};
pub use start::PLAY_THE_BOT;
pub use thought::Thinking;
pub use timing::{TIMING_OPTIONS, span, take_timing};
pub use tournament_words::{Format, TournamentAsk, read_new as read_tournament_terms};
