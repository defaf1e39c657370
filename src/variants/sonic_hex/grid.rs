//! Gliński's board as the walker's board ([`Geometry`]): the one walker of
//! `sonic` ([`crate::variants::sonic::walker`], spindash SCA-4 … SCA-5 and
//! Tails SCA-6) traces every R, B, Q and N move of `sonic-hex` on it.
//!
//! | question of [`Geometry`] | on Gliński's board (SCA-13) |
//! |---|---|
//! | cells | the slots of [`crate::core::hex`] (< 121, off-board slots never used) |
//! | `step(cell, dir)` | `dir` = clock index 0..12 of [`Dir`] (even = orthogonal, odd = diagonal) |
//! | `turn(dir, cw/ccw)` | ± [`HexGrid::hours`] clock hours: 4 (120°, SCA-13), 2 (60°, `turn=60`), 3 (90°, mutant `turn-90`) |
//! | `reverse(dir)` | + 6 hours |
//! | `leap(cell, i)` | [`hex::KNIGHT_LEAPS`]`[i]`, Gliński's twelve leaps (SCA-13: Tails repeats the same vector) |
//! | `lines(kind)` | rook: the six orthogonal directions, bishop: the six diagonal ones, queen: all twelve |
//!
//! A turn of 120° or 60° keeps a direction in its family (a rook stays on
//! rook lines, a bishop on bishop lines); the mutant's 90° moves a rook
//! onto a diagonal and back.

use crate::core::hex::{self, Cell, Dir, Shape, SLOTS};
use crate::core::Rotation;
use crate::variants::sonic::geometry::Geometry;

/// `[shape][dir][slot]`: the slot one step along clock direction `dir` on
/// the board of `shape` ([`Shape::Glinski`] = 0, [`Shape::Shafran`] = 1),
/// 0 off that board (slot 0 is not a cell).
static STEP: [[[u8; SLOTS]; 12]; 2] = {
    let mut t = [[[0u8; SLOTS]; 12]; 2];
    let shapes = [Shape::Glinski, Shape::Shafran];
    let mut k = 0;
    while k < 2 {
        let mut d = 0;
        while d < 12 {
            let mut s = 0;
            while s < 121 {
                if let Some(c) = Cell::from_slot(s) {
                    if shapes[k].contains(c) {
                        if let Some(n) = shapes[k].step(c, Dir::ALL[d]) {
                            t[k][d][s] = n.slot() as u8;
                        }
                    }
                }
                s += 1;
            }
            d += 1;
        }
        k += 1;
    }
    t
};

/// `[shape][i][slot]`: the slot one knight leap [`hex::KNIGHT_LEAPS`]`[i]`
/// away on the board of `shape` (as `STEP`), 0 off that board.
pub static LEAP: [[[u8; SLOTS]; 12]; 2] = {
    let mut t = [[[0u8; SLOTS]; 12]; 2];
    let shapes = [Shape::Glinski, Shape::Shafran];
    let mut k = 0;
    while k < 2 {
        let mut i = 0;
        while i < 12 {
            let mut s = 0;
            while s < 121 {
                if let Some(c) = Cell::from_slot(s) {
                    if shapes[k].contains(c) {
                        if let Some(n) = shapes[k].leap(c, hex::KNIGHT_LEAPS[i]) {
                            t[k][i][s] = n.slot() as u8;
                        }
                    }
                }
                s += 1;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// The rook's directions (orthogonal, even clock indices).
pub const ROOK_LINES: [u8; 6] = [0, 2, 4, 6, 8, 10];
/// The bishop's directions (diagonal, odd clock indices).
pub const BISHOP_LINES: [u8; 6] = [1, 3, 5, 7, 9, 11];
/// The queen's twelve directions.
pub const QUEEN_LINES: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/// The knight's twelve leaps.
pub const KNIGHT_UNITS: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/// A hexagonal board (Gliński's 91 cells or Shafran's 70, SCA-13.1) with
/// a turn angle (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexGrid {
    /// Clock hours per turn (30° each): 4, 2, or 3 under the mutant.
    pub hours: u8,
    /// The table index of the board's shape (0 Gliński's, 1 Shafran's).
    shape: u8,
}

impl HexGrid {
    /// SCA-13: 120°.
    pub const TURN_120: HexGrid = HexGrid { hours: 4, shape: 0 };
    /// SCA-13 rule option `turn=60`.
    pub const TURN_60: HexGrid = HexGrid { hours: 2, shape: 0 };
    /// Mutant `turn-90`: the square board's 90°.
    pub const TURN_90: HexGrid = HexGrid { hours: 3, shape: 0 };

    /// This turn angle on the board of `shape` (SCA-13.1): steps and leaps
    /// stay on its cells.
    #[inline]
    pub const fn on(self, shape: Shape) -> HexGrid {
        HexGrid {
            hours: self.hours,
            shape: match shape {
                Shape::Glinski => 0,
                Shape::Shafran => 1,
            },
        }
    }

    /// The knight-leap table of this board (`[i][slot]`, 0 off the board).
    #[inline(always)]
    pub fn leaps_table(self) -> &'static [[u8; SLOTS]; 12] {
        &LEAP[self.shape as usize]
    }
}

impl Geometry for HexGrid {
    const ROOK_LINES: &'static [u8] = &ROOK_LINES;
    const BISHOP_LINES: &'static [u8] = &BISHOP_LINES;
    const QUEEN_LINES: &'static [u8] = &QUEEN_LINES;
    #[inline]
    fn step(self, cell: u8, dir: u8) -> Option<u8> {
        let n = STEP[self.shape as usize][dir as usize][cell as usize];
        (n != 0).then_some(n)
    }
    #[inline]
    fn turn(self, dir: u8, rot: Rotation) -> u8 {
        match rot {
            Rotation::Clockwise => (dir + self.hours) % 12,
            Rotation::Counterclockwise => (dir + 12 - self.hours) % 12,
        }
    }
    #[inline]
    fn reverse(self, dir: u8) -> u8 {
        (dir + 6) % 12
    }
    #[inline]
    fn leap(self, cell: u8, leap: u8) -> Option<u8> {
        let n = LEAP[self.shape as usize][leap as usize][cell as usize];
        (n != 0).then_some(n)
    }
    #[inline]
    fn leaps(self) -> &'static [u8] {
        &KNIGHT_UNITS
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

    /// The tables agree with `core::hex`, and the turns with
    /// `Dir::rotate` (SCA-13: ±2 = 120°, ±1 = 60°, both in the family).
    #[test]
    fn grid_matches_core_hex() {
        for c in Cell::all() {
            let s = c.slot() as u8;
            for d in Dir::ALL {
                let i = d.index() as u8;
                assert_eq!(
                    HexGrid::TURN_120.step(s, i),
                    c.step(d).map(|n| n.slot() as u8)
                );
            }
            for (i, l) in hex::KNIGHT_LEAPS.iter().enumerate() {
                assert_eq!(
                    HexGrid::TURN_60.leap(s, i as u8),
                    c.leap(*l).map(|n| n.slot() as u8)
                );
            }
        }
        for d in Dir::ALL {
            let i = d.index() as u8;
            let g = HexGrid::TURN_120;
            assert_eq!(g.turn(i, Rotation::Clockwise) as usize, d.rotate(2).index());
            assert_eq!(
                g.turn(i, Rotation::Counterclockwise) as usize,
                d.rotate(-2).index()
            );
            let g = HexGrid::TURN_60;
            assert_eq!(g.turn(i, Rotation::Clockwise) as usize, d.rotate(1).index());
            assert_eq!(g.reverse(i) as usize, d.opposite().index());
            // 90°: the other family.
            let t = HexGrid::TURN_90.turn(i, Rotation::Clockwise);
            assert_ne!(t % 2, i % 2);
        }
        let f6 = Cell::parse("f6").unwrap().slot() as u8;
        let up = HexGrid::TURN_120.step(f6, 0).unwrap();
        assert_eq!(hex::slot_name(up as usize), "f7");
        let f11 = Cell::parse("f11").unwrap().slot() as u8;
        assert_eq!(HexGrid::TURN_120.step(f11, 0), None);
    }
}
