//! What a definition says, key by key: the board, the pieces, the start position and the rule
//! switches, read from a [`Section`] with Fairy-Stockfish's meanings for the keys it shares with
//! ours, and written back in one canonical form that reads to the same [`Definition`].

use std::collections::HashSet;

use super::{
    error::{DefinitionError, quote},
    ini::Section,
    keys::check_other_keys,
    pieces::{self, PieceSpec},
    values::{
        MAX_RANKS, bad, boolean, counts, counts_text, file_count, file_letter, letters,
        mirrored_ranks, number, region, set_text, squares,
    },
};
use crate::{Square, chess, chesslike::Stalemate};

/// Where castling takes the King when the definition does not say: the c and g files.
const DEFAULT_KING_TO: [u8; 2] = [2, 6];

/// The longest variant name.
const MAX_NAME: usize = 30;

/// A variant as its definition describes it, before it is compiled into tables.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Definition {
    /// The name people start it by.
    pub name: String,
    /// Files, 1 to [`MAX_FILES`](super::MAX_FILES).
    pub files: u8,
    /// Ranks, 1 to [`MAX_RANKS`].
    pub ranks: u8,
    /// Squares that do not exist.
    pub holes: Vec<Square>,
    /// The files wrap around, a to the last.
    pub cylinder: bool,
    /// The piece types, in the order written.
    pub pieces: Vec<PieceSpec>,
    /// The start position, as a position string (FEN).
    pub start: String,
    /// White's promotion ranks, counted from 0 on White's side (Black's mirror them).
    pub promotion_ranks: Vec<u8>,
    /// The symbols a pawn may promote to.
    pub promotion_choices: Vec<String>,
    /// A pawn on a promotion rank must promote (otherwise it may stay a pawn).
    pub promotion_mandatory: bool,
    /// Per symbol, how many of the piece a side may have for a pawn to promote to it
    /// (Fairy-Stockfish's `promotionLimit`, Grand chess's `q:1 r:2`).
    pub promotion_limits: Vec<(String, u8)>,
    /// No piece may move, unpromoted, to a square it could never move from (Fairy-Stockfish's
    /// `immobilityIllegal`: a pawn may not stay a pawn on the last rank).
    pub immobility_illegal: bool,
    /// The ranks (from 0 on the owner's side) where the pieces' initial moves (`i` in XBetza,
    /// the pawn's double step) apply; empty when there are none.
    pub double_step_ranks: Vec<u8>,
    /// Pawns may take en passant.
    pub en_passant: bool,
    /// Castling: orthodox chess's, or its like on another width (see `castling_files`).
    pub castling: bool,
    /// Where castling's King stands (`None`: where the start position has it), where it goes
    /// (queenside, kingside: default the c and g files) and the Rooks' files (default the
    /// corners), as Fairy-Stockfish's `castling…File` keys say.
    pub castling_king_file: Option<u8>,
    /// The King's target files, queenside then kingside.
    pub castling_king_to: [u8; 2],
    /// The castling Rooks' files, queenside then kingside.
    pub castling_rooks: [u8; 2],
    /// The result of a stalemate for the side to move.
    pub stalemate: Stalemate,
    /// Full moves without a capture or pawn move that draw (`nMoveRule`, chess's 50); 0: none.
    pub move_rule: u16,
    /// Occurrences of one position that draw (`nFoldRule`, chess's 3); 0: none.
    pub repetitions: u8,
    /// Shatranj's bare king (`bareKing`, or Fairy-Stockfish's extinction keys as Shatranj
    /// sets them): a side left with its royal piece alone loses.
    pub bare_king: bool,
    /// Checks do not bind and taking the royal piece wins (`kingCapture`, or Fairy-Stockfish's
    /// extinction of one piece type).
    pub king_capture: bool,
}

impl Definition {
    /// The definition a [`Section`] describes.
    pub(super) fn from_section(section: &Section) -> Result<Definition, DefinitionError> {
        let mut seen = HashSet::new();
        for entry in &section.entries {
            let repeatable = entry.key == "piece";
            if !repeatable && !seen.insert(entry.key.as_str()) {
                return Err(DefinitionError::DuplicateKey {
                    line: entry.line,
                    key: quote(&entry.key),
                });
            }
        }
        let on_chess = match section.parent.as_deref() {
            None => false,
            Some(p) if p.eq_ignore_ascii_case("chess") => true,
            Some(p) => return Err(DefinitionError::UnknownParent(quote(p))),
        };
        let name = name(section)?;
        let get = |key: &str| section.entries.iter().find(|e| e.key == key);
        let files = match get("maxFile") {
            Some(e) => file_count(e)?,
            None => 8,
        };
        let ranks = match get("maxRank") {
            Some(e) => number(e, 1, u32::from(MAX_RANKS), "a number of ranks from 1 to 12")? as u8,
            None => 8,
        };
        let holes = match get("holes") {
            Some(e) => squares(e, files, ranks)?,
            None => Vec::new(),
        };
        let cylinder = get("cylinder").map(boolean).transpose()?.unwrap_or(false);
        let mut pieces = pieces_of(section, on_chess)?;
        let start = get("startFen").map_or_else(|| chess::START.to_string(), |e| e.value.clone());
        let promotion_ranks = match (get("promotionRegionWhite"), get("promotionRegionBlack")) {
            (None, None) => vec![ranks - 1],
            (white, black) => mirrored_ranks(white, black, ranks)?,
        };
        let promotion_choices = match get("promotionPieceTypes") {
            Some(e) => letters(e, &pieces)?,
            None => ["Q", "R", "B", "N"]
                .into_iter()
                .filter(|s| pieces.iter().any(|p| p.symbol == *s && !p.royal && !p.pawn))
                .map(str::to_string)
                .collect(),
        };
        for key in ["promotionPieceTypesWhite", "promotionPieceTypesBlack"] {
            if let Some(e) = get(key)
                && letters(e, &pieces)? != promotion_choices
            {
                return Err(DefinitionError::BadValue {
                    line: e.line,
                    key: key.into(),
                    value: quote(&e.value),
                    expected: "the same pieces as promotionPieceTypes: both sides promote alike here",
                });
            }
        }
        let promotion_mandatory = get("mandatoryPawnPromotion")
            .map(boolean)
            .transpose()?
            .unwrap_or(true);
        let promotion_limits = match get("promotionLimit") {
            Some(e) => counts(e, &pieces)?,
            None => Vec::new(),
        };
        let immobility_illegal = get("immobilityIllegal")
            .map(boolean)
            .transpose()?
            .unwrap_or(false);
        let double_step = get("doubleStep").map(boolean).transpose()?.unwrap_or(true);
        let double_step_ranks = if double_step {
            match (get("doubleStepRegionWhite"), get("doubleStepRegionBlack")) {
                // Fairy-Stockfish's default, the second rank, where the board has one.
                (None, None) => [1].into_iter().filter(|&r| r + 1 < ranks).collect(),
                (white, black) => mirrored_ranks(white, black, ranks)?,
            }
        } else {
            Vec::new()
        };
        let en_passant = match (get("enPassant"), get("enPassantRegion")) {
            (Some(e), _) => boolean(e)?,
            (None, Some(e)) if e.value.trim() == "-" => false,
            (None, Some(e)) => {
                return Err(DefinitionError::BadValue {
                    line: e.line,
                    key: e.key.clone(),
                    value: quote(&e.value),
                    expected: "- (no en passant): en passant is allowed everywhere or nowhere here",
                });
            }
            (None, None) => true,
        };
        let castling = get("castling").map(boolean).transpose()?.unwrap_or(true);
        // Without castling the start's castling rights mean nothing, as in Fairy-Stockfish:
        // `[Name:chess]` with `castling = false` starts from chess's position without them.
        let start = if castling {
            start
        } else {
            without_castling_rights(&start)
        };
        let file_key = |key: &str, default: u8| match get(key) {
            Some(e) => file_letter(e, files),
            None => Ok(default),
        };
        let castling_king_file = get("castlingKingFile")
            .map(|e| file_letter(e, files))
            .transpose()?;
        let castling_king_to = [
            file_key("castlingQueensideFile", DEFAULT_KING_TO[0])?,
            file_key("castlingKingsideFile", DEFAULT_KING_TO[1])?,
        ];
        let castling_rooks = [
            file_key("castlingRookQueensideFile", 0)?,
            file_key("castlingRookKingsideFile", files - 1)?,
        ];
        let stalemate = match get("stalemateValue") {
            None => Stalemate::Draw,
            Some(e) => match e.value.to_ascii_lowercase().as_str() {
                "draw" => Stalemate::Draw,
                "loss" => Stalemate::Loss,
                "win" => Stalemate::Win,
                _ => {
                    return Err(DefinitionError::BadValue {
                        line: e.line,
                        key: e.key.clone(),
                        value: quote(&e.value),
                        expected: "draw, loss or win (for the side stalemated)",
                    });
                }
            },
        };
        let move_rule = match get("nMoveRule") {
            Some(e) => number(
                e,
                0,
                1000,
                "a number of moves from 0 (no such rule) to 1000",
            )? as u16,
            None => 50,
        };
        let repetitions = match get("nFoldRule") {
            Some(e) => {
                const EXPECTED: &str =
                    "how many times a position must occur to draw, 2 to 10, or 0 (never)";
                let n = number(e, 0, 10, EXPECTED)?;
                if n == 1 {
                    return Err(bad(e, EXPECTED));
                }
                n as u8
            }
            None => 3,
        };
        let flag = |key: &str| {
            get(key)
                .map(boolean)
                .transpose()
                .map(|v| v.unwrap_or(false))
        };
        let (bare_king, king_capture) = match extinction(section, &pieces)? {
            Extinction::None => (false, false),
            Extinction::BareKing => (true, false),
            Extinction::Capture(symbol) => {
                if let Some(p) = pieces.iter_mut().find(|p| p.symbol == symbol) {
                    pieces::set_royal(p);
                }
                (false, true)
            }
        };
        let bare_king = bare_king || flag("bareKing")?;
        let king_capture = king_capture || flag("kingCapture")?;
        check_other_keys(section)?;
        Ok(Definition {
            name,
            files,
            ranks,
            holes,
            cylinder,
            pieces,
            start,
            promotion_ranks,
            promotion_choices,
            promotion_mandatory,
            promotion_limits,
            immobility_illegal,
            double_step_ranks,
            en_passant,
            castling,
            castling_king_file,
            castling_king_to,
            castling_rooks,
            stalemate,
            move_rule,
            repetitions,
            bare_king,
            king_capture,
        })
    }

    /// The definition in its canonical form: every key written out, Fairy-Stockfish's keys
    /// where it has them, our piece lines for the pieces.
    pub fn to_text(&self) -> String {
        let mut out = format!("[{}]\n", self.name);
        let mut line = |key: &str, value: String| {
            out.push_str(key);
            out.push_str(" = ");
            out.push_str(&value);
            out.push('\n');
        };
        line("maxFile", self.files.to_string());
        line("maxRank", self.ranks.to_string());
        if !self.holes.is_empty() {
            let names: Vec<String> = self.holes.iter().map(Square::to_string).collect();
            line("holes", names.join(" "));
        }
        if self.cylinder {
            line("cylinder", "true".into());
        }
        for piece in &self.pieces {
            line("piece", pieces::to_line(piece));
        }
        line("startFen", self.start.clone());
        line(
            "promotionRegionWhite",
            region(self.promotion_ranks.iter().map(|r| r + 1)),
        );
        line(
            "promotionRegionBlack",
            region(self.promotion_ranks.iter().map(|r| self.ranks - r)),
        );
        line("promotionPieceTypes", set_text(&self.promotion_choices));
        line(
            "mandatoryPawnPromotion",
            self.promotion_mandatory.to_string(),
        );
        if !self.promotion_limits.is_empty() {
            line("promotionLimit", counts_text(&self.promotion_limits));
        }
        if self.immobility_illegal {
            line("immobilityIllegal", "true".into());
        }
        line(
            "doubleStep",
            (!self.double_step_ranks.is_empty()).to_string(),
        );
        if !self.double_step_ranks.is_empty() {
            line(
                "doubleStepRegionWhite",
                region(self.double_step_ranks.iter().map(|r| r + 1)),
            );
            line(
                "doubleStepRegionBlack",
                region(self.double_step_ranks.iter().map(|r| self.ranks - r)),
            );
        }
        line("enPassant", self.en_passant.to_string());
        line("castling", self.castling.to_string());
        if self.castling {
            // Every file where castling happens; where it never does, only the files that
            // differ from the defaults (which may lie off a narrow board, g on six files).
            let castles = self.castling_files().is_some();
            let letter = |file: u8| char::from(b'a' + file).to_string();
            if let Some(file) = self.castling_king_file {
                line("castlingKingFile", letter(file));
            }
            for (key, file, default) in [
                (
                    "castlingQueensideFile",
                    self.castling_king_to[0],
                    DEFAULT_KING_TO[0],
                ),
                (
                    "castlingKingsideFile",
                    self.castling_king_to[1],
                    DEFAULT_KING_TO[1],
                ),
                ("castlingRookQueensideFile", self.castling_rooks[0], 0),
                (
                    "castlingRookKingsideFile",
                    self.castling_rooks[1],
                    self.files - 1,
                ),
            ] {
                if castles || file != default {
                    line(key, letter(file));
                }
            }
        }
        let stalemate = match self.stalemate {
            Stalemate::Draw => "draw",
            Stalemate::Loss => "loss",
            Stalemate::Win => "win",
        };
        line("stalemateValue", stalemate.into());
        line("nMoveRule", self.move_rule.to_string());
        line("nFoldRule", self.repetitions.to_string());
        if self.bare_king {
            line("bareKing", "true".into());
        }
        if self.king_capture {
            line("kingCapture", "true".into());
        }
        out
    }
}

/// A position string with its castling rights field (the third) emptied to `-`.
fn without_castling_rights(start: &str) -> String {
    let mut fields: Vec<&str> = start.split_whitespace().collect();
    if let Some(rights) = fields.get_mut(2) {
        *rights = "-";
    }
    fields.join(" ")
}

/// The end rule Fairy-Stockfish's extinction keys describe, where it is one played here.
enum Extinction {
    /// No extinction keys, or `extinctionValue = none`.
    None,
    /// Shatranj's values: the bare king.
    BareKing,
    /// One piece type that may be captured, which loses (`extinctionPieceTypes = k`): that
    /// piece is the royal one, and checks do not bind.
    Capture(String),
}

/// Fairy-Stockfish's extinction keys as Shatranj sets them: the side left with one piece
/// loses to a side with two or more, claimed after the bare side's reply.
const SHATRANJ_EXTINCTION: [(&str, &str); 5] = [
    ("extinctionValue", "loss"),
    ("extinctionPieceTypes", "*"),
    ("extinctionPieceCount", "1"),
    ("extinctionOpponentPieceCount", "2"),
    ("extinctionClaim", "true"),
];

/// Reads Fairy-Stockfish's extinction keys: Shatranj's bare king, or the capture of one piece
/// type losing the game (its defaults for the counts and the claim); any other extinction rule
/// is refused by name.
fn extinction(section: &Section, pieces: &[PieceSpec]) -> Result<Extinction, DefinitionError> {
    let get = |key: &str| section.entries.iter().find(|e| e.key == key);
    let given: Vec<_> = SHATRANJ_EXTINCTION
        .iter()
        .filter_map(|(key, _)| get(key))
        .collect();
    let Some(first) = given.first() else {
        return Ok(Extinction::None);
    };
    let value_of = |key: &str| get(key).map(|e| e.value.trim().to_ascii_lowercase());
    if given.len() == 1 && value_of("extinctionValue").as_deref() == Some("none") {
        return Ok(Extinction::None);
    }
    if SHATRANJ_EXTINCTION
        .iter()
        .all(|(key, value)| value_of(key).as_deref() == Some(value))
    {
        return Ok(Extinction::BareKing);
    }
    let zero_or_absent = |key: &str| value_of(key).is_none_or(|v| v == "0");
    let capture = value_of("extinctionValue").as_deref() == Some("loss")
        && zero_or_absent("extinctionPieceCount")
        && zero_or_absent("extinctionOpponentPieceCount")
        && value_of("extinctionClaim").is_none_or(|v| v == "false");
    if capture
        && let Some(e) = get("extinctionPieceTypes")
        && let [symbol] = letters(e, pieces)?.as_slice()
    {
        return Ok(Extinction::Capture(symbol.clone()));
    }
    Err(DefinitionError::Unsupported {
        line: first.line,
        key: first.key.clone(),
        why: "the extinction rules played here are Shatranj's bare king (write bareKing = true) \
              and the capture of the one royal piece (write kingCapture = true)",
    })
}

/// The variant's name, from the heading or a `name =` key.
fn name(section: &Section) -> Result<String, DefinitionError> {
    let keyed = section.entries.iter().find(|e| e.key == "name");
    let name = match (&section.name, keyed) {
        (_, Some(e)) => e.value.clone(),
        (Some(n), None) => n.clone(),
        (None, None) => return Err(DefinitionError::NoName),
    };
    valid_name(&name)
}

/// A variant's name, trimmed, if it can name a game: letters (at least one), digits, spaces,
/// `-` and `'`, at most 30 characters.
pub fn valid_name(name: &str) -> Result<String, DefinitionError> {
    let name = name.trim().to_string();
    if !name.chars().any(char::is_alphabetic) {
        return Err(DefinitionError::BadName(
            quote(&name),
            "needs letters, such as Knightmare",
        ));
    }
    if name.chars().count() > MAX_NAME {
        return Err(DefinitionError::BadName(
            quote(&name),
            "is longer than 30 characters",
        ));
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || " -'".contains(c))
    {
        return Err(DefinitionError::BadName(
            quote(&name),
            "may have letters, digits, spaces, - and ' only",
        ));
    }
    Ok(name)
}

/// The pieces: chess's when the definition builds on chess (each removable with `knight = -`),
/// then the piece keys and lines in the order written.
fn pieces_of(section: &Section, on_chess: bool) -> Result<Vec<PieceSpec>, DefinitionError> {
    let mut list: Vec<(String, PieceSpec)> = Vec::new();
    if on_chess {
        for (key, letter) in [
            ("king", "k"),
            ("queen", "q"),
            ("rook", "r"),
            ("bishop", "b"),
            ("knight", "n"),
            ("pawn", "p"),
        ] {
            let piece = pieces::from_key(key, letter).expect("chess's pieces read");
            list.push((key.to_string(), piece));
        }
    }
    for entry in &section.entries {
        let key = entry.key.as_str();
        let keyed = pieces::predefined(key).is_some() || pieces::is_custom_slot(key);
        if key != "piece" && !keyed {
            continue;
        }
        list.retain(|(k, _)| k != key || key == "piece");
        if keyed && entry.value.trim() == "-" {
            continue;
        }
        let piece = if key == "piece" {
            pieces::from_line(&entry.value)
        } else {
            pieces::from_key(key, &entry.value)
        }
        .map_err(|reason| DefinitionError::Piece {
            line: entry.line,
            reason,
        })?;
        if let Some((_, other)) = list.iter().find(|(_, p)| p.symbol == piece.symbol) {
            return Err(DefinitionError::Piece {
                line: entry.line,
                reason: format!(
                    "{} and {} both use the letter {}; give each piece its own",
                    quote(&other.name),
                    quote(&piece.name),
                    piece.symbol
                ),
            });
        }
        list.push((key.to_string(), piece));
        if list.len() > crate::limits::VARIANT_PIECES {
            return Err(DefinitionError::TooManyPieces(list.len()));
        }
    }
    if list.is_empty() {
        return Err(DefinitionError::NoPieces);
    }
    // `pawnTypes` makes the pieces it names the pawns. Without it, as in Fairy-Stockfish, a
    // custom piece lettered p is one (our piece lines say so themselves).
    let pawn_types = section.entries.iter().find(|e| e.key == "pawnTypes");
    if pawn_types.is_none() {
        for (key, p) in &mut list {
            if pieces::is_custom_slot(key) && p.symbol == "P" {
                pieces::set_pawn(p, true);
            }
        }
    }
    let mut pieces: Vec<PieceSpec> = list.into_iter().map(|(_, p)| p).collect();
    if let Some(e) = pawn_types {
        let pawns = letters(e, &pieces)?;
        for p in &mut pieces {
            let pawn = pawns.contains(&p.symbol) && !p.royal;
            pieces::set_pawn(p, pawn);
        }
    }
    Ok(pieces)
}
