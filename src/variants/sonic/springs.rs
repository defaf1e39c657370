//! Springs (SCA-1, SCA-7, SCA-4.4).
//!
//! - SCA-1: springs are off by default; the rule option `springs` puts them
//!   on c3, f3, c6, f6. A position text may list other spring squares
//!   (larger boards); with the option on, the four standard squares are
//!   added to the listed ones (a union, so printing and re-reading a
//!   position gives it back unchanged).
//! - SCA-12: under `setup=capablanca` the `springs` squares are c3, h3,
//!   c6, h6 (the 8×8 pattern's files counted from each edge of the 10×8
//!   board), for the start and for every position read.
//! - SCA-7: springs never move and are never removed. R, B, Q, N of both
//!   sides treat a *bare* spring as an enemy piece that stays on the board
//!   after being "captured" ([`Seen::of`](super::pieces::Seen::of) returns
//!   [`Seen::Spring`](super::pieces::Seen::Spring)). Pawns and kings ignore
//!   springs (SCA-2, SCA-8): to them a bare spring square is empty.
//! - SCA-4.4: a piece may come to rest on a spring; the spring stays under
//!   it (bit `SPRING` of the cell), and while it
//!   stands there the square behaves as that piece.

use crate::core::{Board, Square};

use super::pieces::{Cells, SPRING};
use super::SonicRules;

/// The squares of the `springs` option (SCA-1): c3, f3, c6, f6.
pub const STANDARD: [(u8, u8); 4] = [(2, 2), (5, 2), (2, 5), (5, 5)];

/// The squares of the `springs` option under `setup=capablanca` (SCA-12):
/// c3, h3, c6, h6.
pub const CAPABLANCA: [(u8, u8); 4] = [(2, 2), (7, 2), (2, 5), (7, 5)];

/// The (file, rank) squares of the `springs` option under `rules`.
pub fn standard(rules: SonicRules) -> &'static [(u8, u8); 4] {
    if rules.capablanca {
        &CAPABLANCA
    } else {
        &STANDARD
    }
}

/// Puts the springs of the `springs` option on `cells` (SCA-1, SCA-12).
pub fn add_standard(rules: SonicRules, board: Board, cells: &mut Cells) {
    for &(f, r) in standard(rules) {
        let sq = Square::new(f, r);
        if board.contains(sq) {
            cells[sq.0 as usize] |= SPRING;
        }
    }
}

/// The spring squares, in square order (a1, b1, …, a2, …).
pub fn list(board: Board, cells: &Cells) -> Vec<Square> {
    board
        .squares()
        .filter(|s| cells[s.0 as usize] & SPRING != 0)
        .collect()
}
