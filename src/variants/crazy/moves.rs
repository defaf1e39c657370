//! The compact Crazy Chess move ([`Move`]): everything the player to move
//! decides in one turn (G2) in a fixed-size `Copy` value that the
//! generator builds, `play` consumes and the notation writes directly
//! ([`Move::text`]).

use super::board::{BISHOP, KNIGHT, QUEEN, ROOK};

/// Most squares on a move's path: a disguise chain (CRZ-P5) through every
/// pawn of one colour (CRZ-V: at most 15 beside the king) plus the piece
/// that travels.
pub const MAX_PATH: usize = 16;

/// One of the two paths of a knight move (CRZ-N1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum KnightPath {
    /// Two squares along the long axis first, then one across (`:L`).
    LongFirst,
    /// One square across first, then two along (`:S`).
    ShortFirst,
}

/// What kind of turn a move is; the path's meaning follows from it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// DEN-2: deny the opponent's last turn (empty path).
    Deny,
    /// One landing: a slider, a pawn step, capture or en passant, or a
    /// single king step (mutant `king-single-step`). Path `[from, to]`.
    Step,
    /// A knight leap along one of its two paths (CRZ-N1): `[from, to]`,
    /// or `[from, passing-capture square, to]` (CRZ-N2/N3).
    Knight(KnightPath),
    /// Two king steps (CRZ-K1): `[from, first, second]`.
    King,
    /// Castling as the king's first step, then a second step (CRZ-K3):
    /// `[king square, castling square, second]`.
    Castle,
    /// The queen's all-round capture (CRZ-Q1): `[queen square]`.
    AllRound,
    /// A disguise chain (CRZ-P4/P5): `[pawn, X, next pawn, ...]`.
    Disguise,
}

/// One complete turn (G2), compact. Entries past `len` are 0, so equal
/// moves compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// What kind of move this is.
    pub kind: Kind,
    /// Squares on the path.
    pub len: u8,
    /// Path squares (index `rank * 8 + file`).
    pub sq: [u8; MAX_PATH],
    /// The level (0 = base) of the piece meant at each path index: the
    /// mover at 0, a captured rider, a disguised piece, a chain pawn
    /// (CRZ-R3).
    pub lv: [u8; MAX_PATH],
    /// Bit `k`: a capture on path square `k`.
    pub cap: u16,
    /// Bit `k`: the piece enters the rook stack on path square `k`
    /// (CRZ-R2); on the last square after a capture: a knight that
    /// entered once its capture was resolved (CRZ-N2/N3).
    pub ent: u16,
    /// Bit `j`: a pawn promotes on promotion square `j` (`file` on rank 1,
    /// `8 + file` on rank 8; CRZ-P3).
    pub promo: u16,
    /// Two bits per promotion square: the piece chosen ([`PROMOTION_KINDS`]).
    pub choice: u32,
}

/// Promotion choices in the order of the two-bit codes of [`Move::choice`].
pub const PROMOTION_KINDS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// The promotion index of a square on rank 1 or 8.
#[inline]
pub fn promo_index(sq: usize) -> usize {
    (sq & 7) | if sq >= 56 { 8 } else { 0 }
}

impl Move {
    /// The `deny` turn (DEN-2).
    pub const DENY: Move = Move {
        kind: Kind::Deny,
        len: 0,
        sq: [0; MAX_PATH],
        lv: [0; MAX_PATH],
        cap: 0,
        ent: 0,
        promo: 0,
        choice: 0,
    };

    /// A move of `kind` starting with the piece at `level` of `from`.
    #[inline]
    pub fn new(kind: Kind, from: usize, level: usize) -> Move {
        let mut m = Move {
            kind,
            len: 1,
            ..Move::DENY
        };
        m.sq[0] = from as u8;
        m.lv[0] = level as u8;
        m
    }

    /// Appends path square `sq` (level `level`).
    #[inline]
    pub fn push(&mut self, sq: usize, level: usize) {
        let k = self.len as usize;
        self.sq[k] = sq as u8;
        self.lv[k] = level as u8;
        self.len += 1;
    }

    /// Removes the last path square.
    #[inline]
    pub fn pop(&mut self) {
        self.len -= 1;
        let k = self.len as usize;
        self.sq[k] = 0;
        self.lv[k] = 0;
    }

    /// `self` with path square `sq` appended, captured (`cap`) or entered
    /// (`ent`) there.
    #[inline]
    pub fn to(mut self, sq: usize, cap: bool, ent: bool) -> Move {
        let k = self.len;
        self.push(sq, 0);
        self.cap |= u16::from(cap) << k;
        self.ent |= u16::from(ent) << k;
        self
    }

    /// The squares of the path.
    pub fn path(&self) -> &[u8] {
        &self.sq[..self.len as usize]
    }

    /// The start square (index `rank * 8 + file`).
    #[inline]
    pub fn from(&self) -> usize {
        self.sq[0] as usize
    }

    /// The last square of the path.
    #[inline]
    pub fn last(&self) -> usize {
        self.sq[self.len as usize - 1] as usize
    }

    /// Whether the move captures on path square `k`.
    #[inline]
    pub(crate) fn captures_at(&self, k: usize) -> bool {
        self.cap & (1 << k) != 0
    }

    /// Whether the move enters a rook on path square `k` (CRZ-R3).
    #[inline]
    pub(crate) fn enters_at(&self, k: usize) -> bool {
        self.ent & (1 << k) != 0
    }

    /// The squares of the path as a bitboard.
    #[inline]
    pub fn path_mask(&self) -> u64 {
        self.path().iter().fold(0, |m, &s| m | 1u64 << s)
    }

    /// Records the promotion on `sq` (rank 1 or 8) to `code`
    /// ([`PROMOTION_KINDS`]).
    #[inline]
    pub fn promote(&mut self, sq: usize, code: usize) {
        let j = promo_index(sq);
        self.promo |= 1 << j;
        self.choice = (self.choice & !(3 << (2 * j))) | ((code as u32) << (2 * j));
    }

    /// The piece kind chosen for the pawn promoting on `sq`, if the move
    /// names one.
    pub fn promotion_on(&self, sq: usize) -> Option<u8> {
        let j = promo_index(sq);
        (self.promo & (1 << j) != 0).then(|| PROMOTION_KINDS[(self.choice >> (2 * j)) as usize & 3])
    }

    /// The canonical move text (CONFORMANCE.md, crazy section).
    pub fn text(&self) -> String {
        super::notation::move_text(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn promotions_round_trip() {
        let mut m = Move::new(Kind::Step, 52, 0).to(60, false, false);
        m.promote(60, 3);
        m.promote(3, 1);
        assert_eq!(m.promotion_on(60), Some(KNIGHT));
        assert_eq!(m.promotion_on(3), Some(ROOK));
        assert_eq!(m.promotion_on(4), None);
        assert_eq!(m.text(), "e7e8=d1r=e8N");
    }
}
