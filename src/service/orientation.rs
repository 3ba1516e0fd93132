//! Which side of the board a game's pictures put at the bottom. A shared channel sees one
//! picture for everyone, so by default the board does not turn round after every move: White
//! is at the bottom, as in books and diagrams, except in a game against the bot, which is drawn
//! from the human player's side. `/new … orientation=white|black|turn` chooses (`turn` draws
//! each picture from the side to act). A finished game is drawn from the winner's side, or
//! White's after a draw or a shared score, whatever was chosen. `/board white|black|flip`
//! shows one picture another way without changing the game.

use std::collections::BTreeMap;

use super::{reply::ServiceError, words::shown};
use crate::rules::{Actor, BoardView, Color, OptionSpec, Outcome, Status};

/// The option's name, as `/new` takes it and the game's record keeps it.
pub(crate) const ORIENTATION: &str = "orientation";

/// `/new`'s orientation option, for `/help` and Discord's option list.
pub const ORIENTATION_OPTION: OptionSpec = OptionSpec {
    name: ORIENTATION,
    description: "white (default; against the bot, your side), black, or turn (the side to \
                  act at the bottom): how board pictures are turned",
};

/// How a game's pictures are turned while it is played.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Orientation {
    /// This side at the bottom.
    Fixed(Color),
    /// The side to act at the bottom.
    Turn,
}

impl Orientation {
    fn parse(value: &str) -> Option<Orientation> {
        match value.trim().to_lowercase().as_str() {
            "white" | "w" => Some(Orientation::Fixed(Color::White)),
            "black" | "b" => Some(Orientation::Fixed(Color::Black)),
            "turn" | "side-to-move" | "mover" => Some(Orientation::Turn),
            _ => None,
        }
    }

    /// The value the game's record keeps.
    pub(crate) fn value(self) -> &'static str {
        match self {
            Orientation::Fixed(Color::White) => "white",
            Orientation::Fixed(Color::Black) => "black",
            Orientation::Turn => "turn",
        }
    }
}

/// Takes `orientation=` out of `/new`'s options; `None` when it was not given.
pub(crate) fn take_orientation(
    options: &mut Vec<(String, String)>,
) -> Result<Option<Orientation>, ServiceError> {
    let mut chosen = None;
    let mut rest = Vec::new();
    for (name, value) in options.drain(..) {
        if name.trim().to_lowercase() != ORIENTATION {
            rest.push((name, value));
            continue;
        }
        chosen = Some(Orientation::parse(&value).ok_or_else(|| {
            ServiceError::refused(format!(
                "The orientation is white, black or turn (the side to act at the bottom), not \
                 \"{}\".",
                shown(value.trim())
            ))
        })?);
    }
    *options = rest;
    Ok(chosen)
}

/// The side at the bottom of a picture of a game with these options, in this state.
pub(crate) fn picture_side(
    options: &BTreeMap<String, String>,
    view: &BoardView,
    status: &Status,
) -> Color {
    let chosen = options
        .get(ORIENTATION)
        .and_then(|v| Orientation::parse(v))
        .unwrap_or(Orientation::Fixed(Color::White));
    match (status, chosen) {
        (Status::Over(Outcome::Win { winner, .. }), _) => *winner,
        (Status::Over(_), _) => Color::White,
        (Status::Ongoing { .. }, Orientation::Fixed(side)) => side,
        (
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            },
            Orientation::Turn,
        ) => *side,
        (Status::Ongoing { .. }, Orientation::Turn) => view.perspective.unwrap_or(Color::White),
    }
}

/// What `/board` was asked to show besides the usual picture.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum BoardAsk {
    /// The picture with this side at the bottom.
    From(Color),
    /// The picture turned round from how the game shows it now.
    Flipped,
    /// The board in words, rank by rank.
    Words,
}

/// Reads `/board`'s argument, or the sentence that says what it may be.
pub(crate) fn board_ask(text: &str) -> Result<BoardAsk, ServiceError> {
    match text.trim().to_lowercase().as_str() {
        "white" | "w" => Ok(BoardAsk::From(Color::White)),
        "black" | "b" => Ok(BoardAsk::From(Color::Black)),
        "flip" | "flipped" | "turned" | "rotate" => Ok(BoardAsk::Flipped),
        "text" | "words" | "read" | "spoken" => Ok(BoardAsk::Words),
        _ => Err(ServiceError::refused(format!(
            "/board shows the board from white, black, flip (turned round) or as text (in \
             words); \"{}\" is none of these.",
            shown(text.trim())
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Options, registry};

    fn options(value: &str) -> BTreeMap<String, String> {
        BTreeMap::from([(ORIENTATION.to_string(), value.to_string())])
    }

    #[test]
    fn pictures_keep_white_at_the_bottom_unless_told_otherwise() {
        let mut game = registry::new_game(GameId::Chess, &Options::default(), 0).expect("chess");
        game.play("e2e4").expect("legal");
        let (view, status) = (game.view(), game.status());
        assert_eq!(picture_side(&BTreeMap::new(), &view, &status), Color::White);
        assert_eq!(
            picture_side(&options("black"), &view, &status),
            Color::Black
        );
        assert_eq!(picture_side(&options("turn"), &view, &status), Color::Black);
        for m in ["f7f6", "d2d4", "g7g5", "d1h5"] {
            game.play(m).expect("legal");
        }
        let (view, over) = (game.view(), game.status());
        assert!(matches!(over, Status::Over(_)), "{over:?}");
        assert_eq!(picture_side(&options("black"), &view, &over), Color::White);
        assert_eq!(picture_side(&options("turn"), &view, &over), Color::White);
    }

    #[test]
    fn the_option_and_the_boards_argument_refuse_other_words() {
        let mut given = vec![
            ("Orientation".to_string(), " Turn ".to_string()),
            ("position".to_string(), "x".to_string()),
        ];
        assert_eq!(take_orientation(&mut given), Ok(Some(Orientation::Turn)));
        assert_eq!(given, vec![("position".to_string(), "x".to_string())]);
        let mut bad = vec![("orientation".to_string(), "sideways".to_string())];
        let why = take_orientation(&mut bad).expect_err("refused").to_string();
        assert!(why.contains("\"sideways\""), "{why}");
        assert_eq!(board_ask("FLIP"), Ok(BoardAsk::Flipped));
        assert_eq!(board_ask("text"), Ok(BoardAsk::Words));
        let why = board_ask(&"upside-down".repeat(10))
            .expect_err("refused")
            .to_string();
        assert!(why.starts_with("/board shows the board"), "{why}");
        assert!(why.chars().count() < 200, "{why}");
    }
}
