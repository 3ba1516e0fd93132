//! The pieces of a definition: our `piece = Name, L, XBetza[, royal][, pawn][, picture KIND]`
//! lines, and Fairy-Stockfish's piece keys (`knight = n`, `king = k:KN`,
//! `customPiece1 = a:BN`), whose XBetza comes from Fairy-Stockfish's list of predefined pieces.

use crate::{picka::build::sprite_for, xbetza::Betza};

use super::error::quote;

/// The longest piece name.
const MAX_NAME: usize = 30;
/// The longest picture name.
const MAX_PICTURE: usize = 30;

/// One piece of a defined variant.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PieceSpec {
    /// The name people read: "Nightrider".
    pub name: String,
    /// One or two letters, upper case, as the position string writes White's.
    pub symbol: String,
    /// Its moves, in XBetza, exactly as written.
    pub betza: String,
    /// Checkmate applies to it.
    pub royal: bool,
    /// Pawn family: it promotes, takes en passant and resets the fifty-move count.
    pub pawn: bool,
    /// The picture it is drawn with: one of the piece set's, or a lettered token when the
    /// set has none of that name.
    pub picture: String,
}

/// Fairy-Stockfish's predefined pieces: the key that names one, and its XBetza as this bot
/// writes it (the pawn's en passant and double step are explicit here, `e` and `ifmnD`).
const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceFifmnD"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "ffN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// The pictures of the predefined pieces that the piece set draws by their own name.
const OWN_PICTURES: &[(&str, &str)] = &[
    ("pawn", "pawn"),
    ("knight", "knight"),
    ("bishop", "bishop"),
    ("rook", "rook"),
    ("queen", "queen"),
    ("king", "king"),
    ("centaur", "centaur"),
    ("cannon", "pao"),
];

/// The XBetza of a Fairy-Stockfish piece key, if it is one.
pub(super) fn predefined(key: &str) -> Option<&'static str> {
    PREDEFINED
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(_, betza)| *betza)
}

/// Whether `key` is one of Fairy-Stockfish's custom piece slots, `customPiece1` to `customPiece25`.
pub(super) fn is_custom_slot(key: &str) -> bool {
    key.strip_prefix("customPiece")
        .and_then(|n| n.parse::<u8>().ok())
        .is_some_and(|n| (1..=25).contains(&n))
}

/// A Fairy-Stockfish piece key's value, `n` or `k:KN`: the piece, or why it does not read.
pub(super) fn from_key(key: &str, value: &str) -> Result<PieceSpec, String> {
    let (letter, betza) = match value.split_once(':') {
        Some((letter, betza)) => (letter.trim(), Some(betza.trim())),
        None => (value.trim(), None),
    };
    if letter.chars().count() != 1 || !letter.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(format!(
            "{key} = \"{}\" should be one letter, such as {key} = {}, or a letter and an \
             XBetza (x:QN)",
            quote(value),
            key.chars().next().unwrap_or('x').to_ascii_lowercase()
        ));
    }
    let custom = is_custom_slot(key);
    let betza = match (betza, predefined(key)) {
        (Some(b), _) if custom || key == "king" => b.to_string(),
        (Some(_), _) => {
            return Err(format!(
                "{key} moves as Fairy-Stockfish's {key}; give another piece a customPiece key \
                 (customPiece1 = {letter}:…) or a piece line"
            ));
        }
        (None, Some(b)) => b.to_string(),
        (None, None) => {
            return Err(format!(
                "{key} needs its moves: {key} = {letter}:XBetza, such as {key} = {letter}:BN"
            ));
        }
    };
    Betza::parse(&betza).map_err(|e| e.to_string())?;
    let symbol = letter.to_ascii_uppercase();
    let name = if custom {
        format!("{symbol} piece")
    } else {
        words(key)
    };
    let royal = key == "king";
    let pawn = key == "pawn";
    let picture = OWN_PICTURES
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, p)| p.to_string())
        .unwrap_or_else(|| default_picture(&betza, royal, pawn));
    Ok(PieceSpec {
        name,
        symbol,
        betza,
        royal,
        pawn,
        picture,
    })
}

/// `fersAlfil` → "Fers alfil": a key in words, as a piece's name.
fn words(key: &str) -> String {
    let mut out = String::new();
    for (i, c) in key.chars().enumerate() {
        if i == 0 {
            out.push(c.to_ascii_uppercase());
        } else if c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Our piece line, `Name, L, XBetza[, royal][, pawn][, picture KIND]`.
pub(super) fn from_line(value: &str) -> Result<PieceSpec, String> {
    let fields: Vec<&str> = value.split(',').map(str::trim).collect();
    if fields.len() < 3 {
        return Err(format!(
            "piece = \"{}\" should be the name, the letter and the XBetza, separated by commas, \
             such as piece = Dragon, D, QN (then royal, pawn or picture knight)",
            quote(value)
        ));
    }
    let name = fields[0];
    if !name.chars().any(char::is_alphabetic) {
        return Err(format!(
            "the piece \"{}\" needs a name with letters, such as Dragon",
            quote(value)
        ));
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!(
            "the piece name \"{}\" is longer than {MAX_NAME} characters",
            quote(name)
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || " -'".contains(c)))
    {
        return Err(format!(
            "the piece name \"{}\" may have letters, digits, spaces, - and ', not {c:?}",
            quote(name)
        ));
    }
    let symbol = fields[1];
    if !(1..=2).contains(&symbol.chars().count())
        || !symbol.chars().all(|c| c.is_ascii_alphabetic())
    {
        return Err(format!(
            "the letter \"{}\" of {} should be one or two letters, such as D or DR",
            quote(symbol),
            quote(name)
        ));
    }
    let betza = fields[2];
    Betza::parse(betza).map_err(|e| e.to_string())?;
    let mut piece = PieceSpec {
        name: name.to_string(),
        symbol: symbol.to_ascii_uppercase(),
        betza: betza.to_string(),
        royal: false,
        pawn: false,
        picture: String::new(),
    };
    let mut picture = None;
    for flag in &fields[3..] {
        let lower = flag.to_ascii_lowercase();
        match lower.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["royal"] if !piece.royal => piece.royal = true,
            ["pawn"] if !piece.pawn => piece.pawn = true,
            ["picture", kind] if picture.is_none() => picture = Some(picture_name(kind)?),
            ["royal"] | ["pawn"] | ["picture", _] => {
                return Err(format!("{} gives \"{}\" twice", quote(name), quote(flag)));
            }
            _ => {
                return Err(format!(
                    "\"{}\" is not a flag of {}; after the XBetza come royal, pawn or picture \
                     and a picture's name",
                    quote(flag),
                    quote(name)
                ));
            }
        }
    }
    if piece.royal && piece.pawn {
        return Err(format!(
            "{} cannot be both royal and pawn family",
            quote(name)
        ));
    }
    piece.picture =
        picture.unwrap_or_else(|| default_picture(&piece.betza, piece.royal, piece.pawn));
    Ok(piece)
}

/// The picture of a piece whose definition names none: the piece set's for its XBetza, as
/// Pick-a-team chooses it, except that only the royal piece looks like a King (a Commoner
/// drawn as a second King would mislead) and that a pawn looks like a pawn whatever its moves.
fn default_picture(betza: &str, royal: bool, pawn: bool) -> String {
    match sprite_for(betza, royal, pawn).as_str() {
        "king" if !royal => "custom".into(),
        "custom" if pawn => "pawn".into(),
        other => other.into(),
    }
}

/// Makes a piece a pawn or not (`pawnTypes`, a custom piece lettered p), its picture following
/// when it was the default one.
pub(super) fn set_pawn(piece: &mut PieceSpec, pawn: bool) {
    if piece.picture == default_picture(&piece.betza, piece.royal, piece.pawn) {
        piece.picture = default_picture(&piece.betza, piece.royal, pawn);
    }
    piece.pawn = pawn;
}

/// Makes a piece the royal one (the piece whose capture loses, Fairy-Stockfish's extinction
/// of one type), its picture following when it was the default one.
pub(super) fn set_royal(piece: &mut PieceSpec) {
    if piece.picture == default_picture(&piece.betza, piece.royal, piece.pawn) {
        piece.picture = default_picture(&piece.betza, true, false);
    }
    piece.royal = true;
    piece.pawn = false;
}

/// A picture's name as the piece set spells them: lower-case letters and hyphens.
fn picture_name(kind: &str) -> Result<String, String> {
    let ok = !kind.is_empty()
        && kind.chars().count() <= MAX_PICTURE
        && kind.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    if ok {
        Ok(kind.to_string())
    } else {
        Err(format!(
            "the picture \"{}\" should be a name from the piece set, such as knight or \
             grasshopper",
            quote(kind)
        ))
    }
}

/// The piece as our piece line writes it; [`from_line`] reads it back.
pub(super) fn to_line(piece: &PieceSpec) -> String {
    let mut line = format!("{}, {}, {}", piece.name, piece.symbol, piece.betza);
    if piece.royal {
        line.push_str(", royal");
    }
    if piece.pawn {
        line.push_str(", pawn");
    }
    line.push_str(", picture ");
    line.push_str(&piece.picture);
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fairy_stockfish_keys_with_their_moves_and_pictures() {
        let knight = from_key("knight", "n").unwrap();
        assert_eq!(
            (
                knight.name.as_str(),
                knight.symbol.as_str(),
                knight.betza.as_str()
            ),
            ("Knight", "N", "N")
        );
        assert_eq!(knight.picture, "knight");
        let king = from_key("king", "k:KN").unwrap();
        assert!(king.royal);
        assert_eq!(king.betza, "KN");
        let custom = from_key("customPiece3", "g:gQ").unwrap();
        assert_eq!(custom.name, "G piece");
        assert_eq!(custom.picture, "grasshopper");
        assert_eq!(from_key("fersAlfil", "e").unwrap().name, "Fers alfil");
        assert!(from_key("pawn", "p").unwrap().pawn);
        // Only the royal piece looks like a King; a pawn looks like a pawn.
        assert_eq!(from_key("commoner", "m").unwrap().picture, "custom");
        let mut berolina = from_key("customPiece1", "p:mfFcfeWimfnA").unwrap();
        assert_eq!(berolina.picture, "custom");
        set_pawn(&mut berolina, true);
        assert_eq!(berolina.picture, "pawn");
        let mut drawn = from_line("Wizard, W, K, picture gentleman").unwrap();
        set_pawn(&mut drawn, true);
        assert_eq!(drawn.picture, "gentleman");
    }

    #[test]
    fn refuses_piece_keys_that_do_not_read() {
        assert!(from_key("knight", "nn").unwrap_err().contains("one letter"));
        assert!(
            from_key("knight", "n:NN")
                .unwrap_err()
                .contains("customPiece")
        );
        assert!(
            from_key("customPiece1", "a")
                .unwrap_err()
                .contains("needs its moves")
        );
        assert!(
            from_key("customPiece1", "a:Z9x")
                .unwrap_err()
                .contains("in \"Z9x\"")
        );
        assert!(is_custom_slot("customPiece25") && !is_custom_slot("customPiece26"));
    }

    #[test]
    fn reads_our_piece_lines_and_writes_them_back() {
        let piece = from_line("Wizard, wz, FC, picture gentleman").unwrap();
        assert_eq!(piece.symbol, "WZ");
        assert_eq!(piece.picture, "gentleman");
        assert_eq!(from_line(&to_line(&piece)).unwrap(), piece);
        let pawn = from_line("Soldier, S, fmWfcF, pawn").unwrap();
        assert!(pawn.pawn && pawn.picture == "pawn");
        assert_eq!(from_line(&to_line(&pawn)).unwrap(), pawn);
    }

    #[test]
    fn refuses_piece_lines_that_do_not_read() {
        assert!(
            from_line("Wizard, W")
                .unwrap_err()
                .contains("separated by commas")
        );
        assert!(from_line("42, W, K").unwrap_err().contains("needs a name"));
        assert!(from_line("Wiz|ard, W, K").unwrap_err().contains("not '|'"));
        assert!(
            from_line("Wizard, W1, K")
                .unwrap_err()
                .contains("one or two letters")
        );
        assert!(
            from_line("Wizard, W, K, royal, royal")
                .unwrap_err()
                .contains("twice")
        );
        assert!(
            from_line("Wizard, W, K, royal, pawn")
                .unwrap_err()
                .contains("both")
        );
        assert!(
            from_line("Wizard, W, K, flies")
                .unwrap_err()
                .contains("not a flag")
        );
        assert!(
            from_line("Wizard, W, K, picture Big_One")
                .unwrap_err()
                .contains("picture")
        );
    }
}
