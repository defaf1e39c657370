//! The king: two steps per move (CRZ-K1; first-step effects deferred,
//! CRZ-K2, see `position::apply_on`) and castling as the first step
//! (CRZ-K3).

use super::board::*;
use super::check::check_at;
use super::generate::{Consumer, Moves};
use super::moves::{Kind, Move};
use super::position::*;
use crate::core::bitboard::tables;
use crate::core::geometry::{Square, KING_DIRS};
use crate::core::Flow;

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
    pub(super) fn king<C: Consumer>(&self, i: usize, l: usize, out: &mut C) -> Flow {
        let side = self.side;
        let t = tables();
        let z = &self.z;
        let them = side.other();
        if self.fl.king_single {
            let proto = Move::new(Kind::Step, i, l);
            let mut r = t.king[i];
            while r != 0 {
                let s1 = r.trailing_zeros() as usize;
                r &= r - 1;
                for (cap, ent) in ways(&self.b[s1], side) {
                    if !self.captures || cap {
                        out.push(&proto.to(s1, cap, ent))?;
                    }
                }
            }
            return Flow::Continue(());
        }
        let proto = Move::new(Kind::King, i, l);
        // The second step sees the king's own square without the king.
        let mut origin = self.b[i];
        origin.remove(l);
        let bit = 1u64 << i;
        let (mut occ2, mut enemy2, mut rooks2) =
            (z.occ & !bit, z.base[them] & !bit, z.rook_base & !bit);
        if let Some(base) = origin.base() {
            occ2 |= bit;
            if color(base) != side {
                enemy2 |= bit;
            }
            if kind(base) == ROOK {
                rooks2 |= bit;
            }
        }
        // First steps that neither capture: onto an empty square or into a
        // rook (leaving it as it was).
        let pass1 = t.king[i] & (!z.occ | z.rook_base);
        // Count mode: a double step without capture leaves its first square
        // as it was, so the moves to one destination are one group (as
        // many as its passable neighbours among the first steps).
        let grouped = out.grouping() && !self.captures;
        if grouped {
            let mut dests = 0u64;
            let mut r = pass1;
            while r != 0 {
                let s1 = r.trailing_zeros() as usize;
                r &= r - 1;
                dests |= t.king[s1];
            }
            dests &= !occ2 | rooks2;
            while dests != 0 {
                let d = dests.trailing_zeros() as usize;
                dests &= dests - 1;
                let via = t.king[d] & pass1;
                let s1 = via.trailing_zeros() as usize;
                let m = proto
                    .to(s1, false, z.occ & 1 << s1 != 0)
                    .to(d, false, occ2 & 1 << d != 0);
                out.group(&m, u64::from(via.count_ones()))?;
            }
        }
        // Every other double step (only those that capture somewhere when
        // grouped or for the check test).
        let mut r = t.king[i];
        while r != 0 {
            let s1 = r.trailing_zeros() as usize;
            r &= r - 1;
            for (cap1, ent1) in ways(&self.b[s1], side) {
                let m1 = proto.to(s1, cap1, ent1);
                let second = t.king[s1];
                let all = cap1 || !(self.captures || grouped);
                let quiet = if all { second & !occ2 } else { 0 };
                let caps = second & enemy2;
                let enters = if all { second & rooks2 } else { 0 };
                let mut r2 = quiet | caps | enters;
                while r2 != 0 {
                    let s2 = r2.trailing_zeros() as usize;
                    r2 &= r2 - 1;
                    let b2 = 1u64 << s2;
                    if quiet & b2 != 0 {
                        out.push(&m1.to(s2, false, false))?;
                    }
                    if caps & b2 != 0 {
                        out.push(&m1.to(s2, true, false))?;
                    }
                    if enters & b2 != 0 {
                        out.push(&m1.to(s2, false, true))?;
                    }
                }
            }
        }
        Flow::Continue(())
    }

    /// CRZ-K3: castling (FIDE rights and conditions) as the king's first
    /// step, then a second king step. For the check test (`captures`)
    /// only the rights and the empty squares count (CRZ-C1).
    pub(super) fn castling<C: Consumer>(&self, out: &mut C) -> Flow {
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
            let kt = Square::new(king_to, r);
            let rt = Square::new(rook_to, r);
            // The board after the castling step (rook moved).
            let castled = || {
                let mut after = *self.b;
                after[ki] = Stack::EMPTY;
                after[idx(kt)] = Stack::one(make(KING, side));
                after[idx(rt)] = after[ri];
                after[ri] = Stack::EMPTY;
                after
            };
            let m = Move::new(Kind::Castle, ki, 0).to(idx(kt), false, false);
            let blocked = empty
                .iter()
                .map(|&fi| Square::new(fi, r))
                .find(|&s| !self.b[idx(s)].is_empty());
            if self.b[ki].len() != 1 || blocked.is_some() {
                if out.rejects() && !self.captures {
                    let why = match blocked {
                        Some(s) => format!("castling needs {s} empty (CRZ-K3)"),
                        None => "castling with a king that carries riders (CRZ-K3)".into(),
                    };
                    reject_all(out, &m, &castled(), side, &why);
                }
                continue;
            }
            let after = castled();
            if !self.captures {
                // Not in check, the crossed square and the landing square
                // (rook moved) not attacked; bitboards updated on the
                // squares that change.
                let crossed = idx(Square::new(if king_to == 6 { 5 } else { 3 }, r));
                let mut cross = *self.b;
                cross[ki] = Stack::EMPTY;
                cross[crossed] = Stack::one(make(KING, side));
                let (mut zc, mut za) = (self.z, self.z);
                zc.update(&cross, 1 << ki | 1 << crossed);
                za.update(&after, 1 << ki | 1 << idx(kt) | 1 << idx(rt) | 1 << ri);
                let (cs, fl) = (self.castling, self.fl);
                // The condition that fails: the king's square, the crossed
                // square or the landing square attacked.
                let attacked = if check_at(self.b, &self.z, side, (ki, 0), cs, fl) {
                    Some((king_sq, "out of check on"))
                } else if check_at(&cross, &zc, side, (crossed, 0), cs, fl) {
                    Some((sq_of(crossed), "through an attacked square"))
                } else if check_at(&after, &za, side, (idx(kt), 0), cs, fl) {
                    Some((kt, "onto an attacked square"))
                } else {
                    None
                };
                if let Some((s, what)) = attacked {
                    if out.rejects() {
                        let why = format!("castling {what} ({s}) (CRZ-K3)");
                        reject_all(out, &m, &after, side, &why);
                    }
                    continue;
                }
            }
            for d2 in KING_DIRS {
                let Some(s2) = sq_add(kt, d2) else { continue };
                for (cap, ent) in ways(&after[idx(s2)], side) {
                    if !self.captures || cap {
                        out.push(&m.to(idx(s2), cap, ent))?;
                    }
                }
            }
        }
        Flow::Continue(())
    }
}

/// Reports every castling move that starts with the castling step `m`
/// (its second steps on the board `after` it) as rejected for `why`.
#[cold]
fn reject_all<C: Consumer>(
    out: &mut C,
    m: &Move,
    after: &Stacks,
    side: crate::core::Color,
    why: &str,
) {
    let kt = sq_of(m.last());
    for d2 in KING_DIRS {
        let Some(s2) = sq_add(kt, d2) else { continue };
        for (cap, ent) in ways(&after[idx(s2)], side) {
            out.reject(
                &m.to(idx(s2), cap, ent),
                crate::core::Rejection::new("CRZ-K3", why),
            );
        }
    }
}
