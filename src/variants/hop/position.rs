//! The validated Hop Chess position ([`Hop`]): the 0x88 mailbox, the
//! two trampolines, the typed pieces (kind and colour bits, shared with
//! [`crate::core::chess`]) and playing a turn (HOP-2 … HOP-6).
//!
//! The board is a 0x88 mailbox indexed by `core::geometry::Square` (which
//! packs `rank * 16 + file`), so "off the board" is `sq & 0x88 != 0`.
//! Only [`super::notation::Setup::validate`] builds a position from
//! outside; the generator is in [`super::generate`], the moves in
//! [`super::moves`].

use super::moves::{PieceMove, Turn};
use super::HopRules;
use crate::core::{Color, Trace};

/// "No square" (a trampoline off the board, no en-passant square).
pub const NONE: u8 = 0xFF;

pub use crate::core::chess::{
    color_bit, kind, BISHOP, BK, BLACK, BQ, KING, KNIGHT, PAWN, QUEEN, ROOK, WK, WQ,
};

/// Whether `p` is a piece of colour `c` (0 is an empty square).
#[inline]
pub(crate) fn is_color(p: u8, c: Color) -> bool {
    p != 0 && (p & BLACK) == color_bit(c)
}
/// Whether the 0x88 index `sq` is on the board.
#[inline]
pub(crate) fn on_board(sq: u8) -> bool {
    sq & 0x88 == 0
}
/// The 0x88 square `d` steps away from `sq` (may be off the board).
#[inline]
pub(crate) fn offset(sq: u8, d: i8) -> u8 {
    sq.wrapping_add(d as u8)
}
/// The algebraic name of the 0x88 square `sq` (`e4`).
pub(crate) fn sq_name(sq: u8) -> String {
    crate::core::Square(sq).to_string()
}

/// The squares of the board as a 0x88 bit set (bit `sq` for `sq & 0x88 == 0`).
pub const BOARD: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;

/// The one-square 0x88 bit set of `sq`.
#[inline]
pub fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// Rook directions (0x88 offsets).
pub(crate) const ORTH: [i8; 4] = [16, 1, -16, -1];
/// Bishop directions (0x88 offsets).
pub(crate) const DIAG: [i8; 4] = [17, -15, -17, 15];
/// King steps (0x88 offsets).
pub(crate) const KING_STEPS: [i8; 8] = [16, 17, 1, -15, -16, -17, -1, 15];
/// Knight jumps (0x88 offsets).
pub(crate) const KNIGHT_STEPS: [i8; 8] = [33, 18, -14, -31, -33, -18, 14, 31];

/// A validated Hop Chess position (build it with
/// [`super::notation::parse_position`]).
#[derive(Clone, Hash, Debug, PartialEq, Eq)]
pub struct Hop {
    /// 0x88 mailbox.
    pub board: [u8; 128],
    /// Trampolines: index 0 White's, 1 Black's; [`NONE`] = off the board.
    pub tramp: [u8; 2],
    /// The side to move.
    pub turn: Color,
    /// Castling rights, as [`WK`] / [`WQ`] / [`BK`] / [`BQ`] bits.
    pub castling: u8,
    /// En-passant target square (only after a single-leg double step, HOP-7).
    pub ep: u8,
    /// Halfmove clock (plies since the last capture or pawn move).
    pub halfmove: u32,
    /// Fullmove number (starts at 1, grows after Black's turn).
    pub fullmove: u32,
    /// The kings' squares: index 0 White's, 1 Black's.
    pub king: [u8; 2],
    /// The occupied squares, one bit per 0x88 index (`1 << sq`).
    pub occ: u128,
    /// The rules (mutants) this game is played under.
    pub rules: HopRules,
}

/// Index of colour `c` in per-side arrays: 0 White, 1 Black.
#[inline]
pub(crate) fn side(c: Color) -> usize {
    if c.is_white() {
        0
    } else {
        1
    }
}

impl Hop {
    /// The forward step of a colour's pawns.
    #[inline]
    pub fn fwd(c: Color) -> i8 {
        if c.is_white() {
            16
        } else {
            -16
        }
    }
    /// Index 0/1 of the trampoline on `sq`, if any.
    #[inline]
    pub fn tramp_at(&self, sq: u8) -> Option<usize> {
        if self.tramp[0] == sq {
            Some(0)
        } else if self.tramp[1] == sq {
            Some(1)
        } else {
            None
        }
    }
    /// HOP-2: White's very first turn of the game has no placement;
    /// recognised as White to move, move number 1, White's trampoline off
    /// the board \[ruling\].
    #[inline]
    pub fn first_turn(&self) -> bool {
        self.turn == Color::White
            && self.fullmove == 1
            && self.tramp[0] == NONE
            && !self.rules.first_turn_placement
    }

    /// Plays a turn (HOP-2): the piece move, then the placement; the turn
    /// passes.
    #[inline]
    pub fn play_turn(&mut self, t: &Turn) {
        self.play_traced(t, &mut ());
    }

    /// [`Hop::play_turn`], reporting to `trace` every rule whose effect
    /// happens during the piece move ([`Hop::apply_piece_traced`]); the
    /// one `play` (`explain` passes a [`crate::core::RuleLog`]).
    pub fn play_traced<T: Trace>(&mut self, t: &Turn, trace: &mut T) {
        self.apply_piece_traced(&t.piece, trace);
        if t.place != NONE {
            self.tramp[side(self.turn)] = t.place;
        }
        if !self.turn.is_white() {
            self.fullmove += 1;
        }
        self.turn = self.turn.other();
    }
    /// Plays the piece move (not the placement); the turn does not change.
    #[inline]
    pub fn apply_piece(&mut self, pm: &PieceMove) {
        self.apply_piece_traced(pm, &mut ());
    }

    /// [`Hop::apply_piece`], reporting to `trace` every rule whose effect
    /// happens, in order: each hop (HOP-3; the second, HOP-3.1), a
    /// promotion where it happens (HOP-6), castling (HOP-4, with its
    /// HOP-7 conditions), en passant taken or made possible by a
    /// single-leg double step (HOP-5).
    pub fn apply_piece_traced<T: Trace>(&mut self, pm: &PieceMove, trace: &mut T) {
        let us = self.turn;
        let s = side(us);
        let from = pm.from();
        let to = pm.to();
        let mut p = self.board[from as usize];
        self.board[from as usize] = 0;
        self.occ &= !bit(from);
        let was_pawn = kind(p) == PAWN;
        self.ep = NONE;
        if pm.castle != NONE {
            trace.note("HOP-4");
            trace.note("HOP-7");
            let rook = self.board[pm.castle as usize];
            self.board[pm.castle as usize] = 0;
            self.board[to as usize] = p;
            let rook_to = if pm.castle & 7 == 7 {
                from + 1
            } else {
                from - 1
            };
            self.board[rook_to as usize] = rook;
            self.occ = self.occ & !bit(pm.castle) | bit(to) | bit(rook_to);
            self.king[s] = to;
            self.castling &= if us.is_white() {
                !(WK | WQ)
            } else {
                !(BK | BQ)
            };
            self.halfmove += 1;
            return;
        }
        for (i, &sq) in pm.path[1..pm.len as usize - 1].iter().enumerate() {
            if sq == pm.promo_at {
                trace.note("HOP-6");
            }
            trace.note("HOP-3");
            if i == 1 {
                trace.note("HOP-3.1");
            }
        }
        if pm.promo != 0 && pm.promo_at == to {
            trace.note("HOP-6");
        }
        if pm.ep {
            trace.note("HOP-5");
            let victim = offset(to, -Hop::fwd(us));
            self.board[victim as usize] = 0;
            self.occ &= !bit(victim);
        }
        if pm.promo != 0 {
            p = pm.promo | color_bit(us);
        }
        self.board[to as usize] = p;
        self.occ |= bit(to);
        if kind(p) == KING {
            self.king[s] = to;
        }
        for sq in [from, to] {
            self.castling &= match sq {
                0x04 => !(WK | WQ),
                0x07 => !WK,
                0x00 => !WQ,
                0x74 => !(BK | BQ),
                0x77 => !BK,
                0x70 => !BQ,
                _ => 0xFF,
            };
        }
        // HOP-5 / HOP-7: the en-passant square only after a single-leg double step.
        if was_pawn && pm.len == 2 && (to as i16 - from as i16).abs() == 32 {
            trace.note("HOP-5");
            self.ep = offset(from, Hop::fwd(us));
        }
        if was_pawn || pm.capture {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
    }

    /// The position after the piece move `pm`, before the placement.
    #[inline]
    pub(crate) fn after_piece(&self, pm: &PieceMove) -> Hop {
        let mut c = self.clone();
        c.apply_piece(pm);
        c
    }
    /// Whether `sq` is on the last rank for colour `c`'s pawns (HOP-6).
    #[inline]
    pub(crate) fn last_rank(&self, sq: u8, c: Color) -> bool {
        (sq >> 4) == if c.is_white() { 7 } else { 0 }
    }
    /// Rank counted from `c`'s side, 0-based.
    #[inline]
    pub fn board_relative_rank(&self, sq: u8, c: Color) -> u8 {
        if c.is_white() {
            sq >> 4
        } else {
            7 - (sq >> 4)
        }
    }
}
