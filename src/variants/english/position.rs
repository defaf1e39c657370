//! The validated English draughts position ([`English`], ENG-1): the
//! pieces of the side to move and of the other side, the kings, the turn;
//! the diagonals; playing a turn. The generator is in
//! [`super::generate`], the turn in [`super::moves`].

use crate::core::explain::Trace;
use crate::core::{Color, Rules};
use crate::variants::draughts as dr;

use super::moves::Turn;
use super::{notation, EngRules};

pub(super) const RANK1: u64 = 0xff;
pub(super) const RANK8: u64 = 0xff << 56;
/// ENG-1: kings step and capture in the four diagonals.
pub(super) const DIAG: dr::Dirs = 1 << dr::NE | 1 << dr::SE | 1 << dr::SW | 1 << dr::NW;
pub(super) const DIAGONALS: [usize; 4] = [dr::NE, dr::SE, dr::SW, dr::NW];
/// The diagonals in the order of their target squares (-9, -7, +7, +9).
pub(super) const ASCENDING: [usize; 4] = [dr::SW, dr::SE, dr::NW, dr::NE];

/// A validated English draughts position (compact: three bitboards, the
/// turn and the mutants). The pieces are held by side — the side to move,
/// the other side — so that a move touches no array by colour.
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct English {
    /// The pieces of the side to move (bitboard over a1 = 0).
    pub(super) us: u64,
    /// The pieces of the other side.
    pub(super) them: u64,
    pub(super) kings: u64,
    pub(super) turn: Color,
    pub(super) rules: EngRules,
}

impl English {
    /// Parses and validates a position text (G4): [`notation::Setup`],
    /// then `notation::Setup::validate`.
    ///
    /// # Errors
    /// Syntax errors per field; squares off the 32 dark squares, squares
    /// given twice, men on their far rank.
    pub fn parse(text: &str, rules: &Rules) -> Result<English, crate::core::Error> {
        Ok(notation::Setup::parse(text)?.validate(EngRules::new(rules)?)?)
    }

    /// The pieces of colour `c`.
    pub(super) fn pieces(&self, c: Color) -> u64 {
        if c == self.turn {
            self.us
        } else {
            self.them
        }
    }

    /// ENG-1: a man is crowned on the far rank.
    #[inline]
    pub(super) fn crown_mask(c: Color) -> u64 {
        if c.is_white() {
            RANK8
        } else {
            RANK1
        }
    }

    /// ENG-1: the piece goes to its last square; the jumped pieces are
    /// removed at the end of the series; a man ending on the far rank is
    /// crowned (reported to `trace`).
    pub(super) fn play_traced<T: Trace>(&mut self, t: &Turn, trace: &mut T) {
        let (fb, tb) = (1u64 << t.from(), 1u64 << t.to());
        let king = self.kings & fb != 0;
        let mover = (self.us & !fb) | tb;
        self.us = self.them & !t.captured;
        self.them = mover;
        self.kings &= !(t.captured | fb);
        if king || Self::crown_mask(self.turn) & tb != 0 {
            if !king {
                trace.note("ENG-1");
            }
            self.kings |= tb;
        }
        self.turn = self.turn.other();
    }
}
