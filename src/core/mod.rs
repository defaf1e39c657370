//! Core model shared by every game: geometry, the one [`Move`] type, the
//! [`Game`] trait, rule options, perft, errors and notation helpers.

pub mod bitboard;
pub mod chess;
pub mod diagram;
pub mod error;
pub mod game;
pub mod geometry;
pub mod hex;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod rules;

pub use error::{Error, ErrorKind, Field, MoveError, PositionError, RuleError};
pub use game::{Color, Counter, DynGame, Game, MoveSink, Outcome, Verdict};
pub use geometry::{Board, Dir, Square};
pub use moves::{Decision, Form, KnightPath, Move, Rotation};
pub use rules::{Mutant, OptionKind, RuleOption, Rules};
