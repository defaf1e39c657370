//! Spindash: the moves of R, B and Q (SCA-3 … SCA-4.4) and the endless
//! test (SCA-5), on any board ([`Geometry`]).
//!
//! - SCA-3: a ranged piece slides over empty cells (quiet moves). A bare
//!   spring is not empty for it.
//! - SCA-4: the first occupied cell ends the slide: a friendly piece
//!   blocks; an enemy piece, a bare spring or the enemy king is captured /
//!   hit, the mover moves onto it and turns by the board's turn angle
//!   ([`Geometry::turn`]: 90° on the square board), then travels on: empty
//!   → on; off the board or friendly → stop; enemy, spring, king →
//!   capture or hit and turn again.
//! - SCA-4.1: the rotation is chosen at the first capture and kept; under
//!   `alternate-turns` every later turn alternates it.
//! - SCA-4.2: at the first capture a side is blocked when its first cell is
//!   off the board or friendly (the mover's vacated start cell is open):
//!   both open → two branches, one blocked → the other is forced, both
//!   blocked → stop on the captured cell.
//! - SCA-4.3: at later captures a blocked new direction stops the mover on
//!   the cell it has just captured on.
//! - SCA-4.4: a piece may rest on a spring; the spring stays under it.
//! - SCA-5, exact: after every turn the walker records (cell, new
//!   direction), plus the turn parity under `alternate-turns`, and forgets
//!   the records at every removal or king hit; meeting a record again
//!   means the motion repeats forever: the branch is flagged endless (not
//!   a move, no check). A captured piece's cell, or the vacated start cell,
//!   bounces the mover again if it holds a spring.
//! - SCA-9.3/SCA-9.4: a hit that loses the king ends the move at once.
//!
//! SCA-12: a compound moving as its slider part spindashes exactly so,
//! with that slider's turns (the rook part onto the other orthogonal, the
//! bishop part onto the other diagonal, the queen part as a queen), and
//! never goes on as a knight inside the move.
//!
//! SCA-4.5: the document's diagram (rook d2 takes d6; ccw b6 → b1, cw
//! g6 → g4) is pinned by the `SCA-4.5-rook-d2*` fixtures and the unit test
//! below.

use crate::core::Rotation;

use super::geometry::Geometry;
use super::pieces::Seen;
use super::walker::{BranchSink, Walker, Watch};

/// The other rotation (SCA-4.1 `alternate-turns`).
#[inline]
pub fn opposite(r: Rotation) -> Rotation {
    match r {
        Rotation::Clockwise => Rotation::Counterclockwise,
        Rotation::Counterclockwise => Rotation::Clockwise,
    }
}

impl<G: Geometry> Walker<G> {
    /// One line direction `dir` of the ranged piece (or the slider part of
    /// a compound, `compound`, SCA-12) that stood on `from` (vacated): the
    /// quiet slides when `quiet` (SCA-3), then the capture branches
    /// (SCA-4).
    pub(crate) fn ranged(
        &mut self,
        from: u8,
        dir: u8,
        compound: bool,
        quiet: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        let mut at = from;
        loop {
            let next = self.geo.step(at, dir);
            match self.see(next, w) {
                Seen::Empty => {
                    at = next.unwrap_or(at);
                    if quiet && self.quiet(at, sink) {
                        return true;
                    }
                }
                Seen::Off | Seen::Friendly => return false,
                _ if compound && self.rules().compound_switches_part => {
                    // Mutant `compound-switches-part` (SCA-12 misread):
                    // after the capture the compound goes on as a knight
                    // would, by the same step again, instead of turning.
                    let first = next.unwrap_or(at);
                    return self.chain(first, false, w, sink, |g, c| g.step(c, dir));
                }
                _ => return self.first_capture(next.unwrap_or(at), dir, w, sink),
            }
        }
    }

    /// SCA-4.1, SCA-4.2: the branches of a first capture on `first`,
    /// reached moving along `dir`.
    fn first_capture(
        &mut self,
        first: u8,
        dir: u8,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        let rules = self.rules();
        if self.see_cell(self.cells[first as usize]) == Seen::King && self.king_forms() <= 1 {
            // SCA-9.3/SCA-9.4: the hit loses the king and ends the move at
            // once: no rotation is ever chosen.
            return self.walk(first, dir, None, w, sink);
        }
        if rules.bounce_180 {
            // Mutant: the original StHC bounce straight back.
            let back = self.geo.step(first, self.geo.reverse(dir));
            let open = !self.see(back, w).blocks();
            return self.walk(first, dir, open.then_some(Rotation::Clockwise), w, sink);
        }
        let cw_cell = self
            .geo
            .step(first, self.geo.turn(dir, Rotation::Clockwise));
        let cw = !self.see(cw_cell, w).blocks();
        let ccw_cell = self
            .geo
            .step(first, self.geo.turn(dir, Rotation::Counterclockwise));
        let ccw = !self.see(ccw_cell, w).blocks();
        // Both open → two branches; one blocked → the other is forced;
        // both blocked → stop on the captured cell (mutant
        // `no-forced-rotation`: stopping is also allowed with one open).
        if cw && self.walk(first, dir, Some(Rotation::Clockwise), w, sink) {
            return true;
        }
        if ccw && self.walk(first, dir, Some(Rotation::Counterclockwise), w, sink) {
            return true;
        }
        if (!cw && !ccw) || (rules.no_forced_rotation && cw != ccw) {
            return self.walk(first, dir, None, w, sink);
        }
        false
    }

    /// SCA-4, SCA-4.3, SCA-5: follows the branch that captured on `first`
    /// moving along `dir_in` and turned `rotation` there (`None`: it stops
    /// there) to its end.
    fn walk(
        &mut self,
        first: u8,
        dir_in: u8,
        rotation: Option<Rotation>,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        if !w.wants(rotation) {
            return false;
        }
        let rules = self.rules();
        let mut b = self.start_branch(first, rotation);
        let mut cur = first;
        let mut dir = dir_in;
        let mut turns: u8 = 0;
        // Path length so far (start and first capture), for the mutant's cap.
        let mut path_len = 2;
        w.land(first, true);
        self.arrive(cur, &mut b);
        'bounce: while !b.king_lost {
            let Some(r0) = rotation else { break };
            // SCA-4.1: the first turn's rotation is kept; under
            // `alternate-turns` every later turn alternates it.
            let odd = turns % 2 == 1;
            let r = if rules.alternate_turns && odd {
                opposite(r0)
            } else {
                r0
            };
            let nd = if rules.bounce_180 {
                self.geo.reverse(dir)
            } else {
                self.geo.turn(dir, r)
            };
            // SCA-4.3: a blocked new direction stops the mover here.
            if self.see(self.geo.step(cur, nd), w).blocks() {
                break;
            }
            // SCA-5: the state after a turn; parity matters only when
            // alternating.
            let parity = if rules.alternate_turns && odd { 32 } else { 0 };
            if !self.visit(((cur as u16) << 8) | u16::from(nd | parity)) {
                b.endless = !rules.endless_allowed;
                break;
            }
            // Mutant `endless-allowed`: a step cap instead of the exact test.
            if rules.endless_allowed && path_len > 64 {
                break;
            }
            dir = nd;
            turns = turns.wrapping_add(1);
            loop {
                let next = self.geo.step(cur, dir);
                match self.see(next, w) {
                    Seen::Off | Seen::Friendly => {
                        w.land(cur, false);
                        break 'bounce;
                    }
                    Seen::Empty => cur = next.unwrap_or(cur),
                    _ => {
                        cur = next.unwrap_or(cur);
                        w.land(cur, true);
                        path_len += 1;
                        self.arrive(cur, &mut b);
                        continue 'bounce;
                    }
                }
            }
        }
        b.end = cur;
        self.finish(&b, sink)
    }
}

#[cfg(test)]
mod tests {
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    use crate::core::Game;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};
    use crate::variants::sonic::{Sonic, SonicRules};

    /// SCA-4.5: the diagram's two branches.
    #[test]
    fn rook_d2_diagram() {
        let p = Sonic::from_text(
            "4k3/8/1p1p2p1/8/8/6P1/3R4/4K3 w - - 0 1 - K=K KNA=K",
            SonicRules::default(),
        )
        .unwrap();
        let mut t: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|m| p.move_text(m))
            .filter(|t| t.starts_with("d2x"))
            .collect();
        t.sort();
        assert_eq!(t, ["d2xd6xb6-b1:ccw", "d2xd6xg6-g4:cw"]);
    }
}
