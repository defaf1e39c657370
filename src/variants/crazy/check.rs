//! Check (CRZ-C1): a king is in check when some pseudo-legal opponent move
//! would remove it, chain reactions included.
//!
//! The test (`check_at`) plays those moves: only capturing moves can
//! remove a piece, and a removal spreads only through the capture squares
//! and the neighbours of captured queens, so only captures acting in the
//! king's region (the king's square, the queens connected to it by
//! adjacency, and their neighbours) are tried. When the king is a rider —
//! it may ride away in an enemy rook and be hit at the destination —
//! every capture is tried. Before that, a quick proof on bitboards
//! (`quiet_near_king`) often shows that no such capture exists.

use super::board::*;
use super::generate::{Consumer, Moves};
use super::moves::{Kind, Move};
use super::position::*;
use crate::core::bitboard::tables;
use crate::core::{Color, Flow};

/// CRZ-C1: is `c`'s king in check on `b` (with castling rights
/// `castling`, which the opponent's castling needs)? `false` when `c` has
/// no king.
pub fn in_check(b: &Stacks, c: Color, castling: u8, fl: &Flags) -> bool {
    let z = Census::of(b);
    match z.king(b, c) {
        Some(k) => check_at(b, &z, c, k, castling, fl),
        None => false,
    }
}

/// [`in_check`] with the census `z` of `b` and `c`'s king at `king`.
pub(super) fn check_at(
    b: &Stacks,
    z: &Census,
    c: Color,
    king: (usize, usize),
    castling: u8,
    fl: &Flags,
) -> bool {
    if king.1 == 0 && quiet_near_king(z, c, king.0, castling) {
        return false;
    }
    let near = region(z.queens(), king.0);
    let filtered = king.1 == 0;
    let moves = Moves {
        b,
        z: *z,
        side: c.other(),
        castling,
        ep: None,
        fl,
        captures: true,
        focus: if filtered { near } else { !0 },
    };
    let mut r = Removal {
        board: b,
        work: *b,
        c,
        king,
        near,
        filtered,
        fl,
        found: false,
    };
    let _ = moves.all(&mut r);
    r.found
}

/// The king's region grown by one square: `D` = the king's square and
/// the queens (either colour, any level) connected to it by adjacency;
/// returns `D` and its neighbours.
fn region(queens: u64, ki: usize) -> u64 {
    let mut d: u64 = 1 << ki;
    loop {
        let grown = grow(d) & queens | d;
        if grown == d {
            break;
        }
        d = grown;
    }
    grow(d)
}

/// The check test's consumer: plays each capture that acts in the king's
/// region on a work board and looks for the king.
struct Removal<'a> {
    board: &'a Stacks,
    /// Equal to `board` between moves.
    work: Stacks,
    c: Color,
    king: (usize, usize),
    near: u64,
    filtered: bool,
    fl: &'a Flags,
    found: bool,
}

impl Consumer for Removal<'_> {
    /// `Break` once the king is found removed.
    fn push(&mut self, m: &Move) -> Flow {
        if self.filtered {
            let mut hit = self.near & 1 << m.last() != 0;
            for k in 0..m.len as usize {
                hit |= m.captures_at(k) && self.near & 1 << m.sq[k] != 0;
            }
            if m.kind == Kind::AllRound {
                hit |= self.near & NEIGHBOURS[m.from()] != 0;
            }
            if !hit {
                return Flow::Continue(());
            }
        }
        let fx = apply_on(&mut self.work, m, self.c.other(), None, self.fl);
        if fx.exists && fx.dirty & 1 << self.king.0 != 0 {
            let k = make(KING, self.c);
            let mut kept = false;
            let mut r = fx.dirty;
            while r != 0 {
                let i = r.trailing_zeros() as usize;
                r &= r - 1;
                kept |= self.work[i].pieces().iter().any(|&p| p & 15 == k);
            }
            self.found = !kept;
        }
        let mut r = fx.dirty;
        while r != 0 {
            let i = r.trailing_zeros() as usize;
            r &= r - 1;
            self.work[i] = self.board[i];
        }
        if self.found {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
}

/// A quick proof that the filtered check test would try no move at all,
/// so `c`'s king (a base on `ki`) is not in check: no attacker king,
/// knight, pawn or all-round capture acts near the king's region, no
/// attacker slider sees a defending base in it, and no castling of the
/// attacker ends next to it. `false` means "don't know" (the full test
/// runs). Exactness: every move the filtered test tries is one of these.
pub(super) fn quiet_near_king(z: &Census, c: Color, ki: usize, castling: u8) -> bool {
    let them = c.other();
    let near = region(z.queens(), ki);
    let near1 = grow(near);
    let a = &z.any[them];
    // Pawns and all-round captures act within one square; kings and
    // knights within two (a within-one-of-near square is within two).
    if (a[PAWN as usize] | a[QUEEN as usize]) & near1 != 0 {
        return false;
    }
    let knights_kings = a[KNIGHT as usize] | a[KING as usize];
    if knights_kings != 0 && knights_kings & grow(near1) != 0 {
        return false;
    }
    // Castling of the attacker: its second step acts next to g/c file.
    let (kbit, qbit, r) = if c.is_white() {
        (BK, BQ, 7)
    } else {
        (WK, WQ, 0)
    };
    if castling & kbit != 0 && near1 & (1u64 << (r * 8 + 6)) != 0 {
        return false;
    }
    if castling & qbit != 0 && near1 & (1u64 << (r * 8 + 2)) != 0 {
        return false;
    }
    // Sliders: from each defending base in the region, the first occupied
    // square along each line must hold no attacker slider of that line.
    // Lines are symmetric, so this is looked up from whichever side has
    // fewer squares: the targets or the sliders.
    let (rq, bq) = sliders(z, them);
    let targets = near & z.base[c];
    if rq | bq == 0 || targets == 0 {
        return true;
    }
    let t = tables();
    let hit = |from: u64, to: u64, rook: bool| {
        let mut m = from;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let seen = if rook {
                t.rook(sq, z.occ)
            } else {
                t.bishop(sq, z.occ)
            };
            if seen & to != 0 {
                return true;
            }
        }
        false
    };
    if rq.count_ones() + bq.count_ones() < 2 * targets.count_ones() {
        !(hit(rq, targets, true) || hit(bq, targets, false))
    } else {
        !(hit(targets, rq, true) || hit(targets, bq, false))
    }
}

/// The attacker's rook-line and bishop-line sliders (any level).
#[inline]
fn sliders(z: &Census, them: Color) -> (u64, u64) {
    let a = &z.any[them];
    let q = a[QUEEN as usize];
    (a[ROOK as usize] | q, a[BISHOP as usize] | q)
}

/// What a position's quiet proof ([`quiet_near_king`]) says about the
/// capture-free moves of the side to move: when the proof holds before
/// the move, a capture-free step of a unit holding no queen, no king and
/// no enemy piece keeps it true unless it opens a line (vacates an
/// `xray` square) or puts a new defending base into the region where an
/// attacker slider sees it ([`Safety::new_target_seen`]). The quiet proof
/// then holds after the move, so the mover's king is not in check.
#[derive(Clone, Copy, Debug)]
pub(super) struct Safety {
    /// The king's region grown by one square (where targets count).
    pub near: u64,
    /// Squares whose vacating would let an attacker slider see a target.
    pub xray: u64,
    rq: u64,
    bq: u64,
}

impl Safety {
    /// `None` unless `c`'s king is a base on `ki` and the quiet proof
    /// holds on the position.
    pub fn of(z: &Census, c: Color, king: (usize, usize), castling: u8) -> Option<Safety> {
        if king.1 != 0 || !quiet_near_king(z, c, king.0, castling) {
            return None;
        }
        let near = region(z.queens(), king.0);
        let (rq, bq) = sliders(z, c.other());
        let mut xray = 0;
        if rq | bq != 0 {
            let t = tables();
            let mut targets = near & z.base[c];
            while targets != 0 {
                let s = targets.trailing_zeros();
                targets &= targets - 1;
                for (rook, att) in [(true, rq), (false, bq)] {
                    if att == 0 {
                        continue;
                    }
                    let look = |occ| {
                        if rook {
                            t.rook(s, occ)
                        } else {
                            t.bishop(s, occ)
                        }
                    };
                    let first = look(z.occ) & z.occ;
                    let mut behind = look(z.occ & !first) & att & !first;
                    while behind != 0 {
                        let a = behind.trailing_zeros() as usize;
                        behind &= behind - 1;
                        xray |= t.between[s as usize][a] & first;
                    }
                }
            }
        }
        Some(Safety { near, xray, rq, bq })
    }

    /// Whether an attacker slider sees `t` (a new defending base in the
    /// region) on the occupancy `occ` after the move.
    #[inline]
    pub fn new_target_seen(&self, t: usize, occ: u64) -> bool {
        let tb = tables();
        (self.rq != 0 && tb.rook(t as u32, occ) & self.rq != 0)
            || (self.bq != 0 && tb.bishop(t as u32, occ) & self.bq != 0)
    }
}

/// `set` and every square next to it (`set | neighbours(set)`), by shifts.
#[inline]
pub(super) fn grow(set: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let h = set | ((set << 1) & NOT_A) | ((set >> 1) & NOT_H);
    h | (h << 8) | (h >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn grow_is_set_and_neighbours() {
        let mut next = crate::core::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let x = (next(1 << 32) as u64) << 32 | next(1 << 32) as u64;
            let set = x & (x >> 3) & (x >> 7);
            assert_eq!(grow(set), set | neighbours(set));
        }
    }
}
