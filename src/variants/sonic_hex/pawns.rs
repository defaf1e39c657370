//! Gliński pawns that ignore springs (SCA-13 with GLN-1 and SCA-2), with
//! the pawn geometry `glinski` exports.
//!
//! - One cell straight forward along the file onto a cell without a piece;
//!   two cells from any cell where a pawn of its colour starts (White b1
//!   c2 d3 e4 f5 g4 h3 i2 k1, Black b7 … k7), through a cell without a
//!   piece — so also after a capture onto another start cell.
//! - Capture one cell forward along either orthogonal line next to the
//!   file (60° left or right of forward); en passant right after a double
//!   step, onto the cell passed over, by a pawn that could have captured
//!   the double-stepper had it moved one cell.
//! - Promotion on the far edge (White a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6,
//!   Black the first ranks) to Q, R, B or N.
//! - SCA-2: a cell holding only a spring is empty to a pawn: it may step
//!   onto it, pass it with a double step and rest on it; it cannot capture
//!   it. A pawn capturing the enemy king by displacement wins at once
//!   (SCA-9.4); on the far edge it still has its four promotions.

use crate::core::hex::{shift, Cells as Bits, BOARD};
use crate::core::{Flow, MoveSink};
use crate::variants::glinski::{
    PAWN_ATTACKS, PAWN_CAPTURE_DIRS, PAWN_FORWARD, PAWN_PROMOTION, PAWN_START,
};
use crate::variants::sonic::pieces::{BISHOP, KNIGHT, QUEEN, ROOK};

use super::moves::HexMove;
use super::position::SonicHex;

/// The promotion choices, in the order moves are generated (GLN-1: Q R B
/// N; no compounds on the hexagonal board, SCA-13).
pub const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Pawn moves to each cell of `targets`, from the cell `back` slots away.
#[inline(always)]
fn emit<S: MoveSink<HexMove>>(sink: &mut S, targets: u128, back: i32, double: bool) -> Flow {
    if S::COUNTS_ONLY {
        return sink.add_count(u64::from(targets.count_ones()));
    }
    for to in Bits(targets) {
        let from = (to as i32 + back) as u8;
        sink.push(if double {
            HexMove::double(from, to as u8)
        } else {
            HexMove::step(from, to as u8)
        })?;
    }
    Flow::Continue(())
}

/// Promotions onto each cell of `targets`: four moves each (Q, R, B, N).
#[inline(always)]
fn promote<S: MoveSink<HexMove>>(sink: &mut S, targets: u128, back: i32) -> Flow {
    if S::COUNTS_ONLY {
        return sink.add_count(4 * u64::from(targets.count_ones()));
    }
    for to in Bits(targets) {
        let from = (to as i32 + back) as u8;
        for k in PROMOTIONS {
            sink.push(HexMove::step(from, to as u8).promoting(k))?;
        }
    }
    Flow::Continue(())
}

/// Every pawn move of the side to move, into `sink` (set-wise).
#[inline]
pub(crate) fn moves<S: MoveSink<HexMove>>(pos: &SonicHex, sink: &mut S) -> Flow {
    let us = pos.turn as usize;
    let pawns = pos.pawns & pos.occ[us];
    if pawns == 0 {
        return Flow::Continue(());
    }
    let rules = pos.rules;
    let enemy = pos.occ[us ^ 1];
    // SCA-2: a bare spring is an empty cell for a pawn (mutant
    // `pawns-see-springs`: it is not).
    let mut empty = BOARD & !(pos.occ[0] | pos.occ[1]);
    if rules.pawns_see_springs {
        empty &= !pos.springs;
    }
    let fwd = PAWN_FORWARD[us];
    let mode = usize::from(rules.diagonal_pawn_captures);
    let [c1, c2] = PAWN_CAPTURE_DIRS[mode][us];
    // GLN-1: from any start cell of its colour (mutant
    // `double-step-first-move-only`: only a pawn that has not moved).
    let can_double = PAWN_START[us] & !pos.moved;
    let single = shift(pawns, fwd) & empty;
    let double = shift(single & shift(pawns & can_double, fwd), fwd) & empty;
    let left = shift(pawns, c1) & enemy;
    let right = shift(pawns, c2) & enemy;
    let promo = PAWN_PROMOTION[us];
    let back = -fwd.slot_offset();
    let (b1, b2) = (-c1.slot_offset(), -c2.slot_offset());
    emit(sink, single & !promo, back, false)?;
    emit(sink, double, 2 * back, true)?;
    emit(sink, left & !promo, b1, false)?;
    emit(sink, right & !promo, b2, false)?;
    if (single | left | right) & promo != 0 {
        promote(sink, single & promo, back)?;
        promote(sink, left & promo, b1)?;
        promote(sink, right & promo, b2)?;
    }
    if pos.ep != 0 {
        let ep = pos.ep as usize;
        // The pawns of ours that attack the cell passed over.
        for from in Bits(PAWN_ATTACKS[mode][us ^ 1][ep] & pawns) {
            sink.push(HexMove::en_passant(from as u8, pos.ep))?;
        }
    }
    Flow::Continue(())
}
