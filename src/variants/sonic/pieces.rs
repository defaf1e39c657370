//! Piece codes and the cell byte of the mailbox.
//!
//! A cell is one byte: bits 0–2 the piece kind (0 = no piece), bit 3 the
//! colour (set = Black), bit 7 a spring under whatever stands there
//! (SCA-4.4: the spring stays under a piece). The mailbox is indexed by
//! [`Square`](crate::core::Square)'s byte (`rank * 16 + file`), so every board up to 16×16
//! shares one array (other boards use their own cell indices < 256, see
//! [`super::geometry`]).

pub use crate::core::chess::{
    color as color_of, from_letter, kind, letter, make as piece, BISHOP, BLACK, KING, KNIGHT, PAWN,
    QUEEN, ROOK,
};

pub const EMPTY: u8 = 0;
pub const SPRING: u8 = 0x80;
pub const PIECE_MASK: u8 = 0x0f;

/// The mailbox: one cell per square byte.
pub type Cells = [u8; 256];

#[inline]
pub fn has_piece(cell: u8) -> bool {
    cell & 7 != 0
}

#[inline]
pub fn is_spring(cell: u8) -> bool {
    cell & SPRING != 0
}

/// R, B, Q: the pieces that spindash (SCA-4).
#[inline]
pub fn is_ranged(kind: u8) -> bool {
    matches!(kind, BISHOP | ROOK | QUEEN)
}

/// What a moving R, B, Q or N finds on a square (SCA-3, SCA-4, SCA-7,
/// SCA-9).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seen {
    /// Off the board.
    Off,
    /// Nothing: no piece, no spring.
    Empty,
    /// A friendly piece (also one standing on a spring): blocks.
    Friendly,
    /// An enemy piece other than the king: captured, the mover bounces.
    Enemy,
    /// A bare spring: treated as an enemy piece that is never removed.
    Spring,
    /// The enemy king: hit (SCA-9), treated like a bare spring for the rest
    /// of the move.
    King,
}

impl Seen {
    /// Something the mover captures or hits and bounces off (SCA-4).
    #[inline]
    pub fn bounces(self) -> bool {
        matches!(self, Seen::Enemy | Seen::Spring | Seen::King)
    }
    /// Off the board or friendly: the mover stops before it.
    #[inline]
    pub fn blocks(self) -> bool {
        matches!(self, Seen::Off | Seen::Friendly)
    }
}

impl Seen {
    /// What a moving R, B, Q or N whose colour bit is `me` finds in cell
    /// byte `c`. `springs_block` is the mutant reading of springs as
    /// obstacles.
    #[inline]
    pub fn of(c: u8, me: u8, springs_block: bool) -> Seen {
        if has_piece(c) {
            if c & BLACK == me {
                Seen::Friendly
            } else if kind(c) == KING {
                Seen::King
            } else {
                Seen::Enemy
            }
        } else if is_spring(c) {
            if springs_block {
                Seen::Friendly
            } else {
                Seen::Spring
            }
        } else {
            Seen::Empty
        }
    }
}
