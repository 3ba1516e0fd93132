//! The built-in example lists, so people can try Version Two, Patch and Easy Patch at once.
//! Each satisfies its game's list rules (the tests check it). Pieces both lists share are
//! written identically, so each becomes one type with two copies in the pool.

use crate::{Color, GameId};

const V2_WHITE: &str = "\
King, K, K, royal
Queen, Q, Q
Rook, R, R
Bishop, B, B
Knight, N, N
Archbishop, A, BN
Chancellor, C, RN
Camel, L, C
Zebra, Z, Z
Nightrider, NR, NN
Wazir, W, W
Ferz, F, F
Dabbaba, D, D
Alfil, E, A
Threeleaper, H, H
Tripper, T, G
Pawn, P, fmWfcF, pawn
Berolina Pawn, BP, fmFfcW, pawn
Chinese Pawn, CP, fW, pawn
fF-Pawn, FP, fF, pawn";

const V2_BLACK: &str = "\
King, K, K, royal
Queen, Q, Q
Rook, R, R
Bishop, B, B
Knight, N, N
Grasshopper, G, gQ
Centaur, CE, KN
Elephant, EL, FA
Alibaba, AB, DA
Phoenix, X, WA
Wazir, W, W
Ferz, F, F
Dabbaba, D, D
Alfil, E, A
Threeleaper, H, H
Tripper, T, G
Soldier, S, fsW, pawn
Crab, CR, ffNbsN
Pawn, P, fmWfcF, pawn
Berolina Pawn, BP, fmFfcW, pawn";

const PATCH_WHITE: &str = "\
King, K, K, royal
Queen, Q, Q
Rook, R, R
Bishop, B, B
Knight, N, N
Archbishop, A, BN
Chancellor, C, RN
Zebra, Z, Z
Wazir, W, W
Ferz, F, F
Dabbaba, D, D
Alfil, E, A
Threeleaper, H, H
Pawn, P, fmWfcF, pawn
Berolina Pawn, BP, fmFfcW, pawn
Chinese Pawn, CP, fW, pawn";

const PATCH_BLACK: &str = "\
King, K, K, royal
Queen, Q, Q
Rook, R, R
Bishop, B, B
Knight, N, N
Grasshopper, G, gQ
Centaur, CE, KN
Elephant, EL, FA
Wazir, W, W
Ferz, F, F
Dabbaba, D, D
Alfil, E, A
Tripper, T, G
Soldier, S, fsW, pawn
Pawn, P, fmWfcF, pawn
fF-Pawn, FP, fF, pawn";

const EASY_WHITE: &str = "\
Queen, Q, Q
Rook, R, R
Bishop, B, B
Knight, N, N
Archbishop, A, BN
Chancellor, C, RN
Camel, L, C";

const EASY_BLACK: &str = "\
Queen, Q, Q
Rook, R, R
Bishop, B, B
Knight, N, N
Grasshopper, G, gQ
Centaur, CE, KN
Cannon, CA, mRcpR";

/// The built-in list of one side for a game with player-defined armies.
pub fn example_list(game: GameId, color: Color) -> Option<&'static str> {
    Some(match (game, color) {
        (GameId::PickATeamV2, Color::White) => V2_WHITE,
        (GameId::PickATeamV2, Color::Black) => V2_BLACK,
        (GameId::Patch, Color::White) => PATCH_WHITE,
        (GameId::Patch, Color::Black) => PATCH_BLACK,
        (GameId::EasyPatch, Color::White) => EASY_WHITE,
        (GameId::EasyPatch, Color::Black) => EASY_BLACK,
        _ => return None,
    })
}
