//! Tests of the rules core: perft of every game against its data file, one test per rule of
//! each game, the position format, move notation, game endings, every piece's range, oracles
//! for the fast move generators, and the fuzz suite of every parser of outside text.

mod ai;
mod cataclysm;
mod catalonia;
mod chess;
mod chromopolis;
mod custom;
mod decisions;
mod defined_games;
mod game_end;
mod generated_pieces;
mod helpers;
mod katarenga;
mod notation;
mod oracle;
mod pasted;
mod perft;
mod picka;
mod position_format;
mod ranges;
