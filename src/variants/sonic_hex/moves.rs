//! The compact move of `sonic-hex` ([`HexMove`], the `Game::Move`) and its
//! course: the cells the shared move (G2) and the move text show.
//!
//! A move is what the player decides (G2): which piece, where it goes or
//! which branch it takes, and the promotion piece. An R, B, Q or N capture
//! is stored as its start, its attack unit (line direction or knight leap)
//! and its first rotation: the walker replays the rest of the branch,
//! which is deterministic (SCA-4.1, SCA-4.3, SCA-6), so the move stays four
//! bytes however long its bounce chain is. There are no king forms and no
//! castling on Gliński's board (SCA-13).

use smallvec::SmallVec;

use crate::core::hex::{Cell, Shape};
use crate::core::{Rotation, Square};
use crate::variants::glinski::base::{Base, Castling};
use crate::variants::sonic::pieces::{color_of, has_piece, kind};
use crate::variants::sonic::walker::Branch;

use super::position::SonicHex;

/// `flags`: rotation at the first capture (bits 0–1).
const CW: u8 = 1;
const CCW: u8 = 2;
/// `flags`: an R, B, Q or N capture branch, replayed by the walker.
const WALK: u8 = 4;
/// `flags`: an en passant capture.
const EP: u8 = 8;
/// `flags`: the promotion piece kind (bits 4–6; 0 = none).
const PROMO_SHIFT: u8 = 4;
/// `flags`: a pawn's double step (or SHF-1's three-cell move).
const DOUBLE: u8 = 0x80;
/// `unit` of a move without [`WALK`]: a castling (SCA-13.1), with the
/// castling index in bits 1–2 and long in bit 0.
const CASTLE: u8 = 0x10;

/// One complete turn of `sonic-hex` (G2), compact (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HexMove {
    from: u8,
    /// Where the mover comes to rest (for a capture branch, where the
    /// replay ends: the king's cell when the king is lost, SCA-9.3).
    to: u8,
    /// The attack unit of an R, B, Q or N capture (a clock direction or a
    /// knight leap of [`super::grid::HexGrid`]).
    unit: u8,
    flags: u8,
}

impl HexMove {
    /// A step of a pawn or the king, or a quiet move of another piece
    /// (SCA-3), from `from` to `to`.
    #[inline]
    pub fn step(from: u8, to: u8) -> HexMove {
        HexMove {
            from,
            to,
            unit: 0,
            flags: 0,
        }
    }

    /// A pawn's double step (GLN-1).
    #[inline]
    pub fn double(from: u8, to: u8) -> HexMove {
        HexMove {
            flags: DOUBLE,
            ..HexMove::step(from, to)
        }
    }

    /// An en passant capture onto `to` (GLN-1).
    #[inline]
    pub fn en_passant(from: u8, to: u8) -> HexMove {
        HexMove {
            flags: EP,
            ..HexMove::step(from, to)
        }
    }

    /// The capture branch `b` of the R, B, Q or N on `from` along attack
    /// unit `unit` (a quiet branch becomes a step).
    #[inline]
    pub fn piece(from: u8, unit: u8, b: &Branch) -> HexMove {
        if !b.capture {
            return HexMove::step(from, b.end);
        }
        let rot = match b.rotation {
            None => 0,
            Some(Rotation::Clockwise) => CW,
            Some(Rotation::Counterclockwise) => CCW,
        };
        HexMove {
            from,
            to: b.end,
            unit,
            flags: WALK | rot,
        }
    }

    /// This pawn move promoting to the piece `kind`.
    #[inline]
    pub fn promoting(self, kind: u8) -> HexMove {
        HexMove {
            flags: self.flags | (kind << PROMO_SHIFT),
            ..self
        }
    }

    /// The mover's start cell.
    #[inline]
    pub(crate) fn from(self) -> u8 {
        self.from
    }
    /// Where the mover comes to rest (see the field docs).
    #[inline]
    pub(crate) fn to(self) -> u8 {
        self.to
    }
    /// The attack unit of an R, B, Q or N capture.
    #[inline]
    pub(crate) fn unit(self) -> u8 {
        self.unit
    }
    /// An R, B, Q or N capture branch (replayed by the walker).
    #[inline]
    pub fn is_walk(self) -> bool {
        self.flags & WALK != 0
    }
    /// Whether the move is an en passant capture (GLN-1).
    #[inline]
    pub(crate) fn is_en_passant(self) -> bool {
        self.flags & EP != 0
    }
    /// Whether the move is a pawn's double step (GLN-1).
    #[inline]
    pub(crate) fn is_double(self) -> bool {
        self.flags & DOUBLE != 0
    }
    /// The rotation at the first capture (SCA-4.1).
    #[inline]
    pub fn rotation(self) -> Option<Rotation> {
        match self.flags & 3 {
            CW => Some(Rotation::Clockwise),
            CCW => Some(Rotation::Counterclockwise),
            _ => None,
        }
    }
    /// A castling (SHF-1 under SCA-13.1) by the base's castling `index`,
    /// long or short: the king's move from `king` to `to`. Stored as a
    /// move with no walk flag and a nonzero `unit`.
    #[inline]
    pub fn castle(king: u8, to: u8, index: usize, long: bool) -> HexMove {
        HexMove {
            from: king,
            to,
            unit: CASTLE | ((index as u8) << 1) | u8::from(long),
            flags: 0,
        }
    }
    /// Whether the move is a castling (SCA-13.1).
    #[inline]
    pub fn is_castling(self) -> bool {
        self.flags & WALK == 0 && self.unit & CASTLE != 0
    }
    /// The castling of `base` this move makes, and whether it is the long
    /// one (only for [`HexMove::is_castling`]).
    #[inline]
    pub(crate) fn castling(self, base: &Base) -> (&'static Castling, bool) {
        (
            &base.castlings[usize::from((self.unit & !CASTLE) >> 1)],
            self.unit & 1 != 0,
        )
    }
    /// The promotion piece kind.
    #[inline]
    pub fn promotion(self) -> Option<u8> {
        let k = (self.flags >> PROMO_SHIFT) & 7;
        (k != 0).then_some(k)
    }
}

/// The square of a slot on the board of `shape` in the picture
/// convention of its geometry ([`crate::core::diagram::Geometry::Hex`] as
/// [`square`]; on Shafran's board (SCA-13.1)
/// [`crate::core::diagram::Geometry::HexShafran`]: Shafran's file index
/// 0..=8 and rank − 1, so the square's name is the cell's).
pub fn square_on(shape: Shape, slot: u8) -> Square {
    match (shape, Cell::from_slot(slot as usize)) {
        (Shape::Shafran, Some(c)) => Square::new(shape.file(c), shape.rank(c)),
        _ => square(slot),
    }
}

/// The cells of a move (slots), each with whether the mover captures or
/// hits there (`x` in the move text).
pub type Course = SmallVec<[(u8, bool); 8]>;

/// The square of a slot in the picture convention of
/// [`crate::core::diagram::Geometry::Hex`] (file index 0..=10 for a..l
/// without j, rank − 1), also used by the shared move. Slots are
/// Gliński's on every board (Shafran's 70 cells are a subset).
pub fn square(slot: u8) -> Square {
    Cell::from_slot(slot as usize).map_or(Square(0), |c| Square::new(c.file(), c.rank()))
}

impl SonicHex {
    /// The course of a legal move: its start cell, then every cell where
    /// it captures or hits or comes to rest (G2).
    pub(crate) fn course(&self, m: &HexMove) -> Course {
        let (from, to) = (m.from(), m.to());
        let mut c = Course::new();
        c.push((from, false));
        if m.is_walk() {
            let k = kind(self.cells[from as usize]);
            if let Some(r) = self
                .walker(self.turn)
                .replay(from, k, m.unit(), m.rotation())
            {
                c.extend(r.path[1..].iter().copied());
            }
            return c;
        }
        if m.is_castling() {
            c.push((to, false));
            return c;
        }
        let target = self.cells[to as usize];
        let x = m.is_en_passant() || (has_piece(target) && color_of(target) != self.turn);
        c.push((to, x));
        c
    }
}
