//! The legal move generator of `fide` (FIDE-1).
//!
//! Legality is decided without making the move: check mask (the squares
//! that capture or block a single checker), pin lines (a pinned piece
//! stays on the line through its king), king steps tested against
//! attacks with the king lifted off the board, and en passant tested by
//! recomputing slider attacks after removing both pawns (the horizontal
//! pin case: king and enemy rook on the rank of the two pawns).
//!
//! The generator feeds any [`MoveSink`] and passes its `Break` up. For
//! `explain` ([`MoveSink::WANTS_REJECTED`]) it also reports every
//! candidate it discards (a king step onto an attacked square, a move that
//! leaves the king in check, a pinned piece leaving its line, en passant
//! that exposes the king, each castling condition that fails) with the
//! reason; for every other sink that code is compiled out.

use crate::core::batch::BatchSink;
use crate::core::bitboard::{
    bit, tables, Bits, Tables, FILE_A, FILE_H, RANK_1, RANK_3, RANK_6, RANK_8,
};
use crate::core::{Color, Flow, MoveSink, Rejection};

use super::moves::{mv, promotion_flag, Mv, F_CASTLE, F_DOUBLE, F_EP, F_NORMAL, PROMO_FLAGS};
use super::notation::sq_name;
use super::position::{
    PieceSets, Pos, Role, BK, BQ, MUT_CASTLE_THROUGH_CHECK, MUT_EP_IGNORES_PIN, MUT_NO_EP,
    MUT_NO_UNDERPROMOTION, MUT_PINNED_MOVE, NO_EP, WK, WQ,
};

/// The promotion flag of the queen (all a pawn gets under the mutant
/// `no-underpromotion`).
const QUEEN: u16 = promotion_flag(Role::Queen);

/// A discarded candidate's rejection: FIDE-1, with the reason.
fn rejection(reason: String) -> Rejection {
    Rejection::new("FIDE-1", reason)
}

/// The first condition of castling (FIDE-1) that a castling candidate
/// fails.
enum CastlingFault {
    /// The king or that rook has moved (the right is gone).
    Right,
    /// A piece on this square between king and rook.
    Between(u32),
    /// The king is in check.
    OutOfCheck,
    /// The king would cross this attacked square.
    Through(u32),
    /// The king would land on this attacked square.
    Into(u32),
}

impl CastlingFault {
    fn reason(&self, home: u32) -> String {
        match *self {
            CastlingFault::Right => "castling right lost (the king or that rook has moved)".into(),
            CastlingFault::Between(s) => format!(
                "castling with a piece between king and rook ({})",
                sq_name(s)
            ),
            CastlingFault::OutOfCheck => format!(
                "castling out of check (the king on {} is attacked)",
                sq_name(home)
            ),
            CastlingFault::Through(s) => {
                format!("castling through an attacked square ({})", sq_name(s))
            }
            CastlingFault::Into(s) => format!("castling into check ({} is attacked)", sq_name(s)),
        }
    }
}

#[inline]
fn up<const W: bool>(b: u64) -> u64 {
    if W {
        b << 8
    } else {
        b >> 8
    }
}

impl Pos {
    /// Feeds the legal moves to `sink` (FIDE-1); stops when the sink
    /// answers `Break` and returns it. A sink that wants them
    /// ([`MoveSink::WANTS_REJECTED`], `explain`) also gets every candidate
    /// the generator discards, with the reason.
    #[inline]
    pub fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        let t = tables();
        if self.turn == Color::White {
            self.gen::<true, _>(t, sink)
        } else {
            self.gen::<false, _>(t, sink)
        }
    }

    /// The legal moves as a list.
    pub fn moves(&self) -> Vec<Mv> {
        let mut v = Vec::with_capacity(64);
        // A list never stops the generator.
        let _ = self.generate(&mut v);
        v
    }

    /// The legal move generator (FIDE-1), for the side `W` (true = White).
    #[inline(always)]
    fn gen<const W: bool, S: MoveSink<Mv>>(&self, t: &Tables, sink: &mut S) -> Flow {
        let us = if W { Color::White } else { Color::Black };
        let them = us.other();
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let kbb = self.roles[Role::King] & own;
        if kbb == 0 {
            // Only reachable under a mutant that lets a king be taken.
            return Flow::Continue(());
        }
        let ksq = kbb.trailing_zeros();
        let ks = ksq as usize;
        let checkers = self.attackers(t, ksq, them, occ);

        // King steps: the destination must not be attacked once the king
        // has left its square (so it cannot retreat along a checking line).
        let occ_nok = occ ^ kbb;
        let mut ktargets = 0;
        for to in Bits(t.king[ks] & !own) {
            if !self.attacked(t, to, them, occ_nok) {
                ktargets |= bit(to);
            } else if S::WANTS_REJECTED {
                sink.reject(
                    mv(ksq, to, F_NORMAL),
                    rejection(format!(
                        "moves the king into check ({} is attacked)",
                        sq_name(to)
                    )),
                );
            }
        }
        sink.piece(ksq, ktargets)?;
        let double = checkers & checkers.wrapping_sub(1) != 0;
        if double && !S::WANTS_REJECTED {
            return Flow::Continue(()); // double check: only the king moves
        }
        // The squares a move of another piece must end on: with a single
        // checker, capture it or block its line; in double check, none
        // (only `explain` gets here, to hear why each candidate fails).
        let tmask = if checkers == 0 {
            !own
        } else if double {
            0
        } else {
            t.between[ks][checkers.trailing_zeros() as usize] | checkers
        };

        // Pins: an own piece alone between the king and an enemy slider
        // on the slider's line.
        let mut pinned = 0u64;
        if self.mutants & MUT_PINNED_MOVE == 0 {
            let snipers = ((t.rook(ksq, 0) & (self.roles[Role::Rook] | self.roles[Role::Queen]))
                | (t.bishop(ksq, 0) & (self.roles[Role::Bishop] | self.roles[Role::Queen])))
                & enemy;
            for s in Bits(snipers) {
                let b = t.between[ks][s as usize] & occ;
                if b & b.wrapping_sub(1) == 0 && b & own != 0 {
                    pinned |= b;
                }
            }
        }
        // Why a candidate of a piece other than the king is discarded.
        let why = |from: u32, to: u32| -> Rejection {
            let king = sq_name(ksq);
            if double {
                rejection(format!(
                    "leaves own king in check: double check of the king on {king}, only the king may move"
                ))
            } else if checkers != 0 && tmask & bit(to) == 0 {
                let c = checkers.trailing_zeros();
                rejection(format!(
                    "leaves own king in check: the move does not answer the check of the king on {king} by the {} on {}",
                    self.role_at(c).unwrap_or(Role::Pawn).name(),
                    sq_name(c)
                ))
            } else {
                rejection(format!(
                    "leaves own king in check: the {} on {} is pinned to the king on {king}",
                    self.role_at(from).unwrap_or(Role::Pawn).name(),
                    sq_name(from)
                ))
            }
        };

        // Knights (a pinned knight never moves).
        for from in Bits(self.roles[Role::Knight] & own & !pinned) {
            sink.piece(from, t.knight[from as usize] & tmask)?;
        }
        // Sliders; a pinned slider keeps to its pin line (and has no move
        // at all when in check).
        let diag = (self.roles[Role::Bishop] | self.roles[Role::Queen]) & own;
        let orth = (self.roles[Role::Rook] | self.roles[Role::Queen]) & own;
        let slides = |from: u32| {
            let b = bit(from);
            let mut a = 0;
            if diag & b != 0 {
                a |= t.bishop(from, occ);
            }
            if orth & b != 0 {
                a |= t.rook(from, occ);
            }
            a
        };
        for from in Bits((diag | orth) & !pinned) {
            sink.piece(from, slides(from) & tmask)?;
        }
        if checkers == 0 {
            for from in Bits((diag | orth) & pinned) {
                sink.piece(from, slides(from) & !own & t.line[ks][from as usize])?;
            }
        }
        if S::WANTS_REJECTED {
            // The same masks, read the other way: each piece's reach minus
            // what was generated above.
            for from in Bits((self.roles[Role::Knight] & own) | diag | orth) {
                let b = bit(from);
                let reach = if self.roles[Role::Knight] & b != 0 {
                    t.knight[from as usize]
                } else {
                    slides(from)
                } & !own;
                let kept = if pinned & b == 0 {
                    tmask
                } else if checkers == 0 && self.roles[Role::Knight] & b == 0 {
                    t.line[ks][from as usize]
                } else {
                    0
                };
                sink.discard(
                    from,
                    reach & !kept,
                    |_| Some(F_NORMAL),
                    &[],
                    |to| why(from, to),
                );
            }
        }

        // Pawns: set-wise for unpinned pawns; pinned ones one by one.
        let pawns = self.roles[Role::Pawn] & own;
        let empty = !occ;
        let (rank3, rank8) = if W {
            (RANK_3, RANK_8)
        } else {
            (RANK_6, RANK_1)
        };
        let (d_up, d_left, d_right) = if W { (8, 7, 9) } else { (-8, -9, -7) };
        let free = pawns & !pinned;
        let mut single = up::<W>(free) & empty;
        let mut double_step = up::<W>(single & rank3) & empty;
        let mut left = up::<W>((free & !FILE_A) >> 1) & enemy;
        let mut right = up::<W>((free & !FILE_H) << 1) & enemy;
        if checkers == 0 {
            for from in Bits(pawns & pinned) {
                let line = t.line[ks][from as usize];
                let b = bit(from);
                let s1 = up::<W>(b) & empty & line;
                single |= s1;
                double_step |= up::<W>(s1 & rank3) & empty;
                left |= up::<W>((b & !FILE_A) >> 1) & enemy & line;
                right |= up::<W>((b & !FILE_H) << 1) & enemy & line;
            }
        }
        single &= tmask;
        double_step &= tmask;
        left &= tmask;
        right &= tmask;
        // Knight, bishop, rook, queen; only the queen under the mutant
        // `no-underpromotion`.
        let kinds: &[u16] = if self.mutants & MUT_NO_UNDERPROMOTION != 0 {
            &[QUEEN]
        } else {
            &PROMO_FLAGS
        };
        sink.pawns(single & !rank8, d_up, F_NORMAL)?;
        sink.pawns(double_step, 2 * d_up, F_DOUBLE)?;
        sink.pawns(left & !rank8, d_left, F_NORMAL)?;
        sink.pawns(right & !rank8, d_right, F_NORMAL)?;
        if (single | left | right) & rank8 != 0 {
            sink.promos(single & rank8, d_up, kinds)?;
            sink.promos(left & rank8, d_left, kinds)?;
            sink.promos(right & rank8, d_right, kinds)?;
        }
        if S::WANTS_REJECTED {
            for from in Bits(pawns) {
                let b = bit(from);
                let s1 = up::<W>(b) & empty;
                let s2 = up::<W>(s1 & rank3) & empty;
                let reach = s1 | s2 | (t.pawn[us.index()][from as usize] & enemy);
                let kept = if pinned & b == 0 {
                    tmask
                } else if checkers == 0 {
                    t.line[ks][from as usize]
                } else {
                    0
                };
                let flag_of = |to: u32| match bit(to) {
                    x if x & rank8 != 0 => None,
                    x if x & s2 != 0 => Some(F_DOUBLE),
                    _ => Some(F_NORMAL),
                };
                sink.discard(from, reach & !kept, flag_of, kinds, |to| why(from, to));
            }
        }

        // En passant: legal when the king is not attacked after both pawns
        // have left their squares (covers pins along the rank of the two
        // pawns, diagonal pins, and checks the capture does not answer).
        if self.ep != NO_EP && self.mutants & MUT_NO_EP == 0 {
            let ep = self.ep as u32;
            let cap = if W { ep - 8 } else { ep + 8 };
            for from in Bits(t.pawn[them.index()][ep as usize] & pawns) {
                let legal = if self.mutants & MUT_EP_IGNORES_PIN != 0 {
                    // Misreading: only the ordinary pin and check masks apply.
                    let on_line =
                        pinned & bit(from) == 0 || t.line[ks][from as usize] & bit(ep) != 0;
                    let answers = checkers == 0 || (tmask & bit(ep)) != 0 || checkers == bit(cap);
                    on_line && answers
                } else {
                    let occ2 = (occ ^ bit(from) ^ bit(cap)) | bit(ep);
                    let rq = (self.roles[Role::Rook] | self.roles[Role::Queen]) & enemy;
                    let bq = (self.roles[Role::Bishop] | self.roles[Role::Queen]) & enemy;
                    t.rook(ksq, occ2) & rq == 0
                        && t.bishop(ksq, occ2) & bq == 0
                        && t.knight[ks] & self.roles[Role::Knight] & enemy == 0
                        && t.pawn[us.index()][ks] & self.roles[Role::Pawn] & enemy & !bit(cap) == 0
                };
                if legal {
                    sink.push(mv(from, ep, F_EP))?;
                } else if S::WANTS_REJECTED {
                    let reason = if checkers & !bit(cap) != 0 {
                        why(from, ep).reason
                    } else {
                        format!(
                            "leaves own king in check: en passant exposes the king (with the pawns on {} \
                             and {} gone, the king on {} is attacked)",
                            sq_name(from),
                            sq_name(cap),
                            sq_name(ksq)
                        )
                    };
                    sink.reject(mv(from, ep, F_EP), rejection(reason));
                }
            }
        }

        // Castling: right kept (king and rook unmoved), squares between
        // empty, king not in check, transit and destination not attacked.
        // `explain` hears about every castling of the king on its home
        // square, with the first condition that fails.
        let home = if W { 4 } else { 60 };
        if (checkers == 0 && self.castling != 0) || (S::WANTS_REJECTED && ksq == home) {
            let (kside, qside) = if W { (WK, WQ) } else { (BK, BQ) };
            let through = self.mutants & MUT_CASTLE_THROUGH_CHECK == 0;
            for (right, to, transit, between) in [
                (kside, home + 2, home + 1, bit(home + 1) | bit(home + 2)),
                (
                    qside,
                    home - 2,
                    home - 1,
                    bit(home - 1) | bit(home - 2) | bit(home - 3),
                ),
            ] {
                let broken = if self.castling & right == 0 {
                    Some(CastlingFault::Right)
                } else if occ & between != 0 {
                    Some(CastlingFault::Between((occ & between).trailing_zeros()))
                } else if checkers != 0 {
                    Some(CastlingFault::OutOfCheck)
                } else if through && self.attacked(t, transit, them, occ) {
                    Some(CastlingFault::Through(transit))
                } else if self.attacked(t, to, them, occ) {
                    Some(CastlingFault::Into(to))
                } else {
                    None
                };
                match broken {
                    None => sink.push(mv(home, to, F_CASTLE))?,
                    Some(fault) if S::WANTS_REJECTED => {
                        sink.reject(mv(home, to, F_CASTLE), rejection(fault.reason(home)));
                    }
                    Some(_) => {}
                }
            }
        }
        Flow::Continue(())
    }
}
