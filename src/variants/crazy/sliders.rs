//! Queen, rook and bishop (FIDE sliders, CRZ-R1) and the queen's all-round
//! capture (CRZ-Q1). The bishop's rising is a chain reaction
//! (`board::Chain::rise`, CRZ-B1).

use smallvec::SmallVec;

use super::board::*;
use super::position::*;
use crate::core::geometry::{Dir, Square, KING_DIRS};
use crate::core::moves::{Decision, Move};
use crate::core::Color;

impl Core {
    /// CRZ-R1 and FIDE sliders; a slide ends on the first occupied square
    /// by capturing an enemy base or entering a rook (CRZ-R2). Only moves
    /// ending in `focus` are emitted (the check test's region, CRZ-C1).
    /// With `counting`, capture-free moves go to its sink first.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_slider(
        &self,
        a: Square,
        l: usize,
        side: Color,
        dirs: &[Dir],
        caps: bool,
        focus: u64,
        f: &mut dyn FnMut(Move),
        mut counting: Option<&mut Counting<'_, '_>>,
    ) {
        for &d in dirs {
            for t in B8.ray(a, d) {
                let st = &self.b[idx(t)];
                if focus & (1u64 << idx(t)) == 0 {
                    if !st.is_empty() {
                        break;
                    }
                    continue;
                }
                for land in landings(st, side) {
                    if caps && land != Land::Capture {
                        continue;
                    }
                    if let (Some(cn), Land::Quiet | Land::Enter) = (counting.as_mut(), land) {
                        match cn.step(idx(a), l, idx(t), 1) {
                            Some(true) | None => continue,
                            Some(false) => {}
                        }
                    }
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.extend(land_decision(1, land));
                    f(mk(&[a, t], &ds));
                }
                if !st.is_empty() {
                    break;
                }
            }
        }
    }

    /// CRZ-Q1: the all-round capture, only with an occupied neighbour.
    pub(super) fn gen_all_round(&self, a: Square, l: usize, f: &mut dyn FnMut(Move)) {
        if KING_DIRS
            .iter()
            .any(|&d| sq_add(a, d).is_some_and(|n| !self.b[idx(n)].is_empty()))
        {
            let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
            ds.extend(lvl(0, l));
            ds.push(Decision::AllRound);
            f(mk(&[a], &ds));
        }
    }
}
