//! Springs (SCA-1, SCA-7, SCA-4.4).
//!
//! - SCA-1, SCA-11: springs are off by default; the rule option `springs`
//!   puts four on the third file from each edge and the third rank from
//!   each edge: files c and width−2, ranks 3 and height−2 (c3 f3 c6 f6 on
//!   8×8, c3 h3 c6 h6 on 10×8, c3 j3 c10 j10 on 12×12), whatever `setup`
//!   says (SCA-12). A position text may list other spring squares; with
//!   the option on, the four squares of that board's size are added to
//!   the listed ones (a union, so printing and re-reading a position gives
//!   it back unchanged).
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

/// SCA-11: the (0-based file, rank) squares of the `springs` option on
/// `board`: files c and width−2, ranks 3 and height−2 (1-based), in the
/// order low rank first, low file first.
pub fn standard(board: Board) -> [(u8, u8); 4] {
    let (hi_file, hi_rank) = (board.width - 3, board.height - 3);
    [(2, 2), (hi_file, 2), (2, hi_rank), (hi_file, hi_rank)]
}

/// Puts the springs of the `springs` option for `board`'s size on `cells`
/// (SCA-1, SCA-11).
pub fn add_standard(board: Board, cells: &mut Cells) {
    for (f, r) in standard(board) {
        cells[Square::new(f, r).0 as usize] |= SPRING;
    }
}

/// The spring squares, in square order (a1, b1, …, a2, …).
pub fn list(board: Board, cells: &Cells) -> Vec<Square> {
    board
        .squares()
        .filter(|s| cells[s.0 as usize] & SPRING != 0)
        .collect()
}
