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
//!
//! SCA-12: a compound moving as its knight part makes exactly this chain
//! (it never turns as its slider inside the move).

use super::geometry::Geometry;
use super::pieces::Seen;
use super::walker::{BranchSink, Walker, Watch};

impl<G: Geometry> Walker<G> {
    /// One leap `leap` of the knight (or the knight part of a compound,
    /// `compound`, SCA-12) that stood on `from` (vacated): the quiet leap
    /// when `quiet` (SCA-3), or the Tails chain (SCA-6).
    pub(crate) fn knight(
        &mut self,
        from: u8,
        leap: u8,
        compound: bool,
        quiet: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
    ) -> bool {
        let to = self.geo.leap(from, leap);
        match self.see(to, w) {
            Seen::Off | Seen::Friendly => false,
            Seen::Empty => quiet && self.quiet(to.unwrap_or(from), sink),
            _ => {
                // Mutants `knight-stops` (every knight) and
                // `compound-knight-stops` (a compound's knight part): no
                // continuation.
                let rules = self.rules();
                let stops = rules.knight_stops || (compound && rules.compound_knight_stops);
                let first = to.unwrap_or(from);
                self.chain(first, stops, w, sink, |g, c| g.leap(c, leap))
            }
        }
    }

    /// The Tails chain from the first capture (or hit) on `first`: `next`
    /// gives the cell one more vector away; off the board or friendly →
    /// stop; empty → move there and stop; enemy, bare spring or king →
    /// capture / hit and repeat (SCA-6). `stops`: no continuation at all.
    /// The mutant `compound-switches-part` runs it with a line step.
    pub(crate) fn chain(
        &mut self,
        first: u8,
        stops: bool,
        w: &mut impl Watch,
        sink: &mut impl BranchSink<G>,
        next: impl Fn(G, u8) -> Option<u8>,
    ) -> bool {
        if !w.wants(None) {
            return false;
        }
        let mut cur = first;
        let mut b = self.start_branch(cur, None);
        w.land(cur, true);
        self.arrive(cur, &mut b);
        while !b.king_lost && !stops {
            let n = next(self.geo, cur);
            match self.see(n, w) {
                Seen::Off | Seen::Friendly => break,
                Seen::Empty => {
                    cur = n.unwrap_or(cur);
                    w.land(cur, false);
                    break;
                }
                _ => {
                    cur = n.unwrap_or(cur);
                    w.land(cur, true);
                    self.arrive(cur, &mut b);
                }
            }
        }
        b.end = cur;
        self.finish(&b, sink)
    }
}
