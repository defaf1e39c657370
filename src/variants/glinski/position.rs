//! The validated Gliński position (GLN-1, and MCC-1 / SHF-1 by its base):
//! its state, the typed pieces ([`Role`], [`Color`]), the attack test and
//! playing a move (copy-make).
//!
//! State: eight 128-bit occupancy boards (six roles, two colours) on the
//! slots of [`crate::core::hex`], side to move, en passant cell, mutant
//! flags, the counters, and (only under the mutant
//! `double-step-first-move-only`) the set of pawns that have moved: about
//! 170 bytes, copied per node (copy-make). The legal move generator is in
//! [`super::generate`], the compact move in [`super::moves`].

use crate::core::hex::{self, bishop_attacks, rook_attacks, DIAGONAL_LINES, ORTHOGONAL_LINES};
use crate::core::{Outcome, Trace};

use super::base::{Base, BaseId, BASES, GLINSKI};
use super::moves::{Mv, F_CASTLE, F_DOUBLE, F_EP, F_NORMAL, F_TRIPLE};
use crate::core::hex::Shape;

use crate::core::bitchess::piece_sets;
pub use crate::core::bitchess::PieceSets;
pub use crate::core::chess::{ByRole, Role};
pub use crate::core::{ByColor, Color};

/// "No en passant cell" (slot 0 is off the board).
pub const NO_EP: u8 = 0;

/// Mutant flags (deliberate misreadings of GLN-1, for mutation testing).
pub const MUT_DIAGONAL_PAWN_CAPTURES: u8 = 1;
pub const MUT_FIRST_MOVE_DOUBLE_STEP: u8 = 2;
pub const MUT_NO_EP: u8 = 4;
pub const MUT_KING_INTO_CHECK: u8 = 8;
pub const MUT_PINNED_MOVE: u8 = 16;

/// Mutant flags of the other bases (MCC-1, SHF-1). The capture kind is
/// flipped by `MUT_DIAGONAL_PAWN_CAPTURES` on every base (on MCC-1 / SHF-1
/// it gives GLN-1's orthogonal captures).
pub const MUT_CENTRE_DOUBLE_STEP: u8 = 32;
/// SHF-1 misread: a pawn on a start cell moves 2 cells at most.
pub const MUT_NO_TRIPLE_STEP: u8 = 64;
/// SHF-1 misread: castling passes over / lands on attacked cells freely.
pub const MUT_CASTLE_THROUGH_CHECK: u8 = 128;

/// Rule options (SHF-1): en passant only on the crossed cell next to the
/// pawn's destination (`ep=last`).
pub const OPT_EP_LAST: u8 = 1;
/// Rule option (SHF-1): long castling only (`castling=long`).
pub const OPT_LONG_CASTLING: u8 = 2;
/// Rule option (MCC-1): move texts read with McCooey's file letters
/// (`letters=mccooey`, see [`super::record::mccooey_letters`]); no effect
/// on the moves.
pub const OPT_MCCOOEY_LETTERS: u8 = 4;

/// The start cells of each colour's pawns (GLN-1): White b1 c2 d3 e4 f5
/// g4 h3 i2 k1, Black b7 … k7. A pawn of that colour on one of them may
/// step two cells.
pub const START: ByColor<u128> = GLINSKI.pawn_start;

/// The promotion cells (the far edge: the cells with no cell straight
/// ahead): White a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6, Black rank 1.
pub const PROMOTION: ByColor<u128> = GLINSKI.promotion;

/// Cells a pawn of each colour can stand on: reachable from its start
/// cells by its moves (forward and the two capture directions). The rest
/// ("behind" the start cells) is impossible in a position.
pub const PAWN_CELLS: ByColor<u128> = GLINSKI.pawn_cells;

pub use super::base::{CAPTURE_DIRS, FORWARD, PAWN_ATTACKS};

/// The position. Only [`super::notation::Setup::validate`] builds one from
/// outside, so move generation never sees an inconsistent state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pos {
    /// The cells of each role's pieces, both sides.
    pub roles: ByRole<u128>,
    /// The cells of each side's pieces.
    pub colors: ByColor<u128>,
    /// The side to move.
    pub turn: Color,
    /// The crossed cell next to the destination of the last move's
    /// multi-step (a double step's skipped cell), or `NO_EP`.
    pub ep: u8,
    /// The other crossed cell of a three-cell move (SHF-1), or `NO_EP`.
    pub ep2: u8,
    pub mutants: u8,
    /// Which base (GLN-1, MCC-1, SHF-1).
    pub base: BaseId,
    /// Rule options (`OPT_*`).
    pub opts: u8,
    /// Castling rights: bit `i` = `base.castlings[i]` (SHF-1).
    pub castling: u8,
    /// Pawns that have moved (kept only under the mutant
    /// `double-step-first-move-only`; 0 otherwise).
    pub moved: u128,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// Everything the next moves depend on; the counters are left out (no
/// rule reads them), so transpositions share their hash.
impl std::hash::Hash for Pos {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.roles.hash(h);
        self.colors.hash(h);
        self.turn.hash(h);
        self.ep.hash(h);
        self.ep2.hash(h);
        self.mutants.hash(h);
        self.base.hash(h);
        self.opts.hash(h);
        self.castling.hash(h);
        self.moved.hash(h);
    }
}

#[inline(always)]
pub(super) fn bit(s: usize) -> u128 {
    1u128 << s
}

/// The base of const index `B` (folded at compile time).
#[inline(always)]
pub(super) const fn base_of<const B: usize>() -> &'static Base {
    &BASES[B]
}

// The occupancy boards as the shared square sets: `occupied`, `pieces`,
// `role_at` and `color_at` (slot indices as `u32`) come from there.
piece_sets!(Pos, u128, Role);

impl Pos {
    /// The base the position is played on.
    #[inline]
    pub fn base(&self) -> &'static Base {
        Base::of(self.base)
    }

    /// The board shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.base().shape
    }

    /// The name of slot `s` on this position's board.
    pub fn name(&self, s: usize) -> String {
        self.shape().slot_name(s)
    }

    /// The king slot of `color` (`None` only under a mutant that lets a
    /// king be taken).
    #[inline]
    pub fn king(&self, color: Color) -> Option<usize> {
        let k = self.pieces(color, Role::King);
        (k != 0).then(|| k.trailing_zeros() as usize)
    }

    /// 0 for the rules, 1 under the mutant `diagonal-pawn-captures` (the
    /// other capture kind).
    #[inline]
    pub fn pawn_mode(&self) -> usize {
        (self.mutants & MUT_DIAGONAL_PAWN_CAPTURES != 0) as usize
    }

    /// The capture kind of the pawns (`base::CAPTURE_*`), the mutant's
    /// flip included: index into `CAPTURE_DIRS`.
    #[inline]
    pub fn capture_kind(&self) -> usize {
        self.base().captures ^ self.pawn_mode()
    }

    /// The cells a pawn of `color` on `s` attacks.
    #[inline]
    pub fn pawn_attacks(&self, color: Color, s: usize) -> u128 {
        self.base().pawn_attacks(self.capture_kind(), color, s)
    }

    /// Whether a piece of `them` (the set `them_bb`, a subset of one
    /// colour's pieces) attacks slot `sq` with occupancy `occ` (the piece
    /// moves of GLN-1 on the position's board; early exits).
    #[inline]
    pub fn attacked(&self, sq: usize, by: Color, them_bb: u128, occ: u128) -> bool {
        match self.base {
            BaseId::Glinski => self.attacked_on::<0>(sq, by, them_bb, occ),
            BaseId::Mccooey => self.attacked_on::<1>(sq, by, them_bb, occ),
            BaseId::Shafran => self.attacked_on::<2>(sq, by, them_bb, occ),
        }
    }

    #[inline(always)]
    pub(super) fn attacked_on<const B: usize>(
        &self,
        sq: usize,
        by: Color,
        them_bb: u128,
        occ: u128,
    ) -> bool {
        let base = base_of::<B>();
        let kind = base.captures ^ self.pawn_mode();
        if hex::KNIGHT[sq] & self.roles[Role::Knight] & them_bb != 0
            || base.pawn_attacks(kind, by.other(), sq) & self.roles[Role::Pawn] & them_bb != 0
            || hex::KING[sq] & self.roles[Role::King] & them_bb != 0
        {
            return true;
        }
        // The pieces all stand on the board, so the unmasked tables of
        // Gliński's board find the same attackers.
        let rq = (self.roles[Role::Rook] | self.roles[Role::Queen]) & them_bb;
        if rq & ORTHOGONAL_LINES[sq] != 0 && rook_attacks(sq, occ) & rq != 0 {
            return true;
        }
        let bq = (self.roles[Role::Bishop] | self.roles[Role::Queen]) & them_bb;
        bq & DIAGONAL_LINES[sq] != 0 && bishop_attacks(sq, occ) & bq != 0
    }

    /// Whether `color`'s king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        let them = color.other();
        self.king(color)
            .is_some_and(|k| self.attacked(k, them, self.colors[them], self.occupied()))
    }

    /// Whether the side to move is in check.
    pub fn checked(&self) -> bool {
        self.in_check(self.turn)
    }

    /// The end of the game (GLN-1, MCC-1, SHF-1), `has_legal_move` asked
    /// only when the side to move has its king: without it (only under
    /// the mutant `king-into-check`) that side has lost; else, with no
    /// legal move, checkmate (in check: the other side wins) or stalemate
    /// (a draw).
    pub fn outcome(&self, has_legal_move: impl FnOnce() -> bool) -> Option<Outcome> {
        let them = self.turn.other();
        if self.king(self.turn).is_none() {
            return Some(Outcome::Win(them));
        }
        if has_legal_move() {
            return None;
        }
        Some(if self.checked() {
            Outcome::Win(them)
        } else {
            Outcome::Draw
        })
    }

    /// Plays a move produced by [`Pos::generate`] (copy-make: the caller
    /// keeps the old position), telling `trace` the rule of each effect
    /// that happens (a capture, en passant, promotion, castling: the
    /// base's rule ID). Perft passes `()`, for which the reports fold away.
    #[inline]
    pub fn make<T: Trace>(&mut self, m: Mv, trace: &mut T) {
        let rule = self.base().rule;
        let (from, to) = (m.from as usize, m.to as usize);
        let us = self.turn;
        let them = us.other();
        let (fb, tb) = (bit(from), bit(to));
        let role = self.role_at(from as u32).unwrap_or(Role::Pawn);
        self.halfmove += 1;
        if self.colors[them] & tb != 0 {
            for r in &mut self.roles.0 {
                *r &= !tb;
            }
            self.colors[them] ^= tb;
            self.halfmove = 0;
            trace.note(rule);
        }
        self.roles[role] ^= fb | tb;
        self.colors[us] ^= fb | tb;
        if role == Role::Pawn {
            self.halfmove = 0;
        }
        if self.mutants & MUT_FIRST_MOVE_DOUBLE_STEP != 0 {
            self.moved &= !(fb | tb);
            if role == Role::Pawn {
                self.moved |= tb;
            }
        }
        if self.castling != 0 {
            // A right goes when its king or rook leaves, or is taken on,
            // its start cell.
            for c in self.base().castlings {
                if (bit(c.king as usize) | bit(c.rook as usize)) & (fb | tb) != 0 {
                    self.castling &= !c.right;
                }
            }
        }
        let old_ep = self.ep;
        self.ep = NO_EP;
        self.ep2 = NO_EP;
        match m.flag {
            F_NORMAL => {}
            F_DOUBLE => self.ep = ((from + to) / 2) as u8,
            F_TRIPLE => {
                let step = FORWARD[us].slot_offset();
                self.ep = (to as i32 - step) as u8;
                self.ep2 = (to as i32 - 2 * step) as u8;
            }
            F_EP => {
                let cap = bit((old_ep as i32 + FORWARD[them].slot_offset()) as usize);
                self.roles[Role::Pawn] ^= cap;
                self.colors[them] ^= cap;
                self.moved &= !cap;
                trace.note(rule);
            }
            F_CASTLE => {
                if let Some((rook, rto)) = self.base().castling_rook(from, to) {
                    let r = bit(rook) | bit(rto);
                    self.roles[Role::Rook] ^= r;
                    self.colors[us] ^= r;
                }
                trace.note(rule);
            }
            _ => {
                let promo = m.promo().unwrap_or(Role::Queen);
                self.roles[Role::Pawn] ^= tb;
                self.roles[promo] ^= tb;
                trace.note(rule);
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = them;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hex::{slot_name, Cell, Cells, BOARD};
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    fn names(b: u128) -> Vec<String> {
        let mut v: Vec<String> = Cells(b).map(slot_name).collect();
        v.sort();
        v
    }

    #[test]
    fn pawn_geometry() {
        assert_eq!(
            names(PROMOTION[Color::White]),
            ["a6", "b7", "c8", "d9", "e10", "f11", "g10", "h9", "i8", "k7", "l6"]
        );
        assert_eq!(PROMOTION[Color::Black].count_ones(), 11);
        let f5 = Cell::parse("f5").unwrap().slot();
        assert_eq!(names(PAWN_ATTACKS[0][Color::White][f5]), ["e5", "g5"]);
        assert_eq!(names(PAWN_ATTACKS[0][Color::Black][f5]), ["e4", "g4"]);
        assert_eq!(names(PAWN_ATTACKS[1][Color::White][f5]), ["e6", "g6"]);
        // Cells behind White's start cells: 16 of them, each below the
        // line b1-c2-d3-e4-f5-g4-h3-i2-k1.
        assert_eq!(
            names(BOARD & !PAWN_CELLS[Color::White]),
            [
                "c1", "d1", "d2", "e1", "e2", "e3", "f1", "f2", "f3", "f4", "g1", "g2", "g3", "h1",
                "h2", "i1"
            ]
        );
        assert_eq!((BOARD & !PAWN_CELLS[Color::Black]).count_ones(), 16);
    }
}
