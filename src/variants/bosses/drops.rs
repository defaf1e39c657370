//! CWB-7 boss drops: which bosses are pending, where they may be placed,
//! and the capture-set constraint on placements.
//!
//! A player with no piece of a type on the board whose boss is in reserve
//! drops that boss at the start of his turn, on an empty square of his
//! first three ranks, then moves (one turn). All pending bosses are placed
//! at once on distinct squares; with fewer empty squares than pending
//! bosses he drops as many as fit, choosing which. A placement is allowed
//! only if his set of legal capture series (after CWB-4's maximum rule,
//! identified by path, including captures by the dropped bosses) equals
//! that set without any drop; if no placement qualifies, all are allowed.

use crate::core::Color;

use super::moves::{Drops, NO_DROP};
use super::position::Bosses;

/// CWB-7: the owner's first three ranks.
fn drop_zone(c: Color) -> u64 {
    if c.is_white() {
        0xff_ffff
    } else {
        0xffff_ff00_0000_0000
    }
}

impl Bosses {
    /// CWB-7: the types whose boss `c` must drop (no piece of the type on
    /// the board, boss in reserve), as a bit set over D, O, C.
    pub(super) fn pending(&self, c: Color) -> u8 {
        let mut out = 0;
        for k in 0..3 {
            if self.reserve[c] & (1 << k) != 0 && self.pieces[c] & self.kind[k] == 0 {
                out |= 1 << k;
            }
        }
        out
    }

    /// CWB-7, CWB-8, CWB-11: the boss of type `k` of the side to move
    /// leaves the reserve for `idx` with full hit points, crowned unless
    /// `boss-promotes`.
    pub(super) fn drop_boss(&mut self, k: usize, idx: u8) {
        let me = self.turn;
        let bit = 1u64 << idx;
        self.pieces[me] |= bit;
        self.kind[k] |= bit;
        self.boss |= bit;
        self.hp[idx as usize] = self.rules.hp;
        if !self.rules.boss_promotes {
            self.crowned |= bit;
        }
        self.reserve[me] &= !(1 << k);
    }

    /// Plays every drop of `drops`.
    pub(super) fn drop_all(&mut self, drops: &Drops) {
        for (k, &s) in drops.iter().enumerate() {
            if s != NO_DROP {
                self.drop_boss(k, s);
            }
        }
    }

    /// CWB-7: the possible placements of the pending bosses of the side to
    /// move (distinct empty squares of the first three ranks; as many as
    /// fit, choosing which), in a fixed order: by the set of types
    /// dropped, then by square of D, O, C.
    pub(super) fn placements(&self) -> Vec<Drops> {
        let pending = self.pending(self.turn);
        let kinds: Vec<usize> = (0..3).filter(|k| pending & (1 << k) != 0).collect();
        let zone = drop_zone(self.turn) & !self.occupied();
        let squares: Vec<u8> = (0..64u8).filter(|&i| zone & (1 << i) != 0).collect();
        let n = kinds.len().min(squares.len());
        let mut out = Vec::new();
        /// Places `chosen[i..]` on unused squares.
        fn assign(
            i: usize,
            chosen: &[usize],
            squares: &[u8],
            cur: &mut Drops,
            out: &mut Vec<Drops>,
        ) {
            if i == chosen.len() {
                out.push(*cur);
                return;
            }
            for &s in squares {
                if !cur.contains(&s) {
                    cur[chosen[i]] = s;
                    assign(i + 1, chosen, squares, cur, out);
                    cur[chosen[i]] = NO_DROP;
                }
            }
        }
        // Subsets of the pending types of size n.
        for mask in 0u8..(1 << kinds.len()) {
            if mask.count_ones() as usize != n {
                continue;
            }
            let chosen: Vec<usize> = kinds
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &k)| k)
                .collect();
            assign(0, &chosen, &squares, &mut [NO_DROP; 3], &mut out);
        }
        out
    }

    /// The capture series of the side to move after the maximum rule
    /// (CWB-4), as sorted paths: the set CWB-7 compares.
    fn capture_set(&self) -> Vec<Vec<u8>> {
        let mut p = self.captures(!self.rules.no_max).paths;
        p.sort();
        p
    }

    /// CWB-7: the placements allowed by the capture-set constraint (all of
    /// them when none qualifies, or under the mutant `drop-unconstrained`).
    pub(super) fn allowed_placements(&self) -> Vec<Drops> {
        let all = self.placements();
        if self.rules.drop_unconstrained || all.len() <= 1 {
            return all;
        }
        let base = self.capture_set();
        let ok: Vec<Drops> = all
            .iter()
            .filter(|drops| {
                let mut g = self.clone();
                g.drop_all(drops);
                g.capture_set() == base
            })
            .copied()
            .collect();
        if ok.is_empty() {
            all
        } else {
            ok
        }
    }
}
