//! Everything a person can ask the bot, as one enum, and the table that names and explains each
//! command. Every adapter speaks this vocabulary: the console and Matrix read it from text with
//! [`super::parse`], Discord builds it from slash-command options, and a button carries one
//! bound to a board version. Help text and Discord's command descriptions come from [`COMMANDS`].

use super::request::User;
use crate::rules::Color;

/// One command, with its own arguments. Who asks, where, and about which game travel beside it
/// in a [`super::Request`].
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Command {
    /// Start a game: a challenge, an open challenge or a group game.
    New(NewGame),
    /// Accept a challenge.
    Accept,
    /// Decline a challenge, or withdraw one's own.
    Decline,
    /// Join a side of a group game (the smaller one when `None`).
    Join(Option<Color>),
    /// Leave a game that has not started, or a team that keeps other members.
    Leave,
    /// Make a move or answer the game's pending question.
    Move(String),
    /// The moves of the piece on a square, or the legal moves starting with the text.
    Moves(String),
    /// Show the board and whose turn it is.
    Board,
    /// Show the board another way: from `white`'s or `black`'s side, turned round (`flip`),
    /// or in words (`text`); see `board_as`.
    BoardAs(String),
    /// Where each piece of a side (`white`, `black`; both when empty) stands, in words.
    Pieces(String),
    /// The pieces of the game here and how they move (XBetza), each side's army apart.
    Army(String),
    /// Resign at once (`/resign yes`, or the button of [`Command::AskToResign`]).
    Resign,
    /// `/resign` alone: ask the player to confirm, with a button that resigns.
    AskToResign,
    /// Offer a draw, or accept the one offered.
    Draw,
    /// Decline the other side's draw offer, or withdraw one's own.
    DeclineDraw,
    /// Ask to take back one's own last move (and the reply to it, at one's own turn), or
    /// allow the other side's request.
    Undo,
    /// Refuse the other side's undo request, or withdraw one's own.
    DeclineUndo,
    /// The score sheet so far, with the game's record (PGN) to download.
    History,
    /// The asker's open games.
    Games,
    /// Play again with the sides swapped.
    Rematch,
    /// The list of games and commands, or the rules of one game.
    Help(Option<String>),
    /// How one piece of a game moves; a game alone lists its pieces, and without a game the
    /// game open here is meant (its player-defined pieces included).
    Piece { game: String, piece: String },
    /// A server's best players of a game; empty: the leaders of every game.
    Leaderboard(String),
    /// A person's rating history in this server (the asker's when `user` is `None`), in one
    /// game or (empty) in every game they have played here.
    Rating { user: Option<User>, game: String },
    /// A server admin ends an open game, unrated.
    Abort,
    /// Start (a length), end (`off`) or look at one's vacation.
    Vacation(String),
    /// When one is mentioned: `all`, `turn` or `off` (empty: look).
    Notify(String),
    /// Catalonia: the best move pair the bot finds for the turn.
    Hint,
    /// Show the server's limits per person, or (moderators) set them: `challenges=5`…
    Limits(String),
    /// `/seek`: list the open seeks (empty), make one (`cataclysm,katarenga deadline=1d`),
    /// accept one (`accept 3`) or withdraw one's own (`off`); see `seek`.
    Seek(String),
    /// `/subscribe`: list the games one follows (empty), follow one (`GAME`), stop (`GAME
    /// off`), or (moderators) name a role for its seeks (`GAME role=@Role`).
    Subscribe(String),
    /// `/tournament`: list this server's tournaments (empty), announce one (`new chess
    /// format=swiss rounds=5`), or join, leave, start, cancel, standings, pairings (each with
    /// the tournament's number when several could be meant); see `tournament`.
    Tournament(String),
    /// `/replay`: the game as an animated GIF (`from=12 to=30 speed=fast`, any of them).
    Replay(String),
    /// `/review`: the engine's review of a finished game (see `review`).
    Review,
    /// `/settings`: show the server's settings, or (moderators) set them: `replays=off`.
    Settings(String),
    /// `/variant`: the server's own variants: `list` (or nothing), `new NAME` with its
    /// definition, `show NAME`, `delete NAME`; see `variant`.
    Variant(VariantArgs),
    /// `/forget-me`: replace one's name and id by an anonymous one in every record of this
    /// server (of every server, asked in a direct conversation); `true` once confirmed.
    ForgetMe(bool),
    /// Pick a choice the bot offered (a [`super::Choice`]): a Discord button, a Matrix
    /// reaction key and `/click N` typed anywhere all become this one command, so every
    /// platform answers a click in the same words.
    Click(Pick),
}

/// What `/variant` asks for.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct VariantArgs {
    /// The words after the command: `new Nightrider chess`, `show nightrider-chess`, …
    pub words: String,
    /// The definition, for `new`: the lines after the command in the same message, or the
    /// text of the file attached to it.
    pub definition: Option<String>,
}

/// How a click names the choice it picks.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Pick {
    /// `/click N`: what was typed after the command, a number in the newest list offered where
    /// it is typed (empty when nothing was typed).
    Number(String),
    /// The id a button or a reaction key carries ([`super::Choice::encode`]): the game, the
    /// board version it was drawn for and the command it stands for.
    Id(String),
}

/// What `/new` asks for.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct NewGame {
    /// A game's id or display name, in any letter case.
    pub game: String,
    /// The opponent of a two-player game; `None` makes an open challenge anyone may accept.
    pub opponent: Option<User>,
    /// The creator's side; White unless stated.
    pub side: Option<Color>,
    /// Play in teams of any size, where any member acts for the side. Implied by team lists
    /// and by cooperative games.
    pub teams: bool,
    /// Team members named at the start (group games).
    pub white: Vec<User>,
    pub black: Vec<User>,
    /// Game options by name, as the game's row in the table of games lists them.
    pub options: Vec<(String, String)>,
    /// The seed of every random choice of the game; random when `None`.
    pub seed: Option<u64>,
    /// The adapter moves the new game into a thread of its own (Discord): a bot that moves
    /// first waits until then, so that its board is posted in the thread.
    pub opens_thread: bool,
}

/// One command as people see it: its name, how to write it, and what it does.
#[derive(Copy, Clone, Debug)]
pub struct CommandSpec {
    /// The name after `/` or `!`.
    pub name: &'static str,
    /// Other names the text parser accepts.
    pub aliases: &'static [&'static str],
    /// The arguments, as help shows them (empty for none).
    pub usage: &'static str,
    /// What the command does, in one line (Discord's limit is 100 characters).
    pub about: &'static str,
    /// The answer shows a board picture, so an adapter should acknowledge the command before
    /// drawing it (Discord's three seconds).
    pub draws: bool,
}

const fn spec(
    name: &'static str,
    aliases: &'static [&'static str],
    usage: &'static str,
    about: &'static str,
    draws: bool,
) -> CommandSpec {
    CommandSpec {
        name,
        aliases,
        usage,
        about,
        draws,
    }
}

/// Every command, in the order help lists them.
pub const COMMANDS: &[CommandSpec] = &[
    spec(
        "new",
        &["challenge"],
        "GAME [@opponent | ai[=1-5]] [team] [option=value…]",
        "Start a game: challenge someone, make an open challenge, or gather teams.",
        true,
    ),
    spec("accept", &[], "", "Accept a challenge.", true),
    spec(
        "decline",
        &[],
        "",
        "Decline a challenge (or withdraw your own).",
        false,
    ),
    spec(
        "join",
        &[],
        "[white|black]",
        "Join a side of a team game.",
        true,
    ),
    spec(
        "leave",
        &["withdraw"],
        "",
        "Leave a team game that has not started, or withdraw a challenge.",
        true,
    ),
    spec(
        "move",
        &["m"],
        "MOVE",
        "Make a move or answer the game's question (the list offers the legal ones).",
        true,
    ),
    spec(
        "moves",
        &[],
        "[square or prefix]",
        "The legal moves, or the moves of the piece on a square (shown on the board).",
        true,
    ),
    spec(
        "board",
        &["show"],
        "[white|black|flip|text]",
        "Show the board: from a side, turned round, or in words (text) for screen readers.",
        true,
    ),
    spec(
        "pieces",
        &[],
        "[white|black]",
        "Where each piece of a side stands, in words.",
        false,
    ),
    spec(
        "army",
        &["armies"],
        "[white|black]",
        "The pieces of the game here and how they move (XBetza), side by side.",
        false,
    ),
    spec(
        "resign",
        &["abandon"],
        "[yes]",
        "Resign the game: asks you to confirm (\"yes\" resigns at once).",
        true,
    ),
    spec(
        "draw",
        &[],
        "[no]",
        "Offer a draw, or accept the one offered (\"no\" declines it).",
        true,
    ),
    spec(
        "undo",
        &["takeback"],
        "[no]",
        "Ask to take back your last move (and the reply, at your turn), or allow it (\"no\" refuses).",
        true,
    ),
    spec(
        "hint",
        &[],
        "",
        "Catalonia: the best move pair the bot finds for this turn, drawn on the board.",
        true,
    ),
    spec(
        "history",
        &["record"],
        "",
        "The score sheet so far, with the game's record (PGN) to download.",
        false,
    ),
    spec(
        "replay",
        &["gif"],
        "[from= to= speed=]",
        "The game as an animated picture, one frame a move (any game of this server).",
        true,
    ),
    spec(
        "review",
        &["analysis"],
        "",
        "A finished game's review: its costliest moves, or the turns that missed a longer chain.",
        true,
    ),
    spec("games", &["mygames"], "", "Your games in progress.", false),
    spec(
        "rematch",
        &[],
        "",
        "Play again with the sides swapped.",
        true,
    ),
    spec(
        "help",
        &[],
        "[game | command | topic]",
        "The games and commands, or the rules of a game, one command, team or timed play.",
        false,
    ),
    spec(
        "piece",
        &[],
        "[GAME] [PIECE]",
        "How a piece moves, on a diagram; a game alone lists its pieces.",
        true,
    ),
    spec(
        "leaderboard",
        &["scores", "ratings"],
        "[game]",
        "The best players of a game in this server, or the leaders of every game.",
        false,
    ),
    spec(
        "seek",
        &["seeks"],
        "[GAMES [deadline=1d] … | accept N | off]",
        "Seek an opponent for any of several games, list the open seeks, or accept one.",
        true,
    ),
    spec(
        "subscribe",
        &["unsubscribe", "follow"],
        "[GAME [off | role=@Role]]",
        "Be mentioned when someone here seeks a game of GAME (off stops it).",
        false,
    ),
    spec(
        "tournament",
        &["tournaments"],
        "[new GAME … | join | leave | start | standings | pairings] [N]",
        "Slow tournaments here: announce one, join, start, and see standings and pairings.",
        true,
    ),
    spec(
        "rating",
        &["stats"],
        "[@someone] [game]",
        "A player's rating history in this server as a chart: results, best win, time per move.",
        true,
    ),
    spec(
        "abort",
        &[],
        "",
        "Server admins: end any open game at once, unrated (for a stuck or damaged game).",
        true,
    ),
    spec(
        "limits",
        &[],
        "[challenges=N per-minute=N bot-games=N]",
        "This server's limits per person; moderators set them.",
        false,
    ),
    spec(
        "settings",
        &[],
        "[replays=off]",
        "This server's settings (a game's replay posted when it ends); moderators set them.",
        false,
    ),
    spec(
        "variant",
        &["variants"],
        "[new|show|delete NAME]",
        "This server's own variants (/help variants).",
        true,
    ),
    spec(
        "click",
        &["choose"],
        "N",
        "Pick a choice of the last list here by its number (as its button or reaction does).",
        true,
    ),
    spec(
        "vacation",
        &["away"],
        "[3d|off]",
        "Stop your clocks while you are away (up to 14 days), or end the vacation early.",
        false,
    ),
    spec(
        "notify",
        &["mentions"],
        "[all|turn|off]",
        "When the bot mentions you: every move, your turn and reminders (default), or never.",
        false,
    ),
    spec(
        "forget-me",
        &["forgetme"],
        "[yes]",
        "Replace your name and id by an anonymous one in every record here (asks first).",
        false,
    ),
];

/// The command of this name or alias (any letter case).
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == name || c.aliases.contains(&name.as_str()))
}

impl Command {
    /// The entry of [`COMMANDS`] this command belongs to.
    pub fn spec(&self) -> Option<&'static CommandSpec> {
        let name = match self {
            Command::New(_) => "new",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Join(_) => "join",
            Command::Leave => "leave",
            Command::Move(_) => "move",
            Command::Moves(_) => "moves",
            Command::Board | Command::BoardAs(_) => "board",
            Command::Pieces(_) => "pieces",
            Command::Army(_) => "army",
            Command::Resign | Command::AskToResign => "resign",
            Command::Draw | Command::DeclineDraw => "draw",
            Command::Undo | Command::DeclineUndo => "undo",
            Command::History => "history",
            Command::Games => "games",
            Command::Rematch => "rematch",
            Command::Help(_) => "help",
            Command::Piece { .. } => "piece",
            Command::Leaderboard(_) => "leaderboard",
            Command::Rating { .. } => "rating",
            Command::Abort => "abort",
            Command::Vacation(_) => "vacation",
            Command::Notify(_) => "notify",
            Command::Hint => "hint",
            Command::Limits(_) => "limits",
            Command::Seek(_) => "seek",
            Command::Subscribe(_) => "subscribe",
            Command::Tournament(_) => "tournament",
            Command::Replay(_) => "replay",
            Command::Review => "review",
            Command::Settings(_) => "settings",
            Command::Variant(_) => "variant",
            Command::Click(_) => "click",
            Command::ForgetMe(_) => "forget-me",
        };
        find(name)
    }

    /// The answer shows a board picture (see [`CommandSpec::draws`]); a click always may.
    pub fn draws(&self) -> bool {
        self.spec().is_none_or(|spec| spec.draws)
    }
}

/// The command list of `/help`, written with `sigil` (`/` or `!`) before each name.
pub fn command_list(sigil: char) -> String {
    let commands: Vec<String> = COMMANDS
        .iter()
        .map(|c| match c.usage {
            "" => format!("{sigil}{}", c.name),
            usage => format!("{sigil}{} {usage}", c.name),
        })
        .collect();
    format!(
        "Commands: {}\n\
         With several games open in one place, add the game's number: {sigil}board #2 \
         (or {sigil}board 2), {sigil}move e4 #2; {sigil}games lists yours.\n\
         {sigil}abort is for the server's moderators: it ends any open game, unrated. \
         A game's number works only in its own server (and for its players, privately with the \
         bot). On Matrix a server is a room, or its Space once the bot is in it; an upgraded \
         room's games go on in the new room.\n\
         Where commands are typed as text, quote a value with spaces: \
         {sigil}new chess position=\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
        commands.join(" · ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_one_entry_and_a_short_description() {
        for (i, c) in COMMANDS.iter().enumerate() {
            assert!(c.about.chars().count() <= 100, "{}", c.name);
            for other in &COMMANDS[i + 1..] {
                assert_ne!(c.name, other.name);
                assert!(!other.aliases.contains(&c.name), "{}", c.name);
            }
            assert_eq!(find(c.name).map(|s| s.name), Some(c.name));
            for alias in c.aliases {
                assert_eq!(find(alias).map(|s| s.name), Some(c.name));
            }
        }
    }

    #[test]
    fn the_help_lists_every_command() {
        let help = command_list('!');
        for c in COMMANDS {
            assert!(help.contains(&format!("!{}", c.name)), "{}", c.name);
        }
    }
}
