//! The move of `sonic-hex` ([`HexMove`], the `Game::Move`: the compact
//! move of `sonic`, [`crate::variants::sonic::moves`], written once for
//! both boards) and its course: the cells the shared move (G2) and the
//! move text show.
//!
//! An R, B, Q or N capture is stored as its start, its attack unit (clock
//! direction or Gliński knight leap of [`super::grid::HexGrid`]) and its
//! first rotation: the walker replays the rest of the branch (SCA-4.1,
//! SCA-4.3, SCA-6). There are no king forms on the hexagonal board
//! (SCA-13); pawn moves carry the double-step and en passant marks
//! (GLN-1), a castling (SCA-13.1, SHF-1) its index in the base's list.

use smallvec::SmallVec;

use crate::core::hex::{Cell, Shape};
use crate::core::Square;
use crate::variants::glinski::base::{Base, Castling};
use crate::variants::sonic::pieces::{color_of, has_piece, kind};

use super::position::SonicHex;

/// One complete turn of `sonic-hex` (G2): `sonic`'s compact move on hex
/// slots.
pub type HexMove = crate::variants::sonic::moves::SonicMove;

impl HexMove {
    /// The castling of `base` this castling makes, and whether it is the
    /// long one (SCA-13.1, SHF-1; only for [`HexMove::is_castle`]).
    #[inline]
    pub(crate) fn castling(self, base: &Base) -> (&'static Castling, bool) {
        let (i, long) = self.castle_index();
        (&base.castlings[i], long)
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
        if m.is_castle() {
            c.push((to, false));
            return c;
        }
        let target = self.cells[to as usize];
        let x = m.is_en_passant() || (has_piece(target) && color_of(target) != self.turn);
        c.push((to, x));
        c
    }
}
