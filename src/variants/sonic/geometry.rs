//! The board geometry the walker needs, as a small trait ([`Geometry`]),
//! and its square-board implementation ([`Grid`]).
//!
//! The walker ([`super::walker`]: spindash SCA-4 … SCA-5, Tails SCA-6) only
//! ever asks five things of a board, so the same walker serves the square
//! board of `sonic` (SCA-1 … SCA-11) and the hexagonal board of
//! `sonic-hex` (SCA-13):
//!
//! | question | square board ([`Grid`]) | Gliński's board (SCA-13) |
//! |----------|-------------------------|--------------------------|
//! | cells | square bytes `rank * 16 + file` | the hex board's cell index |
//! | [`Geometry::step`]: one cell along a line direction, or `None` off the board | 8 directions N, NE, E, SE, S, SW, W, NW | 12: six orthogonal, six diagonal |
//! | [`Geometry::turn`]: the direction after a bounce, cw or ccw | 90° (a diagonal turns onto the other diagonal) | 120°, or 60° under `turn=60` |
//! | [`Geometry::reverse`]: straight back (mutant `bounce-180`) | +180° | +180° |
//! | [`Geometry::leap`]: one knight vector from a cell (Tails repeats it) | the 8 knight leaps | the 12 Gliński knight leaps |
//! | [`Geometry::lines`]: the line directions of R, B, Q | 4 / 4 / 8 | 6 / 6 / 12 |
//!
//! # Plugging in another board
//!
//! A board implements [`Geometry`] on a small `Copy` handle (a reference to
//! precomputed neighbour tables is the fast choice) and keeps its pieces in
//! the shared mailbox [`Cells`](super::pieces::Cells): one byte per cell
//! index (< 256), with the piece and spring bits of [`super::pieces`]. Cell
//! indices need not be dense or ordered; directions and leaps are small
//! indices (< 32) chosen by the board, which is all the SCA-5 state key
//! (cell, direction, turn parity) needs. Then
//! [`Walker::new`](super::walker::Walker::new) traces every spindash and
//! Tails move, including the endless test, the king hits and the
//! footprints used by the incremental check test, without further code.
//!
//! Pawns, the king's forms and castling are not part of the walker: they
//! differ between the boards (SCA-13: Gliński pawns, a single-form king, no
//! castling) and stay with each game.

use std::sync::OnceLock;

use crate::core::geometry::{KING_DIRS, KNIGHT_LEAPS};
use crate::core::{Board, Rotation};

use super::pieces::{BISHOP, QUEEN, ROOK};

/// What the walker needs to know about a board (see the module docs).
pub trait Geometry: Copy {
    /// The cell one step from `cell` along line direction `dir`, or `None`
    /// off the board.
    fn step(self, cell: u8, dir: u8) -> Option<u8>;
    /// The direction after turning `dir` by the board's turn angle (SCA-4:
    /// 90° on the square board; SCA-13: 120° or 60° on the hexagonal one).
    fn turn(self, dir: u8, rot: Rotation) -> u8;
    /// The opposite direction (only the `bounce-180` mutant uses it).
    fn reverse(self, dir: u8) -> u8;
    /// The cell one knight leap `leap` away from `cell`, or `None`.
    fn leap(self, cell: u8, leap: u8) -> Option<u8>;
    /// The rook's line directions (arguments of [`Geometry::step`]).
    const ROOK_LINES: &'static [u8];
    /// The bishop's line directions.
    const BISHOP_LINES: &'static [u8];
    /// The queen's line directions (the rook's and the bishop's).
    const QUEEN_LINES: &'static [u8];
    /// The line directions of a ranged piece kind (R, B or Q; empty
    /// otherwise).
    #[inline]
    fn lines(self, kind: u8) -> &'static [u8] {
        match kind {
            ROOK => Self::ROOK_LINES,
            BISHOP => Self::BISHOP_LINES,
            QUEEN => Self::QUEEN_LINES,
            _ => &[],
        }
    }
    /// The knight leaps (arguments of [`Geometry::leap`]).
    fn leaps(self) -> &'static [u8];
}

/// Neighbour tables of one board size: `[i][sq]` = the square one step in
/// direction `i` (< 8, [`KING_DIRS`] order) or one knight leap `i - 8`
/// ([`KNIGHT_LEAPS`] order) away, or [`OFF`].
type Tables = [[u16; 256]; 16];
const OFF: u16 = 0x100;

/// Line directions by index in [`KING_DIRS`] order (N, NE, E, SE, S, SW,
/// W, NW): a turn clockwise is +2, counterclockwise +6, back +4 (mod 8).
const ROOK_LINES: [u8; 4] = [0, 2, 4, 6];
const BISHOP_LINES: [u8; 4] = [1, 3, 5, 7];
const QUEEN_LINES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const KNIGHT: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The square board of `sonic` (8×8 … 16×16, SCA-11): cells are square
/// bytes (`rank * 16 + file`), steps and leaps are table look-ups.
#[derive(Clone, Copy)]
pub struct Grid {
    nb: &'static Tables,
}

impl Grid {
    /// The grid of `board` (tables built once per board size).
    pub fn new(board: Board) -> Grid {
        static ALL: [OnceLock<Box<Tables>>; 17 * 17] = [const { OnceLock::new() }; 17 * 17];
        let (w, h) = (board.width, board.height);
        let nb = ALL[w as usize * 17 + h as usize].get_or_init(|| {
            let mut t: Box<Tables> = Box::new([[OFF; 256]; 16]);
            for (i, row) in t.iter_mut().enumerate() {
                let d = if i < 8 {
                    KING_DIRS[i]
                } else {
                    KNIGHT_LEAPS[i - 8]
                };
                for (sq, n) in row.iter_mut().enumerate() {
                    let (f, r) = ((sq & 15) as i8, (sq >> 4) as i8);
                    let (nf, nr) = (f + d.df, r + d.dr);
                    let on = |f: i8, r: i8| f >= 0 && r >= 0 && f < w as i8 && r < h as i8;
                    if on(f, r) && on(nf, nr) {
                        *n = ((nr as u16) << 4) | nf as u16;
                    }
                }
            }
            t
        });
        Grid { nb }
    }

    #[inline]
    fn at(self, i: usize, cell: u8) -> Option<u8> {
        let n = self.nb[i][cell as usize];
        (n < OFF).then_some(n as u8)
    }
}

impl Geometry for Grid {
    const ROOK_LINES: &'static [u8] = &ROOK_LINES;
    const BISHOP_LINES: &'static [u8] = &BISHOP_LINES;
    const QUEEN_LINES: &'static [u8] = &QUEEN_LINES;
    #[inline]
    fn step(self, cell: u8, dir: u8) -> Option<u8> {
        self.at(dir as usize, cell)
    }
    #[inline]
    fn turn(self, dir: u8, rot: Rotation) -> u8 {
        match rot {
            Rotation::Clockwise => (dir + 2) & 7,
            Rotation::Counterclockwise => (dir + 6) & 7,
        }
    }
    #[inline]
    fn reverse(self, dir: u8) -> u8 {
        (dir + 4) & 7
    }
    #[inline]
    fn leap(self, cell: u8, leap: u8) -> Option<u8> {
        self.at(8 + leap as usize, cell)
    }
    #[inline]
    fn leaps(self) -> &'static [u8] {
        &KNIGHT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::{Dir, Square};
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    /// The table steps agree with `Square::offset`, and the turns with
    /// `Dir::cw` / `Dir::ccw` (SCA-4: 90°, a diagonal onto the other
    /// diagonal).
    #[test]
    fn grid_matches_core_geometry() {
        for (w, h) in [(8, 8), (10, 8), (16, 16), (9, 12)] {
            let board = Board::new(w, h).unwrap();
            let g = Grid::new(board);
            for sq in board.squares() {
                for (i, d) in KING_DIRS.iter().enumerate() {
                    let i = i as u8;
                    assert_eq!(g.step(sq.0, i), sq.offset(*d, board).map(|s| s.0));
                    let turned = |r| KING_DIRS[g.turn(i, r) as usize];
                    assert_eq!(turned(Rotation::Clockwise), d.cw());
                    assert_eq!(turned(Rotation::Counterclockwise), d.ccw());
                    assert_eq!(KING_DIRS[g.reverse(i) as usize], d.reverse());
                }
                for (i, d) in KNIGHT_LEAPS.iter().enumerate() {
                    assert_eq!(g.leap(sq.0, i as u8), sq.offset(*d, board).map(|s| s.0));
                }
            }
        }
        // SCA-12 move texts: a knight leap never ends on a line through
        // its start, so the path's second square tells a compound's parts
        // apart.
        for (w, h) in [(8, 8), (10, 8), (16, 16)] {
            let g = Grid::new(Board::new(w, h).unwrap());
            for sq in Board::new(w, h).unwrap().squares() {
                for &leap in g.leaps() {
                    let Some(to) = g.leap(sq.0, leap) else {
                        continue;
                    };
                    for dir in 0..8 {
                        let mut at = sq.0;
                        while let Some(n) = g.step(at, dir) {
                            assert_ne!(n, to);
                            at = n;
                        }
                    }
                }
            }
        }
        let g = Grid::new(Board::CHESS);
        let a1 = Square::new(0, 0).0;
        assert_eq!(g.step(a1, 0), Some(Square::new(0, 1).0));
        assert_eq!(g.step(a1, 6), None);
        assert_eq!(g.lines(ROOK).len(), 4);
        assert!(g
            .lines(BISHOP)
            .iter()
            .all(|&i| KING_DIRS[i as usize] != Dir::N));
    }
}
