//! The validated chess position and its legal move generator (FIDE-1).
//!
//! State is eight bitboards plus side to move, castling rights, en passant
//! square, the two move counters and the active mutant flags: about 90
//! bytes, copied per node (copy-make). Moves are compact `u16`s ([`Mv`]);
//! the edge speaks their UCI texts.
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

use crate::core::bitboard::{
    bit, tables, Bits, Tables, FILE_A, FILE_H, RANK_1, RANK_3, RANK_6, RANK_8,
};
use crate::core::{Flow, MoveSink, Rejection, Trace};

use super::fen::sq_name;

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;

pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

/// "No en passant square".
pub const NO_EP: u8 = 64;

/// Castling right bits: White king side, White queen side, Black king
/// side, Black queen side (FEN `KQkq`).
pub use crate::core::chess::{BK, BQ, WK, WQ};

/// Mutant flags (deliberate misreadings of FIDE-1, for mutation testing).
pub const MUT_NO_EP: u8 = 1;
pub const MUT_CASTLE_THROUGH_CHECK: u8 = 2;
pub const MUT_NO_UNDERPROMOTION: u8 = 4;
pub const MUT_PINNED_MOVE: u8 = 8;
pub const MUT_EP_IGNORES_PIN: u8 = 16;

/// Move flags (bits 12..16 of a compact move).
pub const F_NORMAL: u16 = 0;
pub const F_DOUBLE: u16 = 1;
pub const F_EP: u16 = 2;
pub const F_CASTLE: u16 = 3;
/// `F_PROMO + role - KNIGHT` for promotion to knight..queen.
pub const F_PROMO: u16 = 4;

/// A compact move: from (bits 0..6), to (6..12), flag (12..16).
pub type Mv = u16;

#[inline]
pub const fn mv(from: u32, to: u32, flag: u16) -> Mv {
    (from as u16) | ((to as u16) << 6) | (flag << 12)
}
#[inline]
pub const fn mv_from(m: Mv) -> u32 {
    (m & 63) as u32
}
#[inline]
pub const fn mv_to(m: Mv) -> u32 {
    ((m >> 6) & 63) as u32
}
#[inline]
pub const fn mv_flag(m: Mv) -> u16 {
    m >> 12
}
/// The promotion role of a move, if any.
#[inline]
pub const fn mv_promo(m: Mv) -> Option<usize> {
    if mv_flag(m) >= F_PROMO {
        Some((mv_flag(m) - F_PROMO) as usize + KNIGHT)
    } else {
        None
    }
}

/// Castling rights that survive a move touching each square: moving or
/// capturing on a king or rook home square clears the matching rights.
const CASTLE_KEEP: [u8; 64] = {
    let mut t = [0xfu8; 64];
    t[0] = !WQ & 0xf;
    t[4] = !(WK | WQ) & 0xf;
    t[7] = !WK & 0xf;
    t[56] = !BQ & 0xf;
    t[60] = !(BK | BQ) & 0xf;
    t[63] = !BK & 0xf;
    t
};

/// The position. Only [`super::fen::Setup::validate`] builds one from
/// outside, so move generation never sees an inconsistent state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    pub roles: [u64; 6],
    pub colors: [u64; 2],
    /// `WHITE` or `BLACK`.
    pub turn: usize,
    pub castling: u8,
    /// The square a pawn passed over with its last double step, or `NO_EP`.
    pub ep: u8,
    pub mutants: u8,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// How the generator hands moves to any core sink (a list, a count: bulk
/// counting at perft leaves, where no move is built, a first-move probe,
/// or `explain`'s collector of candidates). Each call passes the sink's
/// `Break` up; for sinks that never stop it folds away.
trait Sink {
    /// Moves of a piece (not a pawn) from `from` to each of `targets`.
    fn piece(&mut self, from: u32, targets: u64) -> Flow;
    /// Pawn moves to each of `targets`, from `to - delta`, with `flag`.
    fn pawns(&mut self, targets: u64, delta: i32, flag: u16) -> Flow;
    /// Promotions to each of `targets`, from `to - delta`: four moves each,
    /// or only the queen when `queen_only` (mutant `no-underpromotion`).
    fn promos(&mut self, targets: u64, delta: i32, queen_only: bool) -> Flow;
    fn one(&mut self, m: Mv) -> Flow;
    /// Candidates from `from` to each of `targets` that the generator
    /// discards, with why (`flag_of` gives each one's flag; a promotion
    /// flag stands for the four promotions, or the queen's only when
    /// `queen_only`). Does nothing unless the sink wants them
    /// ([`MoveSink::WANTS_REJECTED`]).
    fn discard(
        &mut self,
        from: u32,
        targets: u64,
        flag_of: impl Fn(u32) -> u16,
        queen_only: bool,
        why: impl Fn(u32) -> Rejection,
    );
}

impl<S: MoveSink<Mv>> Sink for S {
    #[inline]
    fn piece(&mut self, from: u32, targets: u64) -> Flow {
        if S::COUNTS_ONLY {
            return self.add_count(targets.count_ones() as u64);
        }
        for to in Bits(targets) {
            self.push(mv(from, to, F_NORMAL))?;
        }
        Flow::Continue(())
    }
    #[inline]
    fn pawns(&mut self, targets: u64, delta: i32, flag: u16) -> Flow {
        if S::COUNTS_ONLY {
            return self.add_count(targets.count_ones() as u64);
        }
        for to in Bits(targets) {
            self.push(mv((to as i32 - delta) as u32, to, flag))?;
        }
        Flow::Continue(())
    }
    #[inline]
    fn promos(&mut self, targets: u64, delta: i32, queen_only: bool) -> Flow {
        if S::COUNTS_ONLY {
            return self.add_count(targets.count_ones() as u64 * if queen_only { 1 } else { 4 });
        }
        for to in Bits(targets) {
            let from = (to as i32 - delta) as u32;
            if queen_only {
                self.push(mv(from, to, F_PROMO + (QUEEN - KNIGHT) as u16))?;
            } else {
                for r in 0..4 {
                    self.push(mv(from, to, F_PROMO + r))?;
                }
            }
        }
        Flow::Continue(())
    }
    #[inline]
    fn one(&mut self, m: Mv) -> Flow {
        self.push(m)
    }
    fn discard(
        &mut self,
        from: u32,
        targets: u64,
        flag_of: impl Fn(u32) -> u16,
        queen_only: bool,
        why: impl Fn(u32) -> Rejection,
    ) {
        if !S::WANTS_REJECTED {
            return;
        }
        for to in Bits(targets) {
            let flag = flag_of(to);
            if flag < F_PROMO {
                self.reject(mv(from, to, flag), why(to));
            } else if queen_only {
                self.reject(mv(from, to, F_PROMO + (QUEEN - KNIGHT) as u16), why(to));
            } else {
                for r in 0..4 {
                    self.reject(mv(from, to, F_PROMO + r), why(to));
                }
            }
        }
    }
}

/// Role names by role index.
pub const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

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
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub fn pieces(&self, color: usize, role: usize) -> u64 {
        self.colors[color] & self.roles[role]
    }

    /// The role on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: u32) -> Option<usize> {
        let b = bit(sq);
        if self.occupied() & b == 0 {
            return None;
        }
        (0..6).find(|&r| self.roles[r] & b != 0)
    }

    /// The color of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: u32) -> Option<usize> {
        let b = bit(sq);
        if self.colors[WHITE] & b != 0 {
            Some(WHITE)
        } else if self.colors[BLACK] & b != 0 {
            Some(BLACK)
        } else {
            None
        }
    }

    /// The king square of `color` (64 if there is none, which only a
    /// mutant can bring about).
    #[inline]
    pub fn king(&self, color: usize) -> u32 {
        self.pieces(color, KING).trailing_zeros()
    }

    /// Pieces of `by` that attack `sq` with occupancy `occ` (FIDE-1 piece moves).
    #[inline]
    pub fn attackers(&self, t: &Tables, sq: u32, by: usize, occ: u64) -> u64 {
        let them = self.colors[by];
        let s = sq as usize;
        ((t.pawn[by ^ 1][s] & self.roles[PAWN])
            | (t.knight[s] & self.roles[KNIGHT])
            | (t.king[s] & self.roles[KING])
            | (t.bishop(sq, occ) & (self.roles[BISHOP] | self.roles[QUEEN]))
            | (t.rook(sq, occ) & (self.roles[ROOK] | self.roles[QUEEN])))
            & them
    }

    /// Whether `by` attacks `sq` with occupancy `occ` (early exits).
    #[inline]
    pub fn attacked(&self, t: &Tables, sq: u32, by: usize, occ: u64) -> bool {
        let them = self.colors[by];
        let s = sq as usize;
        if t.knight[s] & self.roles[KNIGHT] & them != 0
            || t.pawn[by ^ 1][s] & self.roles[PAWN] & them != 0
            || t.king[s] & self.roles[KING] & them != 0
        {
            return true;
        }
        let bq = (self.roles[BISHOP] | self.roles[QUEEN]) & them;
        if bq != 0 && t.bishop(sq, occ) & bq != 0 {
            return true;
        }
        let rq = (self.roles[ROOK] | self.roles[QUEEN]) & them;
        rq != 0 && t.rook(sq, occ) & rq != 0
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        let k = self.king(self.turn);
        if k == 64 {
            return 0;
        }
        self.attackers(tables(), k, self.turn ^ 1, self.occupied())
    }

    /// Whether the side not to move is in check (an impossible position).
    pub fn opponent_in_check(&self) -> bool {
        let them = self.turn ^ 1;
        let k = self.king(them);
        k != 64 && self.attacked(tables(), k, self.turn, self.occupied())
    }

    /// Feeds the legal moves to `sink` (FIDE-1); stops when the sink
    /// answers `Break` and returns it. A sink that wants them
    /// ([`MoveSink::WANTS_REJECTED`], `explain`) also gets every candidate
    /// the generator discards, with the reason.
    #[inline]
    pub fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) -> Flow {
        let t = tables();
        if self.turn == WHITE {
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
        let us = if W { WHITE } else { BLACK };
        let them = us ^ 1;
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let kbb = self.roles[KING] & own;
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
            let snipers = ((t.rook(ksq, 0) & (self.roles[ROOK] | self.roles[QUEEN]))
                | (t.bishop(ksq, 0) & (self.roles[BISHOP] | self.roles[QUEEN])))
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
                    ROLE_NAMES[self.role_at(c).unwrap_or(PAWN)],
                    sq_name(c)
                ))
            } else {
                rejection(format!(
                    "leaves own king in check: the {} on {} is pinned to the king on {king}",
                    ROLE_NAMES[self.role_at(from).unwrap_or(PAWN)],
                    sq_name(from)
                ))
            }
        };

        // Knights (a pinned knight never moves).
        for from in Bits(self.roles[KNIGHT] & own & !pinned) {
            sink.piece(from, t.knight[from as usize] & tmask)?;
        }
        // Sliders; a pinned slider keeps to its pin line (and has no move
        // at all when in check).
        let diag = (self.roles[BISHOP] | self.roles[QUEEN]) & own;
        let orth = (self.roles[ROOK] | self.roles[QUEEN]) & own;
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
            for from in Bits((self.roles[KNIGHT] & own) | diag | orth) {
                let b = bit(from);
                let reach = if self.roles[KNIGHT] & b != 0 {
                    t.knight[from as usize]
                } else {
                    slides(from)
                } & !own;
                let kept = if pinned & b == 0 {
                    tmask
                } else if checkers == 0 && self.roles[KNIGHT] & b == 0 {
                    t.line[ks][from as usize]
                } else {
                    0
                };
                sink.discard(from, reach & !kept, |_| F_NORMAL, false, |to| why(from, to));
            }
        }

        // Pawns: set-wise for unpinned pawns; pinned ones one by one.
        let pawns = self.roles[PAWN] & own;
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
        let queen_only = self.mutants & MUT_NO_UNDERPROMOTION != 0;
        sink.pawns(single & !rank8, d_up, F_NORMAL)?;
        sink.pawns(double_step, 2 * d_up, F_DOUBLE)?;
        sink.pawns(left & !rank8, d_left, F_NORMAL)?;
        sink.pawns(right & !rank8, d_right, F_NORMAL)?;
        if (single | left | right) & rank8 != 0 {
            sink.promos(single & rank8, d_up, queen_only)?;
            sink.promos(left & rank8, d_left, queen_only)?;
            sink.promos(right & rank8, d_right, queen_only)?;
        }
        if S::WANTS_REJECTED {
            for from in Bits(pawns) {
                let b = bit(from);
                let s1 = up::<W>(b) & empty;
                let s2 = up::<W>(s1 & rank3) & empty;
                let reach = s1 | s2 | (t.pawn[us][from as usize] & enemy);
                let kept = if pinned & b == 0 {
                    tmask
                } else if checkers == 0 {
                    t.line[ks][from as usize]
                } else {
                    0
                };
                let flag_of = |to: u32| match bit(to) {
                    x if x & rank8 != 0 => F_PROMO,
                    x if x & s2 != 0 => F_DOUBLE,
                    _ => F_NORMAL,
                };
                sink.discard(from, reach & !kept, flag_of, queen_only, |to| why(from, to));
            }
        }

        // En passant: legal when the king is not attacked after both pawns
        // have left their squares (covers pins along the rank of the two
        // pawns, diagonal pins, and checks the capture does not answer).
        if self.ep != NO_EP && self.mutants & MUT_NO_EP == 0 {
            let ep = self.ep as u32;
            let cap = if W { ep - 8 } else { ep + 8 };
            for from in Bits(t.pawn[them][ep as usize] & pawns) {
                let legal = if self.mutants & MUT_EP_IGNORES_PIN != 0 {
                    // Misreading: only the ordinary pin and check masks apply.
                    let on_line =
                        pinned & bit(from) == 0 || t.line[ks][from as usize] & bit(ep) != 0;
                    let answers = checkers == 0 || (tmask & bit(ep)) != 0 || checkers == bit(cap);
                    on_line && answers
                } else {
                    let occ2 = (occ ^ bit(from) ^ bit(cap)) | bit(ep);
                    let rq = (self.roles[ROOK] | self.roles[QUEEN]) & enemy;
                    let bq = (self.roles[BISHOP] | self.roles[QUEEN]) & enemy;
                    t.rook(ksq, occ2) & rq == 0
                        && t.bishop(ksq, occ2) & bq == 0
                        && t.knight[ks] & self.roles[KNIGHT] & enemy == 0
                        && t.pawn[us][ks] & self.roles[PAWN] & enemy & !bit(cap) == 0
                };
                if legal {
                    sink.one(mv(from, ep, F_EP))?;
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
                    None => sink.one(mv(home, to, F_CASTLE))?,
                    Some(fault) if S::WANTS_REJECTED => {
                        sink.reject(mv(home, to, F_CASTLE), rejection(fault.reason(home)));
                    }
                    Some(_) => {}
                }
            }
        }
        Flow::Continue(())
    }

    /// Plays a move produced by [`Pos::generate`] (copy-make: the caller
    /// keeps the old position), telling `trace` the rule of each effect
    /// that happens (a capture, en passant, castling's rook, promotion:
    /// all FIDE-1). Perft passes `()`, for which the reports fold away.
    #[inline]
    pub fn make<T: Trace>(&mut self, m: Mv, trace: &mut T) {
        let (from, to, flag) = (mv_from(m), mv_to(m), mv_flag(m));
        let us = self.turn;
        let them = us ^ 1;
        let (fb, tb) = (bit(from), bit(to));
        let role = self.role_at(from).unwrap_or(PAWN);
        self.halfmove += 1;
        if self.colors[them] & tb != 0 {
            for r in &mut self.roles {
                *r &= !tb;
            }
            self.colors[them] ^= tb;
            self.halfmove = 0;
            trace.note("FIDE-1");
        }
        self.roles[role] ^= fb | tb;
        self.colors[us] ^= fb | tb;
        if role == PAWN {
            self.halfmove = 0;
        }
        self.ep = NO_EP;
        match flag {
            F_NORMAL => {}
            F_DOUBLE => self.ep = ((from + to) / 2) as u8,
            F_EP => {
                let cap = bit((from & 56) | (to & 7));
                self.roles[PAWN] ^= cap;
                self.colors[them] ^= cap;
                trace.note("FIDE-1");
            }
            F_CASTLE => {
                let (rf, rt) = if to > from {
                    (from + 3, from + 1)
                } else {
                    (from - 4, from - 1)
                };
                let rb = bit(rf) | bit(rt);
                self.roles[ROOK] ^= rb;
                self.colors[us] ^= rb;
                trace.note("FIDE-1");
            }
            _ => {
                let promo = (flag - F_PROMO) as usize + KNIGHT;
                self.roles[PAWN] ^= tb;
                self.roles[promo] ^= tb;
                trace.note("FIDE-1");
            }
        }
        self.castling &= CASTLE_KEEP[from as usize] & CASTLE_KEEP[to as usize];
        if us == BLACK {
            self.fullmove += 1;
        }
        self.turn = them;
    }
}
