//! Tests of the rules core: perft against published counts, one test per Cataclysm rule, the
//! position format, move notation, game endings, and an oracle for the fast move generator.

mod cataclysm;
mod chess;
mod decisions;
mod game_end;
mod generated_pieces;
mod helpers;
mod notation;
mod oracle;
mod perft_files;
mod position_format;
mod ranges;
