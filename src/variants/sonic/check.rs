//! Check (SCA-10): a king is in check when the opponent, if it were his
//! turn, would have a move that captures or hits it — full SCA moves,
//! bounces and continuations included, endless branches (SCA-5) excluded.
//! Check matters only for castling (SCA-8) and the form change (SCA-8.1):
//! the king never has to escape and may move into attack.
//!
//! Pawns and the king are looked up directly (a pawn capture or a king
//! leap onto the king's square); knights, ranged pieces and compounds ask
//! the walker ([`Walker::piece_checks`](super::walker::Walker::piece_checks))
//! whether some branch hits the king — for a compound, a branch of any of
//! its parts (SCA-12).

use crate::core::{Color, Dir, Square};

use super::eggman::reaches;
use super::pieces::{color_of, has_piece, is_walker, kind, piece, PAWN, PIECE_MASK};
use super::position::Sonic;

impl Sonic {
    /// Whether `side` could capture or hit the other side's king (SCA-10),
    /// whoever is to move.
    pub fn attacks_king(&self, side: Color) -> bool {
        let Some(target) = self.kings[side.other() as usize] else {
            return false;
        };
        if pawn_attacks(self, side, target) {
            return true;
        }
        // The king in its current form captures by displacement.
        if let (Some(k), Some(f)) = (self.kings[side as usize], self.forms[side as usize].current) {
            if reaches(self.board, f, k, target) {
                return true;
            }
        }
        let mut w = self.walker(side);
        self.board.squares().any(|sq| {
            let c = self.cells[sq.0 as usize];
            has_piece(c)
                && color_of(c) == side
                && is_walker(kind(c))
                && w.piece_checks(sq.0, kind(c), target.0)
        })
    }

    /// Whether the side to move's king is in check (SCA-10).
    pub fn in_check(&self) -> bool {
        self.attacks_king(self.turn.other())
    }
}

/// The squares from which a pawn of `side` would capture on `target`.
pub(crate) fn pawn_squares(pos: &Sonic, side: Color, target: Square) -> [Option<Square>; 2] {
    let back: i8 = if side.is_white() { -1 } else { 1 };
    [-1, 1].map(|df| target.offset(Dir::new(df, back), pos.board))
}

/// Whether a pawn of `side` stands where it would capture on `target`
/// (on `cells`).
pub(crate) fn pawn_attacks(pos: &Sonic, side: Color, target: Square) -> bool {
    let pawn = piece(PAWN, side);
    pawn_squares(pos, side, target)
        .iter()
        .flatten()
        .any(|s| pos.cells[s.0 as usize] & PIECE_MASK == pawn)
}
