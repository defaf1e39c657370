//! The pawn: steps forward, backward and sideways, double steps from the
//! own second rank (CRZ-P1), captures and extended en passant (CRZ-P2),
//! disguise (CRZ-P4) and chain disguise (CRZ-P5). Turn-end promotion and
//! first-rank removal are in `board::turn_end` (CRZ-P3).

use std::cell::Cell;

use smallvec::SmallVec;

use super::board::*;
use super::generate::{Consumer, Moves};
use super::moves::{Kind, Move, MAX_PATH};
use super::position::*;
use crate::core::geometry::Dir;
use crate::core::{ByColor, Color, Flow};

/// `PAWN_SINGLE[colour][sq]`: a pawn's single non-capturing steps (CRZ-P1)
/// — forward, backward, sideways — never onto its own first rank.
static PAWN_SINGLE: ByColor<[u64; 64]> = pawn_single();

const fn pawn_single() -> ByColor<[u64; 64]> {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let fw: i32 = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            let steps = [(0, fw), (0, -fw), (1, 0), (-1, 0)];
            let mut k = 0;
            while k < 4 {
                let (nf, nr) = (f + steps[k].0, r + steps[k].1);
                let rel = if c == 0 { nr } else { 7 - nr };
                if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && rel != 0 {
                    t[c][sq] |= 1u64 << (nr * 8 + nf);
                }
                k += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    ByColor(t)
}

/// `ORTHO_TWO[sq]`: the squares two files or two ranks away in a straight
/// line (where a double step may end).
static ORTHO_TWO: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let d = [(0, 2), (0, -2), (2, 0), (-2, 0)];
        let mut k = 0;
        while k < 4 {
            let (nf, nr) = (f + d[k].0, r + d[k].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nr * 8 + nf);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// Where a pawn that could step onto a square may stand, seen from that
/// square (CRZ-P5 chain links): one step in any direction, or two
/// orthogonally (a double step forward or sideways).
static LINKS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = NEIGHBOURS[sq] | ORTHO_TWO[sq];
        sq += 1;
    }
    t
};

/// CRZ-P1, CRZ-P4: the squares a pawn of colour `c` at level `level` of
/// `from` could make a non-capturing move to, ignoring what stands there:
/// one square forward, backward or sideways, two forward or sideways from
/// its own second rank when a base (middle square empty); never its own
/// first rank.
pub(super) fn pawn_steps(b: &Stacks, from: usize, level: usize, c: Color) -> u64 {
    let mut t = PAWN_SINGLE[c][from];
    let s = sq_of(from);
    if level == 0 && rel_rank(s, c) == 1 {
        for d in [Dir::new(0, fwd(c)), Dir::E, Dir::W] {
            if let (Some(m), Some(x)) = (sq_add(s, d), sq_add(s, Dir::new(d.df * 2, d.dr * 2))) {
                if b[idx(m)].is_empty() {
                    t |= 1 << idx(x);
                }
            }
        }
    }
    t
}

/// Whether `to` is one of [`pawn_steps`] (the double steps looked up only
/// when `to` is two squares away in a line).
#[inline]
fn pawn_reaches(b: &Stacks, from: usize, level: usize, c: Color, to: usize) -> bool {
    PAWN_SINGLE[c][from] & 1 << to != 0
        || (level == 0
            && ORTHO_TWO[from] & 1 << to != 0
            && pawn_steps(b, from, 0, c) & 1 << to != 0)
}

/// The pawns already swapped in a chain (where they now stand): bases as
/// bits, riders as (square, level).
#[derive(Default)]
struct Used {
    bases: u64,
    riders: SmallVec<[(usize, usize); 4]>,
}

/// A disguise chain being walked ([`Moves::chain`]): the move so far, the
/// pawns used, its path squares, and whether the board is still the
/// position's (only equal pawns exchanged).
struct Walk {
    m: Move,
    used: Used,
    mask: u64,
    unchanged: bool,
}

impl Walk {
    /// The chain whose first link swaps the pawn at level `l` of `a` with
    /// the piece at level `xl` of `t`.
    fn new(a: usize, l: usize, t: usize, xl: usize) -> Walk {
        let mut m = Move::new(Kind::Disguise, a, l);
        m.push(t, xl);
        Walk {
            m,
            used: Used::default(),
            mask: 1 << a | 1 << t,
            unchanged: true,
        }
    }
}

impl Moves<'_> {
    /// CRZ-P1..P5: pawn captures and en passant, steps (entering rooks),
    /// disguise and chain disguise. `chain_board` is the board chains are
    /// played on (a copy of the board, made on first use).
    pub(super) fn pawn<C: Consumer>(
        &self,
        i: usize,
        l: usize,
        out: &mut C,
        chain_board: &mut Option<Stacks>,
    ) -> Flow {
        let a = sq_of(i);
        let side = self.side;
        let proto = Move::new(Kind::Step, i, l);
        // Captures (FIDE, CRZ-P2): diagonally forward onto an enemy base,
        // or en passant onto the skipped square.
        for df in [-1, 1] {
            let Some(t) = sq_add(a, Dir::new(df, fwd(side))) else {
                continue;
            };
            match self.b[idx(t)].base() {
                Some(base) if color(base) != side => out.push(&proto.to(idx(t), true, false))?,
                None if self.ep.is_some_and(|(s, _)| s == t) => {
                    out.push(&proto.to(idx(t), true, false))?
                }
                _ => {}
            }
        }
        if self.captures {
            return Flow::Continue(());
        }
        let targets = pawn_steps(self.b, i, l, side);
        // Plain steps: onto an empty square or into a rook (CRZ-R2).
        out.steps(&proto, targets & !self.z.occ, targets & self.z.rook_base)?;
        // Disguise (CRZ-P4) with any piece on a target, then chains.
        let mut r = targets & self.z.occ;
        while r != 0 {
            let t = r.trailing_zeros() as usize;
            r &= r - 1;
            let st = &self.b[t];
            for xl in 0..st.len() {
                if out.grouping()
                    && l == 0
                    && xl == 0
                    && st.len() == 1
                    && self.b[i].len() == 1
                    && st.get(0) == self.b[i].get(0)
                {
                    if let Some(n) = self.equal_chain_count(i, t, chain_board) {
                        if let Some(flow) = out.equal_chains(n) {
                            flow?;
                            continue;
                        }
                    }
                }
                let mut w = Walk::new(i, l, t, xl);
                let board = chain_board.get_or_insert_with(|| *self.b);
                self.chain(out, board, &mut w, (i, l), (t, xl))?;
            }
        }
        Flow::Continue(())
    }

    /// Plays the last link of the chain `w.m` (the pawn `p` swaps with X
    /// at `x`) on `b`, hands the chain to `out`, then every longer chain
    /// (CRZ-P5: another unused pawn of the same colour that could step to
    /// X's square swaps with X; X itself never disguises). `b` is restored
    /// before returning.
    fn chain<C: Consumer>(
        &self,
        out: &mut C,
        b: &mut Stacks,
        w: &mut Walk,
        p: (usize, usize),
        x: (usize, usize),
    ) -> Flow {
        let (pi, xi) = (p.0, x.0);
        let exch = pi != xi && p.1 < b[pi].len() && x.1 < b[xi].len() && b[xi].unit_len(x.1) == 1;
        // Exchanging two equal pieces changes nothing.
        let moved = exch && b[pi].get(p.1) != b[xi].get(x.1);
        let was_unchanged = w.unchanged;
        w.unchanged &= exch && !moved;
        let mut copy;
        let nb: &mut Stacks = if exch {
            if moved {
                exchange(b, pi, p.1, xi, x.1);
            }
            b
        } else {
            copy = *b;
            if swap(&mut copy, sq_of(pi), p.1, sq_of(xi), x.1).is_none() {
                w.unchanged = was_unchanged;
                return Flow::Continue(());
            }
            &mut copy
        };
        // On `Break` the board is restored before passing it up.
        let mut flow = out.chain(&w.m, nb, w.mask, w.unchanged);
        if (w.m.len as usize) < MAX_PATH && flow.is_continue() {
            // The pawn of this link now stands where X stood; X stands at `p`.
            let saved = w.used.bases;
            if x.1 == 0 {
                w.used.bases |= 1 << xi;
            } else {
                w.used.riders.push(x);
            }
            // Pawns stand where the census saw them or on the path.
            let own = self.side;
            let mut near = LINKS[pi] & (self.z.any[own][PAWN as usize] | w.mask);
            'links: while near != 0 {
                let ui = near.trailing_zeros() as usize;
                near &= near - 1;
                for ul in 0..nb[ui].len() {
                    if nb[ui].get(ul) & 15 != make(PAWN, self.side) {
                        continue;
                    }
                    let was_used = if ul == 0 {
                        w.used.bases & 1 << ui != 0
                    } else {
                        w.used.riders.contains(&(ui, ul))
                    };
                    if was_used || !pawn_reaches(nb, ui, ul, self.side, pi) {
                        continue;
                    }
                    let mask = w.mask;
                    w.m.push(ui, ul);
                    w.mask |= 1 << ui;
                    flow = self.chain(out, nb, w, (ui, ul), p);
                    w.m.pop();
                    w.mask = mask;
                    if flow.is_break() {
                        break 'links;
                    }
                }
            }
            if x.1 == 0 {
                w.used.bases = saved;
            } else {
                w.used.riders.pop();
            }
        }
        if moved {
            exchange(nb, pi, p.1, xi, x.1);
        }
        w.unchanged = was_unchanged;
        flow
    }

    /// The number of disguise chains whose first link swaps the pawn on
    /// `a` with the equal pawn on `t` when every pawn of the side to move
    /// is plain (a lone base off ranks 1 and 8): then every link exchanges
    /// equal pawns, the board stays as it is, and the number depends only
    /// on where the pawns and the other pieces stand. Counted by [`Moves::chain`]
    /// itself and remembered per thread. `None` when the pawns are not
    /// plain.
    fn equal_chain_count(
        &self,
        a: usize,
        t: usize,
        chain_board: &mut Option<Stacks>,
    ) -> Option<u64> {
        let pawns = self.z.any[self.side][PAWN as usize];
        if pawns & (self.z.tall | RANKS_1_8) != 0 {
            return None;
        }
        let key = (
            pawns,
            self.z.occ,
            (a as u32) | (t as u32) << 8 | u32::from(self.side.is_white()) << 16,
        );
        Some(cached(key, || {
            struct Counter(u64);
            impl Consumer for Counter {
                fn push(&mut self, _: &Move) -> Flow {
                    self.0 += 1;
                    Flow::Continue(())
                }
            }
            let mut n = Counter(0);
            let board = chain_board.get_or_insert_with(|| *self.b);
            let _ = self.chain(&mut n, board, &mut Walk::new(a, 0, t, 0), (a, 0), (t, 0));
            n.0
        }))
    }
}

/// log2 of the number of slots of `CHAIN_CACHE`.
const CACHE_BITS: u32 = 11;

type ChainKey = (u64, u64, u32);

/// One slot of `CHAIN_CACHE`: the key and the count.
type Slot = Cell<(ChainKey, u64)>;

thread_local! {
    /// Direct-mapped cache of equal-pawn chain counts: (pawns, occupancy,
    /// first link and side) → count. Built in place (no allocation).
    static CHAIN_CACHE: [Slot; 1 << CACHE_BITS] =
        const { [const { Cell::new(((0, 0, u32::MAX), 0)) }; 1 << CACHE_BITS] };
}

/// The count for `key` from the cache, or computed by `count` and stored.
fn cached(key: ChainKey, count: impl FnOnce() -> u64) -> u64 {
    let h = key.0.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(21)
        ^ key.1.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        ^ u64::from(key.2).wrapping_mul(0x1656_67b1_9e37_79f9);
    let slot = (h >> (64 - CACHE_BITS)) as usize;
    let hit = CHAIN_CACHE.with(|c| {
        let e = c[slot].get();
        (e.0 == key).then_some(e.1)
    });
    hit.unwrap_or_else(|| {
        let n = count();
        CHAIN_CACHE.with(|c| c[slot].set((key, n)));
        n
    })
}
