//! The core every game builds on: geometry, the shared small types, what
//! the bitboard chess games share ([`bitchess`]: square sets over `u64` /
//! `u128`, FEN parse and validation, move text, pictures; `batch`: how
//! their move generators hand whole target sets to a sink), the
//! traits of a game by concern — rules ([`Game`]), text ([`Notation`]),
//! verdicts ([`Explain`]), pictures (`Draw`, feature `pictures`) — the
//! object-safe face [`DynGame`], what a game registers ([`Variant`]),
//! typed rule options ([`Rules`]), perft, and errors.
//!
//! Layers: core names no game and not the registry; games name core (and
//! their documented base game); the registry (the `variants` module) names the
//! games; the CLI and the conformance runner name all of them.

pub(crate) mod batch;
pub mod bitboard;
pub mod bitchess;
pub mod chess;
pub mod color;
#[cfg(feature = "pictures")]
pub mod diagram;
#[cfg(feature = "pictures")]
pub mod draw;
pub mod dyn_game;
pub mod error;
pub mod explain;
pub mod game;
pub mod geometry;
pub mod hex;
pub mod notation;
pub mod perft;
pub mod rules;
pub mod sink;
pub mod table;
#[cfg(test)]
#[path = "../../tests/common/testing.rs"]
pub(crate) mod testing;
pub mod variant;

pub use color::{ByColor, Color, Outcome};
#[cfg(feature = "pictures")]
pub use draw::Draw;
pub use dyn_game::DynGame;
pub use error::{Error, ErrorKind, Field, MoveError, PositionError, RuleError};
pub use explain::{Explain, RuleLog, Trace, Verdict};
pub use game::Game;
pub use geometry::{Board, Dir, Rotation, Square};
pub use notation::Notation;
pub use perft::{perft, PerftOptions};
pub use rules::{Choice, Mutant, OptionKind, RuleOption, Rules};
pub use sink::{Candidates, Counter, First, Flow, MoveSink, Rejection};
pub use variant::{ParseFn, Variant};
