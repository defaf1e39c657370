//! The validated `fide` position (FIDE-1): its state, the typed pieces
//! ([`Role`], [`Color`]) and playing a move (copy-make).
//!
//! State is eight bitboards plus side to move, castling rights, en passant
//! square, the two move counters and the active mutant flags: about 90
//! bytes, copied per node (copy-make). The legal move generator is in
//! [`super::generate`], the compact move in [`super::moves`].

use crate::core::bitboard::{bit, tables, Tables};
use crate::core::{Color, Trace};

use super::moves::{
    mv_flag, mv_from, mv_to, promotion_role, Mv, F_CASTLE, F_DOUBLE, F_EP, F_NORMAL,
};

use crate::core::bitchess::piece_sets;
pub use crate::core::bitchess::PieceSets;
pub use crate::core::chess::{ByRole, Role};
pub use crate::core::ByColor;

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

/// The position. Only [`super::notation::Setup::validate`] builds one
/// from outside, so move generation never sees an inconsistent state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    /// The squares of each role's pieces, both sides.
    pub roles: ByRole<u64>,
    /// The squares of each side's pieces.
    pub colors: ByColor<u64>,
    /// The side to move.
    pub turn: Color,
    pub castling: u8,
    /// The square a pawn passed over with its last double step, or `NO_EP`.
    pub ep: u8,
    pub mutants: u8,
    pub halfmove: u32,
    pub fullmove: u32,
}

piece_sets!(Pos, u64, Role);

impl Pos {
    /// The king square of `color` (64 if there is none, which only a
    /// mutant can bring about).
    #[inline]
    pub fn king(&self, color: Color) -> u32 {
        self.pieces(color, Role::King).trailing_zeros()
    }

    /// Pieces of `by` that attack `sq` with occupancy `occ` (FIDE-1 piece moves).
    #[inline]
    pub fn attackers(&self, t: &Tables, sq: u32, by: Color, occ: u64) -> u64 {
        let them = self.colors[by];
        let s = sq as usize;
        ((t.pawn[by.other().index()][s] & self.roles[Role::Pawn])
            | (t.knight[s] & self.roles[Role::Knight])
            | (t.king[s] & self.roles[Role::King])
            | (t.bishop(sq, occ) & (self.roles[Role::Bishop] | self.roles[Role::Queen]))
            | (t.rook(sq, occ) & (self.roles[Role::Rook] | self.roles[Role::Queen])))
            & them
    }

    /// Whether `by` attacks `sq` with occupancy `occ` (early exits).
    #[inline]
    pub fn attacked(&self, t: &Tables, sq: u32, by: Color, occ: u64) -> bool {
        let them = self.colors[by];
        let s = sq as usize;
        if t.knight[s] & self.roles[Role::Knight] & them != 0
            || t.pawn[by.other().index()][s] & self.roles[Role::Pawn] & them != 0
            || t.king[s] & self.roles[Role::King] & them != 0
        {
            return true;
        }
        let bq = (self.roles[Role::Bishop] | self.roles[Role::Queen]) & them;
        if bq != 0 && t.bishop(sq, occ) & bq != 0 {
            return true;
        }
        let rq = (self.roles[Role::Rook] | self.roles[Role::Queen]) & them;
        rq != 0 && t.rook(sq, occ) & rq != 0
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        let k = self.king(self.turn);
        if k == 64 {
            return 0;
        }
        self.attackers(tables(), k, self.turn.other(), self.occupied())
    }

    /// Whether the side not to move is in check (an impossible position).
    pub fn opponent_in_check(&self) -> bool {
        let them = self.turn.other();
        let k = self.king(them);
        k != 64 && self.attacked(tables(), k, self.turn, self.occupied())
    }

    /// Plays a move produced by [`Pos::generate`] (copy-make: the caller
    /// keeps the old position), telling `trace` the rule of each effect
    /// that happens (a capture, en passant, castling's rook, promotion:
    /// all FIDE-1). Perft passes `()`, for which the reports fold away.
    #[inline]
    pub fn make<T: Trace>(&mut self, m: Mv, trace: &mut T) {
        let (from, to, flag) = (mv_from(m), mv_to(m), mv_flag(m));
        let us = self.turn;
        let them = us.other();
        let (fb, tb) = (bit(from), bit(to));
        let role = self.role_at(from).unwrap_or(Role::Pawn);
        self.halfmove += 1;
        if self.colors[them] & tb != 0 {
            for r in &mut self.roles.0 {
                *r &= !tb;
            }
            self.colors[them] ^= tb;
            self.halfmove = 0;
            trace.note("FIDE-1");
        }
        self.roles[role] ^= fb | tb;
        self.colors[us] ^= fb | tb;
        if role == Role::Pawn {
            self.halfmove = 0;
        }
        self.ep = NO_EP;
        match flag {
            F_NORMAL => {}
            F_DOUBLE => self.ep = ((from + to) / 2) as u8,
            F_EP => {
                let cap = bit((from & 56) | (to & 7));
                self.roles[Role::Pawn] ^= cap;
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
                self.roles[Role::Rook] ^= rb;
                self.colors[us] ^= rb;
                trace.note("FIDE-1");
            }
            _ => {
                let promo = promotion_role(flag);
                self.roles[Role::Pawn] ^= tb;
                self.roles[promo] ^= tb;
                trace.note("FIDE-1");
            }
        }
        self.castling &= CASTLE_KEEP[from as usize] & CASTLE_KEEP[to as usize];
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = them;
    }
}
