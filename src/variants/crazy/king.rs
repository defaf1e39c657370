//! The king: two steps per move (CRZ-K1; first-step effects deferred,
//! CRZ-K2, see `position::apply_on`) and castling as the first step
//! (CRZ-K3).

use super::board::*;
use super::check::in_check;
use super::gen::{Consumer, Moves};
use super::moves::{Kind, Move};
use super::position::*;
use crate::core::geometry::{Square, KING_DIRS};

/// What a step can do on a square with this stack (CRZ-R2): land on it
/// (empty), capture its base (an enemy base), enter it (a rook base).
/// Returns (quiet, capture, enter).
#[inline]
pub(super) fn landings(st: &Stack, side: crate::core::Color) -> (bool, bool, bool) {
    match st.base() {
        None => (true, false, false),
        Some(base) => (false, color(base) != side, kind(base) == ROOK),
    }
}

/// The ways to land on a square, in the order quiet, capture, enter, as
/// (capture, enter) flags.
#[inline]
fn ways(st: &Stack, side: crate::core::Color) -> impl Iterator<Item = (bool, bool)> {
    let (q, c, e) = landings(st, side);
    [(q, (false, false)), (c, (true, false)), (e, (false, true))]
        .into_iter()
        .filter_map(|(ok, w)| ok.then_some(w))
}

impl Moves<'_> {
    /// CRZ-K1: two king steps; each may be quiet, capture or enter (the
    /// first step's capture effects are deferred, CRZ-K2).
    pub(super) fn king<C: Consumer>(&self, i: usize, l: usize, out: &mut C) {
        let a = sq_of(i);
        let side = self.side;
        let mut origin = self.b[i];
        origin.remove(l);
        let proto = Move::new(Kind::King, i, l);
        if self.fl.king_single {
            let proto = Move::new(Kind::Step, i, l);
            for d1 in KING_DIRS {
                let Some(s1) = sq_add(a, d1) else { continue };
                for (cap, ent) in ways(&self.b[idx(s1)], side) {
                    if !self.captures || cap {
                        out.push(&proto.to(idx(s1), cap, ent));
                    }
                }
            }
            return;
        }
        // Count mode: a double step without capture leaves its first square
        // as it was (the king enters and leaves, or crosses an empty
        // square), so the moves to one destination are one group.
        let grouped = out.grouping() && !self.captures;
        if grouped {
            let passable = |st: &Stack| st.base().is_none_or(|p| kind(p) == ROOK);
            let mut n = [0u8; 64];
            let mut first = [0u8; 64];
            let mut dests = 0u64;
            for d1 in KING_DIRS {
                let Some(s1) = sq_add(a, d1) else { continue };
                if !passable(&self.b[idx(s1)]) {
                    continue;
                }
                for d2 in KING_DIRS {
                    let Some(s2) = sq_add(s1, d2) else { continue };
                    let st2 = if s2 == a { &origin } else { &self.b[idx(s2)] };
                    if passable(st2) {
                        let t = idx(s2);
                        n[t] += 1;
                        first[t] = idx(s1) as u8;
                        dests |= 1 << t;
                    }
                }
            }
            while dests != 0 {
                let t = dests.trailing_zeros() as usize;
                dests &= dests - 1;
                let s1 = first[t] as usize;
                let st2 = if t == i { &origin } else { &self.b[t] };
                let m = proto
                    .to(s1, false, !self.b[s1].is_empty())
                    .to(t, false, !st2.is_empty());
                out.group(&m, u64::from(n[t]));
            }
        }
        for d1 in KING_DIRS {
            let Some(s1) = sq_add(a, d1) else { continue };
            for (cap1, ent1) in ways(&self.b[idx(s1)], side) {
                let m1 = proto.to(idx(s1), cap1, ent1);
                for d2 in KING_DIRS {
                    let Some(s2) = sq_add(s1, d2) else { continue };
                    let st2 = if s2 == a { &origin } else { &self.b[idx(s2)] };
                    for (cap2, ent2) in ways(st2, side) {
                        if (self.captures || grouped) && !cap1 && !cap2 {
                            continue;
                        }
                        out.push(&m1.to(idx(s2), cap2, ent2));
                    }
                }
            }
        }
    }

    /// CRZ-K3: castling (FIDE rights and conditions) as the king's first
    /// step, then a second king step. For the check test (`captures`)
    /// only the rights and the empty squares count (CRZ-C1).
    pub(super) fn castling<C: Consumer>(&self, out: &mut C) {
        let side = self.side;
        let r = if side.is_white() { 0u8 } else { 7 };
        let (kbit, qbit) = if side.is_white() { (WK, WQ) } else { (BK, BQ) };
        let king_sq = Square::new(4, r);
        for (bit, rook_file, king_to, rook_to, empty) in [
            (kbit, 7u8, 6u8, 5u8, &[5u8, 6][..]),
            (qbit, 0, 2, 3, &[1, 2, 3][..]),
        ] {
            if self.castling & bit == 0 {
                continue;
            }
            let (ki, ri) = (idx(king_sq), idx(Square::new(rook_file, r)));
            if self.b[ki].base() != Some(make(KING, side))
                || self.b[ri].base().map(|p| p & 15) != Some(make(ROOK, side))
            {
                continue;
            }
            if self.b[ki].len() != 1
                || empty
                    .iter()
                    .any(|&fi| !self.b[idx(Square::new(fi, r))].is_empty())
            {
                continue;
            }
            let kt = Square::new(king_to, r);
            let rt = Square::new(rook_to, r);
            let mut after = *self.b;
            after[ki] = Stack::EMPTY;
            after[idx(kt)] = Stack::one(make(KING, side));
            after[idx(rt)] = after[ri];
            after[ri] = Stack::EMPTY;
            if !self.captures {
                let crossed = Square::new(if king_to == 6 { 5 } else { 3 }, r);
                let mut cross = *self.b;
                cross[ki] = Stack::EMPTY;
                cross[idx(crossed)] = Stack::one(make(KING, side));
                if in_check(self.b, side, self.castling, self.fl)
                    || in_check(&cross, side, self.castling, self.fl)
                    || in_check(&after, side, self.castling, self.fl)
                {
                    continue;
                }
            }
            let m = Move::new(Kind::Castle, ki, 0).to(idx(kt), false, false);
            for d2 in KING_DIRS {
                let Some(s2) = sq_add(kt, d2) else { continue };
                for (cap, ent) in ways(&after[idx(s2)], side) {
                    if !self.captures || cap {
                        out.push(&m.to(idx(s2), cap, ent));
                    }
                }
            }
        }
    }
}
