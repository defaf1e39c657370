//! Texts of `capablanca` (G4, CAP-1): the position text (FEN on 10 files)
//! parsed into a raw [`Setup`], validated into a [`Pos`], printed in
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

use crate::core::chess::{castling_field, parse_castling};
use crate::core::notation::{
    parse_board_field, parse_counter, parse_turn, turn_char, write_board_field,
};
use crate::core::{Board, Color, Field, MoveError, PositionError, Square};

use super::position::{
    bit, Bits, ByColor, ByRole, Pos, Role, BK, BQ, N, NO_EP, RANK_1, RANK_8, W, WK, WQ,
};

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

fn sq_index(s: Square) -> u32 {
    s.rank() as u32 * W + s.file() as u32
}

/// Whatever a FEN said, before any check of meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// `(color, role)` per square, index `rank * 10 + file`.
    pub(crate) board: [Option<(Color, Role)>; N],
    /// The side to move.
    pub(crate) turn: Color,
    /// Castling rights as written (bit set, see [`crate::core::chess::parse_castling`]).
    pub(crate) castling: u8,
    /// The en passant target square, if any.
    pub(crate) ep: Option<u32>,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
}

impl Setup {
    /// Parses a FEN of 10 files (syntax only).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] naming the field.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let names = [
            Field::Board,
            Field::Turn,
            Field::Castling,
            Field::EnPassant,
            Field::Halfmove,
            Field::Fullmove,
        ];
        match fields.len() {
            0 => return Err(PositionError::syntax(Field::Board, "empty position text")),
            1..=3 => return Err(PositionError::syntax(names[fields.len()], "missing")),
            5 => {
                return Err(PositionError::syntax(
                    Field::Fullmove,
                    "missing (give both counters or neither)",
                ))
            }
            n if n > 6 => {
                return Err(PositionError::syntax(
                    Field::Fields,
                    format!("{n} fields (expected 4 or 6)"),
                ))
            }
            _ => {}
        }
        let (b, cells) = parse_board_field(fields[0])?;
        if b != BOARD {
            return Err(PositionError::syntax(
                Field::Board,
                format!("{}x{} board (expected 10x8)", b.width, b.height),
            ));
        }
        let mut board = [None; N];
        for c in cells {
            let mut chars = c.token.chars();
            let ch = chars.next().unwrap_or(' ');
            let role = Role::from_letter(ch.to_ascii_uppercase());
            match role {
                Some(r) if chars.next().is_none() => {
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    board[sq_index(c.square) as usize] = Some((color, r));
                }
                _ => {
                    return Err(PositionError::syntax(
                        Field::Board,
                        format!(
                            "'{}' on {} is not a piece (expected one of PNBRQKACpnbrqkac)",
                            c.token, c.square
                        ),
                    ))
                }
            }
        }
        let turn = parse_turn(fields[1])?;
        let castling = parse_castling(fields[2])?;
        let ep = if fields[3] == "-" {
            None
        } else {
            let s = BOARD.parse_square(fields[3]).ok_or_else(|| {
                PositionError::syntax(
                    Field::EnPassant,
                    format!("expected '-' or a square a1..j8, found '{}'", fields[3]),
                )
            })?;
            Some(sq_index(s))
        };
        let (halfmove, fullmove) = if fields.len() == 6 {
            (
                parse_counter(Field::Halfmove, fields[4], 0)?,
                parse_counter(Field::Fullmove, fields[5], 1)?,
            )
        } else {
            (0, 1)
        };
        Ok(Setup {
            board,
            turn,
            castling,
            ep,
            halfmove,
            fullmove,
        })
    }

    /// Checks the meaning and builds the position; `mutants` are the
    /// active mutant flags.
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming the field (see the module docs).
    pub fn validate(&self, mutants: u8) -> Result<Pos, PositionError> {
        let mut pos = Pos {
            roles: ByRole([0; 8]),
            colors: ByColor([0; 2]),
            turn: self.turn,
            castling: self.castling,
            ep: NO_EP,
            mutants,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        for (i, p) in self.board.iter().enumerate() {
            if let Some((c, r)) = *p {
                pos.roles[r] |= bit(i as u32);
                pos.colors[c] |= bit(i as u32);
            }
        }
        for c in Color::BOTH {
            let (n, name) = (pos.pieces(c, Role::King).count_ones(), c.name());
            if n != 1 {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("{n} {name} kings (exactly one needed)"),
                ));
            }
        }
        for c in Color::BOTH {
            let name = c.name();
            let count = |r: Role| pos.pieces(c, r).count_ones();
            let pawns = count(Role::Pawn);
            let promoted: u32 = [
                (Role::Knight, 2),
                (Role::Bishop, 2),
                (Role::Rook, 2),
                (Role::Queen, 1),
                (Role::Archbishop, 1),
                (Role::Chancellor, 1),
            ]
            .iter()
            .map(|&(r, start)| count(r).saturating_sub(start))
            .sum();
            if pos.colors[c].count_ones() > 20 || pawns > 10 || promoted > 10 - pawns {
                return Err(PositionError::invalid(
                    Field::Board,
                    format!("too much {name} material (more than 20 pieces, 10 pawns, or promoted pieces than missing pawns)"),
                ));
            }
        }
        if let Some(sq) = Bits(pos.roles[Role::Pawn] & (RANK_1 | RANK_8)).next() {
            return Err(PositionError::invalid(
                Field::Board,
                format!("pawn on {} (no pawn may stand on rank 1 or 8)", sq_name(sq)),
            ));
        }
        if pos.opponent_in_check() {
            let side = self.turn.other().name();
            return Err(PositionError::invalid(
                Field::Board,
                format!("the side not to move ({side}) is in check"),
            ));
        }
        for (right, letter, color, king, rook) in [
            (WK, 'K', Color::White, 5, 9),
            (WQ, 'Q', Color::White, 5, 0),
            (BK, 'k', Color::Black, 75, 79),
            (BQ, 'q', Color::Black, 75, 70),
        ] {
            if self.castling & right == 0 {
                continue;
            }
            if pos.pieces(color, Role::King) & bit(king) == 0 {
                return Err(PositionError::invalid(
                    Field::Castling,
                    format!("right '{letter}' but the king is not on {}", sq_name(king)),
                ));
            }
            if pos.pieces(color, Role::Rook) & bit(rook) == 0 {
                return Err(PositionError::invalid(
                    Field::Castling,
                    format!("right '{letter}' but no rook on {}", sq_name(rook)),
                ));
            }
        }
        if let Some(ep) = self.ep {
            let name = sq_name(ep);
            let (rank, pawn_sq, origin) = if self.turn == Color::White {
                (5, ep.wrapping_sub(W), ep + W)
            } else {
                (2, ep + W, ep.wrapping_sub(W))
            };
            let mover = self.turn.other();
            if ep / W != rank {
                return Err(PositionError::invalid(
                    Field::EnPassant,
                    format!(
                        "{name} is not on rank {} (the side to move is {})",
                        rank + 1,
                        self.turn.name()
                    ),
                ));
            }
            if pos.pieces(mover, Role::Pawn) & bit(pawn_sq) == 0 {
                return Err(PositionError::invalid(
                    Field::EnPassant,
                    format!(
                        "no pawn of the side that just moved on {}",
                        sq_name(pawn_sq)
                    ),
                ));
            }
            if pos.occupied() & (bit(ep) | bit(origin)) != 0 {
                return Err(PositionError::invalid(
                    Field::EnPassant,
                    format!(
                        "{name} and {} must be empty after a double step",
                        sq_name(origin)
                    ),
                ));
            }
            pos.ep = ep as u8;
        }
        Ok(pos)
    }
}

/// The canonical FEN of a position (see the module docs).
pub fn write(pos: &Pos) -> String {
    let board = write_board_field(BOARD, |s| {
        let i = sq_index(s);
        let l = pos.role_at(i)?.letter();
        Some(
            if pos.colors[Color::White] & bit(i) != 0 {
                l
            } else {
                l.to_ascii_lowercase()
            }
            .to_string(),
        )
    });
    let ep = if pos.ep == NO_EP {
        "-".to_string()
    } else {
        sq_name(pos.ep as u32)
    };
    let turn = turn_char(pos.turn);
    format!(
        "{board} {turn} {} {ep} {} {}",
        castling_field(pos.castling),
        pos.halfmove,
        pos.fullmove
    )
}

/// Parses a move text (CAP-1, UCI-like): `e2e4`, `a7a8c`. Returns (from,
/// to, promotion role).
///
/// # Errors
/// [`MoveError::Syntax`] saying what is wrong.
pub fn parse_move(text: &str) -> Result<(u32, u32, Option<Role>), MoveError> {
    let b = text.as_bytes();
    let sq = |i: usize| -> Option<u32> {
        let f = b.get(i)?.checked_sub(b'a').filter(|&f| f < 10)?;
        let r = b.get(i + 1)?.checked_sub(b'1').filter(|&r| r < 8)?;
        Some(r as u32 * W + f as u32)
    };
    let bad = |m: &str| MoveError::syntax(text, format!("{m} (UCI-like: e2e4, f1i1, a7a8c)"));
    if !(4..=5).contains(&b.len()) {
        return Err(bad("expected 4 or 5 characters"));
    }
    let from = sq(0).ok_or_else(|| bad("no square a1..j8 at the start"))?;
    let to = sq(2).ok_or_else(|| bad("no destination square a1..j8"))?;
    let promo = match b.get(4) {
        None => None,
        Some(b'q') => Some(Role::Queen),
        Some(b'r') => Some(Role::Rook),
        Some(b'b') => Some(Role::Bishop),
        Some(b'n') => Some(Role::Knight),
        Some(b'a') => Some(Role::Archbishop),
        Some(b'c') => Some(Role::Chancellor),
        Some(_) => return Err(bad("promotion letter must be q, r, b, n, a or c")),
    };
    if from == to {
        return Err(bad("start and destination are the same square"));
    }
    Ok((from, to, promo))
}
