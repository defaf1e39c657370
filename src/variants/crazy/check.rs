//! Check (CRZ-C1): a king is in check when some pseudo-legal opponent move
//! would remove it, chain reactions included.

use super::board::*;
use super::position::*;
use crate::core::bitboard::tables;
use crate::core::moves::{Decision, Move};
use crate::core::Color;

/// CRZ-C1: is `c`'s king in check — would some pseudo-legal move of the
/// opponent remove it, chain reactions included? Only capturing moves can
/// remove a piece, and a removal spreads only through the capture squares
/// and the neighbours of captured queens, so moves whose capture squares
/// and destination all lie away from the king's square and its connected
/// queens (and their neighbours) are not tried. Pieces move sideways only
/// with the moving unit (a rook with its riders), so when the king is a
/// rider — it may ride away in an enemy rook and be hit at the
/// destination — every capture is tried.
pub fn in_check(b: &Stacks, c: Color, castling: u8, fl: &Flags) -> bool {
    in_check_with(b, c, castling, fl, !fl.brute_check)
}

/// [`in_check`] with the locality filter on or off (`filtered = false`
/// plays every capturing move; used by tests to check the filter).
pub fn in_check_with(b: &Stacks, c: Color, castling: u8, fl: &Flags, filtered: bool) -> bool {
    let Some((ki, kl)) = find_king(b, c) else {
        return false;
    };
    let filtered = filtered && kl == 0;
    if filtered && !fl.generic_path && quiet_near_king(&Census::of(b, c), c, ki, castling) {
        return false;
    }
    // D: king square plus queens connected to it by adjacency.
    let mut d: u64 = 1 << ki;
    let queens: u64 = (0..64)
        .filter(|&i| b[i].pieces().iter().any(|&p| kind(p) == QUEEN))
        .fold(0, |m, i| m | (1u64 << i));
    loop {
        let grown = neighbours(d) & queens | d;
        if grown == d {
            break;
        }
        d = grown;
    }
    let near = d | neighbours(d);
    let probe = Core {
        b: *b,
        turn: c.other(),
        castling,
        ep: None,
        halfmove: 0,
        fullmove: 1,
        holder: c,
        protected: false,
        excluded: None,
    };
    let mut found = false;
    probe.gen_near(
        fl,
        c.other(),
        Mode::Captures,
        if filtered { near } else { !0 },
        &mut |mv: Move| {
            if found {
                return;
            }
            let mut hit = mv.path.last().is_some_and(|&s| near & (1 << idx(s)) != 0);
            for dcs in &mv.decisions {
                match dcs {
                    Decision::CaptureAt(k) => hit |= near & (1 << idx(mv.path[*k as usize])) != 0,
                    Decision::AllRound => hit |= near & neighbours(1 << idx(mv.path[0])) != 0,
                    _ => {}
                }
            }
            if filtered && !hit {
                return;
            }
            if let Some(after) = probe.apply(&mv, fl) {
                if find_king(&after.b, c).is_none() {
                    found = true;
                }
            }
        },
    );
    found
}

/// Bitboards of one board for [`quiet_near_king`], from the defending
/// colour's point of view.
#[derive(Clone, Copy, Default)]
pub struct Census {
    /// Squares whose base is of the defending colour.
    own_base: u64,
    occ: u64,
    /// Squares holding a queen of either colour (any level).
    queens: u64,
    /// Attacker pieces (any level) by kind.
    knights_kings: u64,
    pawns: u64,
    attacker_queens: u64,
    rooks_queens: u64,
    bishops_queens: u64,
}

impl Census {
    fn of(b: &Stacks, c: Color) -> Census {
        let mut z = Census::default();
        for (i, st) in b.iter().enumerate() {
            z.add(i, st, c);
        }
        z
    }

    fn clear(&mut self, i: usize) {
        let m = !(1u64 << i);
        self.own_base &= m;
        self.occ &= m;
        self.queens &= m;
        self.knights_kings &= m;
        self.pawns &= m;
        self.attacker_queens &= m;
        self.rooks_queens &= m;
        self.bishops_queens &= m;
    }

    fn add(&mut self, i: usize, st: &Stack, c: Color) {
        let Some(base) = st.base() else { return };
        let bit = 1u64 << i;
        self.occ |= bit;
        if color(base) == c {
            self.own_base |= bit;
        }
        let them = c.other();
        for &p in st.pieces() {
            let k = kind(p);
            if k == QUEEN {
                self.queens |= bit;
            }
            if color(p) != them {
                continue;
            }
            match k {
                KNIGHT | KING => self.knights_kings |= bit,
                PAWN => self.pawns |= bit,
                QUEEN => {
                    self.attacker_queens |= bit;
                    self.rooks_queens |= bit;
                    self.bishops_queens |= bit;
                }
                ROOK => self.rooks_queens |= bit,
                BISHOP => self.bishops_queens |= bit,
                _ => {}
            }
        }
    }
}

/// The census and king of a position, reused for the check tests of the
/// positions after its moves (only the squares a move changed are looked
/// at again).
pub struct CheckBase<'a> {
    b: &'a Stacks,
    c: Color,
    z: Census,
    king: Option<(usize, usize)>,
}

impl<'a> CheckBase<'a> {
    /// The census of `b` with `c` defending.
    pub fn new(b: &'a Stacks, c: Color) -> Self {
        CheckBase {
            b,
            c,
            z: Census::of(b, c),
            king: find_king(b, c),
        }
    }

    /// `None` when `c`'s king is gone from `after`, else whether it is in
    /// check there (CRZ-C1) — the same answer as [`find_king`] and
    /// [`in_check`], faster when `after` differs from the base in a few
    /// squares.
    pub fn check_after(&self, after: &Stacks, castling: u8, fl: &Flags) -> Option<bool> {
        let c = self.c;
        if fl.brute_check || fl.generic_path {
            find_king(after, c)?;
            return Some(in_check(after, c, castling, fl));
        }
        let mut changed = 0u64;
        for (i, (a, b)) in after.iter().zip(self.b.iter()).enumerate() {
            if a != b {
                changed |= 1 << i;
            }
        }
        self.check_after_dirty(after, changed, castling, fl)
    }

    /// [`CheckBase::check_after`] when `after` differs from the base only
    /// on the squares of `dirty` (a superset of the changed squares).
    pub fn check_after_dirty(
        &self,
        after: &Stacks,
        dirty: u64,
        castling: u8,
        fl: &Flags,
    ) -> Option<bool> {
        let c = self.c;
        if fl.brute_check || fl.generic_path {
            find_king(after, c)?;
            return Some(in_check(after, c, castling, fl));
        }
        let mut z = self.z;
        let changed = dirty;
        let mut m = dirty;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            z.clear(i);
            z.add(i, &after[i], c);
        }
        let (ki, kl) = match self.king {
            Some((ki, kl)) if changed & (1 << ki) == 0 => (ki, kl),
            _ => find_king(after, c)?,
        };
        if kl == 0 && quiet_near_king(&z, c, ki, castling) {
            return Some(false);
        }
        Some(in_check_with(after, c, castling, fl, true))
    }
}

/// A quick proof that the filtered check test (CRZ-C1) would try no move
/// at all, so `c`'s king (a base on `ki`) is not in check: no attacker
/// king, knight, pawn or all-round capture acts near the king's region,
/// no attacker slider sees a defending base in it, and no castling of the
/// attacker ends next to it. `false` means "don't know" (the full test
/// runs). Exactness: every move the filtered test tries is one of these.
fn quiet_near_king(z: &Census, c: Color, ki: usize, castling: u8) -> bool {
    let mut d: u64 = 1 << ki;
    loop {
        let grown = grow(d) & z.queens | d;
        if grown == d {
            break;
        }
        d = grown;
    }
    let near = grow(d);
    let near1 = grow(near);
    // Pawns and all-round captures act within one square; kings and
    // knights within two (a within-one-of-near square is within two).
    if (z.pawns | z.attacker_queens) & near1 != 0 {
        return false;
    }
    if z.knights_kings != 0 && z.knights_kings & grow(near1) != 0 {
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
    let (rq, bq) = (z.rooks_queens, z.bishops_queens);
    let targets = near & z.own_base;
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

/// `set` and every square next to it (`set | neighbours(set)`), by shifts.
#[inline]
fn grow(set: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let h = set | ((set << 1) & NOT_A) | ((set >> 1) & NOT_H);
    h | (h << 8) | (h >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grow_is_set_and_neighbours() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let set = x & (x >> 3) & (x >> 7);
            assert_eq!(grow(set), set | neighbours(set));
        }
    }
}
