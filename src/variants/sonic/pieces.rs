//! Piece codes and the cell byte of the mailbox.
//!
//! A cell is one byte: bits 0–2 the piece kind (0 = no piece), bit 3 the
//! colour (set = Black), bit 4 [`WITH_KNIGHT`]: the piece is a compound
//! of its bits-0–2 slider and a knight (SCA-12: archbishop = B + N,
//! chancellor = R + N, amazon = Q + N), bit 7 a spring under whatever
//! stands there (SCA-4.4: the spring stays under a piece). The mailbox is
//! indexed by [`Square`](crate::core::Square)'s byte (`rank * 16 + file`),
//! so every board up to 16×16 shares one array (other boards use their own
//! cell indices < 256, see [`super::geometry`]).
//!
//! # Parts (SCA-12)
//!
//! A piece moves in each turn as exactly one of its *parts*: R, B, Q and N
//! as themselves, a compound as its slider or as its knight, kept for the
//! whole move. The walker ([`super::walker`]) is handed a part code: the
//! part's kind (R, B, Q or N) with [`WITH_KNIGHT`] set when the mover is
//! a compound (so the compound's slider part of an archbishop is
//! [`ARCHBISHOP`] itself, its knight part `KNIGHT | WITH_KNIGHT`); a
//! plain piece's part code is its kind. [`parts`] lists them.

pub use crate::core::chess::{color as color_of, BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK};

use crate::core::chess::{self, color_bit};
use crate::core::Color;

/// A cell with no piece and no spring.
pub const EMPTY: u8 = 0;
/// The spring bit of a cell (SCA-1, SCA-7).
pub(crate) const SPRING: u8 = 0x80;
/// Kind and colour bits of a cell.
pub const PIECE_MASK: u8 = 0x1f;
/// Kind bit: the piece also moves as a knight (SCA-12).
pub const WITH_KNIGHT: u8 = 0x10;
/// Archbishop `A/a`: bishop + knight (SCA-12).
pub const ARCHBISHOP: u8 = BISHOP | WITH_KNIGHT;
/// Chancellor `C/c`: rook + knight (SCA-12).
pub const CHANCELLOR: u8 = ROOK | WITH_KNIGHT;
/// Amazon `M/m`: queen + knight (SCA-12).
pub const AMAZON: u8 = QUEEN | WITH_KNIGHT;
/// The compounds in the order of the `compounds=` letters and of the
/// promotion choices (A, C, M; SCA-12).
pub const COMPOUNDS: [u8; 3] = [ARCHBISHOP, CHANCELLOR, AMAZON];

/// The kind of a piece byte (0 = no piece), compounds included.
#[inline]
pub fn kind(p: u8) -> u8 {
    p & 0x17
}

/// The piece byte of `kind` and `c`.
#[inline]
pub fn piece(kind: u8, c: Color) -> u8 {
    kind | color_bit(c)
}

/// Whether `kind` is a compound (SCA-12).
#[inline]
pub fn is_compound(kind: u8) -> bool {
    kind & WITH_KNIGHT != 0
}

/// The parts a piece of `kind` may move as (see the module docs): R, B,
/// Q, N themselves; a compound its slider, then its knight (SCA-12).
/// Empty for pawns and kings.
#[inline]
pub fn parts(kind: u8) -> &'static [u8] {
    PARTS[(kind & 0x17) as usize]
}

/// [`parts`] by kind (a table: it is asked once per piece per node).
static PARTS: [&[u8]; 0x18] = {
    const N_OF: u8 = KNIGHT | WITH_KNIGHT;
    let mut t: [&[u8]; 0x18] = [&[]; 0x18];
    t[KNIGHT as usize] = &[KNIGHT];
    t[BISHOP as usize] = &[BISHOP];
    t[ROOK as usize] = &[ROOK];
    t[QUEEN as usize] = &[QUEEN];
    t[ARCHBISHOP as usize] = &[ARCHBISHOP, N_OF];
    t[CHANCELLOR as usize] = &[CHANCELLOR, N_OF];
    t[AMAZON as usize] = &[AMAZON, N_OF];
    t
};

/// The plain kind a part code moves as: R, B, Q or N (SCA-12).
#[inline]
pub fn part_kind(part: u8) -> u8 {
    part & 7
}

/// R, B, Q, N and the compounds: the pieces the walker moves.
#[inline]
pub fn is_walker(kind: u8) -> bool {
    matches!(kind & 7, KNIGHT | BISHOP | ROOK | QUEEN)
}

/// FEN letter of a piece (upper case = White): `PNBRQK`, and `ACM` for
/// the compounds (SCA-12).
pub fn letter(p: u8) -> char {
    let l = match kind(p) {
        ARCHBISHOP => 'a',
        CHANCELLOR => 'c',
        AMAZON => 'm',
        _ => return chess::letter(p & 0x0f),
    };
    if color_of(p).is_white() {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

/// Piece byte of a FEN letter: `PNBRQK` / `pnbrqk`, and the compounds
/// `ACM` / `acm` (SCA-12; whether they are in play is checked later).
pub fn from_letter(c: char) -> Option<u8> {
    let k = match c.to_ascii_lowercase() {
        'a' => ARCHBISHOP,
        'c' => CHANCELLOR,
        'm' => AMAZON,
        _ => return chess::from_letter(c),
    };
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(piece(k, color))
}

/// The name of a piece kind, for messages.
pub fn name(kind: u8) -> &'static str {
    match kind {
        PAWN => "pawn",
        KNIGHT => "knight",
        BISHOP => "bishop",
        ROOK => "rook",
        QUEEN => "queen",
        KING => "king",
        ARCHBISHOP => "archbishop",
        CHANCELLOR => "chancellor",
        AMAZON => "amazon",
        _ => "piece",
    }
}

/// The mailbox: one cell per square byte.
pub type Cells = [u8; 256];

/// Whether the cell holds a piece.
#[inline]
pub(crate) fn has_piece(cell: u8) -> bool {
    cell & 7 != 0
}

/// Whether the cell holds a spring.
#[inline]
pub(crate) fn is_spring(cell: u8) -> bool {
    cell & SPRING != 0
}

/// R, B, Q: the kinds that spindash (SCA-4); a compound spindashes as
/// its slider part (SCA-12).
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

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "pictures")]
    #[allow(unused_imports)]
    use crate::core::Draw as _;
    #[allow(unused_imports)]
    use crate::core::{Explain as _, Game as _, Notation as _};

    #[test]
    fn letters_round_trip() {
        for ch in "PNBRQKACMpnbrqkacm".chars() {
            let p = from_letter(ch).unwrap();
            assert_eq!(letter(p), ch);
            assert!(has_piece(p));
        }
        assert_eq!(from_letter('X'), None);
        assert_eq!(kind(from_letter('c').unwrap()), CHANCELLOR);
        assert_eq!(color_of(from_letter('m').unwrap()), Color::Black);
    }

    #[test]
    fn compound_parts() {
        assert_eq!(
            parts(ARCHBISHOP)
                .iter()
                .map(|&p| part_kind(p))
                .collect::<Vec<_>>(),
            [BISHOP, KNIGHT]
        );
        assert_eq!(
            parts(AMAZON)
                .iter()
                .map(|&p| part_kind(p))
                .collect::<Vec<_>>(),
            [QUEEN, KNIGHT]
        );
        assert!(parts(CHANCELLOR).iter().all(|&p| is_compound(p)));
        assert!(parts(KNIGHT).iter().all(|&p| !is_compound(p)));
        assert!(parts(PAWN).is_empty() && parts(KING).is_empty());
    }
}
