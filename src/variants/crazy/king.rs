//! The king: two steps per move (CRZ-K1; first-step effects deferred,
//! CRZ-K2, see `Core::apply`) and castling as the first step (CRZ-K3).

use smallvec::SmallVec;

use super::board::*;
use super::check::in_check;
use super::position::*;
use crate::core::geometry::{Square, KING_DIRS};
use crate::core::moves::{Decision, Move};
use crate::core::Color;

impl Core {
    /// CRZ-K1: two king steps; each may be quiet, capture or enter (the
    /// first step's capture effects are deferred, CRZ-K2, see `apply`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_king(
        &self,
        fl: &Flags,
        i: usize,
        l: usize,
        side: Color,
        caps: bool,
        f: &mut dyn FnMut(Move),
        counting: Option<&mut Counting<'_, '_>>,
    ) {
        let a = sq_of(i);
        let mut origin = self.b[i];
        origin.remove(l);
        let passable = |st: &Stack| st.base().is_none_or(|p| kind(p) == ROOK);
        // Count mode: a double step without capture leaves its first square
        // as it was (the king enters and leaves, or crosses an empty
        // square), so every first step to one destination gives the same
        // board: those moves are counted together (a full stack on the
        // first square is left to the general path, where the move does
        // not exist).
        let mut counted = 0u64;
        if let Some(cn) = counting.filter(|_| !fl.king_single && !caps) {
            let mut ways = [0u64; 64];
            let mut dests = 0u64;
            for d1 in KING_DIRS {
                let Some(s1) = sq_add(a, d1) else { continue };
                let st1 = &self.b[idx(s1)];
                if !passable(st1) || st1.len() >= MAX_STACK {
                    continue;
                }
                for d2 in KING_DIRS {
                    let Some(s2) = sq_add(s1, d2) else { continue };
                    let st2 = if s2 == a { &origin } else { &self.b[idx(s2)] };
                    if passable(st2) {
                        ways[idx(s2)] += 1;
                        dests |= 1 << idx(s2);
                    }
                }
            }
            while dests != 0 {
                let t = dests.trailing_zeros() as usize;
                dests &= dests - 1;
                if cn.step(i, l, t, ways[t]) != Some(false) {
                    counted |= 1 << t;
                }
            }
        }
        for d1 in KING_DIRS {
            let Some(s1) = sq_add(a, d1) else { continue };
            for l1 in landings(&self.b[idx(s1)], side) {
                if fl.king_single {
                    if caps && l1 != Land::Capture {
                        continue;
                    }
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.extend(land_decision(1, l1));
                    f(mk(&[a, s1], &ds));
                    continue;
                }
                for d2 in KING_DIRS {
                    let Some(s2) = sq_add(s1, d2) else { continue };
                    let st2 = if s2 == a { origin } else { self.b[idx(s2)] };
                    for l2 in landings(&st2, side) {
                        if caps && l1 != Land::Capture && l2 != Land::Capture {
                            continue;
                        }
                        if counted & (1 << idx(s2)) != 0
                            && l1 != Land::Capture
                            && l2 != Land::Capture
                            && self.b[idx(s1)].len() < MAX_STACK
                        {
                            continue;
                        }
                        let mut ds: SmallVec<[Decision; 4]> = SmallVec::new();
                        ds.extend(lvl(0, l));
                        ds.extend(land_decision(1, l1));
                        ds.extend(land_decision(2, l2));
                        f(mk(&[a, s1, s2], &ds));
                    }
                }
            }
        }
    }

    /// CRZ-K3: castling (FIDE rights and conditions) as the king's first
    /// step, then a second king step.
    pub(super) fn gen_castling(
        &self,
        fl: &Flags,
        side: Color,
        mode: Mode,
        f: &mut dyn FnMut(Move),
    ) {
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
            let rook_sq = Square::new(rook_file, r);
            let (ki, ri) = (idx(king_sq), idx(rook_sq));
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
            let mut after = self.b;
            after[ki] = Stack::EMPTY;
            after[idx(kt)] = Stack::one(make(KING, side));
            after[idx(rt)] = after[ri];
            after[ri] = Stack::EMPTY;
            if mode == Mode::All {
                let crossed = Square::new(if king_to == 6 { 5 } else { 3 }, r);
                let mut cross = self.b;
                cross[ki] = Stack::EMPTY;
                cross[idx(crossed)] = Stack::one(make(KING, side));
                if in_check(&self.b, side, self.castling, fl)
                    || in_check(&cross, side, self.castling, fl)
                    || in_check(&after, side, self.castling, fl)
                {
                    continue;
                }
            }
            for d2 in KING_DIRS {
                let Some(s2) = sq_add(kt, d2) else { continue };
                for l2 in landings(&after[idx(s2)], side) {
                    if mode == Mode::Captures && l2 != Land::Capture {
                        continue;
                    }
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.push(Decision::Castle { rook: rook_sq });
                    ds.extend(land_decision(2, l2));
                    f(mk(&[king_sq, kt, s2], &ds));
                }
            }
        }
    }
}
