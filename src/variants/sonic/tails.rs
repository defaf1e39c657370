//! The Tails knight (SCA-6), on any board ([`Geometry`]).
//!
//! Quiet moves and captures are knight leaps ([`Geometry::leap`]: the FIDE
//! leaps on the square board, Gliński's on the hexagonal one). After a
//! capture (or a hit on a bare spring or the enemy king) the knight must
//! leap again by the same vector: off the board or a friendly piece there →
//! it stops where it is; an empty cell → it moves there and stops; an
//! enemy, a bare spring or the enemy king → capture / hit and repeat. A
//! knight that would rest on the surviving enemy king's cell is removed
//! (SCA-9, in `play`). A straight chain can never be endless (SCA-5).

use super::geometry::Geometry;
use super::pieces::Seen;
use super::walker::{BranchSink, Walker, Watch};

impl<G: Geometry> Walker<G> {
    /// One leap `leap` of the knight that stood on `from` (vacated): the
    /// quiet leap when `quiet` (SCA-3), or the Tails chain (SCA-6).
    pub(crate) fn knight(
        &mut self,
        from: u8,
        leap: u8,
        quiet: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        let to = self.geo.leap(from, leap);
        match self.see(to, w) {
            Seen::Off | Seen::Friendly => false,
            Seen::Empty => quiet && self.quiet(to.unwrap_or(from), sink),
            _ => {
                if !w.wants(None) {
                    return false;
                }
                let mut cur = to.unwrap_or(from);
                let mut b = self.start_branch(cur, None);
                w.land(cur, true);
                self.arrive(cur, &mut b);
                // Mutant `knight-stops`: no continuation.
                while !b.king_lost && !self.rules().knight_stops {
                    let next = self.geo.leap(cur, leap);
                    match self.see(next, w) {
                        Seen::Off | Seen::Friendly => break,
                        Seen::Empty => {
                            cur = next.unwrap_or(cur);
                            w.land(cur, false);
                            break;
                        }
                        _ => {
                            cur = next.unwrap_or(cur);
                            w.land(cur, true);
                            self.arrive(cur, &mut b);
                        }
                    }
                }
                b.end = cur;
                self.finish(&b, sink)
            }
        }
    }
}
