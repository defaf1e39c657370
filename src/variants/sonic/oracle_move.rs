//! The oracle's own move type: a turn as the moving piece's full path and
//! the player's further decisions, the plain form that a second, naive
//! implementation compares most easily (G2: two turns are the same turn
//! exactly when path and decisions are equal). The reference itself uses
//! [`super::moves::SonicMove`]; [`super::Sonic::oracle_move`] converts.

use smallvec::SmallVec;

use super::eggman::Form;
use crate::core::{Rotation, Square};

/// A decision of a turn beyond the moving piece's path (G2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub(crate) enum Extra {
    /// Pending king-form choice made at the start of the turn (SCA-9.1/9.2).
    StartForm(Form),
    /// Bounce rotation chosen at the first capture (SCA-4.1).
    Rotation(Rotation),
    /// Castling with the rook on this square (the path holds the king's).
    Castle { rook: Square },
    /// Promotion of the pawn that ends on `on` to `piece` (its letter).
    Promote { on: Square, piece: u8 },
    /// Form switch after the move (SCA-8.1).
    SwitchForm(Form),
}

/// The squares of the moving piece, start square first.
pub(crate) type Path = SmallVec<[Square; 6]>;

/// One turn: the path and the further decisions, in notation order.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub(crate) struct Move {
    /// Start square, then every square where the piece lands, turns or
    /// captures, in order; the last is where it ends.
    pub path: Path,
    /// The decisions beyond the path.
    pub extras: SmallVec<[Extra; 2]>,
}

impl Move {
    /// A move from one square to another.
    pub fn step(from: Square, to: Square) -> Move {
        let mut path = Path::new();
        path.push(from);
        path.push(to);
        Move {
            path,
            extras: SmallVec::new(),
        }
    }
    /// This move with one more decision.
    pub fn with(mut self, e: Extra) -> Move {
        self.extras.push(e);
        self
    }
    /// The start square.
    pub fn from(&self) -> Option<Square> {
        self.path.first().copied()
    }
}
