//! Picture helpers shared by the draughts games (`english`, `bosses`):
//! the board, the legs of a path as drawn, the square a jump passes over,
//! and where a written path leaves every legal one. Each game's
//! `diagram.rs` adds its own pieces, notes and rule IDs.

use crate::core::diagram::{Geometry, Leg, LegKind};
use crate::core::Square;

/// The 8×8 board of both games.
pub const BOARD: Geometry = Geometry::square(8, 8);

/// Whether `a` → `b` is a jump (two squares in line) rather than a step.
#[inline]
pub fn is_jump(a: Square, b: Square) -> bool {
    a.distance(b) == 2
}

/// The square jumped over from `a` to `b`.
pub fn over(a: Square, b: Square) -> Square {
    Square::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)
}

/// The leg `a` → `b` as drawn: a jump arched, a step straight.
pub fn leg(a: Square, b: Square) -> Leg {
    if is_jump(a, b) {
        Leg::new(LegKind::Jump, a, b)
    } else {
        Leg::slide(a, b)
    }
}

/// The legs of a path as written (see [`leg`]).
pub fn path_legs(path: &[Square]) -> Vec<Leg> {
    path.windows(2).map(|w| leg(w[0], w[1])).collect()
}

/// Whether a path is a capture series: more than one leg, or a jump.
pub fn is_series(path: &[Square]) -> bool {
    path.len() > 2 || path.windows(2).any(|w| is_jump(w[0], w[1]))
}

/// The index of the first square of a written path of `len` squares
/// where no legal path follows it any further (`follows(i)`: some legal
/// path agrees with the written one up to index `i`); the last square
/// when every prefix is followed.
pub fn first_wrong(len: usize, follows: impl Fn(usize) -> bool) -> usize {
    (1..len).find(|&i| !follows(i)).unwrap_or(len - 1)
}
