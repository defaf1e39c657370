//! The validated chess position and its legal move generator (FIDE-1).
//!
//! State is eight bitboards plus side to move, castling rights, en passant
//! square, the two move counters and the active mutant flags: about 90
//! bytes, copied per node (copy-make). Moves are private `u16`s inside
//! perft (no allocation per node: a fixed array per ply) and become
//! [`crate::core::Move`] only at the API boundary.
//!
//! Legality is decided without making the move: check mask (the squares
//! that capture or block a single checker), pin lines (a pinned piece
//! stays on the line through its king), king steps tested against
//! attacks with the king lifted off the board, and en passant tested by
//! recomputing slider attacks after removing both pawns (the horizontal
//! pin case: king and enemy rook on the rank of the two pawns).

use crate::core::bitboard::{
    bit, tables, Bits, Tables, FILE_A, FILE_H, RANK_1, RANK_3, RANK_6, RANK_8,
};
use crate::core::MoveSink;

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

/// How the generator hands moves to any core sink (a list, or only a
/// count: bulk counting at perft leaves, where no move is built).
trait Sink {
    /// Moves of a piece (not a pawn) from `from` to each of `targets`.
    fn piece(&mut self, from: u32, targets: u64);
    /// Pawn moves to each of `targets`, from `to - delta`, with `flag`.
    fn pawns(&mut self, targets: u64, delta: i32, flag: u16);
    /// Promotions to each of `targets`, from `to - delta`: four moves each,
    /// or only the queen when `queen_only` (mutant `no-underpromotion`).
    fn promos(&mut self, targets: u64, delta: i32, queen_only: bool);
    fn one(&mut self, m: Mv);
}

impl<S: MoveSink<Mv>> Sink for S {
    #[inline]
    fn piece(&mut self, from: u32, targets: u64) {
        if S::COUNTS_ONLY {
            self.add_count(targets.count_ones() as u64);
        } else {
            for to in Bits(targets) {
                self.push(mv(from, to, F_NORMAL));
            }
        }
    }
    #[inline]
    fn pawns(&mut self, targets: u64, delta: i32, flag: u16) {
        if S::COUNTS_ONLY {
            self.add_count(targets.count_ones() as u64);
        } else {
            for to in Bits(targets) {
                self.push(mv((to as i32 - delta) as u32, to, flag));
            }
        }
    }
    #[inline]
    fn promos(&mut self, targets: u64, delta: i32, queen_only: bool) {
        if S::COUNTS_ONLY {
            self.add_count(targets.count_ones() as u64 * if queen_only { 1 } else { 4 });
            return;
        }
        for to in Bits(targets) {
            let from = (to as i32 - delta) as u32;
            if queen_only {
                self.push(mv(from, to, F_PROMO + (QUEEN - KNIGHT) as u16));
            } else {
                for r in 0..4 {
                    self.push(mv(from, to, F_PROMO + r));
                }
            }
        }
    }
    #[inline]
    fn one(&mut self, m: Mv) {
        self.push(m);
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

    /// Feeds the legal moves to `sink` (FIDE-1).
    #[inline]
    pub fn generate<S: MoveSink<Mv>>(&self, sink: &mut S) {
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
        self.generate(&mut v);
        v
    }

    /// The legal move generator (FIDE-1), for the side `W` (true = White).
    #[inline(always)]
    fn gen<const W: bool, S: Sink>(&self, t: &Tables, sink: &mut S) {
        let us = if W { WHITE } else { BLACK };
        let them = us ^ 1;
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let kbb = self.roles[KING] & own;
        if kbb == 0 {
            return; // only reachable under a mutant that lets a king be taken
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
            }
        }
        sink.piece(ksq, ktargets);
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: only the king moves
        }
        let tmask = if checkers == 0 {
            !own
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

        // Knights (a pinned knight never moves).
        for from in Bits(self.roles[KNIGHT] & own & !pinned) {
            sink.piece(from, t.knight[from as usize] & tmask);
        }
        // Sliders; a pinned slider keeps to its pin line (and has no move
        // at all when in check).
        let diag = (self.roles[BISHOP] | self.roles[QUEEN]) & own;
        let orth = (self.roles[ROOK] | self.roles[QUEEN]) & own;
        for from in Bits((diag | orth) & !pinned) {
            let b = bit(from);
            let mut a = 0;
            if diag & b != 0 {
                a |= t.bishop(from, occ);
            }
            if orth & b != 0 {
                a |= t.rook(from, occ);
            }
            sink.piece(from, a & tmask);
        }
        if checkers == 0 {
            for from in Bits((diag | orth) & pinned) {
                let b = bit(from);
                let mut a = 0;
                if diag & b != 0 {
                    a |= t.bishop(from, occ);
                }
                if orth & b != 0 {
                    a |= t.rook(from, occ);
                }
                sink.piece(from, a & !own & t.line[ks][from as usize]);
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
        let mut double = up::<W>(single & rank3) & empty;
        let mut left = up::<W>((free & !FILE_A) >> 1) & enemy;
        let mut right = up::<W>((free & !FILE_H) << 1) & enemy;
        if checkers == 0 {
            for from in Bits(pawns & pinned) {
                let line = t.line[ks][from as usize];
                let b = bit(from);
                let s1 = up::<W>(b) & empty & line;
                single |= s1;
                double |= up::<W>(s1 & rank3) & empty;
                left |= up::<W>((b & !FILE_A) >> 1) & enemy & line;
                right |= up::<W>((b & !FILE_H) << 1) & enemy & line;
            }
        }
        single &= tmask;
        double &= tmask;
        left &= tmask;
        right &= tmask;
        let queen_only = self.mutants & MUT_NO_UNDERPROMOTION != 0;
        sink.pawns(single & !rank8, d_up, F_NORMAL);
        sink.pawns(double, 2 * d_up, F_DOUBLE);
        sink.pawns(left & !rank8, d_left, F_NORMAL);
        sink.pawns(right & !rank8, d_right, F_NORMAL);
        if (single | left | right) & rank8 != 0 {
            sink.promos(single & rank8, d_up, queen_only);
            sink.promos(left & rank8, d_left, queen_only);
            sink.promos(right & rank8, d_right, queen_only);
        }

        // En passant: legal when the king is not attacked after both pawns
        // have left their squares (covers pins along the rank of the two
        // pawns, diagonal pins, and checks the capture does not answer).
        if self.ep != NO_EP && self.mutants & MUT_NO_EP == 0 {
            let ep = self.ep as u32;
            let cap = if W { ep - 8 } else { ep + 8 };
            for from in Bits(t.pawn[them][ep as usize] & pawns) {
                if self.mutants & MUT_EP_IGNORES_PIN != 0 {
                    // Misreading: only the ordinary pin and check masks apply.
                    let on_line =
                        pinned & bit(from) == 0 || t.line[ks][from as usize] & bit(ep) != 0;
                    let answers = checkers == 0 || (tmask & bit(ep)) != 0 || checkers == bit(cap);
                    if on_line && answers {
                        sink.one(mv(from, ep, F_EP));
                    }
                    continue;
                }
                let occ2 = (occ ^ bit(from) ^ bit(cap)) | bit(ep);
                let rq = (self.roles[ROOK] | self.roles[QUEEN]) & enemy;
                let bq = (self.roles[BISHOP] | self.roles[QUEEN]) & enemy;
                let safe = t.rook(ksq, occ2) & rq == 0
                    && t.bishop(ksq, occ2) & bq == 0
                    && t.knight[ks] & self.roles[KNIGHT] & enemy == 0
                    && t.pawn[us][ks] & self.roles[PAWN] & enemy & !bit(cap) == 0;
                if safe {
                    sink.one(mv(from, ep, F_EP));
                }
            }
        }

        // Castling: right kept (king and rook unmoved), squares between
        // empty, king not in check, transit and destination not attacked.
        if checkers == 0 && self.castling != 0 {
            let (kside, qside, home) = if W { (WK, WQ, 4) } else { (BK, BQ, 60) };
            let through = self.mutants & MUT_CASTLE_THROUGH_CHECK == 0;
            if self.castling & kside != 0
                && occ & (bit(home + 1) | bit(home + 2)) == 0
                && !(through && self.attacked(t, home + 1, them, occ))
                && !self.attacked(t, home + 2, them, occ)
            {
                sink.one(mv(home, home + 2, F_CASTLE));
            }
            if self.castling & qside != 0
                && occ & (bit(home - 1) | bit(home - 2) | bit(home - 3)) == 0
                && !(through && self.attacked(t, home - 1, them, occ))
                && !self.attacked(t, home - 2, them, occ)
            {
                sink.one(mv(home, home - 2, F_CASTLE));
            }
        }
    }

    /// Plays a move produced by [`Pos::generate`] (copy-make: the caller
    /// keeps the old position).
    #[inline]
    pub fn make(&mut self, m: Mv) {
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
            }
            _ => {
                let promo = (flag - F_PROMO) as usize + KNIGHT;
                self.roles[PAWN] ^= tb;
                self.roles[promo] ^= tb;
            }
        }
        self.castling &= CASTLE_KEEP[from as usize] & CASTLE_KEEP[to as usize];
        if us == BLACK {
            self.fullmove += 1;
        }
        self.turn = them;
    }
}
