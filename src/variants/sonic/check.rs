//! Check (SCA-10): a king is in check when the opponent, if it were his
//! turn, would have a move that captures or hits it — full SCA moves,
//! bounces and continuations included, endless branches (SCA-5) excluded.
//! Check matters only for castling (SCA-8) and the form change (SCA-8.1):
//! the king never has to escape and may move into attack.

use crate::core::{Color, Dir};

use super::eggman::reaches;
use super::pieces::{color_of, has_piece, is_ranged, kind, KNIGHT, PAWN};
use super::position::Position;
use super::spindash::{self, Scratch};
use super::tails;

impl Position {
    /// Whether `side` could capture or hit the other side's king (SCA-10),
    /// whoever is to move.
    pub fn attacks_king(&self, side: Color) -> bool {
        let Some(target) = self.kings[side.other() as usize] else {
            return false;
        };
        let board = self.board;
        // Pawns capture diagonally forward.
        let back: i8 = if side.is_white() { -1 } else { 1 };
        for df in [-1, 1] {
            if let Some(s) = target.offset(Dir::new(df, back), board) {
                let c = self.cells[s.0 as usize];
                if has_piece(c) && color_of(c) == side && kind(c) == PAWN {
                    return true;
                }
            }
        }
        // The king in its current form captures by displacement.
        if let (Some(k), Some(f)) = (self.kings[side as usize], self.forms[side as usize].current) {
            if reaches(board, f, k, target) {
                return true;
            }
        }
        // Knights and ranged pieces: any capture branch that hits the king
        // and is not endless.
        let ctx = self.ctx(side);
        let mut sc = Scratch::new(&self.cells);
        let direct_only = self.rules.direct_check_only;
        let mut hit = |t: &spindash::Trace| {
            t.hits > 0 && !t.endless && (!direct_only || t.path.get(1) == Some(&target))
        };
        for sq in board.squares() {
            let c = self.cells[sq.0 as usize];
            if !has_piece(c) || color_of(c) != side {
                continue;
            }
            let k = kind(c);
            let found = if k == KNIGHT {
                tails::moves(&ctx, &mut sc, sq, false, &mut hit)
            } else if is_ranged(k) {
                spindash::moves(&ctx, &mut sc, sq, false, &mut hit)
            } else {
                false
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Whether the side to move's king is in check (SCA-10).
    pub fn in_check(&self) -> bool {
        self.attacks_king(self.turn.other())
    }
}
