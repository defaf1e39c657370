//! Texts of `capablanca` (G4, CAP-1): the position text (FEN on 10 files)
//! parsed into a raw [`Setup`], validated into a position (`Pos`), printed in
//! canonical form; and the UCI-like move text.
//!
//! Accepted position text: the six FEN fields separated by whitespace, or
//! the first four (counters then default to `0 1`):
//!
//! ```text
//! fen        = board SP turn SP castling SP ep [SP halfmove SP fullmove]
//! board      = rank 7("/" rank)          ; rank 8 first, 10 squares each
//! rank       = 1*(piece / count)         ; count 1..10 ("10" = ten empty squares)
//! piece      = "P" / "N" / "B" / "R" / "Q" / "K" / "A" / "C"   ; and lower case
//! turn       = "w" / "b"
//! castling   = "-" / 1*4("K" / "Q" / "k" / "q")   ; any order, no repeats
//! ep         = "-" / file rank                    ; file a..j, e.g. e3
//! halfmove   = 1*DIGIT                            ; ≥ 0
//! fullmove   = 1*DIGIT                            ; ≥ 1
//! ```
//!
//! Validation (each error names its field): exactly one king per side; at
//! most 20 pieces and 10 pawns per side and no more promoted pieces
//! (beyond 2 N, 2 B, 2 R, 1 Q, 1 A, 1 C) than missing pawns; no pawn on
//! rank 1 or 8; the side not to move is not in check (board); each
//! castling right needs its king on f1/f8 and its rook on j1/a1/j8/a8
//! (castling); an en passant square lies on rank 6 with White to move
//! (rank 3 with Black), a pawn of the side that just moved stands in front
//! of it, and it and the square behind it are empty (en passant).
//!
//! Canonical output: six fields, castling in `KQkq` order, the en passant
//! square written after every double step.
//!
//! Move text (CAP-1): `from` `to` and, for a promotion, the new piece's
//! lower-case letter `q r b n a c`: `e2e4`, `a7a8c`; castling as the
//! king's move `f1i1` / `f1c1`.

use crate::core::bitchess::{self, ChessPos, Layout};
use crate::core::{Board, Color, MoveError, Square};

use super::moves::PROMOTIONS;
use super::position::{bit, ByColor, ByRole, Pos, Role, BK, BQ, NO_EP, W, WK, WQ};

/// The board of CAP-1.
pub const BOARD: Board = Board {
    width: 10,
    height: 8,
};

/// The name of square index `sq` (`e4`, `j8`).
pub fn sq_name(sq: u32) -> String {
    core_sq(sq).to_string()
}

/// Square index → core square.
pub fn core_sq(sq: u32) -> Square {
    Square::new((sq % W) as u8, (sq / W) as u8)
}

/// Whatever a FEN said, before any check of meaning ([`Setup::parse`],
/// then [`Setup::validate`] builds the `Pos`; shared with `fide` in
/// [`crate::core::bitchess`]).
pub type Setup = bitchess::Setup<Pos>;

/// The canonical FEN of a position (see the module docs).
pub fn write(pos: &Pos) -> String {
    bitchess::write(pos)
}

/// Parses a move text (CAP-1, UCI-like): `e2e4`, `a7a8c`. Returns (from,
/// to, promotion role).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move(text: &str) -> Result<(u32, u32, Option<Role>), MoveError> {
    bitchess::parse_move::<Pos>(text)
}

impl ChessPos for Pos {
    /// CAP-1: 10×8, 20 pieces and 10 pawns a side, king f1/f8, rooks on
    /// the corners, promotion to Q R B N A C.
    const LAYOUT: Layout<Role> = Layout {
        board: BOARD,
        max_pieces: 20,
        max_pawns: 10,
        start: &[
            (Role::Knight, 2),
            (Role::Bishop, 2),
            (Role::Rook, 2),
            (Role::Queen, 1),
            (Role::Archbishop, 1),
            (Role::Chancellor, 1),
        ],
        castling: [
            (WK, 'K', Color::White, 5, 9),
            (WQ, 'Q', Color::White, 5, 0),
            (BK, 'k', Color::Black, 75, 79),
            (BQ, 'q', Color::Black, 75, 70),
        ],
        promotions: &PROMOTIONS,
        move_style: "UCI-like: e2e4, f1i1, a7a8c",
    };

    fn empty(turn: Color, castling: u8, mutants: u8, halfmove: u32, fullmove: u32) -> Pos {
        Pos {
            roles: ByRole([0; 8]),
            colors: ByColor([0; 2]),
            turn,
            castling,
            ep: NO_EP,
            mutants,
            halfmove,
            fullmove,
        }
    }
    fn put(&mut self, sq: u32, color: Color, role: Role) {
        self.roles[role] |= bit(sq);
        self.colors[color] |= bit(sq);
    }
    fn set_ep(&mut self, sq: u32) {
        self.ep = sq as u8;
    }
    fn opponent_checked(&self) -> bool {
        self.opponent_in_check()
    }
    fn in_check(&self) -> bool {
        self.checkers() != 0
    }
    fn king_on(&self, color: Color) -> Option<u32> {
        Some(self.king(color)).filter(|&k| (k as usize) < super::position::N)
    }
    fn to_move(&self) -> Color {
        self.turn
    }
    fn castling_rights(&self) -> u8 {
        self.castling
    }
    fn ep_square(&self) -> Option<u32> {
        (self.ep != NO_EP).then_some(self.ep as u32)
    }
    fn counters(&self) -> (u32, u32) {
        (self.halfmove, self.fullmove)
    }
}
