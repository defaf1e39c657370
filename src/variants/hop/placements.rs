//! The placement that ends a turn, and the legality of the whole turn.
//!
//! - HOP-2: after the piece move the player moves his own trampoline to
//!   any square holding no piece and not the other trampoline; leaving it
//!   where it is is a placement too (one move per target square). White's
//!   very first turn has no placement.
//! - HOP-7: a turn is legal only if the mover's king is not attacked after
//!   the whole turn (piece move and placement).
//!
//! Bulk counting: a trampoline only ever adds paths for the attacker
//! (pieces may always pass over it), so if the king is attacked with the
//! own trampoline taken off the board, no placement helps; otherwise only
//! placements from which some path can reach the king matter. Those lie on
//! the king's open lines or knight squares, or on the open lines / knight
//! squares of the opponent's trampoline (or up to two squares beyond a
//! pawn on the king's file: a pawn promoting on a trampoline comes back
//! over its vacated square); only those candidate squares are tested one
//! by one, all others are counted at once.

use super::hops::PieceMove;
use super::*;

impl Position {
    /// The position after the piece move `pm`, before the placement.
    #[inline]
    fn after_piece(&self, pm: &PieceMove) -> Position {
        let mut c = self.clone();
        c.apply_piece(pm);
        c
    }

    /// Squares (as a 0x88 bit mask) where the own trampoline could open an
    /// attack on the king `k` of `c` (a superset, see the module docs).
    fn candidates(c: &Position, k: u8) -> u128 {
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
        if topp != NONE && Position::may_capture_from(c, topp, k) {
            lines(topp, &mut mask);
        }
        mask
    }

    /// Could some piece standing on `t` capture on `k` (a superset: a
    /// knight leap, or a line whose squares between hold no piece but
    /// pawns, which may be a promoting pawn's vacated square)?
    fn may_capture_from(c: &Position, t: u8, k: u8) -> bool {
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

    /// Calls `f(piece move, placement)` for every legal turn ([`NONE`] as
    /// placement on White's first turn).
    pub fn turns(&self, f: &mut impl FnMut(&PieceMove, u8)) {
        let first = self.first_turn();
        let us = self.turn;
        let own = side(us);
        let no_safety = self.rules.ignore_check;
        self.piece_moves(&mut |pm: &PieceMove| {
            let mut c = self.after_piece(pm);
            let k = c.king[own];
            if first {
                if no_safety || !c.attacked(k, us.other()) {
                    f(pm, NONE);
                }
                return;
            }
            let old = c.tramp[own];
            let early = self.rules.check_before_placement;
            if early && !no_safety && c.attacked(k, us.other()) {
                return;
            }
            c.tramp[own] = NONE;
            if !early && !no_safety && c.attacked(k, us.other()) {
                return;
            }
            let cand = if early || no_safety {
                0
            } else {
                Position::candidates(&c, k)
            };
            let topp = c.tramp[1 - own];
            let (u_reach, u_pawn) = if topp != NONE && cand != 0 {
                (c.reach(topp, us.other()), c.pawn_source(topp, us.other()))
            } else {
                (0, None)
            };
            for r in 0..8u8 {
                for file in 0..8u8 {
                    let p = r * 16 + file;
                    if c.board[p as usize] != 0 || p == topp || (self.rules.no_stay && p == old) {
                        continue;
                    }
                    if cand & (1u128 << p) != 0
                        && c.attacked_through(p, topp, u_reach, u_pawn, k, us.other())
                    {
                        continue;
                    }
                    f(pm, p);
                }
            }
        });
    }

    /// The number of legal turns, counting placements in bulk.
    pub fn count_turns(&self) -> u64 {
        let first = self.first_turn();
        let us = self.turn;
        let own = side(us);
        let them = us.other();
        let no_safety = self.rules.ignore_check;
        let mut total = 0u64;
        self.piece_moves(&mut |pm: &PieceMove| {
            let mut c = self.after_piece(pm);
            let k = c.king[own];
            if first {
                if no_safety || !c.attacked(k, them) {
                    total += 1;
                }
                return;
            }
            let old = c.tramp[own];
            let early = self.rules.check_before_placement;
            if early && !no_safety && c.attacked(k, them) {
                return;
            }
            c.tramp[own] = NONE;
            if !early && !no_safety && c.attacked(k, them) {
                return;
            }
            let topp = c.tramp[1 - own];
            let mut n = 64 - c.pieces as u64 - u64::from(topp != NONE);
            if self.rules.no_stay && old != NONE {
                n -= 1;
            }
            if !early && !no_safety {
                let mut cand = Position::candidates(&c, k);
                let (u_reach, u_pawn) = if topp != NONE && cand != 0 {
                    (c.reach(topp, them), c.pawn_source(topp, them))
                } else {
                    (0, None)
                };
                while cand != 0 {
                    let p = cand.trailing_zeros() as u8;
                    cand &= cand - 1;
                    if c.board[p as usize] != 0 || p == topp || (self.rules.no_stay && p == old) {
                        continue;
                    }
                    if c.attacked_through(p, topp, u_reach, u_pawn, k, them) {
                        n -= 1;
                    }
                }
            }
            total += n;
        });
        total
    }

    /// Whether the side to move has a legal turn.
    pub fn has_turn(&self) -> bool {
        self.count_turns() > 0
    }
}
