//! The legal move generator of the hexagonal bases (GLN-1, MCC-1,
//! SHF-1 by the position's base; generic over the base, a const index).
//!
//! Legality is decided without playing the move, as in `fide`: the check
//! mask (cells that capture or block a single checker), pin lines (a pinned
//! piece stays on the line through its king; found by scanning the king's
//! twelve lines), king steps tested against attacks with the king lifted
//! off the board, and en passant tested by recomputing the attacks on the
//! king with both pawns moved. Leaves are counted in bulk (popcounts of
//! target sets).
//!
//! The generator feeds any [`MoveSink`] and passes its `Break` up. For
//! `explain` ([`MoveSink::WANTS_REJECTED`]) it also reports every
//! candidate it discards (a king step onto an attacked cell, a move that
//! leaves the king in check, a pinned piece leaving its line, en passant
//! that exposes the king) with the reason; for every other sink that code
//! is compiled out.

use crate::core::batch::BatchSink;
use crate::core::hex::{
    self, between, bishop_attacks, first_blocker, line, rook_attacks, shift, Cells, Shape,
    DIAGONAL_LINES, ORTHOGONAL_LINES, RAYS,
};
use crate::core::{Flow, MoveSink, Rejection};

use super::base::BaseId;
use super::moves::{Mv, F_CASTLE, F_DOUBLE, F_EP, F_NORMAL, F_TRIPLE, PROMO_FLAGS};
use super::position::{
    base_of, bit, Color, PieceSets, Pos, Role, CAPTURE_DIRS, FORWARD, MUT_CASTLE_THROUGH_CHECK,
    MUT_CENTRE_DOUBLE_STEP, MUT_FIRST_MOVE_DOUBLE_STEP, MUT_KING_INTO_CHECK, MUT_NO_EP,
    MUT_NO_TRIPLE_STEP, MUT_PINNED_MOVE, NO_EP, OPT_EP_LAST, OPT_LONG_CASTLING,
};

/// `x` restricted to the board of base `B` (nothing to do on Gliński's
/// board: the slot tables are its cells).
#[inline(always)]
const fn on<const B: usize>(x: u128) -> u128 {
    match base_of::<B>().shape {
        Shape::Glinski => x,
        Shape::Shafran => x & crate::core::hex::SHAFRAN_BOARD,
    }
}

impl Pos {
    /// Feeds the legal moves to `sink` (GLN-1, MCC-1, SHF-1 by the base);
    /// stops when the sink answers `Break` and returns it. A sink that
    /// wants them ([`MoveSink::WANTS_REJECTED`], `explain`) also gets every
    /// candidate the generator discards, with the reason.
    #[inline]
    pub fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        match (self.base, self.turn == Color::White) {
            (BaseId::Glinski, true) => self.gen::<true, 0, _>(sink),
            (BaseId::Glinski, false) => self.gen::<false, 0, _>(sink),
            (BaseId::Mccooey, true) => self.gen::<true, 1, _>(sink),
            (BaseId::Mccooey, false) => self.gen::<false, 1, _>(sink),
            (BaseId::Shafran, true) => self.gen::<true, 2, _>(sink),
            (BaseId::Shafran, false) => self.gen::<false, 2, _>(sink),
        }
    }

    /// Whether the side to move has a legal move (the generator stops at
    /// the first one).
    pub fn has_legal_move(&self) -> bool {
        let mut first = crate::core::First::default();
        let _ = self.generate(&mut first);
        first.found()
    }

    /// The legal moves as a list.
    pub fn moves(&self) -> Vec<Mv> {
        let mut v = Vec::with_capacity(96);
        // A list never stops the generator.
        let _ = self.generate(&mut v);
        v
    }

    /// The legal move generator, for the side `W` (true = White) on the
    /// base `BASES[B]`.
    #[inline(always)]
    fn gen<const W: bool, const B: usize, S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        let base = base_of::<B>();
        let rule = base.rule;
        let name = |s: usize| base.shape.slot_name(s);
        let us = if W { Color::White } else { Color::Black };
        let them = us.other();
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let kbb = self.roles[Role::King] & own;
        if kbb == 0 {
            // Only under a mutant that lets a king be taken.
            return Flow::Continue(());
        }
        let k = kbb.trailing_zeros() as usize;
        let kind = base.captures ^ self.pawn_mode();

        // Checkers and pins: scan the king's lines that hold an enemy
        // slider of the matching kind.
        let mut checkers = ((hex::KNIGHT[k] & self.roles[Role::Knight])
            | (base.pawn_attacks(kind, us, k) & self.roles[Role::Pawn]))
            & enemy;
        let mut pinned = 0u128;
        let rq = (self.roles[Role::Rook] | self.roles[Role::Queen]) & enemy;
        let bq = (self.roles[Role::Bishop] | self.roles[Role::Queen]) & enemy;
        let pins = self.mutants & MUT_PINNED_MOVE == 0;
        for (lines, snipers, first) in [(&ORTHOGONAL_LINES, rq, 0), (&DIAGONAL_LINES, bq, 1)] {
            if lines[k] & snipers == 0 {
                continue;
            }
            for d in (first..12).step_by(2) {
                if RAYS[d][k] & snipers == 0 {
                    continue;
                }
                let Some(b1) = first_blocker(d, k, occ) else {
                    continue;
                };
                if bit(b1) & snipers != 0 {
                    checkers |= bit(b1);
                } else if pins && bit(b1) & own != 0 {
                    if let Some(b2) = first_blocker(d, b1, occ) {
                        if bit(b2) & snipers != 0 {
                            pinned |= bit(b1);
                        }
                    }
                }
            }
        }

        // King steps: the destination must not be attacked once the king
        // has left its cell (so it cannot retreat along a checking line).
        let occ_nok = occ ^ kbb;
        let mut ktargets = on::<B>(hex::KING[k]) & !own;
        if self.mutants & MUT_KING_INTO_CHECK == 0 {
            for to in Cells(ktargets) {
                if self.attacked_on::<B>(to, them, enemy, occ_nok) {
                    ktargets ^= bit(to);
                    if S::WANTS_REJECTED {
                        sink.reject(
                            Mv::new(k, to, F_NORMAL),
                            Rejection::new(
                                rule,
                                format!("moves the king into check ({} is attacked)", name(to)),
                            ),
                        );
                    }
                }
            }
        }
        sink.piece(k as u32, ktargets)?;
        if !base.castlings.is_empty() {
            self.castlings::<B, S>(sink, us, k, occ, checkers != 0)?;
        }
        let double = checkers & checkers.wrapping_sub(1) != 0;
        if double && !S::WANTS_REJECTED {
            return Flow::Continue(()); // double check: only the king moves
        }
        // The cells a move of another piece must end on: with a single
        // checker, capture it or block its line; in double check, none
        // (only `explain` gets here, to hear why each candidate fails).
        let tmask = if checkers == 0 {
            !own
        } else if double {
            0
        } else {
            between(k, checkers.trailing_zeros() as usize) | checkers
        };
        // Why a candidate of a piece other than the king is discarded.
        let why = |from: usize, to: usize| -> Rejection {
            let king = name(k);
            if double {
                Rejection::new(rule, format!(
                    "leaves own king in check: double check of the king on {king}, only the king may move"
                ))
            } else if checkers != 0 && tmask & bit(to) == 0 {
                let c = checkers.trailing_zeros() as usize;
                Rejection::new(rule, format!(
                    "leaves own king in check: the move does not answer the check of the king on {king} by the {} on {}",
                    self.role_at(c as u32).unwrap_or(Role::Pawn).name(),
                    name(c)
                ))
            } else {
                Rejection::new(
                    rule,
                    format!(
                        "leaves own king in check: the {} on {} is pinned to the king on {king}",
                        self.role_at(from as u32).unwrap_or(Role::Pawn).name(),
                        name(from)
                    ),
                )
            }
        };

        // Knights (a pinned knight never moves).
        for from in Cells(self.roles[Role::Knight] & own & !pinned) {
            sink.piece(from as u32, on::<B>(hex::KNIGHT[from]) & tmask)?;
        }
        // Sliders; a pinned slider keeps to its pin line (and has no move
        // at all when in check).
        let diag = (self.roles[Role::Bishop] | self.roles[Role::Queen]) & own;
        let orth = (self.roles[Role::Rook] | self.roles[Role::Queen]) & own;
        for from in Cells((diag | orth) & !pinned) {
            sink.piece(
                from as u32,
                on::<B>(self.slider_attacks(from, diag, orth, occ)) & tmask,
            )?;
        }
        if checkers == 0 {
            for from in Cells((diag | orth) & pinned) {
                let a = on::<B>(self.slider_attacks(from, diag, orth, occ));
                sink.piece(from as u32, a & !own & line(k, from))?;
            }
        }
        if S::WANTS_REJECTED {
            // The same masks, read the other way: each piece's reach minus
            // what was generated above.
            for from in Cells((self.roles[Role::Knight] & own) | diag | orth) {
                let b = bit(from);
                let knight = self.roles[Role::Knight] & b != 0;
                let reach = on::<B>(if knight {
                    hex::KNIGHT[from]
                } else {
                    self.slider_attacks(from, diag, orth, occ)
                }) & !own;
                let kept = if pinned & b == 0 {
                    tmask
                } else if checkers == 0 && !knight {
                    line(k, from)
                } else {
                    0
                };
                sink.discard(
                    from as u32,
                    reach & !kept,
                    |_| Some(F_NORMAL),
                    &[],
                    |to| why(from, to as usize),
                );
            }
        }

        // Pawns: set-wise for unpinned pawns; pinned ones one by one.
        let pawns = self.roles[Role::Pawn] & own;
        let empty = base.shape.board() & !occ;
        let fwd = FORWARD[us];
        let [c1, c2] = CAPTURE_DIRS[kind][us];
        let mut two = base.two_steps[us];
        if self.mutants & MUT_CENTRE_DOUBLE_STEP != 0 {
            two = base.pawn_start[us];
        }
        if self.mutants & MUT_FIRST_MOVE_DOUBLE_STEP != 0 {
            two &= !self.moved;
        }
        let three = if self.mutants & MUT_NO_TRIPLE_STEP != 0 {
            0
        } else {
            base.three_steps[us] & two
        };
        let has_three = base.three_steps[us] != 0;
        let free = pawns & !pinned;
        let mut single = shift(free, fwd) & empty;
        let mut double_step = shift(shift(free & two, fwd) & empty, fwd) & empty;
        let mut triple = if has_three {
            shift(shift(shift(free & three, fwd) & empty, fwd) & empty, fwd) & empty
        } else {
            0
        };
        let mut left = shift(free, c1) & enemy;
        let mut right = shift(free, c2) & enemy;
        if checkers == 0 {
            for from in Cells(pawns & pinned) {
                let l = line(k, from);
                let b = bit(from);
                let s1 = shift(b, fwd) & empty & l;
                single |= s1;
                let s2 = shift(shift(b & two, fwd) & empty, fwd) & empty;
                double_step |= s2 & l;
                if has_three {
                    triple |=
                        shift(shift(shift(b & three, fwd) & empty, fwd) & empty, fwd) & empty & l;
                }
                left |= shift(b, c1) & enemy & l;
                right |= shift(b, c2) & enemy & l;
            }
        }
        single &= tmask;
        double_step &= tmask;
        triple &= tmask;
        left &= tmask;
        right &= tmask;
        let promo = base.promotion[us];
        let step = fwd.slot_offset();
        let (d1, d2) = (c1.slot_offset(), c2.slot_offset());
        sink.pawns(single & !promo, step, F_NORMAL)?;
        sink.pawns(double_step, 2 * step, F_DOUBLE)?;
        if has_three {
            sink.pawns(triple, 3 * step, F_TRIPLE)?;
        }
        sink.pawns(left & !promo, d1, F_NORMAL)?;
        sink.pawns(right & !promo, d2, F_NORMAL)?;
        if (single | left | right) & promo != 0 {
            sink.promos(single & promo, step, &PROMO_FLAGS)?;
            sink.promos(left & promo, d1, &PROMO_FLAGS)?;
            sink.promos(right & promo, d2, &PROMO_FLAGS)?;
        }
        if S::WANTS_REJECTED {
            for from in Cells(pawns) {
                let b = bit(from);
                let s1 = shift(b, fwd) & empty;
                let s2 = shift(shift(b & two, fwd) & empty, fwd) & empty;
                let s3 = shift(s2 & shift(shift(b & three, fwd), fwd), fwd) & empty;
                let reach = s1 | s2 | s3 | (base.pawn_attacks(kind, us, from) & enemy);
                let kept = if pinned & b == 0 {
                    tmask
                } else if checkers == 0 {
                    line(k, from)
                } else {
                    0
                };
                let flag_of = |to: u32| match bit(to as usize) {
                    x if x & promo != 0 => None,
                    x if x & s2 != 0 => Some(F_DOUBLE),
                    x if x & s3 != 0 => Some(F_TRIPLE),
                    _ => Some(F_NORMAL),
                };
                sink.discard(from as u32, reach & !kept, flag_of, &PROMO_FLAGS, |to| {
                    why(from, to as usize)
                });
            }
        }

        // En passant: legal when the king is not attacked once both pawns
        // have moved (covers pins through either pawn's cell and a check
        // the capture must answer). The victim stands one cell beyond
        // `ep`; SHF-1 also allows the capture on `ep2` (not with
        // `ep=last`).
        if self.ep != NO_EP && self.mutants & MUT_NO_EP == 0 {
            let cap = (self.ep as i32 + fwd.opposite().slot_offset()) as usize;
            let second = if self.ep2 != NO_EP && self.opts & OPT_EP_LAST == 0 {
                self.ep2
            } else {
                NO_EP
            };
            for ep in [self.ep, second] {
                if ep == NO_EP {
                    continue;
                }
                let ep = ep as usize;
                for from in Cells(base.pawn_attacks(kind, them, ep) & pawns) {
                    let occ2 = (occ ^ bit(from) ^ bit(cap)) | bit(ep);
                    if !self.attacked_on::<B>(k, them, enemy & !bit(cap), occ2) {
                        sink.push(Mv::new(from, ep, F_EP))?;
                    } else if S::WANTS_REJECTED {
                        let reason = if checkers & !bit(cap) != 0 {
                            why(from, ep).reason
                        } else {
                            format!(
                                "leaves own king in check: en passant exposes the king (with the pawns on {} \
                                 and {} gone, the king on {} is attacked)",
                                name(from),
                                name(cap),
                                name(k)
                            )
                        };
                        sink.reject(Mv::new(from, ep, F_EP), Rejection::new(rule, reason));
                    }
                }
            }
        }
        Flow::Continue(())
    }

    /// SHF-1's castlings of `us` (king on `k`): the right kept, the cells
    /// between king and rook empty, the king not in check, the cells it
    /// passes over not attacked, and not in check after the move (with
    /// king and rook on their new cells). `castling=long`: long only.
    #[inline(never)]
    fn castlings<const B: usize, S: MoveSink<Mv>>(
        &self,
        sink: &mut S,
        us: Color,
        k: usize,
        occ: u128,
        in_check: bool,
    ) -> Flow {
        let base = base_of::<B>();
        let them = us.other();
        let enemy = self.colors[them];
        let free = self.mutants & MUT_CASTLE_THROUGH_CHECK != 0;
        for c in base.castlings {
            if c.color != us
                || self.castling & c.right == 0
                || c.king as usize != k
                || self.pieces(us, Role::Rook) & bit(c.rook as usize) == 0
            {
                continue;
            }
            let blocked = occ & c.between != 0;
            if blocked && !S::WANTS_REJECTED {
                continue;
            }
            for (i, &(kto, rto, pass)) in [c.long, c.short].iter().enumerate() {
                if i == 1 && self.opts & OPT_LONG_CASTLING != 0 {
                    continue;
                }
                let m = Mv::new(k, kto as usize, F_CASTLE);
                let out_of_check = in_check && !free;
                let attacked_pass = if blocked || in_check || free {
                    None
                } else {
                    Cells(pass).find(|&p| self.attacked_on::<B>(p, them, enemy, occ))
                };
                let open = !blocked && !out_of_check && attacked_pass.is_none();
                let lands_attacked = open && !free && {
                    let occ2 =
                        occ ^ bit(k) ^ bit(kto as usize) ^ bit(c.rook as usize) | bit(rto as usize);
                    self.attacked_on::<B>(kto as usize, them, enemy, occ2)
                };
                if open && !lands_attacked {
                    sink.push(m)?;
                } else if S::WANTS_REJECTED {
                    let name = |s: usize| base.shape.slot_name(s);
                    let reason = if blocked {
                        format!(
                            "castling needs the cells between the king and the rook on {} empty",
                            name(c.rook as usize)
                        )
                    } else if in_check {
                        "castling out of check".to_string()
                    } else if let Some(p) = attacked_pass {
                        format!("the king passes over an attacked cell ({})", name(p))
                    } else {
                        format!(
                            "the king lands on an attacked cell ({})",
                            name(kto as usize)
                        )
                    };
                    sink.reject(m, Rejection::new(base.rule, reason));
                }
            }
        }
        Flow::Continue(())
    }

    #[inline(always)]
    fn slider_attacks(&self, from: usize, diag: u128, orth: u128, occ: u128) -> u128 {
        let b = bit(from);
        let mut a = 0;
        if diag & b != 0 {
            a |= bishop_attacks(from, occ);
        }
        if orth & b != 0 {
            a |= rook_attacks(from, occ);
        }
        a
    }
}
