//! The knight: two paths per leap (CRZ-N1), one capture at the destination
//! or in passing (CRZ-N2), riders captured at any depth (CRZ-N3).

use smallvec::SmallVec;

use super::board::*;
use super::position::*;
use crate::core::geometry::{Dir, Square, KNIGHT_LEAPS};
use crate::core::moves::{Decision, KnightPath, Move};
use crate::core::Color;

impl Core {
    /// CRZ-N1..N3: both paths of every leap; a capture at the destination
    /// (base, or an enemy rider at any depth) or one capture in passing on
    /// an intermediate square (any depth), or none. With `counting`,
    /// capture-free leaps go to its sink first.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_knight(
        &self,
        _fl: &Flags,
        a: Square,
        l: usize,
        side: Color,
        caps: bool,
        f: &mut dyn FnMut(Move),
        mut counting: Option<&mut Counting<'_, '_>>,
    ) {
        for leap in KNIGHT_LEAPS {
            let Some(b) = sq_add(a, leap) else { continue };
            // Count mode: the two paths of a capture-free leap give the
            // same board (nothing is captured in passing).
            let mut quiet_counted = false;
            let (u, v) = if leap.dr.abs() == 2 {
                (Dir::new(0, leap.dr.signum()), Dir::new(leap.df, 0))
            } else {
                (Dir::new(leap.df.signum(), 0), Dir::new(0, leap.dr))
            };
            let dest = &self.b[idx(b)];
            for path in [KnightPath::LongFirst, KnightPath::ShortFirst] {
                let mids = match path {
                    KnightPath::LongFirst => {
                        [sq_add(a, u), sq_add(a, Dir::new(2 * u.df, 2 * u.dr))]
                    }
                    KnightPath::ShortFirst => {
                        [sq_add(a, v), sq_add(a, Dir::new(v.df + u.df, v.dr + u.dr))]
                    }
                };
                let kp = Decision::KnightPath(path);
                for land in landings(dest, side) {
                    if caps && land != Land::Capture {
                        continue;
                    }
                    if let (Some(cn), Land::Quiet | Land::Enter) = (counting.as_mut(), land) {
                        if quiet_counted {
                            continue;
                        }
                        match cn.step(idx(a), l, idx(b), 2) {
                            Some(true) | None => {
                                quiet_counted = true;
                                continue;
                            }
                            Some(false) => {}
                        }
                    }
                    let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.extend(land_decision(1, land));
                    ds.push(kp);
                    f(mk(&[a, b], &ds));
                }
                for (dl, &p) in dest.pieces().iter().enumerate().skip(1) {
                    if color(p) != side {
                        let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                        ds.extend(lvl(0, l));
                        ds.push(Decision::CaptureAt(1));
                        ds.extend(lvl(1, dl));
                        ds.push(kp);
                        f(mk(&[a, b], &ds));
                    }
                }
                // A capture in passing: the landing is decided when played.
                for m in mids.into_iter().flatten() {
                    for (ml, &p) in self.b[idx(m)].pieces().iter().enumerate() {
                        if color(p) != side {
                            let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                            ds.extend(lvl(0, l));
                            ds.push(Decision::CaptureAt(1));
                            ds.extend(lvl(1, ml));
                            ds.push(kp);
                            f(mk(&[a, m, b], &ds));
                        }
                    }
                }
            }
        }
    }
}
