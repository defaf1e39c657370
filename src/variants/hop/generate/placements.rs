//! The legal placement squares of a piece move (HOP-2, HOP-7).
//!
//! [`Hop::placements`]: the squares where the mover may put his trampoline
//! after a piece move, with or without the king-safety judgement.
//!
//! The set is cheap to compute: a trampoline only ever adds paths for the
//! attacker (pieces may always pass over it), so if the king is attacked
//! with the own trampoline taken off the board, no placement helps;
//! otherwise only placements from which some path can reach the king
//! matter. Those lie on the king's open lines or knight squares, or on the
//! open lines / knight squares of the opponent's trampoline (or up to two
//! squares beyond a pawn on the king's file: a pawn promoting on a
//! trampoline comes back over its vacated square); only those candidate
//! squares are tested one by one.

use super::super::*;

impl Hop {
    /// Squares (as a 0x88 bit mask) where the own trampoline could open an
    /// attack on the king `k` of `c` (a superset, see the module docs).
    fn candidates(c: &Hop, k: u8) -> u128 {
        let mut mask = 0u128;
        let lines = |from: u8, mask: &mut u128| {
            for d in KING_STEPS {
                let mut s = offset(from, d);
                while on_board(s) && c.board[s as usize] == 0 {
                    *mask |= 1u128 << s;
                    s = offset(s, d);
                }
                // A pawn promoting on a trampoline up to two squares beyond
                // it may come back down its file over its vacated square.
                if (d == 16 || d == -16) && on_board(s) && kind(c.board[s as usize]) == PAWN {
                    for _ in 0..2 {
                        s = offset(s, d);
                        if on_board(s) {
                            *mask |= 1u128 << s;
                        }
                    }
                }
            }
            for d in KNIGHT_STEPS {
                let s = offset(from, d);
                if on_board(s) {
                    *mask |= 1u128 << s;
                }
            }
        };
        lines(k, &mut mask);
        let them = side(c.turn.other());
        let topp = c.tramp[them];
        if topp != NONE && Hop::may_capture_from(c, topp, k) {
            lines(topp, &mut mask);
        }
        mask
    }

    /// Could some piece standing on `t` capture on `k` (a superset: a
    /// knight leap, or a line whose squares between hold no piece but
    /// pawns, which may be a promoting pawn's vacated square)?
    fn may_capture_from(c: &Hop, t: u8, k: u8) -> bool {
        let diff = k as i16 - t as i16;
        if KNIGHT_STEPS.iter().any(|&d| d as i16 == diff) {
            return true;
        }
        match super::check::line_step(t, k) {
            Some((d, _)) => {
                let mut s = offset(t, d);
                while s != k {
                    let p = c.board[s as usize];
                    if p != 0 && kind(p) != PAWN {
                        return false;
                    }
                    s = offset(s, d);
                }
                true
            }
            None => false,
        }
    }

    /// HOP-2 / HOP-7: the squares where the mover may put his trampoline
    /// after a piece move, as a 0x88 bit set. `c` is the position after
    /// the piece move with the mover's trampoline lifted off the board
    /// (its old square `old`); `judge`: drop the squares where the
    /// trampoline would open an attack on the mover's king `k`.
    pub fn placements(c: &Hop, k: u8, old: u8, judge: bool) -> u128 {
        let them = c.turn.other();
        let topp = c.tramp[side(them)];
        let mut free = BOARD & !c.occ;
        if topp != NONE {
            free &= !bit(topp);
        }
        if c.rules.no_stay && old != NONE {
            free &= !bit(old);
        }
        if judge {
            let mut test = free & Hop::candidates(c, k);
            if test != 0 {
                let (u_reach, u_pawn) = if topp != NONE {
                    (c.reach(topp, them), c.pawn_source(topp, them))
                } else {
                    (0, None)
                };
                while test != 0 {
                    let p = test.trailing_zeros() as u8;
                    test &= test - 1;
                    if c.attacked_through(p, topp, u_reach, u_pawn, k, them) {
                        free &= !bit(p);
                    }
                }
            }
        }
        free
    }
}
