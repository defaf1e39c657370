//! Position text of `fide` (G4, FIDE-1): FEN, parsed into a raw
//! [`Setup`], validated into a position (`Pos`), printed in canonical form.
//!
//! Accepted text: the six FEN fields separated by whitespace, or the first
//! four (the EPD form, counters then default to `0 1`):
//!
//! ```text
//! fen        = board SP turn SP castling SP ep [SP halfmove SP fullmove]
//! board      = rank 7("/" rank)          ; rank 8 first, 8 squares each
//! rank       = 1*(piece / digit1-8)
//! piece      = "P" / "N" / "B" / "R" / "Q" / "K" / "p" / "n" / "b" / "r" / "q" / "k"
//! turn       = "w" / "b"
//! castling   = "-" / 1*4("K" / "Q" / "k" / "q")   ; any order, no repeats
//! ep         = "-" / file rank                    ; e.g. e3
//! halfmove   = 1*DIGIT                            ; ≥ 0
//! fullmove   = 1*DIGIT                            ; ≥ 1
//! ```
//!
//! Validation (impossible positions, each error names its field): exactly
//! one king per side (board); at most 16 pieces and 8 pawns per side, and
//! no more promoted pieces (beyond 1 Q, 2 R, 2 B, 2 N) than missing pawns
//! (board; this also bounds the number of legal moves); no pawn on rank 1 or 8 (board); the side not
//! to move is not in check (board); each castling right needs its king on
//! e1/e8 and its rook on a1/h1/a8/h8 (castling); an en passant square lies
//! on rank 6 with White to move (rank 3 with Black), a pawn of the side
//! that just moved stands in front of it, and it and the square behind it
//! are empty (en passant).
//!
//! Canonical output: always six fields, castling in `KQkq` order, and the
//! en passant square kept whenever it is consistent (as given in the text,
//! and after every double step, whether or not a capture is possible).

use crate::core::bitboard::bit;
use crate::core::bitchess::{self, ChessPos, Layout};
use crate::core::chess::{BK, BQ, WK, WQ};
use crate::core::{Board, Color};

use super::position::{ByColor, ByRole, Pos, Role, NO_EP};

/// Whatever a FEN said, before any check of meaning ([`Setup::parse`],
/// then [`Setup::validate`] builds the `Pos`; shared with `capablanca`
/// in [`crate::core::bitchess`]).
pub type Setup = bitchess::Setup<Pos>;

/// The name of square index `sq` (`e4`).
pub fn sq_name(sq: u32) -> String {
    Pos::LAYOUT.sq_name(sq)
}

/// The canonical FEN of a position (see the module docs).
pub fn write(pos: &Pos) -> String {
    bitchess::write(pos)
}

impl ChessPos for Pos {
    /// FIDE-1: 8×8, 16 pieces and 8 pawns a side, king e1/e8, rooks on the
    /// corners, promotion to Q R B N.
    const LAYOUT: Layout<Role> = Layout {
        board: Board::CHESS,
        max_pieces: 16,
        max_pawns: 8,
        start: &[
            (Role::Knight, 2),
            (Role::Bishop, 2),
            (Role::Rook, 2),
            (Role::Queen, 1),
        ],
        castling: [
            (WK, 'K', Color::White, 4, 7),
            (WQ, 'Q', Color::White, 4, 0),
            (BK, 'k', Color::Black, 60, 63),
            (BQ, 'q', Color::Black, 60, 56),
        ],
        promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        move_style: "UCI long algebraic: e2e4, e7e8q",
    };

    fn empty(turn: Color, castling: u8, mutants: u8, halfmove: u32, fullmove: u32) -> Pos {
        Pos {
            roles: ByRole([0; 6]),
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
        Some(self.king(color)).filter(|&k| k < 64)
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
