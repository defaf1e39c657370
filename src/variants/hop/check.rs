//! HOP-7 Check: a square is attacked if an enemy piece could capture on it
//! by a piece move, hops through either trampoline included (a pawn that
//! promotes on a trampoline and continues counts).
//!
//! Direct attacks are the FIDE ones. Attacks through trampolines are found
//! backwards: for each trampoline T, which kinds of enemy piece can land on
//! T in one leg ([`Position::reach`]); from T, can such a piece capture on
//! the square, or land on the other trampoline U and capture from there?
//! (The path X → U → T → square is found with T and U swapped.) The
//! attacker's start square is treated as occupied: a leg that would pass
//! over its own vacated start square is always matched by a shorter path
//! of the same piece along the same line, so nothing is missed.

use super::*;
use crate::core::Color;

/// Kinds of a piece standing on a trampoline, as bits: how it continues.
pub const K_PAWN: u8 = 1;
pub const K_KNIGHT: u8 = 2;
pub const K_BISHOP: u8 = 4;
pub const K_ROOK: u8 = 8;
/// A queen that came orthogonally / diagonally (HOP-3).
pub const K_QO: u8 = 16;
pub const K_QD: u8 = 32;
/// HOP-6: a pawn promoting by landing on a trampoline (a queen continues orthogonally).
const K_PROMOTED: u8 = K_KNIGHT | K_BISHOP | K_ROOK | K_QO;

#[inline]
fn line_step(from: u8, to: u8) -> Option<(i8, bool)> {
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

impl Position {
    /// Whether the squares strictly between `from` and `to` (on a line,
    /// step `d`) hold no piece (trampolines do not block).
    #[inline]
    fn clear(&self, from: u8, to: u8, d: i8) -> bool {
        let mut sq = offset(from, d);
        while sq != to {
            if self.board[sq as usize] != 0 {
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
        let fwd = Position::fwd(by);
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
            let m1 = self.reach(t, by);
            if m1 == 0 {
                continue;
            }
            if self.captures_from(m1, t, sq, by) {
                return true;
            }
            let u = self.tramp[1 - i];
            if u != NONE {
                let m2 = self.land_kinds(m1, t, u, by);
                if m2 != 0 && self.captures_from(m2, u, sq, by) {
                    return true;
                }
            }
        }
        false
    }

    /// The kinds of `by`'s pieces that can land on the (empty) trampoline
    /// square `t` with their first leg.
    pub fn reach(&self, t: u8, by: Color) -> u8 {
        let c = color_bit(by);
        let fwd = Position::fwd(by);
        let mut m = 0;
        let behind = offset(t, -fwd);
        if on_board(behind) {
            let p = self.board[behind as usize];
            if p == PAWN | c {
                m |= if self.last_rank(t, by) { K_PROMOTED } else { K_PAWN };
            } else if p == 0 && self.board_relative_rank(t, by) == 3 {
                let two = offset(behind, -fwd);
                if self.board[two as usize] == PAWN | c {
                    m |= K_PAWN;
                }
            }
        }
        for d in KNIGHT_STEPS {
            let from = offset(t, d);
            if on_board(from) && self.board[from as usize] == KNIGHT | c {
                m |= K_KNIGHT;
            }
        }
        let free = self.rules.queen_changes_line;
        for (dirs, slider, ks, kq) in [(&ORTH, ROOK, K_ROOK, K_QO), (&DIAG, BISHOP, K_BISHOP, K_QD)] {
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
    fn land_kinds(&self, m: u8, t: u8, u: u8, by: Color) -> u8 {
        let mut out = 0;
        if m & K_PAWN != 0 && u == offset(t, Position::fwd(by)) {
            out |= if self.last_rank(u, by) { K_PROMOTED } else { K_PAWN };
        }
        let diff = u as i16 - t as i16;
        if m & K_KNIGHT != 0 && KNIGHT_STEPS.iter().any(|&d| d as i16 == diff) {
            out |= K_KNIGHT;
        }
        if let Some((d, orth)) = line_step(t, u) {
            let wanted = if orth { K_ROOK | K_QO } else { K_BISHOP | K_QD };
            if m & wanted != 0 && self.clear(t, u, d) {
                out |= m & wanted;
            }
        }
        out
    }

    /// Can a piece of a kind in `m` standing on `t` capture on `sq`?
    fn captures_from(&self, m: u8, t: u8, sq: u8, by: Color) -> bool {
        let diff = sq as i16 - t as i16;
        if m & K_PAWN != 0 {
            let fwd = Position::fwd(by) as i16;
            if diff == fwd + 1 || diff == fwd - 1 {
                return true;
            }
        }
        if m & K_KNIGHT != 0 && KNIGHT_STEPS.iter().any(|&d| d as i16 == diff) {
            return true;
        }
        if let Some((d, orth)) = line_step(t, sq) {
            let wanted = if orth { K_ROOK | K_QO } else { K_BISHOP | K_QD };
            if m & wanted != 0 && self.clear(t, sq, d) {
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
