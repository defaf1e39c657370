//! Queen, rook and bishop (FIDE sliders, CRZ-R1) and the queen's all-round
//! capture (CRZ-Q1). The bishop's rising is a chain reaction
//! (`board::Chain::rise`, CRZ-B1).

use super::generate::{Consumer, Moves};
use super::moves::{Kind, Move};
use super::position::NEIGHBOURS;
use crate::core::bitboard::tables;
use crate::core::Flow;

impl Moves<'_> {
    /// CRZ-R1 and FIDE sliders along rook and/or bishop lines; a slide
    /// ends on the first occupied square by capturing an enemy base or
    /// entering a rook (CRZ-R2). Only moves ending in `focus` (CRZ-C1).
    pub(super) fn slider<C: Consumer>(
        &self,
        i: usize,
        l: usize,
        rook: bool,
        bishop: bool,
        out: &mut C,
    ) -> Flow {
        let t = tables();
        let occ = self.z.occ;
        let mut reach = 0;
        if rook {
            reach |= t.rook(i as u32, occ);
        }
        if bishop {
            reach |= t.bishop(i as u32, occ);
        }
        reach &= self.focus;
        let proto = Move::new(Kind::Step, i, l);
        let mut caps = reach & self.z.base[self.side.other()];
        while caps != 0 {
            let s = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            out.push(&proto.to(s, true, false))?;
        }
        if !self.captures {
            out.steps(&proto, reach & !occ, reach & self.z.rook_base)?;
        }
        Flow::Continue(())
    }

    /// CRZ-Q1: the all-round capture, only with an occupied neighbour.
    pub(super) fn all_round<C: Consumer>(&self, i: usize, l: usize, out: &mut C) -> Flow {
        if NEIGHBOURS[i] & self.z.occ != 0 {
            out.push(&Move::new(Kind::AllRound, i, l))?;
        }
        Flow::Continue(())
    }
}
