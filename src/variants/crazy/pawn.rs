//! The pawn: steps forward, backward and sideways, double steps from the
//! own second rank (CRZ-P1), captures and extended en passant (CRZ-P2),
//! disguise (CRZ-P4) and chain disguise (CRZ-P5). Turn-end promotion and
//! first-rank removal are in `board::turn_end` (CRZ-P3).

use smallvec::SmallVec;

use super::board::*;
use super::position::*;
use crate::core::geometry::{Dir, Square, KING_DIRS};
use crate::core::moves::{Decision, Move, Path};
use crate::core::Color;

/// Where a pawn that could step onto a square may stand, seen from that
/// square (CRZ-P5 chain links): one step in any direction, or two
/// orthogonally (a double step forward or sideways).
const LINK_DIRS: [Dir; 12] = [
    KING_DIRS[0],
    KING_DIRS[1],
    KING_DIRS[2],
    KING_DIRS[3],
    KING_DIRS[4],
    KING_DIRS[5],
    KING_DIRS[6],
    KING_DIRS[7],
    Dir::new(0, 2),
    Dir::new(0, -2),
    Dir::new(2, 0),
    Dir::new(-2, 0),
];

impl Core {
    /// The non-capturing targets of a pawn of colour `c` at `from` (level
    /// `level`), ignoring what stands on the target (CRZ-P1, CRZ-P4):
    /// one square forward, backward or sideways, two forward or sideways
    /// from its own second rank when a base (middle square empty); never its
    /// own first rank. Returns (target, is double step).
    pub(super) fn pawn_targets(
        &self,
        from: Square,
        level: usize,
        c: Color,
    ) -> SmallVec<[(Square, bool); 8]> {
        pawn_targets_on(&self.b, from, level, c)
    }

    /// CRZ-P1..P5: pawn steps (entering rooks), captures, en passant,
    /// disguise and chain disguise. `plain` caches [`plain_pawns`] of
    /// this board for the node (used when counting with `fast`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_pawn(
        &self,
        a: Square,
        l: usize,
        side: Color,
        caps: bool,
        f: &mut dyn FnMut(Move),
        mut counting: Option<&mut Counting<'_, '_>>,
        plain: &mut Option<Option<(u64, u64)>>,
    ) {
        let fw = fwd(side);
        // Captures (FIDE, CRZ-P2): diagonally forward onto an enemy base,
        // or en passant onto the skipped square.
        for df in [-1, 1] {
            let Some(t) = sq_add(a, Dir::new(df, fw)) else {
                continue;
            };
            let st = &self.b[idx(t)];
            match st.base() {
                Some(base) if color(base) != side => {
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.push(Decision::CaptureAt(1));
                    f(mk(&[a, t], &ds));
                }
                None if self.ep.is_some_and(|(s, _)| s == t) && side == self.turn => {
                    let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                    ds.extend(lvl(0, l));
                    ds.push(Decision::CaptureAt(1));
                    f(mk(&[a, t], &ds));
                }
                _ => {}
            }
        }
        if caps {
            return;
        }
        // Counting plays every chain on one board and restores it.
        let mut count_board: Option<Stacks> = None;
        for (t, _double) in self.pawn_targets(a, l, side) {
            let st = &self.b[idx(t)];
            // Plain steps: onto an empty square or into a rook (CRZ-R2).
            let enter = st.base().is_some_and(|base| kind(base) == ROOK);
            if let Some(cn) = counting.as_mut().filter(|_| st.is_empty() || enter) {
                match cn.step(idx(a), l, idx(t), 1) {
                    Some(true) | None => {}
                    Some(false) if enter => {
                        let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                        ds.extend(lvl(0, l));
                        ds.push(Decision::EnterAt(1));
                        f(mk(&[a, t], &ds));
                    }
                    Some(false) => f(mk(&[a, t], lvl(0, l).as_slice())),
                }
            } else {
                match st.base() {
                    None => f(mk(&[a, t], lvl(0, l).as_slice())),
                    Some(base) if kind(base) == ROOK => {
                        let mut ds: SmallVec<[Decision; 3]> = SmallVec::new();
                        ds.extend(lvl(0, l));
                        ds.push(Decision::EnterAt(1));
                        f(mk(&[a, t], &ds));
                    }
                    _ => {}
                }
            }
            // Disguise (CRZ-P4) with any piece of the target, then chains.
            for xl in 0..st.len() {
                let mut path: Path = Path::new();
                path.push(a);
                path.push(t);
                let mut ds: SmallVec<[Decision; 2]> = SmallVec::new();
                ds.extend(lvl(0, l));
                ds.push(Decision::Disguise(t));
                ds.extend(lvl(1, xl));
                let mut used: SmallVec<[(Square, usize); 8]> = SmallVec::new();
                if let Some(cn) = counting.as_mut() {
                    let fast = &mut *cn.sink;
                    let mask = (1u64 << idx(a)) | (1u64 << idx(t));
                    // A chain starting with two equal pawns only ever
                    // exchanges equal pawns: the board stays as it is, so
                    // every chain has the same verdict and only their
                    // number is needed (counted on bitboards, cached).
                    if l == 0
                        && xl == 0
                        && st.len() == 1
                        && self.b[idx(a)].len() == 1
                        && st.get(0) == self.b[idx(a)].get(0)
                    {
                        if let Some((pawns, occ)) =
                            *plain.get_or_insert_with(|| plain_pawns(&self.b, side))
                        {
                            let n = cached_chain_count(pawns, occ, side, idx(a), idx(t));
                            if fast(
                                &self.b,
                                Played {
                                    changed: mask,
                                    touched: mask,
                                    king_move: false,
                                    unchanged: true,
                                    times: n,
                                },
                            ) {
                                continue;
                            }
                        }
                    }
                    let board = count_board.get_or_insert(self.b);
                    self.count_chain(
                        side,
                        board,
                        (a, l),
                        (t, xl),
                        &mut (0, SmallVec::new()),
                        (&mut path, &mut ds),
                        (mask, true),
                        f,
                        fast,
                    );
                    continue;
                }
                let mut scratch = self.b;
                self.gen_chain(
                    side,
                    &mut scratch,
                    (a, l),
                    (t, xl),
                    &mut used,
                    &mut path,
                    &mut ds,
                    f,
                );
            }
        }
    }

    /// Emits the disguise chain in `path`/`ds`, whose last link swaps the
    /// pawn `p` with X at `x` on the board `b` (the earlier links already
    /// played), then every longer chain (CRZ-P5). `used` holds the pawns
    /// already swapped (where they now stand).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_chain(
        &self,
        side: Color,
        b: &mut Stacks,
        p: (Square, usize),
        x: (Square, usize),
        used: &mut SmallVec<[(Square, usize); 8]>,
        path: &mut Path,
        ds: &mut SmallVec<[Decision; 2]>,
        f: &mut dyn FnMut(Move),
    ) {
        f(Move {
            path: path.clone(),
            decisions: ds.iter().copied().collect(),
        });
        if path.len() >= 10 {
            return;
        }
        let (pi, xi) = (idx(p.0), idx(x.0));
        if pi != xi && p.1 < b[pi].len() && x.1 < b[xi].len() && b[xi].unit_len(x.1) == 1 {
            // Two single pieces swap: exchange them in place, undo after.
            exchange(b, pi, p.1, xi, x.1);
            self.chain_links(side, b, p, x, used, path, ds, f);
            exchange(b, pi, p.1, xi, x.1);
            return;
        }
        let mut nb = *b;
        if swap(&mut nb, p.0, p.1, x.0, x.1).is_none() {
            return;
        }
        self.chain_links(side, &mut nb, p, x, used, path, ds, f);
    }

    /// The next links of a chain after the swap of `p` and `x` (played on
    /// `b`).
    #[allow(clippy::too_many_arguments)]
    fn chain_links(
        &self,
        side: Color,
        b: &mut Stacks,
        p: (Square, usize),
        x: (Square, usize),
        used: &mut SmallVec<[(Square, usize); 8]>,
        path: &mut Path,
        ds: &mut SmallVec<[Decision; 2]>,
        f: &mut dyn FnMut(Move),
    ) {
        // `swap` leaves X where the pawn was and the pawn where X was.
        let (cur, pawn_new) = (p, x);
        used.push(pawn_new);
        for &d in &LINK_DIRS {
            let Some(u) = sq_add(cur.0, d) else { continue };
            for ul in 0..b[idx(u)].len() {
                let pc = b[idx(u)].get(ul);
                if pc & 15 != make(PAWN, side) || used.contains(&(u, ul)) {
                    continue;
                }
                if !pawn_reaches(b, u, ul, side, cur.0) {
                    continue;
                }
                let at = path.len() as u8;
                path.push(u);
                let n = ds.len();
                ds.extend(lvl(at, ul));
                self.gen_chain(side, b, (u, ul), cur, used, path, ds, f);
                path.pop();
                ds.truncate(n);
            }
        }
        used.pop();
    }
}

impl Core {
    /// [`Core::gen_chain`] for counting: plays the last link (`p` with
    /// `x`) on `b`, hands the board after the chain to `fast` (or, when
    /// `fast` declines, the chain as a move to `f`), then every longer
    /// chain (CRZ-P5). `mask` holds the path squares; `used` the pawns
    /// already swapped (bases as bits of `used.0`); `unchanged` says that
    /// `b` is still this position's board. A chain whose swap fails is
    /// skipped, as [`Core::apply`] rejects it.
    #[allow(clippy::too_many_arguments)]
    fn count_chain(
        &self,
        side: Color,
        b: &mut Stacks,
        p: (Square, usize),
        x: (Square, usize),
        used: &mut (u64, SmallVec<[(Square, usize); 8]>),
        (path, ds): (&mut Path, &mut SmallVec<[Decision; 2]>),
        (mask, unchanged): (u64, bool),
        f: &mut dyn FnMut(Move),
        fast: &mut ChainSink<'_>,
    ) {
        let (pi, xi) = (idx(p.0), idx(x.0));
        let exch = pi != xi && p.1 < b[pi].len() && x.1 < b[xi].len() && b[xi].unit_len(x.1) == 1;
        // Exchanging two equal pieces changes nothing.
        let moved = exch && b[pi].get(p.1) != b[xi].get(x.1);
        let unchanged = unchanged && exch && !moved;
        let mut copy;
        let nb: &mut Stacks = if exch {
            if moved {
                exchange(b, pi, p.1, xi, x.1);
            }
            b
        } else {
            copy = *b;
            if swap(&mut copy, p.0, p.1, x.0, x.1).is_none() {
                return;
            }
            &mut copy
        };
        let played = Played {
            changed: mask,
            touched: mask,
            king_move: false,
            unchanged,
            times: 1,
        };
        if !fast(nb, played) {
            f(Move {
                path: path.clone(),
                decisions: ds.iter().copied().collect(),
            });
        }
        if path.len() < 10 {
            let cur = p;
            let saved = used.0;
            if x.1 == 0 {
                used.0 |= 1u64 << xi;
            } else {
                used.1.push(x);
            }
            for &d in &LINK_DIRS {
                let Some(u) = sq_add(cur.0, d) else { continue };
                let ui = idx(u);
                for ul in 0..nb[ui].len() {
                    let pc = nb[ui].get(ul);
                    if pc & 15 != make(PAWN, side) {
                        continue;
                    }
                    let was_used = if ul == 0 {
                        used.0 & (1u64 << ui) != 0
                    } else {
                        used.1.contains(&(u, ul))
                    };
                    if was_used || !pawn_reaches(nb, u, ul, side, cur.0) {
                        continue;
                    }
                    let at = path.len() as u8;
                    path.push(u);
                    let n = ds.len();
                    ds.extend(lvl(at, ul));
                    self.count_chain(
                        side,
                        nb,
                        (u, ul),
                        cur,
                        used,
                        (&mut *path, &mut *ds),
                        (mask | 1u64 << ui, unchanged),
                        f,
                        fast,
                    );
                    path.pop();
                    ds.truncate(n);
                }
            }
            if x.1 == 0 {
                used.0 = saved;
            } else {
                used.1.pop();
            }
        }
        if moved {
            exchange(nb, pi, p.1, xi, x.1);
        }
    }
}

/// The pawns of `side` and the occupied squares, when every pawn of
/// `side` is a single piece alone on its square (level 0, no marks) off
/// ranks 1 and 8; `None` otherwise.
pub(super) fn plain_pawns(b: &Stacks, side: Color) -> Option<(u64, u64)> {
    let (mut pawns, mut occ) = (0u64, 0u64);
    let own = make(PAWN, side);
    for (i, st) in b.iter().enumerate() {
        if st.is_empty() {
            continue;
        }
        occ |= 1 << i;
        for (l, &pc) in st.pieces().iter().enumerate() {
            if pc & 15 == own {
                if l != 0 || st.len() != 1 || pc != own || !(8..56).contains(&i) {
                    return None;
                }
                pawns |= 1 << i;
            }
        }
    }
    Some((pawns, occ))
}

/// The number of disguise chains (CRZ-P4/P5) whose first link swaps the
/// pawn on `a` with the equal pawn on `t`, all pawns of `side` being
/// `pawns` (plain, see [`plain_pawns`]): the chain itself and every
/// longer one, exactly as [`Core::count_chain`] enumerates them.
fn chain_count(
    pawns: u64,
    occ: u64,
    side: Color,
    p: usize,
    x: usize,
    used: u64,
    len: usize,
) -> u64 {
    let mut n = 1;
    if len >= 10 {
        return n;
    }
    let used = used | 1u64 << x;
    let cur = sq_of(p);
    for d in KING_DIRS.iter().chain(
        [
            Dir::new(0, 2),
            Dir::new(0, -2),
            Dir::new(2, 0),
            Dir::new(-2, 0),
        ]
        .iter(),
    ) {
        let Some(u) = sq_add(cur, *d) else { continue };
        let ui = idx(u);
        if pawns & !used & (1u64 << ui) == 0 {
            continue;
        }
        // `pawn_reaches` for a base pawn, with the occupancy.
        let df = cur.file() as i8 - u.file() as i8;
        let dr = cur.rank() as i8 - u.rank() as i8;
        let f = fwd(side);
        let reaches = if (df == 0 && (dr == f || dr == -f)) || (dr == 0 && df.abs() == 1) {
            rel_rank(cur, side) != 0
        } else {
            ((df == 0 && dr == 2 * f) || (dr == 0 && df.abs() == 2))
                && rel_rank(u, side) == 1
                && occ & (1u64 << idx(mid(u, cur))) == 0
        };
        if reaches {
            n += chain_count(pawns, occ, side, ui, p, used, len + 1);
        }
    }
    n
}

/// log2 of the number of slots of `CHAIN_CACHE`.
const CACHE_BITS: u32 = 11;

thread_local! {
    /// Direct-mapped cache of [`chain_count`]: (pawns, occupancy, side,
    /// a, t) → count.
    static CHAIN_CACHE: std::cell::RefCell<Vec<(u64, u64, u32, u64)>> =
        std::cell::RefCell::new(vec![(0, 0, u32::MAX, 0); 1 << CACHE_BITS]);
}

/// [`chain_count`] from the first link `a` → `t`, cached.
fn cached_chain_count(pawns: u64, occ: u64, side: Color, a: usize, t: usize) -> u64 {
    let tag = (a as u32) | (t as u32) << 8 | u32::from(side.is_white()) << 16;
    let h = pawns.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(21)
        ^ occ.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        ^ u64::from(tag).wrapping_mul(0x1656_67b1_9e37_79f9);
    let slot = (h >> (64 - CACHE_BITS)) as usize;
    CHAIN_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let e = c[slot];
        if e.0 == pawns && e.1 == occ && e.2 == tag {
            return e.3;
        }
        let n = chain_count(pawns, occ, side, a, t, 0, 2);
        c[slot] = (pawns, occ, tag, n);
        n
    })
}

/// [`Core::pawn_targets`] on the board `b`.
pub(super) fn pawn_targets_on(
    b: &Stacks,
    from: Square,
    level: usize,
    c: Color,
) -> SmallVec<[(Square, bool); 8]> {
    let mut v = SmallVec::new();
    let f = fwd(c);
    for d in [Dir::new(0, f), Dir::new(0, -f), Dir::E, Dir::W] {
        if let Some(t) = sq_add(from, d) {
            if rel_rank(t, c) != 0 {
                v.push((t, false));
            }
        }
    }
    if level == 0 && rel_rank(from, c) == 1 {
        for d in [Dir::new(0, f), Dir::E, Dir::W] {
            if let (Some(m), Some(t)) =
                (sq_add(from, d), sq_add(from, Dir::new(d.df * 2, d.dr * 2)))
            {
                if b[idx(m)].is_empty() {
                    v.push((t, true));
                }
            }
        }
    }
    v
}

/// Whether `to` is one of [`pawn_targets_on`] (same rules, no list).
fn pawn_reaches(b: &Stacks, from: Square, level: usize, c: Color, to: Square) -> bool {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let f = fwd(c);
    let single = (df == 0 && (dr == f || dr == -f)) || (dr == 0 && df.abs() == 1);
    if single {
        return rel_rank(to, c) != 0;
    }
    let double = (df == 0 && dr == 2 * f) || (dr == 0 && df.abs() == 2);
    double && level == 0 && rel_rank(from, c) == 1 && b[idx(mid(from, to))].is_empty()
}

/// CRZ-P4: the pawn at (`ps`, `pl`) and the piece X at (`xs`, `xl`), with
/// everything X carries, swap places. Returns X's and the pawn's new
/// (square, level); `None` (board unchanged) when there is nothing to swap
/// or a stack would exceed [`MAX_STACK`].
pub fn swap(
    b: &mut Stacks,
    ps: Square,
    pl: usize,
    xs: Square,
    xl: usize,
) -> Option<((Square, usize), (Square, usize))> {
    let (pi, xi) = (idx(ps), idx(xs));
    if pl >= b[pi].len() || xl >= b[xi].len() || pi == xi {
        return None;
    }
    let n = b[xi].unit_len(xl);
    if n == 1 {
        exchange(b, pi, pl, xi, xl);
        return Some(((ps, pl), (xs, xl)));
    }
    let pawn = b[pi].get(pl);
    if b[pi].len() - 1 + n > MAX_STACK {
        return None;
    }
    let above_x = b[xi].split_off(xl);
    let mut xunit = above_x;
    let rest_x = xunit.split_off(n);
    let _ = b[xi].push(pawn);
    let _ = b[xi].extend(&rest_x);
    let mut above_p = b[pi].split_off(pl);
    let rest_p = above_p.split_off(1);
    let _ = b[pi].extend(&xunit);
    let _ = b[pi].extend(&rest_p);
    Some(((ps, pl), (xs, xl)))
}

/// Exchanges the single pieces at (`i`, `li`) and (`j`, `lj`): a swap
/// (CRZ-P4) when X carries nothing.
fn exchange(b: &mut Stacks, i: usize, li: usize, j: usize, lj: usize) {
    let (p, q) = (b[i].get(li), b[j].get(lj));
    b[i].set(li, q);
    b[j].set(lj, p);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pawn_reaches` answers exactly like `pawn_targets_on`, on a board
    /// with empty and occupied middle squares.
    #[test]
    fn pawn_reaches_matches_targets() {
        let mut b: Stacks = [Stack::EMPTY; 64];
        for i in [10usize, 19, 21, 42, 45, 50] {
            b[i] = Stack::one(make(KNIGHT, Color::White));
        }
        for c in [Color::White, Color::Black] {
            for from in 0..64 {
                for level in 0..2 {
                    let targets = pawn_targets_on(&b, sq_of(from), level, c);
                    for to in 0..64 {
                        let listed = targets.iter().any(|&(t, _)| t == sq_of(to));
                        assert_eq!(
                            pawn_reaches(&b, sq_of(from), level, c, sq_of(to)),
                            listed,
                            "{c:?} {from} {level} {to}"
                        );
                    }
                }
            }
        }
    }
}
