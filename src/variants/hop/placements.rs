//! The placement that ends a turn, the legality of the whole turn, and
//! the one move generator of the game.
//!
//! - HOP-2: after the piece move the player moves his own trampoline to
//!   any square holding no piece and not the other trampoline; leaving it
//!   where it is is a placement too (one move per target square). White's
//!   very first turn has no placement.
//! - HOP-7: a turn is legal only if the mover's king is not attacked after
//!   the whole turn (piece move and placement).
//!
//! [`Hop::turns`] is the only generator: it feeds every legal
//! [`Turn`] to a list, or only their number to a counter. For each piece
//! move it computes the set of legal placement squares once
//! ([`Hop::placements`]); a list takes one turn per square, a counter
//! takes the size of the set (bulk counting, no turn built).
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

use std::ops::ControlFlow;

use super::hops::PieceMove;
use super::*;
use crate::core::{First, Flow, MoveSink};

/// A turn (HOP-2, G2): the piece move with its whole path, and the square
/// the mover's trampoline is placed on ([`NONE`] on White's first turn).
/// The game's compact move ([`crate::core::Game::Move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The piece move, with its whole path.
    pub piece: PieceMove,
    /// Where the mover's trampoline is placed ([`NONE`] on White's first turn).
    pub place: u8,
}

impl Hop {
    /// The position after the piece move `pm`, before the placement.
    #[inline]
    fn after_piece(&self, pm: &PieceMove) -> Hop {
        let mut c = self.clone();
        c.apply_piece(pm);
        c
    }

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

    /// The one move generator (HOP-2 … HOP-7): feeds every legal turn to
    /// `sink` in a fixed order (piece moves as [`Hop::piece_moves`]
    /// gives them, placements by square), or, when the sink only counts,
    /// the number of placements of each piece move at once.
    pub fn turns<S: MoveSink<Turn>>(&self, sink: &mut S) -> Flow {
        let first = self.first_turn();
        let us = self.turn;
        let own = side(us);
        let them = us.other();
        let safety = !self.rules.ignore_check;
        let early = self.rules.check_before_placement;
        self.piece_moves(&mut |pm: &PieceMove| {
            let mut c = self.after_piece(pm);
            let k = c.king[own];
            if first {
                if !safety || !c.attacked(k, them) {
                    return sink.push(Turn {
                        piece: *pm,
                        place: NONE,
                    });
                }
                return ControlFlow::Continue(());
            }
            let old = c.tramp[own];
            if early && safety && c.attacked(k, them) {
                return ControlFlow::Continue(());
            }
            c.tramp[own] = NONE;
            if !early && safety && c.attacked(k, them) {
                return ControlFlow::Continue(());
            }
            let mut places = Hop::placements(&c, k, old, safety && !early);
            if S::COUNTS_ONLY {
                return sink.add_count(u64::from(places.count_ones()));
            }
            while places != 0 {
                let place = places.trailing_zeros() as u8;
                places &= places - 1;
                sink.push(Turn { piece: *pm, place })?;
            }
            ControlFlow::Continue(())
        })
    }

    /// Whether the side to move has a legal turn: the generator stops at
    /// the first.
    pub fn has_turn(&self) -> bool {
        let mut first = First::default();
        let flow = self.turns(&mut first);
        debug_assert_eq!(flow.is_break(), first.found());
        first.found()
    }
}
