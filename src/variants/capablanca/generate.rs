//! The one legal move generator of `capablanca` (CAP-1), feeding any core
//! sink: a list, a counter (bulk counts of target sets at perft leaves), a
//! first-move probe, or `explain`'s collector, which also receives every
//! candidate the generator rejects with the reason ([`Rejection`], only
//! when the sink asks: [`MoveSink::WANTS_REJECTED`]).
//!
//! Legality is decided without making the move, as in `fide`: check mask
//! (the squares that capture or block a single checker; a knight-like
//! check by an archbishop or chancellor can only be captured), pin lines
//! (a pinned piece stays on the line through its king — a pinned compound
//! keeps only its slider part's moves along the line, never its knight
//! leaps), king steps tested with the king lifted off the board, en
//! passant tested by recomputing the attacks after the capture, castling
//! by FIDE's conditions with CAP-1's squares.

use std::ops::ControlFlow;

use crate::core::batch::BatchSink;
use crate::core::{Color, Flow, MoveSink, Rejection};

use super::moves::{mv, Mv, F_CASTLE, F_DOUBLE, F_EP, F_NORMAL, F_PROMO, PROMO_FLAGS};
use super::position::{
    bit, tables, Bits, Castling, Pos, Role, Tables, FILE_A, FILE_J, NO_EP, RANK_1, RANK_3, RANK_6,
    RANK_8, W,
};

const RULE: &str = "CAP-1";

#[inline(always)]
fn up<const WH: bool>(b: u128) -> u128 {
    if WH {
        b << W
    } else {
        b >> W
    }
}

/// Why a piece's candidate move is illegal.
#[derive(Clone, Copy)]
enum Why {
    KingAttacked,
    DoubleCheck,
    NoAnswer,
    Pinned,
}

impl Why {
    fn rejection(self) -> Rejection {
        Rejection::new(
            RULE,
            match self {
                Why::KingAttacked => "moves the king into check",
                Why::DoubleCheck => {
                    "leaves own king in check (double check: only the king can move)"
                }
                Why::NoAnswer => "leaves own king in check (does not answer the check)",
                Why::Pinned => "leaves own king in check (the piece is pinned)",
            },
        )
    }
}

/// Moves of a piece from `from`: the legal `targets`; for a sink that
/// wants rejections, `pseudo & !targets` are rejected with `why`.
#[inline(always)]
fn piece<S: MoveSink<Mv>>(sink: &mut S, from: u32, targets: u128, pseudo: u128, why: Why) -> Flow {
    let plain = |_| Some(F_NORMAL);
    sink.discard(from, pseudo & !targets, plain, &[], |_| why.rejection());
    sink.piece(from, targets)
}

/// Pawn moves to each of `targets` from `to - delta` with `flag`; the
/// promotion rank's ones as six moves each (CAP-1: Q R B N A C).
#[inline(always)]
fn pawns<S: MoveSink<Mv>>(sink: &mut S, targets: u128, delta: i32, flag: u32, last: u128) -> Flow {
    let promos = targets & last;
    let plain = targets & !last;
    if S::COUNTS_ONLY {
        // One count for both (the batch sink's would be two).
        return sink.add_count(plain.count_ones() as u64 + 6 * promos.count_ones() as u64);
    }
    sink.pawns(plain, delta, flag)?;
    sink.promos(promos, delta, &PROMO_FLAGS)
}

/// Rejected pawn candidates (to each of `targets`, from `to - delta`).
fn reject_pawns<S: MoveSink<Mv>>(
    sink: &mut S,
    targets: u128,
    delta: i32,
    flag: u32,
    last: u128,
    why: impl Fn(u32) -> Why,
) {
    for to in Bits(targets) {
        let from = (to as i32 - delta) as u32;
        let r = why(from).rejection();
        if last & bit(to) != 0 {
            for p in 0..6 {
                sink.reject(mv(from, to, F_PROMO + p), r.clone());
            }
        } else {
            sink.reject(mv(from, to, flag), r.clone());
        }
    }
}

impl Pos {
    /// Feeds the legal moves to `sink` (CAP-1); stops at the sink's `Break`.
    #[inline]
    pub fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        let t = tables();
        if self.turn == Color::White {
            self.gen::<true, S>(t, sink)
        } else {
            self.gen::<false, S>(t, sink)
        }
    }

    /// The legal moves as a list.
    pub fn moves(&self) -> Vec<Mv> {
        let mut v = Vec::with_capacity(64);
        let _ = self.generate(&mut v);
        v
    }

    /// Slider moves of a piece on `from` (its bishop and rook parts).
    #[inline(always)]
    fn slides(&self, t: &Tables, from: u32, diag: u128, orth: u128, occ: u128) -> u128 {
        let b = bit(from);
        let mut a = 0;
        if diag & b != 0 {
            a |= t.bishop(from, occ);
        }
        if orth & b != 0 {
            a |= t.rook(from, occ);
        }
        a
    }

    /// The legal move generator (CAP-1) for the side `WH` (true = White).
    #[inline(always)]
    fn gen<const WH: bool, S: MoveSink<Mv>>(&self, t: &Tables, sink: &mut S) -> Flow {
        let us = if WH { Color::White } else { Color::Black };
        let them = us.other();
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let kbb = self.roles[Role::King] & own;
        if kbb == 0 {
            return ControlFlow::Continue(());
        }
        let ksq = kbb.trailing_zeros();
        let ks = ksq as usize;
        let checkers = self.attackers(t, ksq, them, occ);

        // King steps: the destination must not be attacked once the king
        // has left its square (no retreat along a checking line).
        let occ_nok = occ ^ kbb;
        let kpseudo = t.king[ks] & !own;
        let mut ktargets = 0;
        for to in Bits(kpseudo) {
            if !self.attacked(t, to, them, occ_nok) {
                ktargets |= bit(to);
            }
        }
        piece(sink, ksq, ktargets, kpseudo, Why::KingAttacked)?;
        let double = checkers & checkers.wrapping_sub(1) != 0;
        if double && !S::WANTS_REJECTED {
            return ControlFlow::Continue(()); // double check: only the king moves
        }
        let tmask = if checkers == 0 {
            !own
        } else if double {
            0
        } else {
            t.between[ks][checkers.trailing_zeros() as usize] | checkers
        };
        let in_check = if double {
            Why::DoubleCheck
        } else {
            Why::NoAnswer
        };

        // Pins: an own piece alone between the king and an enemy slider
        // on that slider's line (a compound pins with its slider part).
        let mut pinned = 0u128;
        let diag_all = self.diagonal();
        let orth_all = self.orthogonal();
        let snipers = ((t.rook_empty(ksq) & orth_all) | (t.bishop_empty(ksq) & diag_all)) & enemy;
        for s in Bits(snipers) {
            let b = t.between[ks][s as usize] & occ;
            if b & b.wrapping_sub(1) == 0 && b & own != 0 {
                pinned |= b;
            }
        }
        let why = |from: u32| {
            if checkers != 0 {
                in_check
            } else if pinned & bit(from) != 0 {
                Why::Pinned
            } else {
                Why::NoAnswer
            }
        };

        // Knight leaps (knights, and the knight part of the compounds); a
        // pinned piece never leaps. Slider parts: a pinned slider keeps to
        // its pin line (no move at all when in check).
        let leapers = self.leapers() & own;
        let diag = diag_all & own;
        let orth = orth_all & own;
        for from in Bits((leapers | diag | orth) & !kbb) {
            let b = bit(from);
            let mut pseudo = self.slides(t, from, diag, orth, occ);
            if leapers & b != 0 {
                pseudo |= t.knight[from as usize];
            }
            pseudo &= !own;
            let legal = if pinned & b == 0 {
                pseudo & tmask
            } else if checkers == 0 {
                self.slides(t, from, diag, orth, occ) & !own & t.line[ks][from as usize]
            } else {
                0
            };
            piece(sink, from, legal, pseudo, why(from))?;
        }

        // Pawns: set-wise for unpinned pawns; pinned ones one by one.
        let pawns_bb = self.roles[Role::Pawn] & own;
        let empty = !occ & super::position::BOARD;
        let (rank3, last) = if WH {
            (RANK_3, RANK_8)
        } else {
            (RANK_6, RANK_1)
        };
        let (d_up, d_left, d_right) = if WH {
            (W as i32, W as i32 - 1, W as i32 + 1)
        } else {
            (-(W as i32), -(W as i32) - 1, -(W as i32) + 1)
        };
        let left_of = |b: u128| up::<WH>((b & !FILE_A) >> 1);
        let right_of = |b: u128| up::<WH>((b & !FILE_J) << 1);
        let free = pawns_bb & !pinned;
        let mut single = up::<WH>(free) & empty;
        let mut double_s = up::<WH>(single & rank3) & empty;
        let mut left = left_of(free) & enemy;
        let mut right = right_of(free) & enemy;
        if checkers == 0 {
            for from in Bits(pawns_bb & pinned) {
                let line = t.line[ks][from as usize];
                let b = bit(from);
                let s1 = up::<WH>(b) & empty & line;
                single |= s1;
                double_s |= up::<WH>(s1 & rank3) & empty;
                left |= left_of(b) & enemy & line;
                right |= right_of(b) & enemy & line;
            }
        }
        single &= tmask;
        double_s &= tmask;
        left &= tmask;
        right &= tmask;
        if S::WANTS_REJECTED {
            let ps = up::<WH>(pawns_bb) & empty;
            let pd = up::<WH>(ps & rank3) & empty;
            reject_pawns(sink, ps & !single, d_up, F_NORMAL, last, why);
            reject_pawns(sink, pd & !double_s, 2 * d_up, F_DOUBLE, last, why);
            let pl = left_of(pawns_bb) & enemy;
            let pr = right_of(pawns_bb) & enemy;
            reject_pawns(sink, pl & !left, d_left, F_NORMAL, last, why);
            reject_pawns(sink, pr & !right, d_right, F_NORMAL, last, why);
        }
        pawns(sink, single, d_up, F_NORMAL, last)?;
        pawns(sink, double_s, 2 * d_up, F_DOUBLE, 0)?;
        pawns(sink, left, d_left, F_NORMAL, last)?;
        pawns(sink, right, d_right, F_NORMAL, last)?;

        // En passant: legal when the king is not attacked after both pawns
        // have left their squares and the capturer stands on the ep square.
        if self.ep != NO_EP {
            let ep = self.ep as u32;
            let cap = if WH { ep - W } else { ep + W };
            for from in Bits(t.pawn[them.index()][ep as usize] & pawns_bb) {
                let occ2 = (occ ^ bit(from) ^ bit(cap)) | bit(ep);
                let mut after = *self;
                after.colors[them] &= !bit(cap);
                let safe = after.attackers(t, ksq, them, occ2) == 0;
                let m = mv(from, ep, F_EP);
                if safe {
                    sink.push(m)?;
                } else if S::WANTS_REJECTED {
                    let why = if checkers != 0 && tmask & (bit(ep) | bit(cap)) == 0 {
                        "leaves own king in check (does not answer the check)"
                    } else {
                        "leaves own king in check (en passant uncovers the king)"
                    };
                    sink.reject(m, Rejection::new(RULE, why));
                }
            }
        }

        // Castling (CAP-1): right kept (king and rook unmoved), every
        // square between king and rook empty, the king not in check, not
        // crossing an attacked square, not landing on one.
        for king_side in [true, false] {
            let c = Castling::of(us, king_side, self.mutants);
            if ksq != c.from {
                continue;
            }
            if self.castling & c.right == 0 && !S::WANTS_REJECTED {
                continue;
            }
            let crossed_attacked = || Bits(c.crossed()).find(|&s| self.attacked(t, s, them, occ));
            let fail = if self.castling & c.right == 0 {
                Some(0)
            } else if occ & c.between() != 0 {
                Some(1)
            } else if checkers != 0 {
                Some(2)
            } else if crossed_attacked().is_some() {
                Some(3)
            } else if self.attacked(t, c.to, them, occ) {
                Some(4)
            } else {
                None
            };
            let m = mv(c.from, c.to, F_CASTLE);
            match fail {
                None => sink.push(m)?,
                Some(code) if S::WANTS_REJECTED => {
                    let why = match code {
                        0 => "castling right lost (the king or that rook has moved)".to_string(),
                        1 => "castling with a piece between king and rook".to_string(),
                        2 => "castling out of check".to_string(),
                        3 => format!(
                            "castling through an attacked square ({})",
                            super::notation::sq_name(crossed_attacked().unwrap_or(c.to))
                        ),
                        _ => "castling into check".to_string(),
                    };
                    sink.reject(m, Rejection::new(RULE, why));
                }
                Some(_) => {}
            }
        }
        ControlFlow::Continue(())
    }
}
