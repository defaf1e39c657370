//! The compact moves of Hop Chess: the piece part of a turn
//! ([`PieceMove`], its whole path, HOP-3 … HOP-6) and the turn
//! ([`Turn`]: the piece move and the placement, HOP-2), the game's
//! [`crate::core::Game::Move`]. The edge speaks their canonical text
//! (see [`super::notation`]).

/// A piece move (the part of a turn before the placement), compact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceMove {
    /// Start square, every hop square, end square.
    pub path: [u8; 6],
    /// Number of squares used in `path` (2 + the number of hops).
    pub len: u8,
    /// The final leg captures (en passant included).
    pub capture: bool,
    /// The capture is en passant (HOP-5).
    pub ep: bool,
    /// Promoted piece kind (0: none) and where the promotion happened.
    pub promo: u8,
    /// Square where the promotion happened ([`NONE`](super::NONE) without promotion).
    pub promo_at: u8,
    /// Castling: the rook's square; [`NONE`](super::NONE) otherwise.
    pub castle: u8,
}

impl PieceMove {
    /// The start square.
    #[inline]
    pub fn from(&self) -> u8 {
        self.path[0]
    }
    /// The end square.
    #[inline]
    pub fn to(&self) -> u8 {
        self.path[self.len as usize - 1]
    }
    /// The number of hops (trampolines passed through, HOP-3).
    #[inline]
    pub fn hops(&self) -> usize {
        self.len as usize - 2
    }
}

/// A turn (HOP-2, G2): the piece move with its whole path, and the square
/// the mover's trampoline is placed on ([`NONE`](super::NONE) on White's first turn).
/// The game's compact move ([`crate::core::Game::Move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The piece move, with its whole path.
    pub piece: PieceMove,
    /// Where the mover's trampoline is placed ([`NONE`](super::NONE) on White's first turn).
    pub place: u8,
}
