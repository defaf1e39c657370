//! Chess piece codes and FEN fields shared by the chess-based games
//! (sonic, hop, crazy), and the typed orthodox pieces ([`Role`],
//! [`ByRole`]) of the bitboard games (fide, glinski; `ByRole` also holds
//! capablanca's eight kinds).
//!
//! A piece is one byte: the kind in bits 0–2 ([`PAWN`] … [`KING`], 0 = no
//! piece), the colour in bit 3 ([`BLACK`] set = Black). Games may use the
//! higher bits for their own marks (a spring under a piece, a risen
//! bishop); every function here looks only at bits 0–3.

use std::ops::{Index, IndexMut};

use super::color::Color;
use super::error::Field;
use super::error::PositionError;

/// Kind code of a pawn.
pub const PAWN: u8 = 1;
/// Kind code of a knight.
pub const KNIGHT: u8 = 2;
/// Kind code of a bishop.
pub const BISHOP: u8 = 3;
/// Kind code of a rook.
pub const ROOK: u8 = 4;
/// Kind code of a queen.
pub const QUEEN: u8 = 5;
/// Kind code of a king.
pub const KING: u8 = 6;
/// Colour bit of a piece byte.
pub const BLACK: u8 = 8;

/// The kind of a piece byte (0 = no piece).
#[inline]
pub fn kind(p: u8) -> u8 {
    p & 7
}

/// The colour of a piece byte.
#[inline]
pub fn color(p: u8) -> Color {
    if p & BLACK != 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The colour bit for `c`.
#[inline]
pub fn color_bit(c: Color) -> u8 {
    if c.is_white() {
        0
    } else {
        BLACK
    }
}

/// The piece byte of `kind` and `c`.
#[inline]
pub fn make(kind: u8, c: Color) -> u8 {
    kind | color_bit(c)
}

/// FEN letter of a piece (upper case = White).
pub fn letter(p: u8) -> char {
    let l = match kind(p) {
        PAWN => 'p',
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        QUEEN => 'q',
        KING => 'k',
        _ => '?',
    };
    if color(p).is_white() {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

/// Piece byte of a FEN letter (`PNBRQK` White, `pnbrqk` Black).
pub fn from_letter(c: char) -> Option<u8> {
    let k = match c.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    let c = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(make(k, c))
}

/// Castling-right bit of the FEN castling field: `K`, White king side.
pub const WK: u8 = 1;
/// Castling-right bit: `Q`, White queen side.
pub const WQ: u8 = 2;
/// Castling-right bit: `k`, Black king side.
pub const BK: u8 = 4;
/// Castling-right bit: `q`, Black queen side.
pub const BQ: u8 = 8;

/// Parses the FEN castling field: `-` or a subset of `KQkq`, each once.
///
/// # Errors
/// Another letter, or a letter given twice (field `castling`).
pub fn parse_castling(field: &str) -> Result<u8, PositionError> {
    let mut rights = 0u8;
    if field == "-" {
        return Ok(0);
    }
    if field.is_empty() {
        return Err(PositionError::syntax(Field::Castling, "empty (use '-')"));
    }
    for ch in field.chars() {
        let bit = match ch {
            'K' => WK,
            'Q' => WQ,
            'k' => BK,
            'q' => BQ,
            _ => {
                return Err(PositionError::syntax(
                    Field::Castling,
                    format!("'{ch}' is not one of KQkq"),
                ))
            }
        };
        if rights & bit != 0 {
            return Err(PositionError::syntax(
                Field::Castling,
                format!("'{ch}' given twice"),
            ));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// The FEN castling field of `rights` (`KQkq` order, `-` when none).
pub fn castling_field(rights: u8) -> String {
    let s: String = [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')]
        .iter()
        .filter(|(b, _)| rights & b != 0)
        .map(|&(_, c)| c)
        .collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for c in "PNBRQKpnbrqk".chars() {
            assert_eq!(from_letter(c).map(letter), Some(c));
        }
        assert_eq!(from_letter('x'), None);
        assert_eq!(letter(make(KING, Color::Black) | 0x80), 'k');
    }

    #[test]
    fn castling_fields() {
        for f in ["-", "K", "Qk", "KQkq"] {
            assert_eq!(castling_field(parse_castling(f).unwrap()), f);
        }
        assert!(parse_castling("KK").is_err());
        assert!(parse_castling("X").is_err());
        assert!(parse_castling("").is_err());
    }
}

/// A kind of orthodox chess piece: fide's typed pieces, shared by the
/// games whose pieces are the orthodox six (FIDE-1, GLN-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// The pawn.
    Pawn,
    /// The knight.
    Knight,
    /// The bishop.
    Bishop,
    /// The rook.
    Rook,
    /// The queen.
    Queen,
    /// The king.
    King,
}

impl Role {
    /// Every role, pawn first (the order of [`ByRole`]).
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The FEN letter of the role (upper case, as White's).
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of an upper-case FEN letter.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c)
    }

    /// The role's name in messages (`knight`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A kind of piece of a bitboard chess game, with its FEN letter.
pub trait ChessRole: Copy + Eq + std::fmt::Debug + 'static {
    /// Every kind, in the order of their indices (and of the letters the
    /// FEN error messages list).
    const ALL: &'static [Self];
    /// The number of kinds.
    const COUNT: usize = Self::ALL.len();
    /// The pawn.
    const PAWN: Self;
    /// The king.
    const KING: Self;
    /// The rook (castling's partner).
    const ROOK: Self;
    /// The index of the kind (its place in [`ChessRole::ALL`]).
    fn index(self) -> usize;
    /// The FEN letter (upper case, as White's).
    fn letter(self) -> char;
    /// The kind of an upper-case FEN letter.
    fn from_letter(c: char) -> Option<Self> {
        Self::ALL.iter().copied().find(|r| r.letter() == c)
    }
}

impl ChessRole for Role {
    const ALL: &'static [Role] = &Role::ALL;
    const PAWN: Role = Role::Pawn;
    const KING: Role = Role::King;
    const ROOK: Role = Role::Rook;
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
    fn letter(self) -> char {
        Role::letter(self)
    }
}

/// One value per piece kind, indexed by it: by [`Role`] for the orthodox
/// six (`N` = 6), by a game's own kinds for games with more (capablanca's
/// eight). Indexing by kinds of another count does not compile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ByRole<T, const N: usize = 6>(pub [T; N]);

impl<T: Default + Copy, const N: usize> Default for ByRole<T, N> {
    fn default() -> Self {
        ByRole([T::default(); N])
    }
}

impl<T, R: ChessRole, const N: usize> Index<R> for ByRole<T, N> {
    type Output = T;
    #[inline(always)]
    fn index(&self, r: R) -> &T {
        const { assert!(R::COUNT == N, "ByRole indexed by kinds of another count") };
        &self.0[r.index()]
    }
}

impl<T, R: ChessRole, const N: usize> IndexMut<R> for ByRole<T, N> {
    #[inline(always)]
    fn index_mut(&mut self, r: R) -> &mut T {
        const { assert!(R::COUNT == N, "ByRole indexed by kinds of another count") };
        &mut self.0[r.index()]
    }
}
