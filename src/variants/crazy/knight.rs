//! The knight: two paths per leap (CRZ-N1), one capture at the destination
//! or in passing (CRZ-N2), riders captured at any depth (CRZ-N3).

use super::board::*;
use super::generate::{Consumer, Moves};
use super::moves::KnightPath;
use super::moves::{Kind, Move};
use super::position::{sq_add, WITHIN_TWO};
use crate::core::bitboard::tables;
use crate::core::geometry::{Dir, KNIGHT_LEAPS};
use crate::core::Flow;

impl Moves<'_> {
    /// CRZ-N1..N3: both paths of every leap; a capture at the destination
    /// (base, or an enemy rider at any depth) or one capture in passing on
    /// an intermediate square (any depth), or none.
    pub(super) fn knight<C: Consumer>(&self, i: usize, l: usize, out: &mut C) -> Flow {
        let a = sq_of(i);
        let them = self.side.other();
        let proto = Move::new(Kind::Knight(KnightPath::LongFirst), i, l);
        let targets = tables().knight[i];
        let mut caps = targets & self.z.base[them];
        while caps != 0 {
            let b = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            out.both_paths(&proto.to(b, true, false))?;
        }
        // Riders at the destination and captures in passing need an enemy
        // piece within two squares (every intermediate square is).
        if WITHIN_TWO[i] & self.z.any[them][0] != 0 {
            for leap in KNIGHT_LEAPS {
                let Some(bs) = sq_add(a, leap) else { continue };
                let b = idx(bs);
                for (dl, &p) in self.b[b].pieces().iter().enumerate().skip(1) {
                    if color(p) == them {
                        let mut m = proto.to(b, true, false);
                        m.lv[1] = dl as u8;
                        out.both_paths(&m)?;
                    }
                }
                // Captures in passing: the landing is decided when played.
                let (u, v) = if leap.dr.abs() == 2 {
                    (Dir::new(0, leap.dr.signum()), Dir::new(leap.df, 0))
                } else {
                    (Dir::new(leap.df.signum(), 0), Dir::new(0, leap.dr))
                };
                for path in [KnightPath::LongFirst, KnightPath::ShortFirst] {
                    let mids = match path {
                        KnightPath::LongFirst => {
                            [sq_add(a, u), sq_add(a, Dir::new(2 * u.df, 2 * u.dr))]
                        }
                        KnightPath::ShortFirst => {
                            [sq_add(a, v), sq_add(a, Dir::new(v.df + u.df, v.dr + u.dr))]
                        }
                    };
                    for ms in mids.into_iter().flatten() {
                        for (ml, &p) in self.b[idx(ms)].pieces().iter().enumerate() {
                            if color(p) == them {
                                let mut m = Move::new(Kind::Knight(path), i, l);
                                m.push(idx(ms), ml);
                                m.cap = 1 << 1;
                                m.push(b, 0);
                                out.push(&m)?;
                            }
                        }
                    }
                }
            }
        }
        if !self.captures {
            out.steps(&proto, targets & !self.z.occ, targets & self.z.rook_base)?;
        }
        Flow::Continue(())
    }
}
