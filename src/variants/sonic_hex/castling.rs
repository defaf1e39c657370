//! Castling on Shafran's board (SCA-13.1 with SHF-1) and the attack test
//! it needs (SCA-10).
//!
//! SHF-1's long and short castlings with either rook, each from a right of
//! the position's castling field (`AIai`), kept only while king and rook
//! never left their start cells ([`SonicHex::apply_traced`]). Conditions:
//! the cells between king and rook hold no piece (springs do not block);
//! the king is not attacked (SCA-10: the opponent, were it his turn, would
//! have a move capturing or hitting it) on its start cell (the current
//! position), on each cell it passes over (two for long, one for short:
//! the king moved there, the rook unmoved) nor on its destination (the
//! position after castling) — SCA-8's three tests; the rook's path is not
//! tested. King and rook may land on springs; castling never bounces.

use crate::core::hex::Cells as Bits;
use crate::core::{Color, Flow, MoveSink};
use crate::variants::sonic::pieces::{color_of, has_piece, is_walker, kind, piece, PAWN};

use super::moves::HexMove;
use super::position::SonicHex;

impl SonicHex {
    /// Every castling of the side to move (SCA-13.1; see the module docs).
    #[inline(never)]
    pub(crate) fn castlings<S: MoveSink<HexMove>>(&self, sink: &mut S) -> Flow {
        let me = self.turn;
        let occ = self.occupied();
        let mut start_checked: Option<bool> = None;
        for (i, c) in self.rules.base().castlings.iter().enumerate() {
            if c.color != me || self.castling & c.right == 0 {
                continue;
            }
            if occ & c.between != 0 {
                continue;
            }
            // Start: the current position.
            let attacked = *start_checked.get_or_insert_with(|| self.attacks_king(me.other()));
            if attacked {
                return Flow::Continue(());
            }
            for (long, (k_to, r_to, passed)) in [(true, c.long), (false, c.short)] {
                // Transit: the king moved onto each passed-over cell, the
                // rook unmoved.
                let transit_attacked = Bits(passed).any(|cell| {
                    let mut q = self.clone();
                    let k = q.take(c.king);
                    q.put(cell as u8, k);
                    q.attacks_king(me.other())
                });
                if transit_attacked && !self.rules.castle_through_attack {
                    continue;
                }
                // Destination: the position after castling.
                let mut q = self.clone();
                let k = q.take(c.king);
                let r = q.take(c.rook);
                q.put(k_to, k);
                q.put(r_to, r);
                if q.attacks_king(me.other()) {
                    continue;
                }
                sink.push(HexMove::castle(c.king, k_to, i, long))?;
            }
        }
        Flow::Continue(())
    }

    /// Whether `side` could capture or hit the other side's king (SCA-10),
    /// whoever is to move: a pawn capture or king step onto it, or a
    /// branch of a knight, rook, bishop or queen (bounces and Tails
    /// continuations included, endless ones not) that hits it.
    pub(crate) fn attacks_king(&self, side: Color) -> bool {
        let target = self.kings[side.other()];
        if target == 0 {
            return false;
        }
        let base = self.rules.base();
        let mode = base.captures ^ usize::from(self.rules.diagonal_pawn_captures);
        let pawn = piece(PAWN, side);
        if Bits(base.pawn_attacks(mode, side.other(), target as usize))
            .any(|from| self.cells[from] & crate::variants::sonic::pieces::PIECE_MASK == pawn)
        {
            return true;
        }
        let king = self.kings[side];
        if king != 0 && crate::core::hex::KING[king as usize] & (1u128 << target) != 0 {
            return true;
        }
        let mut w = self.walker(side);
        Bits(self.occ[side] & !self.pawns).any(|from| {
            let c = self.cells[from];
            has_piece(c)
                && color_of(c) == side
                && is_walker(kind(c))
                && w.piece_checks(from as u8, kind(c), target)
        })
    }
}
