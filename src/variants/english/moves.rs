//! The compact English turn ([`Turn`], G2): the jumped pieces and the
//! packed start, end and route.

use super::position::DIAGONALS;
use crate::variants::draughts::{self as dr, Series};

/// One English turn (G2), compact (16 bytes): the jumped pieces, and in
/// one word the start square, the end square and the route — the diagonal
/// of each jump, two bits per jump, which with the start square gives the
/// full path. A series has at most 18 jumps (a piece lands only on the 16
/// squares of its start square's parity class, linked by 18 diagonals),
/// so the route needs 36 bits. A step has no jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The jumped pieces (one per jump, ENG-1), removed at the end.
    pub(super) captured: u64,
    /// Bits 0–5 the start square, 6–11 the end square, from bit 12 the
    /// route: jump `i` goes in direction `DIAGONALS[(route >> 2i) & 3]`.
    pub(super) packed: u64,
}

impl Turn {
    #[inline]
    pub(super) fn step(from: u8, to: u8) -> Turn {
        Turn {
            captured: 0,
            packed: u64::from(from) | u64::from(to) << 6,
        }
    }

    /// The turn of a complete capture series.
    pub(super) fn series(s: &Series) -> Turn {
        let mut route = 0u64;
        for (i, w) in s.path.windows(2).enumerate() {
            // +18 NE, -14 SE, -18 SW, +14 NW (two squares per jump).
            let code = match i32::from(w[1]) - i32::from(w[0]) {
                18 => 0,
                -14 => 1,
                -18 => 2,
                _ => 3,
            };
            route |= code << (2 * i);
        }
        let (from, to) = (s.path[0], s.path[s.path.len() - 1]);
        Turn {
            captured: s.captured,
            packed: u64::from(from) | u64::from(to) << 6 | route << 12,
        }
    }

    #[inline]
    pub(super) fn from(&self) -> u8 {
        (self.packed & 63) as u8
    }

    #[inline]
    pub(super) fn to(&self) -> u8 {
        (self.packed >> 6 & 63) as u8
    }

    /// The full path: start square, then every landing square.
    pub(super) fn path(&self) -> Vec<u8> {
        let mut path = vec![self.from()];
        if self.captured == 0 {
            path.push(self.to());
            return path;
        }
        let (mut sq, route) = (self.from(), self.packed >> 12);
        for i in 0..self.captured.count_ones() {
            sq = dr::offset(sq, DIAGONALS[(route >> (2 * i)) as usize & 3], 2);
            path.push(sq);
        }
        path
    }
}
