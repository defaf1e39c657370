//! CWB-9 binding rule: when it applies, which shifts it allows, and how a
//! shift is played.
//!
//! If after a turn only diagonal movers (D men, crowned D, D bosses) are on
//! the board, no drop is pending for either player, both sides have pieces
//! and each side's pieces all stand on one square colour, different from
//! the other's, the player who just moved must, as part of that turn,
//! shift his pieces orthogonally: each shifted piece one square to an empty
//! square (distinct targets, simultaneous); first as many pieces as
//! possible move; then one direction for every one-square mover if
//! possible (sideways before backward before forward), otherwise the
//! lexicographically largest group sizes; a piece whose four orthogonal
//! neighbours are all enemy pieces escapes instead exactly three squares in
//! a straight orthogonal line and is left out of the grouping; a man
//! shifted onto the far rank is crowned. Every allowed shift is a separate
//! move. The search for the allowed shifts is [`search::allowed_shifts`].

use smallvec::SmallVec;

use crate::core::Color;
use crate::variants::draughts as dr;

use super::position::{far_rank, Bosses, C, LIGHT, O};

mod search;

/// A piece's binding options: (target, direction, or `None` for the
/// three-square escape).
pub(super) type ShiftOptions = Vec<(u8, Option<usize>)>;
/// One binding shift: (from, to) pairs sorted by from-square.
pub(super) type Shift = SmallVec<[(u8, u8); 8]>;

impl Bosses {
    /// CWB-9: whether the binding rule could apply after a main move of
    /// the side to move: the rule is on, and the mover has only D pieces
    /// (his O and C pieces cannot leave the board in his own turn).
    #[inline]
    pub(super) fn binding_possible(&self) -> bool {
        !self.rules.no_binding && self.pieces[self.turn] & (self.kind[O] | self.kind[C]) == 0
    }

    /// CWB-9: whether the binding rule applies after the main move of the
    /// side to move (`self` is the position after the main move, turn not
    /// yet passed).
    pub(super) fn binding_applies(&self) -> bool {
        let occ = self.occupied();
        if (self.kind[O] | self.kind[C]) & occ != 0
            || self.pieces[Color::White] == 0
            || self.pieces[Color::Black] == 0
        {
            return false;
        }
        if self.pending(Color::White) != 0 || self.pending(Color::Black) != 0 {
            return false;
        }
        let me = self.pieces[self.turn];
        let them = self.pieces[self.turn.other()];
        let on_light = |bb: u64| -> Option<bool> {
            if bb & LIGHT == bb {
                Some(true)
            } else if bb & !LIGHT == bb {
                Some(false)
            } else {
                None
            }
        };
        matches!((on_light(me), on_light(them)), (Some(a), Some(b)) if a != b)
    }

    /// CWB-9: each piece of the side to move with its shift options
    /// (ascending squares; options N, E, S, W; a piece whose four
    /// orthogonal neighbours are all enemy pieces has only three-square
    /// escapes).
    pub(super) fn shift_options(&self) -> Vec<(u8, ShiftOptions)> {
        let me = self.turn;
        let occ = self.occupied();
        let enemy = self.pieces[me.other()];
        let orth = [dr::N, dr::E, dr::S, dr::W];
        let mut pieces: Vec<(u8, ShiftOptions)> = Vec::new();
        let mut own = self.pieces[me];
        while own != 0 {
            let sq = own.trailing_zeros() as u8;
            own &= own - 1;
            let bit = 1u64 << sq;
            let surrounded = orth
                .iter()
                .all(|&d| dr::STEP_FROM[d] & bit != 0 && enemy & (1 << dr::offset(sq, d, 1)) != 0);
            let mut opts = Vec::new();
            for &d in &orth {
                if surrounded {
                    if dr::LEAP3_FROM[d] & bit != 0 && occ & (1 << dr::offset(sq, d, 3)) == 0 {
                        opts.push((dr::offset(sq, d, 3), None));
                    }
                } else if dr::STEP_FROM[d] & bit != 0 && occ & (1 << dr::offset(sq, d, 1)) == 0 {
                    opts.push((dr::offset(sq, d, 1), Some(d)));
                }
            }
            pieces.push((sq, opts));
        }
        pieces
    }

    /// CWB-9: the forward direction of the side to move.
    pub(super) fn forward(&self) -> usize {
        if self.turn.is_white() {
            dr::N
        } else {
            dr::S
        }
    }

    /// CWB-9: every allowed shift of the side to move, in the order of
    /// [`search::allowed_shifts`] (mutant `binding-any-direction`: every
    /// shift moving the most pieces).
    pub(super) fn binding_shifts(&self) -> Vec<Shift> {
        search::allowed_shifts(
            &self.shift_options(),
            self.forward(),
            self.rules.binding_any,
        )
    }

    /// CWB-9: every piece of `shift` moves at once; a man (or uncrowned
    /// boss) reaching the far rank is crowned.
    pub(super) fn apply_shift(&mut self, shift: &[(u8, u8)]) {
        let me = self.turn;
        // (target, type, crowned, boss, hit points) of each shifted piece.
        type Moved = (u8, usize, bool, bool, u8);
        let saved: SmallVec<[Moved; 8]> = shift
            .iter()
            .map(|&(f, t)| {
                (
                    t,
                    self.kind_at(f),
                    self.crowned & (1 << f) != 0,
                    self.boss & (1 << f) != 0,
                    self.hp[f as usize],
                )
            })
            .collect();
        for &(f, _) in shift {
            self.remove(1 << f);
        }
        for (t, k, crowned, boss, hp) in saved {
            let tb = 1u64 << t;
            self.pieces[me] |= tb;
            self.kind[k] |= tb;
            if crowned || far_rank(self.turn) & tb != 0 {
                self.crowned |= tb;
            }
            if boss {
                self.boss |= tb;
                self.hp[t as usize] = hp;
            }
        }
    }
}
