//! HOP-7 Check: a square is attacked if an enemy piece could capture on it
//! by a piece move, hops through either trampoline included (a pawn that
//! promotes on a trampoline and continues counts).
//!
//! Direct attacks are the FIDE ones. Attacks through trampolines are found
//! backwards: for each trampoline T, which kinds of enemy piece can land on
//! T in one leg ([`Hop::reach`]); from T, can such a piece capture on
//! the square, or land on the other trampoline U and capture from there?
//! (The path X → U → T → square is found with T and U swapped.) For a
//! piece the attacker's start square may stay occupied: a leg that would
//! pass over its own vacated start square is always matched by a shorter
//! path of the same piece along the same line. Not so for a pawn that
//! promotes on a trampoline: the promoted rook or queen may come back down
//! the file over the pawn's vacated square, so pawn sources are judged
//! with their square vacated.

use super::*;
use crate::core::Color;

/// Kinds of a piece standing on a trampoline, as bits: how it continues.
pub(crate) const K_PAWN: u8 = 1;
/// Piece-on-trampoline kind bit: a knight.
pub(crate) const K_KNIGHT: u8 = 2;
/// Piece-on-trampoline kind bit: a bishop.
pub(crate) const K_BISHOP: u8 = 4;
/// Piece-on-trampoline kind bit: a rook.
pub(crate) const K_ROOK: u8 = 8;
/// A queen that came orthogonally / diagonally (HOP-3).
pub(crate) const K_QO: u8 = 16;
/// Piece-on-trampoline kind bit: a queen that came diagonally.
pub(crate) const K_QD: u8 = 32;
/// HOP-6: a pawn promoting by landing on a trampoline (a queen continues orthogonally).
const K_PROMOTED: u8 = K_KNIGHT | K_BISHOP | K_ROOK | K_QO;

#[inline]
pub(crate) fn line_step(from: u8, to: u8) -> Option<(i8, bool)> {
    let df = (to & 7) as i8 - (from & 7) as i8;
    let dr = (to >> 4) as i8 - (from >> 4) as i8;
    if df == 0 && dr == 0 {
        return None;
    }
    if df == 0 || dr == 0 {
        Some((dr.signum() * 16 + df.signum(), true))
    } else if df.abs() == dr.abs() {
        Some((dr.signum() * 16 + df.signum(), false))
    } else {
        None
    }
}

/// The kinds (of [`K_KNIGHT`], [`K_BISHOP`], [`K_ROOK`], [`K_QO`],
/// [`K_QD`]) whose leg could go from `a` to `b` by the geometry alone: a
/// knight's leap, a line (orthogonal: rook, queen; diagonal: bishop,
/// queen). A superset: what stands between is not looked at.
/// `a` and `b` are squares of the board (a 0x88 difference names one
/// offset: a table look-up).
#[inline(always)]
fn leg_kinds(a: u8, b: u8) -> u8 {
    LEG_KINDS[(b as i16 - a as i16 + 119) as usize]
}

/// [`leg_kinds`] by 0x88 difference + 119.
static LEG_KINDS: [u8; 239] = {
    let mut t = [0u8; 239];
    let mut dr = -7i16;
    while dr <= 7 {
        let mut df = -7i16;
        while df <= 7 {
            let (x, y) = (df.unsigned_abs(), dr.unsigned_abs());
            let k = if x == 0 && y == 0 {
                0
            } else if x == 0 || y == 0 {
                K_ROOK | K_QO
            } else if x == y {
                K_BISHOP | K_QD
            } else if (x == 1 && y == 2) || (x == 2 && y == 1) {
                K_KNIGHT
            } else {
                0
            };
            t[(dr * 16 + df + 119) as usize] = k;
            df += 1;
        }
        dr += 1;
    }
    t
};

impl Hop {
    /// Whether the squares strictly between `from` and `to` (on a line,
    /// step `d`) hold no piece (trampolines do not block).
    #[inline]
    fn clear(&self, from: u8, to: u8, d: i8, vacated: u8) -> bool {
        let mut sq = offset(from, d);
        while sq != to {
            if self.board[sq as usize] != 0 && sq != vacated {
                return false;
            }
            sq = offset(sq, d);
        }
        true
    }

    /// HOP-7: is `sq` attacked by `by` (directly or through trampolines)?
    pub fn attacked(&self, sq: u8, by: Color) -> bool {
        self.attacked_direct(sq, by) || self.attacked_via_tramps(sq, by)
    }

    /// FIDE attacks (no hop).
    pub fn attacked_direct(&self, sq: u8, by: Color) -> bool {
        let c = color_bit(by);
        let fwd = Hop::fwd(by);
        for s in [-1i8, 1] {
            let from = offset(offset(sq, -fwd), s);
            if on_board(from) && self.board[from as usize] == PAWN | c {
                return true;
            }
        }
        for d in KNIGHT_STEPS {
            let from = offset(sq, d);
            if on_board(from) && self.board[from as usize] == KNIGHT | c {
                return true;
            }
        }
        for d in KING_STEPS {
            let from = offset(sq, d);
            if on_board(from) && self.board[from as usize] == KING | c {
                return true;
            }
        }
        for (dirs, slider) in [(&ORTH, ROOK), (&DIAG, BISHOP)] {
            for &d in dirs.iter() {
                let mut s = offset(sq, d);
                while on_board(s) {
                    let p = self.board[s as usize];
                    if p != 0 {
                        if p == slider | c || p == QUEEN | c {
                            return true;
                        }
                        break;
                    }
                    s = offset(s, d);
                }
            }
        }
        false
    }

    /// Attacks that use at least one trampoline.
    pub fn attacked_via_tramps(&self, sq: u8, by: Color) -> bool {
        for i in 0..2 {
            let t = self.tramp[i];
            if t == NONE {
                continue;
            }
            let u = self.tramp[1 - i];
            let m1 = self.reach(t, by);
            if m1 != 0 && self.hop_attack(m1, t, u, sq, by, NONE) {
                return true;
            }
            if let Some((x, kinds)) = self.pawn_source(t, by) {
                if self.hop_attack(kinds, t, u, sq, by, x) {
                    return true;
                }
            }
        }
        false
    }

    /// Attacks on `sq` that land on the trampoline `p` (a placement being
    /// judged), when no attack uses the other trampoline `u` alone; `u_reach`
    /// and `u_pawn` are [`Hop::reach`] and [`Hop::pawn_source`]
    /// of `u`, computed once per piece move.
    pub fn attacked_through(
        &self,
        p: u8,
        u: u8,
        u_reach: u8,
        u_pawn: Option<(u8, u8)>,
        sq: u8,
        by: Color,
    ) -> bool {
        // Only the kinds that could go on from `p` to `sq`, directly or
        // over `u`, matter (each kind is judged on its own in
        // `hop_attack`): look for no others.
        let mut want = leg_kinds(p, sq);
        if u != NONE {
            want |= leg_kinds(p, u) & leg_kinds(u, sq);
        }
        if self.rules.queen_changes_line && want & (K_QO | K_QD) != 0 {
            // Mutant: a queen found on either kind of line holds both bits.
            want |= K_QO | K_QD;
        }
        let m1 = if want == 0 {
            0
        } else {
            self.reach_kinds(p, by, want)
        };
        if m1 != 0 && self.hop_attack(m1, p, u, sq, by, NONE) {
            return true;
        }
        if let Some((x, kinds)) = self.pawn_source(p, by) {
            if self.hop_attack(kinds, p, u, sq, by, x) {
                return true;
            }
        }
        if u != NONE {
            if u_reach != 0 {
                let m2 = self.land_kinds(u_reach, u, p, by, NONE);
                if m2 != 0 && self.captures_from(m2, p, sq, by, NONE) {
                    return true;
                }
            }
            if let Some((x, kinds)) = u_pawn {
                let m2 = self.land_kinds(kinds, u, p, by, x);
                if m2 != 0 && self.captures_from(m2, p, sq, by, x) {
                    return true;
                }
            }
        }
        false
    }

    /// From trampoline `t` (kinds `m` standing on it), a capture on `sq`
    /// directly or after landing on the other trampoline `u`; `vacated` is
    /// the attacker's start square when it matters (pawn sources).
    fn hop_attack(&self, m: u8, t: u8, u: u8, sq: u8, by: Color, vacated: u8) -> bool {
        if self.captures_from(m, t, sq, by, vacated) {
            return true;
        }
        if u != NONE {
            let m2 = self.land_kinds(m, t, u, by, vacated);
            if m2 != 0 && self.captures_from(m2, u, sq, by, vacated) {
                return true;
            }
        }
        false
    }

    /// A pawn of `by` that can land on the empty square `t` with its first
    /// leg (push or double step): its square and the kinds it continues
    /// with (HOP-6: promoted pieces on the last rank).
    pub fn pawn_source(&self, t: u8, by: Color) -> Option<(u8, u8)> {
        let c = color_bit(by);
        let fwd = Hop::fwd(by);
        let behind = offset(t, -fwd);
        if !on_board(behind) {
            return None;
        }
        let p = self.board[behind as usize];
        if p == PAWN | c {
            return Some((
                behind,
                if self.last_rank(t, by) {
                    K_PROMOTED
                } else {
                    K_PAWN
                },
            ));
        }
        if p == 0 && self.board_relative_rank(t, by) == 3 {
            let two = offset(behind, -fwd);
            if self.board[two as usize] == PAWN | c {
                return Some((two, K_PAWN));
            }
        }
        None
    }

    /// The kinds of `by`'s pieces other than pawns that can land on the
    /// (empty) trampoline square `t` with their first leg (pawns:
    /// [`Hop::pawn_source`]).
    pub fn reach(&self, t: u8, by: Color) -> u8 {
        self.reach_kinds(t, by, K_KNIGHT | K_BISHOP | K_ROOK | K_QO | K_QD)
    }

    /// [`Hop::reach`], looking only for the kinds in `want`: the result
    /// holds every kind of `want` that [`Hop::reach`] holds (and may hold
    /// others).
    #[inline]
    fn reach_kinds(&self, t: u8, by: Color, want: u8) -> u8 {
        let c = color_bit(by);
        let mut m = 0;
        if want & K_KNIGHT != 0 {
            for d in KNIGHT_STEPS {
                let from = offset(t, d);
                if on_board(from) && self.board[from as usize] == KNIGHT | c {
                    m |= K_KNIGHT;
                }
            }
        }
        let free = self.rules.queen_changes_line;
        for (dirs, slider, ks, kq) in [(&ORTH, ROOK, K_ROOK, K_QO), (&DIAG, BISHOP, K_BISHOP, K_QD)]
        {
            if want & (ks | kq) == 0 {
                continue;
            }
            for &d in dirs.iter() {
                let mut s = offset(t, d);
                while on_board(s) {
                    let p = self.board[s as usize];
                    if p != 0 {
                        if p == slider | c {
                            m |= ks;
                        } else if p == QUEEN | c {
                            m |= if free { K_QO | K_QD } else { kq };
                        }
                        break;
                    }
                    s = offset(s, d);
                }
            }
        }
        m
    }

    /// Kinds (of `m`) standing on `t` that can land on the empty square `u`
    /// in one leg, as the kinds they continue with from `u`.
    fn land_kinds(&self, m: u8, t: u8, u: u8, by: Color, vacated: u8) -> u8 {
        let mut out = 0;
        if m & K_PAWN != 0 && u == offset(t, Hop::fwd(by)) {
            out |= if self.last_rank(u, by) {
                K_PROMOTED
            } else {
                K_PAWN
            };
        }
        let diff = u as i16 - t as i16;
        if m & K_KNIGHT != 0 && KNIGHT_STEPS.iter().any(|&d| d as i16 == diff) {
            out |= K_KNIGHT;
        }
        if let Some((d, orth)) = line_step(t, u) {
            let wanted = if orth { K_ROOK | K_QO } else { K_BISHOP | K_QD };
            if m & wanted != 0 && self.clear(t, u, d, vacated) {
                out |= m & wanted;
            }
        }
        out
    }

    /// Can a piece of a kind in `m` standing on `t` capture on `sq`?
    fn captures_from(&self, m: u8, t: u8, sq: u8, by: Color, vacated: u8) -> bool {
        let diff = sq as i16 - t as i16;
        if m & K_PAWN != 0 {
            let fwd = Hop::fwd(by) as i16;
            if diff == fwd + 1 || diff == fwd - 1 {
                return true;
            }
        }
        if m & K_KNIGHT != 0 && KNIGHT_STEPS.iter().any(|&d| d as i16 == diff) {
            return true;
        }
        if let Some((d, orth)) = line_step(t, sq) {
            let wanted = if orth { K_ROOK | K_QO } else { K_BISHOP | K_QD };
            if m & wanted != 0 && self.clear(t, sq, d, vacated) {
                return true;
            }
        }
        false
    }

    /// Is the side to move's opponent (`c`'s king) in check?
    pub fn in_check(&self, c: Color) -> bool {
        self.attacked(self.king[side(c)], c.other())
    }
}
