//! Which keys a definition may have beyond those `definition` reads: Fairy-Stockfish's keys for
//! its own GUI (ignored), for rules played only one way here (accepted with that value), and for
//! rules not played here (refused by name, with what to write instead).

use super::{
    error::{DefinitionError, quote},
    ini::Section,
    pieces,
};

/// Fairy-Stockfish keys this bot reads but plays only one way: each with the one value it takes
/// (whatever the case) and what to write instead.
const FIXED: &[(&str, &str, &str)] = &[
    (
        "checkmateValue",
        "loss",
        "checkmate loses here; leave it out",
    ),
    ("nFoldValue", "draw", "repetition draws here; leave it out"),
    (
        "chess960",
        "false",
        "the start position is fixed here; leave it out",
    ),
    (
        "checking",
        "true",
        "checks are always allowed here; leave it out",
    ),
    (
        "pieceDrops",
        "false",
        "there are no drops here; leave it out",
    ),
    (
        "capturesToHand",
        "false",
        "captured pieces leave the game here; leave it out",
    ),
    (
        "mustCapture",
        "false",
        "captures are never compulsory here; leave it out",
    ),
    ("pass", "false", "nobody may pass here; leave it out"),
    (
        "blastOnCapture",
        "false",
        "captures do not explode here; leave it out",
    ),
    (
        "flagRegionWhite",
        "-",
        "there are no races to a region here; leave it out",
    ),
    (
        "flagRegionBlack",
        "-",
        "there are no races to a region here; leave it out",
    ),
    (
        "checkCounting",
        "false",
        "checks are not counted here; leave it out",
    ),
    (
        "castlingRank",
        "1",
        "castling is on the first rank here; leave it out",
    ),
    (
        "countingRule",
        "none",
        "the counting rules of Makruk are not played here; leave it out",
    ),
];

/// Fairy-Stockfish keys with no effect on the rules (for its own GUI and evaluation).
const IGNORED: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
];

/// Fairy-Stockfish keys for rules this bot does not play, with what to do instead.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("promotedPieceType", "only pawns promote here; leave it out"),
    (
        "tripleStepRegionWhite",
        "initial moves apply on the double-step ranks here; leave it out",
    ),
    (
        "tripleStepRegionBlack",
        "initial moves apply on the double-step ranks here; leave it out",
    ),
    (
        "enPassantTypes",
        "every pawn takes en passant here; leave it out",
    ),
];

/// Refuses the keys that are neither read above nor harmless.
pub(super) fn check_other_keys(section: &Section) -> Result<(), DefinitionError> {
    const READ: &[&str] = &[
        "name",
        "maxFile",
        "maxRank",
        "holes",
        "cylinder",
        "piece",
        "startFen",
        "promotionRegionWhite",
        "promotionRegionBlack",
        "promotionPieceTypes",
        "promotionPieceTypesWhite",
        "promotionPieceTypesBlack",
        "mandatoryPawnPromotion",
        "promotionLimit",
        "immobilityIllegal",
        "doubleStep",
        "doubleStepRegionWhite",
        "doubleStepRegionBlack",
        "enPassant",
        "enPassantRegion",
        "castling",
        "castlingKingFile",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRookKingsideFile",
        "castlingRookQueensideFile",
        "stalemateValue",
        "nMoveRule",
        "nFoldRule",
        "bareKing",
        "kingCapture",
        "extinctionValue",
        "extinctionPieceTypes",
        "extinctionPieceCount",
        "extinctionOpponentPieceCount",
        "extinctionClaim",
        "pawnTypes",
    ];
    for entry in &section.entries {
        let key = entry.key.as_str();
        if READ.contains(&key)
            || IGNORED.contains(&key)
            || pieces::predefined(key).is_some()
            || pieces::is_custom_slot(key)
        {
            continue;
        }
        if let Some((_, value, why)) = FIXED.iter().find(|(k, _, _)| *k == key) {
            if entry.value.trim().eq_ignore_ascii_case(value) {
                continue;
            }
            return Err(DefinitionError::Unsupported {
                line: entry.line,
                key: key.to_string(),
                why,
            });
        }
        if let Some((_, why)) = UNSUPPORTED.iter().find(|(k, _)| *k == key) {
            return Err(DefinitionError::Unsupported {
                line: entry.line,
                key: key.to_string(),
                why,
            });
        }
        return Err(DefinitionError::UnknownKey {
            line: entry.line,
            key: quote(key),
        });
    }
    Ok(())
}
