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

use crate::core::hex::Cells as Bits;
use crate::core::{Flow, MoveSink};
use crate::variants::glinski::base::{CAPTURE_DIRS, FORWARD};
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

/// Every pawn move of the side to move, into `sink` (set-wise), on the
/// base's board with its pawn tables (SCA-13.1).
#[inline]
pub(crate) fn moves<S: MoveSink<HexMove>>(pos: &SonicHex, sink: &mut S) -> Flow {
    let us = pos.turn;
    let pawns = pos.pawns & pos.occ[us];
    if pawns == 0 {
        return Flow::Continue(());
    }
    let rules = pos.rules;
    let base = rules.base();
    let shape = base.shape;
    let enemy = pos.occ[us.other()];
    // SCA-2: a bare spring is an empty cell for a pawn (mutant
    // `pawns-see-springs`: it is not).
    let mut empty = shape.board() & !pos.occupied();
    if rules.pawns_see_springs {
        empty &= !pos.springs;
    }
    let fwd = FORWARD[us];
    // The base's capture kind (mutant `diagonal-pawn-captures`: the other
    // one).
    let mode = base.captures ^ usize::from(rules.diagonal_pawn_captures);
    let [c1, c2] = CAPTURE_DIRS[mode][us];
    // GLN-1 / MCC-1 / SHF-1: from the base's multi-step cells (mutant
    // `double-step-first-move-only`: only a pawn that has not moved).
    let can_double = base.two_steps[us] & !pos.moved;
    let can_triple = base.three_steps[us] & !pos.moved;
    let single = shape.shift(pawns, fwd) & empty;
    let double = shape.shift(single & shape.shift(pawns & can_double, fwd), fwd) & empty;
    let triple = if can_triple & pawns != 0 {
        let two = shape.shift(shape.shift(pawns & can_triple, fwd) & empty, fwd) & empty;
        shape.shift(two, fwd) & empty
    } else {
        0
    };
    let left = shape.shift(pawns, c1) & enemy;
    let right = shape.shift(pawns, c2) & enemy;
    let promo = base.promotion[us];
    let back = -fwd.slot_offset();
    let (b1, b2) = (-c1.slot_offset(), -c2.slot_offset());
    emit(sink, single & !promo, back, false)?;
    emit(sink, double, 2 * back, true)?;
    if triple != 0 {
        emit(sink, triple, 3 * back, true)?;
    }
    emit(sink, left & !promo, b1, false)?;
    emit(sink, right & !promo, b2, false)?;
    if (single | left | right) & promo != 0 {
        promote(sink, single & promo, back)?;
        promote(sink, left & promo, b1)?;
        promote(sink, right & promo, b2)?;
    }
    // En passant onto every crossed cell (SHF-1: two after a three-cell
    // move; GLN-1, MCC-1: the one skipped cell).
    for ep in [pos.ep, pos.ep2] {
        if ep != 0 {
            // The pawns of ours that attack the crossed cell.
            for from in Bits(base.pawn_attacks(mode, us.other(), ep as usize) & pawns) {
                sink.push(HexMove::en_passant(from as u8, ep))?;
            }
        }
    }
    Flow::Continue(())
}
